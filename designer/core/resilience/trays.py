"""Which bundles a tray cut severs: those the router laid along that tray.

A bundle's legs name, per hall it crosses, the tray edge it joins, the edge it leaves by
and the nodes between (``network.routing``); the edges between are the shortest path the
router measured (``TrayGraph.path_edges``), so the trays a bundle runs along are the trays
of those edges. They are worked out for a whole hall the first time one of its trays is
cut, and kept on the topology.
"""

from __future__ import annotations

import numpy as np

from designer.core.resilience.topology import Topology

NO_ROWS = np.zeros(0, dtype=np.int64)


def rows_through(topology: Topology, tray_id: str) -> np.ndarray:
    """The rows of the network plan's table routed along tray ``tray_id``, sorted."""
    found = topology.tray_rows.get(tray_id)
    if found is not None:
        return found
    plan = topology.plan
    tray = topology.project.trays.get(tray_id)
    if plan is None or tray is None or (floor := plan.floors.get(tray.hall_id)) is None:
        return NO_ROWS
    graph = floor.graph
    legs = plan.columns().legs
    # the trays of the hall numbered from 1 (0: an edge along none, a rise between trays)
    names = ["", *dict.fromkeys(t for t in graph.edge_tray if t)]
    number = {name: i for i, name in enumerate(names)}
    owner = np.fromiter((number[t] for t in graph.edge_tray), np.int64, len(graph.edge_tray))
    rows, slots = np.nonzero(legs[:, :, 0] == floor.index)
    edge_a, edge_b, node_a, node_b = (legs[rows, slots, i].astype(np.int64) for i in range(1, 5))
    # the trays of the edges each leg joins and leaves by, then of those between: the path
    # of each distinct pair of nodes is walked once (many legs share one)
    trays = [owner[edge_a[edge_a >= 0]], owner[edge_b[edge_b >= 0]]]
    on = [rows[edge_a >= 0], rows[edge_b >= 0]]
    crossing = node_a >= 0
    if crossing.any():
        span = int(node_b.max()) + 1
        distinct, which = np.unique(node_a[crossing] * span + node_b[crossing], return_inverse=True)
        owners = owner.tolist()
        walked = [
            np.array(list({owners[e] for e in graph.path_edges(*divmod(key, span))}), np.int64)
            for key in distinct.tolist()
        ]
        # each crossing leg gets the trays of its pair's path, gathered at once
        sizes = np.array([len(w) for w in walked], dtype=np.int64)
        starts = np.cumsum(sizes) - sizes
        many = sizes[which]
        first = np.repeat(starts[which] - (np.cumsum(many) - many), many)
        trays.append(np.concatenate([*walked, NO_ROWS])[first + np.arange(many.sum())])
        on.append(np.repeat(rows[crossing], many))
    tray_of, row_of = np.concatenate(trays), np.concatenate(on).astype(np.int64)
    keys = np.unique(tray_of * len(legs) + row_of)
    trays_found, found_rows = np.divmod(keys, len(legs))
    starts = np.searchsorted(trays_found, np.arange(len(names) + 1))
    for tray_of_hall in topology.project.trays.values():
        if tray_of_hall.hall_id == tray.hall_id:
            i = number.get(tray_of_hall.id)
            topology.tray_rows[tray_of_hall.id] = (
                found_rows[starts[i] : starts[i + 1]] if i else NO_ROWS
            )
    return topology.tray_rows[tray_id]
