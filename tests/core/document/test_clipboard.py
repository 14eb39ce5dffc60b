"""Copy and paste: a fragment through the clipboard's JSON, pasted as copies with free names
and their references kept, dropped or following the copies; one undo step."""

import pytest

from designer.core.document import operations as ops
from designer.core.document.clipboard import Fragment, copy_fragment, free_name, paste
from designer.core.document.document import TransactionError


def test_copy_and_paste_a_rack_keeps_its_feed_in_the_same_hall(doc):
    feed = ops.add_feed(doc, "hall-001", "busway-800a-415v", [(0, 0), (9_000, 0)], "A1", side="A")
    cdu = ops.add_cooling_unit(doc, "hall-001", "cdu-inrow-1368", 0, 3_000, "CDU-1")
    rack = ops.place_rack(
        doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 600, 180, "NVL72-01", feed_ids=[feed]
    )
    ops.assign_cdu(doc, [rack], cdu)
    fragment = Fragment.from_json(copy_fragment(doc.project, [rack]).to_json())
    (copy,) = paste(doc, fragment, "hall-001", 600, 0)
    pasted = doc.project.placements[copy]
    original = doc.project.placements[rack]
    assert copy != rack
    assert (pasted.x, pasted.y, pasted.rotation) == (1_800, 600, 180)
    assert pasted.label == "NVL72-02"
    assert pasted.feed_ids == [feed] and pasted.cdu_id == cdu
    assert original.label == "NVL72-01"
    assert doc.history.undo_label == "Paste 1 item"


def test_pasting_into_another_hall_drops_references_that_do_not_stand_there(doc):
    feed = ops.add_feed(doc, "hall-001", "busway-800a-415v", [(0, 0), (9_000, 0)], "A1")
    rack = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 600, feed_ids=[feed])
    (copy,) = paste(doc, copy_fragment(doc.project, [rack]), "hall-002", 0, 0)
    pasted = doc.project.placements[copy]
    assert pasted.hall_id == "hall-002"
    assert pasted.feed_ids == []


def test_a_pasted_system_is_a_new_group_and_copied_references_follow_the_copies(doc):
    group = ops.place_system(doc, "hall-001", "huawei-cm384", 6_000, 6_000, label="CM")
    member = next(r.id for r in doc.project.placements.values() if r.group_id == group)
    cdu = ops.add_cooling_unit(doc, "hall-001", "cdu-inrow-1368", 5_000, 6_000, "CDU-1")
    ops.assign_cdu(doc, [member], cdu)
    fragment = copy_fragment(doc.project, [member, cdu])
    new = paste(doc, fragment, "hall-001", 0, 6_000)
    assert len(new) == 17
    copies = [doc.project.placements[i] for i in new if i in doc.project.placements]
    (new_group,) = {r.group_id for r in copies}
    assert new_group not in (None, group)
    assert doc.project.groups[new_group].label == "CM-2"
    new_cdu = next(i for i in new if i in doc.project.cooling_units)
    assert {r.cdu_id for r in copies} == {None, new_cdu}
    assert doc.project.cooling_units[new_cdu].name == "CDU-2"
    ops.move(doc, [copies[0].id], 600, 0)
    assert all(doc.project.placements[r.id].x == r.x + 600 for r in copies)


def test_the_clipboard_refuses_what_is_not_a_fragment():
    for text in ("", "hello", '{"a": 1}', '{"rackplan_fragment": 1, "hall_id": "h"}'):
        with pytest.raises(TransactionError, match="no rackplan items"):
            Fragment.from_json(text)


@pytest.mark.parametrize(
    ("taken", "wanted", "expected"),
    [
        (set(), "NVL72-01", "NVL72-01"),
        ({"NVL72-01"}, "NVL72-01", "NVL72-02"),
        ({"NVL72-08", "NVL72-09"}, "NVL72-08", "NVL72-10"),
        ({"CDU-9"}, "CDU-9", "CDU-10"),
        ({"Main"}, "Main", "Main-2"),
        ({""}, "", ""),
    ],
)
def test_free_name_counts_up_the_last_number(taken, wanted, expected):
    assert free_name(taken, wanted) == expected
