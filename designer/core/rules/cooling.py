"""Cooling: does every watt of heat have somewhere to go?

Heat is counted at each rack's max power. The liquid share goes to the rack's CDU; the
rest goes to room air, less what a rear-door heat exchanger takes to water (up to its
rating). Per rack: a liquid-cooled rack needs a CDU within the allowed pipe run, and the
air heat of one rack is limited (links B6) unless a rear door takes it. Per CDU: its liquid
load against its capacity and flow; per cooling group in N+1: the load with the largest CDU
down, in capacity and in coolant flow (the survivors must deliver the flow the whole load
needs, links B13). Per hall: air heat against the CRAHs and in-row coolers, total heat
against the hall's cooling capacity; per site: total heat against its heat rejection.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.format import plural
from designer.core.geometry.floor import cooling_box
from designer.core.model.hall import CoolingUnit
from designer.core.model.placement import Placement
from designer.core.rules.check import Check, each_hall, each_rack
from designer.core.rules.context import Changes, Context
from designer.core.rules.layout import FLOOR, hall_corner
from designer.core.rules.links import LINKS, named_by_changes
from designer.core.rules.loads import NEAR_LIMIT, room_air_kw
from designer.core.rules.power import (
    each_site,
    halls_with_new_load,
    racks_kw,
    site_racks,
    sites_with_new_racks,
)
from designer.core.rules.text import called, first_up, kw, num, rack_name

FAMILY = "cooling"

NO_CDU = CodeInfo(
    "cooling.no_cdu",
    FAMILY,
    "Liquid-cooled rack without a CDU",
    Severity.ERROR,
    "A rack sends heat to liquid but is connected to no CDU.",
)
AIR_RACK_ON_CDU = CodeInfo(
    "cooling.air_rack_on_cdu",
    FAMILY,
    "Air-cooled rack on a CDU",
    Severity.WARNING,
    "A rack with no liquid loop is connected to a CDU: the connection cools nothing, and the "
    "rack's heat still goes to the room air.",
)
CDU_DISTANCE = CodeInfo(
    "cooling.cdu_distance",
    FAMILY,
    "CDU too far from its rack",
    Severity.WARNING,
    "The pipe run from a CDU to a rack it serves, along the floor from centre to centre, is "
    "longer than the project allows (our own limit: the reference found no standard).",
)
RACK_AIR_LIMIT = CodeInfo(
    "cooling.rack_air_limit",
    FAMILY,
    "Too much air heat in one rack",
    Severity.ERROR,
    "A rack without a rear-door heat exchanger puts more heat into the room air than air "
    "cooling can remove from one rack.",
)
REAR_DOOR_OVERLOAD = CodeInfo(
    "cooling.rear_door_overload",
    FAMILY,
    "Rear door too small",
    Severity.ERROR,
    "A rack above the per-rack air limit puts more heat into the air than its rear-door heat "
    "exchanger takes.",
)
CDU_OVERLOAD = CodeInfo(
    "cooling.cdu_overload",
    FAMILY,
    "CDU overloaded",
    Severity.ERROR,
    "The liquid heat of a CDU's racks is more than its capacity.",
)
CDU_FLOW = CodeInfo(
    "cooling.cdu_flow",
    FAMILY,
    "CDU flow too low",
    Severity.WARNING,
    "The coolant flow a CDU's liquid load needs is more than the CDU delivers.",
)
GROUP_REDUNDANCY = CodeInfo(
    "cooling.group_redundancy",
    FAMILY,
    "N+1 cooling group short",
    Severity.ERROR,
    "An N+1 group of CDUs cannot carry its racks' liquid heat with its largest CDU down: "
    "its other CDUs lack the capacity, or the coolant flow the heat needs.",
)
NO_SPARE_CDU = CodeInfo(
    "cooling.no_spare_cdu",
    FAMILY,
    "Liquid-cooled racks with no spare CDU",
    Severity.WARNING,
    "Liquid-cooled racks hang on a CDU of no cooling group, or on a group (not N+1) whose "
    "other CDUs cannot carry its liquid heat (or deliver its flow) with its largest CDU "
    "down: one CDU failing or serviced takes their cooling (systems 5a: with N+1, plan 2 "
    "CDUs per ~8-rack SU).",
)
CDU_NEAR_CAPACITY = CodeInfo(
    "cooling.cdu_near_capacity",
    FAMILY,
    "CDU nearly full",
    Severity.INFO,
    "A CDU carries more than 80 % of its liquid capacity: little room is left for another "
    "rack or a warmer day.",
)
HALL_AIR = CodeInfo(
    "cooling.hall_air",
    FAMILY,
    "Hall air cooling short",
    Severity.ERROR,
    "The heat a hall's racks put into the room air is more than its CRAHs and in-row "
    "coolers remove.",
)
HALL_CAPACITY = CodeInfo(
    "cooling.hall_capacity",
    FAMILY,
    "Hall cooling capacity exceeded",
    Severity.ERROR,
    "The heat of a hall's racks at max power is more than the hall's cooling capacity.",
)
HALL_NEAR_CAPACITY = CodeInfo(
    "cooling.hall_near_capacity",
    FAMILY,
    "Hall cooling nearly used up",
    Severity.INFO,
    "The heat of a hall's racks at max power is more than 80 % of the hall's cooling capacity.",
)
SITE_CAPACITY = CodeInfo(
    "cooling.site_capacity",
    FAMILY,
    "Site heat rejection exceeded",
    Severity.ERROR,
    "The heat of a site's racks at max power is more than the site's cooling capacity.",
)


def _unit_centre(unit: CoolingUnit) -> tuple[float, float]:
    box = cooling_box(unit)
    return box.centre if box else (float(unit.x), float(unit.y))


# --- per rack -------------------------------------------------------------------------


def _cdu_of(ctx: Context, rack: Placement) -> CoolingUnit | None:
    unit = ctx.project.cooling_units.get(rack.cdu_id) if rack.cdu_id else None
    return unit if unit is not None and unit.kind == "cdu" else None


def _pipe_run(
    ctx: Context, rack: Placement, cdu: CoolingUnit, where: tuple[float, float]
) -> Iterator[Finding]:
    if cdu.hall_id != rack.hall_id:
        yield CDU_DISTANCE.finding(
            f"{first_up(rack_name(rack))} is served by CDU {cdu.name}, which stands in another hall. Use a CDU in "
            "the rack's own hall.",
            (rack.id, cdu.id),
            limit=ctx.limits.max_pipe_run_mm / 1000,
            unit="m",
            hall_id=rack.hall_id,
            where=where,
        )
        return
    cx, cy = _unit_centre(cdu)
    run_m = (abs(where[0] - cx) + abs(where[1] - cy)) / 1000
    limit_m = ctx.limits.max_pipe_run_mm / 1000
    if run_m > limit_m:
        yield CDU_DISTANCE.finding(
            f"{first_up(rack_name(rack))} is {num(run_m)} m of pipe from its CDU {cdu.name} (along the floor, centre "
            f"to centre), more than the {num(limit_m)} m this project allows. The limit is our "
            "own planning choice, as no standard gives one; check the pressure drop, or use a "
            "nearer CDU.",
            (rack.id, cdu.id),
            measured=run_m,
            limit=limit_m,
            unit="m",
            hall_id=rack.hall_id,
            where=where,
        )


#: A unit that cools air, as a message names its kind.
AIR_UNITS = {"crah": "a CRAH", "inrow_cooler": "an in-row cooler"}


def _rack_run(ctx: Context, rack_id: str) -> Iterator[Finding]:
    rack = ctx.project.placements.get(rack_id)
    kind = ctx.rack_types.get(rack.type_id) if rack else None
    box = ctx.get(FLOOR).racks.box(rack_id)
    if rack is None or kind is None or box is None:
        return
    where = box.centre
    if kind.liquid_kw > 0:
        cdu = _cdu_of(ctx, rack)
        if cdu is not None:
            yield from _pipe_run(ctx, rack, cdu, where)
        else:
            unit = ctx.project.cooling_units.get(rack.cdu_id) if rack.cdu_id else None
            why = (
                f"is connected to {unit.name}, {AIR_UNITS.get(unit.kind, unit.kind)}, not a CDU"
                if unit
                else "has no CDU"
            )
            yield NO_CDU.finding(
                f"{first_up(rack_name(rack))} ({kind.name}) sends {kw(kind.liquid_kw)} of heat to liquid, but "
                f"{why}. Connect it to a CDU with room for that load.",
                (rack.id,),
                measured=kind.liquid_kw,
                unit="kW",
                hall_id=rack.hall_id,
                where=where,
            )
    elif (unit := _cdu_of(ctx, rack)) is not None:
        yield AIR_RACK_ON_CDU.finding(
            f"{first_up(rack_name(rack))} ({kind.name}) has no liquid loop, but is connected to {unit.name}: the "
            f"connection cools nothing and its {kw(kind.air_kw)} still go to the room air. "
            "Disconnect it, or choose a liquid-cooled rack type.",
            (rack.id, unit.id),
            hall_id=rack.hall_id,
            where=where,
        )
    limit = ctx.limits.rack_air_limit_kw
    if kind.air_kw <= limit:
        return
    if rack.rear_door_kw is None:
        yield RACK_AIR_LIMIT.finding(
            f"{first_up(rack_name(rack))} ({kind.name}) puts {kw(kind.air_kw)} of heat into the room air, more than "
            f"the {kw(limit)} air cooling can remove from one rack. Fit a rear-door heat "
            f"exchanger of at least {kw(kind.air_kw)}, or use liquid cooling.",
            (rack.id,),
            measured=kind.air_kw,
            limit=limit,
            unit="kW",
            hall_id=rack.hall_id,
            where=where,
        )
    elif kind.air_kw > rack.rear_door_kw:
        yield REAR_DOOR_OVERLOAD.finding(
            f"{first_up(rack_name(rack))} ({kind.name}) puts {kw(kind.air_kw)} of heat into the air, more than its "
            f"rear-door heat exchanger takes ({kw(rack.rear_door_kw)}). Fit a door rated for "
            f"at least {kw(kind.air_kw)}.",
            (rack.id,),
            measured=kind.air_kw,
            limit=rack.rear_door_kw,
            unit="kW",
            hall_id=rack.hall_id,
            where=where,
        )


def _rack_touched(ctx: Context, changes: Changes) -> set[str]:
    found = {rack_id for rack_id, _, _ in changes.of("placements")}
    links = ctx.get(LINKS)
    for unit_id, _, _ in changes.of("cooling_units"):
        found.update(links.of("racks_on_cdu", unit_id))
    return found


# --- per CDU and cooling group ---------------------------------------------------------


def _cdu_subjects(ctx: Context) -> Iterable[str]:
    return [u.id for u in ctx.project.cooling_units.values() if u.kind == "cdu"]


def _cdu_run(ctx: Context, unit_id: str) -> Iterator[Finding]:
    unit = ctx.project.cooling_units.get(unit_id)
    if unit is None or unit.kind != "cdu":
        return
    racks = ctx.get(LINKS).of("racks_on_cdu", unit_id)
    load = racks_kw(ctx, racks, "liquid_kw")
    where = _unit_centre(unit)
    if load > unit.liquid_capacity_kw:
        yield CDU_OVERLOAD.finding(
            f"CDU {unit.name} carries {kw(load)} of liquid heat from {len(racks)} racks, more "
            f"than its capacity of {kw(unit.liquid_capacity_kw)}. Move racks to another CDU or "
            "add one.",
            (unit.id, *racks),
            measured=load,
            limit=unit.liquid_capacity_kw,
            unit="kW",
            hall_id=unit.hall_id,
            where=where,
        )
    elif load > NEAR_LIMIT * unit.liquid_capacity_kw:
        yield CDU_NEAR_CAPACITY.finding(
            f"CDU {unit.name} carries {kw(load)} of liquid heat from {len(racks)} racks, "
            f"{num(load / unit.liquid_capacity_kw * 100, 0)} % of its capacity of "
            f"{kw(unit.liquid_capacity_kw)}: little room is left for another rack.",
            (unit.id,),
            measured=load,
            limit=unit.liquid_capacity_kw,
            unit="kW",
            hall_id=unit.hall_id,
            where=where,
        )
    per_kw = ctx.limits.cdu_flow_lpm_per_kw
    needed = load * per_kw
    if unit.flow_lpm > 0 and needed > unit.flow_lpm:
        yield CDU_FLOW.finding(
            f"CDU {unit.name} needs {num(needed, 0)} L/min for its {kw(load)} of liquid heat at "
            f"{num(per_kw)} L/min per kW, more than the {num(unit.flow_lpm, 0)} L/min it "
            "delivers. Move racks to another CDU or use one with more flow.",
            (unit.id,),
            measured=needed,
            limit=unit.flow_lpm,
            unit="L/min",
            hall_id=unit.hall_id,
            where=where,
        )


def _cdu_touched(ctx: Context, changes: Changes) -> set[str]:
    found = {unit_id for unit_id, _, _ in changes.of("cooling_units")}
    return found | named_by_changes(changes, "placements", "cdu_id", ("cdu_id", "type_id"))


def _group_subjects(ctx: Context) -> Iterable[str]:
    return ctx.project.cooling_groups


@dataclass(frozen=True)
class _OneDown:
    """What a set of CDUs lacks with its largest down: ``needed`` against what the others
    give (``left``), in kW of capacity or L/min of flow (``unit``); ``largest`` is the
    unit down."""

    needed: float
    left: float
    largest: float
    unit: str

    def survivors(self, others: int) -> str:
        """'the other 2 CDUs can take only 2,400 kW' or '... deliver only 1,200 L/min'."""
        verb = "can take only" if self.unit == "kW" else f"deliver{'s' * (others == 1)} only"
        return f"the other {plural(others, 'CDU')} {verb} {self._amount(self.left)}"

    def down(self) -> str:
        """The largest unit, as the message names it: '(1,368 kW)' or '(1,200 L/min)'."""
        return f"({self._amount(self.largest)})"

    def _amount(self, value: float) -> str:
        return kw(value) if self.unit == "kW" else f"{num(value, 0)} L/min"


def _one_down(ctx: Context, cdus: list[CoolingUnit], load: float) -> _OneDown | None:
    """What ``cdus`` lack to carry ``load`` kW of liquid heat with their largest down: in
    capacity first, else in flow at the rating basis (an audit: two CDUs of 1,200 L/min passed
    an N+1 check for 11 GB300 racks that need 1,631 L/min, as their kW fitted); None when
    they carry it. Flow is left out where a CDU's is not known (0)."""
    largest = max(u.liquid_capacity_kw for u in cdus)
    left = math.fsum(u.liquid_capacity_kw for u in cdus) - largest
    if load > left:
        return _OneDown(load, left, largest, "kW")
    per_kw = ctx.limits.cdu_flow_lpm_per_kw
    flows = [u.flow_lpm for u in cdus]
    if not per_kw or min(flows) <= 0:
        return None
    needed, largest = load * per_kw, max(flows)
    left = math.fsum(flows) - largest
    return _OneDown(needed, left, largest, "L/min") if needed > left else None


def _group_run(ctx: Context, group_id: str) -> Iterator[Finding]:
    group = ctx.project.cooling_groups.get(group_id)
    if group is None or group.redundancy != "N+1":
        return
    links = ctx.get(LINKS)
    units = ctx.project.cooling_units
    cdus = [units[u] for u in links.of("units_in_group", group_id) if units[u].kind == "cdu"]
    if not cdus:
        return
    load = racks_kw(ctx, [r for u in cdus for r in links.of("racks_on_cdu", u.id)], "liquid_kw")
    short = _one_down(ctx, cdus, load)
    if short is None:
        return
    needs = (
        ""
        if short.unit == "kW"
        else f", which needs {num(short.needed, 0)} L/min of coolant at "
        f"{num(ctx.limits.cdu_flow_lpm_per_kw)} L/min per kW"
    )
    yield GROUP_REDUNDANCY.finding(
        f"Cooling group {group.name} (N+1) carries {kw(load)} of liquid heat{needs}; with its "
        f"largest CDU {short.down()} down, {short.survivors(len(cdus) - 1)}. Add a CDU to the "
        "group or move racks to another group.",
        (group.id, *(u.id for u in cdus)),
        measured=short.needed,
        limit=short.left,
        unit=short.unit,
        hall_id=group.hall_id,
        where=_unit_centre(cdus[0]),
    )


def _group_touched(ctx: Context, changes: Changes) -> set[str]:
    found = {group_id for group_id, _, _ in changes.of("cooling_groups")}
    for _, before, after in changes.of("cooling_units"):
        found.update(u.group_id for u in (before, after) if u is not None and u.group_id)
    units = ctx.project.cooling_units
    for cdu_id in named_by_changes(changes, "placements", "cdu_id", ("cdu_id", "type_id")):
        unit = units.get(cdu_id)
        if unit is not None and unit.group_id:
            found.add(unit.group_id)
    return found


def _spare_subjects(ctx: Context) -> Iterable[str]:
    """Every cooling group, and every CDU of no group."""
    units = ctx.project.cooling_units.values()
    return [
        *ctx.project.cooling_groups,
        *(u.id for u in units if u.kind == "cdu" and not u.group_id),
    ]


def _spare_run(ctx: Context, subject: str) -> Iterator[Finding]:
    """Liquid-cooled racks whose CDUs have no spare: a CDU alone, or a group other than
    N+1 (whose shortfall is ``GROUP_REDUNDANCY``'s error) short with its largest CDU down."""
    project = ctx.project
    links = ctx.get(LINKS)
    units = project.cooling_units
    group = project.cooling_groups.get(subject)
    if group is not None:
        if group.redundancy == "N+1":
            return
        cdus = [units[u] for u in links.of("units_in_group", subject) if units[u].kind == "cdu"]
    else:
        unit = units.get(subject)
        if unit is None or unit.kind != "cdu" or unit.group_id:
            return
        cdus = [unit]
    racks = [r for u in cdus for r in links.of("racks_on_cdu", u.id)]
    load = racks_kw(ctx, racks, "liquid_kw")
    if not cdus or load <= 0:
        return
    short = _one_down(ctx, cdus, load)
    if short is None:
        return
    cooled = sum(
        1
        for r in racks
        if (k := ctx.rack_types.get(project.placements[r].type_id)) and k.liquid_kw > 0
    )
    advice = (
        "Add a second CDU with it to an N+1 cooling group (systems 5a: with N+1, plan 2 CDUs "
        "per ~8-rack SU)."
    )
    if group is None:
        text = (
            f"CDU {cdus[0].name} alone cools {cooled} liquid-cooled rack"
            f"{'s' * (cooled != 1)} ({kw(load)}): when it fails or is serviced they lose "
            f"their cooling. {advice}"
        )
    else:
        text = (
            f"Cooling group {group.name} ({group.redundancy}) carries {kw(load)} of liquid "
            f"heat; with its largest CDU {short.down()} down, "
            f"{short.survivors(len(cdus) - 1)}: it has no spare unit. Add a CDU and make the "
            "group N+1."
        )
    yield NO_SPARE_CDU.finding(
        text,
        (subject, *(u.id for u in cdus if u.id != subject)),
        measured=short.needed,
        limit=short.left,
        unit=short.unit,
        hall_id=cdus[0].hall_id,
        where=_unit_centre(cdus[0]),
    )


def _spare_touched(ctx: Context, changes: Changes) -> set[str]:
    found = {group_id for group_id, _, _ in changes.of("cooling_groups")}
    for unit_id, before, after in changes.of("cooling_units"):
        found.add(unit_id)
        found.update(u.group_id for u in (before, after) if u is not None and u.group_id)
    units = ctx.project.cooling_units
    for cdu_id in named_by_changes(changes, "placements", "cdu_id", ("cdu_id", "type_id")):
        unit = units.get(cdu_id)
        found.add(unit.group_id if unit is not None and unit.group_id else cdu_id)
    return found


# --- per hall and site -----------------------------------------------------------------


def _hall_run(ctx: Context, hall_id: str) -> Iterator[Finding]:
    hall = ctx.project.halls.get(hall_id)
    if hall is None:
        return
    links = ctx.get(LINKS)
    racks = links.of("racks_in_hall", hall_id)
    placements = ctx.project.placements
    kinds = ctx.rack_types
    air = math.fsum(
        room_air_kw(rack, kind)
        for r in racks
        if (kind := kinds.get((rack := placements[r]).type_id)) is not None
    )
    units = ctx.project.cooling_units
    air_capacity = math.fsum(units[u].air_capacity_kw for u in links.of("units_in_hall", hall_id))
    if air > air_capacity:
        yield HALL_AIR.finding(
            f"The racks of {called('hall', hall.name)} put {kw(air)} of heat into the room air (air-cooled "
            "racks and the air share of liquid-cooled ones, less what rear doors take), more "
            f"than the {kw(air_capacity)} its CRAHs and in-row coolers remove. Add "
            f"{kw(air - air_capacity)} of air cooling or fit rear doors.",
            (hall.id,),
            measured=air,
            limit=air_capacity,
            unit="kW",
            hall_id=hall.id,
            where=hall_corner(hall),
        )
    heat = racks_kw(ctx, racks)
    if NEAR_LIMIT * hall.cooling_capacity_kw < heat <= hall.cooling_capacity_kw:
        yield HALL_NEAR_CAPACITY.finding(
            f"The racks of {called('hall', hall.name)} give off up to {kw(heat)}, "
            f"{num(heat / hall.cooling_capacity_kw * 100, 0)} % of its cooling capacity of "
            f"{kw(hall.cooling_capacity_kw)}: little room is left for more racks.",
            (hall.id,),
            measured=heat,
            limit=hall.cooling_capacity_kw,
            unit="kW",
            hall_id=hall.id,
            where=hall_corner(hall),
        )
    if heat > hall.cooling_capacity_kw:
        yield HALL_CAPACITY.finding(
            f"The racks of {called('hall', hall.name)} give off up to {kw(heat)}, more than its cooling "
            f"capacity of {kw(hall.cooling_capacity_kw)}. Move racks to another hall or add "
            f"{kw(heat - hall.cooling_capacity_kw)} of cooling.",
            (hall.id,),
            measured=heat,
            limit=hall.cooling_capacity_kw,
            unit="kW",
            hall_id=hall.id,
            where=hall_corner(hall),
        )


def _hall_touched(ctx: Context, changes: Changes) -> set[str]:
    found = halls_with_new_load(ctx, changes, ("type_id", "rear_door_kw"))
    for _, before, after in changes.of("cooling_units"):
        found.update(u.hall_id for u in (before, after) if u is not None)
    return found


def _site_run(ctx: Context, site_id: str) -> Iterator[Finding]:
    site = ctx.project.sites.get(site_id)
    if site is None:
        return
    heat = racks_kw(ctx, site_racks(ctx, site_id))
    if heat > site.cooling_capacity_kw:
        yield SITE_CAPACITY.finding(
            f"The racks of {called('site', site.name)} give off up to {kw(heat)}, more than its "
            f"{kw(site.cooling_capacity_kw)} of heat rejection. Move racks to another site or "
            "add heat rejection.",
            (site.id,),
            measured=heat,
            limit=site.cooling_capacity_kw,
            unit="kW",
        )


CHECKS = (
    Check(
        "cooling.racks",
        (NO_CDU, AIR_RACK_ON_CDU, CDU_DISTANCE, RACK_AIR_LIMIT, REAR_DOOR_OVERLOAD),
        each_rack,
        _rack_run,
        _rack_touched,
    ),
    Check(
        "cooling.cdus",
        (CDU_OVERLOAD, CDU_NEAR_CAPACITY, CDU_FLOW),
        _cdu_subjects,
        _cdu_run,
        _cdu_touched,
    ),
    Check("cooling.groups", (GROUP_REDUNDANCY,), _group_subjects, _group_run, _group_touched),
    Check("cooling.spares", (NO_SPARE_CDU,), _spare_subjects, _spare_run, _spare_touched),
    Check(
        "cooling.halls",
        (HALL_AIR, HALL_NEAR_CAPACITY, HALL_CAPACITY),
        each_hall,
        _hall_run,
        _hall_touched,
    ),
    Check("cooling.sites", (SITE_CAPACITY,), each_site, _site_run, sites_with_new_racks),
)
