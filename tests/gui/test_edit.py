"""Editing on the canvas: select, drag-move with one undo step, rotate, nudge, delete, copy."""

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from designer.core.geometry.footprint import Box
from tests.gui.helpers import LEFT, click, drag, mouse, on_screen

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def rack(window, label):
    return next(r for r in window.editor.project.placements.values() if r.label == label)


def centre(window, placement):
    box = window.editor.picker().box(placement.id)
    return on_screen(window.view, *box.centre)


def test_a_mouse_drag_moves_a_rack_by_whole_tiles_and_one_undo_puts_it_back(
    qtbot, make_window, example
):
    window = make_window(example("gb200-nvl72-su"))
    doc, view = window.editor.doc, window.view
    before = doc.project
    moved = rack(window, "NVL72-01")
    start = centre(window, moved)
    end = on_screen(window.view, moved.x + 300 + 1_250, moved.y + 534 + 3_010)
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonPress, start)
    for i in range(1, 7):
        mouse(
            view.viewport(), QMouseEvent.Type.MouseMove, start + (end - start) * i / 6, buttons=LEFT
        )
        # while the button is down only stand-ins move: the model is untouched
        assert doc.project is before
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonRelease, end)
    after = doc.project.placements[moved.id]
    # the grabbed rack's corner lands on the tile grid nearest the drop
    # dragged 1,250 x 3,010 mm: moved by whole 600 mm tiles, 1,200 x 3,000, so it keeps its
    # place against its row (2,100 + 1,200, 1,332 + 3,000)
    assert (after.x, after.y) == (3_300, 4_332)
    # the drag's "Esc cancels" gives way to what was done
    assert window.status.currentMessage() == "Moved by 1.2 m, 3 m."
    assert doc.history.undo_label == "Move NVL72-01"
    assert doc.revision == 1
    window.bridge.undo()
    assert doc.project == before


def test_escape_during_a_drag_puts_everything_back(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc, view = window.editor.doc, window.view
    before = doc.project
    start = centre(window, rack(window, "NVL72-02"))
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonPress, start)
    mouse(view.viewport(), QMouseEvent.Type.MouseMove, start + QPoint(80, 120), buttons=LEFT)
    from PySide6.QtTest import QTest

    QTest.keyClick(view, Qt.Key.Key_Escape)
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonRelease, start + QPoint(80, 120))
    assert doc.project is before
    assert not doc.history.can_undo


def test_delete_then_undo_restores_the_rack_with_its_feeds_and_cdu(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc, view = window.editor.doc, window.view
    original = rack(window, "NVL72-05")
    assert original.feed_ids and original.cdu_id
    click(view.viewport(), centre(window, original))
    assert window.selection.ids == [original.id]
    view.setFocus()
    from PySide6.QtTest import QTest

    QTest.keyClick(view, Qt.Key.Key_Delete)
    assert original.id not in doc.project.placements
    assert window.selection.ids == []
    window.actions_by_name["undo"].trigger()
    assert doc.project.placements[original.id] == original
    # back, and selected again, as it was before the delete (a trial's undo selected nothing)
    assert window.selection.ids == [original.id]
    window.actions_by_name["redo"].trigger()
    assert window.selection.ids == []


def test_undoing_a_change_to_the_hall_keeps_the_selected_rack_selected(make_window, example):
    from designer.core.document import operations as ops

    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    chosen = rack(window, "NVL72-03")
    click(window.view.viewport(), centre(window, chosen))
    hall = chosen.hall_id
    window.editor.run(lambda: ops.update(doc, hall, name="Data hall 2"))
    seen: list[list[str]] = []
    window.selection.changed.connect(lambda: seen.append(list(window.selection.ids)))
    window.actions_by_name["undo"].trigger()
    assert doc.project.halls[hall].name != "Data hall 2"
    assert window.selection.ids == [chosen.id]
    assert seen == []  # never cleared or set to the hall in between


def test_r_turns_the_selection_and_arrow_moves_merge_into_one_step(make_window, example):
    from PySide6.QtTest import QTest

    window = make_window(example("gb200-nvl72-su"))
    doc, view = window.editor.doc, window.view
    original = rack(window, "NVL72-08")
    click(view.viewport(), centre(window, original))
    view.setFocus()
    QTest.keyClick(view, Qt.Key.Key_R)
    assert doc.project.placements[original.id].rotation == (original.rotation + 90) % 360
    turned = doc.project.placements[original.id]
    for _ in range(3):
        QTest.keyClick(view, Qt.Key.Key_Down)
    QTest.keyClick(view, Qt.Key.Key_Right, SHIFT)
    assert doc.project.placements[original.id].y == turned.y + 300
    assert doc.project.placements[original.id].x == turned.x + 600
    # consecutive arrow moves of one selection are one undo step
    window.bridge.undo()
    assert doc.project.placements[original.id] == turned


def test_shift_adds_ctrl_toggles_and_a_click_on_the_floor_clears(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view = window.view
    a, b = rack(window, "NVL72-01"), rack(window, "NVL72-02")
    click(view.viewport(), centre(window, a))
    click(view.viewport(), centre(window, b), SHIFT)
    assert window.selection.ids == [a.id, b.id]
    click(view.viewport(), centre(window, a), CTRL)
    assert window.selection.ids == [b.id]
    click(view.viewport(), on_screen(view, 5_000, 4_800))
    assert window.selection.ids == []


def test_a_rubber_band_left_to_right_takes_what_is_wholly_inside(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view, picker = window.view, window.editor.picker()
    boxes = [picker.box(rack(window, f"NVL72-0{i}").id) for i in range(1, 5)]
    x0, x1 = min(b.x0 for b in boxes) - 40, max(b.x1 for b in boxes) + 40
    y0, y1 = min(b.y0 for b in boxes) - 40, max(b.y1 for b in boxes) + 40
    project = window.editor.project
    # the four racks and the floor round them in view, whatever room the docks leave
    view.zoom_to_box(Box(x0, y0, x1, y1))
    # from the open floor below the row, up and to the right around NVL72-01 .. 04
    drag(view.viewport(), on_screen(view, x0, y1), on_screen(view, x1, y0))
    labels = sorted(
        project.placements[i].label for i in window.selection.ids if i in project.placements
    )
    assert labels == ["NVL72-01", "NVL72-02", "NVL72-03", "NVL72-04"]
    # the row tray runs on past the band: not wholly inside, not taken
    assert not any(i in project.trays for i in window.selection.ids)
    # right to left takes whatever it touches, the tray too
    drag(view.viewport(), on_screen(view, x1, y1), on_screen(view, x0, y0))
    assert any(i in project.trays for i in window.selection.ids)
    assert window.editor.doc.project is project


def test_copy_and_paste_adds_a_copy_in_one_step(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    original = rack(window, "NVL72-01")
    window.selection.set([original.id])
    window.copy()
    assert QApplication.clipboard().mimeData().hasFormat("application/x-rackplan-fragment")
    before = set(doc.project.placements)
    window.paste()
    (copy,) = [r for i, r in doc.project.placements.items() if i not in before]
    assert copy.type_id == original.type_id and copy.label == "NVL72-09"
    assert window.selection.ids == [copy.id]
    window.bridge.undo()
    assert set(doc.project.placements) == before


def test_pasting_over_the_original_puts_the_copy_beside_it(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc, editor = window.editor.doc, window.editor
    original = rack(window, "NVL72-01")
    window.selection.set([original.id])
    fragment = editor.copy_selection()
    box = editor.picker().box(original.id)
    [copy_id] = editor.paste(fragment, box.centre)  # the cursor still on the original
    copy = doc.project.placements[copy_id]
    assert (copy.x, copy.y) == (original.x + box.x1 - box.x0, original.y)
    # anywhere else, the copy is centred on the cursor, snapped to the tiles, as before
    [other_id] = editor.paste(fragment, (box.centre[0], box.centre[1] + 6_000))
    other = doc.project.placements[other_id]
    assert (other.x, other.y) == (2_400, 7_200)  # the tile nearest (2,100, 7,332)


def test_dragging_a_cm384_rack_moves_all_16(make_window, example):
    window = make_window(example("cm384-supernode"))
    doc, view = window.editor.doc, window.view
    members = [r for r in doc.project.placements.values() if r.group_id]
    grabbed = members[0]
    start = centre(window, grabbed)
    drag(view.viewport(), start, on_screen(view, grabbed.x + 300 + 600, grabbed.y + 600 + 1_800))
    after = doc.project.placements
    assert {after[r.id].y - r.y for r in members} == {1_800}
    assert {after[r.id].x - r.x for r in members} == {600}


def test_a_trays_name_moves_off_a_rack_placed_under_it_and_back_on_undo(make_window):
    from designer.core.document import operations as ops

    window = make_window()
    assert window.files.new()  # 24 m x 18 m
    doc, scene = window.editor.doc, window.view.hall_scene
    hall = window.editor.hall_id
    ops.add_tray(doc, hall, [(2_000, 6_000), (14_000, 6_000)], 2_800, 600, 150, "Spine tray")
    (label,) = scene.tray_labels
    assert (label.anchor.x(), label.anchor.y()) == (8_000, 6_000)  # the middle, open floor
    ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 7_700, 5_500)  # right under the name
    (label,) = scene.tray_labels
    assert label.anchor.x() != 8_000 and not 7_000 < label.anchor.x() < 9_000
    window.actions_by_name["undo"].trigger()
    (label,) = scene.tray_labels
    assert (label.anchor.x(), label.anchor.y()) == (8_000, 6_000)


def test_after_a_pause_the_canvas_names_trays_where_the_drawing_set_does(qtbot, make_window):
    """A review found the canvas keeping a name in a second-best place after the rack that
    had pushed it there moved away, and not placing names again when the hall grew."""
    from designer.core.document import operations as ops
    from designer.drawing.plan import hall_plan

    window = make_window()
    assert window.files.new()  # 24 m x 18 m
    doc, scene = window.editor.doc, window.view.hall_scene
    hall = window.editor.hall_id
    ops.add_tray(doc, hall, [(10_000, 600), (10_000, 10_600)], 2_800, 600, 150, "A")
    ops.add_tray(doc, hall, [(1_000, 300), (19_000, 300)], 2_800, 600, 150, "B")
    # racks all along A push its name to its north end, over B's middle, and B's aside;
    # then they go, and A's name goes back to its middle
    column = [
        ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 9_700, y)
        for y in range(1_000, 11_000, 1_100)
    ]

    def on_paper():
        plan = hall_plan(doc.project, hall, doc.rack_types, [])
        return [(label.name, label.anchor, label.align) for label in plan.trays.labels]

    def on_canvas():
        return [(label.name, label.anchor, label.align) for label in scene.tray_labels]

    qtbot.waitUntil(lambda: on_canvas() == on_paper(), timeout=3_000)
    ops.delete(doc, column)
    qtbot.waitUntil(lambda: on_canvas() == on_paper(), timeout=3_000)
    outline = [(-4_000, 0), (24_000, 0), (24_000, 18_000), (-4_000, 18_000)]
    ops.update(doc, hall, outline=outline)  # the hall grows west
    qtbot.waitUntil(lambda: on_canvas() == on_paper(), timeout=3_000)
