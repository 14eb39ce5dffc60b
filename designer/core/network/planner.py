"""The network planner: builds a project's network plan and keeps it current edit by edit.

``build_plan(project, catalog, media)`` plans a project from scratch;
``update_plan(plan, project, changed_ids)`` brings a plan up to date after an edit and
gives exactly what a full plan of the edited project gives. Both are called by the rule
engine, which owns the plan of each project revision (``designer.core.rules.network.PLAN``);
everything else asks the engine for it. The plan is cut into *units*
(``network_plan.NetworkPlan``), each a block of bundles generated together:

- ``("nvlink", site)``: the in-rack NVLink spine of every NVL72 of a site;
- ``("ub", group)``: a CloudMatrix384's UB wiring;
- ``("fabric", site)``: a site's scale-out leaf/spine fabric;
- ``("dci", "")``: the coherent links between sites;
- ``("drawn", bundle id)``: a bundle the architect drew.

An edit rebuilds only the units whose members changed, re-routes only the units that
touch a moved rack (or a hall whose trays changed), and re-sums tray fill only in the
halls those units cross: moving one rack of a 6,912-rack campus costs that rack's bundles.
A whole pass routes and chooses media for all of a pass's bundles in one batch; what is
wrong is found as it is planned (``findings``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from designer.core.catalog import Catalog
from designer.core.findings import Finding
from designer.core.geometry.footprint import footprint_size
from designer.core.jobs import plan_jobs
from designer.core.model.hall import CableTray
from designer.core.model.link import Bundle
from designer.core.model.placement import Placement
from designer.core.model.project import COLLECTIONS, Project
from designer.core.network.bundles import BundleTable, Row, concat
from designer.core.network.cages import (
    cages_filled,
    module_cage_gbps,
    shared_cage_gbps,
    tier_switches,
)
from designer.core.network.dci import plan_dci
from designer.core.network.evening import even_out
from designer.core.network.fabric import (
    NO_FABRIC_YET,
    ComputeRack,
    SiteFabric,
    SwitchRack,
    plan_site,
)
from designer.core.network.fill import edge_peaks
from designer.core.network.findings import fill_findings, port_findings, route_findings
from designer.core.network.index import DCI, UnitKey, build_index, facts
from designer.core.network.media import PLANE_INDEX, PLANES, MediaCatalog, cable_area_mm2, choose
from designer.core.network.network_plan import Decisions, NetworkPlan, TrayFill, Unit
from designer.core.network.routing import IN_RACK, NO_FIBRE, hall_floor, rack_anchors, route
from designer.core.network.scaleup import nvlink_rows, ub_wiring

# --- building -------------------------------------------------------------------------


def build_plan(project: Project, catalog: Catalog, media: MediaCatalog) -> NetworkPlan:
    """Plan ``project`` from scratch."""
    rack_types = catalog.with_custom_racks(project.custom_types)
    plan = NetworkPlan(
        project, catalog, media, rack_types, build_index(project, rack_types), {}, {}
    )
    trays: dict[str, list[CableTray]] = {}
    for tray in project.trays.values():
        trays.setdefault(tray.hall_id, []).append(tray)
    for hall in project.halls.values():
        plan.floors[hall.id] = hall_floor(
            hall, trays.get(hall.id, []), plan.settings, plan.next_hall, plan.graphs
        )
        plan.next_hall += 1
    _anchor(plan, plan.index.hall_racks)
    keys: list[UnitKey] = [
        *(("nvlink", s) for s in plan.index.site_nvlink),
        *(("ub", g) for g in plan.index.group_members),
        *(("fabric", s) for s in plan.index.site_fabric),
        DCI,
        *(("drawn", b) for b in project.bundles),
    ]
    for key in keys:
        _set_unit(plan, key, _build_unit(plan, key))
    _decide(plan, list(plan.units))
    _refill(plan, plan.floors)
    _recheck_ports(plan, plan.node_units)
    return plan


def update_plan(previous: NetworkPlan, project: Project, changed_ids: Iterable[str]) -> NetworkPlan:
    """``previous`` brought up to ``project``, which differs from it in ``changed_ids``."""
    ids = set(changed_ids)
    old = previous.project
    if project.settings.network != old.settings.network or any(
        i in project.custom_types or i in old.custom_types for i in ids
    ):
        return build_plan(project, previous.catalog, previous.media)
    plan = replace(
        previous,
        project=project,
        index=previous.index.copy(),
        floors=dict(previous.floors),
        anchors=dict(previous.anchors),
        units=dict(previous.units),
        decisions=dict(previous.decisions),
        node_units=dict(previous.node_units),
        hall_units=dict(previous.hall_units),
        fills=dict(previous.fills),
        overfull=dict(previous.overfull),
        ports=dict(previous.ports),
        graphs=dict(previous.graphs),
    )
    dirty: set[UnitKey] = set()
    moved: set[str] = set()
    halls: set[str] = set()
    for entity_id in sorted(ids):
        collection, before, after = _locate(old, project, entity_id)
        if collection == "placements":
            dirty |= _placement_changed(plan, old, before, after, moved)
        elif collection == "groups":
            dirty.add(("ub", entity_id))
        elif collection == "bundles":
            dirty.add(("drawn", entity_id))
        elif collection == "trays":
            halls |= {t.hall_id for t in (before, after) if t is not None}
        elif collection == "halls":
            if before is not None and after is not None and before.site_id != after.site_id:
                return build_plan(project, plan.catalog, plan.media)
            halls.add(entity_id)
            # its racks stand elsewhere on the site plan: the site's fabric joins them to
            # the switches nearest them there
            placed_again = (
                before is not None and after is not None and before.site_origin != after.site_origin
            )
            # or named again: the fabric's notes tell racks named alike apart by their hall
            renamed = before is not None and after is not None and before.name != after.name
            if (placed_again or renamed) and after.site_id in plan.index.site_fabric:
                dirty.add(("fabric", after.site_id))
        elif collection in ("sites", "fibre_routes"):
            dirty.add(DCI)
            moved |= {n for key in _fibre_units(plan) for n in plan.units[key].table.nodes()}
        elif collection == "jobs":  # the DCI carries what the jobs send between sites
            dirty.add(DCI)
    _refloor(plan, halls, moved)
    _anchor(plan, _by_hall(plan, moved))
    touched_nodes = set(moved)
    for key in dirty:
        if key in plan.units:
            touched_nodes |= plan.units[key].table.nodes()
        _set_unit(plan, key, _build_unit(plan, key))
        if key in plan.units:
            touched_nodes |= plan.units[key].table.nodes()
    rebuilt = {k for k in dirty if k in plan.units}
    # in the units the edit did not rebuild, only the bundles of the racks that moved
    partly = {
        key: plan.units[key].table.rows_at(moved)
        for key in {k for node in moved for k in plan.node_units.get(node, ())} - rebuilt
    }
    refill = set(halls)
    for key in dirty - set(plan.units):
        plan.decisions.pop(key, None)
        if key in previous.decisions:
            refill |= previous.decisions[key].halls
            _index_halls(plan, key, previous.decisions[key].halls, frozenset())
    halls_decided, evened = _decide(plan, sorted(rebuilt | set(partly)), partly)
    _refill(plan, refill | halls_decided)
    _recheck_ports(plan, touched_nodes | evened)
    return plan


def _locate(old: Project, new: Project, entity_id: str) -> tuple[str, Any, Any]:
    """The collection holding ``entity_id`` and the entity before and after the edit."""
    for name in COLLECTIONS.values():
        before = getattr(old, name).get(entity_id)
        after = getattr(new, name).get(entity_id)
        if before is not None or after is not None:
            return name, before, after
    return "", None, None


def _placement_changed(
    plan: NetworkPlan,
    old: Project,
    before: Placement | None,
    after: Placement | None,
    moved: set[str],
) -> set[UnitKey]:
    """Index a placement's edit; returns the units to rebuild and marks it moved."""
    dirty: set[UnitKey] = set()
    was = facts(before, old, plan.rack_types)
    now = facts(after, plan.project, plan.rack_types)
    same_membership = (
        before is not None
        and after is not None
        and was is not None
        and now is not None
        and was.hall == now.hall
        and was.kind is now.kind
        and before.group_id == after.group_id
    )
    if not same_membership:
        if before is not None and was is not None:
            dirty |= plan.index.remove(before, was)
        if after is not None and now is not None:
            dirty |= plan.index.add(after, now)
    placement = after or before
    if placement is None:
        return dirty
    rack_id = placement.id
    moved.add(rack_id)
    # Leaves go to the nearest network rack, so a fabric rack's position is part of the
    # fabric, as long as the site has network racks to be near; and its label, which orders
    # the racks a switch shortage connects.
    if (
        now is not None
        and rack_id in plan.index.site_fabric.get(now.site, ())
        and plan.index.site_network.get(now.site)
        and _changes_fabric(plan, now.site, before, after)
    ):
        dirty.add(("fabric", now.site))
    return dirty


def _changes_fabric(
    plan: NetworkPlan, site_id: str, before: Placement | None, after: Placement | None
) -> bool:
    """Whether a fabric rack's edit can change its site's fabric.

    Leaves go to the nearest network rack, so a network rack's position is part of the
    fabric; so are the network rack a compute rack names and its label, which orders the
    racks a switch shortage connects. A compute rack's position counts only through the
    rack its leaves went to: moved where the same one is nearest (or named), it leaves the
    fabric as it was, and only its own bundles are routed again.
    """
    if before is None or after is None:
        return True
    if before.network_rack_id != after.network_rack_id or before.label != after.label:
        return True
    if (before.x, before.y, before.rotation) == (after.x, after.y, after.rotation):
        return False
    if plan.index.facts[after.id].kind.switches:
        return True
    unit = plan.units.get(("fabric", site_id))
    if unit is None or unit.fabric is None:
        return True
    chosen = unit.fabric.homes.get(after.id)
    if chosen is None:  # no leaf rack was chosen for it: where it stands is moot
        return False
    home, leaf_racks = chosen
    point = _site_point(plan, after.id)
    return leaf_racks.home(point, after.network_rack_id, after.hall_id) != home


def _fibre_units(plan: NetworkPlan) -> list[UnitKey]:
    """Units with bundles between sites (their length depends on the fibre routes)."""
    return [
        k
        for k, d in plan.decisions.items()
        if np.any(d.fibre_m > 0) or np.any(d.status == NO_FIBRE)
    ]


def _refloor(plan: NetworkPlan, halls: set[str], moved: set[str]) -> None:
    """Rebuild the tray graphs of ``halls``; every rack in them must be re-anchored."""
    if not halls:
        return
    for hall_id in halls:
        hall = plan.project.halls.get(hall_id)
        old = plan.floors.pop(hall_id, None)
        moved |= plan.index.hall_racks.get(hall_id, set())
        if hall is None:
            continue
        trays = [t for t in plan.project.trays.values() if t.hall_id == hall_id]
        index = old.index if old is not None else plan.next_hall
        if old is None:
            plan.next_hall += 1
        plan.floors[hall_id] = hall_floor(hall, trays, plan.settings, index, plan.graphs)
    # a layout no hall has any more is forgotten, with its searches
    kept = {floor.graph.geometry() for floor in plan.floors.values()}
    plan.graphs = {key: graph for key, graph in plan.graphs.items() if key in kept}


def _by_hall(plan: NetworkPlan, racks: Iterable[str]) -> dict[str, set[str]]:
    grouped: dict[str, set[str]] = {}
    for rack_id in racks:
        plan.anchors.pop(rack_id, None)
        found = plan.index.facts.get(rack_id)
        if found is not None:
            grouped.setdefault(found.hall, set()).add(rack_id)
    return grouped


def _anchor(plan: NetworkPlan, by_hall: Mapping[str, Iterable[str]]) -> None:
    """Anchor the given racks of each hall to its trays."""
    for hall_id, rack_ids in by_hall.items():
        floor = plan.floors.get(hall_id)
        if floor is None:
            continue
        racks = [
            (plan.project.placements[r], plan.index.facts[r].kind)
            for r in sorted(rack_ids)
            if r in plan.project.placements
        ]
        plan.anchors.update(rack_anchors(racks, floor, plan.settings))


def _site_point(plan: NetworkPlan, rack_id: str) -> tuple[float, float]:
    """A rack's footprint centre on its site's plan (the centre of its ``footprint``, as
    ``Box.centre`` halves the sum of its edges, without making the box: a site's fabric
    asks it of 6,000 racks)."""
    placement = plan.project.placements[rack_id]
    ox, oy = plan.project.halls[placement.hall_id].site_origin
    kind = plan.index.facts[rack_id].kind
    sx, sy = footprint_size(kind.width_mm, kind.depth_mm, placement.rotation)
    x, y = placement.x, placement.y
    return (ox + (x + x + sx) / 2, oy + (y + y + sy) / 2)


def _build_unit(plan: NetworkPlan, key: UnitKey) -> Unit | None:
    """The bundles of unit ``key`` as the project now stands, or None if it has none."""
    kind, ref = key
    index, media = plan.index, plan.media
    findings: tuple[Finding, ...] = ()
    fabric = dci = None
    usage = None
    if kind == "nvlink":
        racks = [(r, index.facts[r].kind) for r in sorted(index.site_nvlink.get(ref, ()))]
        table = BundleTable.from_rows(nvlink_rows(racks, media.constants.nvlink_links_per_gpu))
    elif kind == "ub":
        members = [(r, index.facts[r].kind) for r in index.group_members.get(ref, ())]
        wiring = ub_wiring(ref, members)
        table, usage, findings = wiring.table, wiring.usage, wiring.findings
    elif kind == "fabric":
        fabric = _site_fabric(plan, ref)
        table, findings = fabric.table, fabric.findings
    elif kind == "dci":
        jobs = plan_jobs(plan.project, plan.rack_types).route_tbps if plan.project.jobs else None
        dci = plan_dci(plan.project, index.site_gbps, plan.settings, jobs)
        table, findings = BundleTable.from_rows(dci.rows), dci.findings
    else:
        bundle = plan.project.bundles.get(ref)
        table = BundleTable.from_rows([_drawn_row(plan, bundle)] if bundle is not None else [])
    if not len(table) and not findings and not (fabric and (fabric.tiers or fabric.unconnected)):
        return None
    return Unit(key, table, findings, fabric, dci, _usage(table) if usage is None else usage)


def _told_apart(project: Project, racks: list[SwitchRack]) -> list[SwitchRack]:
    """``racks`` with their hall's name after each label that two halls of the site use (a
    generated hall's racks are named alike in every hall: a note of idle racks read
    "NET-B01, NET-B01")."""
    counts = Counter(r.label for r in racks)
    halls = project.halls
    return [
        replace(r, label=f"{r.label} ({halls[r.hall].name})")
        if counts[r.label] > 1 and r.label and r.hall in halls
        else r
        for r in racks
    ]


def _site_fabric(plan: NetworkPlan, site_id: str) -> SiteFabric:
    compute = []
    network = []
    for rack_id in sorted(plan.index.site_fabric.get(site_id, ())):
        kind = plan.index.facts[rack_id].kind
        point = _site_point(plan, rack_id)
        ports = kind.ports.get("scale_out")
        if ports and ports.count:
            rack = plan.project.placements[rack_id]
            compute.append(
                ComputeRack(
                    rack_id,
                    point,
                    ports.count,
                    ports.rate_gbps,
                    ports.lane_gbps,
                    rack.network_rack_id,
                    rack.label,
                    rack.hall_id,
                )
            )
        if kind.switches and kind.switches.switch_id in plan.catalog.switches:
            switch = plan.catalog.switches[kind.switches.switch_id]
            placement = plan.project.placements[rack_id]
            network.append(
                SwitchRack(
                    rack_id,
                    point,
                    switch,
                    kind.switches.count,
                    placement.hall_id,
                    placement.label,
                )
            )
    s = plan.settings
    name = plan.project.sites[site_id].name if site_id in plan.project.sites else ""
    network = _told_apart(plan.project, network)
    fabric = plan_site(site_id, compute, network, s.oversubscription, s.rails, name)
    if s.fabric_in_scope:
        return fabric
    # the fabric is designed elsewhere: its absence is no finding (the ports still count)
    kept = tuple(f for f in fabric.findings if f.code != NO_FABRIC_YET.code)
    return replace(fabric, findings=kept)


def _drawn_row(plan: NetworkPlan, bundle: Bundle) -> Row:
    """A drawn bundle as a row; its protocol follows its plane or the switch it ends at."""
    protocol = {"nvlink": "nvlink", "ub": "ub", "dci": "ethernet"}.get(bundle.plane, "any")
    if protocol == "any":
        for node in (bundle.a.node, bundle.b.node):
            found = plan.index.facts.get(node)
            switches = found.kind.switches if found else None
            if switches and switches.switch_id in plan.catalog.switches:
                protocol = plan.catalog.switches[switches.switch_id].protocol
                break
    return Row(
        bundle.a.node,
        bundle.b.node,
        bundle.plane,
        bundle.rate_gbps,
        bundle.lane_gbps,
        bundle.count,
        protocol,
        "drawn",
        bundle.id,
    )


def _usage(table: BundleTable) -> dict[str, dict[str, tuple[int, int]]]:
    """Links and Gb/s ending at each node, per plane (a bundle within one rack counts twice).

    Summed in numpy per node and plane: a campus site's fabric has 19,000 bundles, and the
    dicts are made once per pair of a node and a plane rather than updated per bundle end.
    """
    nodes, ends = table.ends
    width = len(PLANES)
    key = ends * width + np.tile(table.plane, 2)
    size = len(nodes) * width
    links = np.bincount(key, weights=np.tile(table.count, 2), minlength=size)
    gbps = np.bincount(key, weights=np.tile(table.count * table.rate, 2), minlength=size)
    met = np.flatnonzero(np.bincount(key, minlength=size))
    usage: dict[str, dict[str, tuple[int, int]]] = {}
    sums = zip(
        met.tolist(),
        links[met].astype(np.int64).tolist(),
        gbps[met].astype(np.int64).tolist(),
        strict=True,
    )
    for at, n, g in sums:
        node, plane = divmod(at, width)
        usage.setdefault(nodes[node], {})[PLANES[plane]] = (n, g)
    return usage


def _set_unit(plan: NetworkPlan, key: UnitKey, unit: Unit | None) -> None:
    """Store ``unit`` (or drop the key) and keep ``node_units`` in step."""
    old = plan.units.pop(key, None)
    old_nodes = old.table.nodes() if old is not None else set()
    new_nodes = unit.table.nodes() if unit is not None else set()
    for node in old_nodes - new_nodes:
        remaining = tuple(k for k in plan.node_units.get(node, ()) if k != key)
        if remaining:
            plan.node_units[node] = remaining
        else:
            plan.node_units.pop(node, None)
    for node in new_nodes - old_nodes:
        plan.node_units[node] = (*plan.node_units.get(node, ()), key)
    if unit is not None:
        plan.units[key] = unit


def _index_halls(
    plan: NetworkPlan, key: UnitKey, before: frozenset[str], after: frozenset[str]
) -> None:
    for hall_id in before - after:
        remaining = plan.hall_units.get(hall_id, frozenset()) - {key}
        if remaining:
            plan.hall_units[hall_id] = remaining
        else:
            plan.hall_units.pop(hall_id, None)
    for hall_id in after - before:
        plan.hall_units[hall_id] = plan.hall_units.get(hall_id, frozenset()) | {key}


# --- routing and media ------------------------------------------------------------------


def _halls_of(plan: NetworkPlan, legs: np.ndarray) -> frozenset[str]:
    """The halls the legs ``legs`` run in."""
    hall_ids = {f.index: f.hall_id for f in plan.floors.values()}
    return frozenset(hall_ids[h] for h in np.unique(legs[:, :, 0]).tolist() if h >= 0)


def _decide(
    plan: NetworkPlan, keys: list[UnitKey], partly: Mapping[UnitKey, np.ndarray] | None = None
) -> tuple[set[str], set[str]]:
    """Route and choose media for every bundle of ``keys``, in one batch; of a unit in
    ``partly`` only the bundles of those rows, its others kept as they were decided.

    Returns the halls whose tray fill this may have changed (where the bundles decided ran
    before and run now), and the nodes of the bundles not decided again whose medium a
    rack's evening out changed. Every bundle is routed on its own, so a bundle decided
    alone gets what it gets in a batch of all.
    """
    partly = partly or {}
    touched: set[str] = set()
    evened: set[str] = set()
    if not keys:
        return touched, evened
    tables = [
        plan.units[k].table.take(partly[k]) if k in partly else plan.units[k].table for k in keys
    ]
    table = concat(tables)
    project, media, settings = plan.project, plan.media, plan.settings
    fibre_km: dict[frozenset[str], float] = {}
    for r in project.fibre_routes.values():
        pair = frozenset((r.site_a, r.site_b))
        fibre_km[pair] = min(fibre_km.get(pair, r.distance_km), r.distance_km)
    routes = route(
        table,
        plan.anchors,
        plan.floors,
        project.sites,
        fibre_km,
        _row_km(plan, keys, tables, partly),
    )
    nodes, ends = routes.nodes, routes.ends
    facts = plan.index.facts
    by_nvidia = np.array(
        [(f := facts.get(node)) is not None and f.kind.vendor == "NVIDIA" for node in nodes],
        dtype=bool,
    )
    nvidia = by_nvidia[ends[: len(table)]] & by_nvidia[ends[len(table) :]]
    nvidia &= settings.nvidia_only
    routed_m = (routes.building_mm + routes.fibre_mm) / 1000.0
    choice_m = (routes.building_mm * (1 + settings.slack) + routes.fibre_mm) / 1000.0
    n = len(table)
    shared = shared_cage_gbps(
        module_cage_gbps(plan, nodes), ends[:n], ends[n:], table.plane, table.rate, table.count
    )
    choice = choose(
        media, choice_m, table.lane, table.rate, table.protocol, table.plane, nvidia, shared
    )
    spine = (table.plane == PLANE_INDEX["nvlink"]) & (routes.status == IN_RACK)
    choice.medium[spine] = media.index("nvlink_copper")
    areas = np.array(
        [round(cable_area_mm2(media, m) * 1e6) for m in media.media] + [0], dtype=np.int64
    )
    area = table.count * areas[choice.medium.astype(np.int64)]
    start = 0
    for key, part in zip(keys, tables, strict=True):
        rows = slice(start, start + len(part))
        start += len(part)
        columns = {
            "status": routes.status[rows],
            "routed_m": routed_m[rows],
            "fibre_m": routes.fibre_mm[rows] / 1000.0,
            "choice_m": choice_m[rows],
            "chosen": choice.medium[rows],
            "chosen_rung": choice.rung[rows],
            "chosen_order_m": choice.order_m[rows],
            "nvidia": nvidia[rows],
            "legs": routes.legs[rows],
            "along": routes.along[rows],
            "area_um2": area[rows],
        }
        previous = plan.decisions.get(key)
        whole = plan.units[key].table
        if key in partly:
            at = partly[key]
            # A unit is decided in part only once it has been decided whole.
            assert previous is not None
            touched |= _halls_of(plan, previous.legs[at]) | _halls_of(plan, columns["legs"])
            decided = columns
            columns = {name: getattr(previous, name).copy() for name in decided}
            for name, values in decided.items():
                columns[name][at] = values
        _evened(plan, key, whole, columns, areas)
        if key in partly:  # a rack's media evened anew may move a bundle not decided again
            assert previous is not None
            moved = np.flatnonzero(previous.medium != columns["medium"])
            touched |= _halls_of(plan, columns["legs"][moved])
            evened |= {end for row in moved.tolist() for end in (whole.a[row], whole.b[row])}
        used = _halls_of(plan, columns["legs"])
        if key not in partly:
            touched |= (previous.halls if previous else frozenset()) | used
        findings = route_findings(
            plan, whole, columns["status"], columns["medium"], columns["choice_m"]
        )
        _index_halls(plan, key, previous.halls if previous else frozenset(), used)
        plan.decisions[key] = Decisions(**columns, findings=findings, halls=used)
    return touched, evened


def _evened(
    plan: NetworkPlan,
    key: UnitKey,
    table: BundleTable,
    columns: dict[str, np.ndarray],
    areas: np.ndarray,
) -> None:
    """A unit's media, rungs, order lengths and cable areas, from its first choices with
    each network rack's media evened out (``evening.even_out``), over the whole unit: a
    scale-out fabric's or a drawn bundle's (the others end at no switch's shared cage, and
    a campus has 432 of them)."""
    if key[0] in ("fabric", "drawn"):
        chosen, choice_m, nvidia = columns["chosen"], columns["choice_m"], columns["nvidia"]
        medium, rung, order = even_out(plan, table, chosen, choice_m, nvidia)
    else:
        medium, rung = columns["chosen"], np.full(len(table), -1, dtype=np.int16)
        order = np.full(len(table), np.nan)
    moved = rung >= 0
    columns["medium"] = medium
    columns["rung"] = np.where(moved, rung, columns["chosen_rung"]).astype(np.int16)
    columns["order_m"] = np.where(moved, order, columns["chosen_order_m"])
    columns["area_um2"] = table.count * areas[medium.astype(np.int64)]


def _row_km(
    plan: NetworkPlan,
    keys: list[UnitKey],
    tables: list[BundleTable],
    partly: Mapping[UnitKey, np.ndarray],
) -> np.ndarray:
    """Per row of the batch, the length of the fibre route a DCI row is lit on (NaN for
    the others): two routes joining the same two sites may run paths of different lengths."""
    found = [np.full(len(part), np.nan) for part in tables]
    for at, key in enumerate(keys):
        dci = plan.units[key].dci
        if dci is None:
            continue
        routes = plan.project.fibre_routes
        km = np.array([routes[r].distance_km for r in dci.row_routes], dtype=np.float64)
        found[at] = km[partly[key]] if key in partly else km
    return np.concatenate(found) if found else np.zeros(0)


# --- tray fill and ports ----------------------------------------------------------------


def _refill(plan: NetworkPlan, halls: Iterable[str]) -> None:
    """Re-sum the cables in every tray of ``halls``."""
    for hall_id in halls:
        floor = plan.floors.get(hall_id)
        if floor is None:
            plan.fills.pop(hall_id, None)
            plan.overfull.pop(hall_id, None)
            continue
        graph = floor.graph
        decided = [plan.decisions[key] for key in plan.hall_units.get(hall_id, ())]
        if not decided:
            plan.fills.pop(hall_id, None)
            plan.overfull.pop(hall_id, None)
            continue
        # the units' legs in one array each, then the rows of each slot in this hall (the
        # sums do not depend on the legs' order): one hall's 433 units, 6 -> 3 ms
        legs = np.concatenate([d.legs for d in decided])
        along = np.concatenate([d.along for d in decided])
        areas = np.concatenate([d.area_um2 for d in decided])
        here = [legs[:, slot, 0] == floor.index for slot in (0, 1)]
        peaks = edge_peaks(
            graph,
            np.concatenate([legs[rows, slot, 1:] for slot, rows in enumerate(here)]),
            np.concatenate([along[rows, slot] for slot, rows in enumerate(here)]),
            np.concatenate([areas[rows] for rows in here]),
        )
        fills: dict[str, TrayFill] = {}
        for e in graph.plan_edges.tolist():
            if not peaks.area_um2[e]:
                continue
            area_mm2 = int(peaks.area_um2[e]) / 1e6
            capacity = float(graph.capacity_mm2[e])
            ratio = area_mm2 / capacity
            tray = graph.edge_tray[e]
            if tray not in fills or ratio > fills[tray].fill:
                where = graph.point_along(e, float(peaks.at_mm[e]))
                fills[tray] = TrayFill(tray, hall_id, ratio, area_mm2, capacity, where)
        plan.fills[hall_id] = tuple(fills[t] for t in sorted(fills))
        overfull = fill_findings(plan, plan.fills[hall_id])
        if overfull:
            plan.overfull[hall_id] = overfull
        else:
            plan.overfull.pop(hall_id, None)


def _recheck_ports(plan: NetworkPlan, nodes: Iterable[str]) -> None:
    """Compare the links ending at each of ``nodes`` with its ports, and at a network rack
    the module cages they fill with its switches', and each tier's with its own (the media
    decided)."""
    nodes = list(nodes)
    cages: dict[str, dict[str, int]] = {}
    for (rack, tier), filled in cages_filled(plan, nodes).items():
        cages.setdefault(rack, {})[tier] = filled
    tiers = tier_switches(plan)
    for node in nodes:
        found = port_findings(plan, node, cages.get(node), tiers.get(node))
        if found:
            plan.ports[node] = found
        else:
            plan.ports.pop(node, None)
