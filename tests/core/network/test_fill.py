"""Tray fill is the cross-section at the fullest point, not every cable on the tray."""

import pytest

from designer.core.document import operations as ops
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
