"""Where two designs differ: racks and equipment added, removed, moved or changed, by id."""

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.energy.differences import counts, describe, differences
from designer.core.examples import gb200_su
from designer.core.geometry.footprint import Box

CATALOG = default_catalog()
TYPES = CATALOG.racks


def differ(a, b):
    return differences(a.project, b.project, TYPES, TYPES)


def test_a_design_against_itself_differs_nowhere():
    doc = gb200_su.build()
    assert differ(doc, doc) == []
    assert counts([]) == {"added": 0, "removed": 0, "moved": 0, "changed": 0}


def test_a_rack_moved_and_one_deleted_are_one_move_and_one_removal():
    a, b = gb200_su.build(), gb200_su.build()
    ops.move(b, ["rk-001"], 0, 3_000)
    ops.delete(b, ["rk-011"])
    found = differ(a, b)

    assert counts(found) == {"added": 0, "removed": 1, "moved": 1, "changed": 0}
    removed, moved = found  # removals before moves
    assert (removed.kind, removed.id, removed.what) == ("removed", "rk-011", "rack")
    assert removed.name == "NVL72-08 (NVIDIA GB200 NVL72)"
    # a GB200 NVL72 is 600 x 1,068 mm; facing 180 it covers the same box
    assert removed.before is not None and removed.after is None
    assert removed.before.box == Box(8_100, 1_332, 8_700, 2_400)
    assert (moved.kind, moved.id, moved.fields) == ("moved", "rk-001", ())
    assert moved.before.box == Box(2_100, 1_332, 2_700, 2_400)
    assert moved.after.box == Box(2_100, 4_332, 2_700, 5_400)
    assert describe(moved, a.project, b.project) == "3 m"


def test_the_other_way_round_the_rack_is_added_where_it_stands_in_b():
    a, b = gb200_su.build(), gb200_su.build()
    ops.delete(a, ["rk-011"])
    (added,) = differ(a, b)
    assert (added.kind, added.before) == ("added", None)
    assert added.after.box == Box(8_100, 1_332, 8_700, 2_400)
    assert added.place is added.after


def test_a_changed_label_or_cdu_is_a_change_and_names_the_fields():
    a, b = gb200_su.build(), gb200_su.build()
    ops.update(b, "rk-002", label="NVL72-02b")
    ops.update(b, "cool-001", name="CDU-1 spare")
    found = differ(a, b)
    assert [(d.kind, d.id, d.what, d.fields) for d in found] == [
        ("changed", "cool-001", "CDU", ("name",)),
        ("changed", "rk-002", "rack", ("label",)),
    ]
    assert describe(found[1], a.project, b.project) == "label changed"


def test_changed_fields_are_named_in_a_readers_words():
    a, b = gb200_su.build(), gb200_su.build()
    rack = b.project.placements["rk-002"]
    ops.update(b, "rk-002", type_id="nvidia-gb300-nvl72", feed_ids=list(reversed(rack.feed_ids)))
    ops.update(b, "cool-001", flow_lpm=999.0, liquid_capacity_kw=900.0)
    cdu, changed = differ(a, b)
    assert describe(changed, a.project, b.project) == "type, power feeds changed"
    assert describe(cdu, a.project, b.project) == "liquid capacity, coolant flow changed"


def test_a_moved_busway_and_tray_are_moves_of_their_paths():
    a, b = gb200_su.build(), gb200_su.build()
    ops.move(b, ["feed-003", "tray-001"], 600, 0)
    found = differ(a, b)
    assert {(d.kind, d.what) for d in found} == {("moved", "busway"), ("moved", "tray")}
    tray = next(d for d in found if d.what == "tray")
    assert tray.after.box.x0 - tray.before.box.x0 == 600


def test_a_rack_moved_to_another_hall_names_it_and_every_row_its_hall():
    a, b = gb200_su.build(), gb200_su.build()
    site = next(iter(b.project.sites))
    other = ops.add_hall(
        b,
        site,
        "Hall 2",
        12_000,
        8_000,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=1_000,
        cooling_capacity_kw=1_000,
    )
    ops.update(b, "rk-001", hall_id=other)
    ops.update(b, "rk-002", label="NVL72-02b")
    moved, changed = differ(a, b)
    assert describe(moved, a.project, b.project) == "from SU hall to Hall 2"
    assert describe(changed, a.project, b.project) == "label changed; in SU hall"
