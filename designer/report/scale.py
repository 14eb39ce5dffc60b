"""Choosing a drawing scale for a hall plan, and tiling the plan when no legible scale fits.

Drawing sets use a few standard scales. We pick the largest (most detailed) one at which the
whole hall fits the drawing area; below 1:250 a 600 mm rack would be under 2.4 mm on paper,
too small to tell apart, so a hall that does not fit at 1:250 is split into tiles at 1:250,
each on its own sheet, with the tile's position stated. A hall drawn too coarse for its
racks' labels also gets enlarged part plans at the coarsest scale that shows them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.drawing.lod import LABEL_LOD

#: Standard scales, most detailed first (1:n).
STANDARD_SCALES = (50, 100, 200, 250)
#: Coarser scales for a single picture of a hall that must fit one sheet whatever its size.
OVERVIEW_SCALES = (500, 1_000, 2_000, 5_000, 10_000)
#: The coarsest scale at which racks stay readable; larger halls are tiled at this scale.
COARSEST_LEGIBLE = 250
#: The coarsest standard scale at which racks carry their labels (the plans write them from
#: ``LABEL_LOD`` points per millimetre of floor): a hall drawn coarser to fit one sheet
#: also gets enlarged part plans at this scale, so every rack can be found by its label.
LABELLED_SCALE = max(d for d in STANDARD_SCALES if 72 / 25.4 / d >= LABEL_LOD)
#: Paper around the hall for its dimension lines (11 pt out, their labels and ticks) at
#: any scale. It was 1 m of hall: 10 mm at 1:100, so a 30 m hall missed 1:100 on A3 by
#: 0.2 mm and was drawn at 1:200 on a third of the sheet, too small for any label.
MARGIN_PAPER_MM = 7.0


@dataclass(frozen=True)
class Tile:
    """A window of the hall, in hall millimetres, drawn on one sheet."""

    x0: float
    y0: float
    x1: float
    y1: float
    column: int
    row: int


@dataclass(frozen=True)
class PlanLayout:
    """The scale (1:``denominator``) and the tiles that cover the hall at that scale."""

    denominator: int
    tiles: tuple[Tile, ...]
    columns: int
    rows: int

    @property
    def tiled(self) -> bool:
        return len(self.tiles) > 1


def choose_layout(
    hall_box: tuple[float, float, float, float],
    area_mm: tuple[float, float],
    margin_paper_mm: float = MARGIN_PAPER_MM,
    tiles: bool = True,
) -> PlanLayout:
    """The most detailed standard scale that fits ``hall_box`` (+ margin) into ``area_mm``.

    ``hall_box`` is ``(x0, y0, x1, y1)`` in hall millimetres; ``area_mm`` the drawing area
    on paper; the margin around the hall is measured on paper, as its dimension lines are.
    Falls back to tiles at the coarsest legible scale, or, with ``tiles`` False (one picture
    of the hall), to an overview scale at which the whole hall fits.
    """
    for denominator in STANDARD_SCALES + (() if tiles else OVERVIEW_SCALES):
        x0, y0, x1, y1 = _with_margin(hall_box, margin_paper_mm * denominator)
        if (x1 - x0) / denominator <= area_mm[0] and (y1 - y0) / denominator <= area_mm[1]:
            return PlanLayout(denominator, (Tile(x0, y0, x1, y1, 0, 0),), 1, 1)
    return tiled_layout(hall_box, area_mm, COARSEST_LEGIBLE, margin_paper_mm)


def tiled_layout(
    hall_box: tuple[float, float, float, float],
    area_mm: tuple[float, float],
    denominator: int,
    margin_paper_mm: float = MARGIN_PAPER_MM,
) -> PlanLayout:
    """``hall_box`` (+ margin) at 1:``denominator`` in as many tiles of ``area_mm`` as it
    needs, row by row from the north-west corner."""
    x0, y0, x1, y1 = _with_margin(hall_box, margin_paper_mm * denominator)
    width, height = x1 - x0, y1 - y0
    columns = math.ceil(width / (area_mm[0] * denominator))
    rows = math.ceil(height / (area_mm[1] * denominator))
    # parts of one size, rather than full ones and a sliver
    span_x, span_y = width / columns, height / rows
    tiles = tuple(
        Tile(
            x0 + c * span_x,
            y0 + r * span_y,
            min(x1, x0 + (c + 1) * span_x),
            min(y1, y0 + (r + 1) * span_y),
            c,
            r,
        )
        for r in range(rows)
        for c in range(columns)
    )
    return PlanLayout(denominator, tiles, columns, rows)


def _with_margin(
    box: tuple[float, float, float, float], margin: float
) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return x0 - margin, y0 - margin, x1 + margin, y1 + margin


def scale_bar_metres(denominator: int, max_paper_mm: float) -> int:
    """The longest round length in metres (1, 2, 5, 10, 20, ...) whose bar fits ``max_paper_mm``."""
    best = 1
    for metres in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if metres * 1000 / denominator <= max_paper_mm:
            best = metres
    return best
