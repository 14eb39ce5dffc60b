"""Resilience: what a design that must stay up through any one failure may not have.

Three kinds of single point of failure a Tier III design must not have (links B40): a rack
with no second power path, liquid-cooled racks whose CDUs have no spare, and sites joined to
the rest by one fibre route. The first two are the power and cooling families' own
(``power.single_path``, ``cooling.no_spare_cdu``), judged against the project's Tier III
setting; this family adds the third: a fibre route whose cut alone splits the sites with
accelerators into parts no fibre joins. The N-1 sweep (``designer.core.resilience.sweep``)
ranks every component by what its failure takes down.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.format import plural
from designer.core.naming import fibre_route_name
from designer.core.rules.check import Check
from designer.core.rules.context import Changes, Context
from designer.core.rules.power import (
    site_racks,
    sites_with_new_racks,
)

FAMILY = "resilience"

ONE_FIBRE_ROUTE = CodeInfo(
    "resilience.one_fibre_route",
    FAMILY,
    "Sites joined by one fibre route",
    Severity.WARNING,
    "Cutting this fibre route alone splits the sites with accelerators into parts no fibre "
    "joins: a cluster spread over them stops.",
)


# --- fibre ------------------------------------------------------------------------------


def _route_subjects(ctx: Context) -> Iterable[str]:
    return ctx.project.fibre_routes


def _route_run(ctx: Context, route_id: str) -> Iterator[Finding]:
    project = ctx.project
    route = project.fibre_routes.get(route_id)
    if route is None or route.site_a not in project.sites or route.site_b not in project.sites:
        return
    ways: dict[str, list[str]] = {s: [] for s in project.sites}
    for other in project.fibre_routes.values():
        if other.id != route_id and other.site_a in ways and other.site_b in ways:
            ways[other.site_a].append(other.site_b)
            ways[other.site_b].append(other.site_a)
    side = _reached(ways, route.site_a)
    if route.site_b in side:
        return
    # only a route whose cut splits the sites counts their accelerators: summed for every
    # route, a campus of 18 sites and 153 routes read its 46,566 racks 2,754 times
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
    here = sum(gpus[s] for s in side)
    there = sum(gpus[s] for s in project.sites if s not in side)
    if not here or not there:
        return
    part_a = ", ".join(project.sites[s].name for s in project.sites if s in side)
    part_b = ", ".join(project.sites[s].name for s in project.sites if s not in side)
    yield ONE_FIBRE_ROUTE.finding(
        f"The fibre route {fibre_route_name(project, route_id)} ({route.distance_km:g} km) is "
        f"the only one between {part_a} ({plural(here, 'accelerator')}) and {part_b} "
        f"({plural(there, 'accelerator')}): one cut splits the cluster. Lay a second route on "
        "another path (Path 2 under the route in a site's properties).",
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
    Check("resilience.fibre", (ONE_FIBRE_ROUTE,), _route_subjects, _route_run, _route_touched),
)
