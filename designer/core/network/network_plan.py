"""The network plan: every bundle of one project revision, routed, with its medium and
findings.

The planner (``planner``) builds and updates it; everything else reads it: the schedule,
the bill of materials, the totals, the links layer and the rule engine, which owns the plan
of each project revision (``designer.core.rules.network.PLAN``) and hands it out. It is
called a network plan, not a plan, because a plan is also a hall's floor drawing.

The work is cut into *units*, each a block of bundles generated together (``UnitKey``);
per unit, bundles and their decisions are numpy columns (``BundleTable``, ``Decisions``),
never one Python object per cable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from designer.core.catalog import Catalog
from designer.core.findings import Finding
from designer.core.model.equipment import RackType
from designer.core.model.network_settings import NetworkSettings
from designer.core.model.project import Project
from designer.core.network.bundles import BundleTable, concat
from designer.core.network.dci import DciPlan
from designer.core.network.fabric import SiteFabric
from designer.core.network.index import DCI, ProjectIndex, UnitKey
from designer.core.network.media import MediaCatalog
from designer.core.network.routing import Anchor, HallFloor
from designer.core.network.traygraph import TrayGraph

#: Unit kinds in the order the schedule lists them.
UNIT_ORDER = {"nvlink": 0, "ub": 1, "fabric": 2, "dci": 3, "drawn": 4}


@dataclass(frozen=True, eq=False)
class Unit:
    """A block of bundles generated together, what its generator found, and its port use.

    ``usage[node][plane]`` is ``(links, Gb/s)`` ending at ``node`` on ``plane``.
    """

    key: UnitKey
    table: BundleTable
    findings: tuple[Finding, ...] = ()
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
    findings: tuple[Finding, ...]
    halls: frozenset[str]
    #: The first choice of medium, rung and order length, before a network rack's media
    #: were evened out (``evening``): where they differ from ``medium``, the bundle moved.
    chosen: np.ndarray
    chosen_rung: np.ndarray
    chosen_order_m: np.ndarray


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
    chosen=np.zeros(0, dtype=np.int16),
    chosen_rung=np.zeros(0, dtype=np.int16),
    chosen_order_m=np.zeros(0),
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


@dataclass(eq=False)
class NetworkPlan:
    """Everything the planner knows about one project revision (read it, do not change it).

    ``fills`` holds each hall's trays at their fullest piece; ``overfull`` the findings of
    those past their fill limits and ``ports`` those of racks with more links than ports,
    each kept per hall or rack so that an edit replaces only the entries it touched.
    """

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
    overfull: dict[str, tuple[Finding, ...]] = field(default_factory=dict)
    ports: dict[str, tuple[Finding, ...]] = field(default_factory=dict)
    next_hall: int = 0
    #: The halls' tray graphs by geometry: halls laid out alike share their searches.
    graphs: dict[bytes, TrayGraph] = field(default_factory=dict)

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

    def fibre_routes(self) -> tuple[str, ...]:
        """Per bundle of ``table()``, the fibre route a DCI bundle is lit on, "" for the
        others: two routes joining the same two sites carry bundles alike in every other
        column (a trial's cable schedule gave two identical rows)."""
        return self._fibre_routes

    @cached_property
    def _fibre_routes(self) -> tuple[str, ...]:
        found: list[str] = []
        for key in self.keys():
            unit = self.units[key]
            dci = unit.dci
            found += dci.row_routes if dci is not None else ("",) * len(unit.table)
        return tuple(found)

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
        names = (
            "status",
            "routed_m",
            "fibre_m",
            "choice_m",
            "medium",
            "rung",
            "order_m",
            "chosen",
            "chosen_rung",
            "chosen_order_m",
        )
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
    def findings(self) -> list[Finding]:
        """Every finding, each once, sorted by code and ids (assembled once per plan).

        They are rule findings at their codes' default severities; the rule engine applies
        a project's overrides and exclusions when it reports them.
        """
        found: dict[tuple[str, tuple[str, ...]], Finding] = {}
        for key in self.keys():
            for f in (*self.units[key].findings, *self.decisions[key].findings):
                found.setdefault((f.code, f.ids), f)
        for group in (*self.ports.values(), *self.overfull.values()):
            for f in group:
                found.setdefault((f.code, f.ids), f)
        return sorted(found.values(), key=lambda f: (f.code, f.ids, f.message))

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


def has_trays(plan: NetworkPlan, hall_id: str) -> bool:
    """True when the hall has at least one tray drawn."""
    floor = plan.floors.get(hall_id)
    return floor is not None and len(floor.graph.plan_edges) > 0
