"""Edits through operations: one undo step each, references kept whole, systems kept together."""

import pytest

from designer.core.document import operations as ops
from designer.core.document.document import TransactionError
from designer.core.geometry.floor import placement_box
from designer.core.model.project import routes_between


def test_each_edit_is_one_undo_step_and_undo_restores_exactly(doc):
    before = doc.project
    ids = ops.place_row(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 1_200, 4, 180)
    assert len(ids) == 4
    assert doc.history.undo_label == "Place a row of 4 NVIDIA GB200 NVL72"
    placed = doc.project
    ops.move(doc, ids[:1], 600, 0)
    assert doc.project.placements[ids[0]].x == 1_800
    doc.undo()
    assert doc.project == placed
    doc.undo()
    assert doc.project == before
    doc.redo()
    assert doc.project == placed


def test_dirty_follows_the_saved_point(doc):
    doc.mark_saved(doc.path or __import__("pathlib").Path("x.rackplan.json"))
    assert not doc.is_dirty
    ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 0, 0)
    assert doc.is_dirty
    doc.undo()
    assert not doc.is_dirty


def test_a_reference_to_nothing_is_refused_and_changes_nothing(doc):
    before = doc.project
    with pytest.raises(TransactionError, match="feed-404"):
        ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 0, 0, feed_ids=["feed-404"])
    assert doc.project is before
    assert not doc.history.can_undo or doc.history.undo_label.startswith("Add hall")


def test_connect_feed_changes_only_that_feed_on_each_rack_in_one_step(doc):
    a1, b1, a2 = (
        ops.add_feed(doc, "hall-001", "busway-800a-415v", [(0, y), (9_000, y)], name, side=name[0])
        for y, name in ((0, "A1"), (300, "B1"), (600, "A2"))
    )
    left = ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 0, 1_200, feed_ids=[a1, b1])
    right = ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 1_200, 1_200, feed_ids=[a2])
    before = doc.project
    ops.connect_feed(doc, [left, right], b1)
    assert doc.history.undo_label == "Connect B1"
    assert doc.project.placements[left] == before.placements[left]  # already on B1
    assert doc.project.placements[right].feed_ids == [a2, b1]
    ops.connect_feed(doc, [left, right], a1, connected=False)
    assert doc.history.undo_label == "Disconnect A1"
    assert doc.project.placements[left].feed_ids == [b1]
    assert doc.project.placements[right].feed_ids == [a2, b1]
    revision = doc.revision
    ops.connect_feed(doc, [right], a1, connected=False)  # not on it: no step at all
    assert doc.revision == revision
    doc.undo()
    doc.undo()
    assert doc.project == before
    with pytest.raises(TransactionError, match="feed-404"):
        ops.connect_feed(doc, [left], "feed-404")
    assert doc.project == before


def test_deleting_a_feed_disconnects_its_racks_and_undo_reconnects_them(doc):
    feed = ops.add_feed(doc, "hall-001", "busway-800a-415v", [(0, 0), (9_000, 0)], "A1", side="A")
    rack = ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 0, 600, feed_ids=[feed])
    ops.delete(doc, [feed])
    assert doc.project.placements[rack].feed_ids == []
    assert feed not in doc.project.feeds
    doc.undo()
    assert doc.project.placements[rack].feed_ids == [feed]


def test_a_system_moves_turns_and_deletes_as_one(doc):
    group = ops.place_system(doc, "hall-001", "huawei-cm384", 3_000, 3_000, 0, "CM")
    members = [r for r in doc.project.placements.values() if r.group_id == group]
    assert len(members) == 16
    # labelled by role as a person reads them, not by the catalog's identifier ub_switch
    labels = sorted(r.label for r in members)
    assert labels[:2] == ["CM-compute-01", "CM-compute-02"] and labels[-1] == "CM-ub-switch-04"
    ops.move(doc, [members[5].id], 1_200, 600)
    moved = {r.id: (r.x, r.y) for r in doc.project.placements.values()}
    assert all(moved[m.id] == (m.x + 1_200, m.y + 600) for m in members)
    ops.delete(doc, [members[0].id])
    assert doc.project.placements == {}
    assert group not in doc.project.groups
    doc.undo()
    assert len(doc.project.placements) == 16


def test_a_system_turns_about_its_centre_and_four_turns_give_it_back(doc):
    group = ops.place_system(doc, "hall-001", "huawei-cm384", 3_000, 3_000, 0, "CM")
    types = doc.rack_types

    def hull():
        boxes = [placement_box(r, types) for r in doc.project.placements.values()]
        return (
            min(b.x0 for b in boxes),
            min(b.y0 for b in boxes),
            max(b.x1 for b in boxes),
            max(b.y1 for b in boxes),
        )

    start = doc.project.placements.copy()
    x0, y0, x1, y1 = hull()
    assert (x1 - x0, y1 - y0) == (4_800, 3_600)
    ops.rotate(doc, [group])
    tx0, ty0, tx1, ty1 = hull()
    assert (tx1 - tx0, ty1 - ty0) == (3_600, 4_800)
    assert (tx0 + tx1, ty0 + ty1) == (x0 + x1, y0 + y1)
    assert {r.rotation for r in doc.project.placements.values()} == {90, 270}
    for _ in range(3):
        ops.rotate(doc, [group])
    assert doc.project.placements == start


def test_a_rack_turns_in_place_about_its_centre(doc):
    # off the tile grid (a rack on it stays on it: test_turning.py)
    rack = ops.place_rack(doc, "hall-001", "nvidia-gb200-nvl72", 1_200, 1_332, 0)
    ops.rotate(doc, [rack])
    turned = doc.project.placements[rack]
    box = placement_box(turned, doc.rack_types)
    assert turned.rotation == 90
    assert (box.width, box.height) == (1_068, 600)
    assert box.centre == (1_500.0, 1_866.0)


def test_ungrouped_racks_move_alone(doc):
    group = ops.place_system(doc, "hall-001", "huawei-cm384", 3_000, 3_000)
    members = ops.ungroup(doc, group)
    ops.move(doc, [members[0]], 0, 10_000)
    assert sum(r.y >= 13_000 for r in doc.project.placements.values()) == 1


def test_nudges_of_the_same_selection_merge_into_one_step(doc):
    rack = ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 0, 0)
    for _ in range(5):
        ops.move(doc, [rack], 100, 0, merge_key=f"nudge:{rack}")
    assert doc.project.placements[rack].x == 500
    doc.undo()
    assert doc.project.placements[rack].x == 0


def test_deleting_a_hall_deletes_what_stands_in_it(doc):
    ops.place_row(doc, "hall-001", "nvidia-gb200-nvl72", 0, 0, 3)
    ops.add_tray(doc, "hall-001", [(0, 0), (1_000, 0)], 2_700, 600, 100)
    removed = ops.delete(doc, ["hall-001"])
    assert len(removed) == 5
    assert doc.project.placements == {}
    assert doc.project.trays == {}


def test_an_invalid_property_edit_is_refused_with_the_field(doc):
    rack = ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 0, 0)
    with pytest.raises(TransactionError, match="rear_door_kw"):
        ops.update(doc, rack, rear_door_kw=-5)
    ops.update(doc, rack, label="H100-07", rear_door_kw=45)
    assert doc.project.placements[rack].label == "H100-07"


def test_listeners_hear_exactly_the_changed_ids(doc):
    heard = []
    doc.subscribe(lambda changes: heard.append(changes.ids))
    rack = ops.place_rack(doc, "hall-001", "nvidia-dgx-h100-rack", 0, 0)
    ops.move(doc, [rack], 600, 0)
    doc.undo()
    assert heard == [{rack}, {rack}, {rack}]


def test_a_fibre_route_is_laid_changed_and_taken_up_by_its_two_sites(doc):
    far = ops.add_site(doc, "Far", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    ops.set_fibre_route(doc, "site-001", far, 40)
    [route] = doc.project.fibre_routes.values()
    assert {route.site_a, route.site_b} == {"site-001", far}
    assert route.distance_km == 40
    # named from the other end, it is the same route
    ops.set_fibre_route(doc, far, "site-001", 95)
    assert [r.distance_km for r in doc.project.fibre_routes.values()] == [95]
    assert [r.id for r in routes_between(doc.project, far, "site-001")] == [route.id]
    ops.set_fibre_route(doc, far, "site-001", None)
    assert doc.project.fibre_routes == {}
    # each change is one step back
    doc.undo()
    assert [r.distance_km for r in doc.project.fibre_routes.values()] == [95]
    doc.undo()
    assert [r.distance_km for r in doc.project.fibre_routes.values()] == [40]
    doc.undo()
    assert doc.project.fibre_routes == {}


def test_a_second_path_between_two_sites_is_laid_and_taken_up_on_its_own(doc):
    far = ops.add_site(doc, "Far", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    ops.set_fibre_route(doc, "site-001", far, 40)
    ops.set_fibre_route(doc, far, "site-001", 55, path=2)
    assert doc.history.undo_label == "Fibre route Far – S, path 2"  # Edit ▸ Undo says so
    first, second = routes_between(doc.project, "site-001", far)
    assert (first.distance_km, second.distance_km) == (40, 55)
    ops.set_fibre_route(doc, "site-001", far, 60, path=2)
    assert [r.distance_km for r in routes_between(doc.project, far, "site-001")] == [40, 60]
    # the first path taken up, the second is the pair's only route, now its first path
    ops.set_fibre_route(doc, "site-001", far, None)
    assert [r.id for r in routes_between(doc.project, far, "site-001")] == [second.id]
    doc.undo()
    assert len(routes_between(doc.project, far, "site-001")) == 2


def test_setting_a_fibre_route_to_what_it_is_adds_no_step(doc):
    far = ops.add_site(doc, "Far", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    ops.set_fibre_route(doc, "site-001", far, None)
    ops.set_fibre_route(doc, "site-001", far, 12.5)
    project = doc.project
    ops.set_fibre_route(doc, far, "site-001", 12.5)
    assert doc.project is project
    doc.undo()
    assert doc.project.fibre_routes == {}
    doc.undo()
    assert "site-002" not in doc.project.sites and far not in doc.project.sites
