"""The loads of a hall while a what-if is shown: what the survivors of a failure carry, as
the bars the designer draws for the design as it is (``rules.loads``), so that a survivor
pushed over its limit reads there with the figures the what-if names.

The figures follow the what-if's model (``impact``): a rack down draws and heats nothing; a
feed carries its racks' max power divided among their feeds on its side still up
(``feed_share``), so a side's last feed carries its racks alone; a cooling group's CDUs
left up carry the whole group's liquid heat against their capacity together (no spare is
held back any more), each CDU its own racks and, of the racks of its group's CDUs down, a
share in proportion to its capacity (an estimate: they share one header); a hall's air
units left up carry its room air; a feed or unit down carries nothing.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping

from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.model.rule_settings import Limits
from designer.core.resilience.impact import Impact
from designer.core.rules.loads import Load, feed_share, loads, room_air_kw

#: What a bar's note says of the load it shows, and of one down.
AFTER_NOTE = "what if it fails: what it carries after the failure"
DOWN_NOTE = "what if it fails: down"


def loads_after(
    project: Project,
    rack_types: Mapping[str, RackType],
    limits: Limits,
    impact: Impact,
    hall_id: str,
) -> list[Load]:
    """The loads of hall ``hall_id`` (as ``loads`` lists them) after ``impact``'s failure."""
    before = loads(project, rack_types, limits, hall_id)
    down = impact.down
    units = project.cooling_units
    feeds = {f: feed for f, feed in project.feeds.items() if f not in impact.feeds_down}
    wanted = {load.id for load in before if load.kind == "feed"}
    feed_kw: dict[str, list[float]] = defaultdict(list)
    cdu_kw: dict[str, list[float]] = defaultdict(list)
    hall_it: list[float] = []
    hall_air: list[float] = []
    for rack in project.placements.values():
        kind = rack_types.get(rack.type_id)
        if rack.id in down or kind is None:
            continue
        if rack.hall_id == hall_id:
            hall_it.append(kind.max_kw)
            hall_air.append(room_air_kw(rack, kind))
        for feed_id in dict.fromkeys(rack.feed_ids):
            if feed_id in wanted and feed_id in feeds:
                feed_kw[feed_id].append(feed_share(rack, kind, feeds[feed_id], feeds))
        if rack.cdu_id in units:
            cdu_kw[rack.cdu_id].append(kind.liquid_kw)
    heat = {unit: math.fsum(kw) for unit, kw in cdu_kw.items()}
    members: dict[str, list[str]] = defaultdict(list)
    for unit in units.values():
        if unit.kind == "cdu" and unit.group_id:
            members[unit.group_id].append(unit.id)
    carried = dict(heat)
    for group in members.values():
        left = [u for u in group if u not in impact.units_down]
        capacity = math.fsum(units[u].liquid_capacity_kw for u in left)
        moved = math.fsum(heat.get(u, 0.0) for u in group if u in impact.units_down)
        for member in group:
            if member in impact.units_down:
                carried[member] = 0.0
            elif capacity > 0:
                carried[member] = (
                    heat.get(member, 0.0) + moved * units[member].liquid_capacity_kw / capacity
                )
    air_left = math.fsum(
        u.air_capacity_kw
        for u in units.values()
        if u.hall_id == hall_id and u.id not in impact.units_down
    )
    per_kw = limits.cdu_flow_lpm_per_kw or 0.0
    found = []
    for load in before:
        if load.id in impact.feeds_down or load.id in impact.units_down:
            found.append(load._replace(load_kw=0.0, flow_lpm=0.0, note=DOWN_NOTE))
        elif load.kind == "feed":
            found.append(
                load._replace(load_kw=math.fsum(feed_kw.get(load.id, ())), note=AFTER_NOTE)
            )
        elif load.kind == "cdu":
            kw = carried.get(load.id, 0.0)
            flow = kw * per_kw if load.flow_limit_lpm else 0.0
            found.append(load._replace(load_kw=kw, flow_lpm=flow, note=AFTER_NOTE))
        elif load.kind == "cooling_group":
            group = members.get(load.id, [])
            found.append(
                load._replace(
                    load_kw=math.fsum(heat.get(u, 0.0) for u in group),
                    limit_kw=math.fsum(
                        units[u].liquid_capacity_kw for u in group if u not in impact.units_down
                    ),
                    note=f"{AFTER_NOTE}, on the CDUs left up",
                )
            )
        elif load.kind == "hall_air":
            found.append(
                load._replace(load_kw=math.fsum(hall_air), limit_kw=air_left, note=AFTER_NOTE)
            )
        else:  # the hall's power and heat
            found.append(load._replace(load_kw=math.fsum(hall_it), note=AFTER_NOTE))
    return found
