"""The network plan's bundles as a what-if reads them: which rack reaches its fabric or its
scale-up domain through which bundle, and the fabric links by site and tier.

Worked out over the plan's columns at once (``NetworkPlan.table``, and ``NetworkPlan.ends``,
which numbers the bundles' ends once per plan): a campus has 77,000 bundles, and a loop over
them in Python made the dependencies of the PDF's Resilience sheet cost a second.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    into ``nodes``, -1 for none), whether that is its scale-up domain (``row_up``) or the
    scale-out fabric, its links (``row_count``) and its fabric link (``row_link``, -1 for
    none); per network rack the rows racks reach through it (``switch_rows``); per node the
    links it has into the fabric (``node_ports``, its node-leaf links); per fabric link its
    (site, tier) in ``tiers``, Gb/s and cable count; per rack the links that end at it."""

    nodes: tuple[str, ...]
    switch_rows: dict[str, np.ndarray]
    row_rack: np.ndarray
    row_up: np.ndarray
    row_count: np.ndarray
    node_ports: np.ndarray
    row_link: np.ndarray
    tiers: tuple[tuple[str, str], ...]
    link_tier: np.ndarray
    link_gbps: np.ndarray
    link_count: np.ndarray
    rack_links: dict[str, np.ndarray]

    def tier_gbps(self) -> dict[tuple[str, str], float]:
        """Gb/s of each (site, tier) of the fabrics with nothing failed."""
        summed = np.bincount(self.link_tier, weights=self.link_gbps, minlength=len(self.tiers))
        return {key: float(g) for key, g in zip(self.tiers, summed, strict=True)}


NO_WIRING = Wiring(
    (),
    {},
    _NONE,
    _NONE.astype(bool),
    _NONE,
    _NONE,
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
    # each network rack's rows, in row order
    through = rows[np.argsort(row_switch[rows], kind="stable")]
    switch_of = row_switch[through]
    starts = np.flatnonzero(np.r_[True, switch_of[1:] != switch_of[:-1]])
    switch_rows = (
        {
            nodes[s]: part
            for s, part in zip(
                switch_of[starts].tolist(), np.split(through, starts[1:]), strict=True
            )
        }
        if len(through)
        else {}
    )
    row_count = np.asarray(table.count, dtype=np.int64)
    out_rows = rows[~up[rows]]
    node_ports = np.bincount(row_rack[out_rows], weights=row_count[out_rows], minlength=len(nodes))
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
    link_gbps = (link_count * table.rate[links]).astype(float)
    row_link = np.full(len(table), -1, dtype=np.int64)
    row_link[links] = np.arange(len(links))
    # each link under both its ends (once where both ends are one rack)
    a, b = ends.a[links], ends.b[links]
    index = np.arange(len(links))
    other = b != a
    end = np.concatenate([a, b[other]])
    link = np.concatenate([index, index[other]])
    order = np.argsort(end, kind="stable")
    end, link = end[order], link[order]
    starts = np.flatnonzero(np.r_[True, end[1:] != end[:-1]])
    rack_links = (
        {
            nodes[n]: part
            for n, part in zip(end[starts].tolist(), np.split(link, starts[1:]), strict=True)
        }
        if len(end)
        else {}
    )
    return Wiring(
        tuple(nodes),
        switch_rows,
        row_rack,
        up,
        row_count,
        node_ports.astype(np.int64),
        row_link,
        tiers,
        link_tier,
        link_gbps,
        link_count,
        rack_links,
    )
