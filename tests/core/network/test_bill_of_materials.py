"""The bill of materials of the two-site example, counted by hand."""

from collections import Counter

import pytest

from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES, two_sites
from designer.core.model.network_settings import MediumOverride, NetworkSettings
from designer.core.network import bill_of_materials, cable_schedule, link_totals
from designer.core.network.bom import bills_by_site
from designer.core.network.planner import update_plan
from tests.core.network.helpers import add_hall, draw, new_doc, plan_of, planned, tray


@pytest.fixture(scope="module")
def bom():
    return bill_of_materials(plan_of(two_sites.build()))


SR = "400G SR multimode transceiver (400G SR4 or SR8, 800G 2xSR4)"
TWIN_DAC = "800G twin-port DAC (OSFP; straight, or split to two ends), 2 x 400G links each"
TWIN_SR = "800G twin-port 2xSR4 multimode transceiver (OSFP, two MPO-12), 2 x 400G links each"
TWIN_DR = "800G twin-port 2xDR4 single-mode transceiver (OSFP, two MPO-12), 2 x 400G links each"


def lines(bom, category):
    return {(x.item, x.length_m): x.quantity for x in bom.lines if x.category == category}


def test_the_equipment_is_counted_by_type_and_run_length(bom):
    # three halls, each: four DGX B200 racks and a QM9700 rack, a CRAH, busways A and B of
    # 800 A from x = 1.2 m to 4.6 m (3.4 m), and a tray 4.0 + 1.2 + 0.6 = 5.8 m long
    assert lines(bom, "rack") == {
        ("NVIDIA DGX B200 rack (4 systems)", None): 12,
        ("Quantum-2 QM9700 network rack (12 switches)", None): 3,
    }
    # and each DGX B200 rack's rear door of 60 kW
    assert lines(bom, "cooling_unit") == {
        ("CRAH 150 kW (perimeter)", None): 3,
        ("Rear-door heat exchanger 60 kW (on its rack)", None): 12,
    }
    assert lines(bom, "power_feed") == {("Busway 800 A, 415 V 3-phase", 3.4): 6}
    assert lines(bom, "cable_tray") == {("Cable tray 600 × 100 mm", 5.8): 3}
    # counted, not priced, and none of it is optics power
    equipment = [x for x in bom.lines if x.category in ("rack", "cooling_unit", "power_feed")]
    assert all(x.cost_usd is None and x.power_w is None for x in equipment)
    assert [x.category for x in bom.lines][:5] == [
        "rack",
        "rack",
        *["cooling_unit"] * 2,
        "power_feed",
    ]


def test_equipment_of_no_catalog_type_is_named_by_what_it_is():
    # a project file's own busway: 2.0 m + 0.25 m, ordered to the next 0.1 m
    doc, site = new_doc()
    hall = add_hall(doc, site)
    path = [(0, 1_000), (2_000, 1_000), (2_000, 1_250)]
    feed = ops.add_feed(doc, hall, "busway-400a-415v", path, "Own busway")
    ops.update(doc, feed, type_id=None, amps=630)
    assert lines(bill_of_materials(plan_of(doc)), "power_feed") == {
        ("Busway 630 A, 415 V 3-phase (no catalog type)", 2.3): 1
    }


def test_modules_one_per_twin_port_cage_at_both_ends(bom):
    # 12 DGX B200 racks x 32 NICs to their leaves over multimode: the NICs' 8 x 400G ports
    # a system sit in 4 OSFP cages (systems:S30), so 384 / 2 = 192 twin-port 2xSR4 at the
    # racks (an audit: 384 single ones were counted), and 384 / 2 = 192 at the QM9700
    # leaves (two 400G ports per 800G cage, systems:S40); North's second hall: 4 leaves x
    # 32 uplinks to the spines in the first hall over single-mode, twin-port at both ends:
    # 128 / 2 + 128 / 2 = 128; 16 wavelengths of 400ZR between the sites, one module per
    # end at each site (32)
    assert lines(bom, "module") == {
        (TWIN_SR, None): 192 + 192,
        (TWIN_DR, None): 128,
        ("400G coherent ZR pluggable (QSFP-DD / OSFP) on a DWDM line", None): 32,
    }


def test_cables_by_order_length(bom):
    # In each hall the DGX B200 racks' centres are 2.75, 2.05, 1.35 and 0.65 m from the
    # network rack's along the tray; with rises of 1.5 m (ports at 1.2 m of 2.4 m) and
    # 1.6 m and 1 m of allowances: 6.85, 6.15, 5.45, 4.75 m; +10 %: 7.5 -> 10 m, the rest
    # 7 m. Leaf to spine in one rack: 1 m + 10 % -> 1.5 m DAC, 256 links, and as both ends
    # are the QM9700s' twin-port cages one 800G DAC carries two (links:S6; an audit): 128.
    # North hall 2 to hall 1: 7.6 m to each entry and 150 m between them, 165.2 m + 10 %
    # = 181.7 m -> 190 m of single-mode.
    assert lines(bom, "cable") == {
        (TWIN_DAC, 1.5): 128,
        ("MPO multimode fibre (OM4)", 7.0): 3 * 96,
        ("MPO multimode fibre (OM4)", 10.0): 3 * 32,
        ("MPO single-mode fibre (OS2)", 190.0): 128,
    }


def test_switches_fibre_and_amplifiers(bom):
    # North 256 ports: 8 leaves, 4 spines; South 128 ports: 4 leaves, 2 spines
    assert lines(bom, "switch") == {
        ("NVIDIA Quantum-2 QM9700 (leaf)", None): 12,
        ("NVIDIA Quantum-2 QM9700 (spine)", None): 6,
    }
    # three QM9700 racks of 12 slots, each powered for all 12: 18 of the 36 filled
    assert bom.switch_slots == 36
    assert lines(bom, "fibre_pair") == {("fibre pair North – South", 40_000.0): 1}
    assert sum(lines(bom, "amplifier").values()) == 2


def test_a_gb200_su_counts_twin_port_modules_at_its_switches():
    """One GB200 SU (links 1.2, S59): 8 NVL72 x 72 = 576 GPU links at 400G to 18 QM9700
    leaves, 18 x 32 = 576 leaf-spine links to 9 spines, all multimode. A QM9700's 32
    twin-port OSFP cages carry its 64 x 400G (systems:S40): two links per module."""
    plan = plan_of(EXAMPLES["gb200-nvl72-su"]())
    links = Counter()
    for role, count in zip(plan.table().role, plan.table().count.tolist(), strict=True):
        links[role] += count
    assert (links["node-leaf"], links["leaf-spine"]) == (576, 576)
    bom = bill_of_materials(plan)
    at_leaves_for_gpus = 576 // 2  # 288
    at_leaves_for_spines = 576 // 2
    at_spines = 576 // 2
    assert lines(bom, "module") == {
        (SR, None): 576,  # one single-port 400G module per GPU's NIC
        (TWIN_SR, None): at_leaves_for_gpus + at_leaves_for_spines + at_spines,
    }
    # every one of the 32 cages of the 18 + 9 switches holds one module
    assert sum(lines(bom, "switch").values()) * 32 == lines(bom, "module")[(TWIN_SR, None)]
    # 576 x 9 W + 864 x 15 W (twin-port multimode, links:S1), where 2,304 link ends of
    # 9 W would be 20.7 kW
    assert bom.optics_power_w == pytest.approx(576 * 9 + 864 * 15)


def test_a_racks_links_of_one_medium_share_its_twin_port_modules():
    """Between two QM9700 racks, a scale-out bundle of 3 and a storage bundle of 2 over
    multimode: 5 links at each rack, ceil(5 / 2) = 3 twin-port modules each. Between two
    Q3400 racks, 4 XDR links at 800G on single-mode DR: a 1.6T twin-port module carries two
    (systems:S39, links:S4), 2 at each rack."""
    doc, site = new_doc()
    hall = add_hall(doc, site)
    tray(doc, hall, [(0, 1_800), (20_000, 1_800)])
    a, b, c, d = (
        ops.place_rack(doc, hall, kind, x, 1_200)
        for kind, x in (
            ("nvidia-qm9700-rack", 0),
            ("nvidia-qm9700-rack", 1_800),
            ("nvidia-q3400-rack", 3_600),
            ("nvidia-q3400-rack", 5_400),
        )
    )
    draw(doc, a, b, count=3)
    draw(doc, a, b, plane="storage", count=2)
    draw(doc, c, d, rate=800, lane=200, count=4)
    modules = {x.item: x for x in bill_of_materials(plan_of(doc)).lines if x.category == "module"}
    xdr = "1600G twin-port 2xDR4 single-mode transceiver (OSFP, two MPO-12), 2 x 800G links each"
    assert {item: x.quantity for item, x in modules.items()} == {TWIN_SR: 2 * 3, xdr: 2 * 2}
    # a twin-port module draws and costs as one module of the cage's rate
    assert (modules[TWIN_SR].unit_power_w, modules[xdr].unit_power_w) == (15, 27)


def test_power_and_cost(bom):
    # (192 + 192) x 15 W (twin-port SR at the DGX NICs and the leaves, links:S1) + 128 x 17 W
    # (twin-port DR, links:S14) + 32 x 15 W (ZR) + 128 twin-port DACs x 2 x 0.1 W
    assert bom.optics_power_w == pytest.approx(384 * 15 + 128 * 17 + 32 * 15 + 128 * 0.2)
    # modules, then cables: fixed part plus fibre by the metre (all low-confidence defaults)
    assert bom.cost_usd == pytest.approx(
        384 * 1_000
        + 128 * 1_250
        + 32 * 4_000
        + 128 * 120
        + 288 * (100 + 1.5 * 7)
        + 96 * (100 + 1.5 * 10)
        + 128 * (100 + 1.0 * 190)
    )


def test_the_architects_prices_replace_the_defaults():
    doc = two_sites.build()
    ops.update_settings(
        doc,
        "Quotes",
        network=NetworkSettings(media={"mm_sr": MediumOverride(module_usd=550, power_w_per_end=8)}),
    )
    bom = bill_of_materials(plan_of(doc))
    (twin,) = [x for x in bom.lines if x.item == TWIN_SR]
    # the figures are the medium's, per module: at the NICs' and the leaves' twin-port cages
    assert (twin.unit_usd, twin.unit_power_w) == (550, 8)
    assert twin.cost_usd == (192 + 192) * 550
    # the 128 twin-port DR modules, 32 ZR modules and the DACs keep their defaults
    assert bom.optics_power_w == pytest.approx((192 + 192) * 8 + 128 * 17 + 32 * 15 + 128 * 0.2)


def test_a_project_without_bundles_has_an_empty_schedule_and_bom():
    doc, site = new_doc()
    add_hall(doc, site)
    plan = plan_of(doc)
    assert cable_schedule(plan) == []
    empty = bill_of_materials(plan)
    assert (empty.lines, empty.optics_power_w, empty.cost_usd) == ((), 0, 0)  # nor equipment
    totals = link_totals(plan)
    assert (totals.bundles, totals.links, totals.by_medium) == (0, 0, ())


def test_each_site_orders_its_own_part():
    """A buyer orders per site: North has two halls of four DGX B200 racks and a QM9700
    rack, South one. The parts and what runs between the sites make up the whole."""
    plan = plan_of(two_sites.build())
    north = bill_of_materials(plan, "site-001")
    south = bill_of_materials(plan, "site-002")
    assert lines(north, "rack") == {
        ("NVIDIA DGX B200 rack (4 systems)", None): 8,
        ("Quantum-2 QM9700 network rack (12 switches)", None): 2,
    }
    assert lines(south, "power_feed") == {("Busway 800 A, 415 V 3-phase", 3.4): 2}
    assert lines(north, "cable_tray") == {("Cable tray 600 × 100 mm", 5.8): 2}
    # North: 8 racks x 32 NICs to leaves, both ends in it (256 / 2 twin-port at the NICs,
    # 256 / 2 at the leaves), 4 leaves x 32 uplinks from hall 2 to hall 1 (twin-port DR at
    # both ends: 64 + 64), and its end of each of the 16 ZR wavelengths; South: 4 x 32
    # links (64 + 64 twin-port SR) and the other 16 ZR
    assert lines(north, "module") == {
        (TWIN_SR, None): 128 + 128,
        (TWIN_DR, None): 128,
        ("400G coherent ZR pluggable (QSFP-DD / OSFP) on a DWDM line", None): 16,
    }
    assert lines(south, "module") == {
        (TWIN_SR, None): 64 + 64,
        ("400G coherent ZR pluggable (QSFP-DD / OSFP) on a DWDM line", None): 16,
    }
    assert lines(north, "cable") == {
        (TWIN_DAC, 1.5): 64,
        ("MPO multimode fibre (OM4)", 7.0): 2 * 96,
        ("MPO multimode fibre (OM4)", 10.0): 2 * 32,
        ("MPO single-mode fibre (OS2)", 190.0): 128,
    }
    assert lines(north, "switch") == {
        ("NVIDIA Quantum-2 QM9700 (leaf)", None): 8,
        ("NVIDIA Quantum-2 QM9700 (spine)", None): 4,
    }
    assert (north.switch_slots, south.switch_slots) == (24, 12)
    # the fibre between the sites is in neither part
    assert not lines(north, "fibre_pair") and not lines(south, "amplifier")
    whole = bill_of_materials(plan)
    assert north.cost_usd + south.cost_usd == pytest.approx(whole.cost_usd)
    assert north.optics_power_w + south.optics_power_w == pytest.approx(whole.optics_power_w)


def test_each_plan_counts_its_own_revision():
    """The plan brought up to an edit counts the edit, and the plan before it keeps its
    count. Deleting one of South's four DGX B200 racks leaves 3 racks, 3 rear doors and
    3 x 32 NIC links to its leaves (48 twin-port modules at the NICs, 48 at the leaves)."""
    doc = two_sites.build()
    before = plan_of(doc)
    assert lines(bill_of_materials(before, "site-002"), "module")[(TWIN_SR, None)] == 64 + 64
    halls = {h.id for h in doc.project.halls.values() if h.site_id == "site-002"}
    [rack, *_] = (
        r.id
        for r in doc.project.placements.values()
        if r.hall_id in halls and r.type_id == "nvidia-dgx-b200-rack"
    )
    edits = []
    doc.subscribe(edits.append)
    ops.delete(doc, [rack])
    after = update_plan(before, doc.project, edits[0].ids)
    south = bill_of_materials(after, "site-002")
    assert lines(south, "rack")[("NVIDIA DGX B200 rack (4 systems)", None)] == 3
    assert lines(south, "cooling_unit")[("Rear-door heat exchanger 60 kW (on its rack)", None)] == 3
    assert lines(south, "module")[(TWIN_SR, None)] == 48 + 48
    assert lines(bill_of_materials(after), "rack")[("NVIDIA DGX B200 rack (4 systems)", None)] == 11
    # the plan before the edit still counts South's four racks
    assert lines(bill_of_materials(before, "site-002"), "module")[(TWIN_SR, None)] == 64 + 64


def test_the_bills_of_every_site_from_one_count_are_those_counted_one_by_one():
    plan = plan_of(two_sites.build())
    whole, parts = bills_by_site(plan)
    assert whole == bill_of_materials(plan)
    assert set(parts) == {"site-001", "site-002"}
    for site_id, part in parts.items():
        assert part == bill_of_materials(plan, site_id)


def test_a_twin_port_dac_carries_two_links_between_twin_port_cages():
    """An audit: a GB200 SU's leaves reach the spines in their own racks over 1.5 m of
    copper, 126 links, and the bill bought a DAC a link. The QM9700's cages are twin-port
    800G at both ends, and NVIDIA's 800G DAC carries two 400G links (links:S6): 63."""
    from designer.core.generate import ClusterRequest, generate

    plan = planned(generate(ClusterRequest("nvl72-su")))
    links = sum(
        int(plan.table().count[i])
        for i in range(len(plan.table()))
        if plan.media.media[int(plan.columns().medium[i])].id == "dac"
    )
    assert links == 126
    assert lines(bill_of_materials(plan), "cable")[(TWIN_DAC, 1.5)] == 63


def test_a_cm384s_npus_reach_their_sn5600_leaves_on_modules_that_split_its_cages():
    """A trial: the 384 NPUs' 400G RDMA links 12-18 m from their leaves went on 384 AOCs,
    one 800G cage of a Spectrum-4 SN5600 each, where the fabric counts each cage as two of
    its 128 ports at 400G; no AOC is sold to split one (links:S13). On multimode, each
    NPU's single-port module and a twin-port module for every two links at the leaves.
    The supernode's 400G link ends then add up to the 6,912 transceivers of systems:S22
    and S25: 5,376 on its UB plane, 384 at the NPUs, 192 twin-port (384 link ends) at the
    leaves, and 768 between leaves and spines, which here, in one rack, go on 128
    twin-port DACs of two links (S25 counts them as optics)."""
    from designer.core.generate import ClusterRequest, generate

    bom = bill_of_materials(planned(generate(ClusterRequest("cm384"))))
    modules = lines(bom, "module")
    cables = {item: n for (item, _), n in lines(bom, "cable").items()}
    assert not [item for item in cables if "AOC" in item or "AEC" in item]
    assert modules[(SR, None)] == 5_376 + 384
    twin_at_leaves = modules[(TWIN_SR, None)]
    leaf_spine_ends = 2 * 2 * cables[TWIN_DAC]  # two links a cable, two ends a link
    assert modules[(SR, None)] + 2 * twin_at_leaves + leaf_spine_ends == 6_912


@pytest.mark.parametrize(
    ("count", "cables", "modules"),
    [
        # 4 links: two twin-port DACs, 2 x 0.1 W at each
        (4, {TWIN_DAC: 2}, {}),
        # 3: a DAC's last would carry one link in a cage of its own at each end, so the
        # bundle goes on twin-port multimode modules, whose ports pool: 6 ends, 3 modules
        (3, {}, {TWIN_SR: 3}),
    ],
)
def test_an_odd_bundle_between_split_cages_takes_modules_not_a_half_empty_dac(
    count, cables, modules
):
    """Links drawn between two switches of one QM9700 rack, over 1.5 m; the schedule's
    line gives the same power and price as the bill."""
    doc, site = new_doc()
    hall = add_hall(doc, site)
    tray(doc, hall, [(0, 1_800), (20_000, 1_800)])
    rack = ops.place_rack(doc, hall, "nvidia-qm9700-rack", 0, 1_200)
    draw(doc, rack, rack, count=count)
    plan = plan_of(doc)
    bom = bill_of_materials(plan)
    found = {item: n for (item, _), n in lines(bom, "cable").items() if "fibre" not in item}
    assert found == cables
    assert {item: n for (item, _), n in lines(bom, "module").items()} == modules
    [line] = cable_schedule(plan)
    if modules:
        assert line.reason.endswith(
            "DAC and ACC left out: an odd count of links between two split 800G cages "
            "leaves the last cable one link, in a cage of its own at each end"
        )
    else:
        assert bom.optics_power_w == pytest.approx(2 * 2 * 0.1)
    assert 2 * line.count * line.power_w_per_end == pytest.approx(bom.optics_power_w, abs=0.01)
    assert line.cost_usd == pytest.approx(bom.cost_usd)
