"""Overhead cable trays: their floor bands, centre lines and names.

The bands come from ``tray_bands``; the names are placed by ``tray_labels`` and written
here with the other labels, over the busways and links.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

from designer.core.model.hall import CableTray
from designer.drawing import style
from designer.drawing.arrays import draw_lines
from designer.drawing.grouped import Paths, read_paths
from designer.drawing.lod import LABEL_LOD, Context
from designer.drawing.text import draw_text_at
from designer.drawing.tray_bands import TrayBands, draw_tray_bands, tray_bands
from designer.drawing.tray_labels import (
    TRAY_LABEL_LOD,
    TRAY_LABEL_PT,
    TRAY_NAME_PLACED_PT_PER_MM,
    TrayLabel,
    name_half_size,
    tray_labels,
)

_ALIGN = {
    "centre": Qt.AlignmentFlag.AlignCenter,
    "start": Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    "end": Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
}


@dataclass
class TrayGeometry:
    """The trays' floor bands (``tray_bands``), and the centre lines.

    ``runs`` groups the centre segments by tray width, for views too far out to see a
    band's edges. The centre lines and runs are read from the trays when first asked for,
    and the names placed: a sheet at 1:200 draws the bands only, and a campus has 600 trays.
    """

    bands: TrayBands
    #: The trays, and what their names keep clear of (see ``tray_labels``).
    trays: list[CableTray] = field(default_factory=list)
    keep_clear: np.ndarray | None = None
    #: The names' places once asked for (or given, by the canvas after an edit).
    placed: list[TrayLabel] | None = None

    @property
    def bounds(self) -> QRectF:
        return self.bands.bounds

    @property
    def labels(self) -> list[TrayLabel]:
        if self.placed is None:
            self.placed = tray_labels(self.trays, self.keep_clear)
        return self.placed

    @cached_property
    def centre(self) -> np.ndarray:
        """Every tray's centre line, segment by segment (x1, y1, x2, y2 rows, mm)."""
        return self._read.segments

    @cached_property
    def runs(self) -> dict[int, np.ndarray]:
        """The centre segments by tray width, in the trays' order."""
        width = np.fromiter((t.width_mm for t in self.trays), dtype=np.int64, count=len(self.trays))
        of_segment = width[self._read.owner]
        return {
            w: self.centre[of_segment == w] for w in dict.fromkeys(t.width_mm for t in self.trays)
        }

    @cached_property
    def _read(self) -> Paths:
        return read_paths([tray.path for tray in self.trays])


def tray_geometry(trays: Iterable[CableTray], keep_clear: np.ndarray | None = None) -> TrayGeometry:
    """The trays' bands, and what their centre lines and names are placed from.

    ``keep_clear`` holds floor boxes (x0, y0, x1, y1 rows, mm) a name should not cover:
    the racks and cooling units under the trays, whose own labels would cross it.
    """
    [geometry] = tray_geometries([list(trays)], [keep_clear])
    return geometry


def tray_geometries(
    groups: Sequence[Sequence[CableTray]], keep_clear: Sequence[np.ndarray | None]
) -> list[TrayGeometry]:
    """``tray_geometry`` of each group of trays (each hall's, for a drawing set) with what
    its names keep clear of, the bands of all read at once."""
    return [
        TrayGeometry(bands, list(group), clear)
        for bands, group, clear in zip(tray_bands(groups), groups, keep_clear, strict=True)
    ]


#: Below this width on the page, in points, a tray is drawn as a plain band of its width.
TRAY_EDGE_PT = 6.0


def draw_trays(painter: QPainter, geometry: TrayGeometry, ctx: Context) -> None:
    """Overhead trays the way plans show things above the floor: a light band, dashed edges.

    Far out, where the edges would merge, each tray is one translucent stroke of its width.
    Their names are written with the other labels (``draw_tray_labels``).
    """
    if not geometry.bands.layers:
        return
    if geometry.bands.widest * ctx.points_per_mm < TRAY_EDGE_PT:
        for width, lines in geometry.runs.items():
            painter.setPen(style.floor_pen(style.TRAY_FAR, width))
            draw_lines(painter, lines)
        return
    painter.setPen(style.pen(style.TRAY_EDGE, 0.9, ctx.px_per_point, Qt.PenStyle.DashLine))
    painter.setBrush(style.brush(style.TRAY))
    draw_tray_bands(painter, geometry.bands, ctx)
    if ctx.points_per_mm >= LABEL_LOD and len(geometry.centre):
        painter.setPen(style.pen(style.TRAY_EDGE, 0.5, ctx.px_per_point, Qt.PenStyle.DashDotLine))
        draw_lines(painter, geometry.centre)


def draw_tray_labels(painter: QPainter, geometry: TrayGeometry, ctx: Context) -> None:
    """The trays' names, over the busways and links, each along its stretch of tray or
    beside its end."""
    if ctx.points_per_mm < TRAY_LABEL_LOD:
        return
    for label in geometry.labels:
        anchor = label.anchor
        if label.leader is not None:
            _draw_leader(painter, ctx, label)
        if ctx.shows(anchor.x(), anchor.y(), anchor.x(), anchor.y()):
            draw_text_at(
                painter,
                ctx,
                anchor,
                label.name,
                TRAY_LABEL_PT,
                style.TRAY_EDGE,
                _ALIGN[label.align],
                halo=True,
                upright=label.upright,
            )


def _draw_leader(painter: QPainter, ctx: Context, label: TrayLabel) -> None:
    """A thin line from the edge of a name set off its tray to the tray."""
    assert label.leader is not None
    # the name's half size on the floor at this scale (it was placed for 1:100)
    along, across = name_half_size(label.name)
    grow = TRAY_NAME_PLACED_PT_PER_MM / ctx.points_per_mm
    ax, ay = label.anchor.x(), label.anchor.y()
    tx, ty = label.leader.x(), label.leader.y()
    dx, dy = tx - ax, ty - ay
    out = min(
        along * grow / abs(dx) if dx else math.inf, across * grow / abs(dy) if dy else math.inf
    )
    if out >= 1:  # the name covers its tray's middle at this scale: no room for a line
        return
    painter.setPen(style.pen(style.TRAY_EDGE, 0.5, ctx.px_per_point))
    painter.drawLine(QLineF(ax + dx * out, ay + dy * out, tx, ty))
    # a dot where it meets the tray, as a drawing's leader ends on what it names
    dot = ctx.millimetres(1.2)
    painter.setBrush(style.brush(style.TRAY_EDGE))
    painter.drawEllipse(QPointF(tx, ty), dot, dot)
