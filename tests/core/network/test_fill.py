"""Tray fill is the cross-section at the fullest point, not every cable on the tray."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from designer.core.document import operations as ops
from designer.core.model.hall import CableTray
from designer.core.network.fill import edge_peaks
from designer.core.network.traygraph import build_graph
from tests.core.network.helpers import H100, add_hall, draw, new_doc, plan_of

FIBRE_MM2 = 3.0**2 * 0.785  # an MPO fibre cable of 3.0 mm (links B46)


def long_tray_with_two_pairs(second_pair_x):
    """Two pairs of racks on one 100 x 100 mm tray, 400 fibre links each."""
    doc, site = new_doc()
    hall = add_hall(doc, site)
    ops.add_tray(doc, hall, [(0, 1_800), (20_000, 1_800)], 2_700, 100, 100, "Long")
    a = ops.place_rack(doc, hall, H100, 0, 1_200)  # centre x 400
    b = ops.place_rack(doc, hall, H100, 1_800, 1_200)  # centre x 2,200
    c = ops.place_rack(doc, hall, H100, second_pair_x, 1_200)
    d = ops.place_rack(doc, hall, H100, second_pair_x + 1_800, 1_200)
    draw(doc, a, b, plane="storage", count=400)
    draw(doc, c, d, plane="storage", count=400)
    [fill] = [f for group in plan_of(doc).fills.values() for f in group]
    return fill


def test_cables_that_never_pass_the_same_point_do_not_add_up():
    # 400 x 7.065 = 2,826 mm², 28.3 % of 10,000 mm², at each end of the tray
    fill = long_tray_with_two_pairs(10_000)
    assert fill.area_mm2 == pytest.approx(400 * FIBRE_MM2)
    assert fill.fill == pytest.approx(0.2826)


def test_cables_side_by_side_do():
    # the second pair's run (x 1,400 to 3,200) overlaps the first's (400 to 2,200)
    fill = long_tray_with_two_pairs(1_000)
    assert fill.area_mm2 == pytest.approx(800 * FIBRE_MM2)
    # the marker sits where both runs overlap
    assert 1_400 <= fill.where[0] < 2_200


@given(
    st.lists(
        st.tuples(
            st.integers(0, 2),  # edge
            st.integers(0, 10).map(lambda v: v * 1_000.0),  # one end (on a 1 m grid, so
            st.integers(0, 10).map(lambda v: v * 1_000.0),  # ends meet starts often)
            st.integers(1, 4).map(lambda v: v * 1_000_000),  # area, um²
        ),
        max_size=30,
    )
)
def test_each_edge_peak_is_the_largest_load_at_any_one_point(cables):
    # three 10 m trays end to end; each cable stays on one; a cable covers [start, end)
    graph = build_graph(
        [
            CableTray(
                id=f"t{i}",
                hall_id="h",
                path=[(i * 10_000, 0), ((i + 1) * 10_000, 0)],
                height_mm=2_700,
                width_mm=600,
                depth_mm=100,
            )
            for i in range(3)
        ]
    )
    legs = np.array([(e, e, -1, -1) for e, _, _, _ in cables], dtype=np.int64).reshape(-1, 4)
    along = np.array([(a, b) for _, a, b, _ in cables], dtype=float).reshape(-1, 2)
    areas = np.array([area for *_, area in cables], dtype=np.int64)
    peaks = edge_peaks(graph, legs, along, areas)
    for e in range(3):
        spans = [(min(a, b), max(a, b), area) for edge, a, b, area in cables if edge == e]
        spans = [s for s in spans if s[0] < s[1]]

        def load(point, spans=spans):
            return sum(area for start, end, area in spans if start <= point < end)

        starts = sorted({start for start, _, _ in spans})
        peak = max((load(p) for p in starts), default=0)
        assert peaks.area_um2[e] == peak
        if peak:  # the first point it is reached at
            assert peaks.at_mm[e] == min(p for p in starts if load(p) == peak)
        else:
            assert peaks.at_mm[e] == 5_000
