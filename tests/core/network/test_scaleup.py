"""Scale-up wiring: the NVL72's NVLink stays in its rack; a CloudMatrix384's UB plane."""

from collections import Counter

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.core.model.equipment import PortGroup
from designer.core.network import bill_of_materials, cable_schedule
from designer.core.network.scaleup import ub_wiring
from tests.core.network.helpers import add_hall, draw, new_doc, plan_of, tray


def test_a_cloudmatrix384_wires_every_node_to_its_ub_switch_racks():
    plan = plan_of(EXAMPLES["cm384-supernode"]())
    ub = [line for line in cable_schedule(plan) if line.plane == "ub"]
    # 12 compute racks x 4 UB switch racks; each compute rack's 4 x 56 UB ports split over
    # the 4 switch racks: 56 links per bundle, 2,688 links (systems:S24)
    assert len(ub) == 12 * 4
    assert {line.count for line in ub} == {56}
    assert {(line.rate_gbps, line.lane_gbps) for line in ub} == {(400, 50)}
    assert {line.medium for line in ub} == {"Multimode SR transceivers (850 nm) over MPO fibre"}
    # two modules per link: 5,376 scale-up transceivers, 14 per NPU (systems 1b, systems:S22)
    [modules] = [line for line in bill_of_materials(plan).lines if line.category == "module"]
    assert modules.quantity == 2 * 2_688 == 14 * 384


def test_each_ub_switch_rack_takes_exactly_its_ports():
    plan = plan_of(EXAMPLES["cm384-supernode"]())
    ends = Counter()
    for line in cable_schedule(plan):
        if line.plane == "ub":
            ends[line.to_id] += line.count
    # 48 nodes x 56 links over 4 racks: 672 each, the UB port count of a switch rack
    assert set(ends.values()) == {672}
    assert not [f for f in plan.findings if f.code == "network.ports_exceeded"]


def test_a_ub_link_beyond_the_optics_reach_is_an_error():
    # The two lines of the system are joined only by a cross tray 60 m away, so a compute
    # rack's cables to the UB racks of the other line run about 120 m: beyond SR8's 100 m.
    doc, site = new_doc()
    hall = ops.add_hall(
        doc,
        site,
        "Long hall",
        70_000,
        9_600,
        floor_rating_kpa=12,
        floor_type="slab",
        power_capacity_kw=1_000,
        cooling_capacity_kw=1_000,
    )
    ops.place_system(doc, hall, "huawei-cm384", 2_400, 1_800, 0, "CM")
    tray(doc, hall, [(2_400, 2_400), (62_000, 2_400)])
    tray(doc, hall, [(2_400, 4_800), (62_000, 4_800)])
    tray(doc, hall, [(62_000, 2_400), (62_000, 4_800)])
    plan = plan_of(doc)
    beyond = [f for f in plan.findings if f.code == "scale_up.ub_beyond_reach"]
    # each of the 12 compute racks reaches the 2 UB racks of the other line: 24 bundles
    assert len(beyond) == 24
    assert all(f.measured > 100 and f.limit == 100 for f in beyond)
    assert not [f for f in plan.findings if f.code == "cabling.no_medium"]


def test_the_nvlink_spine_stays_inside_each_nvl72():
    plan = plan_of(EXAMPLES["gb200-nvl72-su"]())
    spines = [line for line in cable_schedule(plan) if line.plane == "nvlink"]
    # one per rack, 72 GPUs x 18 NVLink 5 links (systems:S12), inside the rack
    assert len(spines) == 8
    assert all(line.from_id == line.to_id for line in spines)
    assert {line.count for line in spines} == {72 * 18}
    assert {line.medium for line in spines} == {"NVLink copper spine of an NVL72"}
    # part of the rack: nothing ordered for it
    assert not [line for line in bill_of_materials(plan).lines if "NVLink" in line.item]


def test_an_nvlink_bundle_to_another_rack_is_an_error():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 0, 1_200)
    b = ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 600, 1_200)
    tray(doc, hall, [(0, 1_734), (6_000, 1_734)])
    bundle = draw(doc, a, b, plane="nvlink", rate=400, lane=200, count=18)
    plan = plan_of(doc)
    [finding] = [f for f in plan.findings if f.code == "scale_up.nvlink_leaves_rack"]
    assert finding.ids == (bundle, a, b)
    [line] = [x for x in cable_schedule(plan) if x.bundle_id == bundle]
    assert line.medium == ""
    assert line.reason == "not allowed: NVLink never leaves an NVL72"


def test_ub_port_use_is_what_the_ub_bundles_end_at():
    # Three switch racks take 224 ports as 75 + 75 + 74, and a rack of 2 UB ports reaches
    # only two of them: the port use the wiring sums as it deals must be that of its table.
    racks = default_catalog().racks
    compute, switch = racks["huawei-cm384-compute"], racks["huawei-cm384-ub-switch"]
    small = compute.model_copy(
        update={"ports": {**compute.ports, "ub": PortGroup(count=2, rate_gbps=200, lane_gbps=50)}}
    )
    members = [("c2", compute), ("s1", switch), ("c1", compute), ("c3", small)]
    members += [("s2", switch), ("s3", switch)]
    wiring = ub_wiring("g", members)
    assert list(zip(wiring.table.a, wiring.table.b, wiring.table.count.tolist(), strict=True)) == [
        ("c1", "s1", 75), ("c1", "s2", 75), ("c1", "s3", 74),
        ("c2", "s1", 75), ("c2", "s2", 75), ("c2", "s3", 74),
        ("c3", "s1", 1), ("c3", "s2", 1),
    ]  # fmt: skip
    assert wiring.usage == {
        "c1": {"ub": (224, 224 * 400)},
        "c2": {"ub": (224, 224 * 400)},
        "c3": {"ub": (2, 2 * 200)},
        "s1": {"ub": (151, 150 * 400 + 200)},
        "s2": {"ub": (151, 150 * 400 + 200)},
        "s3": {"ub": (148, 148 * 400)},
    }
