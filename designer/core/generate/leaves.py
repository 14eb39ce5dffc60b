"""Each generated compute rack names the network rack its leaves are in.

The planner puts a rack's leaf switches in the network rack nearest to it unless the rack
names one (``network_rack_id``). A generated design names them, as a cabling plan does:
the racks' leaves are where the first plan put them, so a rack moved later keeps its leaf
rack and its site's fabric stays as it was (the planner then routes only the moved rack's
bundles again, rather than plan the whole site's fabric anew), and a rack moved far from its
leaves says so through its longer cables instead of silently rewiring the fabric.
"""

from __future__ import annotations

from designer.core.model import Project
from designer.core.network import NetworkPlan


def with_leaf_racks(project: Project, plan: NetworkPlan) -> Project:
    """``project`` with each compute rack of a planned fabric naming its leaf rack."""
    placements = dict(project.placements)
    for unit in plan.units.values():
        if unit.fabric is None:
            continue
        for rack_id, (home, _) in unit.fabric.homes.items():
            # the plan chose ``home`` among the site's network racks: a valid reference
            placements[rack_id] = placements[rack_id].model_copy(update={"network_rack_id": home})
    return project.model_copy(update={"placements": placements})
