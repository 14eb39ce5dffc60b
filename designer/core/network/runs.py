"""Each bundle's run across one hall as a polyline: what a CAD drawing of the links shows.

The links layer of the plan sums cables per piece of tray (``traylinks``); a CAD user
wants the other view, one line per bundle that can be picked and read: from the rack's top
across to the tray, along the trays by the path the router chose, and across to the far
rack, or to the hall's cable entry when the bundle leaves the hall. The path is the one
that gave the bundle its length (``TrayGraph.path_edges`` walks it back from the same
distances), so the drawing and the cable schedule agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from designer.core.network.traygraph import TrayGraph

if TYPE_CHECKING:
    from designer.core.network import NetworkPlan

Point = tuple[float, float]


@dataclass(frozen=True)
class Run:
    """One bundle's run in a hall: ``row`` is the bundle's row in the plan's table, ``points``
    the polyline in hall millimetres (y down), ``links`` the cables it carries."""

    row: int
    points: tuple[Point, ...]
    links: int


def hall_runs(plan: NetworkPlan, hall_id: str) -> list[Run]:
    """The run of every bundle that lies on the trays of ``hall_id``, in schedule order.

    A bundle between two racks of the hall runs from one to the other; one that leaves the
    hall runs from its rack to the cable entry (a bundle leaving at both ends, through
    another hall, is not on this hall's trays). Bundles inside one rack and bundles the
    router could not route have no run.
    """
    floor = plan.floors.get(hall_id)
    if floor is None:
        return []
    table, legs, along = plan.table(), plan.columns().legs, plan.columns().along
    entry = floor.entry.point if floor.entry is not None else None
    runs = []
    # the rows on this hall's trays, found in one pass over the column (a campus has tens
    # of thousands of bundles over 24 halls)
    on_trays = legs[:, :, 0] == floor.index
    for row in np.flatnonzero(on_trays.any(axis=1)).tolist():
        for slot in np.flatnonzero(on_trays[row]).tolist():
            leg = legs[row, slot]
            ends = (table.a[row], table.b[row])
            start = plan.anchors[ends[slot]].point
            far = plan.anchors.get(ends[1 - slot])
            end = far.point if slot == 0 and far is not None and far.hall == hall_id else entry
            if end is None:  # leaves the hall, which has no entry: never routed so
                continue
            middle = _along_trays(floor.graph, leg[1:], along[row, slot])
            runs.append(Run(row, _distinct((start, *middle, end)), int(table.count[row])))
    return runs


def _along_trays(graph: TrayGraph, leg: np.ndarray, along: np.ndarray) -> list[Point]:
    """The points of a leg on the trays: where it joins, the tray nodes it passes, where
    it leaves (``leg`` is edge a, edge b, node a, node b; ``along`` the places on a and b)."""
    edge_a, edge_b, node_a, node_b = (int(v) for v in leg)
    at_a, at_b = (float(v) for v in along)
    points = [graph.point_along(edge_a, at_a)]
    if node_a >= 0:
        at = node_a
        points.append(_node(graph, at))
        for edge in graph.path_edges(node_a, node_b):
            u, v = int(graph.edge_u[edge]), int(graph.edge_v[edge])
            at = v if u == at else u
            points.append(_node(graph, at))
    points.append(graph.point_along(edge_b, at_b))
    return points


def _node(graph: TrayGraph, node: int) -> Point:
    return (float(graph.nodes[node, 0]), float(graph.nodes[node, 1]))


def _distinct(points: tuple[Point, ...]) -> tuple[Point, ...]:
    """The points without repeats in a row (a rise between trays at one place, a rack
    standing on its tray's line)."""
    kept = [points[0]]
    for point in points[1:]:
        if abs(point[0] - kept[-1][0]) > 1e-6 or abs(point[1] - kept[-1][1]) > 1e-6:
            kept.append(point)
    return tuple(kept)
