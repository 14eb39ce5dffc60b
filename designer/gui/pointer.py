"""Where the cursor stands on the canvas, for a command given from a menu or the keyboard.

Insert ▸ Pod puts the pod at the cursor when the cursor is on the floor plan. The last
mouse move over the canvas says where; once the cursor has left the canvas (for the menu
bar, a panel, a dialog) there is no such point, and the command finds a place itself
rather than use the spot where the cursor happened to cross the canvas's edge.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QGraphicsView


class CanvasPointer(QObject):
    """Follows the cursor over ``view``'s viewport."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view
        self._at: QPoint | None = None
        view.viewport().installEventFilter(self)

    def floor(self) -> tuple[float, float] | None:
        """The floor point (mm) under the cursor while it is over the canvas shown, else
        None. Mapped now, so a zoom from the keyboard since the last move is followed."""
        if self._at is None or not self.view.isVisible():
            return None
        point = self.view.mapToScene(self._at)
        return (point.x(), point.y())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseMove and isinstance(event, QMouseEvent):
            self._at = event.position().toPoint()
        elif event.type() == QEvent.Type.Leave:
            self._at = None
        return False
