"""Busways and PDUs: busway lines and end marks in their A/B side's colour, PDUs as
squares, and their names and ratings.

``feed_geometries`` reads the feeds of every hall of a drawing set in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

from designer.core.format import number
from designer.core.model.hall import PowerFeed
from designer.drawing import style
from designer.drawing.arrays import draw_lines, draw_rects, in_lines
from designer.drawing.grouped import group_bounds, read_paths, sorted_runs, starts
from designer.drawing.lod import DETAIL_LOD, Context
from designer.drawing.style import POINT_MARK_MM
from designer.drawing.text import draw_text_at


@dataclass(frozen=True)
class FeedGeometry:
    """Busway segments and end marks per A/B side; PDUs as squares; labels.

    The labels are written from the ``feeds`` when first asked for: only a view closer
    than ``DETAIL_LOD`` shows them, and a campus has 864 busways.
    """

    segments: dict[str | None, np.ndarray]
    marks: dict[str | None, np.ndarray]
    bounds: QRectF
    feeds: list[PowerFeed] = field(default_factory=list)

    @cached_property
    def labels(self) -> list[tuple[QPointF, str]]:
        """Each feed's name and rating, at its first point."""
        return [
            (QPointF(*feed.path[0]), f"{feed.name}  {number(feed.rating_kw, 0)} kW")
            for feed in self.feeds
        ]


def feed_geometry(feeds: Iterable[PowerFeed]) -> FeedGeometry:
    """The busways' segments and end marks by side, in the feeds' order."""
    [geometry] = feed_geometries([list(feeds)])
    return geometry


def feed_geometries(groups: Sequence[Sequence[PowerFeed]]) -> list[FeedGeometry]:
    """``feed_geometry`` of each group of feeds (each hall's, for a drawing set), all read
    in one pass: a campus has 36 busways in each of 24 halls, too few for arrays per hall."""
    feeds = list(chain.from_iterable(groups))
    start = starts(groups)
    read = read_paths([feed.path for feed in feeds])
    sides = [feed.side for feed in feeds]
    codes = {side: code for code, side in enumerate(dict.fromkeys(sides))}
    side = np.fromiter(map(codes.__getitem__, sides), dtype=np.intp, count=len(feeds))
    # a PDU (one point) as a square, a busway's two ends as smaller ones
    single = read.count == 1
    ends = np.stack([read.points[read.first], read.points[read.first + read.count - 1]], axis=1)
    shown = np.stack([np.ones(len(feeds), dtype=bool), ~single], axis=1)
    size = np.where(single, POINT_MARK_MM, POINT_MARK_MM / 2)[:, None].repeat(2, axis=1)[shown]
    corner = ends[shown] - size[:, None] / 2
    marks = np.column_stack([corner, size, size])
    of_mark = np.repeat(np.arange(len(feeds)), np.where(single, 1, 2))
    low = np.minimum.reduceat(read.points, read.first) if len(feeds) else read.points
    high = np.maximum.reduceat(read.points, read.first) if len(feeds) else read.points
    half = POINT_MARK_MM / 2
    bounds = group_bounds(np.column_stack([low - half, high - low + 2 * half]), start)
    # the segments and marks of each group and side, each a run of rows in feed order
    group = np.repeat(np.arange(len(groups)), np.diff(start))
    count = len(groups) * len(codes)
    segments, segment_at = sorted_runs(
        read.segments, group[read.owner] * len(codes) + side[read.owner], count
    )
    at, mark_at = sorted_runs(marks, group[of_mark] * len(codes) + side[of_mark], count)
    found = []
    for k, feeds_of in enumerate(groups):
        keys = dict.fromkeys(sides[start[k] : start[k + 1]])  # in the order the group has them
        runs = {key: k * len(codes) + codes[key] for key in keys}
        found.append(
            FeedGeometry(
                {key: segments[segment_at[c] : segment_at[c + 1]] for key, c in runs.items()},
                {key: at[mark_at[c] : mark_at[c + 1]] for key, c in runs.items()},
                bounds[k],
                list(feeds_of),
            )
        )
    return found


#: From this level of detail busways are drawn at full weight with their end marks.
FEED_FULL_LOD = 0.01


def draw_feeds(painter: QPainter, geometry: FeedGeometry, ctx: Context) -> None:
    """Busways as lines in their side's colour (A blue, B orange), PDUs as squares.

    Far out the lines thin and the end marks go, so racks' colours stay readable under them.
    """
    weight = 2.2 if ctx.points_per_mm >= FEED_FULL_LOD else 0.9
    marks = POINT_MARK_MM / 2 * ctx.points_per_mm >= 1.5
    for side, lines in geometry.segments.items():
        colour = style.FEED_SIDE.get(side, style.FEED_SIDE[None])
        painter.setPen(style.pen(colour, weight, ctx.px_per_point))
        draw_lines(painter, lines[in_lines(lines, ctx.clip)])
        if marks:
            painter.setPen(style.NO_PEN)
            painter.setBrush(style.brush(colour))
            draw_rects(painter, geometry.marks[side])
    if ctx.points_per_mm >= DETAIL_LOD:
        offset = ctx.millimetres(2.0)
        for anchor, text in geometry.labels:
            if ctx.shows(anchor.x(), anchor.y(), anchor.x(), anchor.y()):
                draw_text_at(
                    painter,
                    ctx,
                    QPointF(anchor.x() + offset, anchor.y() - offset),
                    text,
                    5.5,
                    style.MUTED_INK,
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                    halo=True,
                )
