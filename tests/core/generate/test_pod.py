"""Insert ▸ Pod in the core: a clean pod in one undo step, placed where asked or on free floor."""

from collections import Counter

import pytest

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples._common import new_document
from designer.core.generate.pod import PodError, insert_pod, pod_size
from designer.core.rules import RuleEngine


def empty_hall(width=30_000, depth=24_000):
    doc = new_document("Pods", "")
    site = ops.add_site(doc, "Site 1", power_capacity_kw=5_000, cooling_capacity_kw=5_000)
    return doc, slab_hall(doc, site, "Hall", width, depth)


def slab_hall(doc, site, name, width=30_000, depth=24_000, **fields):
    """A hall of 25 kPa slab with 4 MW of power and cooling and its cable entry."""
    return ops.add_hall(
        doc,
        site,
        name,
        width,
        depth,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=4_000,
        cooling_capacity_kw=4_000,
        cable_entry=(0, 1_800),
        **fields,
    )


def findings(doc):
    return [f.message for f in RuleEngine(default_catalog()).run(doc.project).findings]


@pytest.mark.parametrize("preset", ["nvl72-su", "gb300-su", "hgx-su", "cm384"])
def test_a_pod_in_an_empty_hall_is_clean_and_one_undo_step(preset):
    doc, hall = empty_hall()
    before = doc.project
    pod = insert_pod(doc, hall, preset)
    assert pod.origin == (0, 0)
    assert findings(doc) == []
    racks = [p for p in doc.project.placements.values() if p.hall_id == hall]
    assert racks
    assert all(p.feed_ids and len(p.feed_ids) == 2 for p in racks)
    doc.undo()
    assert doc.project == before


def test_a_pod_is_centred_on_the_cursor_snapped_to_the_tiles():
    doc, hall = empty_hall()
    width, depth = pod_size(doc, "nvl72-su")
    pod = insert_pod(doc, hall, "nvl72-su", at=(15_100, 12_250))
    # 15,100 - 4,000 = 11,100 -> 10,800 on the 600 mm tiles; 12,250 - 7,200 = 5,050 -> 4,800
    assert (width, depth) == (8_000, 14_400)
    assert pod.origin == (10_800, 4_800)


def test_a_second_pod_joins_the_first_and_the_fabric_spans_both():
    doc, hall = empty_hall()
    insert_pod(doc, hall, "nvl72-su")
    second = insert_pod(doc, hall, "nvl72-su", at=(20_000, 14_000))
    # one fabric of 1,152 ports: 36 leaves and 18 spines, 54 of the two pods' 72 slots; the
    # second pod's third network rack holds none of them, and a note says so
    assert findings(doc) == [
        "1 network rack of Site 1 holds no switch of the site's scale-out fabric: P2-NET-B01."
    ]
    labels = [p.label for p in doc.project.placements.values()]
    assert len(labels) == len(set(labels))
    assert any(label.startswith("P2-") for label in labels)
    assert second.ids


def test_a_pod_that_does_not_fit_is_refused_with_the_reason():
    doc, hall = empty_hall(width=6_000, depth=6_000)
    with pytest.raises(PodError, match=r"no free floor of 8 x 14\.4 m"):
        insert_pod(doc, hall, "nvl72-su")
    doc, hall = empty_hall()
    insert_pod(doc, hall, "nvl72-su")
    with pytest.raises(PodError, match="would overlap"):
        insert_pod(doc, hall, "nvl72-su", at=(4_000, 7_000))
    with pytest.raises(PodError, match="inside the hall"):
        insert_pod(doc, hall, "nvl72-su", at=(29_000, 7_000))


def test_an_infiniband_pod_beside_an_ethernet_pod_builds_a_fabric_on_each_ones_switches():
    """A CloudMatrix384 pod (Spectrum-4 SN5600 racks) then a GB200 pod (QM9700 racks) in
    one hall: the 960 ports of both were one fabric on the kind with more slots, 45 QM9700
    where the GB200 pod has 36, and 3 racks were left unconnected (a sweep of Insert Pod).
    Each pod's racks name their leaf rack in their own pod, and each pod's ports make a
    fabric of their own switches: the GB200's 576 x 400G on radix 64, 576 / 32 = 18 leaves
    and 576 / 64 = 9 spines; the CloudMatrix's 384 x 400G on radix 128 (64 x 800G split),
    384 / 64 = 6 leaves and 384 / 128 = 3 spines."""
    from tests.core.network.helpers import plan_of

    doc, hall = empty_hall()
    first = insert_pod(doc, hall, "cm384")
    second = insert_pod(doc, hall, "nvl72-su")
    assert findings(doc) == []
    project = doc.project
    for pod in (first, second):
        racks = [project.placements[i] for i in pod.ids if i in project.placements]
        named = {r.network_rack_id for r in racks if r.network_rack_id is not None}
        assert named and named <= set(pod.ids)
    (fabric,) = plan_of(doc).fabrics().values()
    switches = Counter()
    for _, switch, role, count in fabric.placed:
        switches[(switch, role)] += count
    assert switches == {
        ("nvidia-qm9700", "leaf"): 18,
        ("nvidia-qm9700", "spine"): 9,
        ("nvidia-sn5600", "leaf"): 6,
        ("nvidia-sn5600", "spine"): 3,
    }


def test_pods_in_two_halls_are_numbered_over_the_project():
    """Each hall's pods were numbered from 1: both halls held P1-NET-T01, and the links
    between them read "P1-NET-T01 to P1-NET-T01" (a trial)."""
    doc, first = empty_hall()
    site = doc.project.halls[first].site_id
    second = slab_hall(doc, site, "Hall 2", site_origin=(0, 30_000))
    insert_pod(doc, first, "nvl72-su")
    insert_pod(doc, second, "nvl72-su")
    prefixes = {(p.hall_id, p.label.split("-", 1)[0]) for p in doc.project.placements.values()}
    assert prefixes == {(first, "P1"), (second, "P2")}
    labels = [p.label for p in doc.project.placements.values()]
    assert len(labels) == len(set(labels))


def test_pods_fill_the_hall_of_file_new_each_on_the_floor_it_states():
    """A trial's pods in the 24 x 18 m hall of File ▸ New went in at x 0, 6 and 12 m, inside
    one another's stated 8 x 14.4 m, and a fourth was refused beside 6.4 m of bare floor.
    Each pod takes the floor it states, its walkways and clearances kept: 24 / 8 = 3 pods
    side by side, 18 / 14.4 = 1 deep; a fourth is refused naming its floor, 9 m wide with
    the racks it would bring for the site's core tier (see below)."""
    from designer.core.document.new_project import NewProjectSpec
    from designer.core.document.new_project import new_document as new_project
    from designer.core.findings import Severity
    from designer.core.geometry.footprint import Box

    # power and cooling for three pods (3 x 1,117.2 kW, x PUE 1.3 = 4,357 kW at the site)
    doc = new_project(NewProjectSpec(power_capacity_kw=5_000, cooling_capacity_kw=5_000))
    [hall] = doc.project.halls
    width, depth = pod_size(doc, "nvl72-su")
    assert (width, depth) == (8_000, 14_400)
    pods = [insert_pod(doc, hall, "nvl72-su") for _ in range(3)]
    assert [p.origin for p in pods] == [(0, 0), (8_000, 0), (16_000, 0)]
    with pytest.raises(PodError, match=r"no free floor of 9 x 14\.4 m"):
        insert_pod(doc, hall, "nvl72-su")
    project = doc.project
    floors = [Box(*p.origin, p.origin[0] + width, p.origin[1] + depth) for p in pods]
    for pod, floor in zip(pods, floors, strict=True):
        standing = [i for i in pod.ids if i in project.placements or i in project.cooling_units]
        boxes = [ops.footprint_of(project, i, doc.rack_types) for i in standing]
        assert all(b is not None and floor.union(b) == floor for b in boxes)  # on its own floor
        for other in floors:
            if other != floor:
                assert not any(b is not None and other.overlaps(b) for b in boxes)
    severities = {f.severity for f in RuleEngine(default_catalog()).run(project).findings}
    assert severities <= {Severity.INFO}  # no error, no warning


def test_a_pod_pointed_at_inside_another_pods_floor_is_refused():
    """The first pod's racks end 2.4 m short of its floor's edge: a second centred there
    stood in that walkway, and nothing said so. A pod still covers the point pointed at,
    so none goes there: beside it, flush, its floor would leave that point bare."""
    doc, hall = empty_hall()
    insert_pod(doc, hall, "nvl72-su")  # on x 0-8 m, its racks on x 2.4-5.6 m
    before = doc.project
    with pytest.raises(PodError, match=r"would overlap what already stands"):
        insert_pod(doc, hall, "nvl72-su", at=(7_400, 7_200))  # 7.4 m: in its walkway
    assert doc.project is before


def floor_of(pod):
    """The floor a pod states, as a box in mm."""
    from designer.core.geometry.footprint import Box

    return Box(*pod.origin, pod.origin[0] + pod.size[0], pod.origin[1] + pod.size[1])


def assert_each_on_its_own_floor(doc, pods):
    """Every rack and unit of each pod inside the floor it states, none on another's, and
    the design without an error or a warning."""
    from designer.core.findings import Severity

    project = doc.project
    floors = [floor_of(p) for p in pods]
    for pod, floor in zip(pods, floors, strict=True):
        assert not any(floor.overlaps(other) for other in floors if other != floor)
        standing = [i for i in pod.ids if i in project.placements or i in project.cooling_units]
        boxes = [ops.footprint_of(project, i, doc.rack_types) for i in standing]
        assert boxes and all(b is not None and floor.union(b) == floor for b in boxes)
    severities = {f.severity for f in RuleEngine(default_catalog()).run(project).findings}
    assert severities <= {Severity.INFO}


def test_pods_at_the_cursor_in_the_hall_of_file_new_go_flush_side_by_side():
    """A second GB200 SU pointed at beside the first (centred at 12.4 m: its corner at
    8.4 m, on the 0.6 m tiles) went in at 8.4 m, 0.4 m of bare floor from the first one's
    8 m edge, and a third pointed at 20 m went to 16.2 m, past the 24 m hall's far wall,
    and was refused. Each lands flush against the one before, at x 0, 8 and 16 m, as pods
    on free floor do; one undo takes the last out whole."""
    from designer.core.document.new_project import NewProjectSpec
    from designer.core.document.new_project import new_document as new_project

    doc = new_project(NewProjectSpec(power_capacity_kw=5_000, cooling_capacity_kw=5_000))
    [hall] = doc.project.halls
    first = insert_pod(doc, hall, "nvl72-su", at=(4_000, 7_200))
    second = insert_pod(doc, hall, "nvl72-su", at=(12_400, 7_200))
    before = doc.project
    third = insert_pod(doc, hall, "nvl72-su", at=(20_000, 7_200))
    assert [p.origin for p in (first, second, third)] == [(0, 0), (8_000, 0), (16_000, 0)]
    assert_each_on_its_own_floor(doc, [first, second, third])
    doc.undo()
    assert doc.project == before


@pytest.mark.parametrize(
    ("at", "origin"),
    [
        # centred at 28.5 m its corner is at 24.5 -> 24.6 m on the tiles, 0.4 m short of
        # the first one's edge at 24.2 m: flush
        pytest.param((28_500, 20_000), (24_200, 12_600), id="right, 0.4 m short"),
        # 26 - 4 = 22 -> 22.2 m, 2 m into the first one's floor: out of it, flush
        pytest.param((26_000, 20_000), (24_200, 12_600), id="right, 2 m into it"),
        # on its left, 11.8 - 4 = 7.8 m: its right edge at 15.8 m, 0.4 m short of 16.2 m
        pytest.param((11_800, 20_000), (8_200, 12_600), id="left, 0.4 m short"),
        # 14 - 4 = 10 -> 10.2 m, 2 m into it from the left
        pytest.param((14_000, 20_000), (8_200, 12_600), id="left, 2 m into it"),
        # below it, 33 - 7.2 = 25.8 m, 1.2 m into it from below: flush under its 27 m edge
        pytest.param((20_000, 33_000), (16_200, 27_000), id="below, 1.2 m into it"),
    ],
)
def test_a_pod_at_the_cursor_that_would_overlap_or_nearly_touch_another_goes_flush(at, origin):
    """A pod pointed at so that its floor, on the tiles, would overlap an earlier pod's or
    stop short of it by less than a tile goes flush against it, on whichever side."""
    doc, hall = empty_hall(40_000, 50_000)
    first = insert_pod(doc, hall, "nvl72-su", at=(20_000, 20_000))
    assert floor_of(first) == (16_200, 12_600, 24_200, 27_000)  # 8 x 14.4 m, off the tiles
    second = insert_pod(doc, hall, "nvl72-su", at=at)
    assert second.origin == origin
    assert_each_on_its_own_floor(doc, [first, second])


@pytest.mark.parametrize(
    ("at", "origin"),
    [
        # 29.2 - 4 = 25.2 m, 1 m from the first one's edge at 24.2 m: a gap a rack fits in
        pytest.param((29_200, 20_000), (25_200, 12_600), id="a tile and more beside it"),
        pytest.param((33_000, 42_000), (28_800, 34_800), id="far from it"),
    ],
)
def test_a_pod_at_the_cursor_a_tile_or_more_from_any_pod_stays_on_the_tiles(at, origin):
    doc, hall = empty_hall(40_000, 50_000)
    insert_pod(doc, hall, "nvl72-su", at=(20_000, 20_000))
    assert insert_pod(doc, hall, "nvl72-su", at=at).origin == origin
    assert origin[0] % 600 == 0 and origin[1] % 600 == 0


def test_a_pod_keeps_off_the_corner_of_another_pods_floor_its_racks_leave_bare():
    """A GB200 SU's floor is 8 x 14.4 m, but its racks' margins leave its corner at x 7.2-8
    m, y 9.5-14.4 m bare: a pod centred at 11.8 m, 16.8 m (its corner at 7.8 m, 9.6 m on
    the tiles) went 0.2 m into that floor. It goes flush beside it."""
    doc, hall = empty_hall()
    first = insert_pod(doc, hall, "nvl72-su")
    second = insert_pod(doc, hall, "nvl72-su", at=(11_800, 16_800))
    assert second.origin == (8_000, 9_600)
    assert_each_on_its_own_floor(doc, [first, second])


def test_the_pod_that_outgrows_the_sites_switch_slots_brings_the_racks_its_fabric_needs():
    """A trial's fourth GB200 SU in one site left 288 ports unconnected: its 2,304 ports
    need a core tier on the 64-port QM9700 (2,304 / 32 = 72 leaves, more than the 64 two
    tiers hold: pods of 32 leaves, 72 spines and 72 x 32 / 64 = 36 cores, 180 switches)
    where four pods' 12 racks hold 144. The fourth pod brings 36 / 12 = 3 racks more, its
    network row 3 columns wider (and an in-row cooler more for their air): 9 m of floor.
    The fifth: 2,880 ports, 90 + 90 + 45 = 225 switches in 15 + 3 racks of 12 (216 slots),
    one rack more; the sixth: 3,456 ports, 108 + 108 + 54 = 270 in 22 racks (264), one
    more. Each goes in on the floor it states, beside the last."""
    from designer.core.document.new_project import NewProjectSpec
    from designer.core.document.new_project import new_document as new_project
    from designer.core.findings import Severity

    spec = NewProjectSpec(width_m=54, power_capacity_kw=10_000, cooling_capacity_kw=10_000)
    doc = new_project(spec)
    [hall] = doc.project.halls
    engine = RuleEngine(default_catalog())
    sizes, origins, network_racks = [], [], []
    for _ in range(6):
        sizes.append(pod_size(doc, "nvl72-su", hall))
        pod = insert_pod(doc, hall, "nvl72-su")
        assert pod.size == sizes[-1]
        origins.append(pod.origin)
        racks = [doc.project.placements[i] for i in pod.ids if i in doc.project.placements]
        network_racks.append(sum(1 for r in racks if doc.rack_types[r.type_id].switches))
        found = engine.run(doc.project).findings
        assert [f.message for f in found if f.severity != Severity.INFO] == []
    assert network_racks == [3, 3, 3, 6, 4, 4]
    assert [w for w, _ in sizes] == [8_000, 8_000, 8_000, 9_000, 8_400, 8_400]
    assert [x for x, _ in origins] == [0, 8_000, 16_000, 24_000, 33_000, 41_400]
