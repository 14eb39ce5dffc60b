"""Racks of an imported sheet that would stand on another rack, a cooling unit or an
obstacle.

``import-racks`` refuses a sheet with a bad row rather than add racks the check would then
flag as errors: an audit's sheet put one rack 300 mm into another and one on a column, and
they were imported without a word. Each row is told the first thing it stands on: a rack
of the project, a cooling unit or an obstacle of its hall (all rows at once through
shapely's tree, as the space check finds overlaps), else the rack of an earlier row.
Touching edges are no overlap.

A sheet written in metres where millimetres are asked for puts thousands of racks within
centimetres of one another: each row then meets every earlier one, and listing each pair
took a review's 5,000 rows 77 s and 5.5 GB. So the earlier rows are found in cells of the
floor, each row stopping at the first it stands on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np
import shapely

from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import Box
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.naming import display_name, obstacle_name
from designer.core.rules.pairs import hall_numbers, pairs

Problem = tuple[tuple[str, str], int]
"""A row's problem as ``read_rack_sheet`` collects them: (column, what), line."""

#: The side of a cell the earlier rows are kept in (mm): a few racks across.
CELL_MM = 2_400


def overlaps(
    project: Project,
    rack_types: Mapping[str, RackType],
    rows: Sequence[tuple[str, Box]],
    lines: Sequence[int],
) -> list[Problem]:
    """What each of ``rows`` (its hall id and footprint, read on ``lines``) stands on."""
    said: dict[int, str] = {}
    halls: dict[str, int] = {}
    mine = _boxes([box for _, box in rows]), hall_numbers([hall for hall, _ in rows], halls)
    racks = [(p, b) for p in project.placements.values() if (b := placement_box(p, rack_types))]
    units = [(u, b) for u in project.cooling_units.values() if (b := cooling_box(u))]
    obstacles = list(project.obstacles.values())
    found = [
        (
            [(p.hall_id, b) for p, b in racks],
            lambda k, _: f"rack {display_name(project, racks[k][0].id)!r} of the project",
        ),
        (
            [(u.hall_id, b) for u, b in units],
            lambda k, _: f"cooling unit {units[k][0].name!r}",
        ),
        (
            [(o.hall_id, bounds(o.outline)) for o in obstacles],
            lambda k, row: (
                obstacle_name(obstacles[k], quoted=True)
                if _covers_inside(obstacles[k].outline, rows[row][1])
                else ""
            ),
        ),
    ]
    for theirs, named in found:
        _first_met(mine, theirs, halls, named, said)
    _earlier_rows(rows, lines, said)
    return [(("", f"the rack stands on {what}"), lines[row]) for row, what in sorted(said.items())]


def _first_met(
    mine: tuple[np.ndarray, np.ndarray],
    theirs: list[tuple[str, Box]],
    halls: dict[str, int],
    named: Callable[[int, int], str],
    said: dict[int, str],
) -> None:
    """For each row not yet told, the first of ``theirs`` its box shares floor with, by
    ``named`` (which may say "" for one that does not cover it after all)."""
    if not theirs:
        return
    boxes = _boxes([box for _, box in theirs])
    i, j = pairs(mine[0], mine[1], boxes, hall_numbers([h for h, _ in theirs], halls))
    a, b = mine[0][i], boxes[j]
    inside = (a[:, 0] < b[:, 2]) & (b[:, 0] < a[:, 2]) & (a[:, 1] < b[:, 3]) & (b[:, 1] < a[:, 3])
    order = np.lexsort((j[inside], i[inside]))
    for row, k in zip(i[inside][order].tolist(), j[inside][order].tolist(), strict=True):
        if row not in said and (what := named(k, row)):
            said[row] = what


def _earlier_rows(
    rows: Sequence[tuple[str, Box]], lines: Sequence[int], said: dict[int, str]
) -> None:
    """Each row not yet told that stands on the rack of an earlier row: the first such."""
    cells: dict[tuple[str, int, int], list[int]] = {}
    for row, (hall, box) in enumerate(rows):
        keys = [
            (hall, cx, cy)
            for cx in range(box.x0 // CELL_MM, box.x1 // CELL_MM + 1)
            for cy in range(box.y0 // CELL_MM, box.y1 // CELL_MM + 1)
        ]
        if row not in said:
            # each cell's rows in order: its first met is the earliest there
            firsts = (
                next((k for k in cells.get(key, ()) if rows[k][1].overlaps(box)), None)
                for key in keys
            )
            under = min((k for k in firsts if k is not None), default=None)
            if under is not None:
                said[row] = f"the rack of line {lines[under]}"
        for key in keys:
            cells.setdefault(key, []).append(row)


def _boxes(boxes: Sequence[Box]) -> np.ndarray:
    return np.array(boxes, dtype=np.int64).reshape(-1, 4)


def _covers_inside(outline: Sequence[tuple[int, int]], box: Box) -> bool:
    """Whether ``box`` covers some of the inside of ``outline`` (an obstacle need not be a
    rectangle)."""
    return bool(shapely.Polygon(outline).intersection(shapely.box(*box)).area > 0)
