"""Hit tests on a hall without a window: a click, a rubber band, the walls, after a move."""

import pytest

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.geometry.footprint import Box
from designer.core.geometry.picking import Picker
from designer.core.model.project import Project, ProjectMeta

NVL72 = "nvidia-gb200-nvl72"  # 600 x 1,068 mm on the floor


@pytest.fixture
def doc():
    """A 12 x 9 m hall: two racks side by side at (1.2 m, 1.2 m), a tray along y = 1.5 m
    over them, a column at (6 m, 6 m)."""
    doc = Document(Project(meta=ProjectMeta(name="Picking")))
    site = ops.add_site(doc, "Site 1", power_capacity_kw=500, cooling_capacity_kw=500)
    hall = ops.add_hall(
        doc,
        site,
        "Hall 1",
        12_000,
        9_000,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=500,
        cooling_capacity_kw=500,
    )
    ops.place_rack(doc, hall, NVL72, 1_200, 1_200, 0, "A")
    ops.place_rack(doc, hall, NVL72, 1_800, 1_200, 0, "B")
    ops.add_tray(doc, hall, [(600, 1_500), (4_000, 1_500)], 2_700, 300, 100, "T")
    ops.add_obstacle(doc, hall, "column", ops.rectangle(6_000, 6_000, 600, 600), "C1")
    return doc


def ids(doc, *labels):
    named = {e.label or e.name: e.id for e in doc.project.placements.values()}
    named |= {t.name: t.id for t in doc.project.trays.values()}
    named |= {o.label: o.id for o in doc.project.obstacles.values()}
    return [named[label] for label in labels]


def picker(doc):
    hall = next(iter(doc.project.halls))
    return Picker(doc.project, hall, doc.rack_types)


def test_a_click_finds_the_rack_before_the_tray_over_it(doc):
    pick = picker(doc)
    (a, b, tray, column) = ids(doc, "A", "B", "T", "C1")
    assert pick.at(1_500, 1_500) == a  # under the tray, on rack A
    assert pick.at(2_100, 1_500) == b
    assert pick.at(3_000, 1_500) == tray  # past the racks, on the 300 mm tray
    assert pick.at(3_000, 1_700) is None  # 200 mm off the tray's middle: beside it
    assert pick.at(3_000, 1_700, tolerance_mm=60) == tray
    assert pick.at(6_300, 6_300) == column


def test_a_rubber_band_takes_what_lies_wholly_inside_or_what_it_touches(doc):
    pick = picker(doc)
    a, b, tray = ids(doc, "A", "B", "T")
    band = Box(1_000, 1_000, 2_000, 2_400)  # all of A, part of B and of the tray
    assert pick.in_rect(band, crossing=False) == [a]
    assert sorted(pick.in_rect(band, crossing=True)) == sorted([a, b, tray])


def test_a_picker_carried_past_a_move_finds_the_rack_where_it_went(doc):
    pick = picker(doc)
    (a,) = ids(doc, "A")
    ops.move(doc, [a], 3_000, 3_000)
    moved = pick.advanced(doc.project, [a], doc.rack_types)
    assert moved.at(1_500, 1_700) is None
    assert moved.at(4_500, 4_700) == a
    assert moved.standing_on_any([Box(4_400, 4_400, 4_500, 4_500)]) == [a]


def test_the_walls_and_the_obstacles_are_told(doc):
    pick = picker(doc)
    assert pick.outside_walls([Box(11_800, 0, 12_400, 1_068)]) == "partly"
    assert pick.outside_walls([Box(13_000, 0, 13_600, 1_068)]) == "wholly"
    assert pick.outside_walls([Box(0, 0, 600, 1_068)]) is None
    assert pick.obstacles_under_any([Box(5_800, 5_800, 6_100, 6_100)]) == ids(doc, "C1")
    assert pick.obstacles_under_any([Box(5_400, 5_400, 6_000, 6_000)]) == []  # corner to corner


def test_everything_under_a_point_is_listed_topmost_first_and_can_be_limited_to_kinds(doc):
    pick = picker(doc)
    (a, tray) = ids(doc, "A", "T")
    assert pick.stack_at(1_500, 1_500) == [a, tray]  # rack A, then the tray over it
    assert pick.stack_at(1_500, 2_000) == [a]  # below the tray's 300 mm
    assert pick.stack_at(1_500, 1_500, kinds={"tray"}) == [tray]
    assert pick.stack_at(1_500, 1_500, kinds={"feed"}) == []


def test_a_rubber_band_limited_to_one_kind_takes_only_that_kind(doc):
    pick = picker(doc)
    (a, b, tray) = ids(doc, "A", "B", "T")
    band = Box(400, 1_000, 4_200, 2_400)  # racks A and B and the whole 300 mm tray
    assert sorted(pick.in_rect(band, crossing=False)) == sorted([a, b, tray])
    assert pick.in_rect(band, crossing=False, kinds={"tray"}) == [tray]
    assert sorted(pick.in_rect(band, crossing=True, kinds={"rack"})) == sorted([a, b])


def test_the_bounds_of_some_items_are_the_box_around_those_standing_in_the_hall(doc):
    pick = picker(doc)
    a, b, column = ids(doc, "A", "B", "C1")
    # A from x 1,200, B to 1,800 + 600; both 1,068 deep from y 1,200; the column 600 square
    assert pick.bounds([a, b]) == Box(1_200, 1_200, 2_400, 2_268)
    assert pick.bounds([a, column, "gone"]) == Box(1_200, 1_200, 6_600, 6_600)
    assert pick.bounds(["gone"]) is None
