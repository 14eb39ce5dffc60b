"""The floor's grid of boxes: what a query finds, however the boxes were stored."""

from designer.core.geometry.footprint import Box
from designer.core.rules.grid import CELL_MM, Grid

# two racks side by side, one spanning four cells, one in another hall at the same place
BOXES = [
    ("a", "hall-1", Box(0, 0, 600, 1_200)),
    ("b", "hall-1", Box(600, 0, 1_200, 1_200)),
    ("wide", "hall-1", Box(CELL_MM - 100, CELL_MM - 100, CELL_MM + 100, CELL_MM + 100)),
    ("other", "hall-2", Box(0, 0, 600, 1_200)),
]


def test_a_filled_grid_finds_what_a_grid_built_box_by_box_finds():
    filled, put = Grid(), Grid()
    filled.fill(BOXES)
    for key, hall, box in BOXES:
        put.put(key, hall, box)
    for probe in (Box(500, 500, 700, 700), Box(CELL_MM, CELL_MM, CELL_MM + 1, CELL_MM + 1)):
        assert filled.touching("hall-1", probe) == put.touching("hall-1", probe)
    assert set(filled.touching("hall-1", Box(500, 500, 700, 700))) == {"a", "b"}
    assert set(filled.touching("hall-1", Box(CELL_MM + 50, 0, CELL_MM + 60, CELL_MM))) == {"wide"}
    assert set(filled.touching("hall-2", Box(0, 0, 10, 10))) == {"other"}


def test_a_box_moved_after_the_fill_leaves_no_trace_in_its_old_cells():
    grid = Grid()
    grid.fill(BOXES)
    grid.put("wide", "hall-1", Box(10 * CELL_MM, 0, 10 * CELL_MM + 600, 1_200))
    assert "wide" not in grid.touching("hall-1", Box(CELL_MM, CELL_MM, CELL_MM + 1, CELL_MM + 1))
    assert grid.box("wide") == Box(10 * CELL_MM, 0, 10 * CELL_MM + 600, 1_200)
