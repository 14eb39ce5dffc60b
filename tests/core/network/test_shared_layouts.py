"""Halls laid out alike share their tray searches and rack anchors (issue 19).

What is shared is keyed on the tray graph's geometry, so a hall that differs (a rack moved,
trays of another length) gets what a hall planned on its own gets, and the tray names
stay each hall's own.
"""

import numpy as np
import pytest

from designer.core.document import operations as ops
from designer.core.model.hall import CableTray
from designer.core.network.routing import hall_floor, rack_anchors
from designer.core.network.traygraph import build_graph
from tests.core.network.helpers import H100, add_hall, draw, line_of, new_doc, plan_of, tray


def ladder(prefix: str, length: int = 10_000) -> list[CableTray]:
    """Two rows 2 m apart joined by rungs at 1 m, half way and 1 m from the end."""
    rows = [
        CableTray(
            id=f"{prefix}-row{y}",
            hall_id=prefix,
            path=[(0, y), (length, y)],
            height_mm=2_700,
            width_mm=600,
            depth_mm=100,
        )
        for y in (0, 2_000)
    ]
    rungs = [
        CableTray(
            id=f"{prefix}-rung{x}",
            hall_id=prefix,
            path=[(x, 0), (x, 2_000)],
            height_mm=2_700,
            width_mm=600,
            depth_mm=100,
        )
        for x in (1_000, length // 2, length - 1_000)
    ]
    return rows + rungs


def runs(graph, points):
    """Shortest runs between consecutive pairs of ``points`` along the trays."""
    at = graph.attach(np.array(points, dtype=float))
    return graph.between(at.edge[0::2], at.along_mm[0::2], at.edge[1::2], at.along_mm[1::2])


POINTS = [(4_000, 0), (6_000, 2_000), (0, 0), (9_500, 2_000), (2_500, 2_000), (2_500, 0)]


def test_a_hall_of_the_same_layout_reuses_the_searches_and_keeps_its_tray_names():
    graphs = {}
    first = build_graph(ladder("a")).sharing(graphs)
    expected = runs(first, POINTS)
    second = build_graph(ladder("b")).sharing(graphs)
    assert second.memo is first.memo
    for got, fresh in zip(runs(second, POINTS), expected, strict=True):
        np.testing.assert_array_equal(got, fresh)
    assert set(second.edge_tray) - {""} == {t.id for t in ladder("b")}


def test_a_hall_of_another_size_is_searched_on_its_own():
    graphs = {}
    runs(build_graph(ladder("a")).sharing(graphs), POINTS)
    longer = build_graph(ladder("b", length=12_000)).sharing(graphs)
    fresh = build_graph(ladder("b", length=12_000))
    assert len(graphs) == 2
    for got, alone in zip(runs(longer, POINTS), runs(fresh, POINTS), strict=True):
        np.testing.assert_array_equal(got, alone)
    # between (5,000, 0) and (5,000, 2,000) the short hall has a rung (2,000 mm); the long
    # one's middle rung is at 6,000: 1,000 + 2,000 + 1,000
    across = [(5_000, 0), (5_000, 2_000)]
    assert runs(build_graph(ladder("c")).sharing(graphs), across)[0][0] == pytest.approx(2_000)
    assert runs(longer, across)[0][0] == pytest.approx(4_000)


def test_a_rack_moved_in_a_hall_of_the_same_layout_gets_its_own_anchor():
    doc, site = new_doc()
    halls = [add_hall(doc, site, name) for name in ("A", "B")]
    for hall in halls:
        tray(doc, hall, [(0, 1_800), (20_000, 1_800)])
        tray(doc, hall, [(10_000, 1_800), (10_000, 9_000)])
    same = [ops.place_rack(doc, hall, H100, 0, 1_200) for hall in halls]
    moved = ops.place_rack(doc, halls[1], H100, 9_000, 5_000, 90)
    project = doc.project
    kind = doc.catalog.racks[H100]
    settings = project.settings.network
    trays = {h: [t for t in project.trays.values() if t.hall_id == h] for h in halls}
    graphs = {}
    floor_a = hall_floor(project.halls[halls[0]], trays[halls[0]], settings, 0, graphs)
    floor_b = hall_floor(project.halls[halls[1]], trays[halls[1]], settings, 1, graphs)
    alone = hall_floor(project.halls[halls[1]], trays[halls[1]], settings, 1)
    assert floor_b.graph.memo is floor_a.graph.memo
    rack_anchors([(project.placements[same[0]], kind)], floor_a, settings)
    in_b = [(project.placements[r], kind) for r in (same[1], moved)]
    assert rack_anchors(in_b, floor_b, settings) == rack_anchors(in_b, alone, settings)
    anchored = rack_anchors(in_b, floor_b, settings)
    assert anchored[moved].hall == halls[1]
    # turned a quarter at (9,000, 5,000): centre (9,600, 5,400), 400 mm from the cross tray
    assert anchored[moved].lateral == pytest.approx(400)
    assert anchored[moved].point != anchored[same[1]].point


def test_a_plan_of_alike_halls_routes_each_as_if_it_stood_alone():
    doc, site = new_doc()
    halls = [add_hall(doc, site, name) for name in ("A", "B")]
    bundles = []
    for hall, x in zip(halls, (5_600, 13_600), strict=True):
        tray(doc, hall, [(0, 1_800), (20_000, 1_800)])
        tray(doc, hall, [(14_000, 1_800), (14_000, 9_000)])
        a = ops.place_rack(doc, hall, H100, 0, 1_200)
        b = ops.place_rack(doc, hall, H100, x, 8_400 if x > 10_000 else 1_200)
        bundles.append(draw(doc, a, b, count=2))
    both = plan_of(doc)
    # hall A: along the row 5,600; hall B: along the row to the cross tray and down it
    assert line_of(both, bundles[0]).routed_m == pytest.approx((2 * 1_600 + 5_600 + 1_000) / 1000)
    assert line_of(both, bundles[1]).routed_m == pytest.approx(
        (2 * 1_600 + 13_600 + 7_200 + 1_000) / 1000
    )
