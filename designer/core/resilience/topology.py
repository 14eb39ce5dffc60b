"""Who depends on whom in a design, worked out once so that each failure costs only what
it touches: the racks on each feed and CDU, each cooling group's CDUs, each hall's air
units, which racks reach the fabric or their scale-up domain through which network rack,
each site's fabric by tier, the DCI per fibre route, and the racks of each job.

The loads the design carries with nothing failed are the checks' own
(``designer.core.rules.loads.loads``): a what-if starts from the figures the power and
cooling tables print and changes only those a failure touches.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.model.rule_settings import Limits
from designer.core.network.dci import RouteDemand
from designer.core.network.network_plan import NetworkPlan
from designer.core.resilience.components import sides
from designer.core.rules.loads import loads, room_air_kw

#: Fabric tiers, from the racks up; ``node-leaf`` links are a rack's way into the fabric.
TIERS = ("node-leaf", "leaf-spine", "spine-core")

#: Generated scale-up roles: a link of one ties a rack to its domain's switches.
SCALE_UP_ROLES = frozenset({"ub", "nvlink"})


@dataclass(frozen=True)
class FabricLink:
    """A bundle of a site's scale-out fabric: its site, tier, ends and Gb/s."""

    site: str
    tier: str
    a: str
    b: str
    gbps: float
    links: int


@dataclass
class Topology:
    """A design's dependencies and its loads with nothing failed (read it, do not change it).

    Racks are keyed by id; ``accelerators`` lists only racks that hold some.
    """

    project: Project
    rack_types: Mapping[str, RackType]
    accelerators: dict[str, int]
    network_racks: frozenset[str]
    rack_site: dict[str, str]
    feed_racks: dict[str, list[str]]
    side_feeds: dict[str, list[str]]
    feed_load: dict[str, float]
    feed_limit: dict[str, float]
    cdu_racks: dict[str, list[str]]
    cdu_heat: dict[str, float]
    group_units: dict[str, list[str]]
    hall_racks: dict[str, list[str]]
    hall_air_units: dict[str, list[str]]
    hall_air: dict[str, float]
    hall_units: dict[str, list[str]]
    hall_feeds: dict[str, list[str]]
    site_halls: dict[str, list[str]]
    #: network rack -> (compute rack, "scale_out" or "scale_up") that reach through it
    reached_through: dict[str, list[tuple[str, str]]]
    fabric: list[FabricLink]
    #: rack -> indices into ``fabric`` of the links that end at it
    rack_links: dict[str, list[int]]
    routes: dict[str, RouteDemand]
    wavelength_gbps: float
    fibre_pair_tbps: float
    #: scale-out switches the fabrics place
    switches: int = 0
    job_racks: dict[str, frozenset[str]] = field(default_factory=dict)
    #: the network plan, whose routes say which bundles run along which tray
    plan: NetworkPlan | None = None
    #: per row of ``plan.table()``: the rack and plane that reach through the bundle
    row_reach: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: per row of ``plan.table()``: the index in ``fabric`` of its link
    row_link: dict[int, int] = field(default_factory=dict)
    #: per tray: the rows of ``plan.table()`` routed along it (filled hall by hall on use)
    tray_rows: dict[str, frozenset[int]] = field(default_factory=dict)
    #: Gb/s of each (site, tier) of the fabrics, and accelerators per site, nothing failed
    tier_gbps: dict[tuple[str, str], float] = field(init=False)
    site_accelerators: dict[str, int] = field(init=False)
    total_accelerators: int = field(init=False)
    #: the fabrics' estimated bisection with nothing failed (``bisection``), Gb/s
    bisection_gbps: float = field(init=False)
    #: per fabric link, its index in ``tiers`` and its Gb/s; per rack, its links' indices:
    #: columns, so that a failure sums what it cuts at once (a hall has thousands of links)
    tiers: list[tuple[str, str]] = field(init=False)
    link_tier: np.ndarray = field(init=False)
    link_gbps: np.ndarray = field(init=False)
    rack_link_index: dict[str, np.ndarray] = field(init=False)

    def __post_init__(self) -> None:
        # summed once: a what-if subtracts what it takes down (a campus has 57,000 links)
        tiers: dict[tuple[str, str], float] = defaultdict(float)
        for link in self.fabric:
            tiers[link.site, link.tier] += link.gbps
        self.tier_gbps = dict(tiers)
        self.bisection_gbps = bisection(self.tier_gbps)
        self.tiers = list(self.tier_gbps)
        number = {key: i for i, key in enumerate(self.tiers)}
        self.link_tier = np.fromiter(
            (number[link.site, link.tier] for link in self.fabric), np.int64, len(self.fabric)
        )
        self.link_gbps = np.fromiter((link.gbps for link in self.fabric), float, len(self.fabric))
        self.rack_link_index = {
            rack: np.array(links, dtype=np.int64) for rack, links in self.rack_links.items()
        }
        sites: dict[str, int] = defaultdict(int)
        for rack, count in self.accelerators.items():
            site = self.rack_site.get(rack)
            if site is not None:
                sites[site] += count
        self.site_accelerators = dict(sites)
        self.total_accelerators = sum(self.accelerators.values())


def build_topology(
    project: Project,
    rack_types: Mapping[str, RackType],
    limits: Limits,
    plan: NetworkPlan | None = None,
    job_racks: Mapping[str, list[str]] | None = None,
) -> Topology:
    """The dependencies of ``project``; ``plan`` (the network plan the checks read) gives
    the fabric, scale-up wiring and DCI, ``job_racks`` each job's racks, where known."""
    placements = project.placements
    halls = project.halls
    accelerators: dict[str, int] = {}
    network: set[str] = set()
    rack_site: dict[str, str] = {}
    feed_racks: dict[str, list[str]] = defaultdict(list)
    cdu_racks: dict[str, list[str]] = defaultdict(list)
    hall_racks: dict[str, list[str]] = defaultdict(list)
    for rack in placements.values():
        kind = rack_types.get(rack.type_id)
        hall = halls.get(rack.hall_id)
        if hall is not None:
            rack_site[rack.id] = hall.site_id
        hall_racks[rack.hall_id].append(rack.id)
        if kind is None:
            continue
        if kind.accelerators:
            accelerators[rack.id] = kind.accelerators
        if kind.category == "network":
            network.add(rack.id)
        for feed_id in dict.fromkeys(rack.feed_ids):
            if feed_id in project.feeds:
                feed_racks[feed_id].append(rack.id)
        if rack.cdu_id in project.cooling_units:
            cdu_racks[rack.cdu_id].append(rack.id)
    feed_load: dict[str, float] = {}
    feed_limit: dict[str, float] = {}
    cdu_heat: dict[str, float] = {}
    hall_air: dict[str, float] = {}
    for load in loads(project, rack_types, limits):
        if load.kind == "feed":
            feed_load[load.id], feed_limit[load.id] = load.load_kw, load.limit_kw
        elif load.kind == "cdu":
            cdu_heat[load.id] = load.load_kw
        elif load.kind == "hall_air":
            hall_air[load.id] = load.load_kw
    group_units: dict[str, list[str]] = defaultdict(list)
    hall_units: dict[str, list[str]] = defaultdict(list)
    hall_air_units: dict[str, list[str]] = defaultdict(list)
    for unit in project.cooling_units.values():
        hall_units[unit.hall_id].append(unit.id)
        if unit.kind == "cdu" and unit.group_id in project.cooling_groups:
            group_units[unit.group_id].append(unit.id)
        if unit.air_capacity_kw > 0:
            hall_air_units[unit.hall_id].append(unit.id)
    hall_feeds: dict[str, list[str]] = defaultdict(list)
    for feed in project.feeds.values():
        hall_feeds[feed.hall_id].append(feed.id)
    site_halls: dict[str, list[str]] = defaultdict(list)
    for hall in halls.values():
        site_halls[hall.site_id].append(hall.id)
    reached, fabric, rack_links, routes, row_reach, row_link = _network(plan, network)
    settings = project.settings.network
    return Topology(
        project=project,
        rack_types=rack_types,
        accelerators=accelerators,
        network_racks=frozenset(network),
        rack_site=rack_site,
        feed_racks=dict(feed_racks),
        side_feeds=sides(project),
        feed_load=feed_load,
        feed_limit=feed_limit,
        cdu_racks=dict(cdu_racks),
        cdu_heat=cdu_heat,
        group_units=dict(group_units),
        hall_racks=dict(hall_racks),
        hall_air_units=dict(hall_air_units),
        hall_air=hall_air,
        hall_units=dict(hall_units),
        hall_feeds=dict(hall_feeds),
        site_halls=dict(site_halls),
        reached_through=reached,
        fabric=fabric,
        rack_links=rack_links,
        routes=routes,
        switches=sum(n for f in (plan.fabrics().values() if plan else ()) for *_, n in f.placed),
        wavelength_gbps=float(settings.dci_wavelength_gbps),
        fibre_pair_tbps=settings.fibre_pair_tbps,
        job_racks={job: frozenset(racks) for job, racks in (job_racks or {}).items()},
        plan=plan,
        row_reach=row_reach,
        row_link=row_link,
    )


def _network(
    plan: NetworkPlan | None, network: set[str]
) -> tuple[
    dict[str, list[tuple[str, str]]],
    list[FabricLink],
    dict[str, list[int]],
    dict[str, RouteDemand],
    dict[int, tuple[str, str]],
    dict[int, int],
]:
    """Which racks reach through each network rack, the fabric links, the DCI routes, and
    per row of ``plan.table()`` the rack and plane that reach through it and its fabric
    link."""
    reached: dict[str, set[tuple[str, str]]] = defaultdict(set)
    fabric: list[FabricLink] = []
    rack_links: dict[str, list[int]] = defaultdict(list)
    row_reach: dict[int, tuple[str, str]] = {}
    row_link: dict[int, int] = {}
    if plan is None:
        return {}, fabric, {}, {}, row_reach, row_link
    offset = 0
    # in the order of ``plan.table()``, whose rows a tray cut names
    for key in plan.keys():  # noqa: SIM118 (a plan, not a dict)
        table = plan.units[key].table
        counts = table.count.tolist()
        rates = table.rate.tolist()
        for i, (a, b, role) in enumerate(zip(table.a, table.b, table.role, strict=True)):
            plane = "scale_up" if role in SCALE_UP_ROLES else "scale_out"
            if role == "node-leaf" or role in SCALE_UP_ROLES:
                for rack, switch in ((a, b), (b, a)):
                    if switch in network and rack not in network:
                        reached[switch].add((rack, plane))
                        row_reach[offset + i] = (rack, plane)
            if key[0] == "fabric" and role in TIERS:
                index = len(fabric)
                row_link[offset + i] = index
                fabric.append(
                    FabricLink(key[1], role, a, b, float(counts[i] * rates[i]), counts[i])
                )
                rack_links[a].append(index)
                if b != a:
                    rack_links[b].append(index)
        offset += len(table)
    dci = plan.dci()
    routes = {r.route_id: r for r in dci.routes} if dci is not None else {}
    return (
        {switch: sorted(racks) for switch, racks in reached.items()},
        fabric,
        dict(rack_links),
        routes,
        row_reach,
        row_link,
    )


def bisection(tiers: Mapping[tuple[str, str], float]) -> float:
    """Half the thinnest uplink tier of each site's fabric (the node tier when it has none),
    summed over the sites: the narrowest cut of a Clos, an estimate (Gb/s)."""
    by_site: dict[str, dict[str, float]] = defaultdict(dict)
    for (site, tier), gbps in tiers.items():
        by_site[site][tier] = gbps
    total = 0.0
    for found in by_site.values():
        uplinks = [max(0.0, found[t]) for t in TIERS[1:] if t in found]
        total += (min(uplinks) if uplinks else max(0.0, found.get(TIERS[0], 0.0))) / 2
    return total


def heat_of(topology: Topology, rack_id: str) -> tuple[float, float]:
    """A rack's liquid heat and the heat it puts into room air, at max power (kW)."""
    rack = topology.project.placements[rack_id]
    kind = topology.rack_types.get(rack.type_id)
    if kind is None:
        return 0.0, 0.0
    return kind.liquid_kw, room_air_kw(rack, kind)
