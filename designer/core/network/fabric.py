"""Rail-optimised leaf/spine fabrics (and a core tier when one spine layer no longer fits).

The rules are NVIDIA's DGX SuperPOD rules as recorded in links 1.2 and systems section 3:

- one NIC per GPU at the catalog rate; a switch of ``P`` ports at ``G`` Gb/s has a radix
  ``k = P x (G / rate)`` at that rate (an 800G port splits into two 400G links);
- a leaf gives ``d`` ports to nodes and ``k - d`` to spines; at 1:1 ``d = k / 2``, and an
  oversubscription ``o:1`` gives ``d = floor(k o / (o + 1))``;
- leaves are filled rail by rail (NIC ``i`` of every server on the same leaves), so one DGX
  H100 scalable unit of 32 systems (256 GPUs at 400G on the 64-port QM9700) needs 8 leaves,
  one per rail, and 4 spines: 256 node-leaf and 256 leaf-spine links;
- two tiers hold up to ``k`` leaves (a spine reaches every leaf); beyond, leaves form pods
  of ``k / 2`` with their own spines and a core tier joins the pods (16 SU: 128 leaf,
  128 spine, 64 core switches); beyond three tiers the fabric is reported, not built.

Leaves live in the network rack each compute rack names (``network_rack_id``) or, by
default, the nearest network rack whose switches take its ports; a pod's spines take the
free slots nearest its leaves and the cores those nearest each pod in turn, so the tiers
above the leaves are spread over a site's halls as its leaves are. One fabric is built per
site and per NIC rate and lane rate, and per kind of switch where the racks name leaf racks
of different kinds (an InfiniBand pod beside an Ethernet one).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.format import first_of, plural
from designer.core.model.equipment import SwitchType
from designer.core.naming import natural_key
from designer.core.network.bundles import EMPTY, BundleTable, concat
from designer.core.network.media import PLANE_INDEX, PROTOCOL_INDEX

Point = tuple[float, float]

NO_FABRIC_YET = CodeInfo(
    "network.no_fabric_yet",
    "network",
    "No scale-out fabric yet",
    Severity.WARNING,
    "Racks have scale-out ports and their site has no network rack yet, so no scale-out "
    "fabric is planned for them and their ports are not connected. A project whose "
    "fabric is designed elsewhere says so in its settings (fabric out of scope), and "
    "this is not reported.",
)
NO_SWITCH = CodeInfo(
    "network.no_switch",
    "network",
    "Scale-out ports without a matching switch",
    Severity.WARNING,
    "Racks have scale-out ports and their site has network racks, but none whose switches "
    "take their port and lane rate. (A site without network racks has no fabric yet; the "
    "summary counts its ports as not connected.)",
)
SWITCH_SHORTAGE = CodeInfo(
    "network.switch_shortage",
    "network",
    "Not enough switches",
    Severity.ERROR,
    "The leaf/spine fabric needs more switches than the site's network racks hold: "
    "racks are connected in the order their labels read as far as the switches go, the "
    "rest have no scale-out links.",
)
FABRIC_TOO_LARGE = CodeInfo(
    "network.fabric_too_large",
    "network",
    "Fabric beyond three tiers",
    Severity.ERROR,
    "The scale-out fabric needs more than leaf, spine and core tiers of this switch.",
)
LEAF_RACK_UNUSABLE = CodeInfo(
    "network.leaf_rack_unusable",
    "network",
    "Chosen leaf rack cannot hold the leaves",
    Severity.WARNING,
    "A rack names a network rack for its leaves that is not in its site or holds no "
    "switch for its ports; the nearest suitable rack is used instead.",
)

IDLE_NETWORK_RACK = CodeInfo(
    "network.idle_network_rack",
    "network",
    "Network rack no fabric uses",
    Severity.INFO,
    "A network rack of a site whose racks all have their scale-out links holds no switch "
    "of the fabric: its power, weight and price are counted for nothing, or it waits for "
    "racks to come.",
)

#: The codes a fabric's planning may emit.
CODES = (
    NO_FABRIC_YET,
    NO_SWITCH,
    SWITCH_SHORTAGE,
    FABRIC_TOO_LARGE,
    LEAF_RACK_UNUSABLE,
    IDLE_NETWORK_RACK,
)


@dataclass(frozen=True)
class ComputeRack:
    """A rack with scale-out NICs: where it stands on the site plan (and in which hall) and
    what it asks for."""

    id: str
    point: Point
    ports: int
    rate_gbps: int
    lane_gbps: int
    wanted: str | None = None
    label: str = ""
    hall: str = ""


@dataclass(frozen=True)
class SwitchRack:
    """A network rack: where it stands (and in which hall), the switches it holds and how a
    person knows it."""

    id: str
    point: Point
    switch: SwitchType
    slots: int
    hall: str = ""
    label: str = ""


@dataclass(frozen=True)
class Tiers:
    """Switch counts of one fabric (one NIC rate in one site)."""

    rate_gbps: int
    switch_id: str
    radix: int
    ports: int
    leaves: int
    spines: int
    cores: int


@dataclass(frozen=True)
class LeafRacks:
    """The network racks a fabric's leaves may stand in, in id order (ties go to the
    first), and the halls they stand in: a compute rack's leaves go to the one it names, if
    it is among them, or else to the nearest in its own hall (the nearest of all when its
    hall has none: a rack by a hall's wall may be nearer the next hall's network row than
    its own, and its cables would cross between the halls)."""

    ids: tuple[str, ...]
    points: tuple[Point, ...]
    halls: tuple[str, ...] = ()
    _array: np.ndarray = field(init=False, compare=False, repr=False)
    _named: frozenset[str] = field(init=False, compare=False, repr=False)
    _in_hall: dict[str, np.ndarray] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_array", np.array(self.points))
        object.__setattr__(self, "_named", frozenset(self.ids))
        in_hall: dict[str, list[int]] = {}
        for index, hall in enumerate(self.halls):
            in_hall.setdefault(hall, []).append(index)
        object.__setattr__(self, "_in_hall", {h: np.array(i) for h, i in in_hall.items()})

    def home(self, point: Point, wanted: str | None, hall: str = "") -> str:
        """The leaf rack of a compute rack at ``point`` in ``hall`` that names ``wanted``."""
        if wanted is not None and wanted in self._named:
            return wanted
        places = self._in_hall.get(hall)
        if places is None:
            gap = np.hypot(*(self._array - np.array(point)).T)
            return self.ids[int(np.argmin(gap))]
        gap = np.hypot(*(self._array[places] - np.array(point)).T)
        return self.ids[int(places[int(np.argmin(gap))])]


@dataclass(frozen=True)
class SiteFabric:
    """The bundles (``table``), switch placements and problems of a site's scale-out
    fabrics.

    ``placed`` lists ``(network rack, switch type, role, count)``; ``unconnected`` counts
    the scale-out ports no fabric could take (none designed yet, or not enough switches).
    ``homes`` gives each compute rack whose leaves were placed its leaf rack and the racks
    it was chosen among: where a compute rack stands matters to the fabric only through
    its leaf rack, so a rack moved to where the same one is nearest leaves the fabric as
    it was (the planner keeps it then, rather than plan the site again).
    """

    table: BundleTable
    placed: tuple[tuple[str, str, str, int], ...]
    tiers: tuple[Tiers, ...]
    findings: tuple[Finding, ...]
    unconnected: int = 0
    homes: Mapping[str, tuple[str, LeafRacks]] = field(default_factory=dict)


def radix(switch: SwitchType, rate_gbps: int, lane_gbps: int) -> int:
    """Links of ``rate_gbps`` one switch takes: its ports, split where the rate allows.

    Zero when the switch cannot carry that port (slower ports, or other lanes).
    """
    if switch.lane_gbps != lane_gbps or switch.port_gbps < rate_gbps:
        return 0
    if switch.port_gbps % rate_gbps:
        return 0
    return switch.ports * (switch.port_gbps // rate_gbps)


def cage_links(switch: SwitchType, rate_gbps: int) -> int:
    """Links of ``rate_gbps`` one module cage of ``switch`` carries: two 400G links in a
    QM9700's or an SN5600's 800G cage, two 800G in a Q3400's 1.6T one."""
    return max(1, switch.port_gbps * switch.cage_ports // rate_gbps)


def split_leaf(k: int, oversubscription: float, cage: int = 1) -> int:
    """Node-facing ports of a leaf of radix ``k``: ``k / 2`` at 1:1; a whole number of
    cages of ``cage`` links where a cage carries more than one (see ``count_tiers``)."""
    down = max(1, min(k - 1, math.floor(k * oversubscription / (oversubscription + 1))))
    return max(cage, down - down % cage) if k >= 2 * cage else down


def _whole_cages(links: int, cage: int) -> int:
    """``links`` rounded up to whole cages of ``cage`` links."""
    return -(-links // cage) * cage


def _leaf_loads(part: int, k: int, oversubscription: float, cage: int) -> list[int]:
    """``part`` NICs on the fewest leaves of radix ``k``, cut for few uplinks, never more
    than filled full: of spread evenly in blocks whose uplinks are whole cages (where such
    blocks fit), evenly in whole cages, on two levels of uplinks (``_levelled``) and filled
    full with the rest on the last, the cut of fewest uplinks, the first of equals. Filled
    full, an audit's GB300 site at 4:1 had leaves of 114, 114 and 60 NICs, whose uplinks
    rounded up to whole cages came to 76 for the 72 of 4:1; spread, 96 each with 24 up."""
    down = split_leaf(k, oversubscription, cage)
    leaves = -(-part // down)
    filled = [down] * (part // down) + ([part % down] if part % down else [])
    block = next(
        (
            size
            for size in range(cage, down + 1, cage)
            if (up := size / oversubscription) == int(up) and int(up) % cage == 0 and up > 0
        ),
        None,
    )
    spreads = [_evenly(part, leaves, down, unit) for unit in (block, cage) if unit is not None]
    spreads.append(_levelled(part, leaves, down, oversubscription, cage))
    candidates = [loads for loads in spreads if loads is not None] + [filled]
    return min(
        candidates, key=lambda loads: sum(_uplinks(n, k, oversubscription, cage) for n in loads)
    )


def _evenly(part: int, leaves: int, down: int, unit: int) -> list[int] | None:
    """``part`` over ``leaves`` in whole ``unit``s as evenly as they go (more on the first,
    the odd rest on the last), None where a leaf would take more than ``down``."""
    units, rest = divmod(part, unit)
    loads = [(units // leaves + (i < units % leaves)) * unit for i in range(leaves)]
    loads[-1] += rest
    return loads if max(loads) <= down and min(loads) > 0 else None


def _levelled(
    part: int, leaves: int, down: int, oversubscription: float, cage: int
) -> list[int] | None:
    """``part`` over ``leaves`` on the two lowest levels of uplinks that hold it: a leaf
    of ``u`` uplinks (whole cages) takes at most ``u`` x the ratio NICs, in whole cages.
    A review: 256 NICs at 2.5:1 on 64-port leaves of at most 44 went as five of 44 and one
    of 36, 106 uplinks, where four of 44 and two of 40 take 104."""

    def most(up: int) -> int:  # the NICs a leaf of ``up`` uplinks takes
        return min(down, math.floor(up * oversubscription + 1e-9) // cage * cage)

    up = next((u for u in range(cage, down + 2 * cage, cage) if leaves * most(u) >= part), 0)
    if not up:
        return None
    high, low = most(up), most(up - cage)
    if high == low:
        return None
    raised = min(leaves, -(-(part - leaves * low) // (high - low)))  # leaves at ``up``
    if raised == leaves:
        return _evenly(part, leaves, high, cage)
    rest = _evenly(part - raised * high, leaves - raised, low, cage)
    return None if rest is None else [high] * raised + rest


def _uplinks(load: int, k: int, oversubscription: float, cage: int) -> int:
    """A leaf's uplinks for ``load`` NICs: its share at the ratio in whole cages, within
    its ports."""
    return min(k - load, _whole_cages(math.ceil(load / oversubscription), cage))


def count_tiers(
    ports: int, k: int, oversubscription: float, halls: Sequence[int] = (), cage: int = 1
) -> tuple[list[int], list[int], int, int] | None:
    """Leaf loads, leaf uplinks, spines and cores for ``ports`` NICs on radix-``k`` switches;
    with ``halls`` (the ports of each hall, in order), each hall's NICs fill leaves and pods
    of its own, so that no GPU link and no leaf's uplink leaves its hall (a leaf filled
    across a hall's wall took racks of the next hall, 60 m away on single-mode).

    Where one cage carries ``cage`` links (``cage_links``), a full leaf's node ports and
    every leaf's uplinks are whole cages: at 2:1 a QM9700 leaf took 42 nodes and 21
    uplinks, 63 links of 64, and the odd uplink's DAC filled a cage of its own, so that
    the leaf needed 33 of its 32 cages (an audit's NetBox export).

    A fabric that fits one switch is one leaf with no uplinks. ``None`` when it needs more
    than three tiers (with ``halls``: even with leaves and pods across them).
    """
    if ports <= k:
        return [ports], [0], 0, 0
    parts = [part for part in halls if part] or [ports]
    cut = [_leaf_loads(part, k, oversubscription, cage) for part in parts]
    loads = [load for part in cut for load in part]
    ups = [_uplinks(load, k, oversubscription, cage) for load in loads]
    bounds = _pod_bounds([str(i) for i, part in enumerate(cut) for _ in part], k)
    if len(bounds) > k:
        return count_tiers(ports, k, oversubscription, cage=cage) if len(parts) > 1 else None
    spines = sum(pod_spines(ups, bounds, k))
    return loads, ups, spines, math.ceil(sum(ups) / k) if len(loads) > k else 0


def switches_by_hall(
    ports: Sequence[int], k: int, oversubscription: float, cage: int = 1
) -> list[int] | None:
    """The switches each hall of ``ports`` (each hall's NICs, in the order the fabric meets
    the halls) holds once the fabric is placed: its own leaves, its turn of the spines of
    each pod with leaves in it (dealt over the pod's halls in turn) and of the cores (dealt
    over the pods, each at its pod's first hall), as ``_wire`` deals them. A generated
    hall's network racks hold these, no more: shares of the site's count rounded up left a
    rack of three switch slots empty in two halls of three. One switch for all stands in
    the hall giving it most NICs (the first of equals), as ``_fill_leaves`` homes a leaf.
    ``None`` past three tiers, and where the leaves do not keep to their halls (more of
    the halls' own pods than a core's radix): the deal is the fabric's alone then."""
    counted = count_tiers(sum(ports), k, oversubscription, ports, cage)
    if counted is None:
        return None
    loads, ups, _, cores = counted
    if len(loads) == 1:
        most = ports.index(max(ports))
        return [int(h == most) for h in range(len(ports))]
    down = split_leaf(k, oversubscription, cage)
    halls = [h for h, part in enumerate(ports) for _ in range(-(-part // down))]
    bounds = _pod_bounds([str(h) for h in halls], k)
    if len(halls) != len(loads) or len(bounds) > k:
        return None
    held = Counter(halls)
    firsts = []
    for (first, last), count in zip(bounds, pod_spines(ups, bounds, k), strict=True):
        in_pod = list(dict.fromkeys(halls[first:last]))
        held.update(in_pod[j % len(in_pod)] for j in range(count))
        firsts.append(in_pod[0])
    held.update(firsts[i % len(firsts)] for i in range(cores))
    return [held[h] for h in range(len(ports))]


#: Findings of a fabric a site could not get (its site id first): the racks it was for have
#: no scale-out links at all until it is solved.
UNPLANNED = frozenset(
    info.code for info in (NO_FABRIC_YET, NO_SWITCH, FABRIC_TOO_LARGE, SWITCH_SHORTAGE)
)


def _ranks(racks: Sequence[SwitchRack]) -> dict[str, int]:
    """Each network rack's place in the order of their labels."""
    return {r.id: i for i, r in enumerate(sorted(racks, key=_by_label))}


def _by_label(rack: ComputeRack | SwitchRack) -> tuple[str, str]:
    """A rack's place in the order of labels, its id after: as strings (a campus's 8,544
    natural keys took 22 ms of its check; a generated label's numbers are zero-padded)."""
    return rack.label, rack.id


def plan_site(
    site_id: str,
    compute: Sequence[ComputeRack],
    network: Sequence[SwitchRack],
    oversubscription: float,
    rails: int,
    site_name: str = "",
) -> SiteFabric:
    """The scale-out fabrics of one site: one per NIC rate, built in rate order, and per
    kind of switch where the site's network racks hold several (``_by_switch``); the
    findings name the site ``site_name`` (a campus has one such finding per site).

    Network racks are shared: the slots one fabric takes are not offered to the next.
    """
    # racks in the order of their labels, not their ids: the window gives random ids, and
    # one design drawn twice dealt its racks' NICs to other leaves (a trial's N-1 sweeps of
    # two alike designs found 19 and 20 single points of failure)
    network = sorted(network, key=_by_label)
    free = {rack.id: rack.slots for rack in network}
    homes: dict[str, tuple[str, LeafRacks]] = {}
    tables: list[BundleTable] = []
    placed: Counter[tuple[str, str, str]] = Counter()
    tiers: list[Tiers] = []
    findings: list[Finding] = []
    unconnected = 0
    groups: dict[tuple[int, int], list[ComputeRack]] = {}
    for rack in sorted(compute, key=_by_label):
        groups.setdefault((rack.rate_gbps, rack.lane_gbps), []).append(rack)
    for (rate, lane), members in sorted(groups.items()):
        for part, racks in _by_switch(members, network, rate, lane, free):
            built = _fabric(
                (site_id, site_name), rate, lane, part, racks, free, oversubscription, rails, homes
            )
            tables.append(built.table)
            placed.update({(r, s, role): n for r, s, role, n in built.placed})
            tiers.extend(built.tiers)
            findings.extend(built.findings)
            unconnected += built.unconnected
    # racks untouched though every port is connected (a shortage says so itself): a
    # trial's six pods left a rack of 12 switches dark, and nothing said so
    untouched = (r for r in network if free[r.id] == r.slots)
    idle = list(untouched) if groups and not unconnected else []
    if idle:
        shown = first_of([r.label or r.id for r in idle], 4)
        where = f"of {site_name} " if site_name else ""
        findings.append(
            IDLE_NETWORK_RACK.finding(
                f"{plural(len(idle), 'network rack')} {where}"
                f"{'holds' if len(idle) == 1 else 'hold'} no switch of the site's scale-out "
                f"fabric: {shown}.",
                (site_id, *(r.id for r in idle)),
                measured=float(len(idle)),
                limit=0.0,
                unit="racks",
            )
        )
    return SiteFabric(
        concat(tables),
        tuple((r, s, role, n) for (r, s, role), n in sorted(placed.items())),
        tuple(tiers),
        tuple(findings),
        unconnected,
        homes,
    )


def _by_switch(
    members: list[ComputeRack],
    network: Sequence[SwitchRack],
    rate: int,
    lane: int,
    free: Mapping[str, int],
) -> list[tuple[list[ComputeRack], Sequence[SwitchRack]]]:
    """The racks of one rate, each part with the network racks its fabric may use. Where
    the site's racks that take the rate hold several kinds of switch and some racks name
    their leaf rack, one fabric is built per kind, on that kind's racks alone (a pod of
    InfiniBand switches beside a pod of Ethernet ones: two fabrics, not one on whichever
    kind has more slots): a rack's kind is that of the rack it names, and the racks that
    name none join the kind with the most ``free`` slots, as their fabric alone would take.
    Where none names one, the fabric takes that kind itself (``_fabric``)."""
    usable = [r for r in network if radix(r.switch, rate, lane)]
    kind_of = {r.id: r.switch.id for r in usable}
    named = {rack.id: kind_of[rack.wanted] for rack in members if rack.wanted in kind_of}
    if len(set(kind_of.values())) <= 1 or not named:
        return [(members, network)]
    most = _roomiest(usable, free)
    parts: dict[str, list[ComputeRack]] = {}
    for rack in members:
        parts.setdefault(named.get(rack.id, most), []).append(rack)
    return [(parts[kind], [r for r in usable if r.switch.id == kind]) for kind in sorted(parts)]


def _roomiest(usable: Sequence[SwitchRack], free: Mapping[str, int]) -> str:
    """The kind of switch with the most ``free`` slots in the ``usable`` racks (the first
    by id of equals)."""
    slots: Counter[str] = Counter()
    for rack in usable:
        slots[rack.switch.id] += free[rack.id]
    return min(slots, key=lambda kind: (-slots[kind], kind))


def _fabric(
    site: tuple[str, str],
    rate: int,
    lane: int,
    members: list[ComputeRack],
    network: Sequence[SwitchRack],
    free: dict[str, int],
    oversubscription: float,
    rails: int,
    chosen: dict[str, tuple[str, LeafRacks]],
) -> SiteFabric:
    """One fabric of a site; ``free`` slots are taken as switches are placed, and each
    member's leaf rack goes into ``chosen``."""
    ports = sum(m.ports for m in members)
    ids = tuple(m.id for m in members)
    usable = [r for r in network if radix(r.switch, rate, lane)]
    racks = plural(len(members), "rack")
    one = len(members) == 1
    have, their, them = ("has", "its", "it") if one else ("have", "their", "them")
    site_id, site_name = site
    in_site = f"in {site_name}" if site_name else f"in {their} site"
    if not network:
        # No network rack in the site yet: the fabric is not designed, which is no mistake,
        # but said, since the racks' ports are connected to nothing.
        return _only(
            ports,
            NO_FABRIC_YET.finding(
                f"{racks} with {plural(ports, 'scale-out port')} of {rate}G {have} no network "
                f"rack {in_site} yet: no scale-out fabric is planned for {them}.",
                (site_id,),
                measured=float(ports),
                limit=0.0,
                unit="ports",
            ),
        )
    if not usable:
        return _only(
            ports,
            NO_SWITCH.finding(
                f"{racks} with {plural(ports, 'scale-out port')} of {rate}G on {lane}G lanes "
                f"{have} no network rack {in_site} whose switches take them.",
                (site_id, *ids),
                measured=float(ports),
                limit=0.0,
                unit="ports",
            ),
        )
    # a fabric built before this one (another NIC rate) may have filled every slot of a kind
    switch_id = _roomiest(usable, free)
    candidates = sorted((r for r in usable if r.switch.id == switch_id), key=lambda r: r.id)
    switch = candidates[0].switch
    k, cage = radix(switch, rate, lane), cage_links(switch, rate)
    leaf_racks = LeafRacks(
        tuple(r.id for r in candidates),
        tuple(r.point for r in candidates),
        tuple(r.hall for r in candidates),
    )
    homes, findings = _homes(members, leaf_racks)
    chosen.update((rack_id, (home, leaf_racks)) for rack_id, home in homes.items())
    hall_of = {r.id: r.hall for r in candidates}
    by_hall: Counter[str] = Counter()
    for member in members:
        by_hall[hall_of[homes[member.id]]] += member.ports
    halls = [by_hall[h] for h in sorted(by_hall)]
    counted = count_tiers(ports, k, oversubscription, halls, cage)
    free_slots = sum(free[r.id] for r in candidates)
    if counted is not None and len(by_hall) > 1 and _need(counted) > free_slots:
        counted = count_tiers(ports, k, oversubscription, cage=cage)  # no room for each hall's own
    if counted is None:
        return _only(
            ports,
            FABRIC_TOO_LARGE.finding(
                f"{ports:,} ports of {rate}G need more than three tiers of {switch.name} "
                f"(radix {k}; three tiers hold {k**3 // 4:,} at 1:1).",
                (site_id, *ids),
                measured=float(ports),
                limit=float(k**3 // 4),
                unit="ports",
            ),
            *findings,
        )
    loads, _, spines, cores = counted
    need = _need(counted)
    if need <= free_slots:
        return _wire(
            members,
            homes,
            counted,
            candidates,
            free,
            Tiers(rate, switch_id, k, ports, len(loads), spines, cores),
            rails,
            findings,
        )
    # Too few slots: connect racks in the order their labels read as far as the slots go,
    # and name the rest, rather than leave every rack of the site without scale-out links.
    # Labels, not places or ids: the same design always leaves the same racks out, and a
    # row added after the others (labelled after them) is the one left out.
    in_order = sorted(members, key=lambda m: (natural_key(m.label or m.id), m.id))
    fits, fitted = _most_that_fit(in_order, k, oversubscription, free_slots, cage)
    kept, left = in_order[:fits], in_order[fits:]
    left_ports = sum(m.ports for m in left)
    # a rack left without links has no leaves to misplace: its choice of leaf rack is moot
    out = {m.id for m in left}
    findings = [f for f in findings if f.ids[0] not in out]
    shortage = SWITCH_SHORTAGE.finding(
        f"{ports:,} ports of {rate}G need {need} {switch.name} switches "
        f"({len(loads)} leaf, {spines} spine, {cores} core at radix {k}); the site's "
        f"network racks have {free_slots} free slots for them"
        + (f": {_left_out(left, left_ports, len(kept))}" if kept else "."),
        (site_id, *(m.id for m in left), *(r.id for r in candidates)),
        measured=float(need),
        limit=float(free_slots),
        unit="switches",
    )
    if fitted is None:
        tier = Tiers(rate, switch_id, k, ports, len(loads), spines, cores)
        return _only(ports, shortage, *findings, tiers=(tier,))
    kept_ports = sum(m.ports for m in kept)
    tier = Tiers(rate, switch_id, k, kept_ports, len(fitted[0]), fitted[2], fitted[3])
    built = _wire(kept, homes, fitted, candidates, free, tier, rails, [shortage, *findings])
    return replace(built, unconnected=left_ports)


def _need(counted: tuple[list[int], list[int], int, int]) -> int:
    """The switches a fabric ``count_tiers`` counted needs: its leaves, spines and cores."""
    loads, _, spines, cores = counted
    return len(loads) + spines + cores


def _left_out(left: list[ComputeRack], ports: int, kept: int) -> str:
    """What a shortage leaves unconnected, said after the switch count: the racks by label."""
    names = [m.label or m.id for m in left]
    shown = names if len(names) <= 4 else [*names[:3], f"{len(names) - 3} more racks"]
    listed = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"
    return (
        f"racks are connected in label order until they run out, so {listed} "
        f"({plural(ports, 'port')}) {'has' if len(left) == 1 else 'have'} no scale-out links; "
        f"the other {plural(kept, 'rack')} {'is' if kept == 1 else 'are'} connected."
    )


def _most_that_fit(
    members: list[ComputeRack], k: int, oversubscription: float, slots: int, cage: int
) -> tuple[int, tuple[list[int], list[int], int, int] | None]:
    """How many of ``members``, taken in order, a fabric of at most ``slots`` switches
    connects, and that fabric's tiers (more ports never need fewer switches, so the count
    is found by halving)."""

    def tiers(n: int) -> tuple[list[int], list[int], int, int] | None:
        counted = count_tiers(sum(m.ports for m in members[:n]), k, oversubscription, cage=cage)
        fits = counted is not None and _need(counted) <= slots
        return counted if fits else None

    low, high = 0, len(members)
    while low < high:
        middle = (low + high + 1) // 2
        if tiers(middle) is not None:
            low = middle
        else:
            high = middle - 1
    return low, tiers(low) if low else None


def _wire(
    members: list[ComputeRack],
    homes: dict[str, str],
    counted: tuple[list[int], list[int], int, int],
    candidates: list[SwitchRack],
    free: dict[str, int],
    tier: Tiers,
    rails: int,
    findings: list[Finding],
) -> SiteFabric:
    """Place the switches ``counted`` in the ``candidates``' free slots and link ``members``
    to their leaves, the leaves to spines and the spines to cores."""
    loads, ups, _, cores = counted
    k, switch_id = tier.radix, tier.switch_id
    switch = candidates[0].switch
    by_id = {r.id: r for r in candidates}
    hall_of = {r.id: r.hall for r in candidates}
    leaf_homes, pieces = _fill_leaves(members, homes, loads, rails, hall_of, _ranks(candidates))
    slots = _Slots(candidates, free)
    room = sum(free[r.id] for r in candidates)
    leaf_racks = [slots.take(by_id[home].point) for home in leaf_homes]
    # the pods (one in two tiers), each with its leaves' centres and its spines
    halls = [by_id[home].hall for home in leaf_homes]
    bounds = _pod_bounds(halls, k)
    if len(bounds) > k or sum(pod_spines(ups, bounds, k)) + len(loads) + cores > room:
        bounds = _pod_bounds([""] * len(loads), k)  # no room for each hall's own pods
    pods = _pods(bounds, ups, k, [by_id[r].point for r in leaf_racks], halls)
    spines = sum(count for _, count in pods)
    down = spine_down(bounds, ups, k)
    tier = replace(tier, spines=spines)  # as placed, where the pods differ from the count
    # each pod's spines by its leaves, dealt over the halls they stand in, and the cores
    # dealt over the pods in turn: a site's halls share the tiers above their leaves, so
    # no one hall's loss takes them all (two tiers over two halls put every spine in one)
    spine_racks = [
        slots.take(centres[j % len(centres)]) for centres, count in pods for j in range(count)
    ]
    core_racks = [slots.take(pods[i % len(pods)][0][0]) for i in range(cores)]

    links = _Links([*(m.id for m in members), *(r.id for r in candidates)])
    # each compute rack's NICs summed per leaf rack, in the order the leaves take them
    leaf, rack, size = pieces
    leaf_code = links.codes(leaf_racks)
    links.deal(links.codes([m.id for m in members])[rack], leaf_code[leaf], size, "node-leaf")
    spine_ups = [0] * spines
    if cores:
        offset = 0
        for (first, last), (_, count) in zip(bounds, pods, strict=True):
            members_ = range(offset, offset + count)
            _spread(
                links, leaf_racks[first:], ups[first:last], members_, spine_racks, spine_ups, down
            )
            offset += count
        _spread(
            links, spine_racks, spine_ups, range(cores), core_racks, [0] * cores, k, "spine-core"
        )
    else:
        _spread(links, leaf_racks, ups, range(spines), spine_racks, spine_ups, down)
    table = links.table(tier.rate_gbps, members[0].lane_gbps, switch.protocol)
    placed = Counter(
        [(r, switch_id, "leaf") for r in leaf_racks]
        + [(r, switch_id, "spine") for r in spine_racks]
        + [(r, switch_id, "core") for r in core_racks]
    )
    return SiteFabric(
        table,
        tuple((r, s, role, n) for (r, s, role), n in placed.items()),
        (tier,),
        tuple(findings),
    )


def _pod_bounds(halls: list[str], k: int) -> list[tuple[int, int]]:
    """Each pod's first leaf and the one past its last, of leaves whose home racks stand in
    ``halls``: in two tiers (at most ``k`` leaves) one pod; in three, each hall's run of
    leaves cut every ``k / 2``, so that no pod spans two halls (a pod across a hall's wall
    cabled its leaves to spines in the next hall, and three halls alike lost a third of a
    site's bisection or half of it, by which hall failed). Contiguous leaves of one hall
    when every hall is the same ("")."""
    if len(halls) <= k:
        return [(0, len(halls))]
    half = k // 2
    bounds, first = [], 0
    for index in range(1, len(halls) + 1):
        if index == len(halls) or halls[index] != halls[first] or index - first == half:
            bounds.append((first, index))
            first = index
    return bounds


def pod_spines(ups: Sequence[int], bounds: Sequence[tuple[int, int]], k: int) -> list[int]:
    """The spines of each pod of ``bounds``: its uplinks over a whole radix in two tiers,
    over half a radix in three (the other half goes up to the cores)."""
    per_spine = spine_down(bounds, ups, k)
    return [math.ceil(sum(ups[first:last]) / per_spine) for first, last in bounds]


def spine_down(bounds: Sequence[tuple[int, int]], ups: Sequence[int], k: int) -> int:
    """The links a spine takes from its leaves: its whole radix in two tiers, half of it in
    three (the other half goes up to the cores)."""
    return k if len(bounds) == 1 and len(ups) <= k else k // 2


def _pods(
    bounds: Sequence[tuple[int, int]],
    ups: list[int],
    k: int,
    points: list[Point],
    halls: list[str],
) -> list[tuple[list[Point], int]]:
    """Per pod of ``bounds`` (leaves with ``ups`` uplinks, standing at ``points`` in
    ``halls``), the centre of its leaves in each hall they stand in, in their order, and its
    spines (``pod_spines``)."""
    pods = []
    for (first, last), count in zip(bounds, pod_spines(ups, bounds, k), strict=True):
        by_hall: dict[str, list[Point]] = {}
        for hall, point in zip(halls[first:last], points[first:last], strict=True):
            by_hall.setdefault(hall, []).append(point)
        centres = []
        for placed in by_hall.values():
            x, y = np.mean(placed, axis=0).tolist()
            centres.append((float(x), float(y)))
        pods.append((centres, count))
    return pods


def _only(ports: int, *findings: Finding, tiers: tuple[Tiers, ...] = ()) -> SiteFabric:
    """A fabric that could not be built: its ``ports`` stay unconnected."""
    return SiteFabric(EMPTY, (), tiers, tuple(findings), ports)


def _homes(
    members: list[ComputeRack], leaf_racks: LeafRacks
) -> tuple[dict[str, str], list[Finding]]:
    """Each compute rack's leaf rack: the one it names if usable, else the nearest."""
    homes: dict[str, str] = {}
    findings = []
    for rack in members:
        homes[rack.id] = home = leaf_racks.home(rack.point, rack.wanted, rack.hall)
        if rack.wanted and home != rack.wanted:
            findings.append(
                LEAF_RACK_UNUSABLE.finding(
                    f"The rack asks for its leaves in {rack.wanted}, which is not a network "
                    f"rack of its site holding switches for {rack.rate_gbps}G ports; its "
                    f"leaves go to the nearest one, {home}.",
                    (rack.id, rack.wanted),
                )
            )
    return homes, findings


def _fill_leaves(
    members: list[ComputeRack],
    homes: dict[str, str],
    loads: list[int],
    rails: int,
    hall_of: Mapping[str, str],
    rank: Mapping[str, int],
) -> tuple[list[str], tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The leaves' home racks, and the NICs on each leaf: ``(leaf, member, count)`` arrays,
    in the order the leaves take them.

    NICs are taken home by home, the homes hall by hall (``hall_of``) and in the order of
    their labels (``rank``), and within a home rail by rail across its racks, so a leaf
    holds one rail of many servers (rail-optimised) and rarely spans two homes, and never
    two halls where ``loads`` were cut hall by hall; a leaf's home is the one giving it most
    NICs (the first of equals). The NICs are laid end to end and cut where a leaf or a
    rack's rail ends, in numpy: a campus site cuts 18,000
    runs of NICs into 864 leaves.
    """
    at_home: dict[str, list[int]] = {}
    for i, member in enumerate(members):  # grouped once: a campus site has hundreds of homes
        at_home.setdefault(homes[member.id], []).append(i)
    # hall by hall, as ``count_tiers`` cuts each hall's leaves
    names = sorted(at_home, key=lambda home: (hall_of.get(home, ""), rank.get(home, 0), home))
    ports = np.array([m.ports for m in members], dtype=np.int64)
    rail = np.arange(rails)[:, None]
    runs = []
    for h, home in enumerate(names):
        racks = np.array(at_home[home], dtype=np.int64)
        n = (ports[racks] // rails + (rail < ports[racks] % rails)).ravel()
        keep = n > 0
        runs.append((np.full(int(keep.sum()), h), np.tile(racks, rails)[keep], n[keep]))
    home_of, rack_of, count = (np.concatenate(column) for column in zip(*runs, strict=True))
    ends = np.cumsum(count)
    bounds = np.cumsum(np.asarray(loads, dtype=np.int64))
    cuts = np.union1d(ends, bounds)
    cuts = np.concatenate([[0], cuts[cuts <= bounds[-1]]])
    start = cuts[:-1]
    leaf = np.searchsorted(bounds, start, side="right")
    piece = np.searchsorted(ends, start, side="right")
    size = np.diff(cuts)
    best: dict[int, tuple[int, int]] = {}
    for at, h, got in zip(*_summed(leaf, home_of[piece], size, len(names)), strict=True):
        if at not in best or got > best[at][1]:
            best[at] = (h, got)
    return [names[best[at][0]] for at in range(len(loads))], (leaf, rack_of[piece], size)


def _summed(
    first: np.ndarray, second: np.ndarray, size: np.ndarray, width: int
) -> tuple[list[int], list[int], list[int]]:
    """``size`` summed per distinct ``(first, second)`` pair (``second`` below ``width``),
    as three lists in the order each pair is first met."""
    pair = first * width + second
    pairs, met, which = np.unique(pair, return_index=True, return_inverse=True)
    totals = np.bincount(which, weights=size, minlength=len(pairs)).astype(np.int64)
    order = np.argsort(met)
    a, b = np.divmod(pairs[order], width)
    return a.tolist(), b.tolist(), totals[order].tolist()


class _Slots:
    """Free switch slots taken one at a time, each in the candidate rack nearest a point
    (ties by id).

    A campus site places thousands of switches around a hundred points (the leaves' home
    racks, the leaves' centre): each point's racks are put in order once, in numpy, and a
    take walks that order past the racks already full, rather than measuring every rack
    again.
    """

    def __init__(self, candidates: list[SwitchRack], free: dict[str, int]) -> None:
        ranked = sorted(candidates, key=lambda r: r.id)
        self.ids = [r.id for r in ranked]
        self.points = np.array([r.point for r in ranked], dtype=np.float64)
        self.free = free
        self._orders: dict[Point, tuple[list[int], int]] = {}

    def take(self, point: Point) -> str:
        order, position = self._orders.get(point) or (self._order(point), 0)
        ids, free = self.ids, self.free
        while position < len(order) and free[ids[order[position]]] <= 0:
            position += 1
        if position == len(order):
            raise ValueError("no free switch slot is left in the candidate racks")
        chosen = ids[order[position]]
        free[chosen] -= 1
        self._orders[point] = (order, position)
        return chosen

    def _order(self, point: Point) -> list[int]:
        """The candidates' places in ``ids``, nearest ``point`` first."""
        gap = np.hypot(*(self.points - np.asarray(point, dtype=np.float64)).T)
        # a stable sort leaves racks at the same distance in id order
        order: list[int] = np.argsort(gap, kind="stable").tolist()
        return order


def _spread(
    links: _Links,
    lower: Sequence[str],
    ups: Sequence[int],
    upper: range,
    upper_racks: Sequence[str],
    upper_load: list[int],
    capacity: int,
    role: str = "leaf-spine",
) -> None:
    """Deal each lower switch's uplinks round-robin over the ``upper`` switches, which take
    up to ``capacity`` links each from below.

    The links go a cage at a time (two 400G links of an 800G cage) where every lower
    switch has an even count that still reaches every upper switch two by two, and no
    upper switch then exceeds ``capacity``; else one at a time. A cage's two links then
    end at the same pair of switches, so each pair of racks gets an even count, and a
    twin-port cable between them carries two: dealt a link at a time, a leaf's 15 links to
    a spine in its own rack took 8 DACs, 16 cages at each end for 15 links' 30 ports. But
    a leaf with fewer pairs than spines reaches only some of them, and in two tiers two
    leaves that share no spine share no path (a review: 64 leaves of 32 uplinks over 32
    spines split in two halves); reach comes first. One running counter over all lower
    switches keeps every upper switch within one turn of the others. The deal is worked out as the pairs of
    switches it joins, summed per pair of racks in numpy: a campus site's three tiers deal
    110,000 (switch, switch) links into 19,000 pairs of racks, and one Python step per
    link was the largest part of its plan.
    """
    width = len(upper)
    count = min(len(lower), len(ups))
    if not width or not count:
        return
    links_up = np.asarray(ups[:count], dtype=np.int64)
    cages = -(-int(links_up.sum()) // (2 * width))  # the most cages an upper switch gets
    pairs = not (links_up % 2).any() and (links_up // 2 >= width).all()
    step = 2 if pairs and 2 * cages <= capacity else 1
    u = links_up // step
    # The turns (of ``step`` links) dealt at positions start..start+u-1 land on upper
    # switch start % width and on: each switch gets u // width, the u % width from there
    # on one more.
    first = (np.cumsum(u) - u) % width
    whole, extra = u // width, u % width
    # The switches each lower switch reaches, in order: all of them when it has a turn
    # for each, else the run of its links from its first (past the last switch, on from
    # the first), taken as the run's part from switch 0 and its part up to the last. Made
    # as these pairs, not as a table of every lower by every upper switch: a site's 2,592
    # spines over 1,296 cores made 3.4 million cells for 166,000 links.
    dense = whole > 0
    low = np.where(dense, 0, np.maximum(first + extra - width, 0))
    begin = np.where(dense, 0, first)
    stop = np.where(dense, width, np.minimum(first + extra, width))
    zero = np.zeros(count, dtype=np.int64)
    column, piece = _ranges(
        np.column_stack([zero, begin]).ravel(), np.column_stack([low, stop - begin]).ravel()
    )
    row = piece // 2
    n = (whole[row] + ((column - first[row]) % width < extra[row])) * step
    got = np.bincount(column, weights=n, minlength=width).astype(np.int64)
    for s, more in zip(upper, got.tolist(), strict=True):
        upper_load[s] += more
    # the deal's pairs of switches, lower switch by lower switch and the upper ones in
    # order: the rows keep the order the deal meets them
    lower_code = links.codes(lower[:count])
    upper_code = links.codes([upper_racks[s] for s in upper])
    links.deal(lower_code[row], upper_code[column], n, role)


def _ranges(starts: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The integers of each range ``starts[i]`` to ``starts[i] + lengths[i] - 1``, one
    range after another, and for each the range it belongs to."""
    which = np.repeat(np.arange(len(lengths)), lengths)
    first = np.cumsum(lengths) - lengths
    return np.arange(int(lengths.sum())) - first[which] + starts[which], which


#: The roles of a fabric's links, tier by tier.
ROLES = ("node-leaf", "leaf-spine", "spine-core")
#: The tiers of a fabric's switches, lowest first.
TIERS = ("leaf", "spine", "core")
#: The tiers at a link's two ends by its role, its lower end first (a node is of none).
END_TIERS: dict[str, tuple[str | None, str]] = {
    "node-leaf": (None, "leaf"),
    "leaf-spine": ("leaf", "spine"),
    "spine-core": ("spine", "core"),
}


class _Links:
    """A fabric's links as they are dealt, tier by tier, summed per pair of racks and role
    at the end in the order each pair was first dealt.

    Codes and counts stay in numpy until the fabric's table is made: a campus site deals
    its links into 19,000 pairs of racks, and a Python step per pair (a counter, a row
    tuple, then the table of those rows) was a sixth of its plan.
    """

    def __init__(self, names: Sequence[str]) -> None:
        self._code = {name: i for i, name in enumerate(dict.fromkeys(names))}
        self._names = list(self._code)
        self._dealt: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []

    def codes(self, names: Sequence[str]) -> np.ndarray:
        """The code of each of ``names`` (every one given when the links were begun)."""
        return np.fromiter(map(self._code.__getitem__, names), dtype=np.int64, count=len(names))

    def deal(self, lower: np.ndarray, upper: np.ndarray, count: np.ndarray, role: str) -> None:
        """``count`` links from each rack coded in ``lower`` to the one in ``upper``."""
        self._dealt.append((lower, upper, np.full(len(lower), ROLES.index(role)), count))

    def table(self, rate_gbps: int, lane_gbps: int, protocol: str) -> BundleTable:
        """The links summed per pair of racks and role, as a table of bundles."""
        if not self._dealt:
            return EMPTY
        lower, upper, role, count = (np.concatenate(c) for c in zip(*self._dealt, strict=True))
        width = len(self._names)
        key = (lower * width + upper) * len(ROLES) + role
        keys, first, which = np.unique(key, return_index=True, return_inverse=True)
        totals = np.bincount(which, weights=count, minlength=len(keys)).astype(np.int64)
        order = np.argsort(first)
        pair, role_of = np.divmod(keys[order], len(ROLES))
        a, b = np.divmod(pair, width)
        n, names = len(keys), self._names
        return BundleTable(
            a=tuple(map(names.__getitem__, a.tolist())),
            b=tuple(map(names.__getitem__, b.tolist())),
            plane=np.full(n, PLANE_INDEX["scale_out"], dtype=np.int8),
            rate=np.full(n, rate_gbps, dtype=np.int64),
            lane=np.full(n, lane_gbps, dtype=np.int64),
            count=totals[order],
            protocol=np.full(n, PROTOCOL_INDEX[protocol], dtype=np.int8),
            role=tuple(map(ROLES.__getitem__, role_of.tolist())),
            bundle_id=("",) * n,
        )
