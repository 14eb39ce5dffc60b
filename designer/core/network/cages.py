"""Module cages: where one cage carries several links, and which links must share one.

A network rack's switch counts its ports as the links it carries (a Spectrum-4 SN5600's 64
800G cages are 128 ports at 400G), so each cage there takes two 400G links on one module
or one cable made to split: a twin-port transceiver, a twin-port DAC or LACC. The bill
counts modules and cables by it, and the media ladder leaves out, for such links, the
fixed-end cables sold for one link only (an AOC, an AEC).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from itertools import repeat
from weakref import WeakKeyDictionary

import numpy as np

from designer.core.model.equipment import RackType
from designer.core.network.bundles import BundleTable
from designer.core.network.fabric import END_TIERS, TIERS
from designer.core.network.media import ODD_BETWEEN_CAGES, PLANES, Medium, links_per_module
from designer.core.network.network_plan import NetworkPlan


def module_cage_gbps(plan: NetworkPlan, nodes: Sequence[str]) -> np.ndarray:
    """Per node (rows) and plane (columns, as ``PLANES``), the Gb/s of one module cage at
    that end where a cage carries more than one link: a network rack's switch cage on
    every plane (a QM9700's twin-port cage: 2 x 400G), a compute rack's NIC cage on the
    plane whose ports share cages (a DGX H100's 8 x 400G on 4 OSFP: 800G); 0 where one
    module serves one link end (a single-port NIC, a site)."""
    facts, switches = plan.index.facts, plan.catalog.switches
    none = (0,) * len(PLANES)
    rows: dict[str, tuple[int, ...]] = {}

    def cages(kind: RackType) -> tuple[int, ...]:
        fit = kind.switches
        switch = switches.get(fit.switch_id) if fit is not None else None
        if switch is not None:
            return (switch.port_gbps * switch.cage_ports,) * len(PLANES)
        shared: dict[str, int] = {
            plane: group.rate_gbps * group.cage_ports
            for plane, group in kind.ports.items()
            if group.cage_ports > 1
        }
        return tuple(shared.get(plane, 0) for plane in PLANES)

    def row(node: str) -> tuple[int, ...]:
        found = facts.get(node)
        if found is None:
            return none
        kind = found.kind
        if kind.id not in rows:
            rows[kind.id] = cages(kind)
        return rows[kind.id]

    return np.array([row(node) for node in nodes], np.int64).reshape(len(nodes), len(PLANES))


#: ``end_cages`` of each plan asked, kept while the plan lives.
_END_CAGES: WeakKeyDictionary[NetworkPlan, np.ndarray] = WeakKeyDictionary()


def end_cages(plan: NetworkPlan) -> np.ndarray:
    """``module_cage_gbps`` of every node the plan's bundles end at, in the order of
    ``plan.ends().nodes``, worked out once per plan: the bill, the schedule, its cable
    lengths and the NetBox export each ask it of a campus's 7,700 nodes. Read it, do not
    change it."""
    found = _END_CAGES.get(plan)
    if found is None:
        found = _END_CAGES[plan] = module_cage_gbps(plan, plan.ends().nodes)
    return found


def shared_cage_gbps(
    cage: np.ndarray,
    a: np.ndarray,
    b: np.ndarray,
    plane: np.ndarray,
    rate: np.ndarray,
    count: np.ndarray,
) -> np.ndarray:
    """Per bundle (ends ``a`` and ``b``, rows of ``cage`` as ``module_cage_gbps`` gives it),
    the Gb/s of the cage at its ends that carries more than one of its links (an 800G
    switch cage split to two 400G links), 0 where each link has a cage of its own (an 800G
    link in an 800G cage, a single-port NIC, a site); with ``ODD_BETWEEN_CAGES`` set where
    the cages at both ends are shared and the bundle's ``count`` is odd. A twin-port DAC
    between two such cages carries two links, so an odd bundle's last would fill a cage at
    each end alone: a leaf's one link to a spine in its own rack took two of the rack's
    cages for one link, and a leaf and spine rack at full radix needed 513 cages of 512.
    The ladder leaves cables with fixed ends out for it; modules pool their ports."""
    column = plane.astype(np.int64)
    at_a, at_b = cage[a, column], cage[b, column]
    widest = np.maximum(at_a, at_b)
    odd = (at_a > rate) & (at_b > rate) & (count.astype(np.int64) % 2 == 1)
    return np.where(widest > rate, widest, 0) | np.where(odd, ODD_BETWEEN_CAGES, 0)


def end_tiers(table: BundleTable) -> tuple[np.ndarray, np.ndarray]:
    """Per bundle of ``table``, the tier of the switches at its ``a`` and ``b`` ends as a
    code: 1 + its place in ``TIERS`` (a leaf 1), 0 where no fabric names one (a node, a
    drawn link). A module's links share one switch, so the cages of a rack holding leaves
    and spines are counted tier by tier (an audit: a rack of 7 leaves and 5 spines whose
    leaves' links filled 225 cages of their 224, the rack's 384 of 384)."""
    code = {tier: 1 + at for at, tier in enumerate(TIERS)}
    lower = {role: code[tier] if tier else 0 for role, (tier, _) in END_TIERS.items()}
    upper = {role: code[tier] for role, (_, tier) in END_TIERS.items()}
    n = len(table.role)
    return (
        np.fromiter(map(lower.get, table.role, repeat(0)), dtype=np.int64, count=n),
        np.fromiter(map(upper.get, table.role, repeat(0)), dtype=np.int64, count=n),
    )


#: The codes an end's tier takes (``end_tiers``: 0 for none, then one a tier).
TIER_CODES = len(TIERS) + 1


def tier_end(node: np.ndarray, tier: np.ndarray) -> np.ndarray:
    """One number for each ``node``'s switches of the ``tier`` code at it: where a module's
    links pool (the check, the evening and the bill all count so); ``divmod(end,
    TIER_CODES)`` gives the node and the tier back."""
    ends: np.ndarray = node * TIER_CODES + tier
    return ends


def tier_switches(plan: NetworkPlan) -> dict[str, Counter[str]]:
    """Per network rack a fabric places switches in, how many of each tier it holds."""
    held: dict[str, Counter[str]] = {}
    for fabric in plan.fabrics().values():
        for rack, _, tier, count in fabric.placed:
            held.setdefault(rack, Counter())[tier] += count
    return held


def cages_filled(plan: NetworkPlan, nodes: Collection[str]) -> dict[tuple[str, str], int]:
    """Per network rack of ``nodes`` whose switch the catalog knows and per tier of its
    switches ("" for links no fabric tier names: drawn), the module cages its decided links
    fill there: a medium's modules carry as many links of one rate as the cage takes
    (``links_per_module``: a twin-port 2xSR4, two 400G), shared by the tier's bundles of
    that medium and rate, rounded up per rack and tier; a cable with fixed ends fills a
    cage at each end a cable, rounded up per bundle (a twin-port DAC carries two links, an
    odd bundle's last one alone).

    The fabric counts ports, two to an 800G cage: where a medium's links at a rack's tier
    are odd in count, its last module or cable fills a cage with one link, and a tier at
    full radix needs a cage more than it has (an audit's NetBox export found links with no
    port, and the check said nothing)."""
    facts, switches, media = plan.index.facts, plan.catalog.switches, plan.media.media
    racks = {
        n
        for n in nodes
        if (found := facts.get(n)) is not None
        and found.kind.switches is not None
        and found.kind.switches.switch_id in switches
    }
    keys = sorted({k for n in racks for k in plan.node_units.get(n, ())})
    integrated = np.array([m.integrated for m in media] + [False])
    tiers = ("", *TIERS)
    filled: Counter[tuple[str, str]] = Counter()
    # links of modules, summed per rack, tier, medium, rate and cage rate as one integer
    # key (a campus site's fabric has 19,000 bundles: a Python step per bundle end was
    # 160 ms)
    keyed: list[np.ndarray] = []
    counts: list[np.ndarray] = []
    code_of: dict[str, int] = {}  # a rack's number across the units, so modules pool there
    for key in keys:
        decided = plan.decisions.get(key)
        if decided is None:
            continue
        table = plan.units[key].table
        names, ends = table.ends
        here = np.fromiter(map(racks.__contains__, names), dtype=bool, count=len(names))
        cage = module_cage_gbps(plan, names)
        n = len(table)
        plane = table.plane.astype(np.int64)
        medium = decided.medium.astype(np.int64)
        rate = table.rate.astype(np.int64)
        widest = np.maximum(cage[ends[:n], plane], cage[ends[n:], plane])
        fixed = integrated[medium]
        per = links_per_cable(media, medium, widest, rate)
        cables = -(-table.count // per)
        number = np.fromiter(
            (code_of.setdefault(name, len(code_of)) for name in names),
            dtype=np.int64,
            count=len(names),
        )
        for side, tier in zip((ends[:n], ends[n:]), end_tiers(table), strict=True):
            at = here[side] & (medium >= 0)
            cut = np.flatnonzero(at & fixed)
            for node, code, taken in zip(
                side[cut].tolist(), tier[cut].tolist(), cables[cut].tolist(), strict=True
            ):
                filled[(names[node], tiers[code])] += taken
            loose = np.flatnonzero(at & ~fixed)
            gbps = cage[side[loose], plane[loose]]
            rack = tier_end(number[side[loose]], tier[loose])
            keyed.append(((rack << 6 | medium[loose]) << 16 | rate[loose]) << 16 | gbps)
            counts.append(table.count[loose])
    if keyed:
        named = list(code_of)
        codes, which = np.unique(np.concatenate(keyed), return_inverse=True)
        links = np.bincount(which.reshape(-1), weights=np.concatenate(counts))
        for code, count in zip(codes.tolist(), links.astype(np.int64).tolist(), strict=True):
            gbps, rate_gbps = code & 0xFFFF, (code >> 16) & 0xFFFF
            position, rack = (code >> 32) & 0x3F, code >> 38
            per_module = links_per_module(media[position], gbps, rate_gbps)
            node, tier_code = divmod(rack, TIER_CODES)
            filled[(named[node], tiers[tier_code])] += -(-count // per_module)
    return dict(filled)


def links_per_cable(
    media: Sequence[Medium], medium: np.ndarray, widest: np.ndarray, rate: np.ndarray
) -> np.ndarray:
    """Per bundle (its ladder ``medium``, -1 for none; the ``widest`` cage at its ends, as
    ``module_cage_gbps`` gives it; its link ``rate``), the links one cable carries: as many
    as the cage takes where the medium is a cable with fixed ends sold twin-port at that
    cage (NVIDIA's 2 x 400G DAC, its 800G LACC), else one. Worked out per distinct kind: a
    campus's 80,000 bundles are nearly all fibre."""
    twin = np.array([m.integrated and m.twin_port is not None for m in media] + [False])
    position = medium.astype(np.int64)
    per = np.ones(len(position), dtype=np.int64)
    rows = np.flatnonzero(twin[position] & (widest > 0))
    if len(rows):
        keys = ((position[rows] << 24) | widest[rows]) << 24 | rate[rows].astype(np.int64)
        found, which = np.unique(keys, return_inverse=True)
        carried = [
            links_per_module(media[k >> 48], (k >> 24) & 0xFFFFFF, k & 0xFFFFFF)
            for k in found.tolist()
        ]
        per[rows] = np.array(carried, dtype=np.int64)[which.reshape(-1)]
    return per
