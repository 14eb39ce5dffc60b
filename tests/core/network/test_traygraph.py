"""The tray graph: trays cut where they meet, shortest runs, where points attach."""

import heapq

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from designer.core.model.hall import CableTray
from designer.core.network.traygraph import build_graph


def tray(tray_id, path, height=2_700):
    return CableTray(
        id=tray_id, hall_id="h", path=path, height_mm=height, width_mm=600, depth_mm=100
    )


def run(graph, a, b):
    """The shortest run between two plan points on the trays."""
    at = graph.attach(np.array([a, b], dtype=float))
    dist, _, _ = graph.between(at.edge[:1], at.along_mm[:1], at.edge[1:], at.along_mm[1:])
    return float(dist[0])


def test_crossing_trays_are_cut_so_a_cable_can_turn_there():
    graph = build_graph(
        [tray("a", [(0, 0), (10_000, 0)]), tray("b", [(4_000, -3_000), (4_000, 3_000)])]
    )
    assert sorted(graph.edge_length.tolist()) == [3_000, 3_000, 4_000, 6_000]
    # (1,000, 0) to (4,000, 2,000): 3,000 along a, 2,000 along b
    assert run(graph, (1_000, 0), (4_000, 2_000)) == pytest.approx(5_000)


def test_a_tray_ending_on_another_joins_it():
    graph = build_graph(
        [tray("row", [(0, 0), (8_000, 0)]), tray("spur", [(3_000, 0), (3_000, 5_000)])]
    )
    assert run(graph, (7_000, 0), (3_000, 5_000)) == pytest.approx(4_000 + 5_000)


def test_trays_that_do_not_meet_are_not_joined():
    graph = build_graph([tray("a", [(0, 0), (1_000, 0)]), tray("b", [(0, 500), (1_000, 500)])])
    assert run(graph, (0, 0), (0, 500)) == np.inf


def test_overlapping_trays_share_their_ends():
    graph = build_graph([tray("a", [(0, 0), (6_000, 0)]), tray("b", [(4_000, 0), (9_000, 0)])])
    assert run(graph, (1_000, 0), (8_500, 0)) == pytest.approx(7_500)


def test_trays_at_two_heights_join_by_their_height_difference():
    # a at 2,700 mm ends where b at 3,000 mm starts: a 300 mm climb between them
    graph = build_graph(
        [tray("a", [(0, 0), (4_000, 0)]), tray("b", [(4_000, 0), (4_000, 5_000)], height=3_000)]
    )
    assert run(graph, (1_000, 0), (4_000, 3_000)) == pytest.approx(3_000 + 300 + 3_000)


def test_two_trays_laid_along_the_same_line_count_once():
    # the same run twice (two trays side by side on one centre line): 5,000 mm, not 10,000
    graph = build_graph(
        [
            tray("a", [(0, 0), (5_000, 0), (5_000, 2_000)]),
            tray("b", [(0, 0), (5_000, 0)]),
        ]
    )
    assert run(graph, (0, 0), (5_000, 1_000)) == pytest.approx(5_000 + 1_000)


def ladder():
    """Two 10 m rows 2 m apart (y = 0 and y = 2,000) joined by rungs at x = 1, 5 and 9 m."""
    rows = [tray(f"row{y}", [(0, y), (10_000, y)]) for y in (0, 2_000)]
    rungs = [tray(f"rung{x}", [(x, 0), (x, 2_000)]) for x in (1_000, 5_000, 9_000)]
    return build_graph(rows + rungs)


def test_the_shortest_of_several_routes_is_taken():
    graph = ladder()
    points = np.array([[4_000, 0], [6_000, 2_000], [0, 0], [10_000, 2_000]], dtype=float)
    at = graph.attach(points)
    first, second = [0, 0, 2, 1], [1, 2, 3, 3]
    dist, node_a, node_b = graph.between(
        at.edge[first], at.along_mm[first], at.edge[second], at.along_mm[second]
    )
    # 4 to 6 m across by the rung at 5 m: 1,000 + 2,000 + 1,000
    # (4, 0) to (0, 0) along the row: 4,000
    # (0, 0) to (10, 2) by the rung at 1 or 9 m: 10,000 + 2,000 either way
    # (6, 2) to (10, 2) along the row: 4,000
    assert dist.tolist() == pytest.approx([4_000, 4_000, 12_000, 4_000])
    # the walk back between the nodes it leaves and joins at climbs the middle rung
    path = graph.path_edges(int(node_a[0]), int(node_b[0]))
    assert [graph.edge_tray[e] for e in path] == ["rung5000"]


def test_a_path_no_run_asked_for_is_walked_the_shortest_way():
    graph = ladder()
    node = {(x, y): i for i, (x, y, _) in enumerate(graph.nodes.tolist())}
    # from the top row's left end to the bottom row's right end: 10 m along, 2 m across
    path = graph.path_edges(node[(0, 0)], node[(10_000, 2_000)])
    assert sum(graph.edge_length[e] for e in path) == pytest.approx(12_000)
    # each edge starts where the one before it ended
    at = node[(0, 0)]
    for e in path:
        u, v = int(graph.edge_u[e]), int(graph.edge_v[e])
        assert at in (u, v)
        at = v if at == u else u
    assert at == node[(10_000, 2_000)]


def test_runs_asked_for_a_few_at_a_time_are_those_asked_for_at_once():
    # every point of a 1 m grid over the ladder's trays, paired with every other
    graph = ladder()
    grid = [(x, y) for x in range(0, 10_001, 1_000) for y in (0, 2_000)]
    grid += [(x, y) for x in (1_000, 5_000, 9_000) for y in (500, 1_500)]
    at = graph.attach(np.array(grid, dtype=float))
    a, b = (m.ravel() for m in np.meshgrid(np.arange(len(grid)), np.arange(len(grid))))

    def between(rows):
        return graph.between(
            at.edge[a[rows]], at.along_mm[a[rows]], at.edge[b[rows]], at.along_mm[b[rows]]
        )[0]

    in_turns = np.concatenate([between(rows) for rows in np.array_split(np.arange(len(a)), 7)])
    at_once = between(np.arange(len(a)))
    assert in_turns.tolist() == at_once.tolist()

    def by_hand(p, q):
        """Along the trays between two grid points: along a row, or across by a rung."""
        (px, py), (qx, qy) = p, q
        if px == qx and (px in (1_000, 5_000, 9_000) or py == qy):
            return abs(py - qy) + abs(px - qx)
        if py == qy and py in (0, 2_000):
            return abs(px - qx)
        # to a row end of each point's rung or row, then across the best rung
        up = (
            [(py, 0), (2_000 - py, 2_000)]
            if px in (1_000, 5_000, 9_000) and 0 < py < 2_000
            else [(0, py)]
        )
        down = (
            [(qy, 0), (2_000 - qy, 2_000)]
            if qx in (1_000, 5_000, 9_000) and 0 < qy < 2_000
            else [(0, qy)]
        )
        return min(
            climb + abs(px - r) + (0 if y1 == y2 else 2_000) + abs(r - qx) + drop
            for climb, y1 in up
            for drop, y2 in down
            for r in (1_000, 5_000, 9_000)
        )

    assert at_once.tolist() == pytest.approx(
        [by_hand(grid[i], grid[j]) for i, j in zip(a, b, strict=True)]
    )


def test_points_attach_to_the_nearest_tray_point():
    graph = build_graph([tray("a", [(0, 0), (6_000, 0), (6_000, 6_000)])])
    at = graph.attach(np.array([[1_000.0, 300.0], [6_400.0, 2_500.0], [-300.0, -400.0]]))
    assert at.lateral_mm.tolist() == pytest.approx([300, 400, 500])
    assert [graph.edge_tray[e] for e in at.edge] == ["a", "a", "a"]


def test_looking_near_first_attaches_as_the_nearest_search_does():
    # the ladder's rows and rungs; points under a tray, between two equally near trays
    # (the lowest edge number wins), and farther than the near distance from any tray
    graph = ladder()
    points = np.array(
        [
            [2_500.0, 100.0],
            [3_000.0, 1_000.0],  # 1 m from both rows
            [1_000.0, 1_000.0],  # on a rung, 1 m from both rows
            [7_000.0, 1_000.0],  # 2 m from the rungs at 5 and 9 m, 1 m from the rows
            [12_000.0, 0.0],  # 2 m beyond the top row's end
            [-4_000.0, -3_000.0],  # 5 m from the nearest corner
        ]
    )
    searched = graph.attach(points)
    for near_mm in (0.0, 500.0, 1_000.0, 1_200.0, 10_000.0):
        first = graph.attach(points, near_mm)
        assert first.edge.tolist() == searched.edge.tolist()
        assert first.lateral_mm.tolist() == searched.lateral_mm.tolist()
    assert searched.lateral_mm.tolist() == pytest.approx([100, 1_000, 0, 1_000, 2_000, 5_000])
    # equally near: the top row's piece (the lower edge number) over the bottom row's
    assert graph.nodes[graph.edge_u[searched.edge[1]], 1] == 0


def test_a_hall_without_trays_attaches_nothing():
    at = build_graph([]).attach(np.array([[0.0, 0.0]]))
    assert at.edge.tolist() == [-1]
    assert at.lateral_mm.tolist() == [np.inf]


@given(
    st.lists(
        st.tuples(
            st.integers(0, 20).map(lambda v: v * 600),
            st.integers(0, 20).map(lambda v: v * 600),
            st.integers(0, 20).map(lambda v: v * 600),
            st.integers(0, 20).map(lambda v: v * 600),
        ).filter(lambda s: s[:2] != s[2:]),
        max_size=25,
    )
)
def test_the_spatial_index_finds_every_pair_of_meeting_tray_pieces(raw):
    # Axis-aligned and diagonal pieces on a 600 mm grid meet in every way (cross, touch,
    # overlap, end on another); the index must find exactly the pairs a test of every
    # pair finds.
    from designer.core.network import traygraph

    segments = [(*s, index) for index, s in enumerate(raw)]
    every = [
        (i, j)
        for i in range(len(segments))
        for j in range(i + 1, len(segments))
        if any(traygraph._cuts(segments, i, j))
    ]
    found = [
        (i, j)
        for i, j in traygraph._meeting_pairs(segments)
        if any(traygraph._cuts(segments, i, j))
    ]
    assert found == every


def heap_search(graph, source):
    """Every node's shortest distance from ``source``: a plain heap search, to compare."""
    around = {}
    ends = (graph.edge_u.tolist(), graph.edge_v.tolist(), graph.edge_length.tolist())
    for u, v, d in zip(*ends, strict=True):
        around.setdefault(u, []).append((v, d))
        around.setdefault(v, []).append((u, d))
    settled, heap = {}, [(0.0, source)]
    while heap:
        distance, node = heapq.heappop(heap)
        if node not in settled:
            settled[node] = distance
            for other, d in around.get(node, ()):
                heapq.heappush(heap, (distance + d, other))
    return settled


def hall_grid():
    """A large hall's trays: 18 rows and 18 cross trays 1,300 mm apart (the rows cut at
    every crossing: over 300 nodes), cross trays at another height from the rows, a
    diagonal, and a tray apart that no other meets."""
    rows = [tray(f"r{i}", [(0, i * 1_300), (22_100, i * 1_300)]) for i in range(18)]
    cross = [tray(f"c{i}", [(i * 1_300, 0), (i * 1_300, 22_100)], 3_000) for i in range(18)]
    diagonal = [tray("d", [(0, 0), (22_100, 22_100)])]
    apart = [tray("x", [(40_000, 0), (40_000, 9_000)])]
    return build_graph(rows + cross + diagonal + apart)


def test_runs_across_a_large_hall_are_those_a_plain_heap_search_finds():
    # runs from a corner to every node (searches that cross the hall are finished over
    # the whole graph at once) and between near neighbours (searches that stop early)
    graph = hall_grid()
    n = len(graph.nodes)
    assert n > 300
    far = np.arange(n)
    near_a, near_b = graph.edge_u[:200], graph.edge_v[:200]
    sources = np.concatenate([np.zeros(n, dtype=int), np.full(n, n - 1), near_a])
    targets = np.concatenate([far, far, near_b])
    found = graph._searched.distances(sources, targets)
    first, last = heap_search(graph, 0), heap_search(graph, n - 1)
    expected = [first.get(t, np.inf) for t in far.tolist()]
    expected += [last.get(t, np.inf) for t in far.tolist()]
    expected += [
        heap_search(graph, a)[b] for a, b in zip(near_a.tolist(), near_b.tolist(), strict=True)
    ]
    assert found.tolist() == expected  # to the last bit
    assert np.isinf(found[:n]).sum() == 2  # the tray apart: its two ends
    # the walk back along a whole search is the walk a fresh graph makes
    fresh = hall_grid()
    for target in (n // 3, n // 2, n - 3):
        assert graph.path_edges(target, 0) == fresh.path_edges(target, 0)
