"""The properties panel for cooling units, feeds, trays, obstacles and the hall; the dialogs."""

import datetime

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from designer.core.model.project import routes_between
from designer.drawing import style
from designer.gui.dialogs.new_project import NewProjectDialog, NewProjectSpec, new_document
from designer.gui.dialogs.place_row import PlaceRowDialog
from tests.gui.conftest import wait_checked


def commit(panel, key, text):
    field = panel.fields[key]
    field.setText(text)
    field.setModified(True)
    field.editingFinished.emit()


def test_a_cdu_feed_tray_and_column_are_edited_in_the_panel(make_window, example):
    window = make_window(example("mistakes"))
    doc, panel = window.editor.doc, window.properties
    project = doc.project
    crah = next(iter(project.cooling_units))
    window.selection.set([crah])
    commit(panel, "capacity", "175")
    assert doc.project.cooling_units[crah].air_capacity_kw == 175
    feed = next(iter(project.feeds))
    window.selection.set([feed])
    commit(panel, "amps", "1250")
    assert doc.project.feeds[feed].amps == 1250
    side = panel.fields["side"]
    side.activated.emit(side.findData("B"))
    assert doc.project.feeds[feed].side == "B"
    for slip in ("0", "0.001"):
        commit(panel, "voltage", slip)
        assert doc.project.feeds[feed].voltage_v == 415
        assert panel.problem.text() == "Voltage (V) must be at least 48."
    tray = next(iter(project.trays))
    window.selection.set([tray])
    commit(panel, "height", "3000")
    assert doc.project.trays[tray].height_mm == 3_000
    column = next(iter(project.obstacles))
    window.selection.set([column])
    kind = panel.fields["kind"]
    kind.activated.emit(kind.findData("keepout"))
    assert doc.project.obstacles[column].kind == "keepout"


def test_with_nothing_selected_the_panel_edits_the_hall(make_window, example):
    window = make_window(example("hgx-air-hall"))
    doc, panel = window.editor.doc, window.properties
    hall = window.editor.hall_id
    commit(panel, "floor_rating", "20")
    assert doc.project.halls[hall].floor_rating_kpa == 20
    commit(panel, "tile_rating", "")
    assert doc.project.halls[hall].tile_rating_kg is None
    commit(panel, "power", "-1")
    assert panel.problem.text() == "Power (kW) must be at least 0."
    assert "11 racks" in panel.summary.text()


def test_the_new_project_dialog_gives_the_spec_and_a_clean_document(qtbot):
    dialog = NewProjectDialog(spec=NewProjectSpec(hall_name="Data hall A", width_m=30, depth_m=20))
    qtbot.addWidget(dialog)
    dialog.floor_type.setCurrentIndex(1)
    dialog.tile_rating.setValue(680)
    spec = dialog.spec()
    assert (spec.hall_name, spec.width_m, spec.floor_type, spec.tile_rating_kg) == (
        "Data hall A",
        30,
        "raised",
        680,
    )
    doc = new_document(spec)
    (hall,) = doc.project.halls.values()
    assert hall.outline == [(0, 0), (30_000, 0), (30_000, 20_000), (0, 20_000)]
    assert not doc.history.can_undo and not doc.is_dirty
    # dated today, so its drawing set's title blocks carry a date
    assert doc.project.meta.date == datetime.date.today().isoformat()


def test_the_place_row_dialog_starts_from_what_it_is_given(qtbot, make_window):
    window = make_window()
    types = dict(window.editor.doc.rack_types)
    dialog = PlaceRowDialog(types, "nvidia-dgx-h100-rack", "H100-", (1_200, 3_600))
    qtbot.addWidget(dialog)
    dialog.count.setValue(6)
    spec = dialog.spec()
    assert (spec.type_id, spec.count, spec.rotation, spec.label_prefix, spec.x, spec.y) == (
        "nvidia-dgx-h100-rack",
        6,
        180,
        "H100-",
        1_200,
        3_600,
    )


def test_numbers_the_model_cannot_take_are_refused_with_a_message(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc, panel = window.editor.doc, window.properties
    rack = next(r.id for r in doc.project.placements.values() if r.label == "NVL72-01")
    before = doc.project.placements[rack]
    window.selection.set([rack])
    for text, message in (
        ("nan", "The position must be a finite number, not 'nan'."),
        ("inf", "The position must be a finite number, not 'inf'."),
        ("1e400", "The position must be a finite number, not '1e400'."),
        ("1e9", "The position must be within 100,000 m of the corner."),
    ):
        commit(panel, "x", text)
        assert panel.problem.text() == message
        assert doc.project.placements[rack] == before
        # what was typed stays in the field to be corrected (a trial's went back to "-5")
        assert panel.fields["x"].text() == text
    # A position that would put the rack wholly outside its hall (it would vanish from the
    # plan) is a slip; partly outside is placed, and the check reports it, as for a drag.
    hall = doc.project.halls[before.hall_id]
    commit(panel, "y", "99")
    assert panel.problem.text() == f"That puts it wholly outside the hall ‘{hall.name}’."
    assert doc.project.placements[rack] == before
    commit(panel, "x", "-0.3")  # sticks out of the left wall by 0.3 m
    assert doc.project.placements[rack].x == -300
    window.bridge.undo()
    # A decimal comma is refused, not read as a thousands separator (1,2 m is not 12 m).
    commit(panel, "y", "1,2")
    assert "write decimals with a point (1.2)" in panel.problem.text()
    assert doc.project.placements[rack] == before
    # Commas that group thousands are how the designer writes numbers: they are taken.
    window.selection.set([])
    commit(panel, "power", "1,250.5")
    assert doc.project.halls[window.editor.hall_id].power_capacity_kw == 1_250.5
    assert panel.problem.isHidden()


def test_a_blank_rack_label_is_refused_and_a_new_one_is_trimmed(make_window, example):
    """A trial cleared a rack's label: the rack went by its id in the findings and the
    links, by its type on the plan, and the panel said nothing."""
    window = make_window(example("gb200-nvl72-su"))
    doc, panel = window.editor.doc, window.properties
    rack = next(r.id for r in doc.project.placements.values() if r.label == "NVL72-01")
    window.selection.set([rack])
    for blank in ("", "   "):
        commit(panel, "label", blank)
        assert panel.problem.text().startswith("A rack needs a label: it names the rack")
        assert doc.project.placements[rack].label == "NVL72-01"
    commit(panel, "label", "  SU1-NVL72-01 ")
    assert doc.project.placements[rack].label == "SU1-NVL72-01"
    assert panel.problem.isHidden()


def test_a_floor_tile_of_centimetres_or_tens_of_metres_is_refused(make_window, example):
    """A trial's 7 mm tile hid the floor grid and set the snap to 7 mm, without a word."""
    window = make_window(example("gb200-nvl72-su"))
    doc, panel = window.editor.doc, window.properties
    window.selection.set([])
    hall = window.editor.hall_id
    for text, message in (("7", "at least 100"), ("50000", "at most 3,000")):
        commit(panel, "tile", text)
        assert panel.problem.text() == f"Tile (mm) must be {message}."
        assert doc.project.halls[hall].tile_mm == 600
    commit(panel, "tile", "610")  # a 24-inch tile
    assert doc.project.halls[hall].tile_mm == 610


def test_with_nothing_selected_the_panel_edits_the_halls_site_too(qtbot, make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc, panel = window.editor.doc, window.properties
    site = doc.project.halls[window.editor.hall_id].site_id
    assert panel.fields["pue"].text() == "1.2"
    commit(panel, "pue", "0.9")
    assert panel.problem.text() == "PUE must be at least 1."
    commit(panel, "pue", "1.5")
    assert doc.project.sites[site].pue == 1.5
    # facility power (8 x 132 + 3 x 20.4 kW) x 1.5 = 1,675.8 kW, more than a 1,500 kW supply
    commit(panel, "site_power", "1,500")
    qtbot.waitUntil(lambda: any(f.code == "power.site_capacity" for f in window.editor.findings))
    doc.undo()
    doc.undo()
    assert doc.project.sites[site].pue == 1.2


def test_with_nothing_selected_the_panel_edits_the_title_block_too(make_window, example, tmp_path):
    """A trial's drawing set was titled "New project", the name the New dialog offers, with
    no field to change it after; nor could a revision B be issued. The project's name,
    revision, author and date are edited under the site, refused blank, and undone."""
    import subprocess

    from designer.core.catalog import default_catalog
    from designer.report.export import export

    window = make_window(example("gb200-nvl72-su"))
    doc, panel = window.editor.doc, window.properties
    before = doc.project.meta
    commit(panel, "project_name", "  North campus pod  ")
    commit(panel, "revision", "B")
    commit(panel, "date", "2026-12-07")
    assert (doc.project.meta.name, doc.project.meta.revision) == ("North campus pod", "B")
    assert "North campus pod" in window.windowTitle()
    commit(panel, "project_name", " ")
    assert panel.problem.text().startswith("Project name")
    assert doc.project.meta.name == "North campus pod"
    target = tmp_path / "set.pdf"
    export(doc.project, default_catalog(), target)
    cover = subprocess.run(
        ["pdftotext", "-l", "1", str(target), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "North campus pod" in cover and "Revision B" in cover
    doc.undo()
    doc.undo()
    doc.undo()
    assert doc.project.meta == before


def test_the_fibre_route_to_the_other_site_is_edited_with_the_site(qtbot, make_window, example):
    window = make_window(example("two-sites"))
    doc, panel = window.editor.doc, window.properties
    [route] = doc.project.fibre_routes.values()
    here = doc.project.halls[window.editor.hall_id].site_id
    key = f"fibre_{route.site_b if route.site_a == here else route.site_a}"
    assert panel.fields[key].text() == "40"
    commit(panel, key, "95")
    assert doc.project.fibre_routes[route.id].distance_km == 95
    # the live check's network plan routes the DCI links over the new 95 km of fibre
    qtbot.waitUntil(
        lambda: (
            window.editor.network is not None
            and window.editor.network.project is doc.project
            and 95_000 in window.editor.network.columns().fibre_m
        )
    )


def test_fibre_is_laid_between_existing_sites_and_taken_up_with_a_blank(
    qtbot, make_window, example
):
    from designer.core.document import operations as ops

    window = make_window(example("two-sites"))
    doc, panel = window.editor.doc, window.properties
    here = doc.project.halls[window.editor.hall_id].site_id
    third = ops.add_site(doc, "Third", power_capacity_kw=9_000, cooling_capacity_kw=9_000)
    window.properties.refresh()
    key = f"fibre_{third}"
    assert panel.fields[key].text() == ""  # no route to the new site yet
    commit(panel, key, "12.5")
    [route] = routes_between(doc.project, here, third)
    assert route.distance_km == 12.5
    assert panel.fields[key].text() == "12.5"
    # the two sites' own route is still there: two routes now
    assert len(doc.project.fibre_routes) == 2
    commit(panel, key, "")
    assert routes_between(doc.project, here, third) == []
    # a refusal of a field far down the form is in sight, under the scrolled form
    commit(panel, key, "0")
    assert panel.problem.text() == "Fibre to Third (km) must be more than 0."
    assert panel.problem.isVisible()
    top_left = panel.problem.mapTo(panel, panel.problem.rect().topLeft())
    bottom_right = panel.problem.mapTo(panel, panel.problem.rect().bottomRight())
    assert panel.rect().contains(top_left) and panel.rect().contains(bottom_right)
    assert len(doc.project.fibre_routes) == 1
    # taking up the route between the two halves of the cluster leaves its DCI nowhere to go
    other = next(s for s in doc.project.sites if s not in (here, third))
    commit(panel, f"fibre_{other}", "")
    qtbot.waitUntil(lambda: any(f.code == "network.no_dci_route" for f in window.editor.findings))
    doc.undo()
    assert [r.distance_km for r in routes_between(doc.project, here, other)] == [40]


def test_a_second_path_between_two_sites_ends_the_one_route_warning(qtbot, make_window, example):
    """The two sites' only route is a single point of failure; the site's form lays a
    second route on another path, which shares the DCI, and the warning goes."""

    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    assert any(f.code == "resilience.one_fibre_route" for f in window.editor.findings)
    doc, panel = window.editor.doc, window.properties
    here = doc.project.halls[window.editor.hall_id].site_id
    other = next(s for s in doc.project.sites if s != here)
    key = f"fibre_{other}_2"
    assert panel.form.layout.labelForField(panel.fields[key]).text() == "Path 2 to South (km)"
    assert panel.fields[key].text() == ""
    commit(panel, key, "46")
    first, second = routes_between(doc.project, here, other)
    assert (first.distance_km, second.distance_km) == (40, 46)
    # each path named by its number now, as the routes are everywhere else
    first_field = panel.fields[f"fibre_{other}"]
    assert panel.form.layout.labelForField(first_field).text() == "Path 1 to South (km)"
    qtbot.waitUntil(
        lambda: not any(f.code == "resilience.one_fibre_route" for f in window.editor.findings),
        timeout=10_000,
    )
    # each route says what it carries: half of North's 6.4 Tb/s share, 8 links of 400ZR
    qtbot.waitUntil(lambda: "3.2 Tb/s" in panel.route_notes[second.id].text(), timeout=10_000)
    assert panel.route_notes[first.id].text().startswith("3.2 Tb/s on 8 links")
    # every line of each note in sight (a trial read them cut at the top and the bottom)
    for note in panel.route_notes.values():
        qtbot.waitUntil(lambda note=note: note.height() >= note.heightForWidth(note.width()))
    assert panel.fields[f"fibre_{other}_3"].text() == ""  # room for a third path
    commit(panel, key, "")
    assert [r.id for r in routes_between(doc.project, here, other)] == [first.id]


def test_a_feed_says_what_it_may_carry_under_the_projects_continuous_share(make_window, example):
    from designer.core.document import operations as ops
    from designer.core.model.rule_settings import Thresholds

    window = make_window(example("gb200-nvl72-su"))
    doc, panel = window.editor.doc, window.properties
    rules = doc.project.settings.rules
    ops.update_settings(
        doc,
        "Rules",
        rules=rules.model_copy(update={"thresholds": Thresholds(continuous_load_share=0.6)}),
    )
    feed = next(f.id for f in doc.project.feeds.values() if f.name == "Busway A1")
    window.selection.set([feed])
    # 60 % of the 898.5 kW rating of a 1,250 A busway at 415 V
    assert "may carry 539.1 kW continuously, 60 % of its rating" in panel.summary.text()


def test_a_limit_is_said_with_thousands_separators(make_window, example):
    window = make_window(example("hgx-air-hall"))
    panel = window.properties
    commit(panel, "tile_rating", "200000")
    assert panel.problem.text() == "Tile rating (kg) must be at most 100,000."


def test_each_fibre_route_says_what_the_plan_lights_on_it(qtbot, make_window, example):
    from tests.gui.conftest import wait_checked

    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    doc, panel = window.editor.doc, window.properties
    [route] = doc.project.fibre_routes
    note = panel.route_notes[route]
    # 40 km x 4.9 us/km (links:S46); 6.4 Tb/s on 400G coherent ZR is 16 links, 1 pair
    assert (
        note.text()
        == "6.4 Tb/s on 16 links of coherent ZR, 1 fibre pair, 196 µs one way in the fibre."
    )
    other = next(
        s for s in doc.project.sites if s != doc.project.halls[window.editor.hall_id].site_id
    )
    commit(panel, f"fibre_{other}", "1500")  # beyond the 1,000 km of coherent ZR+
    qtbot.waitUntil(
        lambda: panel.route_notes[route].text().startswith("Needs 6.4 Tb/s"), timeout=10_000
    )
    assert panel.route_notes[route].text() == (
        "Needs 6.4 Tb/s, but no medium reaches 1,500 km: nothing is lit (see the findings)."
    )
    commit(panel, f"fibre_{other}", "150")
    qtbot.waitUntil(lambda: "coherent ZR+" in panel.route_notes[route].text(), timeout=10_000)
    assert [r.distance_km for r in routes_between(doc.project, *doc.project.sites)] == [150]


def marked(scene, area: QRectF) -> bool:
    """Whether the canvas draws anything in the cable entry's colour within ``area`` (mm)."""
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 200, 200), area)
    painter.end()
    return any(image.pixelColor(x, y) == style.TRAY_EDGE for x in range(200) for y in range(200))


def test_a_halls_place_on_the_site_is_set_in_the_panel_and_checked(qtbot, make_window, example):
    """Halls added in the designer all stood at the site's corner, on one another, so the
    site's fabric joined racks to switches as if they stood together, and nothing could move
    them or give them the cable entry their links to other halls are routed from."""
    window = make_window(example("gb200-nvl72-su"))
    doc, panel = window.editor.doc, window.properties
    [first] = doc.project.halls.values()
    window.add_hall()
    second = doc.project.halls[window.editor.hall_id]
    assert second.site_origin == (10_800, 0)  # wall to wall east of the 10.8 m hall
    wait_checked(qtbot, window)
    assert not [f for f in window.editor.findings if f.code == "site.halls_overlap"]
    commit(panel, "site_x", "10")
    commit(panel, "site_y", "-2.5")
    assert doc.project.halls[second.id].site_origin == (10_000, -2_500)
    wait_checked(qtbot, window)
    [overlap] = [f for f in window.editor.findings if f.code == "site.halls_overlap"]
    assert set(overlap.ids) == {first.id, second.id}
    shown = window.findings_panel.model.rows  # this hall's findings: the second hall's too
    assert overlap in shown
    assert panel.fields["site_x"].text() == "10"
    # where its cables leave for other halls: 1.8 m along its west wall, as a generated
    # hall's (a pod inserted into a hall added without one was an error at once); moved in
    # the panel, and a blank takes it away
    assert (panel.fields["entry_x"].text(), panel.fields["entry_y"].text()) == ("0", "1.8")
    near_entry = QRectF(-1_000, 200, 2_000, 2_000)  # mm about where the entry goes
    assert marked(window.view.hall_scene, near_entry)
    commit(panel, "entry_y", "1.2")
    assert doc.project.halls[second.id].cable_entry == (0, 1_200)
    commit(panel, "entry_x", "")
    assert doc.project.halls[second.id].cable_entry is None
    assert not marked(window.view.hall_scene, near_entry)  # the plan shows it at once
    # an entry beyond the walls is a slip: refused, named, nothing changed
    commit(panel, "entry_y", "50")
    assert panel.problem.text() == (
        f"The cable entry must be inside the hall ‘{second.name}’ or on its wall."
    )
    assert doc.project.halls[second.id].cable_entry is None


def test_a_rack_with_a_rear_door_says_what_reaches_the_room(make_window, example):
    """A trial read "57.2 kW to air" for a DGX B200 rack whose 60 kW rear door leaves the
    room none of it."""
    window = make_window(example("two-sites"))
    project, panel = window.editor.project, window.properties
    rack = next(r for r in project.placements.values() if r.rear_door_kw)
    assert rack.rear_door_kw == 60
    window.selection.set([rack.id])
    assert "57.2 kW to air (0 kW past rear doors)" in panel.summary.text()


def test_ctrl_z_in_a_field_just_committed_undoes_the_edit_and_ctrl_y_redoes_it(
    qtbot, make_window, example
):
    """A trial laid a second fibre path with Enter, pressed Ctrl+Z in the field (which
    keeps the keyboard) and nothing came back: the field took the keys for its own typing."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QKeySequence
    from PySide6.QtTest import QTest

    window = make_window(example("two-sites"))
    doc, panel = window.editor.doc, window.properties
    north, south = doc.project.sites
    key = f"fibre_{south}_2"
    field = panel.fields[key]
    field.setFocus()
    QTest.keyClicks(field, "46")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert [r.distance_km for r in routes_between(doc.project, north, south)] == [40, 46]
    field = panel.fields[key]  # the form may have been built again
    field.setFocus()
    QTest.keySequence(field, QKeySequence(QKeySequence.StandardKey.Undo))
    assert [r.distance_km for r in routes_between(doc.project, north, south)] == [40]
    field = panel.fields[key]
    field.setFocus()
    QTest.keySequence(field, QKeySequence(QKeySequence.StandardKey.Redo))
    assert [r.distance_km for r in routes_between(doc.project, north, south)] == [40, 46]
    # while typed text is in the field, Ctrl+Z is the field's own
    field = panel.fields[f"fibre_{south}"]
    field.setFocus()
    QTest.keyClicks(field, "5")
    QTest.keySequence(field, QKeySequence(QKeySequence.StandardKey.Undo))
    assert field.text() == "40"
    assert [r.distance_km for r in routes_between(doc.project, north, south)] == [40, 46]
