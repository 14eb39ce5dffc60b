"""The links layer: the cables along the trays, wider for more links, coloured by medium.

The core says how many links of each medium run along each piece of tray
(``designer.core.network.traylinks``); this module turns that into lines and draws them in
bulk: one ``drawLines`` per medium family and line width, never one call per bundle.
Where several families share a tray they run side by side in lanes, the way a transit
map draws parallel lines, each lane keeping its place along a whole piece of tray.

Widths are sized in points (so a printed plan shows the same weights) and grow with the
logarithm of the links: 1 link 0.75 pt, 10 links 2 pt, 100 links 3.25 pt, 1,000 links
4.5 pt, never more than 4.75 pt. Far out, where lanes would smear into the racks, every family is drawn thin on the
tray's centre line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from designer.core.network.distinct import distinct_rows
from designer.core.network.mix import FAMILIES, FAMILY_NAMES, family
from designer.core.network.network_plan import NetworkPlan
from designer.core.network.traylinks import TrayLinks, tray_links_of_halls
from designer.drawing import style
from designer.drawing.arrays import draw_lines, in_lines
from designer.drawing.legend import LegendEntry
from designer.drawing.lod import FRONT_LOD, LABEL_LOD, Context

#: Line width in points: ``BASE + PER_DECADE * log10(links)``, rounded to ``STEP`` (so
#: lines of similar weight share one draw call), at most ``WIDEST``.
BASE_PT, PER_DECADE_PT, STEP_PT, WIDEST_PT = 0.75, 1.25, 0.25, 4.75
#: Room between lanes, and the paper-coloured casing around each lane, in points.
LANE_GAP_PT, CASING_PT = 0.5, 0.7
#: Below this level of detail lanes would smear into the racks: all on the centre line,
#: no wider than ``FAR_PT``.
LANES_LOD = FRONT_LOD
FAR_PT = 1.5
#: Opaque: a translucent casing costs a PDF a transparency state per batch of lines.
CASING = QColor(255, 255, 255)


def lane_scale(points_per_mm: float) -> float:
    """The share of its width a link's line keeps at ``points_per_mm``: all of it from a
    1:100 sheet in, less farther out, as the floor under it shrinks. At 1:200 a campus
    hall's bundles, drawn as wide as at 1:100, covered its rows of racks (a PDF review)."""
    return min(1.0, points_per_mm / LABEL_LOD)


def width_pt(links: np.ndarray) -> np.ndarray:
    """The line width, in points, of pieces carrying ``links`` links."""
    raw = BASE_PT + PER_DECADE_PT * np.log10(np.maximum(links, 1))
    return np.minimum(np.round(raw / STEP_PT) * STEP_PT, WIDEST_PT)


@dataclass(frozen=True)
class LinkGeometry:
    """The lines of the links layer: one row per piece of tray and medium family.

    ``lines`` are the tray centre lines (mm), ``normal`` their unit normals, ``offset_pt``
    how far the row's lane sits from the centre line, in points; ``batches`` lists, per
    family and width, the rows drawn with one pen. ``families`` are those present, in
    legend order.
    """

    lines: np.ndarray
    normal: np.ndarray
    offset_pt: np.ndarray
    batches: tuple[tuple[str, float, np.ndarray], ...]
    families: tuple[str, ...]
    bounds: QRectF

    def __len__(self) -> int:
        return len(self.lines)


def hall_links(plan: NetworkPlan, hall_id: str) -> LinkGeometry:
    """The links layer of ``hall_id``: the plan's links along its trays, per medium family."""
    return links_of_halls(plan, [hall_id])[hall_id]


def links_of_halls(plan: NetworkPlan, hall_ids: Iterable[str]) -> dict[str, LinkGeometry]:
    """``hall_links`` of each of ``hall_ids``, all worked out at once (a drawing set draws
    every hall, and each hall's pieces of tray are a few hundred rows)."""
    families = [FAMILIES.index(family(m)) for m in [*plan.media.media, None]]
    joined = tray_links_of_halls(plan, hall_ids, families)
    return dict(zip(joined.hall_ids, link_geometries(joined.links, joined.rows), strict=True))


def link_geometries(links: TrayLinks, rows: np.ndarray) -> list[LinkGeometry]:
    """The lines of ``links``, the ``tray_links`` of several halls with media grouped by
    family (each row's ``group`` its family's place in ``FAMILIES``), one geometry per hall:
    hall ``k``'s rows run from ``rows[k]`` to ``rows[k + 1]``, and the halls' edges are
    numbered apart."""
    lines = links.lines
    group = links.group
    widths = width_pt(links.links)
    run = lines[:, 2:] - lines[:, :2]
    length = np.hypot(run[:, 0], run[:, 1])
    normal = np.stack([-run[:, 1], run[:, 0]], axis=1) / np.maximum(length, 1e-9)[:, None]
    offset = _lanes(links.edge, group, widths)
    # the rows of each hall, family and width, in row order: one pen each
    hall = np.repeat(np.arange(len(rows) - 1), np.diff(rows))
    order = np.lexsort((widths, group, hall))
    ranked = np.stack([hall[order], group[order], widths[order]], axis=1)
    cuts = np.flatnonzero((ranked[1:] != ranked[:-1]).any(axis=1)) + 1
    batches: list[list[tuple[str, float, np.ndarray]]] = [[] for _ in range(len(rows) - 1)]
    for chosen in np.split(order, cuts) if len(order) else ():
        k = int(hall[chosen[0]])
        name = FAMILIES[int(group[chosen[0]])]
        batches[k].append((name, float(widths[chosen[0]]), chosen - rows[k]))
    starts = rows[:-1][np.diff(rows) > 0]
    low = np.minimum(lines[:, :2], lines[:, 2:])
    high = np.maximum(lines[:, :2], lines[:, 2:])
    x0, y0 = np.minimum.reduceat(low, starts).T if len(starts) else (None, None)
    x1, y1 = np.maximum.reduceat(high, starts).T if len(starts) else (None, None)
    found = []
    for k, (first, last) in enumerate(pairwise(rows.tolist())):
        bounds = QRectF()
        if last > first:
            i = int(np.searchsorted(starts, first))
            bounds = QRectF(x0[i], y0[i], x1[i] - x0[i], y1[i] - y0[i])
        found.append(
            LinkGeometry(
                lines[first:last],
                normal[first:last],
                offset[first:last],
                tuple(batches[k]),
                tuple(dict.fromkeys(name for name, _, _ in batches[k])),
                bounds,
            )
        )
    return found


def _lanes(edge: np.ndarray, group: np.ndarray, widths: np.ndarray) -> np.ndarray:
    """Each row's offset from its tray's centre line, in points.

    On each edge every family (``group``, its place in ``FAMILIES``) gets one lane as wide
    as its widest piece there, in legend order, the lanes side by side and centred on the
    tray. Widths and gaps are multiples of a quarter point, so every sum here is exact.
    """
    if not len(edge):
        return np.zeros(0)
    lanes, lane = distinct_rows(np.stack([edge, group], axis=1))
    lane_width = np.zeros(len(lanes))
    np.maximum.at(lane_width, lane, widths)
    # lanes are sorted by edge, then family: a running sum of lane and gap along each edge
    step = lane_width + LANE_GAP_PT
    before = np.cumsum(step) - step
    first = np.r_[True, lanes[1:, 0] != lanes[:-1, 0]]
    edge_start = np.maximum.accumulate(np.where(first, np.arange(len(lanes)), 0))
    before -= before[edge_start]
    total = np.zeros(len(lanes))
    np.add.at(total, edge_start, step)
    total = total[edge_start] - LANE_GAP_PT
    return (-total / 2 + before + lane_width / 2)[lane]


def draw_links(painter: QPainter, geometry: LinkGeometry, ctx: Context) -> None:
    """The links along the trays, lanes side by side when close enough to tell them apart."""
    if not len(geometry):
        return
    batches = geometry.batches
    if ctx.clip is not None and not ctx.clip.contains(geometry.bounds):
        shown = in_lines(geometry.lines, ctx.clip)
        batches = tuple((name, width, rows[shown[rows]]) for name, width, rows in batches)
    if ctx.points_per_mm < LANES_LOD:
        for name, width, rows in batches:
            painter.setPen(style.pen(style.LINK_FAMILY[name], min(width, FAR_PT), ctx.px_per_point))
            draw_lines(painter, geometry.lines[rows])
        return
    scale = lane_scale(ctx.points_per_mm)
    shift = geometry.offset_pt * scale / ctx.points_per_mm
    lines = geometry.lines + np.tile(geometry.normal * shift[:, None], 2)
    # each batch's lines taken once and drawn twice: the casing under every link, then
    # the links
    drawn = [(name, width * scale, lines[rows]) for name, width, rows in batches]
    for _, width, batch in drawn:
        painter.setPen(style.pen(CASING, width + 2 * CASING_PT * scale, ctx.px_per_point))
        draw_lines(painter, batch)
    for name, width, batch in drawn:
        painter.setPen(style.pen(style.LINK_FAMILY[name], width, ctx.px_per_point))
        draw_lines(painter, batch)


#: Family names short enough for the canvas's one-line legend.
SHORT_NAMES = {
    "copper": "Copper",
    "aoc": "AOC",
    "multimode": "Multimode",
    "single-mode": "Single-mode",
    "coherent": "Coherent",
    "nvlink": "NVLink",
    "none": "No medium",
}


def link_entries(families: Sequence[str], short: bool = False) -> list[LegendEntry]:
    """Legend entries of the link families ``families``, as lines (``short`` names for a
    one-line legend)."""
    names = SHORT_NAMES if short else FAMILY_NAMES
    return [LegendEntry(style.LINK_FAMILY[name], names[name], line=True) for name in families]


@lru_cache(maxsize=8)
def example_widths(scale: float = 1.0) -> tuple[tuple[int, float], ...]:
    """(links, width in points) at each decade, for a legend of line widths on a sheet
    whose lines keep ``scale`` of their width (``lane_scale``; worked out once a scale:
    every plan sheet of a set has the legend)."""
    widths = width_pt(np.array([1, 10, 100, 1_000])) * scale
    return tuple((10**k, float(w)) for k, w in enumerate(widths))
