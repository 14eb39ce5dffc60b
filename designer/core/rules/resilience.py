"""Resilience: what a design that must stay up through any one failure may not have
(links B40: a concurrently maintainable design, Tier III, gives every rack two paths).

- a rack with no second power path: one feed, or feeds all on one side, so that one
  busway, PDU or switchboard takes it down;
- liquid-cooled racks whose CDUs have no spare: a lone CDU, or a cooling group (N or N+1)
  whose other CDUs cannot carry the group's liquid heat with its largest CDU down;
- a fibre route whose cut alone splits the sites with accelerators into parts.

The power and cooling families judge loads; these findings judge what one failure takes
down. The N-1 sweep (``designer.core.resilience.sweep``) ranks every component by it.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Iterator

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.format import plural
from designer.core.rules.check import Check, each_rack
from designer.core.rules.context import Changes, Context
from designer.core.rules.links import LINKS, named_by_changes
from designer.core.rules.power import (
    AB,
    HALL_SIDES,
    racks_kw,
    site_racks,
    sites_with_new_racks,
)
from designer.core.rules.text import first_up, kw, rack_name

FAMILY = "resilience"

ONE_POWER_PATH = CodeInfo(
    "resilience.one_power_path",
    FAMILY,
    "Rack with no second power path",
    Severity.WARNING,
    "A rack draws from one feed, or from feeds all on one side, so that one busway, PDU or "
    "switchboard failing or maintained takes it down (links B40: Tier III gives every rack "
    "two paths).",
)
CDU_NO_SPARE = CodeInfo(
    "resilience.cdu_no_spare",
    FAMILY,
    "Liquid-cooled racks without a spare CDU",
    Severity.WARNING,
    "Liquid-cooled racks hang on a CDU with no partner, or on a cooling group whose other "
    "CDUs cannot carry the group's liquid heat with its largest CDU down: one CDU failing "
    "takes their cooling.",
)
ONE_FIBRE_ROUTE = CodeInfo(
    "resilience.one_fibre_route",
    FAMILY,
    "Sites joined by one fibre route",
    Severity.WARNING,
    "Cutting this fibre route alone splits the sites with accelerators into parts no fibre "
    "joins: a cluster spread over them stops.",
)


# --- power -----------------------------------------------------------------------------


def _rack_run(ctx: Context, rack_id: str) -> Iterator[Finding]:
    rack = ctx.project.placements.get(rack_id)
    kind = ctx.rack_types.get(rack.type_id) if rack else None
    if rack is None or kind is None or kind.max_kw <= 0:
        return
    feeds = ctx.project.feeds
    connected = [feeds[f] for f in dict.fromkeys(rack.feed_ids) if f in feeds]
    if not connected:
        return  # power.no_feed says so
    sides = {f.side for f in connected}
    if len(connected) >= 2 and (len(sides) > 1 or None in sides):
        return
    if ctx.get(HALL_SIDES).get(rack.hall_id, set()) >= AB and sides != AB:
        return  # power.single_path names a one-sided rack of an A/B hall already
    if len(connected) == 1:
        why = f"one feed, {connected[0].name}"
        advice = "Connect it to a second feed, on the other side where the hall has one."
    else:
        side = next(iter(sides))
        why = f"side {side} only ({', '.join(f.name for f in connected)})"
        advice = f"Connect it to a side {'B' if side == 'A' else 'A'} feed as well."
    yield ONE_POWER_PATH.finding(
        f"{first_up(rack_name(rack))} ({kind.name}) draws from {why}: one failure upstream "
        f"takes it down. {advice}",
        (rack.id, *(f.id for f in connected)),
        hall_id=rack.hall_id,
    )


def _rack_touched(ctx: Context, changes: Changes) -> set[str]:
    found = {rack_id for rack_id, _, _ in changes.of("placements")}
    links = ctx.get(LINKS)
    for feed_id, before, after in changes.of("feeds"):
        found.update(links.of("racks_on_feed", feed_id))
        # a feed that came, went or changed side may make its hall an A/B hall or not
        if (before.side if before else None) != (after.side if after else None) or (
            before is not None and after is not None and before.hall_id != after.hall_id
        ):
            for feed in (before, after):
                if feed is not None:
                    found.update(links.of("racks_in_hall", feed.hall_id))
    return found


# --- liquid cooling ---------------------------------------------------------------------


def _cooling_subjects(ctx: Context) -> Iterable[str]:
    """Every cooling group, and every CDU in no group."""
    groups = ctx.project.cooling_groups
    lone = [
        u.id
        for u in ctx.project.cooling_units.values()
        if u.kind == "cdu" and u.group_id not in groups
    ]
    return [*groups, *lone]


def _cooling_run(ctx: Context, subject: str) -> Iterator[Finding]:
    project = ctx.project
    links = ctx.get(LINKS)
    units = project.cooling_units
    group = project.cooling_groups.get(subject)
    if group is not None:
        cdus = [units[u] for u in links.of("units_in_group", subject) if units[u].kind == "cdu"]
    else:
        unit = units.get(subject)
        if unit is None or unit.kind != "cdu" or unit.group_id in project.cooling_groups:
            return
        cdus = [unit]
    racks = [r for u in cdus for r in links.of("racks_on_cdu", u.id)]
    liquid = [r for r in racks if racks_kw(ctx, (r,), "liquid_kw") > 0]
    if not cdus or not liquid:
        return
    load = racks_kw(ctx, liquid, "liquid_kw")
    largest = max(cdus, key=lambda u: u.liquid_capacity_kw)
    left = math.fsum(u.liquid_capacity_kw for u in cdus) - largest.liquid_capacity_kw
    if load <= left:
        return
    gpus = sum(
        kind.accelerators
        for r in liquid
        if (kind := ctx.rack_types.get(project.placements[r].type_id)) is not None
    )
    what = f"{plural(len(liquid), 'liquid-cooled rack')} ({plural(gpus, 'accelerator')})"
    if len(cdus) == 1:
        where = f"CDU {largest.name}" + (f" alone in cooling group {group.name}" if group else "")
        why = "it has no partner to take them over"
    else:
        where = f"cooling group {group.name if group else ''}"
        why = (
            f"with {largest.name} ({kw(largest.liquid_capacity_kw)}) down, the others can "
            f"take only {kw(left)} of their {kw(load)}"
        )
    yield CDU_NO_SPARE.finding(
        f"{first_up(what)} on {where} lose liquid cooling when one CDU fails: {why}. Add a CDU "
        "to share them (N+1).",
        (subject, *(u.id for u in cdus if u.id != subject)),
        measured=load,
        limit=left,
        unit="kW",
        hall_id=cdus[0].hall_id,
        where=(float(cdus[0].x), float(cdus[0].y)),
    )


def _cooling_touched(ctx: Context, changes: Changes) -> set[str]:
    found = {group_id for group_id, _, _ in changes.of("cooling_groups")}
    units = ctx.project.cooling_units
    for unit_id, before, after in changes.of("cooling_units"):
        found.add(unit_id)
        found.update(u.group_id for u in (before, after) if u is not None and u.group_id)
    for cdu_id in named_by_changes(changes, "placements", "cdu_id", ("cdu_id", "type_id")):
        found.add(cdu_id)
        unit = units.get(cdu_id)
        if unit is not None and unit.group_id:
            found.add(unit.group_id)
    return found


# --- fibre ------------------------------------------------------------------------------


def _route_subjects(ctx: Context) -> Iterable[str]:
    return ctx.project.fibre_routes


def _route_run(ctx: Context, route_id: str) -> Iterator[Finding]:
    project = ctx.project
    route = project.fibre_routes.get(route_id)
    if route is None or route.site_a not in project.sites or route.site_b not in project.sites:
        return
    kinds = ctx.rack_types
    placements = project.placements
    gpus = {
        site_id: sum(
            kind.accelerators
            for r in site_racks(ctx, site_id)
            if (kind := kinds.get(placements[r].type_id)) is not None
        )
        for site_id in project.sites
    }
    ways: dict[str, list[str]] = {s: [] for s in project.sites}
    for other in project.fibre_routes.values():
        if other.id != route_id and other.site_a in ways and other.site_b in ways:
            ways[other.site_a].append(other.site_b)
            ways[other.site_b].append(other.site_a)
    side = _reached(ways, route.site_a)
    if route.site_b in side:
        return
    here = sum(gpus[s] for s in side)
    there = sum(gpus[s] for s in project.sites if s not in side)
    if not here or not there:
        return
    names = [project.sites[s].name for s in (route.site_a, route.site_b)]
    part_a = ", ".join(project.sites[s].name for s in project.sites if s in side)
    part_b = ", ".join(project.sites[s].name for s in project.sites if s not in side)
    yield ONE_FIBRE_ROUTE.finding(
        f"The fibre route {names[0]}–{names[1]} ({route.distance_km:g} km) is the only one "
        f"between {part_a} ({plural(here, 'accelerator')}) and {part_b} "
        f"({plural(there, 'accelerator')}): one cut splits the cluster. Lay a second route on "
        "another path.",
        (route.id, route.site_a, route.site_b),
    )


def _reached(ways: dict[str, list[str]], start: str) -> set[str]:
    seen = {start}
    queue = deque([start])
    while queue:
        for other in ways[queue.popleft()]:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


def _route_touched(ctx: Context, changes: Changes) -> Iterable[str]:
    """Every route when a site's accelerators or the routes change (a handful), and the
    routes that went, so that their findings go too."""
    routes = {route_id for route_id, _, _ in changes.of("fibre_routes")}
    if routes or changes.of("sites") or changes.of("halls") or sites_with_new_racks(ctx, changes):
        return routes | set(ctx.project.fibre_routes)
    return ()


CHECKS = (
    Check("resilience.racks", (ONE_POWER_PATH,), each_rack, _rack_run, _rack_touched),
    Check("resilience.cooling", (CDU_NO_SPARE,), _cooling_subjects, _cooling_run, _cooling_touched),
    Check("resilience.fibre", (ONE_FIBRE_ROUTE,), _route_subjects, _route_run, _route_touched),
)
