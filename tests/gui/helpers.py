"""Synthesized input for the canvas, ported from orange-canvas-core's ``gui/test.py``.

``QDrag.exec`` blocks, so a palette drop is sent as the DragEnter / DragMove / Drop events
a real drag would deliver; ``QTest.mouseMove`` carries no buttons, so a drag with the
button held is sent as a ``QMouseEvent`` made here.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsView,
    QListWidget,
    QStyle,
    QStyleOptionViewItem,
    QWidget,
)

LEFT = Qt.MouseButton.LeftButton
NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def drag_drop(
    widget: QWidget,
    mime: QMimeData,
    pos: QPoint,
    modifiers: Qt.KeyboardModifier = NO_MODIFIER,
) -> bool:
    """Deliver enter, move and drop at ``pos``; returns whether the drop was accepted."""
    action = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(pos, action, mime, LEFT, modifiers)
    enter.setAccepted(False)
    QApplication.sendEvent(widget, enter)
    move = QDragMoveEvent(pos, action, mime, LEFT, modifiers)
    move.setAccepted(False)
    QApplication.sendEvent(widget, move)
    if not move.isAccepted():
        QApplication.sendEvent(widget, QDragLeaveEvent())
        return False
    drop = QDropEvent(QPointF(pos), action, mime, LEFT, modifiers)
    drop.setAccepted(False)
    QApplication.sendEvent(widget, drop)
    return drop.isAccepted()


def mouse(
    widget: QWidget,
    kind: QMouseEvent.Type,
    pos: QPoint,
    button: Qt.MouseButton = LEFT,
    buttons: Qt.MouseButton | None = None,
    modifiers: Qt.KeyboardModifier = NO_MODIFIER,
) -> None:
    """Send one mouse event; a move carries ``buttons`` (held) and no button of its own."""
    held = (
        buttons
        if buttons is not None
        else (button if kind != QMouseEvent.Type.MouseButtonRelease else Qt.MouseButton.NoButton)
    )
    own = Qt.MouseButton.NoButton if kind == QMouseEvent.Type.MouseMove else button
    event = QMouseEvent(kind, QPointF(pos), QPointF(widget.mapToGlobal(pos)), own, held, modifiers)
    QApplication.sendEvent(widget, event)


def drag(
    widget: QWidget,
    start: QPoint,
    end: QPoint,
    steps: int = 6,
    modifiers: Qt.KeyboardModifier = NO_MODIFIER,
) -> None:
    """Press at ``start``, move in ``steps`` with the button held, release at ``end``."""
    mouse(widget, QMouseEvent.Type.MouseButtonPress, start, modifiers=modifiers)
    for i in range(1, steps + 1):
        point = start + (end - start) * i / steps
        mouse(widget, QMouseEvent.Type.MouseMove, point, buttons=LEFT, modifiers=modifiers)
    mouse(widget, QMouseEvent.Type.MouseButtonRelease, end, modifiers=modifiers)


def click(widget: QWidget, pos: QPoint, modifiers: Qt.KeyboardModifier = NO_MODIFIER) -> None:
    mouse(widget, QMouseEvent.Type.MouseButtonPress, pos, modifiers=modifiers)
    mouse(widget, QMouseEvent.Type.MouseButtonRelease, pos, modifiers=modifiers)


def on_screen(view: QGraphicsView, x_mm: float, y_mm: float) -> QPoint:
    """The viewport pixel showing the floor point ``(x_mm, y_mm)``."""
    return view.mapFromScene(QPointF(x_mm, y_mm))


def click_check_box(listing: QListWidget, row: int) -> None:
    """Click the check box of ``listing``'s item ``row`` as a user does (press and release)."""
    option = QStyleOptionViewItem()
    option.initFrom(listing)
    option.rect = listing.visualItemRect(listing.item(row))
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    box = listing.style().subElementRect(
        QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, listing
    )
    QTest.mouseClick(listing.viewport(), LEFT, NO_MODIFIER, box.center())


def use_tool(window, name: str) -> None:
    """Pick a tool by its action (as its key or the toolbar does) and give the canvas the keys."""
    window.actions_by_name[name].trigger()
    window.view.setFocus()


def highlight(window, type_id: str) -> None:
    """Highlight the catalog entry of ``type_id`` as the arrow keys do (no click, no tool)."""
    from designer.gui.panels.palette import ENTRY_ROLE

    tree = window.palette.tree
    items = [
        tree.topLevelItem(g).child(i)
        for g in range(tree.topLevelItemCount())
        for i in range(tree.topLevelItem(g).childCount())
    ]
    [item] = [i for i in items if i.data(0, ENTRY_ROLE).type_id == type_id]
    tree.setCurrentItem(item)
