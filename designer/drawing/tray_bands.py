"""Cable trays as bands on the floor, as wide as the trays, drawn in few painter calls.

A tray's band is its centre line stroked as wide as the tray, flat at its ends. Most trays
run straight along x or y, and their band is then a rectangle: a hall's are drawn with a
few ``drawRects``, and only the few trays that bend are stroked into paths. A campus's
600 trays were 600 paths, read point by point.

The bands are translucent, so where two meet (an aisle tray running into its row's tray)
the later shows over the earlier, darker, and covers its dashed edge. One path of them all
would lose that: a painter fills a path's union once and strokes it after filling it. So the
bands are drawn in layers: a band goes one layer above the highest earlier band of its hall
that it meets, so every two bands that meet are painted in the trays' order, and no two
bands of one layer meet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain, pairwise
from typing import NamedTuple

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPainterPathStroker

from designer.core.model.hall import CableTray
from designer.drawing.arrays import draw_rects, in_clip
from designer.drawing.grouped import group_bounds, read_paths, starts
from designer.drawing.lod import Context


class BandLayer(NamedTuple):
    """The bands of one layer: the straight trays' as rectangles (x, y, width, height rows,
    mm) and the bent trays' as stroked paths with their bounds, each in the trays' order."""

    rects: np.ndarray
    paths: list[tuple[QRectF, QPainterPath]]


@dataclass(frozen=True)
class TrayBands:
    """A hall's tray bands in the layers they are drawn in, bottom first, with their bounds
    and the width of the widest tray (mm; 0 without trays)."""

    layers: tuple[BandLayer, ...]
    bounds: QRectF
    widest: float


def tray_bands(groups: Sequence[Sequence[CableTray]]) -> list[TrayBands]:
    """The bands of each group of trays (each hall's, for a drawing set), all read at once."""
    trays = list(chain.from_iterable(groups))
    start = starts(groups)
    read = read_paths([tray.path for tray in trays])
    width = np.fromiter((t.width_mm for t in trays), dtype=np.float64, count=len(trays))
    begin, end = read.points[read.first], read.points[read.first + 1]  # a tray has two or more
    along_x, along_y = begin[:, 1] == end[:, 1], begin[:, 0] == end[:, 0]
    straight = (read.count == 2) & (along_x != along_y)
    # a straight band: the segment's extent, widened across it by half the tray each side
    boxes = np.column_stack([np.minimum(begin, end), np.abs(end - begin)])
    boxes[:, 1] -= np.where(along_x, width / 2, 0)
    boxes[:, 0] -= np.where(along_y, width / 2, 0)
    boxes[:, 3] += np.where(along_x, width, 0)
    boxes[:, 2] += np.where(along_y, width, 0)
    paths: dict[int, tuple[QRectF, QPainterPath]] = {}
    for index in np.flatnonzero(~straight).tolist():
        band = _band(trays[index])
        bounds = band.boundingRect()
        paths[index] = (bounds, band)
        boxes[index] = (bounds.x(), bounds.y(), bounds.width(), bounds.height())
    # a bent tray stroked to nothing (its points all one) draws nothing and bounds nothing
    shown = straight.copy()
    shown[list(paths)] = [not path.isEmpty() for _, path in paths.values()]
    group = np.repeat(np.arange(len(groups)), np.diff(start))
    kept = np.flatnonzero(shown)
    layer = np.zeros(len(trays), dtype=np.intp)
    layer[kept] = _layers(boxes[kept], group[kept])
    cut = np.searchsorted(kept, start)  # each group's trays among those kept
    bounds = group_bounds(boxes[kept], cut)
    # the kept trays by group and layer, each in the trays' order: every layer's straight
    # bands are then one run of rows, and its bent ones one run of indices
    depth = int(layer.max()) + 1 if len(trays) else 1
    ranked = kept[np.lexsort((layer[kept], group[kept]))]
    code = group[ranked] * depth + layer[ranked]
    flat, bent = straight[ranked], ~straight[ranked]
    rects = np.ascontiguousarray(boxes[ranked[flat]])
    bent_rows = ranked[bent].tolist()
    layers_of = np.full(len(groups), -1)
    np.maximum.at(layers_of, group[kept], layer[kept])
    runs = np.arange(len(groups) * depth + 1)
    flat_at = np.searchsorted(code[flat], runs).tolist()
    bent_at = np.searchsorted(code[bent], runs).tolist()
    found = []
    for k, (first, last) in enumerate(pairwise(start.tolist())):
        layers = []
        for c in range(k * depth, k * depth + int(layers_of[k]) + 1):
            chosen = bent_rows[bent_at[c] : bent_at[c + 1]]
            layers.append(BandLayer(rects[flat_at[c] : flat_at[c + 1]], [paths[i] for i in chosen]))
        widest = float(width[first:last].max()) if last > first else 0.0
        found.append(TrayBands(tuple(layers), bounds[k], widest))
    return found


def _band(tray: CableTray) -> QPainterPath:
    """``tray``'s centre line stroked as wide as the tray, flat at its ends."""
    line = QPainterPath(QPointF(*tray.path[0]))
    for x, y in tray.path[1:]:
        line.lineTo(x, y)
    stroker = QPainterPathStroker()
    stroker.setWidth(tray.width_mm)
    stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
    stroker.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return stroker.createStroke(line).simplified()


def _layers(boxes: np.ndarray, group: np.ndarray) -> np.ndarray:
    """Each box's layer (x, y, width, height rows in drawing order; ``group`` the hall of
    each): 0, or one above the highest earlier box of its group that it meets or touches.

    The pairs that meet are found by sweeping the boxes by their left edge, the groups set
    apart along x so that no two of different groups meet.
    """
    if not len(boxes):
        return np.zeros(0, dtype=np.intp)
    x0, y0 = boxes[:, 0], boxes[:, 1]
    x1, y1 = x0 + boxes[:, 2], y0 + boxes[:, 3]
    apart = group * (x1.max() - x0.min() + 1.0)
    x0, x1 = x0 + apart, x1 + apart
    order = np.argsort(x0, kind="stable")
    # each box and those starting at or after its left edge, up to its right edge
    reach = np.searchsorted(x0[order], x1[order], side="right") - np.arange(len(order)) - 1
    at = np.repeat(np.arange(len(order)), reach)
    step = np.arange(len(at)) - np.repeat(np.cumsum(reach) - reach, reach) + 1
    a, b = order[at], order[at + step]
    meet = (y0[a] <= y1[b]) & (y0[b] <= y1[a])
    earlier, later = np.minimum(a, b)[meet], np.maximum(a, b)[meet]
    layer = np.zeros(len(boxes), dtype=np.intp)
    while True:
        deeper = np.zeros_like(layer)
        np.maximum.at(deeper, later, layer[earlier] + 1)
        if np.array_equal(deeper, layer):
            return layer
        layer = deeper


def draw_tray_bands(painter: QPainter, bands: TrayBands, ctx: Context) -> None:
    """The bands meeting the clip, layer by layer, with the painter's pen and brush."""
    whole = ctx.clip is None or ctx.clip.contains(bands.bounds)
    for layer in bands.layers:
        draw_rects(painter, layer.rects if whole else layer.rects[in_clip(layer.rects, ctx.clip)])
        for rect, band in layer.paths:
            if whole or ctx.shows(rect.left(), rect.top(), rect.right(), rect.bottom()):
                painter.drawPath(band)
