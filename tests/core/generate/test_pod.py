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


def test_a_pod_at_the_cursor_keeps_off_the_floor_of_the_pod_beside_it():
    """The first pod's racks end 2.4 m short of its floor's edge: a second centred there
    stood in that walkway, and nothing said so."""
    doc, hall = empty_hall()
    insert_pod(doc, hall, "nvl72-su")  # on x 0-8 m, its racks on x 2.4-5.6 m
    # 10,000 - 4,000 = 6,000: its floor from x 6 m, 2 m into the first one's
    with pytest.raises(PodError, match=r"would overlap pod P1's floor"):
        insert_pod(doc, hall, "nvl72-su", at=(10_000, 7_200))
    # 12,400 - 4,000 = 8,400, on the tiles, clear of the first one's floor
    assert insert_pod(doc, hall, "nvl72-su", at=(12_400, 7_200)).origin == (8_400, 0)


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
