"""A generated design names each compute rack's leaf rack, as the plan first put them."""

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.generate import ClusterRequest, generate
from designer.core.network import cable_schedule, default_media
from designer.core.network.planner import build_plan, update_plan


def _plan(project):
    return build_plan(project, default_catalog(), default_media())


def test_every_rack_with_scale_out_ports_names_the_leaf_rack_the_plan_chose():
    project = generate(ClusterRequest("nvl72-su"))
    racks = default_catalog().with_custom_racks(project.custom_types)
    named = {r.id: r.network_rack_id for r in project.placements.values()}
    network = {r.id for r in project.placements.values() if racks[r.type_id].switches}
    compute = {
        r.id
        for r in project.placements.values()
        if (p := racks[r.type_id].ports.get("scale_out")) and p.count
    }
    assert len(compute) == 8
    assert all(named[r] in network for r in compute)
    # the names change nothing: the plan of the design without them is the same
    unnamed = project.model_copy(
        update={
            "placements": {
                i: r.model_copy(update={"network_rack_id": None})
                for i, r in project.placements.items()
            }
        }
    )
    assert cable_schedule(_plan(project)) == cable_schedule(_plan(unnamed))


def test_a_rack_moved_next_to_another_network_rack_keeps_its_leaves_and_the_fabric():
    doc = Document(generate(ClusterRequest("nvl72-su")))
    plan = _plan(doc.project)
    changes = []
    doc.subscribe(changes.append)
    rack = next(
        r for r in sorted(doc.project.placements.values(), key=lambda r: r.id) if r.network_rack_id
    )
    leaf_rack = doc.project.placements[rack.network_rack_id]
    other = next(
        r
        for r in doc.project.placements.values()
        if r.type_id == leaf_rack.type_id and r.id != leaf_rack.id
    )
    ops.move(doc, [rack.id], other.x - rack.x, other.y - rack.y + 1_200)
    [change] = changes
    updated = update_plan(plan, doc.project, change.ids)
    [site] = doc.project.sites
    assert updated.units[("fabric", site)] is plan.units[("fabric", site)]
    assert cable_schedule(updated) == cable_schedule(_plan(doc.project))
