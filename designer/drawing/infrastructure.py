"""What else stands in a hall: obstacles, overhead trays and busways, CDUs and CRAHs.

Each kind has a geometry builder (model entities -> arrays and paths, done once per change)
and a draw function (geometry -> painter, done every paint), so a canvas layer rebuilds
only when its entities change and a 6,912-rack hall's 800 busways are three ``drawLines``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import chain, pairwise
from operator import attrgetter

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPolygonF,
)

from designer.core.format import number
from designer.core.model.hall import CableTray, CoolingUnit, Obstacle, PowerFeed
from designer.drawing import style
from designer.drawing.arrays import draw_lines, draw_rects, in_clip
from designer.drawing.grouped import Paths, group_bounds, read_paths, starts
from designer.drawing.lod import DETAIL_LOD, HATCH_LOD, LABEL_LOD, UNIT_OUTLINE_LOD, Context
from designer.drawing.text import draw_boxed_labels, draw_text_at
from designer.drawing.tray_bands import TrayBands, draw_tray_bands, tray_bands

#: Size of the square drawn for a PDU or the end of a busway, and of an in-rack CDU, in mm.
POINT_MARK_MM = 300
#: Depth of the band marking the front (discharge side) of a cooling unit, in mm.
UNIT_FRONT_MM = 120


def _bounds(boxes: Iterable[QRectF]) -> QRectF:
    total = QRectF()
    for box in boxes:
        total = total.united(box)
    return total


# --- obstacles -----------------------------------------------------------------------


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
    return ObstacleGeometry(paths, labels, _bounds(boxes), fills)


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


# --- cable trays ---------------------------------------------------------------------


def _segments(path: list[tuple[int, int]]) -> list[tuple[float, float, float, float]]:
    return [(a[0], a[1], b[0], b[1]) for a, b in pairwise(path)]


#: Size of a tray's name, in points, and the zoom (points per mm) from which it is written:
#: with the racks' labels, so a 1:100 sheet names its trays.
TRAY_LABEL_PT = 6.0
TRAY_LABEL_LOD = LABEL_LOD
#: The zoom a tray name's place is chosen for: a 1:100 sheet. Nearer in it is smaller, so
#: it stays clear; only the canvas's farthest zoom that writes it is a little coarser.
TRAY_NAME_PLACED_PT_PER_MM = 72 / 25.4 / 100
#: Where along a stretch of tray a name may go, tried in turn (share of the stretch's length).
_SPOTS = (0.5, 0.35, 0.65, 0.2, 0.8, 0.05, 0.95)
#: How far past the end of a tray a name written beside that end starts, in mm.
_END_GAP_MM = 100.0
_ALIGN = {
    "centre": Qt.AlignmentFlag.AlignCenter,
    "start": Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    "end": Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
}


@dataclass(frozen=True)
class TrayLabel:
    """A tray's name, the floor point it is centred on, and whether it runs up the page
    (written along a stretch that runs north-south)."""

    anchor: QPointF
    name: str
    upright: bool
    #: "centre" on the anchor; "start" or "end" there, beside the end of a tray
    align: str = "centre"
    #: Where on the tray a leader line from the name points, for a name set off the tray
    #: because every place on and beside it covers a rack's label (a short drop between a
    #: cross tray and a row); None for a name on its tray.
    leader: QPointF | None = None


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


def tray_labels(
    trays: Iterable[CableTray],
    keep_clear: np.ndarray | None = None,
    previous: Sequence[TrayLabel] = (),
    changed: tuple[float, float, float, float] | None = None,
) -> list[TrayLabel]:
    """A place for each tray's name (see ``tray_geometry``).

    The canvas places them again when racks move under the trays: given the ``previous``
    places and the box of floor that ``changed``, a tray whose name could not reach it keeps
    its place (a hall of 600 trays would otherwise place all 600 on every edit).
    """
    named = [t for t in trays if t.name]
    clear = _Boxes(np.zeros((0, 4)) if keep_clear is None else keep_clear)
    placed: dict[int, TrayLabel] = {}
    if changed is not None and len(previous) == len(named):
        for index, (tray, label) in enumerate(zip(named, previous, strict=True)):
            if label.name == tray.name and not _reaches(tray, changed):
                placed[index] = label
    taken = np.zeros((len(named), 4))
    for count, index in enumerate(placed):
        taken[count] = _label_box(placed[index])
    # the shortest trays first: they have the fewest places, and each name placed is kept
    # clear of by the next
    rest = sorted(
        (i for i in range(len(named)) if i not in placed), key=lambda i: _length(named[i].path)
    )
    for count, index in enumerate(rest, start=len(placed)):
        tray = named[index]
        label, taken[count] = _tray_label(tray.name, _segments(tray.path), clear, taken[:count])
        placed[index] = label
    return [placed[index] for index in range(len(named))]


def names_meet(labels: Sequence[TrayLabel], box: tuple[float, float, float, float]) -> bool:
    """Whether one of the trays' names, placed as ``tray_labels`` places them, covers ``box``
    (floor mm) on a 1:100 sheet."""
    x0, y0, x1, y1 = box
    return any(a < x1 and c > x0 and b < y1 and d > y0 for a, b, c, d in map(_label_box, labels))


def _reaches(tray: CableTray, box: tuple[float, float, float, float]) -> bool:
    """True when a name of ``tray`` could be written over ``box``, anywhere it may go."""
    along, across = _half_size(tray.name)
    reach = 2 * along + _END_GAP_MM + across
    xs, ys = [x for x, _ in tray.path], [y for _, y in tray.path]
    return (
        min(xs) - reach < box[2]
        and max(xs) + reach > box[0]
        and min(ys) - reach < box[3]
        and max(ys) + reach > box[1]
    )


@lru_cache(maxsize=4096)
def _half_size(name: str) -> tuple[float, float]:
    """Half the length and half the height of ``name`` on a 1:100 sheet, in floor mm
    (measured once per name: the canvas weighs every tray's name again after an edit)."""
    metrics = _label_metrics()
    along = (metrics.horizontalAdvance(name) + 4) / TRAY_NAME_PLACED_PT_PER_MM / 2
    return along, metrics.height() / TRAY_NAME_PLACED_PT_PER_MM / 2


def _label_box(label: TrayLabel) -> tuple[float, float, float, float]:
    """The floor box a placed name takes on a 1:100 sheet."""
    along, across = _half_size(label.name)
    x, y = label.anchor.x(), label.anchor.y()
    # the text runs along +x, or up the page (-y) when upright
    dx, dy = (0.0, -1.0) if label.upright else (1.0, 0.0)
    shift = {"centre": 0.0, "start": along, "end": -along}[label.align]
    x, y = x + dx * shift, y + dy * shift
    half_w, half_h = (across, along) if label.upright else (along, across)
    return x - half_w, y - half_h, x + half_w, y + half_h


class _Boxes:
    """Boxes (x0, y0, x1, y1 rows) sorted by their left edge, to find those near a spot
    without looking at the thousands of racks of the rest of a hall."""

    #: Wider than this (mm), a box is one of the few that stand for all beyond the hall:
    #: kept apart, or every search would have to start from the first box.
    HUGE_MM = 1e6

    def __init__(self, boxes: np.ndarray) -> None:
        huge = (boxes[:, 2] - boxes[:, 0]) > self.HUGE_MM
        self.huge = boxes[huge]
        rest = boxes[~huge]
        self.boxes = rest[np.argsort(rest[:, 0], kind="stable")]
        self.widest = float((rest[:, 2] - rest[:, 0]).max()) if len(rest) else 0.0

    def near(self, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
        """The boxes that may meet the box ``x0, y0, x1, y1``."""
        lefts = self.boxes[:, 0]
        start = int(np.searchsorted(lefts, x0 - self.widest, side="left"))
        end = int(np.searchsorted(lefts, x1, side="right"))
        part = np.vstack([self.boxes[start:end], self.huge])
        return part[(part[:, 0] < x1) & (part[:, 2] > x0) & (part[:, 1] < y1) & (part[:, 3] > y0)]


def _length(path: list[tuple[int, int]]) -> float:
    return sum(abs(b[0] - a[0]) + abs(b[1] - a[1]) for a, b in pairwise(path))


@lru_cache(maxsize=1)
def _label_metrics() -> QFontMetricsF:
    return QFontMetricsF(style.font(TRAY_LABEL_PT, 1.0))


def _tray_label(
    name: str,
    segments: list[tuple[float, float, float, float]],
    clear: _Boxes,
    taken: np.ndarray,
) -> tuple[TrayLabel, tuple[float, float, float, float]]:
    """Where ``name`` goes, and the box it takes there: along the longest stretches first,
    then just past either end of the tray, at the first spot where it covers none of
    ``clear`` on a 1:100 sheet (or nearly none: a name a hair over a wall); else at the
    nearest such spot off the tray, with a leader to it that crosses nothing either; else
    where it covers least on or by the tray. The spots of each kind are weighed at once."""
    along, across = _half_size(name)
    area = 4 * along * across
    on_tray = _tray_label_spots(segments, along)
    boxes, covered, _ = _weigh(on_tray, along, across, clear, taken)
    chosen = int(np.argmin(covered))
    leader = None
    spots = on_tray
    if covered[chosen] > _NEARLY_CLEAR * area:
        middle = _middle(segments)
        off_tray = _leader_spots(middle, along, across)
        off_boxes, off_covered, near = _weigh(off_tray, along, across, clear, taken)
        centres = np.array([(x, y) for x, y, *_ in off_tray])
        off_covered += _leader_crossings(centres, middle, near) * area
        fine = np.flatnonzero(off_covered <= _NEARLY_CLEAR * area)
        if len(fine):
            chosen, spots, boxes = int(fine[0]), off_tray, off_boxes
            leader = QPointF(*middle)
    _, _, ax, ay, up, align = spots[chosen]
    x0, y0, x1, y1 = boxes[chosen].tolist()
    return TrayLabel(QPointF(ax, ay), name, up, align, leader), (x0, y0, x1, y1)


def _weigh(
    spots: list[_Spot], along: float, across: float, clear: _Boxes, taken: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each spot's box, how much of ``clear`` and of the names ``taken`` it covers, and what
    lies near the spots (only that can be covered)."""
    centre = np.array([(x, y) for x, y, _, _, _, _ in spots])
    upright = np.array([s[4] for s in spots])
    half = np.where(upright[:, None], [across, along], [along, across])
    boxes = np.hstack([centre - half, centre + half])
    x0, y0, x1, y1 = boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max()
    names = taken[(taken[:, 0] < x1) & (taken[:, 2] > x0) & (taken[:, 1] < y1) & (taken[:, 3] > y0)]
    near = np.vstack([clear.near(x0, y0, x1, y1), names])
    wide = np.minimum(near[None, :, 2], boxes[:, None, 2]) - np.maximum(
        near[None, :, 0], boxes[:, None, 0]
    )
    high = np.minimum(near[None, :, 3], boxes[:, None, 3]) - np.maximum(
        near[None, :, 1], boxes[:, None, 1]
    )
    return boxes, (np.clip(wide, 0, None) * np.clip(high, 0, None)).sum(axis=1), near


def _middle(segments: list[tuple[float, float, float, float]]) -> tuple[float, float]:
    """The middle of a tray's longest stretch, where a leader to its name points."""
    x0, y0, x1, y1 = max(segments, key=lambda s: abs(s[2] - s[0]) + abs(s[3] - s[1]))
    return (x0 + x1) / 2, (y0 + y1) / 2


#: The share of a name's box it may cover and still stand on its tray.
_NEARLY_CLEAR = 0.1


def _leader_crossings(
    starts: np.ndarray, end: tuple[float, float], boxes: np.ndarray
) -> np.ndarray:
    """For each leader from ``starts`` (rows of x, y) to ``end``, how many of a dozen points
    along it lie inside ``boxes`` (the racks and names it would cross)."""
    t = np.linspace(0.0, 1.0, 12)[None, :, None]
    points = starts[:, None, :] + (np.array(end)[None, None, :] - starts[:, None, :]) * t
    x, y = points[..., 0, None], points[..., 1, None]
    inside = (x > boxes[:, 0]) & (x < boxes[:, 2]) & (y > boxes[:, 1]) & (y < boxes[:, 3])
    return inside.any(axis=2).sum(axis=1)


#: How far off its tray a name may be set with a leader, in name heights and lengths.
_LEADER_ROWS = (2, 3, 4, 5, 6, 8)
_LEADER_SHIFTS = (0.0, -0.5, 0.5, -1.0, 1.0)


def _leader_spots(middle: tuple[float, float], along: float, across: float) -> list[_Spot]:
    """Places for a name off its tray, nearest first: above and below the tray's middle,
    then shifted a name's length left or right; written across the page."""
    mx, my = middle
    spots: list[_Spot] = []
    for rows in _LEADER_ROWS:
        for shift in _LEADER_SHIFTS:
            for side in (-1.0, 1.0):
                x, y = mx + shift * 2 * along, my + side * rows * 2 * across
                spots.append((x, y, x, y, False, "centre"))
    return spots


#: A place a tray's name may go: its box's centre, its anchor, whether it runs up the page
#: and how it is aligned on the anchor.
_Spot = tuple[float, float, float, float, bool, str]


def _tray_label_spots(
    segments: list[tuple[float, float, float, float]], along: float
) -> list[_Spot]:
    """Each place a tray's name may go, in the order they are tried: on the longest
    stretches first, then in line just past the tray's two ends (written from the end
    outwards, so it stays beside the end at every zoom)."""
    spots: list[_Spot] = []
    for x0, y0, x1, y1 in sorted(segments, key=lambda s: -(abs(s[2] - s[0]) + abs(s[3] - s[1]))):
        upright = abs(y1 - y0) > abs(x1 - x0)
        for share in _SPOTS:
            x, y = x0 + (x1 - x0) * share, y0 + (y1 - y0) * share
            spots.append((x, y, x, y, upright, "centre"))
    first, last = segments[0], segments[-1]
    for (ex, ey), (nx, ny) in (
        ((first[0], first[1]), (first[2], first[3])),
        ((last[2], last[3]), (last[0], last[1])),
    ):
        length = math.hypot(ex - nx, ey - ny)
        if length == 0:
            continue
        ux, uy = (ex - nx) / length, (ey - ny) / length
        upright = abs(uy) > abs(ux)
        # the text runs along +x, or up the page (-y) when upright; it starts at the anchor
        # when that is outwards, and ends there otherwise
        outwards = (-uy if upright else ux) > 0
        reach = _END_GAP_MM + along
        spots.append(
            (
                ex + ux * reach,
                ey + uy * reach,
                ex + ux * _END_GAP_MM,
                ey + uy * _END_GAP_MM,
                upright,
                "start" if outwards else "end",
            )
        )
    return spots


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
    along, across = _half_size(label.name)
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


# --- power feeds ---------------------------------------------------------------------


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
    segments, segment_at = _runs(
        read.segments, group[read.owner] * len(codes) + side[read.owner], count
    )
    at, mark_at = _runs(marks, group[of_mark] * len(codes) + side[of_mark], count)
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


def _runs(rows: np.ndarray, code: np.ndarray, count: int) -> tuple[np.ndarray, list[int]]:
    """``rows`` sorted by ``code`` (integers below ``count``), each code's in their order,
    and where the run of each code starts, and the end."""
    order = np.argsort(code, kind="stable")
    return rows[order], np.searchsorted(code[order], np.arange(count + 1)).tolist()


#: From this level of detail busways are drawn at full weight with their end marks.
FEED_FULL_LOD = 0.01


def in_lines(lines: np.ndarray, ctx: Context) -> np.ndarray:
    """Mask of the segments (x1, y1, x2, y2) whose bounding boxes meet the clip."""
    if ctx.clip is None or not len(lines):
        return np.ones(len(lines), dtype=bool)
    c = ctx.clip
    x0, x1 = np.minimum(lines[:, 0], lines[:, 2]), np.maximum(lines[:, 0], lines[:, 2])
    y0, y1 = np.minimum(lines[:, 1], lines[:, 3]), np.maximum(lines[:, 1], lines[:, 3])
    return (x0 <= c.right()) & (x1 >= c.left()) & (y0 <= c.bottom()) & (y1 >= c.top())


def draw_feeds(painter: QPainter, geometry: FeedGeometry, ctx: Context) -> None:
    """Busways as lines in their side's colour (A blue, B orange), PDUs as squares.

    Far out the lines thin and the end marks go, so racks' colours stay readable under them.
    """
    weight = 2.2 if ctx.points_per_mm >= FEED_FULL_LOD else 0.9
    marks = POINT_MARK_MM / 2 * ctx.points_per_mm >= 1.5
    for side, lines in geometry.segments.items():
        colour = style.FEED_SIDE.get(side, style.FEED_SIDE[None])
        painter.setPen(style.pen(colour, weight, ctx.px_per_point))
        draw_lines(painter, lines[in_lines(lines, ctx)])
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


# --- cooling units -------------------------------------------------------------------


@dataclass(frozen=True)
class CoolingGeometry:
    """Footprints of cooling units by kind, their front bands, in-rack CDUs and labels."""

    rects: dict[str, np.ndarray]
    fronts: np.ndarray
    in_rack: np.ndarray
    bounds: QRectF
    #: The units standing on the floor and their footprints (x, y, w, h rows), which the
    #: labels are written from when first asked for: a sheet at 1:200 writes none.
    standing: list[CoolingUnit] = field(default_factory=list)
    footprints: np.ndarray = field(default_factory=lambda: np.zeros((0, 4)))
    #: The units mounted in racks, in the order of their marks (``in_rack``).
    racked: list[CoolingUnit] = field(default_factory=list)

    @cached_property
    def labels(self) -> list[tuple[QRectF, str]]:
        """Each standing unit's name and capacity, over its footprint."""
        return [
            (QRectF(*rect), f"{u.name}\n{number(u.liquid_capacity_kw or u.air_capacity_kw, 0)} kW")
            for u, rect in zip(self.standing, self.footprints.tolist(), strict=True)
        ]

    @cached_property
    def label_fills(self) -> list[QColor]:
        """Each label's unit fill: its text is set on a patch of it, so lines pass under it."""
        return [_UNIT_FILL[u.kind] for u in self.standing]


_UNIT_FILL = {"cdu": style.CDU, "crah": style.CRAH, "inrow_cooler": style.INROW}
_UNIT_EDGE = {"cdu": style.CDU_EDGE, "crah": style.CRAH_EDGE, "inrow_cooler": style.CRAH_EDGE}


def cooling_geometry(units: Iterable[CoolingUnit]) -> CoolingGeometry:
    """The units' footprints by kind and front bands, and in-rack CDUs as marks."""
    [geometry] = cooling_geometries([list(units)])
    return geometry


def cooling_geometries(groups: Sequence[Sequence[CoolingUnit]]) -> list[CoolingGeometry]:
    """``cooling_geometry`` of each group of units (each hall's, for a drawing set), all
    read in one pass: a campus has 28 CDUs in each of 24 halls, too few for arrays per hall."""
    units = list(chain.from_iterable(groups))
    start = starts(groups)
    n = len(units)
    columns = list(zip(*map(_UNIT_READ, units), strict=True)) or [()] * 6
    x, y, width, depth = (np.fromiter(c, dtype=np.float64, count=n) for c in columns[:4])
    rotation = np.fromiter(columns[4], dtype=np.int16, count=n)
    kinds = columns[5]
    floor = (width != 0) & (depth != 0)  # as ``cooling_box``: in a rack it has no footprint
    turned = (rotation == 90) | (rotation == 270)
    rects = np.column_stack([x, y, np.where(turned, depth, width), np.where(turned, width, depth)])
    half = POINT_MARK_MM / 2
    marks = np.column_stack([x - half, y - half, np.full((n, 2), POINT_MARK_MM)])
    bounds = group_bounds(np.where(floor[:, None], rects, marks), start)
    fronts = _fronts(rects, rotation)
    codes = {kind: code for code, kind in enumerate(dict.fromkeys(kinds))}
    kind = np.fromiter(map(codes.__getitem__, kinds), dtype=np.intp, count=n)
    # the units standing on the floor and those in racks, each a run of rows per group
    stand, in_rack = np.flatnonzero(floor), np.flatnonzero(~floor)
    stand_at, in_rack_at = np.searchsorted(stand, start).tolist(), np.searchsorted(in_rack, start)
    group = np.repeat(np.arange(len(groups)), np.diff(start))[stand]
    footprints, standing_fronts, points = rects[stand], fronts[stand], marks[in_rack]
    by_kind, kind_at = _runs(footprints, group * len(codes) + kind[stand], len(groups) * len(codes))
    standing = list(map(units.__getitem__, stand.tolist()))
    racked = list(map(units.__getitem__, in_rack.tolist()))
    found = []
    for k in range(len(groups)):
        a, b = stand_at[k], stand_at[k + 1]
        runs = {
            key: k * len(codes) + codes[key] for key in dict.fromkeys(u.kind for u in standing[a:b])
        }
        found.append(
            CoolingGeometry(
                {key: by_kind[kind_at[c] : kind_at[c + 1]] for key, c in runs.items()},
                standing_fronts[a:b],
                points[in_rack_at[k] : in_rack_at[k + 1]],
                bounds[k],
                standing[a:b],
                footprints[a:b],
                racked[in_rack_at[k] : in_rack_at[k + 1]],
            )
        )
    return found


#: What a cooling unit's drawing is made of, read from each unit at once.
_UNIT_READ = attrgetter("x", "y", "width_mm", "depth_mm", "rotation", "kind")


def _fronts(rects: np.ndarray, rotation: np.ndarray) -> np.ndarray:
    """The strip along the front edge inside each footprint (x, y, w, h rows), as deep as
    ``UNIT_FRONT_MM`` but never more than a third of the unit."""
    x, y, w, h = rects.T
    depth = np.minimum(np.minimum(UNIT_FRONT_MM, h / 3), w / 3)
    fronts = rects.copy()
    across = (rotation == 0) | (rotation == 180)  # the front runs along x
    fronts[across, 3] = depth[across]
    fronts[~across, 2] = depth[~across]
    down, right = rotation == 180, rotation == 90
    fronts[down, 1] = ((y + h) - depth)[down]
    fronts[right, 0] = ((x + w) - depth)[right]
    return fronts


def draw_cooling(painter: QPainter, geometry: CoolingGeometry, ctx: Context) -> None:
    """CDUs teal, CRAHs light blue, in-row coolers between; in-rack CDUs as teal dots."""
    outline = ctx.points_per_mm >= UNIT_OUTLINE_LOD
    for kind, rects in geometry.rects.items():
        painter.setPen(
            style.pen(_UNIT_EDGE[kind], 0.9, ctx.px_per_point) if outline else style.NO_PEN
        )
        painter.setBrush(style.brush(_UNIT_FILL[kind]))
        draw_rects(painter, rects[in_clip(rects, ctx.clip)])
    painter.setPen(style.NO_PEN)
    painter.setBrush(style.brush(style.CDU_EDGE))
    draw_rects(painter, geometry.fronts)
    if len(geometry.in_rack):
        painter.setPen(style.pen(style.CDU_EDGE, 0.9, ctx.px_per_point))
        painter.setBrush(style.brush(style.CDU))
        for x, y, w, h in geometry.in_rack:
            painter.drawEllipse(QRectF(x, y, w, h))


def draw_cooling_labels(painter: QPainter, geometry: CoolingGeometry, ctx: Context) -> None:
    """The units' names and capacities, drawn with the rack labels over the busways and
    links, each on a patch of its unit's fill (drawn with the units, the lines ran through
    them)."""
    if ctx.points_per_mm < LABEL_LOD:
        return
    shown = [
        index
        for index, (r, _) in enumerate(geometry.labels)
        if ctx.shows(r.left(), r.top(), r.right(), r.bottom())
    ]
    draw_boxed_labels(
        painter,
        ctx,
        [geometry.labels[i] for i in shown],
        6.0,
        style.INK,
        backgrounds=[geometry.label_fills[i] for i in shown],
    )
