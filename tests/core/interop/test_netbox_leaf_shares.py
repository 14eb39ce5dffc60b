"""Each leaf of a network rack in a NetBox set carries its share of the rack's GPU links and
of its uplinks (``PortBook.share``), as a real leaf does: numbered as links came, the pod's
NET-T02 had switches 1 to 6 of 64 GPU links each and 7 to 12 of 64 uplinks each, so in
NetBox no GPU of the first six had a path to a spine."""

from __future__ import annotations

from collections import Counter

import pytest

from designer.core.catalog import default_catalog
from designer.core.generate import ClusterRequest, generate
from designer.core.interop import netbox
from designer.core.interop.netbox import HEADERS, netbox_set
from designer.core.interop.ports import DOWN, UP, PortBook, previous_ends
from designer.report.interop import _plan
from tests.core.interop.test_netbox import _set as netbox_of

COLUMNS = HEADERS["09-cables.csv"]
SIDES = (COLUMNS.index("side_a_device"), COLUMNS.index("side_b_device"))
#: a device's tier by its NetBox role; a system or server is below every switch
RANK = {"Leaf switch": 1, "Spine switch": 2, "Core switch": 3}


def _made(oversubscription: float = 1.0):
    project = generate(ClusterRequest("nvl72-su", oversubscription=oversubscription))
    catalog = default_catalog()
    plan = _plan(project, catalog)
    types = dict(catalog.with_custom_racks(project.custom_types))
    return (
        project,
        plan,
        lambda previous=None: netbox_set(project, types, dict(catalog.switches), plan, previous),
    )


def _ways(found) -> dict[str, tuple[int, int]]:
    """Each leaf -> its links down (to a system) and up (to a spine), as NetBox holds them."""
    rank = {row[0]: RANK.get(row[1], 0) for row in found.rows["07-devices.csv"]}
    down: Counter[str] = Counter()
    up: Counter[str] = Counter()
    for row in found.rows["09-cables.csv"]:
        a, b = (row[i] for i in SIDES)
        for me, other in ((a, b), (b, a)):
            if rank[me] == 1:
                (down if rank[other] < 1 else up)[me] += 1
    return {leaf: (down[leaf], up[leaf]) for leaf in rank if rank[leaf] == 1}


def _in(ways: dict[str, tuple[int, int]], rack: str) -> list[tuple[int, int]]:
    """The leaves of ``rack`` in the order of their numbers."""
    named = [n for n in ways if n.startswith(f"{rack} switch ")]
    return [ways[n] for n in sorted(named, key=lambda n: int(n.rsplit(" ", 1)[1]))]


def _plan_links(project, plan, rack_label: str) -> tuple[int, int, int]:
    """The plan's figures of one network rack: its leaves, the GPU links it takes and the
    uplinks it gives (summed over the bundles between racks, as the plan counts them)."""
    [rack] = [p.id for p in project.placements.values() if p.label == rack_label]
    leaves = sum(
        n
        for fabric in plan.fabrics().values()
        for r, _, tier, n in fabric.placed
        if r == rack and tier == "leaf"
    )
    table = plan.table()
    down = sum(
        int(table.count[i])
        for i in range(len(table))
        if table.role[i] == "node-leaf" and table.b[i] == rack
    )
    up = sum(
        int(table.count[i])
        for i in range(len(table))
        if table.role[i] == "leaf-spine" and table.a[i] == rack
    )
    return leaves, down, up


def test_each_leaf_of_the_pod_carries_32_gpu_links_and_32_uplinks_at_1_1():
    """By hand: a QM9700 has 64 ports of 400G in 32 twin-port 800G cages, a radix of 64 at
    the NVL72's 400G; at 1:1 a leaf gives 32 to GPUs and 32 to spines (``split_leaf``).
    8 NVL72 of 72 GPUs are 576 GPU links, on 576 / 32 = 18 leaves with 576 uplinks to
    576 / 64 = 9 spines. NET-T02 holds 12 of the leaves: the plan's GPU links into it are
    54 + 54 + 51 + 5 x 45 = 384 = 12 x 32 and its uplinks 258 to NET-T01 and 126 to NET-B01,
    384 = 12 x 32; NET-T01 holds the other 6 leaves (192 GPU links, 126 uplinks to its own
    spines on 63 twin-port DACs and 66 to NET-B01, 6 x 32 each way). Each leaf: 16 cages of
    GPU links (two links of one medium a cage) and 16 of uplinks, all 32 of its cages."""
    project, plan, made = _made()
    assert _plan_links(project, plan, "NET-T02") == (12, 384, 384)
    assert _plan_links(project, plan, "NET-T01") == (6, 192, 192)
    found = made()
    ways = _ways(found)
    assert _in(ways, "NET-T02") == [(32, 32)] * 12
    assert _in(ways, "NET-T01") == [(32, 32)] * 6
    assert len(ways) == 18
    # every cage of every leaf holds a link, so no link found no port; the same bytes again
    assert not any("find no free port" in n for n in found.notes)
    assert [found.csv(name) for name in HEADERS] == [made().csv(name) for name in HEADERS]


def test_at_2_to_1_each_leaf_carries_twice_the_gpu_links_of_its_uplinks():
    """By hand: at 2:1 a QM9700 leaf takes at most floor(64 x 2 / 3) = 42 GPU links, whole
    cages of two (``split_leaf``): 576 / 42 -> 14 leaves, 288 cages over 14 evenly, 8 of 42
    and 6 of 40, with 22 and 20 uplinks (21 rounded up to whole cages), 8 x 22 + 6 x 20 =
    296. NET-T01 holds 12 leaves: the plan's 7 x 63 + 55 = 496 GPU links into it are 248
    cages, evenly 8 leaves of 21 (42 links) and 4 of 20 (40); its 256 uplinks 128 cages,
    8 of 11 (22) and 4 of 10 (20). NET-B01 holds 2 leaves: 80 GPU links and 40 uplinks, 40
    and 20 each. The figures are the plan's leaves', and no leaf gives its GPUs less than
    half a link up each."""
    project, plan, made = _made(2.0)
    assert _plan_links(project, plan, "NET-T01") == (12, 496, 256)
    assert _plan_links(project, plan, "NET-B01") == (2, 80, 40)
    ways = _ways(made())
    assert _in(ways, "NET-T01") == [(42, 22)] * 8 + [(40, 20)] * 4
    assert _in(ways, "NET-B01") == [(40, 20)] * 2
    assert all(down <= 2 * up for down, up in ways.values())


def test_a_set_numbered_as_links_came_keeps_each_leafs_ends_within_its_share(monkeypatch):
    """A set written before the leaves shared their links (``netbox._share`` left out: the
    first 9 of the pod's 18 leaves all GPU links, 32 cages each, the other 9 all uplinks),
    given as the previous revision: a kept end stays on its leaf while the leaf's share of
    its way lasts, 16 cages of the 32, taken in the order the cables come; the links of the
    other 16 cages move, at their leaf's end alone: 18 x 16 x 2 = 576 links, 288 GPU links
    and 288 uplinks. Cables: NET-T01's leaves 4 to 6 held its 63 DACs (cages 1 to 32 of leaf
    4, 1 to 31 of leaf 5) before its 66 fibre uplinks; leaf 4 keeps 16 DACs and moves 16,
    leaf 5 keeps 16 and moves 15, so 31 of the links moved ride in twos: 576 - 31 = 545."""
    *_, made = _made()
    with monkeypatch.context() as patched:
        patched.setattr(netbox, "_share", lambda devices, bundles: None)
        before = made()
    assert sorted(_ways(before).values()) == [(0, 64)] * 9 + [(64, 0)] * 9
    found = made(previous_ends(before.csv("09-cables.csv")))
    assert sorted(_ways(found).values()) == [(32, 32)] * 18
    was, now = before.cables(), found.cables()
    assert was.keys() == now.keys()
    ends = [(COLUMNS.index(f"side_{s}_device"), COLUMNS.index(f"side_{s}_name")) for s in "ab"]
    moved: Counter[tuple[bool, bool]] = Counter()
    for label, rows in was.items():
        for old, new in zip(rows, now[label], strict=True):
            a, b = ((old[d], old[i]) != (new[d], new[i]) for d, i in ends)
            if a or b:
                moved[(a, b)] += 1
    # side A is a link's lower end: a GPU link moves at its side B, an uplink at its side A
    assert moved == {(False, True): 288, (True, False): 288}
    assert (
        "against the previous set: 544 of its 1,089 cables keep both ends' interfaces, 545 "
        "keep their label and take another interface at one end or both (re-patch them: "
        "R1B01/NET-T02 #33, R1B01/NET-T02 #34, R1B01/NET-T02 #35, R1B01/NET-T02 #36, "
        "R1B01/NET-T02 #37 and 540 more), 0 are gone; 0 cables are new"
    ) in found.notes


@pytest.mark.parametrize("preset", ["gb300-su", "hgx-su"])
def test_no_leaf_of_another_pod_is_all_gpu_links_or_all_uplinks(preset):
    """The GB300 pod's Q3400 leaves (144 ports of 800G) and the DGX H100 unit's QM9700 leaves:
    each carries as many GPU links as uplinks at 1:1 (72 and 72; 32 and 32), where numbered
    as links came the first leaves of each rack took every GPU link."""
    found = netbox_of(generate(ClusterRequest(preset)))
    half = {"gb300-su": 72, "hgx-su": 32}[preset]
    assert set(_ways(found).values()) == {(half, half)}


def test_a_share_passes_no_switchs_cages_and_a_link_its_fills_left_short_finds_one_free():
    """Dealt evenly, 33 cages down and 31 up over two leaves of 32 would be 17 + 16 on the
    first, 33 cages: the first keeps 17 down, and the uplink it has no cage for goes to the
    second (16 + 16). Then, on two leaves of 2 cages (1 down and 1 up each), three fills
    down: A takes leaf 1's cage (both halves), B leaf 2's, and C, with no share left, the
    first cage free (leaf 1's second); an uplink then goes to leaf 2, whose share lasts, a
    link of B to the half its cage left, and one more uplink finds no cage."""
    book = PortBook()
    book.share([("leaf 1", (32, 800)), ("leaf 2", (32, 800))], 33, 31)
    assert book.shares == {
        ("leaf 1", DOWN): 17,
        ("leaf 2", DOWN): 16,
        ("leaf 1", UP): 15,
        ("leaf 2", UP): 16,
    }
    book = PortBook()
    leaves = [("leaf 1", (2, 800)), ("leaf 2", (2, 800))]
    book.share(leaves, 2, 2)
    taken = [
        book.take(leaves, "scale_out", "scale-out", 400, fill, way)
        for fill, way in [
            ("A", DOWN),
            ("A", DOWN),
            ("B", DOWN),
            ("C", DOWN),
            ("D", UP),
            ("B", DOWN),
            ("E", UP),
        ]
    ]
    assert taken == [
        ("leaf 1", "port 1/1"),
        ("leaf 1", "port 1/2"),
        ("leaf 2", "port 1/1"),
        ("leaf 1", "port 2/1"),
        ("leaf 2", "port 2/1"),
        ("leaf 2", "port 1/2"),
        None,
    ]
