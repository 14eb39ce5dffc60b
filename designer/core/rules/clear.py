"""Racks the per-rack space checks cannot find anything about, found for the whole floor at
once.

A full check asks, for every rack, what overlaps its footprint, its front and rear service
zones and the strips to the adjacent rows: about 90 us of Python a rack, most of a second
for a 7,722-rack campus, to find nothing on a clean design. Here the same questions are
asked of all racks together (shapely's STRtree pairs up boxes that come near each other,
numpy compares the pairs), and the racks nothing can be found about are set aside: the
per-rack check passes over them and looks at the others as before, so the findings are the
same. Where the answer in bulk is not exact (an obstacle's true outline, a wall that is not
a rectangle) it only sends a rack on to the per-rack check, it never passes over one that
has a finding.

After an edit the set is empty: the racks an edit touches are checked one by one again.
"""

from __future__ import annotations

import numpy as np
import shapely

from designer.core.rules.context import Changes, Context, Derived
from designer.core.rules.grid import Grid
from designer.core.rules.layout import FLOOR, Floor, HallShape
from designer.core.rules.pairs import Boxes, box_array, hall_numbers, pairs


def _zones(boxes: Boxes, facing: np.ndarray, depth: int) -> Boxes:
    """The strip ``depth`` deep off each box's side that faces ``facing`` (a rotation:
    0 up the page, 90 right, 180 down, 270 left), as ``service_zone`` gives it."""
    x0, y0, x1, y1 = boxes.T
    zones = boxes.copy()
    up, right, down, left = (facing == f for f in (0, 90, 180, 270))
    zones[up, 1], zones[up, 3] = y0[up] - depth, y0[up]
    zones[down, 1], zones[down, 3] = y1[down], y1[down] + depth
    zones[right, 0], zones[right, 2] = x1[right], x1[right] + depth
    zones[left, 0], zones[left, 2] = x0[left] - depth, x0[left]
    return zones


def _gaps(face: Boxes, other: Boxes, facing: np.ndarray) -> np.ndarray:
    """Floor between each ``face`` box's side facing ``facing`` and the near side of the
    ``other`` box of its pair (``space._gap``)."""
    return np.select(
        [facing == 0, facing == 180, facing == 90],
        [face[:, 1] - other[:, 3], other[:, 1] - face[:, 3], other[:, 0] - face[:, 2]],
        face[:, 0] - other[:, 2],
    )


def _overlap(a: Boxes, b: Boxes) -> np.ndarray:
    """True where the pair's interiors meet (touching edges do not overlap)."""
    return (b[:, 0] < a[:, 2]) & (a[:, 0] < b[:, 2]) & (b[:, 1] < a[:, 3]) & (a[:, 1] < b[:, 3])


def _hull(*parts: Boxes) -> Boxes:
    """The box around each row's boxes."""
    stacked = np.stack(parts)
    return np.concatenate([stacked[:, :, :2].min(axis=0), stacked[:, :, 2:].max(axis=0)], axis=1)


class _Racks:
    """The floor's racks as arrays: boxes, halls, rotations and the order of their ids."""

    def __init__(self, ctx: Context, floor: Floor) -> None:
        placements = ctx.project.placements
        entries = [e for e in floor.racks.entries() if e[1] in floor.halls]
        self.ids = [key for key, _, _ in entries]
        self.halls = [hall for _, hall, _ in entries]
        self.boxes = box_array((box for _, _, box in entries), len(entries))
        self.rotation = np.array([placements[key].rotation for key in self.ids], dtype=np.int64)
        order = sorted(range(len(self.ids)), key=self.ids.__getitem__)
        self.rank = np.empty(len(self.ids), dtype=np.int64)
        self.rank[order] = np.arange(len(self.ids))


def _near_other(
    codes: np.ndarray, queries: Boxes, grid: Grid, known: dict[str, int]
) -> tuple[np.ndarray, Boxes]:
    """For each pair of a rack's query box and a box of ``grid`` in the same hall: the
    rack's index and the other box."""
    entries = list(grid.entries())
    if not entries:
        return np.zeros(0, dtype=np.intp), np.zeros((0, 4), dtype=np.int64)
    boxes = box_array((box for _, _, box in entries), len(entries))
    halls = hall_numbers([hall for _, hall, _ in entries], known)
    i, j = pairs(queries, codes, boxes, halls)
    return i, boxes[j]


def _walls(
    codes: np.ndarray, known: dict[str, int], shapes: dict[str, HallShape], zones: list[Boxes]
) -> np.ndarray:
    """True for racks standing (partly) outside their hall, or whose service zones reach
    past its outline (``zones``: the racks' footprints first, then their zones).

    Rectangular halls are compared all at once (a 1M-accelerator campus has 157 halls);
    the racks of each other hall are found from the racks sorted by hall."""
    rectangles = np.zeros((len(known), 4), dtype=np.int64)
    plain = np.zeros(len(known), dtype=bool)
    others = []
    for hall_id, code in known.items():
        shape = shapes.get(hall_id)
        if shape is not None and shape.rectangle is not None:
            rectangles[code], plain[code] = shape.rectangle, True
        elif shape is not None:
            others.append((code, shape))
    out = np.zeros(len(codes), dtype=bool)
    r, rectangular = rectangles[codes], plain[codes]
    for boxes in zones:
        covered = (
            (r[:, 0] <= boxes[:, 0])
            & (boxes[:, 2] <= r[:, 2])
            & (r[:, 1] <= boxes[:, 1])
            & (boxes[:, 3] <= r[:, 3])
        )
        out |= rectangular & ~covered
    order = np.argsort(codes, kind="stable")
    ends = np.searchsorted(codes[order], [[code, code + 1] for code, _ in others])
    for (_, shape), (start, stop) in zip(others, ends.reshape(-1, 2), strict=True):
        mine = order[start:stop]
        for boxes in zones:
            part = boxes[mine]
            out[mine] |= ~shapely.covers(shape.polygon, shapely.box(*part.T.astype(float)))
    return out


def _aisle_flags(
    racks: _Racks, i: np.ndarray, j: np.ndarray, strips: Boxes, rear: bool, aisle_mm: int
) -> np.ndarray:
    """Indexes of racks with an aisle finding on one side, as ``space._across`` and
    ``space._aisles`` find them: the nearest parallel row within the strip, front to rear
    across it, or an aisle narrower than ``aisle_mm`` (reported by the rack of the smaller
    id)."""
    boxes, rotation, rank = racks.boxes, racks.rotation, racks.rank
    facing = (rotation[i] + (180 if rear else 0)) % 360
    parallel = (rotation[i] - rotation[j]) % 180 == 0
    gap = _gaps(boxes[i], boxes[j], facing)
    keep = parallel & _overlap(strips[i], boxes[j]) & (gap >= 0)
    i, j, gap, facing = i[keep], j[keep], gap[keep], facing[keep]
    if len(i) == 0:
        return i
    order = np.lexsort((rank[j], gap, i))
    first = order[np.r_[True, i[order][1:] != i[order][:-1]]]
    nearest_gap = np.zeros(len(racks.ids), dtype=np.int64)
    nearest_depth = np.zeros(len(racks.ids), dtype=np.int64)
    near = boxes[j[first]]
    across_y = np.isin(facing[first], (0, 180))
    nearest_gap[i[first]] = gap[first]
    nearest_depth[i[first]] = np.where(across_y, near[:, 3] - near[:, 1], near[:, 2] - near[:, 0])
    counted = gap < nearest_gap[i] + nearest_depth[i]
    turned = rotation[j] != rotation[i]
    narrow = turned & (gap < aisle_mm) & (rank[i] < rank[j])
    finding = counted & (narrow if rear else (narrow | ~turned))
    flagged: np.ndarray = i[finding]
    return flagged


def _build(ctx: Context) -> frozenset[str]:
    limits = ctx.limits
    front, rear = limits.front_service_mm, limits.rear_service_mm
    across, cold, hot = limits.adjacent_row_mm, limits.cold_aisle_mm, limits.hot_aisle_mm
    if min(front, rear, across, cold, hot) < 0:
        return frozenset()  # not a floor a person lays out: every rack goes the long way
    floor = ctx.get(FLOOR)
    racks = _Racks(ctx, floor)
    if not racks.ids:
        return frozenset()
    boxes, rotation, rank = racks.boxes, racks.rotation, racks.rank
    behind = (rotation + 180) % 360
    front_zone, rear_zone = _zones(boxes, rotation, front), _zones(boxes, behind, rear)
    front_strip, rear_strip = _zones(boxes, rotation, across), _zones(boxes, behind, across)
    flagged = np.zeros(len(racks.ids), dtype=bool)

    known: dict[str, int] = {}
    codes = hall_numbers(racks.halls, known)
    reach = _hull(
        boxes, _zones(boxes, rotation, max(front, across)), _zones(boxes, behind, max(rear, across))
    )
    i, j = pairs(reach, codes, boxes, codes)
    keep = i != j
    i, j = i[keep], j[keep]
    other = boxes[j]
    flagged[i[_overlap(boxes[i], other) & (rank[i] < rank[j])]] = True
    side_on = (rotation[i] - rotation[j]) % 180 != 0
    for depth, zone in ((front, front_zone), (rear, rear_zone)):
        if depth > 0:
            flagged[i[side_on & _overlap(zone[i], other)]] = True
    flagged[_aisle_flags(racks, i, j, front_strip, False, cold)] = True
    flagged[_aisle_flags(racks, i, j, rear_strip, True, hot)] = True

    service = _hull(boxes, front_zone, rear_zone)
    for grid in (floor.units, floor.obstacles):
        k, found = _near_other(codes, service, grid, known)
        hit = _overlap(boxes[k], found)
        for depth, zone in ((front, front_zone), (rear, rear_zone)):
            if depth > 0:
                hit |= _overlap(zone[k], found)
        flagged[k[hit]] = True

    zones = [boxes] + [zone for depth, zone in ((front, front_zone), (rear, rear_zone)) if depth]
    flagged |= _walls(codes, known, floor.halls, zones)
    return frozenset(key for key, bad in zip(racks.ids, flagged.tolist(), strict=True) if not bad)


def _update(previous: frozenset[str], ctx: Context, changes: Changes) -> frozenset[str]:
    return frozenset()


CLEAR: Derived[frozenset[str]] = Derived("racks clear of space findings", _build, _update)
"""Ids of racks the per-rack space checks would find nothing about; empty after an edit."""
