"""The network planner: every bundle of a project, routed, with its medium and findings.

``NetworkPlanner(catalog).plan(project)`` builds the plan; ``.update(project, changed_ids)``
brings it up to date after an edit and gives exactly what a full plan of the edited
project gives. The work is cut into *units*, each a block of bundles generated together:

- ``("nvlink", site)``: the in-rack NVLink spine of every NVL72 of a site;
- ``("ub", group)``: a CloudMatrix384's UB wiring;
- ``("fabric", site)``: a site's scale-out leaf/spine fabric;
- ``("dci", "")``: the coherent links between sites;
- ``("drawn", bundle id)``: a bundle the architect drew.

An edit rebuilds only the units whose members changed, re-routes only the units that
touch a moved rack (or a hall whose trays changed), and re-sums tray fill only in the
halls those units cross: moving one rack of a 6,912-rack campus costs that rack's bundles.
Per unit, bundles and their decisions are numpy columns (``BundleTable``, ``Decisions``);
a whole pass routes and chooses media for all of them in one batch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import numpy as np

from designer.core.catalog import Catalog, default_catalog
from designer.core.geometry.footprint import footprint
from designer.core.jobs import plan_jobs
from designer.core.model.equipment import RackType
from designer.core.model.link import Bundle
from designer.core.model.network_settings import NetworkSettings
from designer.core.model.placement import Placement
from designer.core.model.project import COLLECTIONS, Project
from designer.core.network.bundles import BundleTable, Row, concat
from designer.core.network.dci import DciPlan, plan_dci
from designer.core.network.fabric import ComputeRack, SiteFabric, SwitchRack, plan_site
from designer.core.network.fill import edge_peaks
from designer.core.network.findings import LinkFinding
from designer.core.network.index import DCI, ProjectIndex, UnitKey, build_index, facts
from designer.core.network.media import (
    PLANE_INDEX,
    PLANES,
    MediaCatalog,
    cable_area_mm2,
    choose,
    default_media,
    format_length,
    format_reach,
)
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
    hall_floor,
    rack_anchors,
    route,
)
from designer.core.network.scaleup import nvlink_rows, ub_rows

#: Unit kinds in the order the schedule lists them.
UNIT_ORDER = {"nvlink": 0, "ub": 1, "fabric": 2, "dci": 3, "drawn": 4}


@dataclass(frozen=True, eq=False)
class Unit:
    """A block of bundles generated together, what its generator found, and its port use.

    ``usage[node][plane]`` is ``(links, Gb/s)`` ending at ``node`` on ``plane``.
    """

    key: UnitKey
    table: BundleTable
    findings: tuple[LinkFinding, ...] = ()
    fabric: SiteFabric | None = None
    dci: DciPlan | None = None
    usage: Mapping[str, Mapping[str, tuple[int, int]]] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class Decisions:
    """Per bundle of a unit: its route and medium (columns aligned with the unit's table).

    ``routed_m`` is the routed length (inside buildings plus fibre route), ``choice_m`` the
    length the medium must reach (slack added inside buildings), ``order_m`` the sold length
    ordered (``nan`` for coherent DCI and bundles without a medium), ``nvidia`` whether the
    NVIDIA-only filter applied, ``area_um2`` the cables' cross-section in square micrometres.
    """

    status: np.ndarray
    routed_m: np.ndarray
    fibre_m: np.ndarray
    choice_m: np.ndarray
    medium: np.ndarray
    rung: np.ndarray
    order_m: np.ndarray
    nvidia: np.ndarray
    legs: np.ndarray
    along: np.ndarray
    area_um2: np.ndarray
    findings: tuple[LinkFinding, ...]
    halls: frozenset[str]


NO_DECISIONS = Decisions(
    status=np.zeros(0, dtype=np.int8),
    routed_m=np.zeros(0),
    fibre_m=np.zeros(0),
    choice_m=np.zeros(0),
    medium=np.zeros(0, dtype=np.int16),
    rung=np.zeros(0, dtype=np.int16),
    order_m=np.zeros(0),
    nvidia=np.zeros(0, dtype=bool),
    legs=np.zeros((0, 2, 5), dtype=np.int32),
    along=np.zeros((0, 2, 2)),
    area_um2=np.zeros(0, dtype=np.int64),
    findings=(),
    halls=frozenset(),
)
"""The decisions of a plan without bundles."""


@dataclass(frozen=True)
class TrayFill:
    """How full a tray is at its fullest piece, by the cables' cross-section."""

    tray_id: str
    hall_id: str
    fill: float
    area_mm2: float
    capacity_mm2: float
    where: tuple[float, float]


@dataclass(frozen=True)
class BundleEnds:
    """Every node a bundle ends at, once, and the index in ``nodes`` of each bundle's ends."""

    nodes: tuple[str, ...]
    a: np.ndarray
    b: np.ndarray

    def per_end(self, of_node: Iterable[Any], dtype: type) -> tuple[np.ndarray, np.ndarray]:
        """``of_node`` (one value per node, in ``nodes``' order) at each bundle's a and b end."""
        values = np.fromiter(of_node, dtype, len(self.nodes))
        return values[self.a], values[self.b]


@dataclass(eq=False)
class Plan:
    """Everything the planner knows about one project revision (read it, do not change it)."""

    project: Project
    catalog: Catalog
    media: MediaCatalog
    rack_types: Mapping[str, RackType]
    index: ProjectIndex
    floors: dict[str, HallFloor]
    anchors: dict[str, Anchor]
    units: dict[UnitKey, Unit] = field(default_factory=dict)
    decisions: dict[UnitKey, Decisions] = field(default_factory=dict)
    #: The units each node has bundles in: tuples, a quarter of a frozenset's size for the
    #: one to three units a rack is in, with 6,912 racks on a campus.
    node_units: dict[str, tuple[UnitKey, ...]] = field(default_factory=dict)
    hall_units: dict[str, frozenset[UnitKey]] = field(default_factory=dict)
    fills: dict[str, tuple[TrayFill, ...]] = field(default_factory=dict)
    ports: dict[str, tuple[LinkFinding, ...]] = field(default_factory=dict)
    next_hall: int = 0

    @property
    def settings(self) -> NetworkSettings:
        return self.project.settings.network

    def keys(self) -> list[UnitKey]:
        """The units in schedule order: NVLink, UB, fabrics, DCI, drawn bundles."""
        return sorted(self.units, key=lambda k: (UNIT_ORDER[k[0]], k[1]))

    def table(self) -> BundleTable:
        """Every bundle, in schedule order (joined once per plan; read it, do not change it)."""
        return self._table

    def columns(self) -> Decisions:
        """Every bundle's decisions, aligned with ``table()`` (joined once per plan)."""
        return self._columns

    @cached_property
    def _table(self) -> BundleTable:
        # The schedule, BOM, totals and links layer each read the whole table; a report
        # reads it several times. A plan is not changed once built, so it is joined once.
        return concat(self.units[k].table for k in self.keys())

    def ends(self) -> BundleEnds:
        """Each bundle's two ends as indices into the distinct nodes, aligned with ``table()``
        (numbered once per plan: a report asks of every end which hall or site it is in)."""
        return self._ends

    @cached_property
    def _ends(self) -> BundleEnds:
        table = self.table()
        number: dict[str, int] = {}
        a, b = (
            np.fromiter(
                (number.setdefault(node, len(number)) for node in side), np.int64, len(side)
            )
            for side in (table.a, table.b)
        )
        return BundleEnds(tuple(number), a, b)

    @cached_property
    def _columns(self) -> Decisions:
        parts = [self.decisions[k] for k in self.keys()]
        if not parts:
            return NO_DECISIONS
        names = ("status", "routed_m", "fibre_m", "choice_m", "medium", "rung", "order_m")
        joined = {n: np.concatenate([getattr(p, n) for p in parts]) for n in names}
        return Decisions(
            **joined,
            nvidia=np.concatenate([p.nvidia for p in parts]),
            legs=np.concatenate([p.legs for p in parts]).reshape(-1, 2, 5),
            along=np.concatenate([p.along for p in parts]).reshape(-1, 2, 2),
            area_um2=np.concatenate([p.area_um2 for p in parts]),
            findings=(),
            halls=frozenset(),
        )

    @cached_property
    def findings(self) -> list[LinkFinding]:
        """Every finding, each once, sorted by code and ids (assembled once per plan)."""
        found: dict[tuple[str, tuple[str, ...]], LinkFinding] = {}
        for key in self.keys():
            for f in (*self.units[key].findings, *self.decisions[key].findings):
                found.setdefault((f.code, f.ids), f)
        for f in (x for group in self.ports.values() for x in group):
            found.setdefault((f.code, f.ids), f)
        for fill in (x for group in self.fills.values() for x in group):
            f = _fill_finding(self, fill)
            if f is not None:
                found.setdefault((f.code, f.ids), f)
        return sorted(found.values(), key=LinkFinding.sort_key)

    def fabrics(self) -> dict[str, SiteFabric]:
        """Each site's scale-out fabric."""
        return {k[1]: u.fabric for k, u in self.units.items() if u.fabric is not None}

    def dci(self) -> DciPlan | None:
        """The inter-site plan, if the project has sites."""
        unit = self.units.get(DCI)
        return unit.dci if unit else None

    def name(self, node: str) -> str:
        """How a person knows ``node``: a rack's label, a hall's or site's name, else the id."""
        rack = self.project.placements.get(node)
        if rack is not None:
            return rack.label or rack.id
        named = self.project.halls.get(node) or self.project.sites.get(node)
        return named.name if named is not None else node


class NetworkPlanner:
    """Plans a project's network and keeps the plan current as the project is edited."""

    def __init__(self, catalog: Catalog | None = None, media: MediaCatalog | None = None) -> None:
        self.catalog = catalog or default_catalog()
        self.media = media or default_media()
        self.current: Plan | None = None

    def plan(self, project: Project) -> Plan:
        """The whole plan of ``project``."""
        self.current = build_plan(project, self.catalog, self.media)
        return self.current

    def update(self, project: Project, changed_ids: Iterable[str]) -> Plan:
        """The plan after an edit that changed ``changed_ids``; plans afresh the first time."""
        if self.current is None:
            return self.plan(project)
        self.current = update_plan(self.current, project, changed_ids)
        return self.current


# --- building -------------------------------------------------------------------------


def build_plan(project: Project, catalog: Catalog, media: MediaCatalog) -> Plan:
    """Plan ``project`` from scratch."""
    rack_types = catalog.with_custom_racks(project.custom_types)
    plan = Plan(project, catalog, media, rack_types, build_index(project, rack_types), {}, {})
    trays: dict[str, list] = {}
    for tray in project.trays.values():
        trays.setdefault(tray.hall_id, []).append(tray)
    for hall in project.halls.values():
        plan.floors[hall.id] = hall_floor(
            hall, trays.get(hall.id, []), plan.settings, plan.next_hall
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


def update_plan(previous: Plan, project: Project, changed_ids: Iterable[str]) -> Plan:
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
        ports=dict(previous.ports),
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
            if placed_again and after.site_id in plan.index.site_fabric:
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
    reroute = {k for k in dirty if k in plan.units}
    for node in moved:
        reroute.update(plan.node_units.get(node, ()))
    refill = set(halls)
    for key in reroute:
        if key in previous.decisions:
            refill |= previous.decisions[key].halls
    for key in dirty - set(plan.units):
        plan.decisions.pop(key, None)
        if key in previous.decisions:
            refill |= previous.decisions[key].halls
            _index_halls(plan, key, previous.decisions[key].halls, frozenset())
    _decide(plan, sorted(reroute))
    for key in reroute:
        refill |= plan.decisions[key].halls
    _refill(plan, refill)
    _recheck_ports(plan, touched_nodes)
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
    plan: Plan, old: Project, before: Placement | None, after: Placement | None, moved: set[str]
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
    positions = ("x", "y", "rotation", "network_rack_id", "label")
    if (
        now is not None
        and rack_id in plan.index.site_fabric.get(now.site, ())
        and plan.index.site_network.get(now.site)
        and (before is None or any(getattr(before, f) != getattr(after, f) for f in positions))
    ):
        dirty.add(("fabric", now.site))
    return dirty


def _fibre_units(plan: Plan) -> list[UnitKey]:
    """Units with bundles between sites (their length depends on the fibre routes)."""
    return [
        k
        for k, d in plan.decisions.items()
        if np.any(d.fibre_m > 0) or np.any(d.status == NO_FIBRE)
    ]


def _refloor(plan: Plan, halls: set[str], moved: set[str]) -> None:
    """Rebuild the tray graphs of ``halls``; every rack in them must be re-anchored."""
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
        plan.floors[hall_id] = hall_floor(hall, trays, plan.settings, index)


def _by_hall(plan: Plan, racks: Iterable[str]) -> dict[str, set[str]]:
    grouped: dict[str, set[str]] = {}
    for rack_id in racks:
        plan.anchors.pop(rack_id, None)
        found = plan.index.facts.get(rack_id)
        if found is not None:
            grouped.setdefault(found.hall, set()).add(rack_id)
    return grouped


def _anchor(plan: Plan, by_hall: Mapping[str, Iterable[str]]) -> None:
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


def _site_point(plan: Plan, rack_id: str) -> tuple[float, float]:
    """A rack's footprint centre on its site's plan."""
    placement = plan.project.placements[rack_id]
    hall = plan.project.halls[placement.hall_id]
    kind = plan.index.facts[rack_id].kind
    box = footprint(placement.x, placement.y, kind.width_mm, kind.depth_mm, placement.rotation)
    cx, cy = box.centre
    return (hall.site_origin[0] + cx, hall.site_origin[1] + cy)


def _build_unit(plan: Plan, key: UnitKey) -> Unit | None:
    """The bundles of unit ``key`` as the project now stands, or None if it has none."""
    kind, ref = key
    index, media = plan.index, plan.media
    findings: tuple[LinkFinding, ...] = ()
    fabric = dci = None
    rows: list[Row] | tuple[Row, ...]
    if kind == "nvlink":
        racks = [(r, index.facts[r].kind) for r in sorted(index.site_nvlink.get(ref, ()))]
        rows = nvlink_rows(racks, media.constants.nvlink_links_per_gpu)
    elif kind == "ub":
        members = [(r, index.facts[r].kind) for r in index.group_members.get(ref, ())]
        rows, found = ub_rows(ref, members)
        findings = tuple(found)
    elif kind == "fabric":
        fabric = _site_fabric(plan, ref)
        rows, findings = fabric.rows, fabric.findings
    elif kind == "dci":
        jobs = plan_jobs(plan.project, plan.rack_types).route_tbps if plan.project.jobs else None
        dci = plan_dci(plan.project, index.site_gbps, plan.settings, jobs)
        rows, findings = dci.rows, dci.findings
    else:
        bundle = plan.project.bundles.get(ref)
        rows = [_drawn_row(plan, bundle)] if bundle is not None else []
    if not rows and not findings and not (fabric and (fabric.tiers or fabric.unconnected)):
        return None
    table = BundleTable.from_rows(rows)
    return Unit(key, table, findings, fabric, dci, _usage(table))


def _site_fabric(plan: Plan, site_id: str) -> SiteFabric:
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
                )
            )
        if kind.switches and kind.switches.switch_id in plan.catalog.switches:
            switch = plan.catalog.switches[kind.switches.switch_id]
            network.append(SwitchRack(rack_id, point, switch, kind.switches.count))
    s = plan.settings
    name = plan.project.sites[site_id].name if site_id in plan.project.sites else ""
    fabric = plan_site(site_id, compute, network, s.oversubscription, s.rails, name)
    if s.fabric_in_scope:
        return fabric
    # the fabric is designed elsewhere: its absence is no finding (the ports still count)
    kept = tuple(f for f in fabric.findings if f.code != "network.no_fabric_yet")
    return replace(fabric, findings=kept)


def _drawn_row(plan: Plan, bundle: Bundle) -> Row:
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
    """Links and Gb/s ending at each node, per plane (a bundle within one rack counts twice)."""
    usage: dict[str, dict[str, tuple[int, int]]] = {}
    planes = table.plane.tolist()
    counts = table.count.tolist()
    gbps = (table.count * table.rate).tolist()
    for ends in (table.a, table.b):
        for node, plane, n, g in zip(ends, planes, counts, gbps, strict=True):
            per_plane = usage.setdefault(node, {})
            links, total = per_plane.get(PLANES[plane], (0, 0))
            per_plane[PLANES[plane]] = (links + n, total + g)
    return usage


def _set_unit(plan: Plan, key: UnitKey, unit: Unit | None) -> None:
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


def _index_halls(plan: Plan, key: UnitKey, before: frozenset[str], after: frozenset[str]) -> None:
    for hall_id in before - after:
        remaining = plan.hall_units.get(hall_id, frozenset()) - {key}
        if remaining:
            plan.hall_units[hall_id] = remaining
        else:
            plan.hall_units.pop(hall_id, None)
    for hall_id in after - before:
        plan.hall_units[hall_id] = plan.hall_units.get(hall_id, frozenset()) | {key}


# --- routing and media ------------------------------------------------------------------


def _decide(plan: Plan, keys: list[UnitKey]) -> None:
    """Route and choose media for every bundle of ``keys``, in one batch."""
    if not keys:
        return
    tables = [plan.units[k].table for k in keys]
    table = concat(tables)
    project, media, settings = plan.project, plan.media, plan.settings
    fibre_km: dict[frozenset[str], float] = {}
    for r in project.fibre_routes.values():
        pair = frozenset((r.site_a, r.site_b))
        fibre_km[pair] = min(fibre_km.get(pair, r.distance_km), r.distance_km)
    routes = route(table, plan.anchors, plan.floors, project.sites, fibre_km)
    nvidia_nodes = {
        node: (f := plan.index.facts.get(node)) is not None and f.kind.vendor == "NVIDIA"
        for node in table.nodes()
    }
    nvidia = np.fromiter(
        (nvidia_nodes[a] and nvidia_nodes[b] for a, b in zip(table.a, table.b, strict=True)),
        dtype=bool,
        count=len(table),
    )
    nvidia &= settings.nvidia_only
    routed_m = (routes.building_mm + routes.fibre_mm) / 1000.0
    choice_m = (routes.building_mm * (1 + settings.slack) + routes.fibre_mm) / 1000.0
    choice = choose(media, choice_m, table.lane, table.rate, table.protocol, table.plane, nvidia)
    spine = (table.plane == PLANE_INDEX["nvlink"]) & (routes.status == IN_RACK)
    choice.medium[spine] = media.index("nvlink_copper")
    areas = np.array(
        [round(cable_area_mm2(media, m) * 1e6) for m in media.media] + [0], dtype=np.int64
    )
    area = table.count * areas[choice.medium.astype(np.int64)]
    hall_ids = {f.index: f.hall_id for f in plan.floors.values()}
    start = 0
    for key, part in zip(keys, tables, strict=True):
        rows = slice(start, start + len(part))
        start += len(part)
        legs = routes.legs[rows]
        used = frozenset(hall_ids[h] for h in np.unique(legs[:, :, 0]).tolist() if h >= 0)
        decisions = Decisions(
            status=routes.status[rows],
            routed_m=routed_m[rows],
            fibre_m=routes.fibre_mm[rows] / 1000.0,
            choice_m=choice_m[rows],
            medium=choice.medium[rows],
            rung=choice.rung[rows],
            order_m=choice.order_m[rows],
            nvidia=nvidia[rows],
            legs=legs,
            along=routes.along[rows],
            area_um2=area[rows],
            findings=_route_findings(
                plan, part, routes.status[rows], choice.medium[rows], choice_m[rows]
            ),
            halls=used,
        )
        previous = plan.decisions.get(key)
        _index_halls(plan, key, previous.halls if previous else frozenset(), used)
        plan.decisions[key] = decisions


def _route_findings(
    plan: Plan,
    table: BundleTable,
    status: np.ndarray,
    medium: np.ndarray,
    choice_m: np.ndarray,
) -> tuple[LinkFinding, ...]:
    """Findings of a unit's bundles; only bundles with a problem are looked at."""
    found: dict[tuple[str, tuple[str, ...]], LinkFinding] = {}

    def add(finding: LinkFinding) -> None:
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
                LinkFinding(
                    "cabling.no_fibre_route",
                    f"{what} joins {' and '.join(plan.name(s) for s in sites)}, which no fibre "
                    "route connects.",
                    sites,
                )
            )
        elif status[i] == NVLINK_LEAVES:
            add(
                LinkFinding(
                    "scale_up.nvlink_leaves_rack",
                    f"NVLink bundle {what} leaves its rack; an NVL72's NVLink copper spine "
                    "stays inside the rack and no cable takes it to another.",
                    ids,
                    **_where(plan, a),
                )
            )
        elif no_medium[i]:
            add(_beyond(plan, table, i, ids, what, float(choice_m[i])))
    return tuple(found.values())


def _hall_without_trays(plan: Plan, hall_id: str) -> LinkFinding:
    return LinkFinding(
        "cabling.hall_without_trays",
        f"{plan.name(hall_id)} has no cable trays, so the links of its racks are not "
        "routed: they have no length, medium or cost yet. Draw trays over its rows.",
        (hall_id,),
        hall_id=hall_id,
    )


def has_trays(plan: Plan, hall_id: str) -> bool:
    """True when the hall has at least one tray drawn."""
    floor = plan.floors.get(hall_id)
    return floor is not None and len(floor.graph.plan_edges) > 0


def _site_of(plan: Plan, node: str) -> str:
    found = plan.index.facts.get(node)
    return found.site if found else node


def _where(plan: Plan, node: str) -> dict[str, Any]:
    """The hall and plan point of a finding about ``node``, as keyword arguments."""
    anchor = plan.anchors.get(node)
    if anchor is None:
        return {}
    return {"hall_id": anchor.hall, "where": anchor.point}


def _no_tray(plan: Plan, rack_id: str, anchor: Anchor) -> LinkFinding:
    reach = plan.settings.tray_reach_mm / 1000
    return LinkFinding(
        "cabling.no_tray",
        f"{plan.name(rack_id)}: the nearest tray is {format_reach(round(anchor.clear) / 1000)} "
        f"from its top, beyond the {format_reach(reach)} a rack reaches; its links cannot be "
        "routed.",
        (rack_id,),
        measured=anchor.clear / 1000,
        limit=reach,
        unit="m",
        **_where(plan, rack_id),
    )


def _not_connected(plan: Plan, a: str, b: str) -> LinkFinding:
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
    return LinkFinding(
        "cabling.trays_not_connected",
        f"{what}: {why}, so their links cannot be routed. Join the trays.",
        ids,
        **_where(plan, ids[0]),
    )


def _to_entry(plan: Plan, anchor: Anchor) -> bool:
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


def _no_entry(plan: Plan, floor: HallFloor) -> LinkFinding:
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
    return LinkFinding(
        "cabling.no_cable_entry",
        f"{hall.name} {why}, so its links to other halls and sites cannot be routed. {fix}",
        (hall.id,),
        hall_id=hall.id,
        where=where,
    )


def _beyond(
    plan: Plan, table: BundleTable, i: int, ids: tuple[str, ...], what: str, length_m: float
) -> LinkFinding:
    """No medium reaches bundle ``i``: a UB link beyond its optics, or any other."""
    lane, rate = int(table.lane[i]), int(table.rate[i])
    nvidia = plan.settings.nvidia_only and all(
        (f := plan.index.facts.get(n)) is not None and f.kind.vendor == "NVIDIA"
        for n in (table.a[i], table.b[i])
    )
    ladder = plan.media.ladder(lane, rate, int(table.protocol[i]), int(table.plane[i]), nvidia)
    reach = float(ladder.running_reach[-1]) if ladder.rungs else 0.0
    longest = (
        f"the longest, {plan.media.media[ladder.rungs[int(np.argmax(ladder.running_reach))].medium].short}, "
        f"reaches {format_reach(reach)}"
        if ladder.rungs
        else "no medium carries this plane and protocol at this lane rate"
    )
    if PLANES[int(table.plane[i])] == "ub":
        return LinkFinding(
            "scale_up.ub_beyond_reach",
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
    return LinkFinding(
        "cabling.no_medium",
        f"{what} ({rate}G on {lane}G lanes) needs {format_length(length_m)}; no medium{only} "
        f"reaches it: {longest}.",
        ids,
        measured=length_m,
        limit=reach,
        unit="m",
        **_where(plan, table.a[i]),
    )


# --- tray fill and ports ----------------------------------------------------------------


def _refill(plan: Plan, halls: Iterable[str]) -> None:
    """Re-sum the cables in every tray of ``halls``."""
    for hall_id in halls:
        floor = plan.floors.get(hall_id)
        if floor is None:
            plan.fills.pop(hall_id, None)
            continue
        graph = floor.graph
        legs, along, areas = [], [], []
        for key in plan.hall_units.get(hall_id, ()):
            d = plan.decisions[key]
            for slot in (0, 1):
                rows = d.legs[:, slot, 0] == floor.index
                legs.append(d.legs[rows, slot, 1:])
                along.append(d.along[rows, slot])
                areas.append(d.area_um2[rows])
        if not legs:
            plan.fills.pop(hall_id, None)
            continue
        peaks = edge_peaks(
            graph, np.concatenate(legs), np.concatenate(along), np.concatenate(areas)
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


def _fill_finding(plan: Plan, fill: TrayFill) -> LinkFinding | None:
    c = plan.media.constants
    if fill.fill > c.tray_fill_error:
        code, limit = "cabling.tray_overfull", c.tray_fill_error
    elif fill.fill > c.tray_fill_warning:
        code, limit = "cabling.tray_fill", c.tray_fill_warning
    else:
        return None
    tray = plan.project.trays.get(fill.tray_id)
    name = (tray.name if tray else "") or fill.tray_id
    return LinkFinding(
        code,
        f"Tray {name} is {fill.fill:.0%} full ({fill.area_mm2:,.0f} mm² of cable in "
        f"{fill.capacity_mm2:,.0f} mm²); the limit is {limit:.0%}.",
        (fill.tray_id,),
        measured=fill.fill * 100,
        limit=limit * 100,
        unit="%",
        hall_id=fill.hall_id,
        where=fill.where,
    )


def _recheck_ports(plan: Plan, nodes: Iterable[str]) -> None:
    """Compare the links ending at each of ``nodes`` with its ports."""
    for node in nodes:
        found = _port_findings(plan, node)
        if found:
            plan.ports[node] = found
        else:
            plan.ports.pop(node, None)


def _port_findings(plan: Plan, node: str) -> tuple[LinkFinding, ...]:
    found = plan.index.facts.get(node)
    if found is None:
        return ()
    totals: Counter[tuple[str, int]] = Counter()
    for key in plan.node_units.get(node, ()):
        for plane, (links, gbps) in plan.units[key].usage.get(node, {}).items():
            totals[(plane, 0)] += links
            totals[(plane, 1)] += gbps
    kind = found.kind
    name = plan.name(node)
    out = []
    switches = kind.switches
    if switches and switches.switch_id in plan.catalog.switches:
        switch = plan.catalog.switches[switches.switch_id]
        capacity = switches.count * switch.ports
        gbps = sum(v for (plane, i), v in totals.items() if i == 1 and plane not in kind.ports)
        used = gbps / switch.port_gbps
        if used > capacity:
            out.append(
                LinkFinding(
                    "network.ports_exceeded",
                    f"{name}: links worth {used:,.0f} ports of {switch.port_gbps}G end at its "
                    f"{switches.count} {switch.name} switches, which have {capacity:,} ports.",
                    (node,),
                    measured=used,
                    limit=float(capacity),
                    unit="ports",
                    **_where(plan, node),
                )
            )
    for plane, group in kind.ports.items():
        links = totals.get((plane, 0), 0)
        if links > group.count:
            out.append(
                LinkFinding(
                    "network.ports_exceeded",
                    f"{name}: {links:,} {plane} links end at it; it has {group.count:,} "
                    f"{plane} ports.",
                    (node,),
                    measured=float(links),
                    limit=float(group.count),
                    unit="ports",
                    **_where(plan, node),
                )
            )
    return tuple(out)
