"""Zoom about the cursor, pan with the middle button or Space, fit: view only, no edits."""

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.gui.helpers import LEFT, mouse, on_screen


def wheel(widget, pos: QPoint, delta: int) -> None:
    event = QWheelEvent(
        QPointF(pos),
        QPointF(widget.mapToGlobal(pos)),
        QPoint(),
        QPoint(0, delta),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_zooms_about_the_point_under_the_cursor(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view = window.view
    cursor = on_screen(view, 2_000, 1_500)
    before = view.pixels_per_mm()
    wheel(view.viewport(), cursor, 240)
    assert view.pixels_per_mm() > before * 1.3
    after = view.mapToScene(cursor)
    assert abs(after.x() - 2_000) < 2 / view.pixels_per_mm() + 20
    assert abs(after.y() - 1_500) < 2 / view.pixels_per_mm() + 20
    window.actions_by_name["fit"].trigger()
    assert abs(view.pixels_per_mm() - before) < 1e-9


def test_middle_button_and_space_drag_pan_without_editing(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view, doc = window.view, window.editor.doc
    wheel(view.viewport(), on_screen(view, 4_800, 3_600), 480)
    before = doc.project
    centre = view.mapToScene(view.viewport().rect().center())
    start = view.viewport().rect().center()
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonPress, start, Qt.MouseButton.MiddleButton)
    mouse(
        view.viewport(),
        QMouseEvent.Type.MouseMove,
        start + QPoint(100, 40),
        buttons=Qt.MouseButton.MiddleButton,
    )
    mouse(
        view.viewport(),
        QMouseEvent.Type.MouseButtonRelease,
        start + QPoint(100, 40),
        Qt.MouseButton.MiddleButton,
    )
    moved = view.mapToScene(view.viewport().rect().center())
    assert abs((centre.x() - moved.x()) * view.pixels_per_mm() - 100) <= 2
    view.setFocus()
    QTest.keyPress(view, Qt.Key.Key_Space)
    point = on_screen(view, *window.editor.picker().box(next(iter(doc.project.placements))).centre)
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonPress, point)
    mouse(view.viewport(), QMouseEvent.Type.MouseMove, point + QPoint(0, 60), buttons=LEFT)
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonRelease, point + QPoint(0, 60))
    QTest.keyRelease(view, Qt.Key.Key_Space)
    assert (
        abs(
            (moved.y() - view.mapToScene(view.viewport().rect().center()).y())
            * view.pixels_per_mm()
            - 60
        )
        <= 2
    )
    assert doc.project is before and window.selection.ids == []


def test_a_renamed_system_is_relabelled_on_the_canvas(make_window, example):
    from designer.core.document import operations as ops

    window = make_window(example("cm384-supernode"))
    doc = window.editor.doc
    [group] = doc.project.groups.values()
    ops.update(doc, group.id, label="SN-7")
    systems = {
        name for chunk in window.view.hall_scene.racks.chunks for name in chunk.arrays.systems
    }
    assert systems == {"SN-7"}
    doc.undo()
    systems = {
        name for chunk in window.view.hall_scene.racks.chunks for name in chunk.arrays.systems
    }
    assert systems == {group.label}
