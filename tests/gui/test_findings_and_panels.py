"""Live findings, hover text, the properties panel, the dashboard and the hall chooser."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from shiboken6 import isValid

from designer.core.document import operations as ops
from designer.core.rules.limits import default_thresholds
from designer.core.rules.loads import loads
from tests.gui.conftest import wait_checked
from tests.gui.helpers import click, click_check_box, on_screen


def test_findings_colour_the_racks_and_clicking_one_selects_and_zooms(qtbot, make_window, example):
    window = make_window(example("mistakes"))
    wait_checked(qtbot, window)
    findings = window.editor.findings
    on_column = next(f for f in findings if f.code == "space.on_obstacle")
    rack_id = on_column.ids[0]
    chunk_status = {
        i: int(s)
        for c in window.view.hall_scene.racks.chunks
        for i, s in zip(c.arrays.ids, c.arrays.status, strict=True)
    }
    assert chunk_status[rack_id] == 3  # drawn in the error colour
    row = window.findings_panel.model.rows.index(on_column)
    zoom_before = window.view.pixels_per_mm()
    window.findings_panel.table.clicked.emit(window.findings_panel.model.index(row, 1))
    assert rack_id in window.selection.ids
    assert window.view.pixels_per_mm() > zoom_before
    box = window.editor.picker().box(rack_id)
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert visible.contains(box.x0, box.y0) and visible.contains(box.x1, box.y1)
    assert window.status.currentMessage() == on_column.message
    # the whole message, remedy and all, under the table (a row shows two lines of it)
    panel = window.findings_panel
    panel.table.setCurrentIndex(panel.model.index(row, 1))
    assert panel.detail.isVisible() and panel.detail.text() == on_column.message


def test_hovering_a_rack_tells_its_power_cooling_weight_and_findings(qtbot, make_window, example):
    window = make_window(example("mistakes"))
    wait_checked(qtbot, window)
    nvl72 = next(r for r in window.editor.project.placements.values() if r.label == "NVL72-01")
    text = window.view.tooltip(nvl72.id)
    assert "<b>NVL72-01</b> — NVIDIA GB200 NVL72" in text
    assert "Power 132 kW max, 120 kW typical" in text
    assert "114.8 kW to liquid → no CDU" in text and "17.2 kW to air" in text
    assert "Weight 1,360 kg · 72 B200" in text
    assert "cooling.no_cdu" not in text  # messages, not codes
    assert any(f.message.split(":")[0] in text for f in window.editor.findings_of(nvl72.id))


def test_the_properties_panel_edits_and_refuses_bad_values_with_the_reason(make_window, example):
    window = make_window(example("hgx-air-hall"))
    doc = window.editor.doc
    rack = next(r for r in doc.project.placements.values() if r.label == "H100-01")
    window.selection.set([rack.id])
    panel = window.properties
    label = panel.fields["label"]
    label.setText("H100-A")
    label.setModified(True)
    label.editingFinished.emit()
    assert doc.project.placements[rack.id].label == "H100-A"
    before = doc.project
    door = panel.fields["rear_door"]
    door.setText("-5")
    door.setModified(True)
    door.editingFinished.emit()
    assert doc.project is before
    assert panel.problem.isVisibleTo(panel)
    assert panel.problem.text() == "Rear door (kW) must be at least 0."
    door = panel.fields["rear_door"]
    door.setText("lots")
    door.setModified(True)
    door.editingFinished.emit()
    assert panel.problem.text() == "The rear door capacity must be a number, not 'lots'."
    facing = panel.fields["facing"]
    facing.activated.emit(facing.findData(90))
    assert doc.project.placements[rack.id].rotation == 90
    cdu = panel.fields["cdu"]
    assert cdu.itemText(0) == "None"


def test_feeds_and_cdu_are_assigned_from_the_panel_in_one_step(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    racks = [r for r in doc.project.placements.values() if r.label in ("NVL72-01", "NVL72-02")]
    window.selection.set([r.id for r in racks])
    # the feeds both racks are on, named above the hall's list of feeds (a hall's fifty
    # busways put a rack's side A and B feeds far apart in the list; a trial)
    assert window.properties.fields["fed_by"].text() == "Busway A1 (A), Busway B1 (B)"
    listing = window.properties.fields["feeds"]
    first = listing.item(0)
    feed_id = first.data(Qt.ItemDataRole.UserRole)
    was = first.checkState()
    first.setCheckState(
        Qt.CheckState.Unchecked if was == Qt.CheckState.Checked else Qt.CheckState.Checked
    )
    attached = [feed_id in doc.project.placements[r.id].feed_ids for r in racks]
    assert attached == [was != Qt.CheckState.Checked] * 2
    # a name too long for the panel is cut at its end, whole in its tooltip; the list does
    # not scroll sideways (a trial's hall of six pods read "P5-Busway AN.1b1 · side A · 8")
    assert first.toolTip() == first.text() == "Busway A1 (A) · 899 kW"
    assert listing.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    cdu = window.properties.fields["cdu"]
    cdu.activated.emit(cdu.findData(""))
    assert {doc.project.placements[r.id].cdu_id for r in racks} == {None}


def _feed_ticks(window) -> list[tuple[str, str]]:
    listing = window.properties.fields["feeds"]
    items = [listing.item(i) for i in range(listing.count())]
    # each feed's name, less its side and rating: "Busway A1 (A) · 899 kW"
    return [(i.text().split(" · ")[0].split(" (")[0], i.checkState().name) for i in items]


def test_unticking_feeds_with_the_mouse_then_clicking_the_floor(qtbot, make_window, example):
    """The trial's path: select NVL72-02, untick its first feed, click the empty floor.

    The panel rebuilt itself inside the list's own ``itemChanged`` and deleted the list
    there; Qt's ``QAbstractItemView::mouseReleaseEvent`` then used the deleted list and the
    designer crashed (a segmentation fault, now or at the next click).
    """
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    doc, view, panel = window.editor.doc, window.view, window.properties
    before = doc.project
    nvl72 = next(r for r in before.placements.values() if r.label == "NVL72-02")
    click(view.viewport(), on_screen(view, *window.editor.picker().box(nvl72.id).centre))
    assert window.selection.ids == [nvl72.id]
    # by name, whichever rack is selected (a list that reordered itself got the wrong feed
    # ticked): A1, A2, B1, B2
    ticks = [("Busway A1", "Checked"), ("Busway A2", "Unchecked")]
    ticks += [("Busway B1", "Checked"), ("Busway B2", "Unchecked")]
    assert _feed_ticks(window) == ticks
    for row, left in ((2, ["feed-001"]), (0, [])):
        listing = panel.fields["feeds"]
        qtbot.waitUntil(listing.isVisible, timeout=2_000)
        click_check_box(listing, row)
        assert doc.project.placements[nvl72.id].feed_ids == left
    assert {state for _, state in _feed_ticks(window)} == {"Unchecked"}
    assert doc.history.undo_label == "Disconnect Busway A1"
    click(view.viewport(), on_screen(view, 5_000, 4_800))
    assert window.selection.ids == []
    assert panel.title.text() == "<b>SU hall</b>"
    changed = [r.id for r in doc.project.placements.values() if r != before.placements[r.id]]
    assert changed == [nvl72.id]
    wait_checked(qtbot, window)
    flagged = [f.ids for f in window.findings_panel.model.rows if f.code == "power.no_feed"]
    assert flagged == [(nvl72.id,)]
    window.bridge.undo()
    window.bridge.undo()
    assert doc.project == before
    wait_checked(qtbot, window)
    assert not any(f.code == "power.no_feed" for f in window.findings_panel.model.rows)
    window.bridge.redo()
    assert doc.project.placements[nvl72.id].feed_ids == ["feed-001"]
    click(view.viewport(), on_screen(view, *window.editor.picker().box(nvl72.id).centre))
    assert _feed_ticks(window)[::2] == [("Busway A1", "Checked"), ("Busway B1", "Unchecked")]
    listing = panel.fields["feeds"]
    qtbot.waitUntil(listing.isVisible, timeout=2_000)
    click_check_box(listing, 2)  # ticked back: the rack is as it was, feed order and all
    assert doc.project.placements[nvl72.id] == nvl72


def test_a_field_outlives_the_signal_that_edits_through_it(make_window, example):
    """A list, a combo or a line edit that commits an edit is replaced, not deleted at once:
    Qt goes on using it when the signal returns (``QLineEdit::focusOutEvent`` did so after
    a click on the floor committed the rear door, and crashed)."""
    window = make_window(example("gb200-nvl72-su"))
    doc, panel = window.editor.doc, window.properties
    nvl72 = next(r for r in doc.project.placements.values() if r.label == "NVL72-02")
    window.selection.set([nvl72.id])
    listing = panel.fields["feeds"]
    listing.item(0).setCheckState(Qt.CheckState.Unchecked)
    door = panel.fields["rear_door"]
    door.setText("20")
    door.setModified(True)
    door.editingFinished.emit()
    cdu = panel.fields["cdu"]
    cdu.activated.emit(cdu.findData(""))
    for field in (listing, door, cdu):
        assert isValid(field)  # still there for Qt's code after the signal
        assert field not in panel.fields.values()
    rack = doc.project.placements[nvl72.id]
    assert (rack.feed_ids, rack.rear_door_kw, rack.cdu_id) == (
        ["feed-002"],
        20,
        None,
    )  # A1 unticked
    assert panel.fields["rear_door"].text() == "20"
    assert panel.fields["cdu"].currentText() == "None"


def test_ticking_a_feed_for_racks_on_different_feeds_changes_only_that_feed(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    compute, network = (
        next(r for r in doc.project.placements.values() if r.label == label)
        for label in ("NVL72-04", "NET-01")
    )
    window.selection.set([compute.id, network.id])
    # NVL72-04 is on A1 and B1, NET-01 on A2 and B2: every feed is part-ticked
    assert {state for _, state in _feed_ticks(window)} == {"PartiallyChecked"}
    listing = window.properties.fields["feeds"]
    row = next(i for i, (name, _) in enumerate(_feed_ticks(window)) if name == "Busway B1")
    listing.item(row).setCheckState(Qt.CheckState.Checked)
    racks = doc.project.placements
    assert racks[compute.id].feed_ids == compute.feed_ids  # already on B1
    assert racks[network.id].feed_ids == [*network.feed_ids, "feed-002"]
    assert dict(_feed_ticks(window))["Busway B1"] == "Checked"
    assert dict(_feed_ticks(window))["Busway A2"] == "PartiallyChecked"
    window.bridge.undo()
    assert racks is not doc.project.placements
    assert doc.project.placements[network.id] == network


def test_the_dashboard_shows_each_feed_and_cdu_with_the_core_loads(qtbot, make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    dashboard = window.dashboard
    qtbot.waitUntil(lambda: bool(dashboard.bars), timeout=5_000)
    project = window.editor.project
    names = [b.name for b in dashboard.bars]
    assert names[: len(project.feeds)] == [f.name for f in project.feeds.values()]
    assert [b.kind for b in dashboard.bars][-3:] == ["hall_power", "hall_heat", "hall_air"]
    expected = {
        (load.kind, load.id): load.load_kw
        for load in loads(project, window.editor.doc.rack_types, default_thresholds().values)
    }
    assert all(b.load_kw == expected[(b.kind, b.id)] for b in dashboard.bars)
    assert dashboard.names[:2] == names[:2]


def test_the_hall_chooser_switches_halls(make_window, prompts):
    window = make_window()
    assert window.files.new()
    prompts.new_answer = prompts.new_answer.__class__(hall_name="Hall B", width_m=12, depth_m=9)
    window.add_hall()
    project = window.editor.project
    assert window.hall_chooser.count() == 2
    assert window.editor.hall_id == list(project.halls)[1]
    assert window.view.hall_scene.floor.bounds.width() == 12_000
    window.hall_chooser.activated.emit(0)
    assert window.editor.hall_id == next(iter(project.halls))
    assert window.view.hall_scene.floor.bounds.width() == 24_000


def test_heat_colouring_is_a_toggle_of_the_view_only(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    before = window.editor.project
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_H)
    assert window.view.colour_mode == "heat"
    assert all(c.colour_mode == "heat" for c in window.view.hall_scene.racks.chunks)
    assert window.editor.project is before


def test_align_and_ungroup_from_the_edit_menu(make_window, example):
    window = make_window(example("cm384-supernode"))
    doc = window.editor.doc
    member = next(r for r in doc.project.placements.values() if r.group_id)
    window.selection.set([member.id])
    window.actions_by_name["ungroup"].trigger()
    assert not any(r.group_id for r in doc.project.placements.values())
    a, b = sorted(doc.project.placements.values(), key=lambda r: (r.y, r.x))[:2]
    ops.move(doc, [b.id], 0, 300)
    window.selection.set([a.id, b.id])
    window.actions_by_name["align_top"].trigger()
    assert doc.project.placements[a.id].y == doc.project.placements[b.id].y


def test_a_finding_is_accepted_with_a_reason_and_reopened(qtbot, make_window, example, prompts):
    window = make_window(example("mistakes"))
    wait_checked(qtbot, window)
    finding = next(f for f in window.editor.findings if f.code == "cooling.no_cdu")
    menu = window.findings_panel.menu_for(finding)
    assert [a.text() for a in menu.actions()] == ["Show on the Plan", "Accept with a Reason…"]
    prompts.comment = lambda message: "CDU arrives in phase 2"
    menu.actions()[1].trigger()
    wait_checked(qtbot, window)
    accepted = next(f for f in window.editor.findings if f.code == "cooling.no_cdu")
    assert accepted.excluded and accepted.comment == "CDU arrives in phase 2"
    assert accepted not in window.findings_panel.model.rows  # accepted ones are hidden by default
    window.findings_panel.show_accepted.setChecked(True)
    assert accepted in window.findings_panel.model.rows
    window.findings_panel.menu_for(accepted).actions()[1].trigger()
    wait_checked(qtbot, window)
    assert not next(f for f in window.editor.findings if f.code == "cooling.no_cdu").excluded


def test_the_canvas_menu_acts_on_what_was_right_clicked(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view = window.view
    rack = next(r for r in window.editor.project.placements.values() if r.label == "NVL72-04")
    box = window.editor.picker().box(rack.id)
    menu = view.menu_at(view.mapFromScene(*box.centre))
    assert window.selection.ids == [rack.id]
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts[:2] == ["&Rotate", "Rotate &Anticlockwise"]
    next(a for a in menu.actions() if a.text() == "&Rotate").trigger()
    assert window.editor.project.placements[rack.id].rotation == (rack.rotation + 90) % 360


def test_a_finding_clicked_in_another_hall_stays_picked_with_its_message(
    qtbot, make_window, example
):
    window = make_window(example("two-sites"))
    doc, panel = window.editor.doc, window.findings_panel
    halls = {h.name: h.id for h in doc.project.halls.values()}
    south = [r for r in doc.project.placements.values() if r.hall_id == halls["South hall 1"]]
    ops.move(doc, [south[0].id], south[1].x - south[0].x, south[1].y - south[0].y)  # on top
    window.editor.set_hall(halls["North hall 1"])
    panel.scope.setCurrentIndex(panel.scope.findData("all"))
    wait_checked(qtbot, window)
    overlap = next(f for f in panel.model.rows if f.code == "space.overlap")
    index = panel.model.index(panel.model.rows.index(overlap), 1)
    panel.table.setCurrentIndex(index)  # the mouse press
    panel.table.clicked.emit(index)  # the click: shows it, in its hall
    assert window.editor.hall_id == halls["South hall 1"]
    assert panel.model.rows[panel.table.currentIndex().row()] == overlap
    assert panel.detail.isVisible() and panel.detail.text() == overlap.message
