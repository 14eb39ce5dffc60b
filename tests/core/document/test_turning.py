"""Turning a rack on the tile grid keeps it on the grid (hall H: 600 mm tiles)."""

import pytest

from designer.core.document import operations as ops

NVL72 = "nvidia-gb200-nvl72"  # 600 x 1,068 mm


def test_a_rack_on_the_grid_turns_onto_the_grid_and_back_where_it_was(doc):
    rack = ops.place_rack(doc, "hall-001", NVL72, 1_200, 2_400, 0)
    # keeping its centre (1,500, 2,934) would put the turned corner at (966, 2,634)
    ops.rotate(doc, [rack])
    turned = doc.project.placements[rack]
    assert (turned.x, turned.y, turned.rotation) == (1_200, 2_400, 90)
    for _ in range(3):
        ops.rotate(doc, [rack])
    back = doc.project.placements[rack]
    assert (back.x, back.y, back.rotation) == (1_200, 2_400, 0)


@pytest.mark.parametrize("how", ["update", "set_rotation"])
def test_every_way_of_turning_keeps_a_rack_on_the_grid(doc, how):
    rack = ops.place_rack(doc, "hall-001", NVL72, 3_000, 1_800, 180)
    if how == "update":
        ops.update(doc, rack, rotation=270)
    else:
        ops.set_rotation(doc, [rack], 270)
    turned = doc.project.placements[rack]
    assert turned.rotation == 270
    assert turned.x % 600 == 0 and turned.y % 600 == 0


def test_a_rack_lined_up_off_the_grid_turns_about_its_centre(doc):
    # fronts lined up at y = 2,400 put the corner at 1,332: that is kept, not snapped
    rack = ops.place_rack(doc, "hall-001", NVL72, 2_100, 1_332, 180)
    ops.rotate(doc, [rack])
    turned = doc.project.placements[rack]
    assert (turned.x, turned.y) == (2_100 + 300 - 534, 1_332 + 534 - 300)
