"""Finding markers: where the checker found a problem, drawn at a fixed size in points.

A marker sits on the top-right corner of the first thing the finding names (so the thing's
label stays readable), or at the finding's ``where`` when that lies outside it or the
finding names nothing with a footprint. Errors are red discs, warnings amber triangles, notes small blue discs;
they keep their size at any zoom, so a problem in a corner of a campus still shows.
Findings are read by attribute (``severity``, ``where``, ``ids``, ``hall_id``,
``excluded``), so this module does not depend on the rule engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPaintEngine, QPainter, QPainterPath, QPolygonF

from designer.core.findings import severity_name
from designer.core.geometry.footprint import Box
from designer.drawing import style
from designer.drawing.lod import Context

SEVERITIES = ("info", "warning", "error")
#: Marker size in points.
MARKER_PT = 10.0


@dataclass(frozen=True)
class Markers:
    """Marker positions (mm) and the index into ``SEVERITIES`` of each."""

    points: np.ndarray
    severity: np.ndarray

    def __len__(self) -> int:
        return len(self.points)


def markers_for(
    findings: Iterable[Any], hall_id: str, locate: Callable[[str], Box | None]
) -> Markers:
    """Markers of the findings in ``hall_id`` that are not excluded, worst drawn last.

    ``locate`` gives the footprint of an id (None when it has none in this hall).
    """
    points, severities = [], []
    for finding in findings:
        if finding.excluded or finding.hall_id != hall_id:
            continue
        where = finding.where
        box = next((b for b in map(locate, finding.ids) if b is not None), None)
        if box is not None and (where is None or _inside(box, where)):
            where = (box.x1, box.y0)
        if where is None:
            continue
        points.append(where)
        severities.append(SEVERITIES.index(severity_name(finding.severity)))
    order = np.argsort(np.array(severities, dtype=np.int8), kind="stable")
    return Markers(
        np.array(points, dtype=np.float64).reshape(-1, 2)[order],
        np.array(severities, dtype=np.int8)[order],
    )


def _inside(box: Box, point: tuple[float, float]) -> bool:
    return box.x0 <= point[0] <= box.x1 and box.y0 <= point[1] <= box.y1


def _triangle(x: float, y: float, r: float) -> QPolygonF:
    return QPolygonF(
        [QPointF(x, y - r), QPointF(x + r * 1.1, y + r * 0.8), QPointF(x - r * 1.1, y + r * 0.8)]
    )


def _shape_paths(
    name: str, cx: float, cy: float, r: float, shapes: QPainterPath, ticks: QPainterPath
) -> None:
    """Add one marker of severity ``name`` centred at device point ``(cx, cy)``.

    Errors: a red disc with "!"; warnings: an amber triangle with "!"; notes: a blue disc
    with "i". The glyphs are rectangles, so they need no font.
    """
    bar = r * 0.22
    if name == "warning":
        shapes.addPolygon(_triangle(cx, cy, r))
        shapes.closeSubpath()
        ticks.addRect(QRectF(cx - bar / 2, cy - r * 0.42, bar, r * 0.66))
        ticks.addRect(QRectF(cx - bar / 2, cy + r * 0.36, bar, bar))
        return
    shapes.addEllipse(QPointF(cx, cy), r, r)
    if name == "error":
        ticks.addRect(QRectF(cx - bar / 2, cy - r * 0.58, bar, r * 0.72))
        ticks.addRect(QRectF(cx - bar / 2, cy + r * 0.3, bar, bar))
    else:
        ticks.addRect(QRectF(cx - bar / 2, cy - r * 0.55, bar, bar))
        ticks.addRect(QRectF(cx - bar / 2, cy - r * 0.15, bar, r * 0.7))


def _paint_shapes(
    painter: QPainter, name: str, shapes: QPainterPath, ticks: QPainterPath, px_per_point: float
) -> None:
    painter.setPen(style.pen(style.PAPER, 1.0, px_per_point))
    painter.setBrush(style.brush(style.SEVERITY_COLOUR[name]))
    painter.drawPath(shapes)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(style.brush(style.PAPER))
    painter.drawPath(ticks)


def _radius(name: str, ctx: Context) -> float:
    radius = ctx.pixels(MARKER_PT) / 2
    return radius if name != "info" else radius * 0.75


@lru_cache(maxsize=32)
def _sprite(name: str, px_per_point: float) -> QImage:
    """A marker pre-drawn into a small antialiased image, for raster devices."""
    ctx = Context(1.0, px_per_point)
    r = _radius(name, ctx)
    side = int(2 * r + 4 * px_per_point) + 2
    image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    shapes, ticks = QPainterPath(), QPainterPath()
    _shape_paths(name, side / 2, side / 2, r, shapes, ticks)
    _paint_shapes(painter, name, shapes, ticks, px_per_point)
    painter.end()
    return image


_VECTOR_ENGINES = (QPaintEngine.Type.Pdf, QPaintEngine.Type.SVG, QPaintEngine.Type.Picture)


def draw_markers(painter: QPainter, markers: Markers, ctx: Context) -> None:
    """Draw every marker in the clip at a fixed size, in device pixels.

    On a screen or an image each marker is a blit of a pre-drawn sprite (hundreds of
    markers cost a millisecond); on a PDF, SVG or picture they are vector shapes.
    """
    if not len(markers):
        return
    transform = painter.worldTransform()
    points = markers.points
    shown = np.ones(len(points), dtype=bool)
    if ctx.clip is not None:
        margin = ctx.millimetres(MARKER_PT)
        c = ctx.clip.adjusted(-margin, -margin, margin, margin)
        x, y = points[:, 0], points[:, 1]
        shown = (x >= c.left()) & (x <= c.right()) & (y >= c.top()) & (y <= c.bottom())
        if not shown.any():
            return
    # hall mm to device pixels in one step (plans are never rotated or sheared)
    device_x = points[:, 0] * transform.m11() + transform.dx()
    device_y = points[:, 1] * transform.m22() + transform.dy()
    engine = painter.paintEngine()
    vector = engine is not None and engine.type() in _VECTOR_ENGINES
    painter.save()
    painter.resetTransform()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for code, name in enumerate(SEVERITIES):
        r = _radius(name, ctx)
        sprite = None if vector else _sprite(name, round(ctx.px_per_point, 3))
        shapes, ticks = QPainterPath(), QPainterPath()
        # two findings on one rack put two markers in one place: with the default odd-even
        # rule they would cancel out into a hollow ring
        shapes.setFillRule(Qt.FillRule.WindingFill)
        ticks.setFillRule(Qt.FillRule.WindingFill)
        chosen = shown & (markers.severity == code)
        # the marker sits just inside the corner it names, its rim on the corner
        for cx, cy in zip(
            (device_x[chosen] - r * 0.6).tolist(),
            (device_y[chosen] + r * 0.6).tolist(),
            strict=True,
        ):
            if sprite is not None:
                painter.drawImage(
                    QPointF(cx - sprite.width() / 2, cy - sprite.height() / 2), sprite
                )
            else:
                _shape_paths(name, cx, cy, r, shapes, ticks)
        if not shapes.isEmpty():
            _paint_shapes(painter, name, shapes, ticks, ctx.px_per_point)
    painter.restore()
