"""Columns, keep-out zones and walls standing in a hall: their outlines by kind and labels.

The geometry (model entities -> painter paths) is built once per change, the drawing done
every paint, so a canvas layer rebuilds only when its obstacles change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPolygonF

from designer.core.model.hall import Obstacle
from designer.drawing import style
from designer.drawing.lod import HATCH_LOD, LABEL_LOD, Context
from designer.drawing.text import draw_boxed_labels


@dataclass(frozen=True)
class ObstacleGeometry:
    """Outlines of obstacles by kind, with their labels."""

    paths: dict[str, QPainterPath]
    labels: list[tuple[QRectF, str]]
    bounds: QRectF
    #: Each label's obstacle fill: its text is set on a patch of it, so lines pass under it.
    label_fills: list[QColor] = field(default_factory=list)


def obstacle_geometry(obstacles: Iterable[Obstacle]) -> ObstacleGeometry:
    paths: dict[str, QPainterPath] = {}
    labels = []
    fills = []
    boxes = []
    for obstacle in obstacles:
        polygon = QPolygonF([QPointF(x, y) for x, y in obstacle.outline])
        path = paths.setdefault(obstacle.kind, QPainterPath())
        path.addPolygon(polygon)
        path.closeSubpath()
        box = polygon.boundingRect()
        boxes.append(box)
        text = obstacle.label or ("KEEP OUT" if obstacle.kind == "keepout" else "")
        if text:
            labels.append((box, text))
            fills.append(_OBSTACLE_LOOK[obstacle.kind][0])
    return ObstacleGeometry(paths, labels, _united(boxes), fills)


_OBSTACLE_LOOK = {
    "column": (style.COLUMN, style.COLUMN_EDGE, Qt.BrushStyle.BDiagPattern),
    "keepout": (style.KEEPOUT, style.KEEPOUT_EDGE, Qt.BrushStyle.FDiagPattern),
    "wall": (style.WALL_STUB, style.WALL, None),
}
_HATCH = {
    kind: QBrush(edge, pattern) for kind, (_, edge, pattern) in _OBSTACLE_LOOK.items() if pattern
}


def draw_obstacles(painter: QPainter, geometry: ObstacleGeometry, ctx: Context) -> None:
    """Columns hatched grey, keep-outs hatched red with a dashed edge, walls solid."""
    for kind, path in geometry.paths.items():
        fill, edge, _ = _OBSTACLE_LOOK[kind]
        dashed = Qt.PenStyle.DashLine if kind == "keepout" else Qt.PenStyle.SolidLine
        painter.setPen(style.pen(edge, 1.0, ctx.px_per_point, dashed))
        painter.setBrush(style.brush(fill))
        painter.drawPath(path)
        if kind in _HATCH and ctx.points_per_mm >= HATCH_LOD:
            painter.setPen(style.NO_PEN)
            painter.setBrush(_HATCH[kind])
            painter.drawPath(path)


def draw_obstacle_labels(painter: QPainter, geometry: ObstacleGeometry, ctx: Context) -> None:
    """Column and keep-out names, drawn with the other labels over the busways and links,
    each on a patch of its obstacle's fill (drawn with the obstacles, a busway struck
    through "C1")."""
    if ctx.points_per_mm < LABEL_LOD or not geometry.labels:
        return
    draw_boxed_labels(
        painter,
        ctx,
        geometry.labels,
        6.5,
        style.INK,
        bold=True,
        backgrounds=geometry.label_fills,
    )


def _united(boxes: Iterable[QRectF]) -> QRectF:
    total = QRectF()
    for box in boxes:
        total = total.united(box)
    return total
