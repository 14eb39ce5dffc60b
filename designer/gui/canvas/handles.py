"""The end handles of the one busway or tray selected: small squares the user drags to
shorten, lengthen or turn its last stretch.

They keep their size on screen at any zoom (stock rectangle items that ignore the view's
scale), and the select tool looks at them before anything on the floor, so an end lying
over a row of racks still answers the mouse.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsScene

from designer.core.model.base import Point
from designer.core.model.project import Project
from designer.drawing import style
from designer.gui.canvas.layers import Z_EDIT

#: The side of a handle on screen, in pixels.
HANDLE_PX = 10


class EndHandles:
    """The handles at the ends of ``run`` (a busway's or tray's id), None when none show."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.run: str | None = None
        self._items: list[QGraphicsRectItem] = []

    def show_for(self, project: Project | None, ids: Sequence[str]) -> None:
        """Handles on the ends of ``ids`` when that is one busway or tray, else none."""
        line = None
        if project is not None and len(ids) == 1:
            line = project.feeds.get(ids[0]) or project.trays.get(ids[0])
        if line is None or len(line.path) < 2:
            self.run = None
            self.place([])
            return
        self.run = line.id
        self.place([line.path[0], line.path[-1]])

    def place(self, points: Sequence[Point]) -> None:
        """Show handles at ``points`` (the ends while one is dragged), hide the rest."""
        while len(self._items) < len(points):
            half = HANDLE_PX / 2
            item = QGraphicsRectItem(QRectF(-half, -half, HANDLE_PX, HANDLE_PX))
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
            # dark on white: it stands out on a busway's blue or orange end and on a rack
            item.setPen(style.pen(style.INK, 1.2, 4 / 3))
            item.setBrush(style.brush(style.PAPER))
            item.setZValue(Z_EDIT + 1)
            self.scene.addItem(item)
            self._items.append(item)
        for k, item in enumerate(self._items):
            item.setVisible(k < len(points))
            if k < len(points):
                item.setPos(*points[k])

    def set_visible(self, visible: bool) -> None:
        """Hide the handles while the selection itself is being dragged."""
        for item in self._items[: 2 if self.run else 0]:
            item.setVisible(visible)
