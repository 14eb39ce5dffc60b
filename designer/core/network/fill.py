"""How full each piece of tray is at its fullest point.

A cable occupies a tray only between where it joins and where it leaves: along the edge it
joins (from its rack's attachment to the edge's end it leaves by), along every edge of the
shortest path in full, and along the edge it leaves (to the far rack's attachment). The
fill of an edge is the largest cross-section present at any one point of it, found by
sweeping the cables' intervals along the edge; a whole-row tray is not charged with cables
that never pass the same point. Areas are integers (square micrometres), so sums do not
depend on the order cables are added in.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

import numpy as np

from designer.core.network.distinct import distinct_rows
from designer.core.network.traygraph import TrayGraph


@dataclass(frozen=True)
class EdgePeaks:
    """Per edge of a tray graph: the largest cable area at one point, and that point's
    distance from the edge's first node (the midpoint when the load is uniform)."""

    area_um2: np.ndarray
    at_mm: np.ndarray


@dataclass(frozen=True)
class LegSpans:
    """Where cable legs lie along the trays of one hall.

    ``edge``, ``start`` and ``end`` are the pieces of edge a leg covers where it joins and
    where it leaves the trays (``start < end``, in mm from the edge's first node), ``leg``
    the row of the leg each piece belongs to. Legs that change edges also run along every
    edge of the shortest path between the node they leave their first edge by and the node
    they join their last edge at: ``crossing`` lists those legs, ``node_a`` and ``node_b``
    their two nodes (see ``TrayGraph.path_edges``).
    """

    edge: np.ndarray
    start: np.ndarray
    end: np.ndarray
    leg: np.ndarray
    crossing: np.ndarray
    node_a: np.ndarray
    node_b: np.ndarray


def leg_spans(
    edge_u: np.ndarray, edge_length: np.ndarray, legs: np.ndarray, along: np.ndarray
) -> LegSpans:
    """The pieces of tray cable legs cover (rows of ``legs`` and ``along`` as in
    ``edge_peaks``), on the edges whose first nodes are ``edge_u`` and lengths
    ``edge_length``: a tray graph's, or those of several halls' graphs numbered as one
    (each edge's first node numbered as its own hall numbers it, as the legs' nodes are),
    so a drawing set's halls are gone through at once.
    """
    ea, eb, ua, ub = (legs[:, i] for i in range(4))
    ta, tb = along[:, 0], along[:, 1]
    same = ua < 0
    # Where a leg leaves edge a (at node a) and joins edge b (at node b).
    leave_a = np.where(edge_u[ea] == ua, 0.0, edge_length[ea])
    join_b = np.where(edge_u[eb] == ub, 0.0, edge_length[eb])
    rows = np.arange(len(legs))
    edge = np.concatenate([ea[same], ea[~same], eb[~same]])
    one = np.concatenate([ta[same], ta[~same], tb[~same]])
    two = np.concatenate([tb[same], leave_a[~same], join_b[~same]])
    leg = np.concatenate([rows[same], rows[~same], rows[~same]])
    start, end = np.minimum(one, two), np.maximum(one, two)
    keep = end > start
    crossing = np.flatnonzero(~same)
    return LegSpans(
        edge[keep], start[keep], end[keep], leg[keep], crossing, ua[crossing], ub[crossing]
    )


def edge_peaks(
    graph: TrayGraph, legs: np.ndarray, along: np.ndarray, area_um2: np.ndarray
) -> EdgePeaks:
    """Peak load of every edge from cable legs in this graph's hall.

    ``legs`` rows are ``(edge a, edge b, node a, node b)``, ``along`` rows ``(position on
    a, position on b)`` and ``area_um2`` the cables' total cross-section per leg (see
    ``TrayGraph.between``; nodes are -1 when the leg stays on one edge).

    Every edge is swept at once: the ends of all pieces sorted by edge, position and
    change (at one position, those leaving go before those joining), summed in one running
    total and each edge's share taken from where its pieces begin; a hall of the campus has
    a few thousand edges with cables, and a sweep per edge cost a dozen numpy calls each.
    """
    edges = len(graph.edge_length)
    through = np.zeros(edges, dtype=np.int64)
    spans = leg_spans(graph.edge_u, graph.edge_length, legs, along)
    if len(spans.crossing):
        pairs, inverse = distinct_rows(np.stack([spans.node_a, spans.node_b], axis=1))
        sums = np.zeros(len(pairs), dtype=np.int64)
        np.add.at(sums, inverse, area_um2[spans.crossing])
        paths = [graph.path_edges(u, v) for u, v in pairs.tolist()]
        steps = np.fromiter(map(len, paths), dtype=np.int64, count=len(paths))
        path = np.fromiter(chain.from_iterable(paths), dtype=np.int64, count=int(steps.sum()))
        np.add.at(through, path, np.repeat(sums, steps))
    peak = through.copy()
    at = graph.edge_length / 2
    if not len(spans.edge):
        return EdgePeaks(peak, at)
    load = area_um2[spans.leg]
    edge = np.concatenate([spans.edge, spans.edge])
    position = np.concatenate([spans.start, spans.end])
    delta = np.concatenate([load, -load])
    # A cable covers [start, end): at one position, those leaving go before those joining
    # (in any order among themselves: the running total after a position's last change is
    # the same, and the changes before it lie below it or below the total before them)
    ranked = np.lexsort((delta > 0, position, edge))
    edge, position = edge[ranked], position[ranked]
    running = np.cumsum(delta[ranked])
    first = np.flatnonzero(np.r_[True, edge[1:] != edge[:-1]])
    # each edge's own running total: the total before its first piece taken off
    running -= np.repeat(np.r_[0, running[first[1:] - 1]], np.diff(np.r_[first, len(edge)]))
    highest = np.maximum.reduceat(running, first)
    group = np.repeat(np.arange(len(first)), np.diff(np.r_[first, len(edge)]))
    # the first place each edge reaches its peak
    reached = np.flatnonzero(running == highest[group])
    _, best = np.unique(group[reached], return_index=True)
    best = reached[best]
    peak[edge[first]] += running[best]
    at[edge[first]] = position[best]
    return EdgePeaks(peak, at)
