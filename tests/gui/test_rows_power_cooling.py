"""A hand-built pod through the real window (issue 22): a CDU dropped at a row's end faces
with the row, Place Row extends the selected row, Renumber Row, eight racks fed from the
busways above them and given their nearest CDU in one action each, a busway set to 1,250 A
ordered as one, and the Tier III setting.

The row: eight GB200 NVL72 (600 x 1,068 mm) facing down (180) from (2,400, 2,400), so x
2,400-7,200 and fronts at y = 3,468, in File ▸ New's 24 x 18 m hall.
"""

from PySide6.QtWidgets import QDialogButtonBox

from designer.core.document import operations as ops
from designer.core.placement.entry import PaletteEntry
from designer.gui.dialogs.place_row import PlaceRowDialog, RowSpec
from designer.gui.dialogs.project_settings import ProjectSettingsDialog
from designer.gui.panels.palette import mime_data
from tests.gui.helpers import drag_drop, on_screen

NVL72 = "nvidia-gb200-nvl72"


def pod_row(make_window, prompts):
    window = make_window()
    assert window.files.new()
    prompts.row_answer = RowSpec(NVL72, 8, 180, 0, "R1-", 2_400, 2_400)
    window.actions_by_name["place_row"].trigger()
    row = sorted(
        window.editor.project.placements, key=lambda i: window.editor.project.placements[i].x
    )
    assert len(row) == 8
    return window, row


def test_a_cdu_dropped_at_the_rows_end_faces_with_the_row(make_window, prompts):
    window, row = pod_row(make_window, prompts)
    view, doc = window.view, window.editor.doc
    window.editor.place_rotation = 0  # the tool faces up; the row faces down
    cdu = PaletteEntry("cooling", "cdu-inrow-1368")
    assert drag_drop(view.viewport(), mime_data(cdu), on_screen(view, 7_500, 2_900))
    (unit,) = doc.project.cooling_units.values()
    # facing the row's way, against its end rack, its 1,200 mm deep front on y = 3,468
    assert (unit.rotation, unit.x, unit.y) == (180, 7_200, 2_268)
    net = PaletteEntry("rack", "nvidia-qm9700-rack")
    assert drag_drop(view.viewport(), mime_data(net), on_screen(view, 2_100, 2_900))
    (rack,) = [r for r in doc.project.placements.values() if r.id not in row]
    assert (rack.rotation, rack.x, rack.y) == (180, 1_800, 2_268)


def test_place_row_offers_to_extend_the_selected_row_and_renumber_counts_along_it(
    make_window, prompts, qtbot
):
    window, row = pod_row(make_window, prompts)
    project = window.editor.project
    window.selection.set([row[2]])
    prompts.row_answer = None
    window.actions_by_name["place_row"].trigger()
    extend = prompts.row_extension
    assert extend.text == "8 racks, R1-01 to R1-08"
    assert extend.place(NVL72, 0) == (7_200, 2_400, 180)
    # the real dialog: ticked, the first corner and facing are the row end's
    dialog = PlaceRowDialog(dict(window.editor.doc.rack_types), NVL72, "R1-", (0, 0), extend=extend)
    qtbot.addWidget(dialog)
    spec = dialog.spec()
    assert (spec.x, spec.y, spec.rotation) == (7_200, 2_400, 180)
    assert not dialog.x.isEnabled()
    dialog.gap.setValue(600)
    assert dialog.spec().x == 7_800
    dialog.extend.setChecked(False)
    assert dialog.x.isEnabled()
    # placed: two more racks carry the row on, labelled on from R1-08
    prompts.row_answer = RowSpec(NVL72, 2, 180, 0, "R1-", 7_200, 2_400)
    window.actions_by_name["place_row"].trigger()
    project = window.editor.project
    labels = sorted(r.label for r in project.placements.values())
    assert labels[-2:] == ["R1-09", "R1-10"]
    # a rack relabelled by hand; Renumber Row counts along the row again
    ops.update(window.editor.doc, row[3], label="NVL72-77")
    window.selection.set([row[0]])
    window.actions_by_name["renumber_row"].trigger()
    project = window.editor.project
    by_x = sorted(project.placements.values(), key=lambda r: r.x)
    assert [r.label for r in by_x] == [f"R1-{n:02d}" for n in range(1, 11)]
    assert window.editor.doc.history.undo_label == "Renumber row"
    assert "Renumbered 1 rack of the row: R1-01 to R1-10." in window.status.currentMessage()


def _busway(window, name, side, y):
    return ops.add_feed(
        window.editor.doc,
        window.editor.hall_id,
        "busway-1250a-415v",
        [(2_400, y), (7_200, y)],
        name,
        side=side,
    )


def test_feed_8_racks_from_the_busways_above_in_one_action(make_window, prompts):
    window, row = pod_row(make_window, prompts)
    a = _busway(window, "Busway A1", "A", 2_700)
    b = _busway(window, "Busway B1", "B", 3_200)
    window.selection.set(row)
    window.actions_by_name["feed_above"].trigger()
    project = window.editor.project
    assert all(project.placements[r].feed_ids == [a, b] for r in row)
    assert window.status.currentMessage() == "Fed 8 racks from Busway A1, Busway B1."
    assert window.editor.doc.history.undo_label == "Feed from busways above"
    window.actions_by_name["undo"].trigger()  # one step takes all eight back
    assert all(window.editor.project.placements[r].feed_ids == [] for r in row)


def test_assign_nearest_cdu_in_one_action(make_window, prompts):
    window, row = pod_row(make_window, prompts)
    doc, hall = window.editor.doc, window.editor.hall_id
    left = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 1_600, 2_268, "CDU-1", 180)
    right = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 7_200, 2_268, "CDU-2", 180)
    window.selection.set(row)
    window.actions_by_name["nearest_cdu"].trigger()
    project = window.editor.project
    assert [project.placements[r].cdu_id for r in row] == [left] * 4 + [right] * 4
    assert window.status.currentMessage() == (
        "Gave 8 liquid-cooled racks the nearest CDU with room (CDU-1 4, CDU-2 4)."
    )
    assert window.editor.doc.history.undo_label == "Assign nearest CDU"


def test_a_busway_set_to_1250_amps_becomes_the_1250_amp_type_in_the_panel(make_window, prompts):
    window, _ = pod_row(make_window, prompts)
    feed = ops.add_feed(
        window.editor.doc,
        window.editor.hall_id,
        "busway-800a-415v",
        [(2_400, 2_700), (7_200, 2_700)],
        "Busway A1",
    )
    window.selection.set([feed])
    panel = window.properties
    field = panel.fields["amps"]
    field.setText("1250")
    field.setModified(True)
    field.editingFinished.emit()
    busway = window.editor.project.feeds[feed]
    assert (busway.amps, busway.type_id) == (1_250, "busway-1250a-415v")
    kind = panel.fields["type"]
    assert kind.currentData() == "busway-1250a-415v"
    kind.activated.emit(kind.findData("busway-400a-415v"))
    busway = window.editor.project.feeds[feed]
    assert (busway.amps, busway.type_id) == (400, "busway-400a-415v")


def test_the_tier_iii_choice_is_a_project_setting(make_window, prompts, qtbot):
    window, _ = pod_row(make_window, prompts)
    dialog = ProjectSettingsDialog(window.editor, window)
    qtbot.addWidget(dialog)
    assert dialog.tier_iii.currentData() == "liquid_cooled"
    dialog.tier_iii.setCurrentIndex(dialog.tier_iii.findData("all"))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert window.editor.project.settings.rules.tier_iii_racks == "all"
