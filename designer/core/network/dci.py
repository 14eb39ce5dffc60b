"""Data-centre interconnect: how much bandwidth each fibre route between sites carries.

Each site needs a share of its scale-out bandwidth towards the other sites (the project
setting ``dci_share``, or the architect's own figure per site in ``dci_tbps``). A site
spreads its need evenly over the other sites its routes reach, directly or through
others; two sites exchange the smaller of what each has for the other (the smaller end
cannot use more). That traffic takes the path the jobs' traffic takes
(``designer.core.jobs.paths``: the direct routes where there are any, else the shortest
way through other sites, whose DCI relays it), split evenly over the parallel routes of a
hop, and every route on the path carries it: a route's share is the sum of the pairs it
carries. Splitting a site's need over the routes that touch it instead read a ring low: on
A - B - C - D - A nothing carried A's traffic for C over B or D. On a full mesh with one
route a pair both rules give each route the smaller of its ends' need over the other
sites, and over parallel routes between two sites half of the smaller need each.
When the project has training jobs, each route carries what the jobs send over it
(``job_tbps``) where that is more: the share the architect states is the least a route is
sized for, the jobs' traffic where it needs more (an audit added one job and saw 72
wavelengths a route become 2).
The route is lit with coherent wavelengths of ``dci_wavelength_gbps``; fibre pairs follow
from the C-band capacity of a pair (links 1.6: pairs = ceil(Tb/s / 25.6)); the setting
``dci_protection`` lights links and pairs beyond the need (x (1 + protection), links 1.6).
A site with scale-out that no route reaches is warned of (``network.no_dci_route``), as are
groups of sites the routes join among themselves but no path joins to one another
(``network.no_dci_path``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.format import bandwidth, plural
from designer.core.jobs.paths import FibreRouting
from designer.core.model.network_settings import NetworkSettings
from designer.core.model.project import Project
from designer.core.network.bundles import Row

NO_DCI_ROUTE = CodeInfo(
    "network.no_dci_route",
    "network",
    "Site without a fibre route",
    Severity.WARNING,
    "A site with scale-out bandwidth has no fibre route to the project's other sites.",
)

DCI_UNTERMINATED = CodeInfo(
    "network.dci_unterminated",
    "network",
    "DCI links end at no switch",
    Severity.INFO,
    "A site's coherent links to the other sites are counted with their modules and fibre, "
    "but no DCI router or gateway terminates them and the scale-out fabric keeps no ports "
    "for them: that equipment, its power and its price are not in the design.",
)

#: A code of its own, not ``network.no_dci_route`` with a second message: an architect
#: who filters the findings by code, lowers one's severity or accepts one keeps a site left
#: off the fibre (lay a route to it) apart from routes that leave islands of sites (lay one
#: between two groups), and the first's title, "Site without a fibre route", is not true of
#: a site with routes.
NO_DCI_PATH = CodeInfo(
    "network.no_dci_path",
    "network",
    "Sites no fibre path joins",
    Severity.WARNING,
    "The fibre routes join the sites in groups and no path of routes joins one group to "
    "another: sites with scale-out bandwidth in different groups can exchange nothing.",
)

#: The codes the inter-site plan may emit.
CODES = (NO_DCI_ROUTE, NO_DCI_PATH, DCI_UNTERMINATED)


@dataclass(frozen=True)
class RouteDemand:
    """What one fibre route carries: the bandwidth needed (``tbps``), the coherent links
    lit for it and the Tb/s they carry (``lit_tbps``, whole wavelengths: 0.8 for a job's
    0.72), and fibre pairs."""

    route_id: str
    site_a: str
    site_b: str
    distance_km: float
    tbps: float
    links: int
    pairs: int
    lit_tbps: float = 0.0


def carried_text(route: RouteDemand, medium: str) -> str:
    """What ``route`` carries on its links of ``medium``, as every view says it: the Tb/s
    lit, and what is needed where that is less (an audit read a job's 0.72 Tb/s needed as
    the route's capacity, where 0.8 Tb/s was lit)."""
    lit = bandwidth(route.lit_tbps)
    needed = bandwidth(route.tbps)
    head = f"{lit} on {plural(route.links, 'link')} of {medium}"
    return head if needed == lit else f"{head} ({needed} needed)"


@dataclass(frozen=True)
class DciPlan:
    """Each site's need, each route's load, the DCI bundles and what is missing;
    ``row_routes``, the fibre route each of ``rows`` is lit on (two routes may join the same
    two sites, on paths of different lengths)."""

    site_tbps: tuple[tuple[str, float], ...]
    routes: tuple[RouteDemand, ...]
    rows: tuple[Row, ...]
    findings: tuple[Finding, ...]
    row_routes: tuple[str, ...] = ()


def site_need_tbps(settings: NetworkSettings, site_id: str, scale_out_gbps: float) -> float:
    """A site's inter-site bandwidth in Tb/s: the architect's figure or the share."""
    if site_id in settings.dci_tbps:
        return settings.dci_tbps[site_id]
    return scale_out_gbps * settings.dci_share / 1000.0


def plan_dci(
    project: Project,
    scale_out_gbps: Mapping[str, float],
    settings: NetworkSettings,
    job_tbps: Mapping[str, float] | None = None,
) -> DciPlan:
    """The DCI of ``project``; ``scale_out_gbps`` is each site's scale-out NIC bandwidth.

    ``job_tbps``, given when the project has training jobs, is what their traffic needs on
    each route (``designer.core.jobs``): a route then carries that or its share, whichever
    is more (its share alone where an end's figure is the architect's), and a site needs
    the sum of what its routes carry, the traffic it relays included; a site whose figure
    the architect fixed in ``dci_tbps`` keeps it.
    """
    need = {
        site_id: site_need_tbps(settings, site_id, scale_out_gbps.get(site_id, 0.0))
        for site_id in project.sites
    }
    routes = [
        r
        for r in project.fibre_routes.values()
        if r.site_a in project.sites and r.site_b in project.sites
    ]
    degree = dict.fromkeys(project.sites, 0)
    for route in routes:
        degree[route.site_a] += 1
        degree[route.site_b] += 1
    routing = FibreRouting((r.id, r.site_a, r.site_b, r.distance_km) for r in routes)
    shared = route_shares(routing, need)
    wavelength = settings.dci_wavelength_gbps
    loads = []
    rows = []
    row_routes = []
    for route in routes:
        fixed = route.site_a in settings.dci_tbps or route.site_b in settings.dci_tbps
        tbps = shared[route.id]
        if job_tbps is not None and not fixed:
            tbps = max(job_tbps.get(route.id, 0.0), tbps)
        # what it needs, lit again for protection (links 1.6); its fibre pairs those the
        # links lit fill, as the bill counts them
        needed = math.ceil(round(tbps * 1000 / wavelength, 9))
        links = math.ceil(round(needed * (1 + settings.dci_protection), 9))
        pairs = math.ceil(round(links * wavelength / 1000 / settings.fibre_pair_tbps, 9))
        loads.append(
            RouteDemand(
                route.id,
                route.site_a,
                route.site_b,
                route.distance_km,
                tbps,
                links,
                pairs,
                links * wavelength / 1000,
            )
        )
        if links:
            row_routes.append(route.id)
            rows.append(
                Row(
                    route.site_a,
                    route.site_b,
                    "dci",
                    wavelength,
                    wavelength,
                    links,
                    "ethernet",
                    "dci",
                )
            )
    if job_tbps is not None:
        for site_id in need:
            # a site no route reaches keeps its share, and is told it has no route (a
            # review: with a job, its need fell to nothing and the warning went); the others
            # need what their routes carry, relayed traffic included, as it was lit
            if site_id not in settings.dci_tbps and degree[site_id]:
                need[site_id] = math.fsum(
                    load.tbps for load in loads if site_id in (load.site_a, load.site_b)
                )
    findings: list[Finding] = []
    # a site without scale-out (no racks yet) has nothing to exchange: it is no peer
    if sum(1 for tbps in need.values() if tbps > 0) > 1:
        findings = [
            NO_DCI_ROUTE.finding(
                f"{project.sites[site_id].name} needs {need[site_id]:,.1f} Tb/s to the other "
                "sites but no fibre route reaches it.",
                (site_id,),
                measured=need[site_id],
                limit=0.0,
                unit="Tb/s",
            )
            for site_id in project.sites
            if need[site_id] > 0 and degree[site_id] == 0
        ]
        findings.extend(_unjoined(project, routing, need))
    findings.extend(_unterminated(project, loads, wavelength))
    return DciPlan(
        tuple(sorted(need.items())), tuple(loads), tuple(rows), tuple(findings), tuple(row_routes)
    )


def route_shares(
    routing: FibreRouting, need: Mapping[str, float], planned: FibreRouting | None = None
) -> dict[str, float]:
    """Each route of ``routing``'s share of the sites' needs in Tb/s (module docstring):
    every two sites a path joins exchange the smaller of their needs, each over the number
    of other sites it reaches, along that path. The sums are ``math.fsum``: a route that
    carries one pair (every route of a full mesh) reads exactly that pair's figure, as the
    share per route that came before.

    ``planned``, the routes of the design where ``routing`` is those a failure left
    (``designer.core.resilience.impact``), says which sites each site reaches: a pair keeps
    the figure the design gave it, over its path left, and a pair the failure parts
    exchanges nothing. A site does not send more to the sites it still reaches for having
    lost others: spread again over those, a site down on a campus of three would read the
    route between the other two carrying twice what it had."""
    sites = sorted(need)
    pairs = [(a, b) for i, a in enumerate(sites) for b in sites[i + 1 :]]
    joined = routing if planned is None else planned
    reached = dict.fromkeys(sites, 0)
    for a, b in pairs:
        if joined.between(a, b) is not None:
            reached[a] += 1
            reached[b] += 1
    carried: dict[str, list[float]] = {
        route_id: [] for hops in routing.hops.values() for hop in hops for route_id in hop.routes
    }
    for a, b in pairs:
        path = routing.between(a, b)
        if path is None:
            continue
        pair = min(need[a] / reached[a], need[b] / reached[b])
        for hop in path.hops:
            for route_id in hop.routes:
                carried[route_id].append(pair / len(hop.routes))
    return {route_id: math.fsum(parts) for route_id, parts in carried.items()}


def _unjoined(project: Project, routing: FibreRouting, need: Mapping[str, float]) -> list[Finding]:
    """A warning when the routes join the sites in groups that no path joins to one another
    and more than one group holds a site that needs DCI (routes A - B and C - D, nothing
    between: every site has a route, so ``network.no_dci_route`` said nothing, and A could
    send C nothing). A group is a site with a route and the sites ``routing`` reaches from
    it; a site with no route at all is told so by ``network.no_dci_route`` alone."""
    groups: list[list[str]] = []
    grouped: set[str] = set()
    for site_id in project.sites:
        if site_id in grouped or site_id not in routing.hops:
            continue
        group = [
            s for s in project.sites if s == site_id or routing.between(site_id, s) is not None
        ]
        grouped.update(group)
        if any(need[s] > 0 for s in group):
            groups.append(group)
    if len(groups) < 2:
        return []
    named = [_and(project.sites[s].name for s in group) for group in groups]
    if len(named) == 2:
        head = f"{named[0]} have no fibre path to {named[1]}"
    else:
        head = f"No fibre path joins these groups of sites to one another ({'; '.join(named)})"
    return [
        NO_DCI_PATH.finding(
            f"{head}: a site in one group can exchange nothing with a site in another (a job "
            "across them has no route for its traffic), and each site's DCI need is spread "
            "over the sites of its own group alone. Lay a fibre route between the groups.",
            tuple(s for group in groups for s in group),
        )
    ]


def _and(names: Iterable[str]) -> str:
    """``A and B``, ``A, B and C``: a group of sites in a sentence (a group has two or more:
    a route joins two different sites)."""
    *first, last = names
    return f"{', '.join(first)} and {last}"


def _unterminated(project: Project, loads: list[RouteDemand], wavelength: int) -> list[Finding]:
    """A note for each site whose DCI links end at no switch port (a trial: 2,502 ZR links
    a site, and the fabric's spines had 72 ports free; nothing said so)."""
    links = dict.fromkeys(project.sites, 0)
    for load in loads:
        links[load.site_a] += load.links
        links[load.site_b] += load.links
    return [
        DCI_UNTERMINATED.finding(
            f"The {count:,} coherent {wavelength}G links of {project.sites[site_id].name} to "
            "the other sites end at no switch: no DCI router or gateway terminates them and "
            "the scale-out fabric keeps no ports for them. Their modules and fibre are in the "
            "bill; the equipment they plug into, its power and its price are not.",
            (site_id,),
            measured=float(count),
            limit=0.0,
            unit="links",
        )
        for site_id, count in links.items()
        if count
    ]
