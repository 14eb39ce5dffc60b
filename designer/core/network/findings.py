"""What the planner finds wrong in a routed network plan, made as rule findings where it
finds it.

The planner hands each unit's routes and media to ``route_findings`` (no tray within reach,
trays that do not join, no cable entry or fibre route, NVLink leaving its rack, no medium
that reaches), each hall's tray fill to ``fill_findings`` and the links ending at a rack to
``port_findings``. The fabric, the inter-site plan and the scale-up wiring make their own
findings as they are generated (``fabric.CODES``, ``dci.CODES``, ``scaleup.CODES``).

A code is permanent once released: projects store it in severity overrides and exclusions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.network.bundles import BundleTable
from designer.core.network.cages import module_cage_gbps, shared_cage_gbps
from designer.core.network.media import PLANES, format_length, format_reach
from designer.core.network.network_plan import NetworkPlan, TrayFill, has_trays
from designer.core.network.routing import (
    IN_RACK,
    NO_ENTRY,
    NO_FIBRE,
    NO_PATH,
    NO_TRAY,
    NVLINK_LEAVES,
    OK,
    Anchor,
    HallFloor,
)

NO_MEDIUM = CodeInfo(
    "cabling.no_medium",
    "cabling",
    "No medium reaches",
    Severity.ERROR,
    "A bundle is longer than every medium that fits its lane rate, protocol and plane "
    "reaches (links-and-rules section 3).",
)
NO_TRAY_REACHES = CodeInfo(
    "cabling.no_tray",
    "cabling",
    "No tray reaches the rack",
    Severity.ERROR,
    "A rack with cables to route has no tray centre line within reach of its top, so its "
    "lengths cannot be computed from the floor.",
)
HALL_WITHOUT_TRAYS = CodeInfo(
    "cabling.hall_without_trays",
    "cabling",
    "Hall has links but no cable trays",
    Severity.WARNING,
    "Racks in a hall with no tray at all have cables to route: their lengths, media and "
    "costs are unknown until trays are drawn (the schedule lists them as not routed).",
)
TRAYS_NOT_CONNECTED = CodeInfo(
    "cabling.trays_not_connected",
    "cabling",
    "Trays do not connect the racks",
    Severity.ERROR,
    "Both ends of a bundle reach a tray, but the trays do not join them (or a rack to its "
    "hall's cable entry), so no route along the trays exists.",
)
NO_CABLE_ENTRY = CodeInfo(
    "cabling.no_cable_entry",
    "cabling",
    "Hall cable entry missing or unreached",
    Severity.ERROR,
    "Cables to other halls leave through the hall's cable entry; the hall has none, or no "
    "tray reaches it.",
)
NO_FIBRE_ROUTE = CodeInfo(
    "cabling.no_fibre_route",
    "cabling",
    "No fibre route between sites",
    Severity.ERROR,
    "A bundle joins two sites that no fibre route connects.",
)
TRAY_FILL = CodeInfo(
    "cabling.tray_fill",
    "cabling",
    "Tray fill over 40 %",
    Severity.WARNING,
    "The cables' cross-section (OD squared x 0.785) fills more than 40 % of a tray "
    "(links B45, B46).",
)
TRAY_OVERFULL = CodeInfo(
    "cabling.tray_overfull",
    "cabling",
    "Tray fill over 50 %",
    Severity.ERROR,
    "The cables' cross-section fills more than 50 % of a tray, the maximum for data "
    "trays (links B45).",
)
NVLINK_LEAVES_RACK = CodeInfo(
    "scale_up.nvlink_leaves_rack",
    "scale_up",
    "NVLink leaves an NVL72",
    Severity.ERROR,
    "NVL72 NVLink is a copper spine inside one rack; NVIDIA sells no cable that takes it "
    "to another rack (links:S60).",
)
UB_BEYOND_REACH = CodeInfo(
    "scale_up.ub_beyond_reach",
    "scale_up",
    "CloudMatrix384 UB link beyond its optics",
    Severity.ERROR,
    "A UB link of a CloudMatrix384 is longer than its 400G SR8 optics reach; longer links "
    "need other modules (systems:S24).",
)
PORTS_EXCEEDED = CodeInfo(
    "network.ports_exceeded",
    "network",
    "More links than ports",
    Severity.ERROR,
    "More links end at a rack than its switches or port group have ports.",
)

#: The codes of the routed plan's findings.
CODES = (
    NO_MEDIUM,
    NO_TRAY_REACHES,
    HALL_WITHOUT_TRAYS,
    TRAYS_NOT_CONNECTED,
    NO_CABLE_ENTRY,
    NO_FIBRE_ROUTE,
    TRAY_FILL,
    TRAY_OVERFULL,
    NVLINK_LEAVES_RACK,
    UB_BEYOND_REACH,
    PORTS_EXCEEDED,
)


def route_findings(
    plan: NetworkPlan,
    table: BundleTable,
    status: np.ndarray,
    medium: np.ndarray,
    choice_m: np.ndarray,
) -> tuple[Finding, ...]:
    """Findings of a unit's bundles; only bundles with a problem are looked at."""
    found: dict[tuple[str, tuple[str, ...]], Finding] = {}

    def add(finding: Finding) -> None:
        found.setdefault((finding.code, finding.ids), finding)

    no_medium = ((status == OK) | (status == IN_RACK)) & (medium < 0)
    for i in np.flatnonzero((status > IN_RACK) | no_medium).tolist():
        a, b = table.a[i], table.b[i]
        ids = tuple(x for x in (table.bundle_id[i], a, b) if x)
        what = f"{plan.name(a)} – {plan.name(b)}"
        if status[i] == NO_TRAY:
            # A rack the drawn trays miss is an error; a hall with no tray at all has no
            # cable plan yet, which is worth a warning on the hall, not one per rack.
            for end in dict.fromkeys((a, b)):
                anchor = plan.anchors.get(end)
                if anchor is None or anchor.edge >= 0:
                    continue
                if has_trays(plan, anchor.hall):
                    add(_no_tray(plan, end, anchor))
                else:
                    add(_hall_without_trays(plan, anchor.hall))

        elif status[i] == NO_ENTRY:
            for end in dict.fromkeys((a, b)):
                anchor = plan.anchors.get(end)
                floor = plan.floors.get(anchor.hall) if anchor else None
                if floor is not None and (floor.entry is None or floor.entry.edge < 0):
                    add(_no_entry(plan, floor))
        elif status[i] == NO_PATH:
            add(_not_connected(plan, a, b))
        elif status[i] == NO_FIBRE:
            sites = tuple(sorted({_site_of(plan, a), _site_of(plan, b)}))
            add(
                NO_FIBRE_ROUTE.finding(
                    f"{what} joins {' and '.join(plan.name(s) for s in sites)}, which no fibre "
                    "route connects.",
                    sites,
                )
            )
        elif status[i] == NVLINK_LEAVES:
            add(
                NVLINK_LEAVES_RACK.finding(
                    f"NVLink bundle {what} leaves its rack; an NVL72's NVLink copper spine "
                    "stays inside the rack and no cable takes it to another.",
                    ids,
                    **_where(plan, a),
                )
            )
        elif no_medium[i]:
            add(_beyond(plan, table, i, ids, what, float(choice_m[i])))
    return tuple(found.values())


def _hall_without_trays(plan: NetworkPlan, hall_id: str) -> Finding:
    return HALL_WITHOUT_TRAYS.finding(
        f"{plan.name(hall_id)} has no cable trays, so the links of its racks are not "
        "routed: they have no length, medium or cost yet. Draw trays over its rows.",
        (hall_id,),
        hall_id=hall_id,
    )


def _site_of(plan: NetworkPlan, node: str) -> str:
    found = plan.index.facts.get(node)
    return found.site if found else node


def _where(plan: NetworkPlan, node: str) -> dict[str, Any]:
    """The hall and plan point of a finding about ``node``, as keyword arguments."""
    anchor = plan.anchors.get(node)
    if anchor is None:
        return {}
    return {"hall_id": anchor.hall, "where": anchor.point}


def _no_tray(plan: NetworkPlan, rack_id: str, anchor: Anchor) -> Finding:
    reach = plan.settings.tray_reach_mm / 1000
    return NO_TRAY_REACHES.finding(
        f"{plan.name(rack_id)}: the nearest tray is {format_reach(round(anchor.clear) / 1000)} "
        f"from its top, beyond the {format_reach(reach)} a rack reaches; its links cannot be "
        "routed.",
        (rack_id,),
        measured=anchor.clear / 1000,
        limit=reach,
        unit="m",
        **_where(plan, rack_id),
    )


def _not_connected(plan: NetworkPlan, a: str, b: str) -> Finding:
    """Trays reach both racks but join neither to the other (in one hall) or a rack to its
    hall's cable entry (between halls): the finding names the racks."""
    anchor_a, anchor_b = plan.anchors[a], plan.anchors[b]
    what = f"{plan.name(a)} – {plan.name(b)}"
    if anchor_a.hall == anchor_b.hall:
        ids: tuple[str, ...] = (a, b)
        why = "the trays that reach the two racks do not connect to each other"
    else:
        cut = [n for n, anchor in ((a, anchor_a), (b, anchor_b)) if not _to_entry(plan, anchor)]
        ids = tuple(cut or (a, b))
        racks = " and ".join(plan.name(n) for n in ids)
        why = f"the trays that reach {racks} do not connect to the hall's cable entry"
    return TRAYS_NOT_CONNECTED.finding(
        f"{what}: {why}, so their links cannot be routed. Join the trays.",
        ids,
        **_where(plan, ids[0]),
    )


def _to_entry(plan: NetworkPlan, anchor: Anchor) -> bool:
    """True when the trays join ``anchor`` to its hall's cable entry."""
    entry = plan.floors[anchor.hall].entry
    if entry is None or entry.edge < 0:
        return True  # no usable entry: that is the cable entry's finding, not this one
    distance, _, _ = plan.floors[anchor.hall].graph.between(
        np.array([anchor.edge]),
        np.array([anchor.along]),
        np.array([entry.edge]),
        np.array([entry.along]),
    )
    return bool(np.isfinite(distance[0]))


def _no_entry(plan: NetworkPlan, floor: HallFloor) -> Finding:
    hall = plan.project.halls[floor.hall_id]
    if floor.entry is None:
        why = "has no cable entry"
        fix = "Give the hall a Cable entry X and Y (its properties, nothing selected) on a tray."
        where = None
    else:
        why = (
            f"has its cable entry {format_reach(round(floor.entry.lateral) / 1000)} from the "
            f"nearest tray, beyond the {format_reach(plan.settings.tray_reach_mm / 1000)} reach"
        )
        fix = "Move the cable entry onto a tray, or run a tray to it."
        where = floor.entry.point
    return NO_CABLE_ENTRY.finding(
        f"{hall.name} {why}, so its links to other halls and sites cannot be routed. {fix}",
        (hall.id,),
        hall_id=hall.id,
        where=where,
    )


def _beyond(
    plan: NetworkPlan, table: BundleTable, i: int, ids: tuple[str, ...], what: str, length_m: float
) -> Finding:
    """No medium reaches bundle ``i``: a UB link beyond its optics, or any other."""
    lane, rate = int(table.lane[i]), int(table.rate[i])
    nvidia = plan.settings.nvidia_only and all(
        (f := plan.index.facts.get(n)) is not None and f.kind.vendor == "NVIDIA"
        for n in (table.a[i], table.b[i])
    )
    cage = module_cage_gbps(plan, (table.a[i], table.b[i]))
    [shared] = shared_cage_gbps(
        cage,
        np.array([0]),
        np.array([1]),
        table.plane[i : i + 1],
        table.rate[i : i + 1],
        table.count[i : i + 1],
    ).tolist()
    ladder = plan.media.ladder(
        lane, rate, int(table.protocol[i]), int(table.plane[i]), nvidia, shared
    )
    reach = float(ladder.running_reach[-1]) if ladder.rungs else 0.0
    longest = (
        f"the longest, {plan.media.media[ladder.rungs[int(np.argmax(ladder.running_reach))].medium].short}, "
        f"reaches {format_reach(reach)}"
        if ladder.rungs
        else "no medium carries this plane and protocol at this lane rate"
    )
    if PLANES[int(table.plane[i])] == "ub":
        return UB_BEYOND_REACH.finding(
            f"UB link {what} needs {format_length(length_m)}; the CloudMatrix384's optics "
            f"reach {format_reach(reach)}. Place the system's racks closer or along a "
            "shorter tray path.",
            ids,
            measured=length_m,
            limit=reach,
            unit="m",
            **_where(plan, table.a[i]),
        )
    only = " among NVIDIA-supported parts" if nvidia else ""
    return NO_MEDIUM.finding(
        f"{what} ({rate}G on {lane}G lanes) needs {format_length(length_m)}; no medium{only} "
        f"reaches it: {longest}.",
        ids,
        measured=length_m,
        limit=reach,
        unit="m",
        **_where(plan, table.a[i]),
    )


def fill_findings(plan: NetworkPlan, fills: Iterable[TrayFill]) -> tuple[Finding, ...]:
    """The findings of the trays of ``fills`` past the warning or the error fill."""
    return tuple(f for f in (_fill_finding(plan, fill) for fill in fills) if f is not None)


def _fill_finding(plan: NetworkPlan, fill: TrayFill) -> Finding | None:
    c = plan.media.constants
    if fill.fill > c.tray_fill_error:
        info, limit = TRAY_OVERFULL, c.tray_fill_error
    elif fill.fill > c.tray_fill_warning:
        info, limit = TRAY_FILL, c.tray_fill_warning
    else:
        return None
    tray = plan.project.trays.get(fill.tray_id)
    name = (tray.name if tray else "") or fill.tray_id
    return info.finding(
        f"Tray {name} is {fill.fill:.0%} full ({fill.area_mm2:,.0f} mm² of cable in "
        f"{fill.capacity_mm2:,.0f} mm²); the limit is {limit:.0%}.",
        (fill.tray_id,),
        measured=fill.fill * 100,
        limit=limit * 100,
        unit="%",
        hall_id=fill.hall_id,
        where=fill.where,
    )


def port_findings(
    plan: NetworkPlan,
    node: str,
    cages: Mapping[str, int] | None = None,
    tiers: Mapping[str, int] | None = None,
) -> tuple[Finding, ...]:
    """What is wrong with the links ending at ``node``: more than its ports, or, at a
    network rack, more module cages than its switches have, or than the switches of one
    tier have (``cages``: per tier, as ``cages_filled`` counts them; ``tiers``: the
    switches of each tier the rack holds, as ``tier_switches`` counts them)."""
    cages, tiers = cages or {}, tiers or {}
    found = plan.index.facts.get(node)
    if found is None:
        return ()
    # links and Gb/s per plane (every rack is checked: a plain dict, its name only for a
    # finding)
    totals: dict[str, tuple[int, int]] = {}
    for key in plan.node_units.get(node, ()):
        for plane, (links, gbps) in plan.units[key].usage.get(node, {}).items():
            had_links, had_gbps = totals.get(plane, (0, 0))
            totals[plane] = (had_links + links, had_gbps + gbps)
    kind = found.kind
    out = []
    switches = kind.switches
    if switches and switches.switch_id in plan.catalog.switches:
        switch = plan.catalog.switches[switches.switch_id]
        capacity = switches.count * switch.ports
        gbps = sum(g for plane, (_, g) in totals.items() if plane not in kind.ports)
        used = gbps / switch.port_gbps
        held = switches.count * (switch.ports // switch.cage_ports)
        if used > capacity:
            out.append(
                PORTS_EXCEEDED.finding(
                    f"{plan.name(node)}: links worth {used:,.0f} ports of {switch.port_gbps}G end at its "
                    f"{switches.count} {switch.name} switches, which have {capacity:,} ports.",
                    (node,),
                    measured=used,
                    limit=float(capacity),
                    unit="ports",
                    **_where(plan, node),
                )
            )
        else:
            per_switch = switch.ports // switch.cage_ports
            # the rack's cages, then each tier's: a module's links share one switch
            over = [("", switches.count, sum(cages.values()), held)] + [
                (f"{tier} ", count, cages.get(tier, 0), count * per_switch)
                for tier, count in sorted(tiers.items())
            ]
            for tier, count, filled, have in over:
                if filled <= have:
                    continue
                out.append(
                    PORTS_EXCEEDED.finding(
                        f"{plan.name(node)}: its links fill {filled:,} module cages of its "
                        f"{count} {switch.name} {tier}switch{'' if count == 1 else 'es'}, "
                        f"which {'has' if count == 1 else 'have'} {have:,}. A cage "
                        "takes one module of one medium or one cable, each carrying the "
                        "links the cage does (two 400G in an 800G cage), all to one switch: "
                        "where a medium's links here are odd in count, its last module or "
                        "cable carries one. "
                        + (
                            "Move one of those links to the tier's other medium, or to "
                            "another rack."
                            if tier
                            else "Give the rack a switch more, or move links to another "
                            "medium or rack."
                        ),
                        (node,),
                        measured=float(filled),
                        limit=float(have),
                        unit="cages",
                        **_where(plan, node),
                    )
                )
                break
    for plane, group in kind.ports.items():
        links = totals.get(plane, (0, 0))[0]
        if links > group.count:
            out.append(
                PORTS_EXCEEDED.finding(
                    f"{plan.name(node)}: {links:,} {plane} links end at it; it has {group.count:,} "
                    f"{plane} ports.",
                    (node,),
                    measured=float(links),
                    limit=float(group.count),
                    unit="ports",
                    **_where(plan, node),
                )
            )
    return tuple(out)
