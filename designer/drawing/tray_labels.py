"""Where each cable tray's name is written: a place along or beside its tray, clear of the
racks' labels and of the other names, chosen for a 1:100 sheet.

The canvas and the drawing set place the names the same way (``trays.TrayGeometry`` asks
when first drawn); after an edit the canvas places again only the names that could reach
the floor that changed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

import numpy as np
from PySide6.QtCore import QPointF
from PySide6.QtGui import QFontMetricsF

from designer.core.model.hall import CableTray
from designer.drawing import style
from designer.drawing.lod import LABEL_LOD


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
    along, across = name_half_size(tray.name)
    reach = 2 * along + _END_GAP_MM + across
    xs, ys = [x for x, _ in tray.path], [y for _, y in tray.path]
    return (
        min(xs) - reach < box[2]
        and max(xs) + reach > box[0]
        and min(ys) - reach < box[3]
        and max(ys) + reach > box[1]
    )


@lru_cache(maxsize=4096)
def name_half_size(name: str) -> tuple[float, float]:
    """Half the length and half the height of ``name`` on a 1:100 sheet, in floor mm
    (measured once per name: the canvas weighs every tray's name again after an edit)."""
    metrics = _label_metrics()
    along = (metrics.horizontalAdvance(name) + 4) / TRAY_NAME_PLACED_PT_PER_MM / 2
    return along, metrics.height() / TRAY_NAME_PLACED_PT_PER_MM / 2


def _label_box(label: TrayLabel) -> tuple[float, float, float, float]:
    """The floor box a placed name takes on a 1:100 sheet."""
    along, across = name_half_size(label.name)
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
    along, across = name_half_size(name)
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
