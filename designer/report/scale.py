"""Choosing a drawing scale for a hall plan, and tiling the plan when no legible scale fits.

Drawing sets use a few standard scales. We pick the largest (most detailed) one at which the
whole hall fits the drawing area; below 1:250 a 600 mm rack would be under 2.4 mm on paper,
too small to tell apart, so a hall that does not fit at 1:250 is split into tiles at 1:250,
each on its own sheet, with the tile's position stated. A hall drawn too coarse for its
racks' labels also gets enlarged part plans at the coarsest scale that shows them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from designer.drawing.lod import LABEL_LOD

#: Standard scales, most detailed first (1:n).
STANDARD_SCALES = (50, 100, 200, 250)
#: The first of the coarser scales (then 1:1,000, 1:2,000, 1:5,000, ...) for a single picture
#: of a hall that must fit one sheet whatever its size.
FIRST_OVERVIEW = 500
#: The coarsest scale at which racks stay readable; larger halls are tiled at this scale.
COARSEST_LEGIBLE = 250
#: The most sheets a hall is tiled over at 1:250 (on A4 a hall of about 450 by 300 m, ten
#: times the largest example's): a larger hall, a corner typed x1000, is drawn whole on one
#: sheet at an overview scale, as a picture is, not over thousands of sheets of bare floor.
MAX_TILES = 100
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

    @cached_property
    def numbers(self) -> dict[Tile, int]:
        """Each tile's number, from 1 in their order: what a sheet calls its part."""
        return {tile: k for k, tile in enumerate(self.tiles, 1)}


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
    of the hall) or past ``MAX_TILES`` tiles, to an overview scale at which the whole hall
    fits. There always is one: the scales grow without end, and the margin on paper stays.
    """
    for denominator in STANDARD_SCALES:
        if (layout := _whole(hall_box, area_mm, denominator, margin_paper_mm)) is not None:
            return layout
    if tiles:
        grid = _Grid.of(hall_box, area_mm, COARSEST_LEGIBLE, margin_paper_mm)
        if grid.columns * grid.rows <= MAX_TILES:
            return grid.layout()
    for denominator in _one_two_five(FIRST_OVERVIEW):
        if (layout := _whole(hall_box, area_mm, denominator, margin_paper_mm)) is not None:
            return layout
    raise AssertionError("unreachable: the scales grow without end")


def _whole(
    hall_box: tuple[float, float, float, float],
    area_mm: tuple[float, float],
    denominator: int,
    margin_paper_mm: float,
) -> PlanLayout | None:
    """``hall_box`` (+ margin) on one sheet at 1:``denominator``; None when it does not fit."""
    x0, y0, x1, y1 = _with_margin(hall_box, margin_paper_mm * denominator)
    if (x1 - x0) / denominator <= area_mm[0] and (y1 - y0) / denominator <= area_mm[1]:
        return PlanLayout(denominator, (Tile(x0, y0, x1, y1, 0, 0),), 1, 1)
    return None


def _one_two_five(first: int) -> Iterator[int]:
    """``first`` (1, 2 or 5 times a power of ten) and the round numbers above it: 500,
    1,000, 2,000, 5,000, 10,000, ... without end."""
    value = first
    while True:
        yield value
        value = value * 5 // 2 if str(value)[0] == "2" else value * 2


def tiled_layout(
    hall_box: tuple[float, float, float, float],
    area_mm: tuple[float, float],
    denominator: int,
    margin_paper_mm: float = MARGIN_PAPER_MM,
) -> PlanLayout:
    """``hall_box`` (+ margin) at 1:``denominator`` in as many tiles of ``area_mm`` as it
    needs, row by row from the north-west corner."""
    return _Grid.of(hall_box, area_mm, denominator, margin_paper_mm).layout()


def tiles_meeting(
    hall_box: tuple[float, float, float, float],
    area_mm: tuple[float, float],
    denominator: int,
    rects: np.ndarray,
    margin_paper_mm: float = MARGIN_PAPER_MM,
) -> PlanLayout | None:
    """The tiles of ``tiled_layout`` that some of ``rects`` (x, y, width, height rows, mm)
    overlap, in its order; None when none does. Found from the rectangles, not by trying
    every tile: a hall kilometres long has a million parts at 1:50."""
    grid = _Grid.of(hall_box, area_mm, denominator, margin_paper_mm)
    x, y, w, h = np.asarray(rects, dtype=np.float64).reshape(-1, 4).T
    # the columns c with x0 + c * span < x + w and x0 + (c + 1) * span > x; rows alike
    c0 = np.maximum(np.floor((x - grid.x0) / grid.span_x), 0)
    c1 = np.minimum(np.ceil((x + w - grid.x0) / grid.span_x) - 1, grid.columns - 1)
    r0 = np.maximum(np.floor((y - grid.y0) / grid.span_y), 0)
    r1 = np.minimum(np.ceil((y + h - grid.y0) / grid.span_y) - 1, grid.rows - 1)
    cells: set[tuple[int, int]] = set()
    for a, b, c, d in np.column_stack([r0, r1, c0, c1]).astype(np.int64).tolist():
        cells.update((r, col) for r in range(a, b + 1) for col in range(c, d + 1))
    return grid.layout(sorted(cells)) if cells else None


@dataclass(frozen=True)
class _Grid:
    """The hall and its margin cut into ``columns`` by ``rows`` tiles of one size."""

    denominator: int
    x0: float
    y0: float
    x1: float
    y1: float
    columns: int
    rows: int

    @classmethod
    def of(
        cls,
        hall_box: tuple[float, float, float, float],
        area_mm: tuple[float, float],
        denominator: int,
        margin_paper_mm: float,
    ) -> _Grid:
        x0, y0, x1, y1 = _with_margin(hall_box, margin_paper_mm * denominator)
        columns = math.ceil((x1 - x0) / (area_mm[0] * denominator))
        rows = math.ceil((y1 - y0) / (area_mm[1] * denominator))
        return cls(denominator, x0, y0, x1, y1, columns, rows)

    # parts of one size, rather than full ones and a sliver
    @property
    def span_x(self) -> float:
        return (self.x1 - self.x0) / self.columns

    @property
    def span_y(self) -> float:
        return (self.y1 - self.y0) / self.rows

    def layout(self, cells: Iterable[tuple[int, int]] | None = None) -> PlanLayout:
        """The tiles at ``cells`` ((row, column) pairs, row by row), or all of them."""
        if cells is None:
            cells = ((r, c) for r in range(self.rows) for c in range(self.columns))
        x0, y0, span_x, span_y = self.x0, self.y0, self.span_x, self.span_y
        tiles = tuple(
            Tile(
                x0 + c * span_x,
                y0 + r * span_y,
                min(self.x1, x0 + (c + 1) * span_x),
                min(self.y1, y0 + (r + 1) * span_y),
                c,
                r,
            )
            for r, c in cells
        )
        return PlanLayout(self.denominator, tiles, self.columns, self.rows)


def _with_margin(
    box: tuple[float, float, float, float], margin: float
) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    return x0 - margin, y0 - margin, x1 + margin, y1 + margin


def scale_bar_metres(denominator: int, max_paper_mm: float) -> int:
    """The longest round length in metres (1, 2, 5, 10, 20, ...) whose bar fits ``max_paper_mm``."""
    best = 1
    for metres in _one_two_five(1):
        if metres * 1000 / denominator > max_paper_mm:
            return best
        best = metres
    raise AssertionError("unreachable: the lengths grow without end")
