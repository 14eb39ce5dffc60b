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


# --- designs whose ids differ: paired by hall and label, then place, then id -------------


def renumbered(doc):
    """``doc``'s design with every rack, CDU, busway and tray given another id (and every
    reference to one following it), as a file regenerated in another order numbers them."""
    from pathlib import Path

    from designer.core.document.document import Document
    from designer.core.io.project_file import loads, to_bytes

    text = to_bytes(doc.project).decode()
    for prefix in ('"rk-', '"cool-', '"feed-', '"tray-'):
        text = text.replace(prefix, prefix.replace("-", "-x"))
    loaded = loads(text.encode(), Path("renumbered.rackplan.json"), CATALOG.racks)
    return Document(loaded.project, catalog=CATALOG)


def test_a_design_renumbered_differs_nowhere_and_an_edit_of_it_reads_as_that_edit():
    a = gb200_su.build()
    b = renumbered(gb200_su.build())
    assert set(b.project.placements).isdisjoint(a.project.placements)
    assert differ(a, b) == []
    # the rack NVL72-02 relabelled in place, and NVL72-03 on the other CDU: a change each,
    # its CDU compared as the CDU it names, whatever that CDU's id
    cdus = sorted(b.project.cooling_units)
    rack = next(r for r in b.project.placements.values() if r.label == "NVL72-03")
    other = next(c for c in cdus if c != rack.cdu_id and b.project.cooling_units[c].kind == "cdu")
    ops.update(b, "rk-x002", label="NVL72-02b")
    ops.update(b, rack.id, cdu_id=other)
    found = differ(a, b)
    assert [(d.kind, d.id, d.id_b, d.fields) for d in found] == [
        ("changed", "rk-002", "rk-x002", ("label",)),
        ("changed", rack.id.replace("x", ""), rack.id, ("cdu_id",)),
    ]


def gb300_variant(oversubscription: float):
    """A GB300 SU of 1,152 GPUs on two sites 30 km apart on InfiniBand, at the leaves'
    ``oversubscription``: two variants of one cluster as ``generate`` makes them."""
    from designer.core.generate import ClusterRequest, generate

    return generate(
        ClusterRequest(
            "gb300-su",
            accelerators=1_152,
            sites=2,
            site_km=30,
            fabric="infiniband",
            oversubscription=oversubscription,
        )
    )


def test_two_generated_variants_whose_ids_shifted_differ_only_where_they_differ():
    """A GB300 SU of 1,152 GPUs on two sites at 2:1 and at 1.5:1: each site's leaves need
    a fourth network rack at 1.5:1, so ``generate`` numbers every id after the first site's
    one higher. Every one of A's 22 racks stands at the same x, y in B; what differs is the
    network rack NET-B02 added to each site (at x 3,000 mm, beside NET-B01), NET-B01 of each
    site now of the 3-switch type, and the bottom network row's two busways of each site
    run on to it, from 2,400-3,000 mm to 2,400-3,600 mm: 0.6 m longer, not moved. Paired by
    id it read 15 moves, 13 of them racks that stand where they stood."""
    a, b = gb300_variant(2), gb300_variant(1.5)
    where = {(r.hall_id, r.label): (r.x, r.y) for r in b.placements.values()}
    assert all(where[r.hall_id, r.label] == (r.x, r.y) for r in a.placements.values())
    found = differences(a, b, TYPES, TYPES)

    assert counts(found) == {"added": 2, "removed": 0, "moved": 0, "changed": 6}
    halls = {h.id: h.name for h in b.halls.values()}
    added = [(halls[d.after.hall_id], d.name.split()[0]) for d in found if d.kind == "added"]
    assert added == [("S1 Hall 1", "NET-B02"), ("S2 Hall 1", "NET-B02")]
    # each added one by its id in B, which A gives another rack
    assert all(d.id == d.id_b and d.id in b.placements for d in found if d.kind == "added")
    changed = [(d.name, describe(d, a, b)) for d in found if d.kind == "changed"]
    assert changed == [
        ("Busway AN.1b1", "0.6 m longer; in S1 Hall 1"),
        ("Busway BN.1b1", "0.6 m longer; in S1 Hall 1"),
        ("NET-B01 (nvidia-q3400-rack-2)", "type changed; in S1 Hall 1"),
        ("Busway AN.1b1", "0.6 m longer; in S2 Hall 1"),
        ("Busway BN.1b1", "0.6 m longer; in S2 Hall 1"),
        ("NET-B01 (nvidia-q3400-rack-2)", "type changed; in S2 Hall 1"),
    ]


def test_labels_two_racks_share_pair_by_place_then_by_label_among_those_left():
    """Two racks labelled alike in one hall: which of B's is which of A's cannot be told by
    the label alone, so each pairs first with the one standing where it stood; a moved one
    then has the label to itself among those left."""
    a = gb200_su.build()
    ops.update(a, "rk-002", label="NVL72-01")
    b = renumbered(a)
    assert differ(a, b) == []  # both where they stood: paired by place
    ops.move(b, ["rk-x002"], 0, 3_000)
    found = differ(a, b)
    assert [(d.kind, d.id, d.id_b, describe(d, a.project, b.project)) for d in found] == [
        ("moved", "rk-002", "rk-x002", "3 m")
    ]
    # both moved: nothing tells them apart, so neither takes the other's place
    ops.move(b, ["rk-x001"], 0, 3_000)
    assert [(d.kind, d.id) for d in differ(a, b)] == [
        ("added", "rk-x001"),
        ("added", "rk-x002"),
        ("removed", "rk-001"),
        ("removed", "rk-002"),
    ]


def test_swapped_labels_read_as_each_rack_moved_to_where_its_label_stands():
    a, b = gb200_su.build(), gb200_su.build()
    ops.update(b, "rk-001", label="NVL72-02")
    ops.update(b, "rk-002", label="NVL72-01")
    found = differ(a, b)
    assert [(d.kind, d.id, d.id_b) for d in found] == [
        ("moved", "rk-001", "rk-002"),
        ("moved", "rk-002", "rk-001"),
    ]


def test_a_busway_run_on_is_changed_and_says_how_much_longer_one_shifted_whole_moved():
    """Busway A2 runs 4,500-8,700 mm along y 1,500; run on to 9,900 mm it is 1.2 m longer."""
    a, b = gb200_su.build(), gb200_su.build()
    ops.update(b, "feed-003", path=[(4_500, 1_500), (9_900, 1_500)])
    (changed,) = differ(a, b)
    assert (changed.kind, changed.what, changed.fields) == ("changed", "busway", ("path",))
    assert describe(changed, a.project, b.project) == "1.2 m longer"
    ops.move(b, ["feed-003"], 0, 600)
    (reshaped,) = differ(a, b)  # run on and shifted: still not the same shape
    assert reshaped.kind == "changed"
    c = gb200_su.build()
    ops.move(c, ["feed-003"], 0, 600)
    (moved,) = differ(a, c)
    assert (moved.kind, describe(moved, a.project, c.project)) == ("moved", "0.6 m")
