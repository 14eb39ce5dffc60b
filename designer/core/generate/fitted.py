"""Network racks that hold only the switches their fabric places.

A site's network racks are counted in switch slots (``outline``), so the last of them is
often part full: a GB200 SU's third QM9700 rack held the fabric's 3 spines in 12 slots, and
its power, heat and weight counted 12 switches where the bill counted 3 (an audit: 61.2 kW
for 45.9 kW of switches). Each such rack becomes a rack type of the project's own holding
the switches placed: its power the catalog rack's per switch (whose figures are its
switches' sum, as its sources say), its weight less the switches it does not hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from designer.core.model.equipment import RackType, SwitchType
from designer.core.model.project import Project
from designer.core.network.network_plan import NetworkPlan


def fitted_network_racks(
    project: Project,
    plan: NetworkPlan,
    rack_types: Mapping[str, RackType],
    switch_types: Mapping[str, SwitchType],
) -> Project:
    """``project`` with each network rack its fabric fills in part given a rack type that
    holds what the fabric places there (one type per catalog rack and count)."""
    placed: Counter[str] = Counter()
    for fabric in plan.fabrics().values():
        for rack_id, _, _, count in fabric.placed:
            placed[rack_id] += count
    custom = dict(project.custom_types)
    placements = dict(project.placements)
    for rack in project.placements.values():
        kind = rack_types[rack.type_id]
        fit = kind.switches
        held = placed[rack.id]
        if fit is None or fit.switch_id not in switch_types or not 0 < held < fit.count:
            continue
        type_id = f"{kind.id}-{held}"
        if type_id not in custom:
            custom[type_id] = holding(kind, held, switch_types[fit.switch_id])
        placements[rack.id] = rack.model_copy(update={"type_id": type_id})
    return project.model_copy(update={"custom_types": custom, "placements": placements})


def holding(kind: RackType, held: int, switch: SwitchType) -> RackType:
    """``kind`` with ``held`` of its switches: power at its own per switch, weight less the
    switches left out, each figure's source saying so."""
    assert kind.switches is not None
    count = kind.switches.count
    share = held / count
    switches = "switch" if held == 1 else "switches"
    name = kind.name.replace(f"({count} switches)", f"({held} {switches})")
    if name == kind.name:
        name = f"{kind.name}, {held} {switches}"
    of = f"{held} of the {count} switches of {kind.id}"
    return kind.model_copy(
        update={
            "id": f"{kind.id}-{held}",
            "name": name,
            "description": f"{kind.description} Here with {held} {switches}, as its fabric "
            "places them.",
            "typical_kw": round(kind.typical_kw * share, 3),
            "max_kw": round(kind.max_kw * share, 3),
            "weight_kg": round(kind.weight_kg - (count - held) * switch.weight_kg, 3),
            "switches": kind.switches.model_copy(update={"count": held}),
            "sources": {
                **kind.sources,
                "typical_kw": f"estimate: {of}, its {kind.typical_kw:g} kW x {held}/{count}",
                "max_kw": f"estimate: {of}, its {kind.max_kw:g} kW x {held}/{count}",
                "weight_kg": f"estimate: {of}, its {kind.weight_kg:g} kg less "
                f"{count - held} x {switch.weight_kg:g} kg",
                "switches.count": f"the switches its fabric places ({of})",
            },
        }
    )
