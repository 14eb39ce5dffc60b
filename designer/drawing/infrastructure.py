"""What else stands in a hall: obstacles, overhead trays and busways, CDUs and CRAHs.

Each kind has a geometry builder (model entities -> arrays and paths, done once per change)
and a draw function (geometry -> painter, done every paint), so a canvas layer rebuilds
only when its entities change and a 6,912-rack hall's 800 busways are three ``drawLines``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPolygonF,
)

from designer.core.format import number
from designer.core.geometry.floor import cooling_box
from designer.core.geometry.footprint import FRONT_DIRECTION, Box
from designer.core.model.hall import CableTray, CoolingUnit, Obstacle, PowerFeed
from designer.drawing import style
from designer.drawing.arrays import draw_lines, draw_rects, in_clip
from designer.drawing.lod import DETAIL_LOD, HATCH_LOD, LABEL_LOD, UNIT_OUTLINE_LOD, Context
from designer.drawing.text import draw_boxed_labels, draw_text_at

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
    """Each tray's floor band (stroked outline) with its bounds, and the centre lines.

    ``runs`` groups the centre segments by tray width, for views too far out to see a
    band's edges. The names are placed when first asked for: a sheet at 1:200 writes none,
    and a campus has 600 trays to place.
    """

    bands: list[tuple[QRectF, QPainterPath]]
    centre: np.ndarray
    runs: dict[int, np.ndarray]
    bounds: QRectF
    #: The trays, and what their names keep clear of (see ``tray_labels``).
    trays: list[CableTray] = field(default_factory=list)
    keep_clear: np.ndarray | None = None
    #: The names' places once asked for (or given, by the canvas after an edit).
    placed: list[TrayLabel] | None = None

    @property
    def labels(self) -> list[TrayLabel]:
        if self.placed is None:
            self.placed = tray_labels(self.trays, self.keep_clear)
        return self.placed


def tray_geometry(trays: Iterable[CableTray], keep_clear: np.ndarray | None = None) -> TrayGeometry:
    """The trays' bands and centre lines, and a place for each name.

    ``keep_clear`` holds floor boxes (x0, y0, x1, y1 rows, mm) a name should not cover:
    the racks and cooling units under the trays, whose own labels would cross it.
    """
    trays = list(trays)
    bands = []
    centre: list[tuple[float, float, float, float]] = []
    runs: dict[int, list] = {}
    for tray in trays:
        line = QPainterPath(QPointF(*tray.path[0]))
        for x, y in tray.path[1:]:
            line.lineTo(x, y)
        stroker = QPainterPathStroker()
        stroker.setWidth(tray.width_mm)
        stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
        stroker.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        band = stroker.createStroke(line).simplified()
        bands.append((band.boundingRect(), band))
        segments = _segments(tray.path)
        centre.extend(segments)
        runs.setdefault(tray.width_mm, []).extend(segments)
    return TrayGeometry(
        bands,
        np.array(centre, dtype=np.float64).reshape(-1, 4),
        {w: np.array(v, dtype=np.float64).reshape(-1, 4) for w, v in runs.items()},
        _bounds(r for r, _ in bands),
        trays,
        keep_clear,
    )


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
    if not geometry.bands:
        return
    widest = max(geometry.runs)
    if widest * ctx.points_per_mm < TRAY_EDGE_PT:
        for width, lines in geometry.runs.items():
            painter.setPen(style.floor_pen(style.TRAY_FAR, width))
            draw_lines(painter, lines)
        return
    painter.setPen(style.pen(style.TRAY_EDGE, 0.9, ctx.px_per_point, Qt.PenStyle.DashLine))
    painter.setBrush(style.brush(style.TRAY))
    for rect, band in geometry.bands:
        if ctx.shows(rect.left(), rect.top(), rect.right(), rect.bottom()):
            painter.drawPath(band)
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
    """Busway segments and end marks per A/B side; PDUs as squares; labels."""

    segments: dict[str | None, np.ndarray]
    marks: dict[str | None, np.ndarray]
    labels: list[tuple[QPointF, str]]
    bounds: QRectF


def feed_geometry(feeds: Iterable[PowerFeed]) -> FeedGeometry:
    segments: dict[str | None, list] = {}
    marks: dict[str | None, list] = {}
    labels = []
    half = POINT_MARK_MM / 2
    boxes = []
    for feed in feeds:
        side = feed.side
        segments.setdefault(side, []).extend(_segments(feed.path))
        ends = [feed.path[0], feed.path[-1]] if len(feed.path) > 1 else [feed.path[0]]
        size = POINT_MARK_MM if len(feed.path) == 1 else POINT_MARK_MM / 2
        marks.setdefault(side, []).extend((x - size / 2, y - size / 2, size, size) for x, y in ends)
        xs = [p[0] for p in feed.path]
        ys = [p[1] for p in feed.path]
        boxes.append(
            QRectF(
                min(xs) - half,
                min(ys) - half,
                max(xs) - min(xs) + 2 * half,
                max(ys) - min(ys) + 2 * half,
            )
        )
        labels.append((QPointF(*feed.path[0]), f"{feed.name}  {number(feed.rating_kw, 0)} kW"))
    return FeedGeometry(
        {k: np.array(v, dtype=np.float64).reshape(-1, 4) for k, v in segments.items()},
        {k: np.array(v, dtype=np.float64).reshape(-1, 4) for k, v in marks.items()},
        labels,
        _bounds(boxes),
    )


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
    labels: list[tuple[QRectF, str]]
    bounds: QRectF
    #: Each label's unit fill: its text is set on a patch of it, so lines pass under it.
    label_fills: list[QColor] = field(default_factory=list)


def front_band(box: Box, rotation: int, depth: float) -> tuple[float, float, float, float]:
    """The strip ``depth`` mm deep along the front edge inside ``box`` (x, y, w, h)."""
    dx, dy = FRONT_DIRECTION[rotation]
    if dy < 0:
        return (box.x0, box.y0, box.width, depth)
    if dy > 0:
        return (box.x0, box.y1 - depth, box.width, depth)
    if dx > 0:
        return (box.x1 - depth, box.y0, depth, box.height)
    return (box.x0, box.y0, depth, box.height)


_UNIT_FILL = {"cdu": style.CDU, "crah": style.CRAH, "inrow_cooler": style.INROW}
_UNIT_EDGE = {"cdu": style.CDU_EDGE, "crah": style.CRAH_EDGE, "inrow_cooler": style.CRAH_EDGE}


def cooling_geometry(units: Iterable[CoolingUnit]) -> CoolingGeometry:
    rects: dict[str, list] = {}
    fronts = []
    in_rack = []
    labels = []
    fills: list[QColor] = []
    boxes = []
    for unit in units:
        box = cooling_box(unit)
        if box is None:
            half = POINT_MARK_MM / 2
            in_rack.append((unit.x - half, unit.y - half, POINT_MARK_MM, POINT_MARK_MM))
            boxes.append(QRectF(unit.x - half, unit.y - half, POINT_MARK_MM, POINT_MARK_MM))
            continue
        rect = (box.x0, box.y0, box.width, box.height)
        rects.setdefault(unit.kind, []).append(rect)
        fronts.append(
            front_band(box, unit.rotation, min(UNIT_FRONT_MM, box.height / 3, box.width / 3))
        )
        boxes.append(QRectF(*rect))
        capacity = unit.liquid_capacity_kw or unit.air_capacity_kw
        labels.append((QRectF(*rect), f"{unit.name}\n{number(capacity, 0)} kW"))
        fills.append(_UNIT_FILL[unit.kind])
    return CoolingGeometry(
        {k: np.array(v, dtype=np.float64) for k, v in rects.items()},
        np.array(fronts, dtype=np.float64).reshape(-1, 4),
        np.array(in_rack, dtype=np.float64).reshape(-1, 4),
        labels,
        _bounds(boxes),
        fills,
    )


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
