"""A network rack's media evened out so that no twin-port module there carries one link."""

from designer.core.catalog import default_catalog
from designer.core.generate import ClusterRequest, generate
from designer.core.network import cable_schedule, fabric
from tests.core.network.helpers import planned


def test_a_rack_odd_in_two_media_moves_one_bundle_to_the_dearer(monkeypatch):
    """At 2:1 with leaves split one link a cage (as before leaves took whole cages), a
    CloudMatrix384's two full SN5600 leaf racks held multimode and single-mode links of odd
    counts: 513 cages of 512 each. One bundle of odd count at each goes single-mode, and
    its reason says why; every rack's media are then even (or odd in one alone)."""
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
