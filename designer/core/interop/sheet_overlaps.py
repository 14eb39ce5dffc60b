"""Racks of an imported sheet that would stand on another rack or on an obstacle.

``import-racks`` refuses a sheet with a bad row rather than add racks the check would then
flag as errors: an audit's sheet put one rack 300 mm into another and one on a column, and
they were imported without a word. Every row's rack is tested at once against the
project's racks and obstacles in its hall and the sheet's earlier rows (shapely's tree, as
the space check finds overlaps); touching edges are no overlap.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import numpy as np
import shapely

from designer.core.geometry.floor import bounds, placement_box
from designer.core.geometry.footprint import Box
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.naming import display_name
from designer.core.rules.pairs import hall_numbers, pairs

Problem = tuple[tuple[str, str], int]
"""A row's problem as ``read_rack_sheet`` collects them: (column, what), line."""


def overlaps(
    project: Project,
    rack_types: Mapping[str, RackType],
    rows: Sequence[tuple[str, Box]],
    lines: Sequence[int],
) -> list[Problem]:
    """What each of ``rows`` (its hall id and footprint, read on ``lines``) stands on: a
    rack of the project, an obstacle of its hall, or the rack of an earlier row."""
    halls: dict[str, int] = {}
    mine = _Boxes([hall for hall, _ in rows], [box for _, box in rows], halls)
    racks = [(p, box) for p in project.placements.values() if (box := placement_box(p, rack_types))]
    obstacles = list(project.obstacles.values())
    said: list[tuple[int, str]] = []
    theirs = _Boxes([p.hall_id for p, _ in racks], [box for _, box in racks], halls)
    for row, k in mine.meeting(theirs):
        if rows[row][1].overlaps(racks[k][1]):
            said.append((row, f"rack {display_name(project, racks[k][0].id)!r} of the project"))
    outlines = _Boxes([o.hall_id for o in obstacles], [bounds(o.outline) for o in obstacles], halls)
    for row, k in mine.meeting(outlines):
        if _covers_inside(obstacles[k].outline, rows[row][1]):
            obstacle = obstacles[k]
            said.append((row, f"{obstacle.kind} {obstacle.label or obstacle.id!r}"))
    for row, k in mine.meeting(mine):
        if k < row and rows[row][1].overlaps(rows[k][1]):
            said.append((row, f"the rack of line {lines[k]}"))
    return [(("", f"the rack stands on {what}"), lines[row]) for row, what in sorted(said)]


class _Boxes:
    """Boxes with their halls, numbered alike across the sets compared."""

    def __init__(self, halls: list[str], boxes: list[Box], numbers: dict[str, int]) -> None:
        self.boxes = np.array(boxes, dtype=np.int64).reshape(-1, 4)
        self.halls = hall_numbers(halls, numbers)

    def meeting(self, other: _Boxes) -> Iterator[tuple[int, int]]:
        """Indexes ``(mine, theirs)`` of boxes of one hall that may meet."""
        i, j = pairs(self.boxes, self.halls, other.boxes, other.halls)
        yield from zip(i.tolist(), j.tolist(), strict=True)


def _covers_inside(outline: Sequence[tuple[int, int]], box: Box) -> bool:
    """Whether ``box`` covers some of the inside of ``outline`` (an obstacle need not be a
    rectangle)."""
    return bool(shapely.Polygon(outline).intersection(shapely.box(*box)).area > 0)
