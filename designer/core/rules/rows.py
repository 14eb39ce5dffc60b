"""Rows: chains of racks (and in-row cooling units) standing side by side.

Two racks are in the same row when they face the same way, their fronts are on one line,
and less than ``row_break_mm`` of floor separates them along the row. An in-row CDU or
cooler keeps the chain going because nobody can walk through it: it joins a row it stands
in line with (across at least half the shallower depth) whichever way it faces and however
deep it is, as architects drop them at row ends. A row is keyed by its
smallest member id. After an edit only the rows the changed items left or joined are
traced again; ``recent`` names the row keys that appeared or vanished in that update.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from designer.core.geometry.footprint import Box, front_line
from designer.core.model.base import Rotation
from designer.core.rules.context import Changes, Context, Derived
from designer.core.rules.layout import FLOOR, Floor
from designer.core.rules.pairs import box_array, hall_numbers, pairs

Item = tuple[str, Box, Rotation, bool]
"""A row member as the tracer sees it: hall id, footprint, rotation, an in-row unit."""


def along_row_gap(a: Box, b: Box, rotation: int) -> int:
    """Floor between two boxes along a row of ``rotation`` (negative when they overlap)."""
    if rotation in (0, 180):
        return max(b.x0 - a.x1, a.x0 - b.x1)
    return max(b.y0 - a.y1, a.y0 - b.y1)


def _in_line(a: Box, b: Box, rotation: int) -> bool:
    """True when ``a`` and ``b`` overlap across a row of ``rotation`` by at least half the
    shallower one: the same line of floor, not the row behind or in front."""
    if rotation in (0, 180):
        overlap, depths = min(a.y1, b.y1) - max(a.y0, b.y0), (a.y1 - a.y0, b.y1 - b.y0)
    else:
        overlap, depths = min(a.x1, b.x1) - max(a.x0, b.x0), (a.x1 - a.x0, b.x1 - b.x0)
    return overlap * 2 >= min(depths)


def _joined(a: Item, b: Item, gap: int) -> bool:
    """True when ``b`` continues the row of ``a``."""
    _, box, rotation, unit = a
    _, other, turned, other_unit = b
    if along_row_gap(box, other, rotation) >= gap:
        return False
    if unit or other_unit:  # a unit faces any way along the same axis
        return (turned in (0, 180)) == (rotation in (0, 180)) and _in_line(box, other, rotation)
    return turned == rotation and front_line(other, rotation) == front_line(box, rotation)


def _item(ctx: Context, floor: Floor, key: str) -> Item | None:
    rack = ctx.project.placements.get(key)
    if rack is not None:
        box = floor.racks.box(key)
        return (rack.hall_id, box, rack.rotation, False) if box else None
    unit = ctx.project.cooling_units.get(key)
    if unit is not None and unit.mount == "in_row":
        box = floor.units.box(key)
        return (unit.hall_id, box, unit.rotation, True) if box else None
    return None


def _neighbours(ctx: Context, floor: Floor, key: str, item: Item) -> list[str]:
    hall, box, rotation, _ = item
    gap = ctx.limits.row_break_mm
    if rotation in (0, 180):
        probe = Box(box.x0 - gap, box.y0, box.x1 + gap, box.y1)
    else:
        probe = Box(box.x0, box.y0 - gap, box.x1, box.y1 + gap)
    found = []
    for other in [*floor.racks.touching(hall, probe), *floor.units.touching(hall, probe)]:
        found_item = _item(ctx, floor, other) if other != key else None
        if found_item is not None and _joined(item, found_item, gap):
            found.append(other)
    return found


@dataclass
class Rows:
    """Row key -> sorted member ids, and member id -> row key."""

    members: dict[str, list[str]] = field(default_factory=dict)
    row_of: dict[str, str] = field(default_factory=dict)
    recent: set[str] = field(default_factory=set)

    def _unassign(self, key: str) -> list[str]:
        members = self.members.pop(key)
        for member in members:
            del self.row_of[member]
        self.recent.add(key)
        return members

    def _trace(self, ctx: Context, floor: Floor, seed: str) -> None:
        """Trace the row through ``seed``, merging any row it turns out to join."""
        found = {seed}
        todo = [seed]
        while todo:
            key = todo.pop()
            item = _item(ctx, floor, key)
            if item is None:
                continue
            for other in _neighbours(ctx, floor, key, item):
                if other in self.row_of:
                    self._unassign(self.row_of[other])
                if other not in found:
                    found.add(other)
                    todo.append(other)
        row_key = min(found)
        self.members[row_key] = sorted(found)
        for member in found:
            self.row_of[member] = row_key
        self.recent.add(row_key)


def _items(ctx: Context, floor: Floor) -> list[tuple[str, Item]]:
    """Every rack and in-row unit on the floor, as the tracer sees it."""
    units = ctx.project.cooling_units
    found = [
        (key, (hall, box, ctx.project.placements[key].rotation, False))
        for key, hall, box in floor.racks.entries()
    ]
    found += [
        (key, (hall, box, units[key].rotation, True))
        for key, hall, box in floor.units.entries()
        if units[key].mount == "in_row"
    ]
    return found


def _joined_pairs(items: list[tuple[str, Item]], gap: int) -> tuple[np.ndarray, np.ndarray]:
    """Indexes ``(i, j)`` of the items where ``j`` continues the row of ``i`` (``_joined``
    and ``_neighbours``), for every item at once."""
    boxes = box_array((item[1] for _, item in items), len(items))
    turn = np.array([item[2] for _, item in items], dtype=np.int64)
    unit = np.array([item[3] for _, item in items], dtype=bool)
    halls = hall_numbers([item[0] for _, item in items], {})
    along_x = (turn == 0) | (turn == 180)
    probes = boxes.copy()
    probes[along_x, 0] -= gap
    probes[along_x, 2] += gap
    probes[~along_x, 1] -= gap
    probes[~along_x, 3] += gap
    i, j = pairs(probes, halls, boxes, halls)
    x = along_x[i]
    # each pair's boxes as (start, end) along i's row and (start, end) across it
    a_along = np.where(x[:, None], boxes[i][:, [0, 2]], boxes[i][:, [1, 3]])
    b_along = np.where(x[:, None], boxes[j][:, [0, 2]], boxes[j][:, [1, 3]])
    a_across = np.where(x[:, None], boxes[i][:, [1, 3]], boxes[i][:, [0, 2]])
    b_across = np.where(x[:, None], boxes[j][:, [1, 3]], boxes[j][:, [0, 2]])
    apart = np.maximum(b_along[:, 0] - a_along[:, 1], a_along[:, 0] - b_along[:, 1])
    overlap = np.minimum(a_across[:, 1], b_across[:, 1]) - np.maximum(
        a_across[:, 0], b_across[:, 0]
    )
    depth = np.minimum(a_across[:, 1] - a_across[:, 0], b_across[:, 1] - b_across[:, 0])
    in_line = (along_x[j] == x) & (overlap * 2 >= depth)
    # the front edge (front_line): y0 for 0, x1 for 90, y1 for 180, x0 for 270
    front = np.select([turn[i] == 0, turn[i] == 90, turn[i] == 180], [1, 2, 3], 0)
    rows = np.arange(len(i))
    same_front = (turn[j] == turn[i]) & (boxes[i][rows, front] == boxes[j][rows, front])
    joined = (i != j) & (apart < gap) & np.where(unit[i] | unit[j], in_line, same_front)
    return i[joined], j[joined]


def _components(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The connected part of each of ``n`` items joined in pairs ``(a[k], b[k])``, named
    by its smallest item.

    Union-find over all pairs at once: every part's name is hooked under the smaller name
    across each pair, then names are followed to their end, until every pair's two items
    share a name. A campus joins 8,000 items by 30,000 pairs; one Python step per pair
    was a third of finding its rows.
    """
    name = np.arange(n)
    while True:
        at_a, at_b = name[a], name[b]
        if np.array_equal(at_a, at_b):
            return name
        np.minimum.at(name, np.maximum(at_a, at_b), np.minimum(at_a, at_b))
        while not np.array_equal(onward := name[name], name):
            name = onward


def _build(ctx: Context) -> Rows:
    """The rows of the whole floor: the items joined in bulk, chained by union-find.

    Joining is symmetric, so the rows are the chains' connected parts, each keyed by its
    smallest id, in the order of those ids, as tracing from every id in order finds them.
    """
    floor = ctx.get(FLOOR)
    items = _items(ctx, floor)
    joined = _components(len(items), *_joined_pairs(items, ctx.limits.row_break_mm))
    chains: dict[int, list[str]] = {}
    for (key, _), root in zip(items, joined.tolist(), strict=True):
        chains.setdefault(root, []).append(key)
    rows = Rows()
    for members in sorted((sorted(chain) for chain in chains.values()), key=lambda m: m[0]):
        rows.members[members[0]] = members
        for member in members:
            rows.row_of[member] = members[0]
    rows.recent = set(rows.members)
    return rows


def _update(rows: Rows, ctx: Context, changes: Changes) -> Rows:
    floor = ctx.get(FLOOR)
    rows.recent = set()
    changed = [i for i, _, _ in changes.of("placements")]
    changed += [i for i, _, _ in changes.of("cooling_units")]
    seeds = set(changed)
    for key in {rows.row_of[i] for i in changed if i in rows.row_of}:
        seeds.update(rows._unassign(key))
    for seed in sorted(seeds):
        if seed not in rows.row_of and _item(ctx, floor, seed) is not None:
            rows._trace(ctx, floor, seed)
    return rows


ROWS: Derived[Rows] = Derived("rows", _build, _update)
"""The rows of every hall; re-traced only where an edit happened."""
