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
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF

from designer.core.geometry.footprint import Box
from designer.drawing import style
from designer.drawing.lod import Context

SEVERITIES = ("info", "warning", "error")
#: Marker size in points.
MARKER_PT = 10.0


def severity_name(severity: Any) -> str:
    """``"error"``, ``"warning"`` or ``"info"`` for a severity enum member or string."""
    return str(getattr(severity, "value", severity))


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


def draw_markers(painter: QPainter, markers: Markers, ctx: Context) -> None:
    """Draw every marker in the clip, one path per severity, in device pixels."""
    if not len(markers):
        return
    transform = painter.worldTransform()
    radius = ctx.pixels(MARKER_PT) / 2
    margin = ctx.millimetres(MARKER_PT)
    clip = ctx.clip.adjusted(-margin, -margin, margin, margin) if ctx.clip is not None else None
    painter.save()
    painter.resetTransform()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for code, name in enumerate(SEVERITIES):
        shapes = QPainterPath()
        ticks = QPainterPath()
        for x, y in markers.points[markers.severity == code]:
            if clip is not None and not clip.contains(x, y):
                continue
            anchor = transform.map(QPointF(x, y))
            r = radius if name != "info" else radius * 0.75
            # the marker sits just inside the corner it names, its rim on the corner
            centre = QPointF(anchor.x() - r * 0.6, anchor.y() + r * 0.6)
            cx, cy = centre.x(), centre.y()
            if name == "warning":
                shapes.addPolygon(_triangle(cx, cy, r))
                shapes.closeSubpath()
                ticks.addRect(QRectF(cx - r * 0.1, cy - r * 0.45, r * 0.2, r * 0.6))
                ticks.addRect(QRectF(cx - r * 0.1, cy + r * 0.3, r * 0.2, r * 0.2))
            else:
                shapes.addEllipse(centre, r, r)
                if name == "error":
                    ticks.addRect(QRectF(cx - r * 0.55, cy - r * 0.14, r * 1.1, r * 0.28))
        if shapes.isEmpty():
            continue
        painter.setPen(style.pen(style.PAPER, 1.0, ctx.px_per_point))
        painter.setBrush(style.brush(style.SEVERITY_COLOUR[name]))
        painter.drawPath(shapes)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(style.brush(style.PAPER))
        painter.drawPath(ticks)
    painter.restore()
