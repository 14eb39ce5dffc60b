"""A network rack's media evened out so that no twin-port module there carries one link."""

from designer.core.catalog import default_catalog
from designer.core.generate import ClusterRequest, generate
from designer.core.network import cable_schedule, fabric
from tests.core.network.helpers import leaves_filled_full, planned


def test_a_rack_odd_in_two_media_moves_one_bundle_to_the_dearer(monkeypatch):
    """At 2:1 with leaves filled full and split one link a cage (as before leaves took
    whole cages and were loaded evenly), a
    CloudMatrix384's two full SN5600 leaf racks held multimode and single-mode links of odd
    counts: 513 cages of 512 each. One bundle of odd count at each goes single-mode, and
    its reason says why; every rack's media are then even (or odd in one alone)."""
    leaves_filled_full(monkeypatch)
    monkeypatch.setattr(fabric, "cage_links", lambda switch, rate: 1)
    project = generate(ClusterRequest("cm384", systems=16, oversubscription=2.0))
    plan = planned(project, default_catalog())
    table, columns = plan.table(), plan.columns()
    moved = [i for i in range(len(table)) if columns.medium[i] != columns.chosen[i]]
    dr, sr = plan.media.index("sm_dr"), plan.media.index("mm_sr")
    assert [(int(columns.chosen[i]), int(columns.medium[i])) for i in moved] == [(sr, dr)] * 2
    assert all(int(table.count[i]) % 2 == 1 for i in moved)
    # each moved bundle ends at one of the two racks, the other end a NIC of its own cage
    labels = {project.placements[n].label for i in moved for n in (table.a[i], table.b[i])}
    assert {"NET-T03", "NET-T04"} <= labels
    lines = {(x.from_id, x.to_id): x for x in cable_schedule(plan)}
    for i in moved:
        assert "multimode SR reaches it, but an odd count" in lines[(table.a[i], table.b[i])].reason


def test_a_rack_of_two_tiers_is_evened_tier_by_tier():
    """An audit: in a generated GB200 campus (300 racks at 2:1) 11 racks holding leaves and
    spines, or spines and cores, were even per rack and not per tier: a leaf tier's 399
    multimode and 49 single-mode links took 225 cages of its 7 switches' 224, and NetBox
    found no port for 21 links. Now each tier of each rack holds each medium's links in
    pairs (or one medium odd alone), and every link finds a port."""
    from collections import Counter

    from designer.core.interop.netbox import netbox_set
    from designer.core.network.cages import tier_switches
    from designer.core.network.fabric import END_TIERS

    catalog = default_catalog()
    project = generate(ClusterRequest("campus-nvl72", systems=300, oversubscription=2.0))
    plan = planned(project, catalog)
    table, columns = plan.table(), plan.columns()
    held = tier_switches(plan)
    assert len([r for r, tiers in held.items() if len(tiers) > 1]) >= 11
    links: Counter[tuple[str, str | None, int]] = Counter()
    for i in range(len(table)):
        tiers = END_TIERS.get(table.role[i], (None, None))
        for node, tier in zip((table.a[i], table.b[i]), tiers, strict=True):
            if node in held and columns.medium[i] >= 0:
                links[(node, tier, int(columns.medium[i]))] += int(table.count[i])
    odd: Counter[tuple[str, str | None]] = Counter()
    for (node, tier, _), count in links.items():
        odd[(node, tier)] += count % 2
    assert max(odd.values()) <= 1
    racks = catalog.with_custom_racks(project.custom_types)
    found = netbox_set(project, dict(racks), dict(catalog.switches), plan)
    assert not [n for n in found.notes if "no free port" in n]
