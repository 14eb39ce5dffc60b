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

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from designer.core.network.mix import FAMILIES, FAMILY_NAMES, family
from designer.core.network.planner import Plan
from designer.core.network.traylinks import TrayLinks, tray_links
from designer.drawing import style
from designer.drawing.arrays import draw_lines
from designer.drawing.infrastructure import in_lines
from designer.drawing.legend import LegendEntry
from designer.drawing.lod import FRONT_LOD, Context

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


def hall_links(plan: Plan, hall_id: str) -> LinkGeometry:
    """The links layer of ``hall_id``: the plan's links along its trays, per medium family."""
    families = [FAMILIES.index(family(m)) for m in [*plan.media.media, None]]
    return link_geometry(tray_links(plan, hall_id, families))


def link_geometry(links: TrayLinks) -> LinkGeometry:
    """The lines of ``links``, a hall's ``tray_links`` with media grouped by family."""
    lines = links.lines
    fam = np.array(FAMILIES, dtype=object)[links.group]
    widths = width_pt(links.links)
    run = lines[:, 2:] - lines[:, :2]
    length = np.hypot(run[:, 0], run[:, 1])
    normal = np.stack([-run[:, 1], run[:, 0]], axis=1) / np.maximum(length, 1e-9)[:, None]
    offset = _lanes(links.edge, fam, widths)
    batches = tuple(
        (name, float(w), np.flatnonzero((fam == name) & (widths == w)))
        for name in FAMILIES
        for w in sorted(set(widths[fam == name].tolist()))
    )
    present = tuple(name for name in FAMILIES if (fam == name).any())
    bounds = QRectF()
    if len(lines):
        x0, y0 = lines[:, [0, 2]].min(), lines[:, [1, 3]].min()
        x1, y1 = lines[:, [0, 2]].max(), lines[:, [1, 3]].max()
        bounds = QRectF(x0, y0, x1 - x0, y1 - y0)
    return LinkGeometry(lines, normal, offset, batches, present, bounds)


def _lanes(edge: np.ndarray, fam: np.ndarray, widths: np.ndarray) -> np.ndarray:
    """Each row's offset from its tray's centre line, in points.

    On each edge every family gets one lane as wide as its widest piece there, in legend
    order, the lanes side by side and centred on the tray.
    """
    lane_width: dict[int, dict[str, float]] = {}
    for e, name, w in zip(edge.tolist(), fam.tolist(), widths.tolist(), strict=True):
        per = lane_width.setdefault(e, {})
        per[name] = max(per.get(name, 0.0), w)
    centre: dict[tuple[int, str], float] = {}
    for e, per in lane_width.items():
        ordered = [name for name in FAMILIES if name in per]
        total = sum(per[n] for n in ordered) + LANE_GAP_PT * (len(ordered) - 1)
        at = -total / 2
        for name in ordered:
            centre[(e, name)] = at + per[name] / 2
            at += per[name] + LANE_GAP_PT
    return np.array(
        [centre[(e, n)] for e, n in zip(edge.tolist(), fam.tolist(), strict=True)], dtype=float
    )


def draw_links(painter: QPainter, geometry: LinkGeometry, ctx: Context) -> None:
    """The links along the trays, lanes side by side when close enough to tell them apart."""
    if not len(geometry):
        return
    shown = in_lines(geometry.lines, ctx)
    if ctx.points_per_mm < LANES_LOD:
        for name, width, rows in geometry.batches:
            rows = rows[shown[rows]]
            painter.setPen(style.pen(style.LINK_FAMILY[name], min(width, FAR_PT), ctx.px_per_point))
            draw_lines(painter, geometry.lines[rows])
        return
    shift = geometry.offset_pt / ctx.points_per_mm
    lines = geometry.lines + np.tile(geometry.normal * shift[:, None], 2)
    for _, width, rows in geometry.batches:
        rows = rows[shown[rows]]
        painter.setPen(style.pen(CASING, width + 2 * CASING_PT, ctx.px_per_point))
        draw_lines(painter, lines[rows])
    for name, width, rows in geometry.batches:
        rows = rows[shown[rows]]
        painter.setPen(style.pen(style.LINK_FAMILY[name], width, ctx.px_per_point))
        draw_lines(painter, lines[rows])


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


def example_widths() -> list[tuple[int, float]]:
    """(links, width in points) at each decade, for a legend of line widths."""
    return [(n, float(width_pt(np.array([n]))[0])) for n in (1, 10, 100, 1_000)]
