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
    floor = plan.floors.get(tray.hall_id) if plan is not None and tray is not None else None
    if floor is None:
        return frozenset()
    graph = floor.graph
    owner = graph.edge_tray
    legs = plan.columns().legs
    by_tray: dict[str, set[int]] = defaultdict(set)
    on_hall = legs[:, :, 0] == floor.index
    for row in np.flatnonzero(on_hall.any(axis=1)).tolist():
        for slot in np.flatnonzero(on_hall[row]).tolist():
            _, edge_a, edge_b, node_a, node_b = (int(v) for v in legs[row, slot])
            edges = {edge_a, edge_b}
            if node_a >= 0:
                edges.update(graph.path_edges(node_a, node_b))
            for edge in edges:
                if owner[edge]:
                    by_tray[owner[edge]].add(row)
    for tray_of_hall in topology.project.trays.values():
        if tray_of_hall.hall_id == tray.hall_id:
            topology.tray_rows[tray_of_hall.id] = frozenset(by_tray.get(tray_of_hall.id, ()))
    return topology.tray_rows[tray_id]
