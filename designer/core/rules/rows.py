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

from designer.core.geometry.footprint import Box
from designer.core.rules.context import Changes, Context, Derived
from designer.core.rules.layout import FLOOR, Floor

Item = tuple[str, Box, int, bool]
"""A row member as the tracer sees it: hall id, footprint, rotation, an in-row unit."""


def front_line(box: Box, rotation: int) -> int:
    """The coordinate of the footprint's front edge (a y for 0/180, an x for 90/270)."""
    return {0: box.y0, 90: box.x1, 180: box.y1, 270: box.x0}[rotation]


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


def _build(ctx: Context) -> Rows:
    floor = ctx.get(FLOOR)
    rows = Rows()
    keys = [*ctx.project.placements, *ctx.project.cooling_units]
    for key in sorted(keys):
        if key not in rows.row_of and _item(ctx, floor, key) is not None:
            rows._trace(ctx, floor, key)
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
