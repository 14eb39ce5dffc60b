"""Feed From Busways Above and Assign Nearest CDU: one gesture ties a row to its power and
cooling, as an architect would by hand, in one undo step each.

The row: eight GB200 NVL72 (600 x 1,068 mm, facing 180) from x = 2,100 mm at y = 1,332 mm,
so they cover x 2,100-6,900 and y 1,332-2,400. Busway A runs at y = 1,500 and B at
y = 2,100, over the racks; an NVL72 sends 132 kW x 0.87 = 114.84 kW to liquid.
"""

import pytest

from designer.core.document import operations as ops
from designer.core.document.document import TransactionError

NVL72 = "nvidia-gb200-nvl72"
H100 = "nvidia-dgx-h100-rack"
HALL = "hall-001"


def _row(doc):
    return ops.place_row(doc, HALL, NVL72, 2_100, 1_332, 8, 180, label_prefix="R1-")


def _busway(doc, name, side, y, x0=2_100, x1=6_900):
    return ops.add_feed(doc, HALL, "busway-1250a-415v", [(x0, y), (x1, y)], name, side=side)


def test_each_rack_is_fed_by_the_a_and_b_busways_over_it_in_one_step(doc):
    racks = _row(doc)
    b = _busway(doc, "Busway B1", "B", 2_100)
    a = _busway(doc, "Busway A1", "A", 1_500)
    # a busway of the next row, not over these racks, and one ending at the row's start
    _busway(doc, "Busway A9", "A", 5_000)
    _busway(doc, "Busway A0", "A", 1_500, x0=0, x1=2_100)
    aside = ops.place_rack(doc, HALL, H100, 2_100, 8_000, 0, "Alone")
    found = ops.feed_from_busways_above(doc, [*racks, aside])
    assert found == {rack: [a, b] for rack in racks}
    assert all(doc.project.placements[r].feed_ids == [a, b] for r in racks)
    assert doc.project.placements[aside].feed_ids == []
    assert doc.history.undo_label == "Feed from busways above"
    doc.undo()  # one step takes every rack's feeds back
    assert all(doc.project.placements[r].feed_ids == [] for r in racks)


def test_where_two_busways_of_a_side_run_over_a_rack_the_longer_run_feeds_it(doc):
    [rack] = ops.place_row(doc, HALL, NVL72, 2_100, 1_332, 1, 180)
    # A1 ends 100 mm into the rack, A2 runs across the remaining 500 mm
    _busway(doc, "Busway A1", "A", 1_500, x0=0, x1=2_200)
    a2 = _busway(doc, "Busway A2", "A", 1_500, x0=2_200, x1=6_000)
    assert ops.feed_from_busways_above(doc, [rack]) == {rack: [a2]}


def test_a_rack_under_a_busway_of_no_side_is_fed_by_it(doc):
    [rack] = ops.place_row(doc, HALL, NVL72, 2_100, 1_332, 1, 180)
    busway = _busway(doc, "Busway 1", None, 1_800)
    assert ops.feed_from_busways_above(doc, [rack]) == {rack: [busway]}


def _cdu(doc, name, x, capacity=1_368.0, group=None):
    return ops.add_cooling_unit(
        doc,
        HALL,
        "cdu-inrow-1368",
        x,
        1_200,
        name,
        180,
        liquid_capacity_kw=capacity,
        group_id=group,
    )


def test_each_liquid_cooled_rack_gets_the_nearest_cdu_in_one_step(doc):
    racks = _row(doc)
    left, right = _cdu(doc, "CDU-1", 1_300), _cdu(doc, "CDU-2", 6_900)
    air = ops.place_rack(doc, HALL, H100, 9_000, 1_200, 180, "Air")
    found = ops.assign_nearest_cdu(doc, [*racks, air])
    # racks 1-4 (centres x 2,400-4,200) are nearer CDU-1 (centre 1,700) than CDU-2 (7,300)
    assert found == {**dict.fromkeys(racks[:4], left), **dict.fromkeys(racks[4:], right)}
    assert doc.project.placements[air].cdu_id is None
    assert doc.history.undo_label == "Assign nearest CDU"
    doc.undo()
    assert all(doc.project.placements[r].cdu_id is None for r in racks)


@pytest.mark.parametrize(("capacity", "on_left"), [(344.52, 3), (344.51, 2)])
def test_a_full_cdu_passes_the_next_rack_to_the_next_nearest(doc, capacity, on_left):
    # three racks take 3 x 114.84 = 344.52 kW: a hair less and the third goes right
    racks = _row(doc)
    left, right = _cdu(doc, "CDU-1", 1_300, capacity), _cdu(doc, "CDU-2", 6_900)
    found = ops.assign_nearest_cdu(doc, racks)
    assert list(found.values()) == [left] * on_left + [right] * (8 - on_left)


def test_a_cdu_of_an_n_plus_1_group_takes_no_more_than_the_group_carries_one_down(doc):
    # two 500 kW CDUs in N+1 carry 500 kW with one down: four racks (459.36 kW), not five
    racks = _row(doc)
    group = ops.add_cooling_group(doc, HALL, "Loop 1", "N+1")
    _cdu(doc, "CDU-1", 1_300, 500.0, group)
    _cdu(doc, "CDU-2", 6_900, 500.0, group)
    found = ops.assign_nearest_cdu(doc, racks)
    assert sum(c is not None for c in found.values()) == 4
    assert [doc.project.placements[r].cdu_id is None for r in racks].count(True) == 4


def test_cdus_grouped_as_n_plus_1_in_one_step(doc):
    left, right = _cdu(doc, "CDU-1", 1_300), _cdu(doc, "CDU-2", 6_900)
    crah = ops.add_cooling_unit(doc, HALL, "crah-150", 2_400, 9_000, "CRAH-1")
    group = ops.group_cdus(doc, [left, right, crah], "CDU group 1")
    project = doc.project
    assert (project.cooling_groups[group].name, project.cooling_groups[group].redundancy) == (
        "CDU group 1",
        "N+1",
    )
    assert [project.cooling_units[u].group_id for u in (left, right, crah)] == [group, group, None]
    assert doc.history.undo_label == "Group CDUs as CDU group 1"
    doc.undo()
    assert doc.project.cooling_groups == {}
    with pytest.raises(TransactionError, match="two or more CDUs"):
        ops.group_cdus(doc, [left], "CDU group 1")
