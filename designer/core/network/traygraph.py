"""The cable trays of one hall as a graph, and shortest runs along it.

Tray centre lines are cut wherever two trays cross, touch, overlap or where one tray's end
lies on another, so a cable can turn from one tray onto the other there. Each piece is an
edge; where two trays meet at different heights a vertical edge of the height difference
joins them. Shortest distances are searched from the nodes where runs join the trays, and
only as far as the runs asked of each need: a heap Dijkstra from each such node, stopped
once it has settled the nodes asked of it and resumed when a farther one is asked (a rack
moved to another tray). What they settle is kept, so a run asked again is a lookup, and the
thousands of bundles of a hall are routed as arrays. In a large graph, the few searches
that must cross it (a spine rack's runs to every corner of one big hall) are finished
together as arrays over the whole graph. The all-pairs table this replaced
(Floyd-Warshall) grew with the cube of a hall's tray nodes, two thirds of planning a hall
of 6,912 racks. A path is walked back from the distances when one is needed: from each
node, the edge whose length plus the distance left is the distance still to go.

A point of the floor (a rack's top, the hall's cable entry) attaches to the nearest point
of any tray centre line; the plan distance to it is the lateral run from the point to the
tray.
"""

from __future__ import annotations

import heapq
import itertools
import math
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import cast

import numpy as np
import shapely

from designer.core.model.hall import CableTray
from designer.core.network.distinct import distinct_codes

#: Intersections and merged nodes are compared at a micrometre.
_TOL = 1e-3
#: In a graph of at least ``_WHOLE_NODES`` nodes, a search that settles more than one
#: ``_WHOLE_SHARE``-th of them without reaching what it was asked for is finished over the
#: whole graph, ``_WHOLE_BATCH`` such searches together (one array column each). Searches
#: that reach across a hall settle most of it; the rest stop within a few dozen nodes.
_WHOLE_NODES, _WHOLE_SHARE, _WHOLE_BATCH = 256, 16, 256


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
    _tree: dict[str, shapely.STRtree] = field(default_factory=dict)
    #: What callers work out from this graph's geometry alone (a rack's attachment), kept
    #: under their own keys and shared, like the searches, by every graph of that geometry.
    memo: dict[object, object] = field(default_factory=dict)

    def geometry(self) -> bytes:
        """What everything but the tray names and sizes depends on: nodes, edges in order,
        their lengths and heights, and how many lie along trays."""
        parts = (self.nodes, self.edge_u, self.edge_v, self.edge_length, self.edge_height)
        return len(self.plan_edges).to_bytes(8, "little") + b"".join(
            np.ascontiguousarray(part).tobytes() + str(part.shape).encode() for part in parts
        )

    def sharing(self, graphs: dict[bytes, TrayGraph]) -> TrayGraph:
        """This graph, with the searches, paths, spatial index and memo of the graph of the
        same geometry in ``graphs`` if there is one (else it is recorded there).

        A campus repeats a few hall layouts many times: their halls' runs are searched once
        per layout, not once per hall. Tray names and sizes (fill, capacity) stay each
        graph's own.
        """
        first = graphs.setdefault(self.geometry(), self)
        if first is self:
            return self
        return replace(
            self, _searched=first._searched, _paths=first._paths, _tree=first._tree, memo=first.memo
        )

    def point_along(self, edge: int, along_mm: float) -> tuple[float, float]:
        """The plan point ``along_mm`` from ``edge``'s first node."""
        u, v = self.nodes[self.edge_u[edge]], self.nodes[self.edge_v[edge]]
        t = along_mm / self.edge_length[edge]
        return (float(u[0] + t * (v[0] - u[0])), float(u[1] + t * (v[1] - u[1])))

    def attach(self, points: np.ndarray, near_mm: float = 0.0) -> Attachment:
        """The nearest tray point to each plan point ``(x, y)`` (shape ``(n, 2)``).

        The nearest piece of tray comes from a spatial index of the plan edges (the lowest
        edge number among equally near ones); an empty graph attaches nothing: edge ``-1``
        and an infinite lateral distance. Pieces within ``near_mm`` of a point are looked
        for first, as one query for all points, and only the points with none that near
        are searched for the nearest: most racks stand under a tray, and the nearest-piece
        search costs several times as much per point (a hall of 7,722 racks: 27 ms).
        """
        n = len(points)
        edges = self.plan_edges
        if n == 0 or len(edges) == 0:
            return Attachment(
                np.full(n, -1), np.zeros(n), np.full(n, np.inf), np.full((n, 2), np.inf)
            )
        tree = self._edge_tree()
        shapes = cast(np.ndarray, shapely.points(points))  # one point per row: an array
        which, nearest = tree.query(shapes, predicate="dwithin", distance=near_mm)
        gap = shapely.distance(shapes[which], tree.geometries[nearest])
        # per point, its candidates from the nearest, the lowest edge number among equals
        order = np.lexsort((nearest, gap, which))
        best = np.full(n, -1, dtype=np.int64)
        _first_of_each(best, which[order], nearest[order])
        far = np.flatnonzero(best < 0)
        if len(far):
            which, nearest = tree.query_nearest(shapes[far], all_matches=True)
            order = np.lexsort((nearest, which))
            found = np.full(len(far), -1, dtype=np.int64)
            _first_of_each(found, which[order], nearest[order])
            best[far] = found
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
        found = self.attach(points, reach_mm)
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
            found = self._tree["plan"] = shapely.STRtree(_lines(ends))
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
        same = edge_a == edge_b
        apart = ~same
        # searched from the b ends: the nodes a path to them is later walked back from
        pairs = [(i, j) for i in (0, 1) for j in (0, 1)]
        found = self._searched.distances(
            np.concatenate([ends_b[j][apart] for _, j in pairs]),
            np.concatenate([ends_a[i][apart] for i, _ in pairs]),
        )
        for (i, j), part in zip(pairs, np.split(found, 4), strict=True):
            gap = np.full(len(edge_a), np.inf)
            gap[apart] = part
            total = to_a[i] + gap + to_b[j]
            better = total < best
            best = np.where(better, total, best)
            node_a = np.where(better, ends_a[i], node_a)
            node_b = np.where(better, ends_b[j], node_b)
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
            # from v, settled out to u: every node a shortest path from u passes is nearer
            # v, so settled; any other is unsettled (infinite here) or farther
            left = self._searched.settled(v, u)
            around = self._searched.adjacent()
            edges = []
            at = u
            while at != v and at in left:
                best, step, to = math.inf, -1, -1
                for other, length, edge in around[at]:  # in edge order: the first of equals
                    total = length + left.get(other, math.inf)
                    if total < best:
                        best, step, to = total, edge, other
                edges.append(step)
                at = to
            found = tuple(edges)
            self._paths[key] = found
        return found


def _first_of_each(into: np.ndarray, which: np.ndarray, value: np.ndarray) -> None:
    """Set ``into[w]`` to the first ``value`` listed for each ``w`` of ``which`` (sorted so
    that equal ``which`` are together, the wanted one first)."""
    keep = np.r_[True, which[1:] != which[:-1]] if len(which) else np.zeros(0, dtype=bool)
    into[which[keep]] = value[keep]


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


def _lines(ends: np.ndarray) -> np.ndarray:
    """The line of each row of ``ends`` (its start and end points), as one array."""
    # Rows of point pairs always give an array of lines; the stubs also allow the single
    # line that one sequence of points gives.
    return cast(np.ndarray, shapely.linestrings(ends))


def _meeting_pairs(segments: list[tuple[float, float, float, float, int]]) -> list[tuple[int, int]]:
    """Pairs ``i < j`` of segments within ``_TOL`` of each other, in order.

    A spatial index finds them, so a hall of hundreds of trays does not test every pair.
    """
    if len(segments) < 2:
        return []
    ends = np.array([s[:4] for s in segments], dtype=float).reshape(-1, 2, 2)
    lines = _lines(ends)
    a, b = shapely.STRtree(lines).query(lines, predicate="dwithin", distance=_TOL)
    keep = a < b
    return sorted(zip(a[keep].tolist(), b[keep].tolist(), strict=True))


def build_graph(trays: Iterable[CableTray]) -> TrayGraph:
    """The graph of ``trays`` (all in one hall)."""
    trays = list(trays)
    segments: list[tuple[float, float, float, float, int]] = []
    for index, tray in enumerate(trays):
        for start, end in zip(tray.path, tray.path[1:], strict=False):
            if start != end:
                segments.append((*start, *end, index))
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
    u, v, edge_length = np.array(eu, dtype=int), np.array(ev, dtype=int), np.array(lengths)
    return TrayGraph(
        nodes=coords,
        edge_u=u,
        edge_v=v,
        edge_length=edge_length,
        edge_tray=tuple(owner),
        edge_height=np.array(heights),
        capacity_mm2=np.array(capacity),
        plan_edges=np.arange(plan_count),
        _searched=_Searched(len(nodes), u, v, edge_length),
    )


class _Searched:
    """Shortest distances from the nodes searched so far, as far as each was asked for.

    Each searched node keeps the distances of the nodes its search has settled, and the
    heap the search stopped at, so asking for a farther node resumes it rather than
    starting again. A search stops once it has settled the nodes asked of it: every node
    nearer than those is settled too (Dijkstra settles in order of distance), so a path to
    them can be walked back from what it settled. Only settled nodes are kept, so the
    memory grows with the runs asked for, not with the square of the hall's nodes. A
    planner and an export may ask on two threads at once: a lock keeps the searches in
    step, and a search only ever gains settled nodes, which a reader does not need.

    In a large graph, a search that must reach across it (a spine rack's runs to leaves in
    every corner of one big hall) is finished over the whole graph, with every other such
    search, by relaxing all edges at once as arrays (``_whole``): the per-node heap work of
    a few dozen whole-graph searches was most of routing such a hall.

    scipy.sparse.csgraph.dijkstra would search in C, but importing it costs a third of a
    second and 30 MB in every process that routes; searches stopped near their targets
    make the Python heap quick enough.
    """

    def __init__(self, n: int, u: np.ndarray, v: np.ndarray, length: np.ndarray) -> None:
        self._edges = (n, u, v, length)
        self._adjacent: list[list[tuple[int, float, int]]] | None = None
        self._by_place: list[tuple[np.ndarray | None, np.ndarray, np.ndarray]] | None = None
        #: per searched node: the distance of each node settled, and the heap left
        self._searches: dict[int, tuple[dict[int, float], list[tuple[float, int]]]] = {}
        self._lock = threading.Lock()

    def adjacent(self) -> list[list[tuple[int, float, int]]]:
        """Each node's ``(neighbour, length, edge)`` along its edges, in edge order (made
        once; two threads making it at once make the same lists)."""
        if self._adjacent is None:
            self._adjacent = _adjacency(*self._edges)
        return self._adjacent

    def distances(self, sources: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """The shortest distance between ``sources[i]`` and ``targets[i]`` along the edges
        (inf where none joins them)."""
        n = self._edges[0]
        pairs, inverse = distinct_codes(sources * n + targets, n * n)
        pairs = pairs.tolist()
        # in a graph this large, a search past this many nodes is finished as a whole
        budget = n // _WHOLE_SHARE if n >= _WHOLE_NODES else None
        with self._lock:
            wanted: dict[int, set[int]] = {}
            for pair in pairs:
                source, target = divmod(pair, n)
                search = self._searches.get(source)
                if search is None or target not in search[0]:
                    wanted.setdefault(source, set()).add(target)
            whole = [s for s, these in wanted.items() if not self._resume(s, these, budget)]
            for first in range(0, len(whole), _WHOLE_BATCH):
                self._whole(whole[first : first + _WHOLE_BATCH])
            searches = self._searches
            found = [searches[p // n][0].get(p % n, math.inf) for p in pairs]
        distance: np.ndarray = np.array(found, dtype=float)[inverse]
        return distance

    def settled(self, source: int, target: int) -> dict[int, float]:
        """The distances from ``source`` of the nodes settled, at least out to ``target``."""
        with self._lock:
            search = self._searches.get(source)
            if search is None or target not in search[0]:
                self._resume(source, {target})
            return self._searches[source][0]

    def _resume(self, source: int, wanted: set[int], budget: int | None = None) -> bool:
        """Carry the search from ``source`` on until every node of ``wanted`` is settled
        (or no node is left to reach); under the lock. With a ``budget``, stop once the
        search has settled that many nodes and say so (False): it is to be finished whole.
        """
        settled, heap = self._searches.setdefault(source, ({}, [(0.0, source)]))
        adjacent = self.adjacent()
        wanted = wanted - settled.keys()
        limit = math.inf if budget is None else budget
        pop, push = heapq.heappop, heapq.heappush
        while wanted and heap:
            if len(settled) >= limit:
                return False
            distance, node = pop(heap)
            if node in settled:
                continue
            settled[node] = distance
            wanted.discard(node)
            for other, length, _ in adjacent[node]:
                if other not in settled:
                    push(heap, (distance + length, other))
        return True

    def _whole(self, sources: list[int]) -> None:
        """Finish the searches from ``sources`` over the whole graph; under the lock.

        Every node's distance from each source is relaxed along all its edges at once
        (one array row per node and one column per source) until nothing shortens. Each
        distance is then the least, over the node's neighbours, of the neighbour's distance
        plus the edge's length, added as the heap search adds them; lengths are positive,
        so only one set of distances satisfies that, and it is the one the heap search
        settles: to the last bit. Starting from a search's own distances so far changes
        nothing of that (each is a sum along some path, never below the shortest).
        """
        n = self._edges[0]
        if self._by_place is None:
            self._by_place = self._places()
        (_, neighbour, length), *places = self._by_place
        found = np.full((n, len(sources)), np.inf)
        # each from where its heap search stopped: the nodes it settled at their distances,
        # those on its heap at the distances found so far (fewer rounds to go)
        begun: list[int] = []
        columns: list[int] = []
        begun_at: list[float] = []
        for column, source in enumerate(sources):
            settled, heap = self._searches[source]
            begun += settled
            begun_at += settled.values()
            begun += (node for _, node in heap)
            begun_at += (distance for distance, _ in heap)
            columns += [column] * (len(settled) + len(heap))
        np.minimum.at(found, (np.array(begun), np.array(columns)), np.array(begun_at))
        best, step = np.empty_like(found), np.empty_like(found)
        while True:
            np.add(found[neighbour], length, out=best)
            for rows, other, more in places:
                if rows is None:
                    np.add(found[other], more, out=step)
                    np.minimum(best, step, out=best)
                else:
                    best[rows] = np.minimum(best[rows], found[other] + more)
            if not (best < found).any():
                break
            np.minimum(best, found, out=found)
        reached = np.isfinite(found)
        everywhere = reached.all(axis=0).tolist()
        for column, source in enumerate(sources):
            row = found[:, column]
            if everywhere[column]:
                settled = dict(zip(range(n), row.tolist(), strict=True))
            else:  # a graph in pieces: only the nodes reached are settled
                nodes = np.flatnonzero(reached[:, column])
                settled = dict(zip(nodes.tolist(), row[nodes].tolist(), strict=True))
            self._searches[source] = (settled, [])

    def _places(self) -> list[tuple[np.ndarray | None, np.ndarray, np.ndarray]]:
        """Each node's neighbours by place (its first, second, ... neighbour), as arrays
        ``(rows, neighbour, length)`` per place, ``length`` a column to add to a row per
        node. A place most nodes fill covers every node (``rows`` None; a node without
        that neighbour has itself at an infinite length); a place few fill (the fourth of
        a crossing) lists only the nodes that fill it."""
        n = self._edges[0]
        adjacent = self.adjacent()
        places: list[tuple[np.ndarray | None, np.ndarray, np.ndarray]] = []
        for place in range(max((len(around) for around in adjacent), default=0) or 1):
            rows = [node for node, around in enumerate(adjacent) if len(around) > place]
            other = [adjacent[node][place][0] for node in rows]
            d = [adjacent[node][place][1] for node in rows]
            if place == 0 or 2 * len(rows) > n:
                neighbour, length = np.arange(n), np.full(n, np.inf)
                neighbour[rows], length[rows] = other, d
                places.append((None, neighbour, length[:, None]))
            else:
                places.append((np.array(rows, dtype=int), np.array(other), np.array(d)[:, None]))
        return places


def _adjacency(
    n: int, u: np.ndarray, v: np.ndarray, length: np.ndarray
) -> list[list[tuple[int, float, int]]]:
    """Each node's ``(neighbour, length, edge)`` along its edges, in edge order."""
    adjacent: list[list[tuple[int, float, int]]] = [[] for _ in range(n)]
    for edge, (a, b, d) in enumerate(zip(u.tolist(), v.tolist(), length.tolist(), strict=True)):
        adjacent[a].append((b, d, edge))
        adjacent[b].append((a, d, edge))
    return adjacent
