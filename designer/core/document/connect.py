"""Which busways feed a rack and which CDU cools it, worked out from where things stand.

A rack is fed by the busways that run over it (in plan, across its footprint): the one of
side A and the one of side B when there are sides, so one gesture gives every rack of a
row its two paths. A liquid-cooled rack is cooled by the nearest CDU that can still take
its liquid heat, measured as the checker measures a pipe run (along x and y between
centres); in an N+1 cooling group a CDU takes no more than the group can carry with its
largest unit down, so filling the CDUs never breaks the group's redundancy. Nothing here
edits: the verbs ``feed_from_busways_above`` and ``assign_nearest_cdu`` of ``operations``
commit what these return, in one transaction each.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

import shapely

from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import Box
from designer.core.model.equipment import RackType
from designer.core.model.hall import CoolingUnit, PowerFeed
from designer.core.model.project import Project
from designer.core.naming import natural_key

#: The order a rack's feeds are listed in: side A first, then B, then a feed of no side.
SIDE_ORDER = {"A": 0, "B": 1, None: 2}


def _over(feed: PowerFeed, box: Box) -> float:
    """How far (mm) the busway ``feed`` runs across ``box``; 0 when it only touches it."""
    if len(feed.path) < 2:
        return 0.0
    b = bounds(feed.path)
    if b.x1 < box.x0 or box.x1 < b.x0 or b.y1 < box.y0 or box.y1 < b.y0:
        return 0.0
    return float(shapely.LineString(feed.path).intersection(shapely.box(*box)).length)


def busways_above(
    project: Project, rack_types: Mapping[str, RackType], rack_ids: Iterable[str]
) -> dict[str, list[str]]:
    """Each rack's busways above it, one per side (A, then B), the one running farthest
    across the rack where several of a side do; a rack under sided busways takes no
    busway of no side. Racks under no busway are left out."""
    by_hall: dict[str, list[PowerFeed]] = {}
    for feed in project.feeds.values():
        if feed.kind == "busway":
            by_hall.setdefault(feed.hall_id, []).append(feed)
    found: dict[str, list[str]] = {}
    for rack_id in rack_ids:
        rack = project.placements.get(rack_id)
        box = placement_box(rack, rack_types) if rack is not None else None
        if rack is None or box is None:
            continue
        best: dict[str | None, tuple[float, str]] = {}
        for feed in by_hall.get(rack.hall_id, []):
            length = _over(feed, box)
            # the longest run across the rack; of equal runs, the first by name
            key = (-length, feed.name)
            if length > 0 and (feed.side not in best or key < best[feed.side]):
                best[feed.side] = key
        if not best:
            continue
        sides: list[str | None] = [s for s in best if s is not None] or [None]
        chosen = sorted(sides, key=SIDE_ORDER.__getitem__)
        names = {f.name: f.id for f in by_hall[rack.hall_id]}
        found[rack_id] = [names[best[side][1]] for side in chosen]
    return found


def _unit_centre(unit: CoolingUnit) -> tuple[float, float]:
    box = cooling_box(unit)
    return box.centre if box is not None else (float(unit.x), float(unit.y))


def nearest_cdus(
    project: Project, rack_types: Mapping[str, RackType], rack_ids: Iterable[str]
) -> dict[str, str | None]:
    """For each liquid-cooled rack of ``rack_ids``, the nearest CDU of its hall with room for
    its liquid heat (None when none has room); racks without liquid heat are left out.

    Racks are served in the order of their labels, each taking room the next cannot; the
    racks being assigned count on no CDU until they are given one.
    """
    racks = [
        r
        for r in (project.placements.get(i) for i in rack_ids)
        if r is not None and (kind := rack_types.get(r.type_id)) is not None and kind.liquid_kw > 0
    ]
    racks.sort(key=lambda r: (natural_key(r.label), r.id))
    moving = {r.id for r in racks}
    cdus = [u for u in project.cooling_units.values() if u.kind == "cdu"]
    load = {u.id: 0.0 for u in cdus}
    for rack in project.placements.values():
        kind = rack_types.get(rack.type_id)
        if rack.id not in moving and rack.cdu_id in load and kind is not None:
            load[rack.cdu_id] += kind.liquid_kw
    group_load, group_room = _groups(project, cdus, load)
    found: dict[str, str | None] = {}
    for rack in racks:
        heat = rack_types[rack.type_id].liquid_kw
        box = placement_box(rack, rack_types)
        x, y = box.centre if box is not None else (float(rack.x), float(rack.y))
        choice = None
        best = math.inf
        for unit in cdus:
            group = unit.group_id if unit.group_id in group_room else None
            fits = load[unit.id] + heat <= unit.liquid_capacity_kw
            if group is not None:
                fits = fits and group_load[group] + heat <= group_room[group]
            if unit.hall_id != rack.hall_id or not fits:
                continue
            ux, uy = _unit_centre(unit)
            run = abs(ux - x) + abs(uy - y)
            if run < best:
                choice, best = unit, run
        found[rack.id] = choice.id if choice is not None else None
        if choice is not None:
            load[choice.id] += heat
            if choice.group_id in group_room:
                group_load[choice.group_id] += heat
    return found


def _groups(
    project: Project, cdus: list[CoolingUnit], load: Mapping[str, float]
) -> tuple[dict[str, float], dict[str, float]]:
    """Each N+1 group's liquid load now and what it carries with its largest CDU down."""
    members: dict[str, list[CoolingUnit]] = {}
    for unit in cdus:
        group = project.cooling_groups.get(unit.group_id or "")
        if group is not None and group.redundancy == "N+1":
            members.setdefault(group.id, []).append(unit)
    room = {
        g: math.fsum(u.liquid_capacity_kw for u in units) - max(u.liquid_capacity_kw for u in units)
        for g, units in members.items()
    }
    held = {g: math.fsum(load[u.id] for u in units) for g, units in members.items()}
    return held, room
