"""Who depends on whom in a design, worked out once so that each failure costs only what
it touches: the racks on each feed and CDU, each cooling group's CDUs, each hall's air
units, which racks reach the fabric or their scale-up domain through which network rack,
each site's fabric by tier, the DCI per fibre route, and the racks of each job.

The loads the design carries with nothing failed are the checks' own
(``designer.core.rules.loads.loads``): a what-if starts from the figures the power and
cooling tables print and changes only those a failure touches.
"""

from __future__ import annotations

import math
from collections import defaultdict, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from designer.core.jobs.paths import FibreRouting
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.model.rule_settings import Limits
from designer.core.network.dci import RouteDemand, site_need_tbps
from designer.core.network.network_plan import NetworkPlan
from designer.core.resilience.components import sides
from designer.core.resilience.wiring import TIERS, Wiring, wiring_of
from designer.core.rules.loads import Load, loads, room_air_kw


@dataclass(frozen=True)
class Part:
    """One part of a cluster a failure split: its sites and their accelerators up."""

    sites: tuple[str, ...]
    accelerators: int


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
    #: the network plan's bundles: who reaches the fabric or a scale-up domain through
    #: which, and the fabric links
    wiring: Wiring
    routes: dict[str, RouteDemand]
    wavelength_gbps: float
    #: each site's DCI need as the planner spreads it over the sites it reaches (Tb/s, the
    #: architect's figure or the share of its scale-out), for the what-if of a cut route to
    #: share it again over the routes left
    dci_need_tbps: dict[str, float] = field(default_factory=dict)
    #: scale-out switches the fabrics place
    switches: int = 0
    #: the coolant a kW of liquid heat needs (the rules' rating basis, links B13), to hold the
    #: CDUs left after a failure to their flow as well as their capacity; 0: not checked
    cdu_flow_lpm_per_kw: float = 0.0
    job_racks: dict[str, frozenset[str]] = field(default_factory=dict)
    #: Tb/s the jobs send between each pair of sites (the busier way), which a cut re-routes
    #: over the paths left, as the jobs' estimates route it
    pair_tbps: dict[tuple[str, str], float] = field(default_factory=dict)
    #: the network plan, whose routes say which bundles run along which tray
    plan: NetworkPlan | None = None
    #: per tray: the rows of ``plan.table()`` routed along it, sorted (filled hall by hall
    #: on use)
    tray_rows: dict[str, np.ndarray] = field(default_factory=dict)
    #: Gb/s of each (site, tier) of the fabrics, and accelerators per site, nothing failed
    tier_gbps: dict[tuple[str, str], float] = field(init=False)
    site_accelerators: dict[str, int] = field(init=False)
    total_accelerators: int = field(init=False)
    #: the fabrics' estimated bisection with nothing failed (``bisection``), Gb/s
    bisection_gbps: float = field(init=False)
    #: the scale-up links' Gb/s with nothing failed (UB and NVLink)
    scale_up_gbps: float = field(init=False)
    #: the DCI's Gb/s over every route, and the routes that join each site to others, nothing
    #: failed (most failures cut no route: each what-if of a sweep reads these)
    cross_site_gbps: float = field(init=False)
    fibre_ways: dict[str, list[tuple[str, str]]] = field(init=False)
    #: the paths over every route, nothing cut
    routing: FibreRouting = field(init=False)
    #: the parts the sites with accelerators fall into with nothing failed
    parts: tuple[Part, ...] = field(init=False)
    #: the racks of each hall, and those on the CDUs of each cooling group, as sets: a
    #: what-if sums the heat of the racks down among them, which are few or none against a
    #: hall's hundreds (a set intersection walks the smaller)
    hall_rack_set: dict[str, frozenset[str]] = field(init=False)
    group_racks: dict[str, frozenset[str]] = field(init=False)
    #: the sites each job's racks stand on, for the what-if's fibre between them
    job_sites: dict[str, frozenset[str]] = field(init=False)

    def __post_init__(self) -> None:
        # summed once: a what-if subtracts what it takes down (a campus has 57,000 links)
        self.tier_gbps = self.wiring.tier_gbps()
        self.bisection_gbps = bisection(self.tier_gbps)
        self.scale_up_gbps = self.wiring.scale_up_gbps()
        routes = self.routes.values()
        self.cross_site_gbps = math.fsum(r.links * self.wavelength_gbps for r in routes)
        self.fibre_ways = fibre_ways(routes)
        self.routing = routing_of(routes)
        sites: dict[str, int] = defaultdict(int)
        for rack, count in self.accelerators.items():
            site = self.rack_site.get(rack)
            if site is not None:
                sites[site] += count
        self.site_accelerators = dict(sites)
        self.total_accelerators = sum(self.accelerators.values())
        self.parts = parts_of(self.site_accelerators, self.fibre_ways)
        self.hall_rack_set = {hall: frozenset(racks) for hall, racks in self.hall_racks.items()}
        self.group_racks = {
            group: frozenset(r for unit in units for r in self.cdu_racks.get(unit, ()))
            for group, units in self.group_units.items()
        }
        self.job_sites = {
            job: frozenset(s for r in racks if (s := self.rack_site.get(r)) is not None)
            for job, racks in self.job_racks.items()
        }


def build_topology(
    project: Project,
    rack_types: Mapping[str, RackType],
    limits: Limits,
    plan: NetworkPlan | None = None,
    job_racks: Mapping[str, list[str]] | None = None,
    found: Iterable[Load] | None = None,
    pair_tbps: Mapping[tuple[str, str], float] | None = None,
) -> Topology:
    """The dependencies of ``project``; ``plan`` (the network plan the checks read) gives
    the fabric, scale-up wiring and DCI, ``job_racks`` each job's racks, where known;
    ``found``: the project's ``loads``, when the caller has them (the report prints them);
    ``pair_tbps``: what the jobs send between each pair of sites, where known."""
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
    for load in found if found is not None else loads(project, rack_types, limits):
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
    dci = plan.dci() if plan is not None else None
    settings = project.settings.network
    site_gbps = plan.index.site_gbps if plan is not None else {}
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
        wiring=wiring_of(plan, frozenset(network)),
        routes={r.route_id: r for r in dci.routes} if dci is not None else {},
        switches=sum(n for f in (plan.fabrics().values() if plan else ()) for *_, n in f.placed),
        wavelength_gbps=float(settings.dci_wavelength_gbps),
        dci_need_tbps={
            site: site_need_tbps(settings, site, site_gbps.get(site, 0)) for site in project.sites
        },
        cdu_flow_lpm_per_kw=limits.cdu_flow_lpm_per_kw or 0.0,
        job_racks={job: frozenset(racks) for job, racks in (job_racks or {}).items()},
        pair_tbps=dict(pair_tbps or {}),
        plan=plan,
    )


def fibre_ways(routes: Iterable[RouteDemand]) -> dict[str, list[tuple[str, str]]]:
    """Per site, the (site, route) pairs that ``routes`` join it to."""
    ways: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for route in routes:
        ways[route.site_a].append((route.site_b, route.route_id))
        ways[route.site_b].append((route.site_a, route.route_id))
    return dict(ways)


def routing_of(routes: Iterable[RouteDemand]) -> FibreRouting:
    """The paths the DCI traffic takes over ``routes``, as the jobs' estimates take them."""
    return FibreRouting((r.route_id, r.site_a, r.site_b, r.distance_km) for r in routes)


def parts_of(up: Mapping[str, int], ways: Mapping[str, list[tuple[str, str]]]) -> tuple[Part, ...]:
    """The sites with accelerators up, grouped by the fibre that still joins them (through
    sites without accelerators too), largest part first."""
    seen: set[str] = set()
    parts = []
    for site in sorted(s for s, n in up.items() if n > 0):
        if site in seen:
            continue
        members = []
        queue = deque([site])
        seen.add(site)
        while queue:
            here = queue.popleft()
            if up.get(here, 0) > 0:
                members.append(here)
            for other, _ in ways.get(here, ()):
                if other not in seen:
                    seen.add(other)
                    queue.append(other)
        parts.append(Part(tuple(sorted(members)), sum(up[m] for m in members)))
    return tuple(sorted(parts, key=lambda p: (-p.accelerators, p.sites)))


def bisection(tiers: Mapping[tuple[str, str], float]) -> float:
    """Half the thinnest tier of each site's fabric, summed over the sites: the narrowest
    cut of a Clos, an estimate (Gb/s). The node tier counts too: the accelerators cannot
    send more across the middle than their own links carry (racks cut off their leaves
    send nothing across)."""
    by_site: dict[str, dict[str, float]] = defaultdict(dict)
    for (site, tier), gbps in tiers.items():
        by_site[site][tier] = gbps
    total = 0.0
    for found in by_site.values():
        present = [max(0.0, found[t]) for t in TIERS if t in found]
        total += min(present, default=0.0) / 2
    return total


def heat_of(topology: Topology, rack_id: str) -> tuple[float, float]:
    """A rack's liquid heat and the heat it puts into room air, at max power (kW)."""
    rack = topology.project.placements[rack_id]
    kind = topology.rack_types.get(rack.type_id)
    if kind is None:
        return 0.0, 0.0
    return kind.liquid_kw, room_air_kw(rack, kind)
