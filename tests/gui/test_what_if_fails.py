"""What If This Fails on the canvas and the N-1 ranking in the Resilience panel, on the
issue's 2N layout: four NVL72 (132 kW each) on an A and a B busway of 800 A at 415 V."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsPolygonItem

from designer.core.document import operations as ops
from designer.core.examples._common import busway, new_document
from designer.core.resilience.impact import LOSSES
from tests.core.resilience.helpers import eight_on_two_cdus, hall_of
from tests.gui.conftest import wait_checked
from tests.gui.helpers import on_screen


@pytest.fixture
def two_n():
    doc = new_document("2N", "")
    _, hall = hall_of(doc)
    racks = ops.place_row(doc, hall, "nvidia-gb200-nvl72", 2_000, 3_000, 4, 0, label_prefix="NVL-")
    a = busway(doc, hall, "Busway A", 800, "A", 2_900, 2_000, 4_400)
    b = busway(doc, hall, "Busway B", 800, "B", 2_800, 2_000, 4_400)
    ops.assign_feeds(doc, racks, [a, b])
    return doc, a, b


def hatched_halls(scene):
    """The halls of the site map hatched over at their centre, as a what-if marks them."""
    return {
        hall_id
        for hall_id, b in scene.blocks.items()
        for item in scene.items(b.mapToScene(b.polygon().boundingRect().center()))
        if isinstance(item, QGraphicsPolygonItem)
        and item.brush().style() == Qt.BrushStyle.BDiagPattern
    }


def _what_if_from_menu(window, qtbot, x_mm, y_mm):
    """Right-click the canvas at (x, y) mm and choose What If This Fails."""
    view = window.view
    menu = view.menu_at(on_screen(view, x_mm, y_mm))
    (action,) = [a for a in menu.actions() if a.text().replace("&", "") == "What If This Fails"]
    assert action.isEnabled()
    action.trigger()
    qtbot.waitUntil(lambda: window.resilience.overlay.impact is not None, timeout=15_000)
    return window.resilience.overlay.impact


def test_losing_busway_a_leaves_every_rack_powered_and_b_over_its_limit(make_window, qtbot, two_n):
    doc, a, _b = two_n
    window = make_window(document=doc)
    wait_checked(qtbot, window)
    impact = _what_if_from_menu(window, qtbot, 3_000, 2_900)
    assert impact.failed == (a,)
    assert window.editor.selection.ids == [a]
    panel = window.resilience.panel
    figures = panel.figures.toPlainText()
    assert "No rack loses power, cooling or connectivity." in figures
    # 4 x 132 kW = 528 kW on B, over 0.8 x sqrt(3) x 415 V x 800 A = 460 kW continuous
    assert "Busway B (feed) carries 528 kW, over its limit of 460 kW" in figures
    assert "accelerators up: 288 of 288 (100 %)" in figures
    assert "Busway A" in panel.title.text()
    colouring = window.jobs_dock.widget().colouring
    assert colouring.layer.isVisible()
    # every rack stands unaffected (the pale colour, -1)
    assert [code for code, _ in colouring.layer.geometry.groups] == [-1]

    # the Utilisation bars show the loads after the failure, marked as the what-if's
    dashboard = window.dashboard
    assert _bar(dashboard, "Busway B") == "115 %  528 / 460 kW"
    assert _bar(dashboard, "Busway A") == "down"
    assert dashboard.note.text().startswith("<b>What if Busway A fails:</b> the loads after")

    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.resilience.overlay.impact is None
    assert not colouring.layer.isVisible()
    assert window.view.legend is None
    assert not panel.figures.isVisible()
    # the design's bars again: each busway sized to carry the four racks alone
    assert _bar(dashboard, "Busway A") == "115 %  528 / 460 kW"
    assert "What if" not in dashboard.note.text()


def _bar(dashboard, name):
    """The figure the Utilisation chart prints right of the bar called ``name``."""
    return dashboard.texts[dashboard.names.index(name)]


def test_the_surviving_cdu_carries_the_eight_racks_on_the_utilisation_bars(make_window, qtbot):
    """Eight NVL72 on two in-row CDUs of 1,368 kW (four racks each) in one N+1 group."""
    doc, _racks, cdu_a, _cdu_b, _group = eight_on_two_cdus()
    window = make_window(document=doc)
    wait_checked(qtbot, window)
    dashboard = window.dashboard
    # four racks of 132 kW x 0.87 = 459.36 kW, whose coolant at 1.2 L/min per kW is 551 of
    # the 1,200 L/min the CDU pumps (46 %, fuller than 459.36 of 1,368 kW)
    assert _bar(dashboard, "CDU-B") == "46 %  551 / 1,200 L/min"
    window.resilience.what_if([cdu_a])
    qtbot.waitUntil(lambda: window.resilience.overlay.impact is not None, timeout=15_000)
    # CDU-B carries all eight: 918.72 kW, 1,102.46 of 1,200 L/min (92 %)
    assert _bar(dashboard, "CDU-B") == "92 %  1,102 / 1,200 L/min"
    assert _bar(dashboard, "CDU-A") == "down"
    # the group against the CDU left up: 918.72 of 1,368 kW (67 %)
    assert _bar(dashboard, "CDUs") == "67 %  919 / 1,368 kW"
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert _bar(dashboard, "CDU-B") == "46 %  551 / 1,200 L/min"


def test_losing_both_busways_lights_up_the_four_racks_without_power(make_window, qtbot, two_n):
    doc, a, b = two_n
    window = make_window(document=doc)
    wait_checked(qtbot, window)
    window.editor.selection.set([a, b])
    impact = _what_if_from_menu(window, qtbot, 3_000, 2_800)
    assert set(impact.failed) == {a, b}
    groups = dict(window.jobs_dock.widget().colouring.layer.geometry.groups)
    assert list(groups) == [LOSSES.index("power")] and len(groups[LOSSES.index("power")]) == 4
    panel = window.resilience.panel
    # the legend strip names the colour
    assert [e.text for e in window.view.legend] == ["No power (4 racks)", "Unaffected"]
    assert "4 racks (288 accelerators) lose power: NVL-01, NVL-02, NVL-03, NVL-04" in (
        panel.figures.toPlainText()
    )
    assert "accelerators up: 0 of 288 (0 %)" in panel.figures.toPlainText()
    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.jobs_dock.widget().colouring.racks is None


def test_the_n_minus_1_ranking_goes_to_its_components(make_window, qtbot, two_n):
    doc, a, _b = two_n
    window = make_window(document=doc)
    resilience = window.resilience
    resilience.dock.show()
    resilience.dock.raise_()
    panel = resilience.panel
    qtbot.waitUntil(lambda: panel.table.rowCount() == 4, timeout=15_000)
    # the only hall and site are not ranked (their loss is everything); each busway pushes
    # the other over its limit
    names = [panel.table.item(row, 1).text() for row in range(4)]
    assert names == ["Busway A", "Busway B", "H side A", "H side B"]
    assert panel.table.item(0, 5).text() == "1"
    # the names keep a readable width in the dock, with the whole name as a tooltip (in a
    # 1600 x 1000 window the name column was cut to a few pixels; a trial)
    assert panel.table.columnWidth(1) >= 4 * panel.table.columnWidth(0)
    assert panel.table.item(0, 1).toolTip() == "Busway A"
    assert panel.explained.toPlainText().startswith("The worst single failure:\nFailing Busway A:")
    assert "Busway B (feed) carries" in panel.explained.toPlainText()
    # what the sweep of the command line adds, here too: 288 GB200 at 1.2621e-5 an hour,
    # 72 four-GPU trays at 1.9968e-5 and 288 at 2.967e-6 for software (operations:O3), no
    # fabric: 0.005927 an hour, 0.14 a day, one every 168.7 h; Daly's interval for a 5-min
    # checkpoint sqrt(2 x 5 x 10,123 min) x (1 + sqrt(x) / 3 + x / 9) - 5 = 315 min
    expected = panel.expected.toPlainText().splitlines()
    assert expected[0].startswith("Expected failures, an estimate ")
    assert "  Cluster: 0.14 interruptions per day" in expected
    assert "  MTBI: one every 168.7 h" in expected
    assert any(line.startswith("  Checkpoint: every 315 min (Daly") for line in expected)
    assert panel.tabText(2) == "Expected Failures"

    table = panel.table
    cell = table.visualItemRect(table.item(0, 1)).center()
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    assert window.editor.hall_id == doc.project.feeds[a].hall_id
    assert window.editor.selection.ids == [a]
    # zoomed to the busway: it spans a good part of the view
    view = window.view
    assert on_screen(view, 4_400, 2_900).x() - on_screen(view, 2_000, 2_900).x() > 200


def test_a_hall_failed_from_the_site_map_lists_what_it_takes_down(make_window, example, qtbot):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    window.actions_by_name["site_map"].trigger()
    project = window.editor.project
    hall = next(h for h in project.halls.values() if h.name == "North hall 1")
    other = next(h for h in project.halls.values() if h.id != hall.id)
    window.editor.set_hall(other.id)
    site_map = window.site_map
    block = site_map.map_scene.blocks[hall.id]
    pos = site_map.mapFromScene(block.mapToScene(block.polygon().boundingRect().center()))
    action, site = window.resilience.site_map_menu(pos).actions()
    assert action.text() == "What If This Hall Fails" and action.isEnabled()
    assert site.text() == "What If Site North Fails"  # the hall's site, as its frame offers
    action.trigger()
    qtbot.waitUntil(lambda: window.resilience.overlay.impact is not None, timeout=15_000)
    assert window.editor.hall_id == hall.id
    figures = window.resilience.panel.figures.toPlainText()
    assert "5 racks (128 accelerators) lose power: N1-B200-01" in figures
    assert "accelerators up: 256 of 384 (66.7 %)" in figures
    # the hall's five racks are coloured as without power on its canvas
    groups = dict(window.jobs_dock.widget().colouring.layer.geometry.groups)
    assert len(groups[LOSSES.index("power")]) == 5
    # on the map the hall is hatched over, the other hall not
    assert hatched_halls(site_map.map_scene) == {hall.id}
    # off the halls and sites the menu offers nothing to fail
    (action,) = window.resilience.site_map_menu(QPoint(2, 2)).actions()
    assert not action.isEnabled()


def test_a_site_of_the_ranking_is_failed_from_it_and_from_its_frame_on_the_map(
    make_window, example, qtbot
):
    """two-sites: North (256 accelerators) and South (128) joined by one 40 km route. The
    ranking went to a site on the map, where nothing offered to fail it (a trial)."""
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    resilience = window.resilience
    resilience.dock.show()
    resilience.dock.raise_()
    panel = resilience.panel
    qtbot.waitUntil(lambda: panel.table.rowCount() > 0, timeout=30_000)
    project = window.editor.project
    south = next(s for s in project.sites.values() if s.name == "South")
    (row,) = [r for r, ranked in enumerate(panel.ranked) if ranked.component.id == south.id]
    panel.setCurrentIndex(1)
    assert not panel.fail_button.isEnabled()  # nothing chosen yet
    table = panel.table
    cell = table.visualItemRect(table.item(row, 1)).center()
    # a double-click is a click (which goes to the site, on the map) and a second press
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    assert window.central.map_shown and resilience.overlay.impact is None
    assert panel.fail_button.isEnabled()
    QTest.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    qtbot.waitUntil(lambda: resilience.overlay.impact is not None, timeout=15_000)
    assert resilience.overlay.impact.failed == (south.id,)
    assert window.central.map_shown
    figures = panel.figures.toPlainText()
    assert "accelerators up: 256 of 384 (66.7 %)" in figures
    # its halls are hatched on the map
    south_halls = {h.id for h in project.halls.values() if h.site_id == south.id}
    scene = window.site_map.map_scene
    assert hatched_halls(scene) == south_halls
    resilience.overlay.clear()
    panel.fail_button.click()  # the chosen row's what-if again, by its button
    qtbot.waitUntil(lambda: resilience.overlay.impact is not None, timeout=15_000)
    assert resilience.overlay.impact.failed == (south.id,)
    resilience.overlay.clear()

    # the same from the map: the site's frame, off its halls, offers to fail the site
    north = next(s for s in project.sites.values() if s.name == "North")
    frame = scene.frames[north.id]
    inside = frame.topLeft() + (frame.bottomRight() - frame.topLeft()) * 0.01
    assert scene.hall_at(inside) is None
    (action,) = resilience.site_map_menu(window.site_map.mapFromScene(inside)).actions()
    assert action.text() == "What If Site North Fails"
    action.trigger()
    qtbot.waitUntil(lambda: resilience.overlay.impact is not None, timeout=15_000)
    assert resilience.overlay.impact.failed == (north.id,)
    assert "accelerators up: 128 of 384 (33.3 %)" in panel.figures.toPlainText()


def test_asked_right_after_an_edit_it_answers_for_the_design_as_edited(make_window, qtbot, two_n):
    doc, a, b = two_n
    window = make_window(document=doc)
    wait_checked(qtbot, window)
    first = next(r.id for r in doc.project.placements.values() if r.label == "NVL-01")
    window.editor.connect_feed([first], b, False)  # NVL-01 now hangs on busway A alone
    window.editor.selection.set([a])
    window.resilience.action.trigger()  # before the check of the edit has come back
    qtbot.waitUntil(lambda: window.resilience.overlay.impact is not None, timeout=15_000)
    impact = window.resilience.overlay.impact
    assert impact.losses == {"power": (first,)}
    assert impact.lost_accelerators["power"] == 72
    # B now carries three racks: 3 x 132 = 396 kW, within its 460 kW
    assert impact.overloads == ()

    window.editor.update(first, label="NVL-1A")  # any edit ends the what-if
    assert window.resilience.overlay.impact is None
    assert window.jobs_dock.widget().colouring.racks is None


def test_a_fibre_route_failed_from_the_site_map_names_both_parts(make_window, example, qtbot):
    """two-sites: North (256 accelerators) and South (128) joined by one 40 km route."""
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    window.actions_by_name["site_map"].trigger()
    project = window.editor.project
    (route,) = project.fibre_routes
    site_map = window.site_map
    for where in (
        site_map.map_scene.routes[route].sceneBoundingRect().center(),  # its label
        site_map.map_scene.route_lines[route].pointAt(0.5),  # its line between the frames
    ):
        (action,) = window.resilience.site_map_menu(site_map.mapFromScene(where)).actions()
        assert action.text() == "What If This Route Fails" and action.isEnabled()
    action.trigger()
    qtbot.waitUntil(lambda: window.resilience.overlay.impact is not None, timeout=15_000)
    impact = window.resilience.overlay.impact
    assert impact.failed == (route,)
    # each site's accelerators, counted from its racks' types
    gpus = dict.fromkeys(project.sites, 0)
    rack_types = window.editor.doc.rack_types
    for rack in project.placements.values():
        gpus[project.halls[rack.hall_id].site_id] += rack_types[rack.type_id].accelerators
    names = {s.name: gpus[s.id] for s in project.sites.values()}
    assert names == {"North": 256, "South": 128}
    figures = window.resilience.panel.figures.toPlainText()
    assert "The cluster is split in 2 parts no fibre joins:" in figures
    assert "North: 256 accelerators" in figures and "South: 128 accelerators" in figures
    assert "cross-site: 0 of 6.4 Tb/s (0 %)" in figures
    assert "fibre route North – South" in window.resilience.panel.title.text()
    # the route is marked on the map, dashed along its line, until Esc ends the what-if
    scene = site_map.map_scene
    line = scene.route_lines[route]
    dashed = [
        item
        for item in scene.items(line.pointAt(0.5))
        if isinstance(item, QGraphicsLineItem) and item.pen().style() == Qt.PenStyle.DashLine
    ]
    assert [item.line() for item in dashed] == [line]
    assert scene.failed_colour is not None  # and the legend says what the marks mean
    window.resilience.overlay.clear()
    assert scene.failed_colour is None
    assert not [
        item
        for item in scene.items()
        if isinstance(item, QGraphicsLineItem) and item.pen().style() == Qt.PenStyle.DashLine
    ]


def test_the_menu_reaches_a_busway_that_runs_over_its_racks(make_window, qtbot):
    """A right-click on a busway drawn over its racks offered What If for the rack (a
    trial): the menu's Select Here names each thing there, and once the busway is chosen
    from it, the next right-click there fails the busway."""
    doc = new_document("Over", "")
    _, hall = hall_of(doc)
    racks = ops.place_row(doc, hall, "nvidia-gb200-nvl72", 2_000, 3_000, 4, 0, label_prefix="NVL-")
    over = busway(doc, hall, "Busway over", 800, "A", 3_500, 2_000, 4_400)
    ops.assign_feeds(doc, racks, [over])
    window = make_window(document=doc)
    wait_checked(qtbot, window)
    view = window.view
    menu = view.menu_at(on_screen(view, 2_300, 3_500))
    (here,) = [a.menu() for a in menu.actions() if a.text() == "Select Here"]
    names = [a.text() for a in here.actions()]
    assert "Busway over (busway)" in names and any(n.startswith("NVL-01") for n in names)
    (pick,) = [a for a in here.actions() if a.text() == "Busway over (busway)"]
    pick.trigger()  # the menu closes with the busway selected
    assert window.editor.selection.ids == [over]
    impact = _what_if_from_menu(window, qtbot, 2_300, 3_500)  # right-clicked there again
    assert window.editor.selection.ids == [over]
    assert impact.failed == (over,)


def test_every_rack_a_what_if_leaves_standing_is_pale_switch_racks_too(make_window, example, qtbot):
    """A trial's CDU what-if left the network racks in their status green, a colour its
    legend did not name; every rack it leaves standing is now the pale "Unaffected"."""
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    project = window.editor.project
    cdu = next(iter(project.cooling_units))
    window.resilience.what_if([cdu])
    overlay = window.resilience.overlay
    qtbot.waitUntil(lambda: overlay.impact is not None, timeout=15_000)
    colouring = window.jobs_dock.widget().colouring
    hall = window.editor.hall_id
    racks = sum(1 for r in project.placements.values() if r.hall_id == hall)
    assert len(colouring.layer.geometry.rects) == racks  # the 3 QM9700 racks as well


def test_a_power_side_chosen_in_the_ranking_fails_as_that_side(make_window, example, qtbot):
    """The ranking's "SU hall side A" selects the side's busways; its what-if was titled
    by every one of them, and their names filled the Utilisation note (a trial)."""
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    project = window.editor.project
    hall = window.editor.hall_id
    side = f"{hall}/A"
    window.resilience.go_to(side)
    assert len(window.editor.selection.ids) > 1  # the side's busways
    assert window.resilience.failing() == [side]
    window.resilience.what_if()
    overlay = window.resilience.overlay
    qtbot.waitUntil(lambda: overlay.impact is not None, timeout=15_000)
    assert overlay.impact.failed == (side,)
    assert window.resilience.panel.title.text().endswith(f"{project.halls[hall].name} side A")
