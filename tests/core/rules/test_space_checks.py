"""Space checks at their boundaries: overlaps, the outline, clearances, aisles, rows, systems.

Racks: DGX H100 rack 800 x 1,200 mm, QM9700 network rack 600 x 1,200 mm. Rotation 0 faces
up the page (-y), 180 down (+y). Defaults (resources/catalog/rules.json): front clearance
915 mm, rear 610 mm, cold aisle 1,200 mm, hot aisle 900 mm, adjacent rows within 3,000 mm,
rows of at most 20 racks, broken by a gap of 1,200 mm.
"""

import pytest

from designer.core.document import operations as ops
from designer.core.rules import RuleEngine
from designer.core.rules.context import Context
from designer.core.rules.layout import FLOOR
from designer.core.rules.limits import default_thresholds, resolve
from tests.core.rules.helpers import CATALOG, found, hall_doc, one, second_hall

H100 = "nvidia-dgx-h100-rack"
NET = "nvidia-qm9700-rack"


@pytest.mark.parametrize(("x", "overlap"), [(1_800, False), (1_799, True)])
def test_racks_that_touch_do_not_overlap_one_millimetre_more_does(x, overlap):
    doc, hall = hall_doc()
    a = ops.place_rack(doc, hall, H100, 1_000, 2_000, 0, "A")  # x 1,000..1,800
    b = ops.place_rack(doc, hall, H100, x, 2_000, 0, "B")
    findings = found(doc, "space.overlap")
    if not overlap:
        assert findings == []
        return
    [f] = findings
    assert f.ids == (a, b)
    # 1 mm x 1,200 mm shared
    assert f.measured == pytest.approx(0.0012)
    assert "overlap by 1 mm × 1,200 mm" in f.message


@pytest.mark.parametrize(("column_x", "hit"), [(1_800, False), (1_799, True)])
def test_rack_on_a_column(column_x, hit):
    doc, hall = hall_doc()
    rack = ops.place_rack(doc, hall, H100, 1_000, 2_000, 0, "A")
    column = ops.add_obstacle(doc, hall, "column", ops.rectangle(column_x, 2_000, 600, 600), "C1")
    findings = found(doc, "space.on_obstacle")
    assert [f.ids for f in findings] == ([(rack, column)] if hit else [])
    if hit:
        assert "column C1" in findings[0].message


def test_rack_on_a_cooling_unit():
    doc, hall = hall_doc()
    rack = ops.place_rack(doc, hall, H100, 1_000, 2_000, 0, "A")
    ops.add_cooling_unit(doc, hall, "inrow-cooler-50", 1_800, 2_000, "IRC-1")  # touches
    assert found(doc, "space.on_cooling_unit") == []
    unit = ops.add_cooling_unit(doc, hall, "inrow-cooler-50", 1_500, 5_000, "IRC-2")
    ops.move(doc, [unit], 0, -3_000)  # now x 1,500..2,100 over the rack's 1,000..1,800
    assert one(doc, "space.on_cooling_unit").ids == (rack, unit)


@pytest.mark.parametrize(("x", "outside_m2"), [(19_200, None), (19_201, 0.0012)])
def test_rack_flush_with_the_wall_is_inside(x, outside_m2):
    doc, hall = hall_doc(width=20_000)
    ops.place_rack(doc, hall, H100, x, 2_000, 0, "A")  # 800 mm wide: ends at x + 800
    findings = found(doc, "space.outside_hall")
    if outside_m2 is None:
        assert findings == []
    else:
        # 1 mm x 1,200 mm beyond x = 20,000
        assert findings[0].measured == pytest.approx(outside_m2)
        assert "partly outside Hall 1: 12 cm² of its footprint" in findings[0].message


@pytest.mark.parametrize(("y", "short"), [(915, False), (914, True)])
def test_front_clearance_to_the_wall(y, short):
    doc, hall = hall_doc()
    rack = ops.place_rack(doc, hall, H100, 2_000, y, 0, "A")  # front edge at y, wall at 0
    findings = found(doc, "space.front_clearance")
    assert [f.ids for f in findings] == ([(rack, hall)] if short else [])
    if short:
        assert findings[0].measured == 914
        assert findings[0].limit == 915
        assert "914 mm clear in front, less than the 915 mm" in findings[0].message


@pytest.mark.parametrize(("y", "short"), [(10_190, False), (10_191, True)])
def test_rear_clearance_to_the_wall(y, short):
    doc, hall = hall_doc(depth=12_000)
    # rotation 0: the rear edge is at y + 1,200; 12,000 - (10,190 + 1,200) = 610 mm
    rack = ops.place_rack(doc, hall, H100, 2_000, y, 0, "A")
    findings = found(doc, "space.rear_clearance")
    assert [f.ids for f in findings] == ([(rack, hall)] if short else [])
    if short:
        assert findings[0].measured == 609


def test_a_cooling_unit_in_front_blocks_the_front_clearance():
    doc, hall = hall_doc()
    rack = ops.place_rack(doc, hall, H100, 2_000, 3_000, 180, "A")  # front edge at y = 4,200
    unit = ops.add_cooling_unit(doc, hall, "inrow-cooler-50", 2_000, 4_700, "IRC-1")
    f = one(doc, "space.front_clearance")
    assert f.ids == (rack, unit)
    assert f.measured == 500  # 4,700 - 4,200


@pytest.mark.parametrize(("y", "narrow"), [(3_400, False), (3_399, True)])
def test_cold_aisle_between_facing_racks(y, narrow):
    doc, hall = hall_doc()
    a = ops.place_rack(doc, hall, NET, 2_000, 1_000, 180, "A")  # faces down, front at 2,200
    b = ops.place_rack(doc, hall, NET, 2_000, y, 0, "B")  # faces up, front at y
    findings = found(doc, "space.cold_aisle")
    assert [f.ids for f in findings] == ([(a, b)] if narrow else [])
    if narrow:
        # 3,399 - 2,200 = 1,199 mm
        assert findings[0].measured == 1_199
        assert "1,199 mm wide, less than 1,200 mm" in findings[0].message


@pytest.mark.parametrize(("y", "narrow"), [(4_100, False), (4_099, True)])
def test_hot_aisle_between_back_to_back_racks(y, narrow):
    doc, hall = hall_doc()
    a = ops.place_rack(doc, hall, NET, 2_000, 2_000, 0, "A")  # rear edge at 3,200
    b = ops.place_rack(doc, hall, NET, 2_000, y, 180, "B")  # rear edge at y
    findings = found(doc, "space.hot_aisle")
    assert [f.ids for f in findings] == ([(a, b)] if narrow else [])
    if narrow:
        assert findings[0].measured == 899  # 4,099 - 3,200


@pytest.mark.parametrize(("y", "adjacent"), [(800, False), (801, True)])
def test_a_front_facing_a_rear_in_the_adjacent_row(y, adjacent):
    doc, hall = hall_doc()
    # Both face up: A's front (y = 5,000) looks at B's rear (y + 1,200). They are adjacent
    # rows when the gap is under 3,000 mm: 5,000 - (801 + 1,200) = 2,999.
    a = ops.place_rack(doc, hall, NET, 2_000, 5_000, 0, "A")
    b = ops.place_rack(doc, hall, NET, 2_000, y, 0, "B")
    findings = found(doc, "space.aisle_orientation")
    assert [f.ids for f in findings] == ([(a, b)] if adjacent else [])
    if adjacent:
        assert "faces the rear of rack B 2,999 mm away" in findings[0].message


def test_rows_that_face_the_right_ways_raise_no_aisle_finding():
    doc, hall = hall_doc()
    ops.place_row(doc, hall, NET, 2_000, 1_000, 4, 180)  # faces down, front at 2,200
    ops.place_row(doc, hall, NET, 2_000, 3_400, 4, 0)  # faces up: 1,200 cold aisle
    ops.place_row(doc, hall, NET, 2_000, 5_500, 4, 180)  # back to back: 900 hot aisle
    for code in ("space.cold_aisle", "space.hot_aisle", "space.aisle_orientation"):
        assert found(doc, code) == []


@pytest.mark.parametrize(("count", "long"), [(20, False), (21, True)])
def test_row_length(count, long):
    doc, hall = hall_doc()
    racks = ops.place_row(doc, hall, NET, 1_000, 2_000, count, 0)
    findings = found(doc, "space.row_length")
    assert len(findings) == long
    if long:
        assert set(findings[0].ids) == set(racks)
        assert findings[0].measured == 21
        assert findings[0].limit == 20


@pytest.mark.parametrize(("gap", "split"), [(1_200, True), (1_199, False)])
def test_a_cross_aisle_ends_a_row(gap, split):
    doc, hall = hall_doc()
    left = ops.place_row(doc, hall, NET, 1_000, 2_000, 11, 0)  # x 1,000..7,600
    ops.place_row(doc, hall, NET, 7_600 + gap, 2_000, 10, 0)
    findings = found(doc, "space.row_length")
    assert len(findings) == (0 if split else 1)
    if not split:
        assert findings[0].ids[0] == left[0]


def test_an_inrow_cdu_does_not_break_a_row():
    doc, hall = hall_doc()
    ops.place_row(doc, hall, NET, 1_000, 2_000, 10, 0)  # x 1,000..7,000
    ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 7_000, 2_000, "CDU-1", 0)  # 800 wide
    ops.place_row(doc, hall, NET, 7_800, 2_000, 11, 0)
    assert one(doc, "space.row_length").measured == 21


def test_a_cloudmatrix_split_over_two_halls():
    doc, hall = hall_doc()
    other = second_hall(doc, doc.project.halls[hall].site_id)
    group = ops.place_system(doc, hall, "huawei-cm384", 2_000, 2_000, 0, "CM")
    assert found(doc, "space.system_split") == []
    member = sorted(r.id for r in doc.project.placements.values() if r.group_id == group)[0]
    ops.update(doc, member, hall_id=other)
    f = one(doc, "space.system_split")
    assert f.ids[0] == group
    assert "15 in Hall 1, 1 in Hall 2" in f.message


@pytest.mark.parametrize(("x", "too_far"), [(4_258, False), (4_257, True)])
def test_a_cloudmatrix_spread_beyond_its_span(x, too_far):
    doc, hall = hall_doc(width=60_000)
    group = ops.place_system(doc, hall, "huawei-cm384", 50_000, 1_000, 0, "CM")
    corner = next(
        r
        for r in doc.project.placements.values()
        if r.group_id == group and (r.x, r.y) == (50_000, 1_000)
    )
    # Moved to x, the corner rack's centre is (x + 300, 1,600); the farthest member's is
    # (54,500, 4,000). x = 4,258: hypot(49,942, 2,400) = 49,999.6 mm, within 50 m;
    # x = 4,257: hypot(49,943, 2,400) = 50,000.6 mm, beyond it.
    ops.update(doc, corner.id, x=x)
    findings = found(doc, "space.system_span")
    assert len(findings) == too_far
    if too_far:
        assert findings[0].ids[0] == group
        assert findings[0].measured == pytest.approx(50.0006, abs=1e-4)
        assert "spread over 50 m" in findings[0].message


# Row ends (links B22): one end of each row at least 36 in (915 mm) from a wall; an aisle
# closed at one end runs past at most 10 racks. Network racks are 600 mm wide, so a row of
# n starting at x = 915 ends at 915 + 600 n.


@pytest.mark.parametrize(("left", "closed"), [(915, False), (914, True)])
def test_a_row_needs_one_end_open_to_a_walkway(left, closed):
    # the hall is exactly as wide as the row plus ``left`` mm at one end and 500 at the other
    doc, hall = hall_doc(width=left + 3 * 600 + 500)
    racks = ops.place_row(doc, hall, NET, left, 2_000, 3, 0)
    findings = found(doc, "space.row_ends_closed")
    assert len(findings) == closed
    if closed:
        assert set(findings[0].ids) == set(racks)
        assert findings[0].severity.value == "error"
        assert "the wall of hall Hall 1 at one, the wall of hall Hall 1 at the other" in (
            findings[0].message
        )


@pytest.mark.parametrize(("count", "dead_end"), [(10, False), (11, True)])
def test_a_dead_end_aisle_runs_past_at_most_ten_racks(count, dead_end):
    doc, hall = hall_doc()
    racks = ops.place_row(doc, hall, NET, 500, 2_000, count, 0)  # 500 mm from the left wall
    assert found(doc, "space.row_ends_closed") == []  # the right end is open
    findings = found(doc, "space.dead_end_aisle")
    assert len(findings) == dead_end
    if dead_end:
        assert set(findings[0].ids) == set(racks)
        assert (findings[0].measured, findings[0].limit) == (11, 10)
        assert "closed at one end by the wall of hall Hall 1" in findings[0].message


def test_a_column_a_cooling_unit_or_a_side_on_rack_closes_a_row_end():
    doc, hall = hall_doc()
    ops.place_row(doc, hall, NET, 2_000, 2_000, 11, 0)  # x 2,000..8,600, y 2,000..3,200
    assert found(doc, "space.dead_end_aisle") == []
    column = ops.add_obstacle(doc, hall, "column", ops.rectangle(1_400, 2_300, 600, 600), "C7")
    assert "closed at one end by column C7" in one(doc, "space.dead_end_aisle").message
    # a CRAH at the other end as well: closed at both
    ops.add_cooling_unit(doc, hall, "crah-150", 9_000, 2_000, "CRAH-1")
    both = one(doc, "space.row_ends_closed")
    assert "column C7 at one, cooling unit CRAH-1 at the other" in both.message
    ops.delete(doc, [column])
    assert found(doc, "space.row_ends_closed") == []
    assert "cooling unit CRAH-1" in one(doc, "space.dead_end_aisle").message


def test_an_edit_near_a_row_end_is_rechecked_as_a_full_check_would():
    from designer.core.rules import RuleEngine
    from tests.core.rules.helpers import CATALOG

    doc, hall = hall_doc()
    ops.place_row(doc, hall, NET, 2_000, 2_000, 11, 0)
    column = ops.add_obstacle(doc, hall, "column", ops.rectangle(1_400, 2_300, 600, 600), "C7")
    engine = RuleEngine(CATALOG)
    engine.run(doc.project)
    seen = []
    for dy in (1_500, -1_500, -2_000):  # off the strip at the row's end, back, off again
        ops.move(doc, [column], 0, dy)
        updated = engine.update(doc.project, [column])
        assert updated == RuleEngine(CATALOG).run(doc.project)
        seen.append(any(f.code == "space.dead_end_aisle" for f in updated.findings))
    assert seen == [False, True, False]


def test_a_blocker_beside_a_shallow_end_rack_is_seen_after_an_edit():
    # A QM9700 (1,200 mm deep) then a GB200 (1,068 mm) facing up: the row's right end strip
    # is 1,200 mm deep, so a column 1,180 mm down it stands beside the strip but more than
    # the 100 mm strip width below the shallow end rack.
    from designer.core.model.rule_settings import RuleSettings, Thresholds
    from designer.core.rules import RuleEngine
    from tests.core.rules.helpers import CATALOG

    doc, hall = hall_doc()
    limits = Thresholds(row_end_clear_mm=100, max_dead_end_racks=1)
    ops.update_settings(doc, "Short strips", rules=RuleSettings(thresholds=limits))
    ops.place_rack(doc, hall, NET, 5_000, 2_000, 0)
    ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 5_600, 2_000, 0)
    engine = RuleEngine(CATALOG)
    engine.run(doc.project)
    column = ops.add_obstacle(doc, hall, "column", ops.rectangle(6_250, 3_180, 400, 400), "C1")
    updated = engine.update(doc.project, [column])
    assert updated == RuleEngine(CATALOG).run(doc.project)
    assert [f.code for f in updated.findings if f.code.startswith("space.")] == [
        "space.dead_end_aisle"
    ]


def test_inrow_cdus_dropped_at_both_row_ends_join_the_row_whichever_way_they_face():
    # the trial's row: 8 racks facing 180, a CDU dropped at each end facing 0, 1,200 deep
    # against the racks' 1,068 and its front not on theirs; open floor beyond both CDUs
    doc, hall = hall_doc(width=30_000)
    ops.place_row(doc, hall, NET, 5_000, 4_668, 8, 180)  # x 5,000..9,800
    ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 4_200, 4_600, "CDU-1", 0)
    ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 9_800, 4_600, "CDU-2", 0)
    assert found(doc, "space.row_ends_closed") == []
    # walls 500 mm beyond each CDU close both ends: measured from the CDUs, not the racks
    doc2, hall2 = hall_doc(width=500 + 800 + 8 * 600 + 800 + 500)
    ops.place_row(doc2, hall2, NET, 1_300, 4_668, 8, 180)
    ops.add_cooling_unit(doc2, hall2, "cdu-inrow-1368", 500, 4_600, "CDU-1", 0)
    ops.add_cooling_unit(doc2, hall2, "cdu-inrow-1368", 6_100, 4_600, "CDU-2", 0)
    closed = one(doc2, "space.row_ends_closed")
    assert "the wall of hall Hall 1 at one, the wall of hall Hall 1 at the other" in closed.message


def test_a_closed_row_end_names_the_rack_standing_against_it_not_the_lowest_id():
    # the trial's message named a rack beyond the one next to the row's end
    doc, hall = hall_doc()
    ops.place_row(doc, hall, NET, 500, 2_000, 3, 0)  # x 500..2,300: the wall 500 mm away
    far = ops.place_rack(doc, hall, NET, 2_900, 2_300, label="FAR")  # placed first: lower id
    near = ops.place_rack(doc, hall, NET, 2_300, 2_300, label="NEAR")  # against the row's end
    assert far < near
    closed = one(doc, "space.row_ends_closed")
    assert "the wall of hall Hall 1 at one, rack NEAR at the other" in closed.message


def test_renaming_a_hall_renames_it_in_a_split_systems_message():
    from designer.core.rules import RuleEngine
    from tests.core.rules.helpers import CATALOG, second_hall

    doc, hall = hall_doc(width=60_000)
    group = ops.place_system(doc, hall, "huawei-cm384", 2_000, 2_000, 0, "CM")
    member = sorted(r.id for r in doc.project.placements.values() if r.group_id == group)[0]
    ops.update(doc, member, hall_id=second_hall(doc, doc.project.halls[hall].site_id))
    engine = RuleEngine(CATALOG)
    engine.run(doc.project)
    ops.update(doc, hall, name="Renamed")
    updated = engine.update(doc.project, [hall])
    fresh = RuleEngine(CATALOG).run(doc.project)
    split = [f.message for f in updated.findings if f.code == "space.system_split"]
    assert split == [f.message for f in fresh.findings if f.code == "space.system_split"]
    assert "15 in Renamed" in split[0]


@pytest.mark.parametrize(("x", "outside_cm2"), [(19_400, None), (19_401, 12)])
def test_a_cooling_unit_flush_with_the_wall_is_inside_one_millimetre_more_is_not(x, outside_cm2):
    """A trial's L-shaped hall left both CRAHs in its notch with no finding, their
    capacity still cooling the racks inside. An in-row cooler is 600 x 1,200 mm."""
    doc, hall = hall_doc(width=20_000)
    unit = ops.add_cooling_unit(doc, hall, "inrow-cooler-50", x, 2_000, "IRC-1")
    findings = found(doc, "space.unit_outside_hall")
    if outside_cm2 is None:
        assert findings == []
        return
    [f] = findings
    assert f.ids == (unit,)
    assert f.measured == pytest.approx(outside_cm2 / 1e4)
    assert f.message.startswith(
        f"Cooling unit IRC-1 stands partly outside Hall 1: {outside_cm2} cm² of its footprint"
    )
    # wholly outside, 3 m beyond the west wall
    ops.move(doc, [unit], -22_401, 0)
    assert "stands outside Hall 1: 0.72 m²" in one(doc, "space.unit_outside_hall").message


def test_a_rack_wholly_outside_the_hall_gets_the_outside_hall_error_only():
    from designer.core.rules import RuleEngine
    from tests.core.rules.helpers import CATALOG

    # ten H100 facing up from x = 11,200 to 19,200, fronts at y = 1,000; the east end is
    # closed by the wall 0.8 m away, and ten racks may run along a dead end
    doc, hall = hall_doc()
    row = ops.place_row(doc, hall, H100, 11_200, 1_000, 10, 0)
    # an eleventh in line beyond the east wall (x 20,000-20,800): counted in, the row would
    # be a dead end of 11 racks; and one beyond the north wall facing the row's fronts
    # 1.0 m away: it would make a cold aisle narrower than 1.2 m
    outside = ops.place_rack(doc, hall, H100, 20_000, 1_000, 0, "Out")
    across = ops.place_rack(doc, hall, H100, 12_000, -1_200, 180, "Across")
    report = RuleEngine(CATALOG).run(doc.project)
    space = [(f.code, f.ids) for f in report.findings if f.code.startswith("space.")]
    assert sorted(space) == [("space.outside_hall", (outside,)), ("space.outside_hall", (across,))]
    messages = sorted(f.message for f in report.findings if f.code == "space.outside_hall")
    assert messages[1].startswith("Rack Out stands outside Hall 1: 0.96 m² of its footprint")
    # the row and it moved 0.8 m west, all inside: eleven racks along a dead end
    ops.move(doc, [*row, outside], -800, 0)
    [dead_end] = found(doc, "space.dead_end_aisle")
    assert outside in dead_end.ids and len(dead_end.ids) == 11


def test_a_column_larger_than_its_hall_is_indexed_over_the_hall_only():
    """A trial's 10 km column in a 20 x 12 m hall filled 70 million cells of the floor's
    index and the check ran out of memory. Indexed over the hall and a cell round it, the
    column still stops a rack standing under it."""
    doc, hall = hall_doc()
    square = [(-10_000_000, -10_000_000), (10_000_000, -10_000_000), (10_000_000, 10_000_000)]
    ops.add_obstacle(doc, hall, "column", [*square, (-10_000_000, 10_000_000)])
    rack = ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 3_000, 3_000)
    limits = resolve(default_thresholds().values, doc.project.settings.rules.thresholds)
    floor = Context(doc.project, CATALOG, limits).get(FLOOR)
    # 20 x 12 m and 2.4 m each side: x from -2.4 to 22.4 m, y from -2.4 to 14.4 m
    assert floor.obstacles.box(next(iter(doc.project.obstacles))) == (
        -2_400,
        -2_400,
        22_400,
        14_400,
    )
    assert rack in {f.ids[0] for f in found(doc, "space.on_obstacle")}


def test_a_hall_brought_back_with_its_huge_column_indexes_the_column_over_the_hall():
    """Undoing a hall's deletion brings the hall and its column back in one change: the
    column was indexed before the hall's outline was known, over all 20 km of it."""
    doc, hall = hall_doc()
    side = 10_000_000
    ops.add_obstacle(
        doc, hall, "column", [(-side, -side), (side, -side), (side, side), (-side, side)]
    )
    column = next(iter(doc.project.obstacles))
    engine = RuleEngine(CATALOG)
    engine.run(doc.project)
    ops.delete(doc, [hall])
    engine.update(doc.project, [hall, column])
    changes = doc.undo()
    engine.update(doc.project, changes.ids)
    floor = engine.derived(FLOOR)
    assert floor is not None and floor.obstacles.box(column) == (-2_400, -2_400, 22_400, 14_400)
