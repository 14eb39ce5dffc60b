"""Align, turn to a facing, recover: one undo step each, systems kept whole."""

import pytest

from designer.core.document import operations as ops
from designer.core.document.document import Document, TransactionError, sequential_ids
from designer.core.geometry.floor import placement_box


def boxes(doc, ids):
    return [placement_box(doc.project.placements[i], doc.rack_types) for i in ids]


def test_align_left_lines_up_the_left_edges_in_one_step(doc):
    a = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 0)
    b = ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 3_000, 2_400)
    c = ops.place_rack(doc, "hall-001", "nvidia-qm9700-rack", 4_800, 4_800, 90)
    before = doc.project
    moved = ops.align(doc, [a, b, c], "left")
    assert sorted(moved) == sorted([b, c])
    assert {box.x0 for box in boxes(doc, [a, b, c])} == {1_200}
    assert [box.y0 for box in boxes(doc, [a, b, c])] == [0, 2_400, 4_800]
    assert doc.history.undo_label == "Align left"
    doc.undo()
    assert doc.project == before


@pytest.mark.parametrize(
    ("edge", "expected"),
    [
        ("right", lambda b: b.x1 == 6_000),
        ("bottom", lambda b: b.y1 == 5_400),
        ("top", lambda b: b.y0 == 0),
        ("centre_x", lambda b: b.x0 + b.x1 == 1_200 + 6_000),
    ],
)
def test_every_edge_lines_things_up(doc, edge, expected):
    a = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 0)
    c = ops.place_rack(doc, "hall-001", "nvidia-qm9700-rack", 4_800, 4_800, 90)
    ops.align(doc, [a, c], edge)
    assert all(expected(box) for box in boxes(doc, [a, c]))


def test_a_system_aligns_as_one_block(doc):
    group = ops.place_system(doc, "hall-001", "huawei-cm384", 6_000, 6_000)
    members = [r.id for r in doc.project.placements.values() if r.group_id == group]
    start = {i: (doc.project.placements[i].x, doc.project.placements[i].y) for i in members}
    rack = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 0)
    ops.align(doc, [members[3], rack], "left")
    after = doc.project.placements
    assert {after[i].x - start[i][0] for i in members} == {1_200 - 6_000}
    assert {after[i].y for i in members} == {start[i][1] for i in members}


def test_align_refuses_an_unknown_edge_and_needs_two_things(doc):
    a = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 0)
    with pytest.raises(TransactionError, match="diagonal"):
        ops.align(doc, [a], "diagonal")
    assert ops.align(doc, [a], "left") == []


def test_set_rotation_turns_each_rack_to_face_the_same_way(doc):
    # off the tile grid (fronts lined up at y = 1,400), so each keeps its centre
    a = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 332, 0)
    b = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 3_000, 332, 270)
    centres = [box.centre for box in boxes(doc, [a, b])]
    ops.set_rotation(doc, [a, b], 90)
    assert [doc.project.placements[i].rotation for i in (a, b)] == [90, 90]
    assert [box.centre for box in boxes(doc, [a, b])] == centres
    assert doc.history.undo_label == "Turn to 90°"


def test_set_rotation_turns_a_system_whole(doc):
    group = ops.place_system(doc, "hall-001", "huawei-cm384", 6_000, 6_000)
    first = next(r for r in doc.project.placements.values() if r.group_id == group)
    ops.set_rotation(doc, [first.id], (first.rotation + 90) % 360)
    turned = [r for r in doc.project.placements.values() if r.group_id == group]
    assert doc.project.placements[first.id].rotation == (first.rotation + 90) % 360
    assert {r.rotation for r in turned} == {90, 270}


def test_replace_project_is_one_undo_step_back_to_what_was_there(doc):
    rack = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 600)
    saved = doc.project
    ops.move(doc, [rack], 600, 0)
    ops.place_rack(doc, "hall-002", "nvidia-dgx-h100-rack", 0, 0)
    ops.update_meta(doc, name="Changed")
    edited = doc.project
    fresh = Document(saved, ids=sequential_ids())
    ops.replace_project(fresh, edited, "Recover unsaved changes")
    assert fresh.project == edited
    assert fresh.is_dirty
    fresh.undo()
    assert fresh.project == saved


def test_update_many_edits_every_rack_in_one_step_or_none(doc):
    a = ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 0, 0)
    b = ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 1_200, 0)
    ops.update_many(doc, [a, b], rear_door_kw=45)
    assert {doc.project.placements[i].rear_door_kw for i in (a, b)} == {45}
    assert doc.history.undo_label == "Edit 2 items"
    before = doc.project
    with pytest.raises(TransactionError, match="rear_door_kw"):
        ops.update_many(doc, [a, b], rear_door_kw=-1)
    assert doc.project is before


def test_accepting_a_finding_keeps_its_reason_and_undo_withdraws_it(doc):
    rack = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 0, 0)
    ops.accept_finding(doc, "cooling.no_cdu", [rack], "CDU arrives in phase 2")
    (accepted,) = doc.project.settings.rules.exclusions
    assert (accepted.code, accepted.ids, accepted.comment) == (
        "cooling.no_cdu",
        [rack],
        "CDU arrives in phase 2",
    )
    assert doc.history.undo_label == "Accept cooling.no_cdu"
    ops.accept_finding(doc, "cooling.no_cdu", [rack], "phase 3 now")
    assert [e.comment for e in doc.project.settings.rules.exclusions] == ["phase 3 now"]
    assert ops.reopen_finding(doc, "cooling.no_cdu", [rack])
    assert doc.project.settings.rules.exclusions == []
    assert not ops.reopen_finding(doc, "cooling.no_cdu", [rack])
    doc.undo()
    assert [e.comment for e in doc.project.settings.rules.exclusions] == ["phase 3 now"]
