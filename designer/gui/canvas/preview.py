"""Stand-ins drawn while the user is still deciding: ghosts of what would be placed, edit
proxies of what is being dragged, the rubber band. Stock C++ path items, so moving them
costs no Python paint call; they never touch the model.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import Literal

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from designer.core.geometry.footprint import Box
from designer.core.model.base import Point
from designer.drawing import style
from designer.gui.canvas.layers import Z_EDIT

#: Screen width of preview outlines, in pixels (the canvas is on screen only).
OUTLINE_PX = 2.0


def boxes_path(
    boxes: Iterable[Box], paths: Iterable[Iterable[Point]] = (), half_width: float = 150
) -> QPainterPath:
    """One path of rectangles (footprints) and thickened polylines (busways, trays)."""
    result = QPainterPath()
    result.setFillRule(Qt.FillRule.WindingFill)
    for box in boxes:
        result.addRect(QRectF(box.x0, box.y0, box.width, box.height))
    for points in paths:
        points = list(points)
        if len(points) == 1:
            x, y = points[0]
            result.addEllipse(QPointF(x, y), half_width, half_width)
            continue
        for (ax, ay), (bx, by) in pairwise(points):
            result.addRect(
                QRectF(
                    min(ax, bx) - half_width,
                    min(ay, by) - half_width,
                    abs(bx - ax) + 2 * half_width,
                    abs(by - ay) + 2 * half_width,
                )
            )
    return result


#: How what is being placed or moved stands: where it fits, where it may stand but overlaps
#: something (placed anyway; the check reports it), where it is refused.
Fit = Literal["fits", "overlaps", "refused"]
_LOOK: dict[str, tuple[QColor, QColor]] = {
    "fits": (style.SELECTION, style.VALID_FILL),
    "overlaps": (style.OVERLAP, style.OVERLAP_FILL),
    "refused": (style.INVALID, style.INVALID_FILL),
}


def fit_of(refused: str | None, overlaps: str | None) -> Fit:
    """The look of a placement refused for ``refused``, or over ``overlaps``, or neither."""
    if refused:
        return "refused"
    return "overlaps" if overlaps else "fits"


class Ghost(QGraphicsPathItem):
    """A translucent outline of what is being placed or moved: blue when it fits, amber when
    it overlaps something, red when it cannot stand there.

    Dashed for what is not there yet (a drop, a row being laid out); solid for the edit
    proxy of what is being dragged.
    """

    def __init__(self, scene: QGraphicsScene, dashed: bool = True) -> None:
        super().__init__()
        self.setZValue(Z_EDIT)
        scene.addItem(self)
        self._style = Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine
        self._fit: Fit | None = None
        self.set_fit("fits")

    def set_fit(self, fit: Fit) -> None:
        if fit == self._fit:
            return
        self._fit = fit
        edge, fill = _LOOK[fit]
        self.setPen(style.pen(edge, OUTLINE_PX * 0.75, 4 / 3, self._style))
        self.setBrush(style.brush(fill))

    def show_shape(self, path: QPainterPath, fit: Fit = "fits") -> None:
        self.setPath(path)
        self.set_fit(fit)
        self.setVisible(True)

    def remove(self) -> None:
        if self.scene() is not None:
            self.scene().removeItem(self)
