"""Space: does every rack stand on free floor inside its hall, with room to serve it?

Per rack: overlaps with racks, obstacles and cooling units; the hall outline; the service
clearance in front and behind; the aisle to the row it faces. Per row: its length, and a
way into its aisles at one end at least (a dead end no longer than the limit). Per
CloudMatrix384: one hall, within the span its optics allow.

Rows across an aisle are judged by the aisle checks (cold aisle front to front, hot aisle
back to back, never a front facing a back); the service clearances look only at what is
not a parallel rack (walls, columns, cooling units, racks turned side-on), so one mistake
gives one finding. A pair of racks is reported once, by the rack with the smaller id.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import FRONT_DIRECTION, Box, service_zone
from designer.core.model.base import Rotation
from designer.core.model.placement import Placement
from designer.core.naming import obstacle_name
from designer.core.rules.check import Check, each_rack
from designer.core.rules.clear import CLEAR
from designer.core.rules.context import Changes, Context, Derived
from designer.core.rules.grid import overlapping
from designer.core.rules.layout import FLOOR, Floor, HallShape, as_polygon
from designer.core.rules.links import LINKS
from designer.core.rules.rows import ROWS
from designer.core.rules.text import called, first_up, mm, num, rack_name

FAMILY = "space"

OVERLAP = CodeInfo(
    "space.overlap", FAMILY, "Racks overlap", Severity.ERROR, "Two racks share floor area."
)
ON_OBSTACLE = CodeInfo(
    "space.on_obstacle",
    FAMILY,
    "Rack on an obstacle",
    Severity.ERROR,
    "A rack stands on a column, wall stub or keep-out zone.",
)
ON_COOLING_UNIT = CodeInfo(
    "space.on_cooling_unit",
    FAMILY,
    "Rack on a cooling unit",
    Severity.ERROR,
    "A rack shares floor with a CDU, CRAH or in-row cooler.",
)
OUTSIDE_HALL = CodeInfo(
    "space.outside_hall",
    FAMILY,
    "Rack outside its hall",
    Severity.ERROR,
    "Part of a rack's footprint lies beyond its hall's outline.",
)
UNIT_OUTSIDE_HALL = CodeInfo(
    "space.unit_outside_hall",
    FAMILY,
    "Cooling unit outside its hall",
    Severity.ERROR,
    "Part of a CDU's, CRAH's or in-row cooler's footprint lies beyond its hall's outline; "
    "the loads still count its capacity until it is moved inside.",
)
FRONT_CLEARANCE = CodeInfo(
    "space.front_clearance",
    FAMILY,
    "Front service clearance",
    Severity.ERROR,
    "A wall, obstacle, cooling unit or side-on rack is closer to a rack's front than the "
    "front service clearance.",
)
REAR_CLEARANCE = CodeInfo(
    "space.rear_clearance",
    FAMILY,
    "Rear service clearance",
    Severity.ERROR,
    "A wall, obstacle, cooling unit or side-on rack is closer to a rack's rear than the rear "
    "service clearance.",
)
COLD_AISLE = CodeInfo(
    "space.cold_aisle",
    FAMILY,
    "Cold aisle too narrow",
    Severity.ERROR,
    "Two racks face each other front to front across less than the cold-aisle width.",
)
HOT_AISLE = CodeInfo(
    "space.hot_aisle",
    FAMILY,
    "Hot aisle too narrow",
    Severity.ERROR,
    "Two racks stand back to back across less than the hot-aisle width.",
)
AISLE_ORIENTATION = CodeInfo(
    "space.aisle_orientation",
    FAMILY,
    "Front faces a rear",
    Severity.ERROR,
    "A rack's front faces the rear of a rack in the adjacent row, so it breathes the other "
    "rack's exhaust; adjacent rows must face front to front or back to back.",
)
ROW_LENGTH = CodeInfo(
    "space.row_length",
    FAMILY,
    "Row too long",
    Severity.WARNING,
    "A row holds more racks than the limit without a cross aisle.",
)
ROW_ENDS_CLOSED = CodeInfo(
    "space.row_ends_closed",
    FAMILY,
    "Row closed at both ends",
    Severity.ERROR,
    "Neither end of a row has the clear floor of an accessible route before a wall, "
    "obstacle, cooling unit or rack, so its aisles can only be left past other rows.",
)
DEAD_END_AISLE = CodeInfo(
    "space.dead_end_aisle",
    FAMILY,
    "Dead-end aisle too long",
    Severity.WARNING,
    "A row closed at one end holds more racks than a dead-end aisle may run past.",
)
SYSTEM_SPLIT = CodeInfo(
    "space.system_split",
    FAMILY,
    "System split over halls",
    Severity.ERROR,
    "The racks of one multi-rack system (a CloudMatrix384) stand in more than one hall.",
)
SYSTEM_SPAN = CodeInfo(
    "space.system_span",
    FAMILY,
    "System spread too far",
    Severity.ERROR,
    "The racks of one multi-rack system are farther apart than its template allows.",
)


# --- geometry helpers ----------------------------------------------------------------


def _gap(face: Box, other: Box, direction: tuple[int, int]) -> int:
    """Floor between ``face``'s side facing ``direction`` and the near side of ``other``."""
    dx, dy = direction
    if dy < 0:
        return face.y0 - other.y1
    if dy > 0:
        return other.y0 - face.y1
    if dx > 0:
        return other.x0 - face.x1
    return face.x0 - other.x1


def _direction(rack: Placement, rear: bool) -> tuple[int, int]:
    dx, dy = FRONT_DIRECTION[rack.rotation]
    return (-dx, -dy) if rear else (dx, dy)


def _midpoint(a: Box, b: Box) -> tuple[float, float]:
    (ax, ay), (bx, by) = a.centre, b.centre
    return ((ax + bx) / 2, (ay + by) / 2)


def _intersection(a: Box, b: Box) -> Box:
    return Box(max(a.x0, b.x0), max(a.y0, b.y0), min(a.x1, b.x1), min(a.y1, b.y1))


def reach(ctx: Context) -> int:
    """How far from a rack its own checks look, in millimetres."""
    limits = ctx.limits
    return max(limits.adjacent_row_mm, limits.front_service_mm, limits.rear_service_mm)


# --- per rack -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Around:
    """What stands on or beside a rack's footprint, its service zones and the strips to
    the adjacent rows (id -> box), fetched from the floor's grids once per rack: the
    checks below sort it zone by zone, which costs a fraction of asking the grids eleven
    times."""

    racks: dict[str, Box]
    units: dict[str, Box]
    obstacles: dict[str, Box]

    @classmethod
    def of(cls, ctx: Context, floor: Floor, rack: Placement, box: Box) -> _Around:
        limits = ctx.limits
        front, rear = max(limits.front_service_mm, 0), max(limits.rear_service_mm, 0)
        across = max(limits.adjacent_row_mm, 0)
        hall, rotation = rack.hall_id, rack.rotation
        service = _beside(box, rotation, front, rear)
        rows = _beside(box, rotation, max(front, across), max(rear, across))
        return cls(
            floor.racks.touching(hall, rows),
            floor.units.touching(hall, service),
            floor.obstacles.touching(hall, service),
        )


def _beside(box: Box, rotation: Rotation, front: int, rear: int) -> Box:
    """``box`` with ``front`` millimetres of floor added before it and ``rear`` behind."""
    return service_zone(box, rotation, front).union(service_zone(box, rotation, rear, rear=True))


def _overlaps(
    ctx: Context, floor: Floor, rack: Placement, box: Box, around: _Around
) -> Iterator[Finding]:
    project = ctx.project
    for other_id, other_box in overlapping(around.racks, box).items():
        if other_id <= rack.id:
            continue
        shared = _intersection(box, other_box)
        yield OVERLAP.finding(
            f"{first_up(rack_name(rack))} and {rack_name(project.placements[other_id])} "
            f"overlap by {mm(shared.width)} × {mm(shared.height)}. Move one of them so their "
            "footprints do not share floor.",
            (rack.id, other_id),
            measured=shared.area_m2,
            limit=0.0,
            unit="m²",
            hall_id=rack.hall_id,
            where=shared.centre,
        )
    for obstacle_id in overlapping(around.obstacles, box):
        shared_shape = floor.obstacle_shapes[obstacle_id].intersection(as_polygon(box))
        if shared_shape.area <= 0:
            continue
        obstacle = project.obstacles[obstacle_id]
        point = shared_shape.centroid
        yield ON_OBSTACLE.finding(
            f"{first_up(rack_name(rack))} stands on {obstacle_name(obstacle)}: "
            f"{num(shared_shape.area / 1e6, 2)} m² of its footprint is on it. Move the rack "
            "clear of it.",
            (rack.id, obstacle_id),
            measured=shared_shape.area / 1e6,
            limit=0.0,
            unit="m²",
            hall_id=rack.hall_id,
            where=(point.x, point.y),
        )
    for unit_id, unit_box in overlapping(around.units, box).items():
        shared = _intersection(box, unit_box)
        unit = project.cooling_units[unit_id]
        yield ON_COOLING_UNIT.finding(
            f"{first_up(rack_name(rack))} overlaps cooling unit {unit.name} by "
            f"{mm(shared.width)} × {mm(shared.height)}. Move the rack or the unit.",
            (rack.id, unit_id),
            measured=shared.area_m2,
            limit=0.0,
            unit="m²",
            hall_id=rack.hall_id,
            where=shared.centre,
        )


def _area(m2: float) -> str:
    """An area as a reader can picture it: a rack a millimetre over a wall is 12 cm² out,
    not "0 m²"."""
    return f"{num(m2, 2)} m²" if m2 >= 0.01 else f"{num(m2 * 1e4, 0)} cm²"


def _outside(ctx: Context, rack: Placement, box: Box, shape: HallShape) -> Finding:
    hall = ctx.project.halls[rack.hall_id]
    outside = as_polygon(box).difference(shape.polygon).area / 1e6
    how = "outside" if outside >= box.area_m2 else "partly outside"
    return OUTSIDE_HALL.finding(
        f"{first_up(rack_name(rack))} stands {how} {called('hall', hall.name)}: "
        f"{_area(outside)} of its footprint is beyond the outline. Move it inside the hall.",
        (rack.id,),
        measured=outside,
        limit=0.0,
        unit="m²",
        hall_id=rack.hall_id,
        where=box.centre,
    )


def _wall_gap(box: Box, zone: Box, shape: HallShape, direction: tuple[int, int]) -> int | None:
    """How far the hall's wall is from the rack's face, when it cuts into ``zone``."""
    if shape.covers(zone):
        return None
    beyond = as_polygon(zone).difference(shape.polygon)
    if beyond.area <= 0:
        return None
    x0, y0, x1, y1 = beyond.bounds
    return max(0, _gap(box, Box(int(x0), int(y0), int(x1), int(y1)), direction))


def _clearance(
    ctx: Context,
    floor: Floor,
    rack: Placement,
    box: Box,
    shape: HallShape | None,
    around: _Around,
    rear: bool,
) -> Iterator[Finding]:
    """The service zone in front of (or behind) a rack must be free of all but aisles."""
    depth = ctx.limits.rear_service_mm if rear else ctx.limits.front_service_mm
    if depth <= 0:
        return
    zone = service_zone(box, rack.rotation, depth, rear=rear)
    direction = _direction(rack, rear)
    project = ctx.project
    blockers: list[tuple[int, str, str]] = []
    if shape is not None:
        wall = _wall_gap(box, zone, shape, direction)
        if wall is not None:
            hall = project.halls[rack.hall_id]
            blockers.append((wall, rack.hall_id, f"the wall of {called('hall', hall.name)}"))
    for obstacle_id in overlapping(around.obstacles, zone):
        cut = floor.obstacle_shapes[obstacle_id].intersection(as_polygon(zone))
        if cut.area > 0:
            x0, y0, x1, y1 = cut.bounds
            obstacle = project.obstacles[obstacle_id]
            blockers.append(
                (
                    max(0, _gap(box, Box(int(x0), int(y0), int(x1), int(y1)), direction)),
                    obstacle_id,
                    obstacle_name(obstacle),
                )
            )
    for unit_id, unit_box in overlapping(around.units, zone).items():
        blockers.append(
            (
                max(0, _gap(box, unit_box, direction)),
                unit_id,
                f"cooling unit {project.cooling_units[unit_id].name}",
            )
        )
    for other_id, other_box in overlapping(around.racks, zone).items():
        other = project.placements[other_id]
        if other_id != rack.id and (other.rotation - rack.rotation) % 180:
            blockers.append(
                (max(0, _gap(box, other_box, direction)), other_id, f"side-on {rack_name(other)}")
            )
    if not blockers:
        return
    free, _, what = min(blockers)
    side = "behind it" if rear else "in front"
    code = REAR_CLEARANCE if rear else FRONT_CLEARANCE
    kind = "rear" if rear else "front"
    yield code.finding(
        f"{first_up(rack_name(rack))} has {mm(free)} clear {side}, less than the "
        f"{mm(depth)} {kind} service clearance: {what} is in the way. Move the rack or "
        "what blocks it.",
        (rack.id, *sorted({blocker_id for _, blocker_id, _ in blockers})),
        measured=float(free),
        limit=float(depth),
        unit="mm",
        hall_id=rack.hall_id,
        where=zone.centre,
    )


def _across(
    ctx: Context, rack: Placement, box: Box, around: _Around, rear: bool
) -> list[tuple[int, str, Placement, Box]]:
    """The parallel racks of the adjacent row in front of (or behind) ``rack``.

    Racks in the strip up to ``adjacent_row_mm`` away count when they are the nearest row:
    their near face lies closer than the nearest one's far face.
    """
    strip = service_zone(box, rack.rotation, ctx.limits.adjacent_row_mm, rear=rear)
    direction = _direction(rack, rear)
    shape = ctx.get(FLOOR).halls.get(rack.hall_id)
    found = []
    for other_id, other_box in overlapping(around.racks, strip).items():
        other = ctx.project.placements[other_id]
        if other_id == rack.id or (other.rotation - rack.rotation) % 180:
            continue
        if shape is not None and shape.misses(other_box):
            continue  # a rack wholly outside the hall makes no aisle with this one
        gap = _gap(box, other_box, direction)
        if gap >= 0:
            found.append((gap, other_id, other, other_box))
    if not found:
        return []
    nearest_gap, _, _, nearest_box = min(found, key=lambda f: (f[0], f[1]))
    depth = nearest_box.height if direction[0] == 0 else nearest_box.width
    return [f for f in found if f[0] < nearest_gap + depth]


def _aisles(ctx: Context, rack: Placement, box: Box, around: _Around) -> Iterator[Finding]:
    limits = ctx.limits
    for gap, other_id, other, other_box in _across(ctx, rack, box, around, rear=False):
        where = _midpoint(box, other_box)
        if other.rotation == rack.rotation:
            yield AISLE_ORIENTATION.finding(
                f"{first_up(rack_name(rack))} faces the rear of {rack_name(other)} "
                f"{mm(gap)} away and breathes its hot exhaust. Adjacent rows must face front "
                "to front (a cold aisle) or back to back (a hot aisle); turn one row around.",
                (rack.id, other_id),
                measured=float(gap),
                unit="mm",
                hall_id=rack.hall_id,
                where=where,
            )
        elif gap < limits.cold_aisle_mm and rack.id < other_id:
            yield COLD_AISLE.finding(
                f"The cold aisle between {rack_name(rack)} and {rack_name(other)} is "
                f"{mm(gap)} wide, less than {mm(limits.cold_aisle_mm)}. Move the rows "
                f"{mm(limits.cold_aisle_mm - gap)} further apart.",
                (rack.id, other_id),
                measured=float(gap),
                limit=float(limits.cold_aisle_mm),
                unit="mm",
                hall_id=rack.hall_id,
                where=where,
            )
    for gap, other_id, other, other_box in _across(ctx, rack, box, around, rear=True):
        if other.rotation != rack.rotation and gap < limits.hot_aisle_mm and rack.id < other_id:
            yield HOT_AISLE.finding(
                f"The hot aisle between {rack_name(rack)} and {rack_name(other)} is "
                f"{mm(gap)} wide, less than {mm(limits.hot_aisle_mm)}. Move the rows "
                f"{mm(limits.hot_aisle_mm - gap)} further apart.",
                (rack.id, other_id),
                measured=float(gap),
                limit=float(limits.hot_aisle_mm),
                unit="mm",
                hall_id=rack.hall_id,
                where=_midpoint(box, other_box),
            )


def _rack_run(ctx: Context, rack_id: str) -> Iterator[Finding]:
    if rack_id in ctx.get(CLEAR):
        return
    rack = ctx.project.placements.get(rack_id)
    floor = ctx.get(FLOOR)
    box = floor.racks.box(rack_id)
    shape = floor.halls.get(rack.hall_id) if rack else None
    if rack is None or box is None or shape is None:
        return
    inside = shape.covers(box)
    if not inside and shape.misses(box):
        # wholly outside: where it stands is no floor of the hall, so nothing else is said
        # of it (a trial's rack dragged off the plan drew row-end and aisle findings)
        yield _outside(ctx, rack, box, shape)
        return
    around = _Around.of(ctx, floor, rack, box)
    yield from _overlaps(ctx, floor, rack, box, around)
    if not inside:
        yield _outside(ctx, rack, box, shape)
    # A rack already outside the hall gets no wall findings on top of that one.
    for rear in (False, True):
        yield from _clearance(ctx, floor, rack, box, shape if inside else None, around, rear)
    yield from _aisles(ctx, rack, box, around)


def _unit_run(ctx: Context, unit_id: str) -> Iterator[Finding]:
    """A cooling unit standing (partly) outside its hall: a trial's L-shaped hall left both
    CRAHs in its notch, unflagged, their capacity cooling the racks inside."""
    unit = ctx.project.cooling_units.get(unit_id)
    floor = ctx.get(FLOOR)
    box = floor.units.box(unit_id)
    shape = floor.halls.get(unit.hall_id) if unit else None
    if unit is None or box is None or shape is None or shape.covers(box):
        return
    hall = ctx.project.halls[unit.hall_id]
    outside = as_polygon(box).difference(shape.polygon).area / 1e6
    how = "outside" if outside >= box.area_m2 else "partly outside"
    yield UNIT_OUTSIDE_HALL.finding(
        f"Cooling unit {unit.name} stands {how} {called('hall', hall.name)}: {_area(outside)} "
        "of its footprint is beyond the outline, yet its capacity is counted for the hall. "
        "Move it inside the hall.",
        (unit.id,),
        measured=outside,
        limit=0.0,
        unit="m²",
        hall_id=unit.hall_id,
        where=box.centre,
    )


def _units_touched(ctx: Context, changes: Changes) -> set[str]:
    """The changed cooling units, and every unit of a hall whose outline changed."""
    found = {unit_id for unit_id, _, _ in changes.of("cooling_units")}
    links = ctx.get(LINKS)
    for hall_id, _, _ in changes.of("halls"):
        found.update(links.of("units_in_hall", hall_id))
    return found


def changed_boxes(ctx: Context, changes: Changes) -> Iterator[tuple[str, Box]]:
    """Where each changed rack, cooling unit and obstacle stood before the edit and stands
    after it: hall id and footprint."""
    for _, before, after in changes.of("placements"):
        for rack in (before, after):
            if rack is not None and (box := placement_box(rack, ctx.rack_types)) is not None:
                yield rack.hall_id, box
    for _, before, after in changes.of("cooling_units"):
        for unit in (before, after):
            if unit is not None and (box := cooling_box(unit)) is not None:
                yield unit.hall_id, box
    for _, before, after in changes.of("obstacles"):
        for obstacle in (before, after):
            if obstacle is not None:
                yield obstacle.hall_id, bounds(list(obstacle.outline))


def _rack_touched(ctx: Context, changes: Changes) -> set[str]:
    """The changed racks, and every rack within reach of where anything changed."""
    floor = ctx.get(FLOOR)
    margin = reach(ctx)
    found = {rack_id for rack_id, _, _ in changes.of("placements")}
    for hall_id, box in changed_boxes(ctx, changes):
        found.update(floor.racks.near(hall_id, box, margin))
    links = ctx.get(LINKS)
    for hall_id, _, _ in changes.of("halls"):
        found.update(links.of("racks_in_hall", hall_id))
    return found


# --- per row ---------------------------------------------------------------------------


def _row_subjects(ctx: Context) -> Iterable[str]:
    return list(ctx.get(ROWS).members)


def _row_run(ctx: Context, row_key: str) -> Iterator[Finding]:
    members = ctx.get(ROWS).members.get(row_key)
    floor = ctx.get(FLOOR)
    # a rack wholly outside its hall is in no row of it: it has its one finding (a rack
    # clear of space findings stands inside its hall)
    clear = ctx.get(CLEAR)
    outside = {m for m in members or () if m not in clear and _wholly_outside(ctx, floor, m)}
    racks = [
        ctx.project.placements[m]
        for m in members or ()
        if m in ctx.project.placements and m not in outside
    ]
    if not racks:
        return
    # rows are traced from the racks on the floor, so every one has its box there
    boxes = {r.id: box for r in racks if (box := floor.racks.box(r.id)) is not None}
    racks.sort(key=lambda r: (boxes[r.id].x0, boxes[r.id].y0))
    # the row's extent: every member's box, racks and in-row units
    spanned = [
        box
        for member in members or ()
        if member not in outside
        and (box := floor.racks.box(member) or floor.units.box(member)) is not None
    ]
    span = Box(
        min(b.x0 for b in spanned),
        min(b.y0 for b in spanned),
        max(b.x1 for b in spanned),
        max(b.y1 for b in spanned),
    )
    yield from _row_ends(ctx, floor, racks, span, set(members or ()))
    limit = ctx.limits.max_row_racks
    if len(racks) <= limit:
        return
    yield ROW_LENGTH.finding(
        f"The row from {rack_name(racks[0])} to {rack_name(racks[-1])} holds {len(racks)} racks "
        f"with no gap of {mm(ctx.limits.row_break_mm)}, more than {limit}. Break it with a cross "
        "aisle so no one has to pass more than "
        f"{limit} racks to get out of it.",
        tuple(r.id for r in racks),
        measured=float(len(racks)),
        limit=float(limit),
        unit="racks",
        hall_id=racks[0].hall_id,
        where=span.centre,
    )


def _wholly_outside(ctx: Context, floor: Floor, rack_id: str) -> bool:
    """True for a rack standing wholly outside its hall (False for a row's in-row unit)."""
    rack = ctx.project.placements.get(rack_id)
    box = floor.racks.box(rack_id)
    shape = floor.halls.get(rack.hall_id) if rack is not None else None
    return shape is not None and box is not None and shape.misses(box)


def _row_ends(
    ctx: Context, floor: Floor, racks: list[Placement], span: Box, members: set[str]
) -> Iterator[Finding]:
    """A way into the row's aisles at one end at least, and at most ``max_dead_end_racks``
    racks along an aisle closed at the other."""
    clear = ctx.limits.row_end_clear_mm
    if clear <= 0:
        return
    first, last = racks[0], racks[-1]
    along_x = first.rotation in (0, 180)
    if along_x:
        ends = (
            Box(span.x0 - clear, span.y0, span.x0, span.y1),
            Box(span.x1, span.y0, span.x1 + clear, span.y1),
        )
    else:
        ends = (
            Box(span.x0, span.y0 - clear, span.x1, span.y0),
            Box(span.x0, span.y1, span.x1, span.y1 + clear),
        )
    closed = [
        what
        for what in (
            _end_blocker(ctx, floor, first.hall_id, end, members, span, along_x) for end in ends
        )
        if what
    ]
    where = span.centre
    ids = tuple(r.id for r in racks)
    row = f"The row from {rack_name(first)} to {rack_name(last)}"
    if len(closed) == 2:
        yield ROW_ENDS_CLOSED.finding(
            f"{row} has less than {mm(clear)} of clear floor at either end ({closed[0]} at one, "
            f"{closed[1]} at the other), so no one can walk into or out of its aisles at a row "
            "end. Open one end to a walkway.",
            ids,
            limit=float(clear),
            unit="mm",
            hall_id=first.hall_id,
            where=where,
        )
    elif closed and len(racks) > ctx.limits.max_dead_end_racks:
        limit = ctx.limits.max_dead_end_racks
        yield DEAD_END_AISLE.finding(
            f"{row} is closed at one end by {closed[0]} (less than {mm(clear)} of clear "
            f"floor) and holds {len(racks)} racks, more than the {limit} a dead-end aisle may "
            "run past. Open that end too, or shorten the row.",
            ids,
            measured=float(len(racks)),
            limit=float(limit),
            unit="racks",
            hall_id=first.hall_id,
            where=where,
        )


def _end_blocker(
    ctx: Context,
    floor: Floor,
    hall_id: str,
    end: Box,
    members: set[str],
    span: Box,
    along_x: bool,
) -> str:
    """What closes the strip ``end`` of floor at an end of the row ``span`` (empty when it
    is clear)."""
    project = ctx.project
    shape = floor.halls.get(hall_id)
    if shape is not None and not shape.covers(end):
        return f"the wall of hall {project.halls[hall_id].name}"
    # the lowest id of each kind, so the same floor names the same blocker however its
    # index was built up
    for obstacle_id in sorted(floor.obstacles.overlapping(hall_id, end)):
        if floor.obstacle_shapes[obstacle_id].intersection(as_polygon(end)).area > 0:
            obstacle = project.obstacles[obstacle_id]
            return obstacle_name(obstacle)

    # the nearest to the row of each kind (the lowest id among equals): the one a reader
    # finds standing against the row's end
    def gap(box: Box | None) -> float:
        if box is None:
            return math.inf
        if along_x:
            return max(box.x0 - span.x1, span.x0 - box.x1)
        return max(box.y0 - span.y1, span.y0 - box.y1)

    units = set(floor.units.overlapping(hall_id, end)) - members
    if units:
        nearest = min(units, key=lambda u: (gap(floor.units.box(u)), u))
        return f"cooling unit {project.cooling_units[nearest].name}"
    racks = set(floor.racks.overlapping(hall_id, end)) - members
    if not racks:
        return ""
    nearest = min(racks, key=lambda r: (gap(floor.racks.box(r)), r))
    return rack_name(project.placements[nearest])


def _deepest_row_member(ctx: Context) -> int:
    """The largest footprint side of any rack type or in-row cooling unit (mm)."""
    racks = (max(t.width_mm, t.depth_mm) for t in ctx.rack_types.values())
    units = (
        max(u.width_mm, u.depth_mm)
        for u in ctx.project.cooling_units.values()
        if u.mount == "in_row"
    )
    return max([*racks, *units], default=0)


def _deepest_again(previous: int, ctx: Context, changes: Changes) -> int:
    # the rack types change only with a full run; the units, with an edit of theirs
    return _deepest_row_member(ctx) if changes.of("cooling_units") else previous


DEEPEST_ROW_MEMBER: Derived[int] = Derived(
    "deepest row member", _deepest_row_member, _deepest_again
)
"""``_deepest_row_member`` of the project revision; worked out again only after an edit of
cooling units (a campus has 1,197, which each drag went through)."""


def _row_touched(ctx: Context, changes: Changes) -> set[str]:
    """Rows traced anew, rows of a changed hall, and rows with a member near a change: what
    stands at a row's end decides whether it is open.

    A row's end strip is as deep as its deepest member, so a change in it may lie beside a
    shallower end member, farther than the strip's width from it but no farther than the
    deepest footprint a row can hold.
    """
    rows = ctx.get(ROWS)
    floor = ctx.get(FLOOR)
    margin = ctx.limits.row_end_clear_mm + ctx.get(DEEPEST_ROW_MEMBER)
    found = set(rows.recent)
    near: set[str] = set()
    for hall_id, box in changed_boxes(ctx, changes):
        near.update(floor.racks.near(hall_id, box, margin))
        near.update(floor.units.near(hall_id, box, margin))
    links = ctx.get(LINKS)
    for hall_id, _, _ in changes.of("halls"):
        near.update(links.of("racks_in_hall", hall_id))
    found.update(rows.row_of[key] for key in near if key in rows.row_of)
    return found


# --- per multi-rack system -----------------------------------------------------------


def _system_subjects(ctx: Context) -> Iterable[str]:
    return ctx.project.groups


def _system_run(ctx: Context, group_id: str) -> Iterator[Finding]:
    project = ctx.project
    group = project.groups.get(group_id)
    member_ids = ctx.get(LINKS).of("racks_in_system", group_id)
    if group is None or not member_ids:
        return
    name = f"system {group.label or group.id}"
    members = [project.placements[m] for m in member_ids]
    halls = sorted({m.hall_id for m in members})
    if len(halls) > 1:
        counts = ", ".join(
            f"{sum(m.hall_id == h for m in members)} in "
            f"{project.halls[h].name if h in project.halls else h}"
            for h in halls
        )
        yield SYSTEM_SPLIT.finding(
            f"The {len(members)} racks of {name} stand in {len(halls)} halls ({counts}). "
            "They are wired to each other and must stand in one hall; move them together.",
            (group_id, *member_ids),
            measured=float(len(halls)),
            limit=1.0,
            unit="halls",
        )
        return
    template = ctx.catalog.systems.get(group.system_id)
    floor = ctx.get(FLOOR)
    boxes = {m.id: box for m in members if (box := floor.racks.box(m.id)) is not None}
    placed = [(i, box.centre) for i, box in boxes.items()]
    if template is None or len(placed) < 2:
        return
    # no two racks stand farther apart than the corners of the box around them all: a
    # system within its span by that measure needs no pair measured (a campus has 432)
    xs, ys = [c[0] for _, c in placed], [c[1] for _, c in placed]
    if math.dist((min(xs), min(ys)), (max(xs), max(ys))) * (1 + 1e-9) <= template.max_span_m * 1000:
        return
    span_mm, a, b = max(
        (math.dist(ca, cb), ia, ib)
        for i, (ia, ca) in enumerate(placed)
        for ib, cb in placed[i + 1 :]
    )
    span_m = span_mm / 1000
    if span_m > template.max_span_m:
        yield SYSTEM_SPAN.finding(
            f"The racks of {name} are spread over {num(span_m)} m (between "
            f"{rack_name(project.placements[a])} and {rack_name(project.placements[b])}), "
            f"more than the {num(template.max_span_m)} m its links allow. Place its racks "
            "closer together.",
            (group_id, *member_ids),
            measured=span_m,
            limit=template.max_span_m,
            unit="m",
            hall_id=halls[0],
            where=_midpoint(boxes[a], boxes[b]),
        )


def _system_touched(ctx: Context, changes: Changes) -> set[str]:
    found = {group_id for group_id, _, _ in changes.of("groups")}
    for _, before, after in changes.of("placements"):
        found.update(r.group_id for r in (before, after) if r is not None and r.group_id)
    # a split system's message names its halls
    links = ctx.get(LINKS)
    for hall_id, _, _ in changes.of("halls"):
        for rack_id in links.of("racks_in_hall", hall_id):
            group_id = ctx.project.placements[rack_id].group_id
            if group_id:
                found.add(group_id)
    return found


CHECKS = (
    Check(
        "space.racks",
        (
            OVERLAP,
            ON_OBSTACLE,
            ON_COOLING_UNIT,
            OUTSIDE_HALL,
            FRONT_CLEARANCE,
            REAR_CLEARANCE,
            COLD_AISLE,
            HOT_AISLE,
            AISLE_ORIENTATION,
        ),
        each_rack,
        _rack_run,
        _rack_touched,
    ),
    Check(
        "space.units",
        (UNIT_OUTSIDE_HALL,),
        lambda ctx: ctx.project.cooling_units,
        _unit_run,
        _units_touched,
    ),
    Check(
        "space.rows",
        (ROW_LENGTH, ROW_ENDS_CLOSED, DEAD_END_AISLE),
        _row_subjects,
        _row_run,
        _row_touched,
    ),
    Check(
        "space.systems", (SYSTEM_SPLIT, SYSTEM_SPAN), _system_subjects, _system_run, _system_touched
    ),
)
