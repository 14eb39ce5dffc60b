"""The cable trays of one hall as a graph, and shortest runs along it.

Tray centre lines are cut wherever two trays cross, touch, overlap or where one tray's end
lies on another, so a cable can turn from one tray onto the other there. Each piece is an
edge; where two trays meet at different heights a vertical edge of the height difference
joins them. Shortest distances are searched from the nodes cables join the trays at, each
once, the first time a run asks for it (Dijkstra, scipy's, from all of a batch at once),
and kept as rows, so any two points on the trays are one lookup apart from then on, which
is what lets thousands of bundles be routed as arrays. Only those rows are searched: the
all-pairs table this replaced (Floyd-Warshall) grew with the cube of a hall's tray nodes
and was two thirds of planning a hall of 6,912 racks. A path is walked back from the
distances when one is needed: from each node, the edge whose length plus the distance left
is the distance still to go.

A point of the floor (a rack's top, the hall's cable entry) attaches to the nearest point
of any tray centre line; the plan distance to it is the lateral run from the point to the
tray.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely

from designer.core.model.hall import CableTray

#: Intersections and merged nodes are compared at a micrometre.
_TOL = 1e-3


@dataclass(frozen=True)
class Attachment:
    """Where points attach to the trays: edge, distance along it from its first node, the
    plan distance from each point to that place, and the place (arrays, one entry per
    point; ``closest`` has an ``(x, y)`` row per point, infinite where nothing attaches)."""

    edge: np.ndarray
    along_mm: np.ndarray
    lateral_mm: np.ndarray
    closest: np.ndarray


@dataclass(frozen=True, eq=False)
class TrayGraph:
    """Nodes ``(x, y, height)``, edges between them, and shortest distances between nodes.

    Plan edges lie along trays (``edge_tray`` names the tray); vertical edges join trays
    meeting at different heights (``edge_tray`` is ``""``); ``plan_edges`` lists the first
    kind. ``capacity_mm2`` is the usable cross-section of each edge's tray (width x depth).
    """

    nodes: np.ndarray
    edge_u: np.ndarray
    edge_v: np.ndarray
    edge_length: np.ndarray
    edge_tray: tuple[str, ...]
    edge_height: np.ndarray
    capacity_mm2: np.ndarray
    plan_edges: np.ndarray
    _searched: _Searched
    _paths: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    _incident: dict[int, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    _tree: dict[str, shapely.STRtree] = field(default_factory=dict)

    def point_along(self, edge: int, along_mm: float) -> tuple[float, float]:
        """The plan point ``along_mm`` from ``edge``'s first node."""
        u, v = self.nodes[self.edge_u[edge]], self.nodes[self.edge_v[edge]]
        t = along_mm / self.edge_length[edge]
        return (float(u[0] + t * (v[0] - u[0])), float(u[1] + t * (v[1] - u[1])))

    def attach(self, points: np.ndarray) -> Attachment:
        """The nearest tray point to each plan point ``(x, y)`` (shape ``(n, 2)``).

        The nearest piece of tray comes from a spatial index of the plan edges (the lowest
        edge number among equally near ones); an empty graph attaches nothing: edge ``-1``
        and an infinite lateral distance.
        """
        n = len(points)
        edges = self.plan_edges
        if n == 0 or len(edges) == 0:
            return Attachment(
                np.full(n, -1), np.zeros(n), np.full(n, np.inf), np.full((n, 2), np.inf)
            )
        tree = self._edge_tree()
        which, nearest = tree.query_nearest(shapely.points(points), all_matches=True)
        first = np.lexsort((nearest, which))
        which, nearest = which[first], nearest[first]
        keep = np.r_[True, which[1:] != which[:-1]]
        best = np.full(n, -1, dtype=np.int64)
        best[which[keep]] = nearest[keep]
        return self._onto(points, edges[best])

    def attach_near(
        self, points: np.ndarray, boxes: np.ndarray, reach_mm: float
    ) -> tuple[Attachment, np.ndarray]:
        """``attach``, except that a point whose tray is beyond ``reach_mm`` of its box
        ``(x0, y0, x1, y1)`` attaches to the tray nearest the box when that one is within
        reach; and each box's distance to the tray it attaches to, or, when none is within
        reach, to the tray nearest it (a tray that bends or ends by a rack's corner can be
        nearer its edge than the tray nearest its centre is).
        """
        found = self.attach(points)
        if not len(points) or not len(self.plan_edges):
            return found, found.lateral_mm
        shapes = shapely.box(*boxes.T)
        pieces = self._edge_tree().geometries
        clear = shapely.distance(shapes, pieces[np.searchsorted(self.plan_edges, found.edge)])
        beyond = np.flatnonzero(clear > reach_mm)
        if not len(beyond):
            return found, clear
        which, nearest = self._edge_tree().query_nearest(shapes[beyond], all_matches=True)
        first = np.lexsort((nearest, which))  # among equally near edges, the lowest number
        which, nearest = which[first], nearest[first]
        keep = np.r_[True, which[1:] != which[:-1]]
        which, nearest = which[keep], nearest[keep]
        gap = shapely.distance(shapes[beyond][which], pieces[nearest])
        closer = gap <= reach_mm
        moved = beyond[which[closer]]
        edge = found.edge.copy()
        edge[moved] = self.plan_edges[nearest[closer]]
        # reached or not, the distance is to the tray nearest the top, which a finding gives
        clear[beyond[which]] = np.minimum(clear[beyond[which]], gap)
        return self._onto(points, edge), clear

    def _onto(self, points: np.ndarray, chosen: np.ndarray) -> Attachment:
        """Each point attached to the nearest place on its ``chosen`` plan edge."""
        start = self.nodes[self.edge_u[chosen], :2]
        run = self.nodes[self.edge_v[chosen], :2] - start
        length2 = (run**2).sum(axis=1)
        t = np.clip(((points - start) * run).sum(axis=1) / length2, 0.0, 1.0)
        closest = start + t[:, None] * run
        gap = np.hypot(*(points - closest).T)
        return Attachment(chosen, t * np.sqrt(length2), gap, closest)

    def _edge_tree(self) -> shapely.STRtree:
        """A spatial index of the plan edges' centre lines, built once per graph."""
        found = self._tree.get("plan")
        if found is None:
            ends = np.stack(
                [
                    self.nodes[self.edge_u[self.plan_edges], :2],
                    self.nodes[self.edge_v[self.plan_edges], :2],
                ],
                axis=1,
            )
            found = self._tree["plan"] = shapely.STRtree(shapely.linestrings(ends))
        return found

    def between(
        self, edge_a: np.ndarray, along_a: np.ndarray, edge_b: np.ndarray, along_b: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Shortest run along the trays between attachment points, with the end nodes used.

        Returns ``(distance_mm, node_a, node_b)``; on one edge the run is straight along it
        and both nodes are ``-1``. Otherwise the run leaves edge ``a`` at ``node_a`` and
        joins edge ``b`` at ``node_b``.
        """
        length_a, length_b = self.edge_length[edge_a], self.edge_length[edge_b]
        ends_a = (self.edge_u[edge_a], self.edge_v[edge_a])
        ends_b = (self.edge_u[edge_b], self.edge_v[edge_b])
        to_a = (along_a, length_a - along_a)
        to_b = (along_b, length_b - along_b)
        best = np.full(len(edge_a), np.inf)
        node_a = np.full(len(edge_a), -1)
        node_b = np.full(len(edge_a), -1)
        # searched from the b ends: the nodes a path to them is later walked back from
        table, row = self._searched.rows(np.concatenate(ends_b))
        rows_b = np.split(row, 2)
        for i in (0, 1):
            for j in (0, 1):
                total = to_a[i] + table[rows_b[j], ends_a[i]] + to_b[j]
                better = total < best
                best = np.where(better, total, best)
                node_a = np.where(better, ends_a[i], node_a)
                node_b = np.where(better, ends_b[j], node_b)
        same = edge_a == edge_b
        best = np.where(same, np.abs(along_a - along_b), best)
        node_a = np.where(same, -1, node_a)
        node_b = np.where(same, -1, node_b)
        return best, node_a, node_b

    def path_edges(self, u: int, v: int) -> tuple[int, ...]:
        """The edges of the shortest path from node ``u`` to node ``v`` (none if unreachable).

        Walked from the distances: each step takes the edge whose length plus the distance
        left to ``v`` is least (the lowest edge number among equals), so the same pair
        always gives the same path.
        """
        key = (u, v)
        found = self._paths.get(key)
        if found is None:
            edges = []
            left = self._searched.row(v)  # from v to every node, as from every node to v
            at = u
            while at != v and np.isfinite(left[at]):
                incident, other = self._around(at)
                best = int(np.argmin(self.edge_length[incident] + left[other]))
                edges.append(int(incident[best]))
                at = int(other[best])
            found = tuple(edges)
            self._paths[key] = found
        return found

    def _around(self, node: int) -> tuple[np.ndarray, np.ndarray]:
        """The edges at ``node`` in edge order, and the node at the other end of each."""
        found = self._incident.get(node)
        if found is None:
            incident = np.flatnonzero((self.edge_u == node) | (self.edge_v == node))
            other = np.where(
                self.edge_u[incident] == node, self.edge_v[incident], self.edge_u[incident]
            )
            found = self._incident[node] = (incident, other)
        return found


def _cuts(
    segments: list[tuple[float, float, float, float, int]], i: int, j: int
) -> tuple[list[float], list[float]]:
    """Parameters along segments ``i`` and ``j`` where they meet (crossing, touching or
    overlapping); empty when they do not. Points within ``_TOL`` mm count as meeting."""
    ax, ay, bx, by, _ = segments[i]
    cx, cy, dx, dy, _ = segments[j]
    rx, ry, sx, sy = bx - ax, by - ay, dx - cx, dy - cy
    qx, qy = cx - ax, cy - ay
    len_r, len_s = math.hypot(rx, ry), math.hypot(sx, sy)
    slack_r, slack_s = _TOL / len_r, _TOL / len_s
    denom = rx * sy - ry * sx
    if abs(denom) > 1e-12 * len_r * len_s:
        t = (qx * sy - qy * sx) / denom
        u = (qx * ry - qy * rx) / denom
        if -slack_r <= t <= 1 + slack_r and -slack_s <= u <= 1 + slack_s:
            return [min(max(t, 0.0), 1.0)], [min(max(u, 0.0), 1.0)]
        return [], []
    if abs(qx * ry - qy * rx) > _TOL * len_r:
        return [], []
    # Collinear: cut each at the other's ends where they fall inside it.
    on_i = [((px - ax) * rx + (py - ay) * ry) / len_r**2 for px, py in ((cx, cy), (dx, dy))]
    on_j = [((px - cx) * sx + (py - cy) * sy) / len_s**2 for px, py in ((ax, ay), (bx, by))]
    return (
        [t for t in on_i if -slack_r <= t <= 1 + slack_r],
        [u for u in on_j if -slack_s <= u <= 1 + slack_s],
    )


def _meeting_pairs(segments: list[tuple[float, float, float, float, int]]) -> list[tuple[int, int]]:
    """Pairs ``i < j`` of segments within ``_TOL`` of each other, in order.

    A spatial index finds them, so a hall of hundreds of trays does not test every pair.
    """
    if len(segments) < 2:
        return []
    ends = np.array([s[:4] for s in segments], dtype=float).reshape(-1, 2, 2)
    lines = shapely.linestrings(ends)
    a, b = shapely.STRtree(lines).query(lines, predicate="dwithin", distance=_TOL)
    keep = a < b
    return sorted(zip(a[keep].tolist(), b[keep].tolist(), strict=True))


def build_graph(trays: Iterable[CableTray]) -> TrayGraph:
    """The graph of ``trays`` (all in one hall)."""
    trays = list(trays)
    segments: list[tuple[float, float, float, float, int]] = []
    for index, tray in enumerate(trays):
        for (ax, ay), (bx, by) in zip(tray.path, tray.path[1:], strict=False):
            if (ax, ay) != (bx, by):
                segments.append((ax, ay, bx, by, index))
    cuts: list[set[float]] = [{0.0, 1.0} for _ in segments]
    for i, j in _meeting_pairs(segments):
        on_i, on_j = _cuts(segments, i, j)
        cuts[i].update(on_i)
        cuts[j].update(on_j)

    nodes: dict[tuple[float, float, int], int] = {}

    def node(x: float, y: float, height: int) -> int:
        key = (round(x / _TOL) * _TOL, round(y / _TOL) * _TOL, height)
        return nodes.setdefault(key, len(nodes))

    eu: list[int] = []
    ev: list[int] = []
    lengths: list[float] = []
    owner: list[str] = []
    heights: list[float] = []
    capacity: list[float] = []
    for (ax, ay, bx, by, index), ts in zip(segments, cuts, strict=True):
        tray = trays[index]
        points = [(ax + t * (bx - ax), ay + t * (by - ay)) for t in sorted(ts)]
        for (px, py), (qx, qy) in itertools.pairwise(points):
            length = math.hypot(qx - px, qy - py)
            if length <= _TOL:
                continue
            eu.append(node(px, py, tray.height_mm))
            ev.append(node(qx, qy, tray.height_mm))
            lengths.append(length)
            owner.append(tray.id)
            heights.append(tray.height_mm)
            capacity.append(tray.width_mm * tray.depth_mm)
    plan_count = len(eu)
    by_plan_point: dict[tuple[float, float], list[tuple[int, int]]] = {}
    for (x, y, height), index in nodes.items():
        by_plan_point.setdefault((x, y), []).append((height, index))
    for stacked in by_plan_point.values():
        stacked.sort()
        for (low, a), (high, b) in itertools.pairwise(stacked):
            eu.append(a)
            ev.append(b)
            lengths.append(float(high - low))
            owner.append("")
            heights.append(float(low))
            capacity.append(math.inf)
    coords = np.array(list(nodes), dtype=float).reshape(-1, 3)
    u, v, length = np.array(eu, dtype=int), np.array(ev, dtype=int), np.array(lengths)
    return TrayGraph(
        nodes=coords,
        edge_u=u,
        edge_v=v,
        edge_length=length,
        edge_tray=tuple(owner),
        edge_height=np.array(heights),
        capacity_mm2=np.array(capacity),
        plan_edges=np.arange(plan_count),
        _searched=_Searched(len(nodes), u, v, length),
    )


class _Searched:
    """Shortest distances from the nodes searched so far to every node of a graph.

    ``rows`` and ``row`` search the nodes not searched before, all in one call of scipy's
    Dijkstra, and keep their rows in a table that grows by doubling (an edit that brings a
    rack onto a new piece of tray adds a row or two without copying the rest). A planner and
    an export may ask on two threads at once: a lock keeps the table and the rows' numbers
    in step, and a table handed out is never written where it has rows. Rows are single
    precision: half the memory, and integer millimetres are exact in it up to 16.7 km, far
    beyond any hall (the sums are made in double precision and rounded once).
    """

    def __init__(self, n: int, u: np.ndarray, v: np.ndarray, length: np.ndarray) -> None:
        self._edges = (n, u, v, length)
        self._matrix: Any = None
        self._row = np.full(n, -1, dtype=np.int64)
        self._table = np.empty((0, n), dtype=np.float32)
        self._count = 0
        self._lock = threading.Lock()

    def rows(self, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """A table of distances and the row in it of each of ``nodes``: ``table[row[i], w]``
        is the shortest distance between ``nodes[i]`` and node ``w`` (inf if unreachable)."""
        with self._lock:
            row = self._row[nodes]
            if row.min(initial=0) < 0:
                self._add(np.unique(nodes[row < 0]))
                row = self._row[nodes]
            return self._table, row

    def row(self, node: int) -> np.ndarray:
        """The shortest distance between ``node`` and each node (a path walked back asks
        for one row at a time, thousands of times a plan)."""
        with self._lock:
            if self._row[node] < 0:
                self._add(np.array([node]))
            return self._table[self._row[node]]

    def _add(self, new: np.ndarray) -> None:
        """Search the nodes ``new`` (none searched before) and keep their rows; the caller
        holds the lock."""
        start, end = self._count, self._count + len(new)
        if end > len(self._table):
            grown = np.empty((max(end, 2 * len(self._table)), self._edges[0]), np.float32)
            grown[:start] = self._table[:start]
            self._table = grown
        self._table[start:end] = self._search(new)
        self._row[new] = np.arange(start, end)
        self._count = end

    def _search(self, sources: np.ndarray) -> np.ndarray:
        """Shortest distances from each of ``sources`` to every node, a row per source."""
        # scipy.sparse takes a third of a second to import: a process that routes no hall
        # (the designer before its first check, most commands) does without it
        from scipy.sparse.csgraph import dijkstra

        if self._matrix is None:
            self._matrix = _adjacency(*self._edges)
        return dijkstra(self._matrix, directed=False, indices=sources)


def _adjacency(n: int, u: np.ndarray, v: np.ndarray, length: np.ndarray) -> Any:
    """The undirected graph of edges ``u``-``v`` as a sparse matrix for scipy's searches;
    where two edges join the same two nodes, the shorter (a sparse matrix would add them)."""
    from scipy.sparse import csr_array

    low, high = np.minimum(u, v), np.maximum(u, v)
    order = np.lexsort((length, high, low))
    low, high, length = low[order], high[order], length[order]
    shortest = np.r_[True, (low[1:] != low[:-1]) | (high[1:] != high[:-1])]
    return csr_array((length[shortest], (low[shortest], high[shortest])), shape=(n, n))
