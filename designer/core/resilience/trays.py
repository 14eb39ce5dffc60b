"""Which bundles a tray cut severs: those the router laid along that tray.

A bundle's legs name, per hall it crosses, the tray edge it joins, the edge it leaves by
and the nodes between (``network.routing``); the edges between are the shortest path the
router measured (``TrayGraph.path_edges``), so the trays a bundle runs along are the trays
of those edges. They are worked out for a whole hall the first time one of its trays is
cut, and kept on the topology.
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from designer.core.resilience.topology import Topology


def rows_through(topology: Topology, tray_id: str) -> frozenset[int]:
    """The rows of the network plan's table routed along tray ``tray_id``."""
    found = topology.tray_rows.get(tray_id)
    if found is not None:
        return found
    plan = topology.plan
    tray = topology.project.trays.get(tray_id)
    if plan is None or tray is None:
        return frozenset()
    floor = plan.floors.get(tray.hall_id)
    if floor is None:
        return frozenset()
    graph = floor.graph
    owner = np.array(graph.edge_tray, dtype=object)
    legs = plan.columns().legs
    rows, slots = np.nonzero(legs[:, :, 0] == floor.index)
    edge_a, edge_b, node_a, node_b = (legs[rows, slots, i] for i in range(1, 5))
    # the edges each leg joins and leaves by, then those between (shared by many legs: the
    # path of each distinct pair of nodes is walked once)
    pairs = [(edge_a, rows), (edge_b, rows)]
    crossing = node_a >= 0
    if crossing.any():
        ends = np.stack([node_a[crossing], node_b[crossing]], axis=1)
        distinct, which = np.unique(ends, axis=0, return_inverse=True)
        order = np.argsort(which.ravel(), kind="stable")
        groups = np.split(rows[crossing][order], np.flatnonzero(np.diff(which.ravel()[order])) + 1)
        for (u, v), along in zip(distinct.tolist(), groups, strict=True):
            walked = graph.path_edges(u, v)
            pairs += [(np.full(len(along), edge), along) for edge in walked]
    edges = np.concatenate([e for e, _ in pairs]).astype(np.int64)
    on = np.concatenate([r for _, r in pairs])
    trays = owner[edges]
    by_tray: dict[str, set[int]] = defaultdict(set)
    for tray_id_, row in zip(trays.tolist(), on.tolist(), strict=True):
        if tray_id_:
            by_tray[tray_id_].add(row)
    for tray_of_hall in topology.project.trays.values():
        if tray_of_hall.hall_id == tray.hall_id:
            topology.tray_rows[tray_of_hall.id] = frozenset(by_tray.get(tray_of_hall.id, ()))
    return topology.tray_rows[tray_id]
