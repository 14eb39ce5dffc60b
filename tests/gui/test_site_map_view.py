"""The site map in the designer: the campus's halls and routes, double-click to open a hall."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from designer.core.findings import ERROR, OK
from designer.core.format import number, power
from designer.core.model.project import routes_between
from designer.core.network.totals import link_totals
from designer.gui.canvas.tools.place import RowTool
from designer.gui.sitemap.scene import BLOCK_FILL, RACKS_LOD
from tests.gui.conftest import wait_checked


def on_screen(window, hall_id: str):
    """The viewport pixel at the middle of ``hall_id``'s block on the map."""
    block = window.site_map.map_scene.blocks[hall_id]
    return window.site_map.mapFromScene(block.mapToScene(block.polygon().boundingRect().center()))


def on_view(window, card):
    """The pixels of the map's viewport a card covers (a card keeps its size on screen, so
    its box in the scene is no guide)."""
    view = window.site_map
    return card.deviceTransform(view.viewportTransform()).mapRect(card.rect())


def frames_on_view(window, card):
    """The pixels each site's frame covers on the map's viewport (what ``card`` keeps off)."""
    view = window.site_map
    return [view.mapFromScene(f).boundingRect().toRectF() for f in card.clear_of]


def texts(card) -> list[str]:
    """The words a card shows, row by row."""
    return [
        part.text()
        for ways in card.rows
        for line in ways
        if line.item.isVisible()
        for part in line.item.childItems()
        if hasattr(part, "text")
    ]


def test_the_campus_map_shows_its_24_halls_and_3_routes(qtbot, make_window, example):
    window = make_window(example("cm384-campus-100k"))
    wait_checked(qtbot, window)
    window.actions_by_name["site_map"].trigger()
    assert window.central.map_shown and window.actions_by_name["site_map"].isChecked()
    scene = window.site_map.map_scene
    project = window.editor.project
    assert set(scene.blocks) == set(project.halls) and len(scene.blocks) == 24
    # the campus has no errors or warnings: every hall is tinted "no findings"
    assert {b.brush().color().name() for b in scene.blocks.values()} == {BLOCK_FILL[OK].name()}
    # a few hundred stock items for 6,912 racks, none per rack at this distance
    assert len(scene.items()) < 400 and not scene.racks_shown
    # each route: its length, the fibre's 4.9 µs per km (links:S46) one way, and the fibre
    # pairs and bandwidth the network plan puts on it (as ``python main.py summary`` says)
    assert window.editor.network.media.constants.fibre_ns_per_m == 4.9
    carried = {r.route_id: r for r in link_totals(window.editor.network).dci}
    assert set(scene.routes) == set(project.fibre_routes) == set(carried)
    full, brief = {}, {}
    for route in project.fibre_routes.values():
        km, demand = route.distance_km, carried[route.id]
        full[route.id] = [
            f"{number(km)} km · {number(km * 4.9)} µs one way",
            f"{number(demand.pairs, 0)} fibre pairs · {number(demand.tbps, 1)} Tb/s",
        ]
        brief[route.id] = [f"{number(km)} km", f"{number(demand.pairs, 0)} pairs"]
    # each label in full where the ground between its sites holds it on screen, else cut
    # short, never over a site (a trial's covered the next site's first hall)
    for route_id, card in scene.routes.items():
        assert texts(card) in (full[route_id], brief[route_id])
        assert not any(on_view(window, card).intersects(f) for f in frames_on_view(window, card))
    window.site_map.zoom_by(3.0)
    qtbot.waitUntil(lambda: all(texts(c) == full[k] for k, c in scene.routes.items()))


def test_a_hall_card_names_it_and_says_its_load(qtbot, make_window, example):
    window = make_window(example("cm384-campus-100k"))
    wait_checked(qtbot, window)
    window.actions_by_name["site_map"].trigger()
    view, project = window.site_map, window.editor.project
    hall = next(h for h in project.halls.values() if h.name == "S2 Hall 3")
    racks = window.editor.doc.rack_types
    it_kw = sum(
        racks[p.type_id].max_kw for p in project.placements.values() if p.hall_id == hall.id
    )
    share = round(it_kw / hall.power_capacity_kw * 100)
    view.zoom_by(3.0, on_screen(window, hall.id))  # close enough for every row
    card = next(c for c in view.map_scene.cards if texts(c)[:1] == ["S2 Hall 3"])
    count = sum(1 for p in project.placements.values() if p.hall_id == hall.id)
    assert texts(card) == [
        "S2 Hall 3",
        f"IT {share} % of {power(hall.power_capacity_kw)}",
        f"{number(count, 0)} racks · no findings",
    ]


def test_a_double_click_on_a_hall_opens_it_on_the_canvas(qtbot, make_window, example):
    window = make_window(example("cm384-campus-100k"))
    window.actions_by_name["site_map"].trigger()
    hall = next(h for h in window.editor.project.halls.values() if h.name == "S3 Hall 6")
    assert window.editor.hall_id != hall.id
    QTest.mouseDClick(
        window.site_map.viewport(), Qt.MouseButton.LeftButton, pos=on_screen(window, hall.id)
    )
    assert window.editor.hall_id == hall.id
    assert not window.central.map_shown and window.view.hall_scene.hall_id == hall.id
    assert not window.actions_by_name["site_map"].isChecked()


def test_a_click_picks_a_hall_for_the_panels_and_keeps_the_map(qtbot, make_window, example):
    window = make_window(example("two-sites"))
    window.actions_by_name["site_map"].trigger()
    south = next(h for h in window.editor.project.halls.values() if h.name == "South hall 1")
    QTest.mouseClick(
        window.site_map.viewport(), Qt.MouseButton.LeftButton, pos=on_screen(window, south.id)
    )
    assert window.editor.hall_id == south.id and window.central.map_shown
    assert window.site_map.map_scene._current.isVisible()
    assert (
        window.site_map.map_scene._current.pos() == window.site_map.map_scene.blocks[south.id].pos()
    )
    # Ctrl+M back to the hall, now South's
    window.actions_by_name["site_map"].trigger()
    assert not window.central.map_shown and window.view.hall_scene.hall_id == south.id


def test_a_hall_with_errors_is_tinted_red_and_counts_them(qtbot, make_window, example):
    window = make_window(example("mistakes"))
    wait_checked(qtbot, window)
    window.actions_by_name["site_map"].trigger()
    scene = window.site_map.map_scene
    [block] = scene.blocks.values()
    assert block.brush().color().name() == BLOCK_FILL[ERROR].name()
    errors = sum(1 for f in window.editor.findings if str(f.severity) == "error" and not f.excluded)
    name = next(c for c in scene.cards if texts(c)[:1] == ["Small hall"])
    assert f"✖ {errors}" in texts(name)


def test_zooming_in_on_the_map_shows_the_racks_of_the_halls(qtbot, make_window, example):
    window = make_window(example("cm384-campus-100k"))
    window.actions_by_name["site_map"].trigger()
    view = window.site_map
    hall = next(iter(window.editor.project.halls))
    points_per_px = 72 / view.logicalDpiY()
    while view.pixels_per_mm() * points_per_px < RACKS_LOD:
        view.zoom_by(1.5, on_screen(window, hall))
    assert view.map_scene.racks_shown
    racks = [p.id for p in window.editor.project.placements.values() if p.hall_id == hall]
    assert view.map_scene._racks[hall].geometry.ids == racks
    # its card stands over the hall, not on its first racks (a newcomer's trial)
    name = window.editor.project.halls[hall].name
    card = next(c for c in view.map_scene.cards if texts(c)[:1] == [name])
    assert card.isVisible()
    assert (
        card.sceneBoundingRect().bottom() <= view.map_scene.blocks[hall].sceneBoundingRect().top()
    )
    window.actions_by_name["fit"].trigger()  # Ctrl+0 fits the campus on the map
    assert not view.map_scene.racks_shown


def test_the_map_follows_edits_and_a_tool_brings_the_canvas_back(
    qtbot, make_window, example, prompts
):
    window = make_window(example("two-sites"))
    window.actions_by_name["site_map"].trigger()
    scene = window.site_map.map_scene
    assert len(scene.blocks) == 3
    window.actions_by_name["delete_hall"].trigger()  # the hall the panels describe
    qtbot.waitUntil(lambda: len(scene.blocks) == 2, timeout=2_000)
    window.view.set_tool(RowTool(window.view, window.palette.current_rack))
    assert not window.central.map_shown


def test_an_empty_project_says_so_on_the_map(make_window):
    window = make_window()
    window.actions_by_name["site_map"].trigger()
    assert window.site_map.map_scene.content is not None
    assert not window.site_map.map_scene.content.sites
    window.site_map.grab()  # draws the "no site yet" line without an error


def test_two_routes_between_two_sites_are_drawn_apart_with_their_own_labels(
    qtbot, make_window, example
):
    """A second route on another path between North and South is drawn beside the first,
    with its own label that does not cover the first's, and its tooltip names its path."""

    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    north, south = window.editor.project.sites
    window.editor.set_fibre_route(north, south, 46, path=2)
    window.actions_by_name["site_map"].trigger()
    scene = window.site_map.map_scene
    first, second = (r.id for r in routes_between(window.editor.project, north, south))
    qtbot.waitUntil(lambda: set(scene.routes) == {first, second}, timeout=10_000)
    a, b = scene.route_lines[first], scene.route_lines[second]
    assert a.angleTo(b) in (0.0, 360.0)  # parallel
    assert (a.center() - b.center()).manhattanLength() > 0
    window.site_map.zoom_by(2.0)  # room between the sites for the labels in full
    one, other = scene.routes[first], scene.routes[second]
    qtbot.waitUntil(lambda: texts(other)[0] == "Path 2 · 46 km · 225.4 µs one way", timeout=10_000)
    assert not on_view(window, one).intersects(on_view(window, other))
    assert texts(one)[0] == "Path 1 · 40 km · 196 µs one way"
    assert other.toolTip().startswith("DCI North – South, path 2\n46 km")
