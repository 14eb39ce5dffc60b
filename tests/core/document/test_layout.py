"""Where things go, worked out without an edit: rows, turns and what moves as one."""

from designer.core.document import operations as ops
from designer.core.document.layout import arranged_units, row_positions, turned_group


def test_a_row_runs_along_the_racks_fronts_with_its_gaps():
    # a 600 x 1,200 rack facing up is 600 wide on the page; turned a quarter, 1,200 wide
    # and 600 high, so the row runs down the page in steps of 600 + 100
    assert row_positions(600, 1_200, 1_000, 2_000, 3, 0, 100) == [
        (1_000, 2_000),
        (1_700, 2_000),
        (2_400, 2_000),
    ]
    assert row_positions(600, 1_200, 1_000, 2_000, 3, 90, 100) == [
        (1_000, 2_000),
        (1_000, 2_700),
        (1_000, 3_400),
    ]


def test_a_system_is_arranged_as_one_block_and_turns_about_its_centre(doc):
    group = ops.place_system(doc, "hall-001", "huawei-cm384", 6_000, 6_000, label="CM")
    racks = [r for r in doc.project.placements.values() if r.group_id == group]
    rack = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 600)
    units = arranged_units(doc.project, doc.rack_types, [racks[0].id, rack])
    assert sorted(len(members) for members, _ in units) == [1, 16]
    (hull,) = [box for members, box in units if len(members) == 16]
    turned = turned_group(racks, 2, doc.rack_types)  # half a turn: the same block
    boxes = arranged_units(
        doc.project.model_copy(
            update={"placements": {**doc.project.placements, **{r.id: r for r in turned}}}
        ),
        doc.rack_types,
        [racks[0].id],
    )
    assert boxes[0][1] == hull
    assert {(r.rotation - racks[0].rotation) % 360 for r in turned if r.id == racks[0].id} == {180}
