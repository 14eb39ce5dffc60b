"""The network plan's bundles as a what-if reads them: which rack reaches its fabric or its
scale-up domain through which bundle, and the fabric links by site and tier.

Worked out over the plan's columns at once (``NetworkPlan.table``, and ``NetworkPlan.ends``,
which numbers the bundles' ends once per plan): a campus has 77,000 bundles, and a loop over
them in Python made the dependencies of the PDF's Resilience sheet cost a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from designer.core.network.network_plan import NetworkPlan

#: Fabric tiers, from the racks up; ``node-leaf`` links are a rack's way into the fabric.
TIERS = ("node-leaf", "leaf-spine", "spine-core")

#: Generated scale-up roles: a link of one ties a rack to its domain's switches.
SCALE_UP_ROLES = ("ub", "nvlink")

_NONE = np.zeros(0, dtype=np.int64)


@dataclass(frozen=True)
class Wiring:
    """Per row of ``plan.table()`` the rack that reaches through it (``row_rack``, an index
    into ``nodes``, -1 for none), whether that is its scale-up domain (``row_up``, true of
    every scale-up row, the NVL72's in-rack spine too) or the scale-out fabric, its links
    (``row_count``) and Gb/s (``row_gbps``), and its fabric link (``row_link``, -1 for
    none); per network rack the rows racks reach through it (``switch_rows``); per rack its
    own scale-up rows (``rack_up_rows``); per node the links it reaches the fabric and its
    scale-up switches by (``node_ports``, ``node_up_ports``); per fabric link its (site,
    tier) in ``tiers``, Gb/s and cable count; per rack the links that end at it."""

    nodes: tuple[str, ...]
    switch_rows: dict[str, np.ndarray]
    rack_up_rows: dict[str, np.ndarray]
    row_rack: np.ndarray
    row_up: np.ndarray
    row_count: np.ndarray
    row_gbps: np.ndarray
    #: plain lists: a sweep reads one entry at a time, tens of thousands of times
    node_ports: list[int]
    node_up_ports: list[int]
    row_link: np.ndarray
    tiers: tuple[tuple[str, str], ...]
    link_tier: np.ndarray
    link_gbps: np.ndarray
    link_count: np.ndarray
    rack_links: dict[str, np.ndarray]
    #: ``switch_reach`` of each network rack asked for (a sweep fails each once, and a
    #: combination of failures may ask again)
    _reached: dict[str, Reach] = field(default_factory=dict, repr=False, compare=False)

    def reach(self, rows: np.ndarray) -> Reach:
        """What cutting ``rows`` (distinct) cuts of the racks that reach through them."""
        racks, on_up, count = self.row_rack[rows], self.row_up[rows], self.row_count[rows]
        return Reach(
            summed(racks[on_up], count[on_up]), summed(racks[~on_up], count[~on_up]), rows[on_up]
        )

    def switch_reach(self, rack_id: str) -> Reach:
        """``reach`` of every row racks reach through network rack ``rack_id``."""
        found = self._reached.get(rack_id)
        if found is None:
            found = self._reached[rack_id] = self.reach(self.switch_rows[rack_id])
        return found

    def tier_gbps(self) -> dict[tuple[str, str], float]:
        """Gb/s of each (site, tier) of the fabrics with nothing failed."""
        per_tier = np.bincount(self.link_tier, weights=self.link_gbps, minlength=len(self.tiers))
        return {key: float(g) for key, g in zip(self.tiers, per_tier, strict=True)}

    def scale_up_gbps(self) -> float:
        """Gb/s of the scale-up links with nothing failed."""
        return float(self.row_gbps[self.row_up].sum())


@dataclass(frozen=True)
class Reach:
    """What some rows of the plan's table cut: each rack that reaches through them (its
    node) with the scale-up links of it cut, the same for scale-out links, both in node
    order, and the scale-up rows among them."""

    up: tuple[list[int], list[int]]
    out: tuple[list[int], list[int]]
    up_rows: np.ndarray


#: Below this many rows, summing them in Python beats numpy's sort.
_FEW = 64


def summed(keys: np.ndarray, values: np.ndarray) -> tuple[list[int], list[int]]:
    """Each distinct key, sorted, with the sum of its values (a few, the rows through one
    switch rack, summed in Python: a sweep fails thousands of racks one at a time)."""
    if len(keys) < _FEW:
        sums: dict[int, int] = {}
        for key, value in zip(keys.tolist(), values.tolist(), strict=True):
            sums[key] = sums.get(key, 0) + value
        ordered = sorted(sums)
        return ordered, [sums[k] for k in ordered]
    distinct, which = np.unique(keys, return_inverse=True)
    totals = np.bincount(which, weights=values, minlength=len(distinct)).astype(np.int64)
    return distinct.tolist(), totals.tolist()


NO_WIRING = Wiring(
    (),
    {},
    {},
    _NONE,
    _NONE.astype(bool),
    _NONE,
    _NONE.astype(float),
    [],
    [],
    _NONE,
    (),
    _NONE,
    _NONE.astype(float),
    _NONE,
    {},
)


def wiring_of(plan: NetworkPlan | None, network_racks: frozenset[str]) -> Wiring:
    """The wiring of ``plan``; ``network_racks``: the racks whose switches others reach
    through."""
    if plan is None or not len(plan.table()):
        return NO_WIRING
    table, ends = plan.table(), plan.ends()
    nodes = ends.nodes
    role = np.array(table.role)
    is_network = np.fromiter((n in network_racks for n in nodes), bool, len(nodes))
    # a rack reaches through the network rack at the other end of its node or scale-up link
    up = np.isin(role, SCALE_UP_ROLES)
    reaching = up | (role == TIERS[0])
    network_a, network_b = is_network[ends.a], is_network[ends.b]
    rack_a = reaching & network_b & ~network_a
    rack_b = reaching & network_a & ~network_b
    row_rack = np.where(rack_a, ends.a, np.where(rack_b, ends.b, -1))
    row_switch = np.where(rack_a, ends.b, ends.a)
    rows = np.flatnonzero(row_rack >= 0)
    row_count = np.asarray(table.count, dtype=np.int64)
    row_gbps = (row_count * table.rate).astype(float)
    ports = [
        np.bincount(row_rack[r], weights=row_count[r], minlength=len(nodes))
        for r in (
            rows[~up[rows]],
            rows[up[rows]],
        )
    ]
    # a rack's own scale-up rows: those it reaches its switches by, and its in-rack spine
    own = np.where(row_rack >= 0, row_rack, np.where(up & (ends.a == ends.b), ends.a, -1))
    up_rows = np.flatnonzero(up & (own >= 0))
    # the fabric links: the rows of a site's fabric unit in one of its tiers
    units = plan.keys()
    sizes = [len(plan.units[k].table) for k in units]
    unit = np.repeat(np.arange(len(units)), sizes)
    fabric = np.array([k[0] == "fabric" for k in units], dtype=bool)[unit]
    links = np.flatnonzero(fabric & np.isin(role, TIERS))
    sites = [str(k[1]) for k in units]
    pairs = [(sites[u], r) for u, r in zip(unit[links].tolist(), role[links].tolist(), strict=True)]
    # the (site, tier) pairs in the order they first come, each link's index among them
    tiers = tuple(dict.fromkeys(pairs))
    number = {key: i for i, key in enumerate(tiers)}
    link_tier = np.fromiter((number[p] for p in pairs), np.int64, len(pairs))
    link_count = table.count[links]
    row_link = np.full(len(table), -1, dtype=np.int64)
    row_link[links] = np.arange(len(links))
    # each link under both its ends (once where both ends are one rack)
    a, b = ends.a[links], ends.b[links]
    index = np.arange(len(links))
    other = b != a
    return Wiring(
        tuple(nodes),
        _grouped(nodes, row_switch[rows], rows),
        _grouped(nodes, own[up_rows], up_rows),
        row_rack,
        up,
        row_count,
        row_gbps,
        ports[0].astype(np.int64).tolist(),
        ports[1].astype(np.int64).tolist(),
        row_link,
        tiers,
        link_tier,
        row_gbps[links],
        link_count,
        _grouped(nodes, np.concatenate([a, b[other]]), np.concatenate([index, index[other]])),
    )


def _grouped(nodes: Sequence[str], keys: np.ndarray, values: np.ndarray) -> dict[str, np.ndarray]:
    """``values`` grouped by the node their ``keys`` number, each group in the order given."""
    if not len(keys):
        return {}
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    return {
        nodes[k]: part
        for k, part in zip(keys[starts].tolist(), np.split(values, starts[1:]), strict=True)
    }
