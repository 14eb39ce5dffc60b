"""Fabric sizes against NVIDIA's reference architectures (links 1.2, systems section 3)."""

import math
from collections import Counter, namedtuple
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples import gb200_su
from designer.core.network import bill_of_materials
from designer.core.network.fabric import (
    ComputeRack,
    SwitchRack,
    count_tiers,
    plan_site,
    split_leaf,
    switches_by_hall,
)
from tests.core.network.helpers import H100, add_hall, new_doc, plan_of, planned, tray

SWITCHES = default_catalog().switches
QM9700 = SWITCHES["nvidia-qm9700"]


def links_by_role(plan):
    table = plan.table()
    counts = Counter()
    for role, count in zip(table.role, table.count.tolist(), strict=True):
        counts[role] += count
    return counts


Link = namedtuple("Link", "a b role count rate_gbps")


def links_of(fabric):
    """A site fabric's bundles, one ``Link`` each."""
    t = fabric.table
    columns = (t.a, t.b, t.role, t.count.tolist(), t.rate.tolist())
    return [Link(*row) for row in zip(*columns, strict=True)]


def switches_by_role(plan):
    return {
        line.item: line.quantity
        for line in bill_of_materials(plan).lines
        if line.category == "switch"
    }


def test_one_dgx_h100_scalable_unit():
    # 32 DGX H100 in 8 racks of 4 (256 GPUs at 400G) around one QM9700 rack (radix 64):
    # leaves of 32 down + 32 up: 256 / 32 = 8 leaves (one per rail); 256 uplinks / 64 = 4
    # spines; 256 node-leaf and 256 leaf-spine cables (links 1.2, links:S54)
    doc, site = new_doc()
    hall = add_hall(doc, site)
    left = ops.place_row(doc, hall, H100, 0, 1_200, 4)
    ops.place_rack(doc, hall, "nvidia-qm9700-rack", 3_200, 1_200, label="NET")
    right = ops.place_row(doc, hall, H100, 3_800, 1_200, 4)
    tray(doc, hall, [(0, 1_800), (7_000, 1_800)])
    plan = plan_of(doc)
    assert switches_by_role(plan) == {
        "NVIDIA Quantum-2 QM9700 (leaf)": 8,
        "NVIDIA Quantum-2 QM9700 (spine)": 4,
    }
    assert links_by_role(plan) == {"node-leaf": 256, "leaf-spine": 256}
    assert len(left + right) == 8
    assert plan.findings == []


def test_eight_gb200_nvl72():
    # 576 GPUs at 400G on QM9700: 576 / 32 = 18 leaves, 576 / 64 = 9 spines; node-leaf and
    # leaf-spine cables each equal the GPU count at 1:1
    plan = plan_of(gb200_su.build())
    assert switches_by_role(plan) == {
        "NVIDIA Quantum-2 QM9700 (leaf)": 18,
        "NVIDIA Quantum-2 QM9700 (spine)": 9,
    }
    assert links_by_role(plan)["node-leaf"] == 576
    assert links_by_role(plan)["leaf-spine"] == 576


def test_one_dgx_b300_xdr_scalable_unit():
    # 72 DGX B300 (18 racks of 4, 576 GPUs at 800G XDR) on Q3400 (radix 144): 576 / 72 = 8
    # leaves and 576 / 144 = 4 spines, 576 + 576 cables (systems:S35)
    doc, site = new_doc()
    hall = add_hall(doc, site)
    ops.place_row(doc, hall, "nvidia-dgx-b300-rack", 0, 1_200, 18)
    ops.place_row(doc, hall, "nvidia-q3400-rack", 0, 4_800, 4)
    tray(doc, hall, [(0, 1_800), (13_000, 1_800)])
    tray(doc, hall, [(0, 5_400), (13_000, 5_400)])
    tray(doc, hall, [(0, 1_800), (0, 5_400)])
    plan = plan_of(doc)
    assert switches_by_role(plan) == {
        "NVIDIA Quantum-X800 Q3400-RA (leaf)": 8,
        "NVIDIA Quantum-X800 Q3400-RA (spine)": 4,
    }
    assert links_by_role(plan) == {"node-leaf": 576, "leaf-spine": 576}


def racks(n, ports=32):
    return [ComputeRack(f"c{i:03d}", (i * 800.0, 0.0), ports, 400, 100) for i in range(n)]


def network(n, slots=12):
    return [SwitchRack(f"n{j:03d}", (j * 600.0, 5_000.0), QM9700, slots) for j in range(n)]


def test_sixteen_scalable_units_need_a_core_tier():
    # 4,096 GPUs: 128 leaves exceed the 64 a spine reaches, so pods of 32 leaves with 32
    # spines each and 4,096 / 64 = 64 core switches (links 1.2: 128 / 128 / 64)
    assert count_tiers(4_096, 64, 1.0)[2:] == (128, 64)
    fabric = plan_site("s", racks(128), network(30), 1.0, 8)
    [tiers] = fabric.tiers
    assert (tiers.leaves, tiers.spines, tiers.cores) == (128, 128, 64)
    roles = Counter()
    for row in links_of(fabric):
        roles[row.role] += row.count
    assert roles == {"node-leaf": 4_096, "leaf-spine": 4_096, "spine-core": 4_096}
    # and no switch gets more links than it has ports
    ports = Counter()
    for row in links_of(fabric):
        ports[row.a] += row.count
        ports[row.b] += row.count
    held = Counter()
    for rack, _, _, n in fabric.placed:
        held[rack] += n
    assert all(ports[rack] <= held[rack] * 64 for rack in held)


def test_eight_scalable_units_still_fit_two_tiers():
    # 2,048 GPUs: 64 leaves, the most a 64-port spine reaches (links 1.2: 8 SU = 64 / 32)
    assert count_tiers(2_048, 64, 1.0)[2:] == (32, 0)


def test_oversubscription_trades_uplinks_for_node_ports():
    # 2:1 on radix 64: at most 42 node ports a leaf; 256 ports need 7 leaves, spread in
    # pairs (two NICs to one uplink): 128 pairs over 7 is 19, 19 and five of 18; 128
    # uplinks, so 2 spines
    loads, ups, spines, cores = count_tiers(256, 64, 2.0)
    assert loads == [38, 38] + [36] * 5
    assert ups == [19, 19] + [18] * 5
    assert (spines, cores) == (2, 0)


@pytest.mark.parametrize(
    ("ports", "k", "oversubscription", "loads", "ups"),
    [
        # an audit: a GB300 site's 288 NICs on 144-port switches at 4:1 filled leaves of
        # 114, 114 and 60, whose uplinks in whole cages of two came to 30 + 30 + 16 = 76
        # for 4:1's 72; spread, each leaf has 96 and 24, exactly 4:1
        (288, 144, 4.0, [96] * 3, [24] * 3),
        # a GB200 SU's 576 at 2:1 on 64 ports: 14 leaves of at most 42; blocks of 4 (two
        # uplinks, one cage) would need 144 of them, 10 a leaf at most: 140; so whole cages,
        # 288 over 14: eight leaves of 42 (22 up) and six of 40 (20 up), 296 where filled
        # full (13 of 42 and one of 30) took 13 x 22 + 16 = 302
        (576, 64, 2.0, [42] * 8 + [40] * 6, [22] * 8 + [20] * 6),
        # a review: 256 at 2.5:1 on 64 ports, at most 44 a leaf (18 up), 6 leaves; filled
        # full, five of 44 and one of 36 (16 up): 106; on two levels, four of 44 and two of
        # 40 (16 up): 104
        (256, 64, 2.5, [44] * 4 + [40] * 2, [18] * 4 + [16] * 2),
    ],
)
def test_leaves_are_loaded_evenly_so_their_uplinks_keep_to_the_ratio(
    ports, k, oversubscription, loads, ups
):
    got_loads, got_ups, _, _ = count_tiers(ports, k, oversubscription, cage=2)
    assert (got_loads, got_ups) == (loads, ups)


@pytest.mark.parametrize(
    ("k", "oversubscription", "down", "up", "total"),
    [
        # a QM9700's 32 cages carry two 400G links each (links:S13): at 2:1, 42 node ports
        # and 21 uplinks left one link alone in a cage; a leaf takes at most 42 and 22 up,
        # and 640 ports spread over 16 leaves of 40 take 20 up each, 320
        (64, 2.0, 42, 22, 320),
        # 3:1: at most 48 and 16; 640 over 14 leaves in blocks of 6 (2 up): 106 blocks and
        # 4 more, 8 leaves of 48, five of 42 and the last 46: 8 x 16 + 5 x 14 + 16 = 214
        (64, 3.0, 48, 16, 214),
        # an SN5600's 64 800G cages at 400G: 85 node ports at 2:1 becomes 84 (42 up);
        # 1,280 over 16 leaves of 80, 40 up each
        (128, 2.0, 84, 42, 640),
        (128, 1.0, 64, 64, 1_280),
    ],
)
def test_a_leaf_split_by_cages_of_two_links_takes_whole_cages(k, oversubscription, down, up, total):
    assert split_leaf(k, oversubscription, cage=2) == down
    loads, ups, _, _ = count_tiers(10 * k, k, oversubscription, cage=2)
    assert max(loads) <= down and max(ups) <= up and sum(ups) == total
    assert all(load % 2 == 0 for load in loads[:-1]) and all(u % 2 == 0 for u in ups)
    assert all(load + u <= k for load, u in zip(loads, ups, strict=True))


def test_no_twin_port_dac_between_switch_racks_carries_one_link():
    """An audit: at 2:1, 48 NVL72 with their QM9700 racks had leaves whose 21 uplinks put
    one DAC's link alone in a cage; 33 of a switch's 32 cages were needed. Leaves now take
    whole cages of uplinks, and a bundle between two split cages of an odd count goes on
    modules, whose ports pool, not on DACs."""
    from designer.core.generate import ClusterRequest, generate

    plan = planned(generate(ClusterRequest("nvl72-su", systems=48, oversubscription=2.0)))
    table, columns = plan.table(), plan.columns()
    dac = plan.media.index("dac")
    between = [
        int(table.count[i])
        for i in range(len(table))
        if table.role[i] in ("leaf-spine", "spine-core") and int(columns.medium[i]) == dac
    ]
    assert between and all(n % 2 == 0 for n in between)


def test_too_few_switches_connect_racks_in_label_order_and_name_the_rest():
    # 8 racks of 72 ports (576 at 400G on radix 64) need 18 leaf + 9 spine = 27 switches;
    # one network rack has 12 slots. Three racks fit: 216 ports on 7 leaves (6 x 32 + 24)
    # with 216 uplinks on 4 spines = 11 switches; a fourth would need 9 + 5 = 14.
    # Labelled GPU-8 down to GPU-1 (ids c000 to c007), read as numbers: GPU-1, 2 and 3 fit.
    members = [replace(r, label=f"GPU-{8 - i}") for i, r in enumerate(racks(8, ports=72))]
    fabric = plan_site("s", members, network(1), 1.0, 8)
    [finding] = fabric.findings
    assert finding.code == "network.switch_shortage"
    assert (finding.measured, finding.limit) == (27, 12)
    assert finding.ids == ("s", "c004", "c003", "c002", "c001", "c000", "n000")
    assert finding.message.endswith(
        "12 free slots for them: racks are connected in label order until they run out, so "
        "GPU-4, GPU-5, GPU-6 and 2 more racks (360 ports) have no scale-out links; the other "
        "3 racks are connected."
    )
    node_links = Counter()
    for row in links_of(fabric):
        if row.role == "node-leaf":
            node_links[row.a] += row.count
    assert node_links == dict.fromkeys(["c005", "c006", "c007"], 72)
    assert sum(r.count for r in links_of(fabric) if r.role == "leaf-spine") == 216
    assert sum(n for _, _, _, n in fabric.placed) == 11
    assert fabric.unconnected == 5 * 72
    # the same racks whatever their ids: a designer's ids are random
    shuffled = [replace(r, id=f"x{(i * 5) % 8}") for i, r in enumerate(members)]
    again = plan_site("s", shuffled, network(1), 1.0, 8)
    assert again.findings[0].message == finding.message


def test_a_second_fabric_takes_the_switch_type_that_still_has_free_slots():
    """A review found a 200G shortage filling both QM9700 racks, and the 400G fabric that
    followed choosing QM9700 all the same (more slots in all) and finding none free, while
    an SN5600 rack stood empty."""
    sn5600 = SWITCHES["nvidia-sn5600"]
    slow = [ComputeRack(f"a{i:02d}", (i * 1_000.0, 0.0), 64, 200, 100) for i in range(40)]
    fast = [ComputeRack(f"b{i}", (i * 1_000.0, 5_000.0), 32, 400, 100) for i in range(4)]
    racks_ = [*network(2), SwitchRack("s000", (9_000.0, 2_000.0), sn5600, 12)]
    fabric = plan_site("s", slow + fast, racks_, 1.0, 8)
    [shortage] = fabric.findings  # only the 200G fabric is short
    assert shortage.message.startswith("2,560 ports of 200G")
    assert {rack for rack, switch, _, _ in fabric.placed if switch == sn5600.id} == {"s000"}
    assert fabric.unconnected == sum(m.ports for m in slow) - sum(
        row.count for row in links_of(fabric) if row.role == "node-leaf" and row.rate_gbps == 200
    )


def test_too_few_switches_for_even_one_rack_connect_none():
    # one rack of 72 ports alone needs 3 leaves and 2 spines: 5 switches, 4 slots
    fabric = plan_site("s", racks(2, ports=72), network(1, slots=4), 1.0, 8)
    assert links_of(fabric) == []
    [finding] = fabric.findings
    assert (finding.measured, finding.limit) == (8, 4)  # 5 leaves + 3 spines for both
    assert finding.message.endswith("have 4 free slots for them.")
    assert fabric.unconnected == 144


def test_leaves_go_where_the_architect_says_else_to_the_nearest():
    # Three H100 racks at each end of a row, a network rack next to each group: 192 ports
    # need 6 leaves (3 per group, 96 / 32) and 3 spines.
    doc, site = new_doc()
    hall = add_hall(doc, site)
    west = ops.place_row(doc, hall, H100, 0, 1_200, 3)
    east = ops.place_row(doc, hall, H100, 14_000, 1_200, 3)
    near_w = ops.place_rack(doc, hall, "nvidia-qm9700-rack", 2_400, 1_200, label="NET-W")
    near_e = ops.place_rack(doc, hall, "nvidia-qm9700-rack", 13_400, 1_200, label="NET-E")
    tray(doc, hall, [(0, 1_800), (17_000, 1_800)])

    def leaf_racks():
        table = plan_of(doc).table()
        return {
            (x, y)
            for x, y, role in zip(table.a, table.b, table.role, strict=True)
            if role == "node-leaf"
        }

    assert leaf_racks() == {*((r, near_w) for r in west), *((r, near_e) for r in east)}
    ops.update(doc, west[0], network_rack_id=near_e)
    assert leaf_racks() == {
        *((r, near_w) for r in west[1:]),
        *((r, near_e) for r in (west[0], *east)),
    }
    ops.update(doc, west[0], network_rack_id=east[0])  # not a network rack: nearest used
    assert leaf_racks() == {*((r, near_w) for r in west), *((r, near_e) for r in east)}
    [finding] = [f for f in plan_of(doc).findings if f.code == "network.leaf_rack_unusable"]
    assert finding.ids == (west[0], east[0])


def test_racks_without_a_matching_switch_are_reported():
    # GB300 NVL72 ports are 800G on 200G lanes; a QM9700 (400G on 100G lanes) cannot take them
    doc, site = new_doc()
    hall = add_hall(doc, site)
    rack = ops.place_rack(doc, hall, "nvidia-gb300-nvl72", 0, 1_200)
    ops.place_rack(doc, hall, "nvidia-qm9700-rack", 1_200, 1_200)
    [finding] = [f for f in plan_of(doc).findings if f.code == "network.no_switch"]
    assert finding.ids == (site, rack)
    assert finding.measured == pytest.approx(72)


def test_a_rack_a_shortage_leaves_out_is_not_told_where_its_leaves_went():
    """A rack with no scale-out links has no leaves: a review found it also told that its
    chosen leaf rack was unusable and its leaves had gone to the nearest one."""
    members = [replace(r, label=f"GPU-{i + 1}") for i, r in enumerate(racks(8, ports=72))]
    members[1] = replace(members[1], wanted="c005")  # connected: kept, and told
    members[6] = replace(members[6], wanted="c005")  # left out by the shortage
    fabric = plan_site("s", members, network(1), 1.0, 8)
    assert [f.code for f in fabric.findings] == [
        "network.switch_shortage",
        "network.leaf_rack_unusable",
    ]
    assert fabric.findings[1].ids == ("c001", "c005")


@given(
    st.lists(st.integers(0, 40), min_size=1, max_size=30),
    st.integers(1, 12),
    st.booleans(),
    st.integers(0, 2),
)
def test_uplinks_are_dealt_round_robin_over_the_switches_above(ups, width, even, room):
    # by hand: one running count over all lower switches, each turn to the next switch
    # above; a turn is a cage's two links where every lower switch has an even count and
    # the upper switches have room for a whole turn more, else one link; the pairs listed
    # lower switch by lower switch, the upper ones in order
    from designer.core.network import fabric

    if even:
        ups = [u - u % 2 for u in ups]
    capacity = math.ceil(sum(ups) / width) + room  # as the spines are counted, and more
    lower = [f"L{i}" for i in range(len(ups))]
    upper_racks = [f"U{s}" for s in range(width)]
    links = fabric._Links([*lower, *upper_racks])
    load = [0] * width
    fabric._spread(links, lower, ups, range(width), upper_racks, load, capacity)
    step = 2 if all(u % 2 == 0 and u // 2 >= width for u in ups) else 1
    if step == 2 and 2 * math.ceil(sum(ups) / 2 / width) > capacity:
        step = 1
    dealt = Counter()
    at = 0
    for i, u in enumerate(ups):
        for _ in range(u // step):
            dealt[i, at % width] += step
            at += 1
    assert max(load) <= capacity
    # every lower switch with a link for each upper one reaches them all
    for i, u in enumerate(ups):
        if u >= width:
            assert {s for (j, s) in dealt if j == i} == set(range(width))
    expected = sorted(dealt.items())
    if expected:
        ((a, b, _, n),) = links._dealt
        names = links._names
        found = [((names[x], names[y]), c) for x, y, c in zip(a, b, n.tolist(), strict=True)]
        assert found == [((f"L{i}", f"U{s}"), c) for (i, s), c in expected]
    assert load == [sum(c for (_, s), c in dealt.items() if s == t) for t in range(width)]


def test_a_rack_by_its_hall_wall_takes_its_leaves_in_its_own_halls_network_rack():
    """A generated three-hall site sent racks by a hall's wall to the next hall's network
    row, nearer than their own: 32 links each over 115.8 m of single-mode, and a hall's loss
    cut racks of the hall beside it (a trial). A rack's leaves go to the nearest network
    rack of its own hall, and to the nearest of all only where its hall has none."""
    own = SwitchRack("n-a", (0.0, 0.0), QM9700, 12, "hall-a")
    other = SwitchRack("n-b", (0.0, 12_000.0), QM9700, 12, "hall-b")
    by_wall = ComputeRack("c-a", (0.0, 8_000.0), 32, 400, 100, hall="hall-a")  # 4 m from n-b
    alone = ComputeRack("c-c", (0.0, 20_000.0), 32, 400, 100, hall="hall-c")  # no rack there
    fabric = plan_site("s", [by_wall, alone], [own, other], 1.0, 8)
    assert {rack: home for rack, (home, _) in fabric.homes.items()} == {
        "c-a": "n-a",
        "c-c": "n-b",
    }


def test_racks_naming_no_leaf_rack_join_the_fabric_of_the_kind_with_most_room():
    """A site with a QM9700 rack (40 slots) and an SN5600 rack (20): two racks name the
    QM9700 rack, two name none. The two that name none made a fabric of their own on the
    same QM9700s, joined to the others by no spine (a review). All four are one fabric: 4 x
    32 = 128 ports at 1:1 on radix 64, 128 / 32 = 4 leaves and 128 / 64 = 2 spines."""
    sn5600 = SWITCHES["nvidia-sn5600"]
    qm = SwitchRack("n-qm", (0.0, 5_000.0), QM9700, 40)
    sn = SwitchRack("n-sn", (9_000.0, 5_000.0), sn5600, 20)
    named = [ComputeRack(f"a{i}", (i * 800.0, 0.0), 32, 400, 100, wanted="n-qm") for i in (0, 1)]
    unnamed = [ComputeRack(f"b{i}", (i * 800.0 + 2_000, 0.0), 32, 400, 100) for i in (0, 1)]
    fabric = plan_site("s", named + unnamed, [qm, sn], 1.0, 8)
    (tier,) = fabric.tiers
    assert (tier.switch_id, tier.ports, tier.leaves, tier.spines) == ("nvidia-qm9700", 128, 4, 2)
    assert sum(link.count for link in links_of(fabric) if link.role == "leaf-spine") == 128


def test_pods_of_a_halls_own_leaves_give_way_when_the_slots_are_too_few_for_them():
    """At 2:1 on radix 64 a leaf takes 42 ports and 22 uplinks (21 rounded up to whole
    800G cages of two). 35 racks of 42 ports in hall A and 35 in hall B are 70 leaves: in
    pods of 32 across both halls (32, 32, 6) they need 22 + 22 + ceil(132 / 32) = 49
    spines; in pods of each hall's own (32, 3 and 32, 3) 22 + 3 + 22 + 3 = 50. With 70 +
    49 + ceil(1,540 / 64) = 25 cores, 144 slots in all, the fabric keeps its pods across
    the halls rather than run out of slots."""
    a = [ComputeRack(f"a{i:02d}", (i * 600.0, 0.0), 42, 400, 100, hall="A") for i in range(35)]
    b = [ComputeRack(f"b{i:02d}", (i * 600.0, 30_000.0), 42, 400, 100, hall="B") for i in range(35)]
    network = [
        SwitchRack("n-a", (0.0, 3_000.0), QM9700, 72, "A"),
        SwitchRack("n-b", (0.0, 33_000.0), QM9700, 72, "B"),
    ]
    fabric = plan_site("s", a + b, network, 2.0, 8)
    assert fabric.findings == () and fabric.unconnected == 0
    roles = Counter()
    for _, _, role, count in fabric.placed:
        roles[role] += count
    assert roles == {"leaf": 70, "spine": 49, "core": 25}
    # and with a slot more, each hall's leaves make pods of their own: 50 spines
    network[1] = replace(network[1], slots=73)
    roles = Counter()
    for _, _, role, count in plan_site("s", a + b, network, 2.0, 8).placed:
        roles[role] += count
    assert roles == {"leaf": 70, "spine": 50, "core": 25}


def test_each_halls_nics_fill_leaves_of_its_own():
    # 40 NVL72 over three halls (14, 13, 13 racks of 72 ports): 2,880 ports at 1:1 on radix
    # 64 filled 90 leaves end to end, and leaves at the halls' walls took racks of two halls
    # (7 links of a second hall's rack 60 m off, a trial). Hall by hall: 1,008 on 32
    # leaves (16 of 32, 16 of 31) and 936 on 30 twice (6 of 32, 24 of 31), 92 leaves, none
    # across a wall
    loads, _, spines, cores = count_tiers(2_880, 64, 1.0, [1_008, 936, 936])
    assert loads == [32] * 16 + [31] * 16 + ([32] * 6 + [31] * 24) * 2
    # 92 leaves are past the 64 two tiers hold: each hall's leaves are one pod (32, 30 and
    # 30 leaves, at most 32 a pod), with their uplinks over 32 as spines: ceil(1,008 / 32)
    # = 32 and ceil(936 / 32) = 30 twice; 2,880 / 64 = 45 cores
    assert (spines, cores) == (32 + 2 * 30, 45)
    assert count_tiers(2_880, 64, 1.0)[0] == [32] * 90  # the site as one hall


def test_each_hall_holds_its_leaves_and_its_turn_of_the_spines():
    """Three halls of 47, 46 and 46 GB300 racks (72 GPU links each) on 144-port switches
    at 1:1: 139 leaves of 72 downlinks, one pod; 10,008 uplinks on 70 spines dealt over the
    halls in turn, 24, 23 and 23. One switch for all stands in the first hall with NICs."""
    assert switches_by_hall([47 * 72, 46 * 72, 46 * 72], 144, 1.0) == [71, 69, 69]
    assert switches_by_hall([0, 30, 20], 64, 1.0) == [0, 1, 0]
    # 33 halls of 1,056 NICs on 64-port switches: 33 leaves a hall in 66 pods of their own,
    # more than a core's 64 ports reach, so the fabric's pods span halls: its deal alone
    assert switches_by_hall([1_056] * 33, 64, 1.0) is None
