"""What one failure, or several at once, takes down, pushes over its limits and leaves.

The rules follow the checks' own model of the design:

- power: a rack whose every feed is down loses power; its other feeds carry it as the
  power check already loads them (a feed's share of a rack is the rack's max power over its
  feeds on the same side, ``rules.loads.feed_share``), so a side's last feed carries what
  the side's lost feeds carried;
- liquid: the CDUs of a cooling group share their racks, so the survivors of a group carry
  the whole group's liquid heat; a rack whose CDU is down with no survivor in its group
  loses liquid cooling;
- air: a hall's CRAHs and in-row coolers share its room air; when none is left its racks
  that put heat into the room lose air cooling;
- a network rack that loses power or air is down with its switches: a rack with a link to
  it loses scale-out links (a ``node-leaf`` link: the accelerators of that rail are cut
  off, their share of the rack's node-leaf links) or scale-up links (a UB link: the rack
  keeps its domain, at less bandwidth, while any link to its scale-up switches is left),
  and the fabric loses the links;
- a rack that loses power or cooling draws and heats nothing;
- a cut tray severs the bundles the router laid along it: a rack's links to its leaves or
  its scale-up switches that run there are cut as if their switches were down;
- a fibre route carries its DCI until cut; what it carried takes the shortest way left
  over the other routes (``designer.core.jobs.paths``, as the jobs' estimates route it),
  pair of sites by pair: the jobs' traffic between two sites whose path it was on moves
  from that whole path to the new one, and the sites' needs are shared again over the
  routes left as the DCI planner shares them (``designer.core.network.dci``), each pair
  at the figure the design gave it along its new path, which need not pass the cut
  route's two ends (on a ring A - B - C - D - A, cutting B - C sends A - C round by D and
  B - C by A and D: A - B loses one pair and gains the other). A route carries the larger
  of its share and its jobs' traffic, as the planner sizes it: after a cut that parts no
  sites, the loads the planner gives the design without the route (a route whose end's
  figure the architect fixed, which the planner sizes by its share alone, is held to the
  jobs' traffic moved onto it as well: its wavelengths carry that too). Two sites a failure
  parts exchange nothing; the others send each other no more for it (a site down does not
  double what the two others of a campus of three exchange). The routes' lit wavelengths
  (their DCI links) may not hold it: lighting more of their fibre pairs takes transceivers
  the design does not have;
- a hall down takes its feeds and cooling units with it, a site its halls and routes.

Bisection is estimated per site as half of the fabric's thinnest tier, the node links
included (racks cut off their leaves send nothing across): an estimate, the narrowest cut
of a Clos, not a measured figure.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from designer.core.jobs.paths import FibrePath, FibreRouting
from designer.core.model.hall import CoolingUnit, PowerFeed
from designer.core.network.dci import route_shares
from designer.core.resilience.components import kind_of, name_of
from designer.core.resilience.topology import (
    Part,
    Topology,
    bisection,
    fibre_ways,
    heat_of,
    parts_of,
    routing_of,
)
from designer.core.resilience.trays import NO_ROWS, rows_through
from designer.core.resilience.wiring import TIERS
from designer.core.rules.loads import feed_share

#: What a rack can lose, in the order a report lists it.
LOSSES = ("failed", "power", "liquid", "air", "scale_up", "scale_out")

#: Losses after which a rack is down (the others leave it running, cut off).
DOWN = ("failed", "power", "liquid", "air")


@dataclass(frozen=True)
class Overload:
    """A survivor carrying more than its limit after the failure, and what it carried
    before against what its limit was (``kind``: feed, cooling_group, hall_air or
    fibre_route): a hall's air carries the same heat with fewer units, a feed more load
    within the same limit."""

    kind: str
    id: str
    name: str
    load: float
    limit: float
    before: float
    limit_before: float
    unit: str
    #: a fibre route's: the jobs' own Tb/s on it after the failure, the rest of its load
    #: being the design's cross-site share (None for the other kinds)
    jobs_load: float | None = None


@dataclass(frozen=True)
class Impact:
    """What failing ``failed`` does. ``losses`` maps each kind of loss to the racks that
    suffer it first (a rack without power is not listed again as without cooling)."""

    failed: tuple[str, ...]
    losses: Mapping[str, tuple[str, ...]]
    lost_accelerators: Mapping[str, int]
    #: jobs that lose racks, their fabric, their fibre between sites, or a route their own
    #: traffic no longer fits
    jobs: tuple[str, ...]
    overloads: tuple[Overload, ...]
    total_accelerators: int
    accelerators_up: int
    accelerators_connected: int
    bisection_gbps: float
    bisection_left_gbps: float
    #: (site, tier) switch tiers left with no link in a site with accelerators up
    tiers_down: tuple[tuple[str, str], ...]
    scale_up_gbps: float
    scale_up_left_gbps: float
    cross_site_gbps: float
    cross_site_left_gbps: float
    parts: tuple[Part, ...]
    #: the feeds and cooling units down, those of a failed side, hall or site included
    feeds_down: frozenset[str] = frozenset()
    units_down: frozenset[str] = frozenset()
    #: N+1 cooling groups a CDU of which is down and whose others carry the load: with no
    #: spare left, one more CDU down costs their racks their cooling
    spares_gone: tuple[str, ...] = ()
    #: jobs not hit whose path crosses a route over its limit for the design's cross-site
    #: share alone: their own traffic fits what is lit (a trial read "Jobs hit" of a job
    #: whose 10.7 Tb/s fitted the 393.6 left)
    jobs_short: tuple[str, ...] = ()

    @property
    def down(self) -> frozenset[str]:
        """The racks down (failed, or without power or cooling): they draw and heat nothing."""
        return frozenset(r for what in DOWN for r in self.losses.get(what, ()))

    @property
    def racks_hit(self) -> tuple[str, ...]:
        """Every rack that loses something."""
        return tuple(r for what in LOSSES for r in self.losses.get(what, ()))

    @property
    def accelerators_hit(self) -> int:
        """Accelerators down or cut off."""
        return self.total_accelerators - self.accelerators_connected

    @property
    def split(self) -> bool:
        """True when the cluster falls into parts that no fibre joins."""
        return len(self.parts) > 1


class _Without(Mapping[str, PowerFeed]):
    """The project's feeds less those down: what ``feed_share`` sees after a failure."""

    def __init__(self, feeds: Mapping[str, PowerFeed], down: set[str]) -> None:
        self._feeds = feeds
        self._down = down

    def __getitem__(self, key: str) -> PowerFeed:
        if key in self._down:
            raise KeyError(key)
        return self._feeds[key]

    def __contains__(self, key: object) -> bool:
        return key not in self._down and key in self._feeds

    def __iter__(self) -> Iterator[str]:
        return (k for k in self._feeds if k not in self._down)

    def __len__(self) -> int:
        return sum(1 for _ in self)


@dataclass
class _Down:
    """The components down, once a failure is spread to what it contains."""

    feeds: set[str]
    units: set[str]
    racks: set[str]
    trays: set[str]
    routes: set[str]
    halls: set[str]
    sites: set[str]


def _spread(topo: Topology, failed: Iterable[str]) -> _Down:
    project = topo.project
    down = _Down(set(), set(), set(), set(), set(), set(), set())
    for item in failed:
        kind = kind_of(project, item)
        if kind == "feed":
            down.feeds.add(item)
        elif kind == "side":
            down.feeds.update(topo.side_feeds.get(item, ()))
        elif kind == "cooling":
            down.units.add(item)
        elif kind == "rack":
            down.racks.add(item)
        elif kind == "tray":
            down.trays.add(item)
        elif kind == "fibre_route":
            down.routes.add(item)
        elif kind == "hall":
            down.halls.add(item)
        elif kind == "site":
            down.sites.add(item)
            down.halls.update(topo.site_halls.get(item, ()))
        else:
            raise ValueError(f"{item!r} names no component of the project")
    for hall in down.halls:
        down.feeds.update(topo.hall_feeds.get(hall, ()))
        down.units.update(topo.hall_units.get(hall, ()))
    for route in project.fibre_routes.values():
        if route.site_a in down.sites or route.site_b in down.sites:
            down.routes.add(route.id)
    return down


def fail(topo: Topology, failed: Iterable[str]) -> Impact:
    """Fail every component of ``failed`` (ids) at once and work out what follows."""
    failed = tuple(dict.fromkeys(failed))
    down = _spread(topo, failed)
    project = topo.project
    lost: dict[str, dict[str, None]] = {what: {} for what in LOSSES}
    out: set[str] = set()  # racks down for any reason

    def lose(what: str, racks: Iterable[str]) -> None:
        for rack in racks:
            if rack not in out:
                out.add(rack)
                lost[what][rack] = None

    lose("failed", sorted(down.racks))
    for hall in sorted(down.halls):
        lose("power", topo.hall_racks.get(hall, ()))
    touched = {r for f in down.feeds for r in topo.feed_racks.get(f, ())}
    live = _Without(project.feeds, down.feeds)
    placements = project.placements
    lose(
        "power",
        sorted(r for r in touched if not any(f in live for f in placements[r].feed_ids)),
    )
    overloads = _feeds(topo, touched, out, live, down.feeds)
    liquid, groups, spares_gone = _liquid(topo, down.units, out)
    lose("liquid", liquid)
    overloads += groups
    air, rooms = _air(topo, down, out)
    lose("air", air)
    overloads += rooms
    # network racks down and trays cut: the racks that reached through them
    severed = _severed(topo, down.trays)
    up_cut, out_cut, up_left = _cut_off(topo, out, severed)
    links = topo.wiring.row_link[severed]
    sites_up = _sites_up(topo, down, out)
    left, tiers_down = _bisection(topo, out, links[links >= 0], sites_up)
    cross, cross_left, routes, parts, routing = _dci(topo, down, sites_up)
    overloads += routes
    lost["scale_up"] = dict.fromkeys(sorted(up_cut))
    lost["scale_out"] = dict.fromkeys(sorted(out_cut))
    losses = {what: tuple(racks) for what, racks in lost.items() if racks}
    # a scale-out cut takes the accelerators on the links cut (``out_cut``), not whole racks
    counted = {
        what: sum(out_cut.values())
        if what == "scale_out"
        else sum(topo.accelerators.get(r, 0) for r in racks)
        for what, racks in losses.items()
    }
    total = topo.total_accelerators
    up = total - sum(counted.get(what, 0) for what in DOWN)
    hit = out | up_cut | out_cut.keys()
    # a whole tier down parts a site's leaves: a job over more than one rack there has lost
    # the fabric between its racks though none of them is cut off (a trial: a spine rack's
    # loss left a 576-GPU job's bisection at 0 and named no job)
    parted = {site for site, _ in tiers_down}
    over = {o.id for o in routes}
    starved = {o.id for o in routes if o.jobs_load is not None and o.jobs_load > o.limit}
    jobs = tuple(
        job
        for job, racks in topo.job_racks.items()
        if not racks.isdisjoint(hit)
        or (parted and len(racks) > 1 and any(topo.rack_site.get(r) in parted for r in racks))
        or _dci_hit(topo.job_sites[job], parts, starved, routing)
    )
    short = tuple(
        job
        for job in topo.job_racks
        if job not in jobs and _dci_hit(topo.job_sites[job], parts, over, routing)
    )
    return Impact(
        failed=failed,
        losses=losses,
        lost_accelerators=counted,
        jobs=jobs,
        overloads=tuple(overloads),
        total_accelerators=total,
        accelerators_up=up,
        accelerators_connected=up - counted.get("scale_up", 0) - counted.get("scale_out", 0),
        bisection_gbps=topo.bisection_gbps,
        bisection_left_gbps=left,
        tiers_down=tiers_down,
        scale_up_gbps=topo.scale_up_gbps,
        scale_up_left_gbps=up_left,
        cross_site_gbps=cross,
        cross_site_left_gbps=cross_left,
        parts=parts,
        feeds_down=frozenset(down.feeds),
        units_down=frozenset(down.units),
        spares_gone=spares_gone,
        jobs_short=short,
    )


def _feeds(
    topo: Topology, touched: set[str], out: set[str], live: _Without, failed: set[str]
) -> list[Overload]:
    """Feeds that carry racks of a failed feed, loaded again without the feeds down."""
    project = topo.project
    placements = project.placements
    feeds = {f for r in touched if r not in out for f in placements[r].feed_ids if f in live}
    found = []
    for feed_id in sorted(feeds):
        feed = project.feeds[feed_id]
        load = math.fsum(
            feed_share(placements[r], kind, feed, live)
            for r in topo.feed_racks.get(feed_id, ())
            if r not in out and (kind := topo.rack_types.get(placements[r].type_id))
        )
        limit = topo.feed_limit[feed_id]
        if load > limit:
            found.append(
                Overload(
                    "feed", feed_id, feed.name, load, limit, topo.feed_load[feed_id], limit, "kW"
                )
            )
    return found


def _liquid(
    topo: Topology, units: set[str], out: set[str]
) -> tuple[list[str], list[Overload], tuple[str, ...]]:
    """Racks left without a CDU, cooling groups whose survivors cannot carry theirs, and
    N+1 groups whose survivors carry it with no spare left (a trial: a CDU's loss read
    "no rack loses power, cooling or connectivity", and the group was down to N)."""
    project = topo.project
    cooling = project.cooling_units
    lost: list[str] = []
    groups: set[str] = set()
    for unit_id in sorted(units):
        unit = cooling.get(unit_id)
        if unit is None or unit.kind != "cdu":
            continue
        members = topo.group_units.get(unit.group_id or "", [])
        if any(m not in units for m in members):
            groups.add(unit.group_id or "")
            continue
        lost += [
            r for r in topo.cdu_racks.get(unit_id, ()) if r not in out and heat_of(topo, r)[0] > 0
        ]
    found = []
    spares_gone = []
    for group_id in sorted(groups):
        members = topo.group_units[group_id]
        # the group's liquid heat with nothing failed (what it carried, not its capacity)
        before = math.fsum(topo.cdu_heat.get(m, 0.0) for m in members)
        load = before - math.fsum(heat_of(topo, r)[0] for r in out & topo.group_racks[group_id])
        name = project.cooling_groups[group_id].name
        left = math.fsum(cooling[m].liquid_capacity_kw for m in members if m not in units)
        if load > left:
            whole = math.fsum(cooling[m].liquid_capacity_kw for m in members)
            found.append(Overload("cooling_group", group_id, name, load, left, before, whole, "kW"))
            continue
        # the survivors' coolant flow, where every CDU's is known (an audit: the kW of 11
        # GB300 fitted on the CDU left, the 1,631 L/min they need did not)
        per_kw = topo.cdu_flow_lpm_per_kw
        flows = [cooling[m].flow_lpm for m in members]
        if per_kw and min(flows) > 0:
            flow_left = math.fsum(cooling[m].flow_lpm for m in members if m not in units)
            if load * per_kw > flow_left:
                found.append(
                    Overload(
                        "cooling_group",
                        group_id,
                        name,
                        load * per_kw,
                        flow_left,
                        before * per_kw,
                        math.fsum(flows),
                        "L/min",
                    )
                )
                continue
        if project.cooling_groups[group_id].redundancy == "N+1" and not _spare_left(
            topo, [cooling[m] for m in members if m not in units], load
        ):
            spares_gone.append(group_id)
    return lost, found, tuple(spares_gone)


def _spare_left(topo: Topology, survivors: list[CoolingUnit], load: float) -> bool:
    """Whether ``survivors`` still carry ``load`` kW with their largest down as well, in
    capacity and, where every flow is known, in coolant flow."""
    if len(survivors) < 2:
        return False
    capacity = [u.liquid_capacity_kw for u in survivors]
    if math.fsum(capacity) - max(capacity) < load:
        return False
    flows = [u.flow_lpm for u in survivors]
    per_kw = topo.cdu_flow_lpm_per_kw
    return not (per_kw and min(flows) > 0 and math.fsum(flows) - max(flows) < load * per_kw)


def _air(topo: Topology, down: _Down, out: set[str]) -> tuple[list[str], list[Overload]]:
    """Racks of halls left with no air unit, and halls whose air units left are short."""
    project = topo.project
    cooling = project.cooling_units
    halls = {
        cooling[u].hall_id for u in down.units if u in cooling and cooling[u].air_capacity_kw > 0
    } - down.halls
    lost: list[str] = []
    found = []
    for hall_id in sorted(halls):
        racks = topo.hall_racks.get(hall_id, ())
        # the hall's room air with nothing failed (what it carried, not its units' capacity)
        before = topo.hall_air.get(hall_id, 0.0)
        load = before - math.fsum(
            heat_of(topo, r)[1] for r in out & topo.hall_rack_set.get(hall_id, frozenset())
        )
        units = topo.hall_air_units.get(hall_id, ())
        left = math.fsum(cooling[u].air_capacity_kw for u in units if u not in down.units)
        if left <= 0:
            lost += [r for r in racks if r not in out and heat_of(topo, r)[1] > 0]
        elif load > left:
            name = project.halls[hall_id].name
            whole = math.fsum(cooling[u].air_capacity_kw for u in units)
            found.append(Overload("hall_air", hall_id, name, load, left, before, whole, "kW"))
    return lost, found


def _severed(topo: Topology, trays: set[str]) -> np.ndarray:
    """The rows of the network plan's table routed along any of ``trays``, distinct."""
    return _distinct([rows_through(topo, tray) for tray in trays])


def _cut_off(
    topo: Topology, out: set[str], severed: np.ndarray
) -> tuple[set[str], dict[str, int], float]:
    """The racks up that lose their scale-up domain, those that lose scale-out links with
    the accelerators on them, and the scale-up Gb/s left: through network racks down (in
    ``out``) or along a tray cut (``severed`` rows).

    A rack loses its scale-up domain when every link to its scale-up switches is cut; with
    some left it keeps the domain at less bandwidth (a CloudMatrix384's UB is a Clos of
    seven sub-planes over four switch racks, systems:S23, S24). A scale-out cut takes the
    accelerators on the links cut, as a share of the rack's node-leaf links (one port per
    accelerator in a rail-optimised fabric: a leaf down cuts off its rail, not the rack),
    rounded up.
    """
    wiring = topo.wiring
    switches = [r for r in out if r in wiring.switch_rows]
    reaching = severed[wiring.row_rack[severed] >= 0]
    owned = [wiring.rack_up_rows[r] for r in out if r in wiring.rack_up_rows]
    if not switches and not len(reaching) and not owned:  # a feed, a cooling unit
        return set(), {}, topo.scale_up_gbps
    if len(switches) == 1 and not len(reaching):  # a network rack: most of a sweep's racks
        reach = wiring.switch_reach(switches[0])
    else:
        rows = [wiring.switch_rows[r] for r in switches]
        reach = wiring.reach(_distinct([*rows, reaching] if len(reaching) else rows))
    nodes, accelerators = wiring.nodes, topo.accelerators
    up_cut: set[str] = set()
    for node, gone in zip(*reach.up, strict=True):
        rack = nodes[node]
        if rack not in out and gone >= wiring.node_up_ports[node]:
            up_cut.add(rack)
    out_cut: dict[str, int] = {}
    for node, gone in zip(*reach.out, strict=True):
        rack = nodes[node]
        if rack in out or rack in up_cut:
            continue
        held, total = accelerators.get(rack, 0), wiring.node_ports[node]
        out_cut[rack] = held if gone >= total else -(-held * gone // total)
    # the scale-up links lost: those cut, and those of the racks down or cut off their domain
    owned += (wiring.rack_up_rows[r] for r in up_cut if r in wiring.rack_up_rows)
    lost = _distinct([reach.up_rows, *owned])
    return up_cut, out_cut, topo.scale_up_gbps - float(wiring.row_gbps[lost].sum())


def _distinct(rows: list[np.ndarray]) -> np.ndarray:
    """The rows of every array of ``rows``, each once."""
    if not rows:
        return NO_ROWS
    return rows[0] if len(rows) == 1 else np.unique(np.concatenate(rows))


#: Gb/s below which a tier has nothing left (what is left is a difference of sums).
_NONE_LEFT = 1e-9


def _bisection(
    topo: Topology, out: set[str], severed: np.ndarray, up: Mapping[str, int]
) -> tuple[float, tuple[tuple[str, str], ...]]:
    """The fabrics' estimated bisection with the racks ``out`` down and the fabric links
    ``severed`` cut (Gb/s), and the switch tiers (site, tier) left with no link at all in a
    site whose accelerators are still ``up``: its racks reach their leaves, not each other
    across the tier (all of a site's core switches in the hall that fails)."""
    wiring = topo.wiring
    cut = [wiring.rack_links[r] for r in out if r in wiring.rack_links]
    if len(severed):
        cut.append(severed)
    if not cut:
        return topo.bisection_gbps, ()
    # a rack's own links are listed once each
    links = cut[0] if len(cut) == 1 else np.unique(np.concatenate(cut))
    gone = np.bincount(
        wiring.link_tier[links], weights=wiring.link_gbps[links], minlength=len(wiring.tiers)
    )
    whole = topo.tier_gbps
    left = {key: whole[key] - float(g) for key, g in zip(wiring.tiers, gone, strict=True)}
    # only where racks still reach their leaves: with the node tier gone too there is no
    # fabric left to split (they are counted cut off)
    empty = tuple(
        (site, tier)
        for (site, tier), gbps in left.items()
        if tier != TIERS[0]
        and whole[(site, tier)] > 0
        and gbps <= _NONE_LEFT
        and up.get(site, 0) > 0
        and left.get((site, TIERS[0]), 0.0) > _NONE_LEFT
    )
    return bisection(left), empty


def _sites_up(topo: Topology, down: _Down, out: set[str]) -> dict[str, int]:
    """Each site up with its accelerators up."""
    up = {s: n for s, n in topo.site_accelerators.items() if s not in down.sites}
    accelerators, rack_site = topo.accelerators, topo.rack_site
    for rack in out:
        if rack in accelerators and (site := rack_site.get(rack)) in up:
            up[site] -= accelerators[rack]
    return up


def _dci(
    topo: Topology, down: _Down, up: dict[str, int]
) -> tuple[float, float, list[Overload], tuple[Part, ...], FibreRouting]:
    """Cross-site Gb/s before and after, the routes that cannot take what is rerouted over
    them, the parts the sites with accelerators ``up`` fall into, and the paths over the
    routes still up. A route to a site whose accelerators are all down carries nothing
    across: its halls down read 1.6 Tb/s left where its site down read none (an audit); a
    site that never had any (a hub the fibre passes) still joins others."""
    whole = topo.cross_site_gbps
    routes = topo.routes
    alive = {i: r for i, r in routes.items() if i not in down.routes}

    def serves(site: str) -> bool:
        return up.get(site, 0) > 0 or (
            site not in down.sites and topo.site_accelerators.get(site, 0) == 0
        )

    left = math.fsum(
        r.links * topo.wavelength_gbps
        for r in alive.values()
        if serves(r.site_a) and serves(r.site_b)
    )
    if not down.routes:  # a site down has its routes down too
        return (
            whole,
            left,
            [],
            topo.parts if up == topo.site_accelerators else parts_of(up, topo.fibre_ways),
            topo.routing,
        )
    routing = routing_of(alive.values())
    cut = down.routes & routes.keys()
    # the jobs' traffic on each route as planned, less and plus what the cut moves (summed
    # once, exactly: a cut that moves what the jobs add and take back reads as without them)
    jobs = _jobs_before(topo)
    carried: dict[str, list[float]] = {i: [jobs[i]] for i in alive}
    # the jobs' traffic between two sites whose path a cut crossed leaves the whole path
    # and takes the shortest left, if one is
    for (a, b), tbps in sorted(topo.pair_tbps.items()):
        before = topo.routing.between(a, b)
        if tbps <= 0 or before is None or cut.isdisjoint(before.route_ids):
            continue
        _along(carried, before, -tbps)
        if a not in down.sites and b not in down.sites:
            _along(carried, routing.between(a, b), tbps)
    # the sites' needs shared again, pair by pair, over the routes left, each pair still
    # joined at the figure the design gave it; a route carries that or its jobs' traffic,
    # whichever is more, as the planner sizes it
    shared = route_shares(routing, topo.dci_need_tbps, topo.routing)
    found = []
    for route_id, parts in sorted(carried.items()):
        own = math.fsum(parts)
        tbps = max(own, shared[route_id])
        route = routes[route_id]
        lit = route.links * topo.wavelength_gbps / 1000
        if tbps > route.tbps and tbps > lit:
            found.append(
                Overload(
                    "fibre_route",
                    route_id,
                    name_of(topo.project, route_id),
                    tbps,
                    lit,
                    route.tbps,
                    lit,
                    "Tb/s",
                    jobs_load=own,
                )
            )
    return whole, left, found, parts_of(up, fibre_ways(alive.values())), routing


def _jobs_before(topo: Topology) -> dict[str, float]:
    """The jobs' Tb/s on each route as planned, for a cut to move: what they send between
    each pair of sites along the pair's path (the traffic a cut re-routes), but no more
    than the route's load. The planner sizes a route for the busier way of its jobs'
    traffic (``designer.core.jobs.estimate.route_demand_tbps``), which the pairs' sum
    exceeds only where the route relays pairs both ways: a route the jobs sized reads their
    figure, its load."""
    pairs: dict[str, list[float]] = {i: [] for i in topo.routes}
    for (a, b), tbps in topo.pair_tbps.items():
        if tbps > 0:
            _along(pairs, topo.routing.between(a, b), tbps)
    return {i: min(topo.routes[i].tbps, math.fsum(parts)) for i, parts in pairs.items()}


def _along(carried: dict[str, list[float]], path: FibrePath | None, tbps: float) -> None:
    """Add ``tbps`` to what each route of ``carried`` on ``path`` carries, split evenly over
    the parallel routes of a hop (a route not in ``carried``, cut, is passed over)."""
    for hop in path.hops if path is not None else ():
        for route_id in hop.routes:
            if route_id in carried:
                carried[route_id].append(tbps / len(hop.routes))


def _dci_hit(
    sites: frozenset[str],
    parts: tuple[Part, ...],
    overloaded: set[str],
    routing: FibreRouting,
) -> bool:
    """Whether a job on ``sites`` loses its fibre between them: they fall into parts no
    fibre joins (an audit's job over two sites, both routes cut, was named by no failure),
    or a route ``overloaded`` lies on the path between two of them over the routes still up
    (``routing``), wherever the cut was."""
    if len(sites) < 2:
        return False
    part_of = {site: n for n, part in enumerate(parts) for site in part.sites}
    if len({part_of.get(site) for site in sites}) > 1:
        return True
    if not overloaded:
        return False
    ordered = sorted(sites)
    paths = (routing.between(a, b) for i, a in enumerate(ordered) for b in ordered[i + 1 :])
    return any(p is not None and not overloaded.isdisjoint(p.route_ids) for p in paths)
