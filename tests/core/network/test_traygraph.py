"""The tray graph: trays cut where they meet, shortest runs, where points attach."""

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


def test_points_attach_to_the_nearest_tray_point():
    graph = build_graph([tray("a", [(0, 0), (6_000, 0), (6_000, 6_000)])])
    at = graph.attach(np.array([[1_000.0, 300.0], [6_400.0, 2_500.0], [-300.0, -400.0]]))
    assert at.lateral_mm.tolist() == pytest.approx([300, 400, 500])
    assert [graph.edge_tray[e] for e in at.edge] == ["a", "a", "a"]


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
