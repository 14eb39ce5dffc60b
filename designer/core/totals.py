"""Totals of a project or one hall: racks, accelerators, compute, power, heat, weight, area.

Heat is counted at each rack's max power, the figure the facility must be designed for;
the liquid share goes to the rack's liquid loop, the rest to room air.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import Project
from designer.core.rack_columns import AlikeKey, alike_racks, rack_columns


@dataclass
class Totals:
    """Sums over a set of racks; ``racks_by_type`` counts placements per type id."""

    racks: int = 0
    racks_by_type: Counter[str] = field(default_factory=Counter)
    accelerators: Counter[str] = field(default_factory=Counter)
    pflops_dense: dict[str, float] = field(default_factory=dict)
    hbm_tb: float = 0.0
    it_typical_kw: float = 0.0
    it_max_kw: float = 0.0
    liquid_kw: float = 0.0
    air_kw: float = 0.0
    weight_kg: float = 0.0
    rack_area_m2: float = 0.0
    unknown_racks: int = 0

    @property
    def accelerator_count(self) -> int:
        return sum(self.accelerators.values())

    def absorb(self, other: Totals) -> None:
        """Add another set of racks' totals to these (halls into a project)."""
        self.racks += other.racks
        self.racks_by_type.update(other.racks_by_type)
        self.accelerators.update(other.accelerators)
        for precision, value in other.pflops_dense.items():
            self.pflops_dense[precision] = self.pflops_dense.get(precision, 0.0) + value
        self.hbm_tb += other.hbm_tb
        self.it_typical_kw += other.it_typical_kw
        self.it_max_kw += other.it_max_kw
        self.liquid_kw += other.liquid_kw
        self.air_kw += other.air_kw
        self.weight_kg += other.weight_kg
        self.rack_area_m2 += other.rack_area_m2
        self.unknown_racks += other.unknown_racks

    def add(self, kind: RackType | None, count: int = 1) -> None:
        """Count ``count`` racks of ``kind``; a rack of unknown type counts as a rack and nothing
        else.

        Its floor area is its type's footprint, whichever way it faces.
        """
        self.racks += count
        if kind is None:
            self.unknown_racks += count
            return
        self.racks_by_type[kind.id] += count
        if kind.accelerators:
            self.accelerators[kind.accelerator_kind or "accelerator"] += kind.accelerators * count
        for precision, value in kind.pflops_dense.items():
            self.pflops_dense[precision] = self.pflops_dense.get(precision, 0.0) + value * count
        self.hbm_tb += kind.hbm_tb * count
        self.it_typical_kw += kind.typical_kw * count
        self.it_max_kw += kind.max_kw * count
        self.liquid_kw += kind.liquid_kw * count
        self.air_kw += kind.air_kw * count
        self.weight_kg += kind.weight_kg * count
        self.rack_area_m2 += kind.width_mm * kind.depth_mm / 1e6 * count


def rack_totals(racks: Iterable[Placement], rack_types: Mapping[str, RackType]) -> Totals:
    """Totals over the given placements."""
    return _counted(Counter(rack.type_id for rack in racks), rack_types)


def hall_totals(project: Project, hall_id: str, rack_types: Mapping[str, RackType]) -> Totals:
    """Totals of the racks standing in one hall."""
    return rack_totals((r for r in project.placements.values() if r.hall_id == hall_id), rack_types)


#: A rack's hall id, type id and rear door (kW, or None): what its hall's totals and the bill
#: of materials count it by.
RackKind = tuple[str, str, float | None]


def rack_kinds(alike: Mapping[AlikeKey, int]) -> Counter[RackKind]:
    """How many racks are of each kind, from how many are ``alike`` (``alike_racks``), in
    the order each kind first appears: thousands of racks are a few dozen kinds, which a
    drawing set's halls' totals and its bill of materials count."""
    kinds: Counter[RackKind] = Counter()
    for (type_id, hall_id, _, door_kw, _), count in alike.items():
        kinds[(hall_id, type_id, door_kw)] += count
    return kinds


def totals_by_hall(
    project: Project,
    rack_types: Mapping[str, RackType],
    kinds: Mapping[RackKind, int] | None = None,
) -> dict[str, Totals]:
    """Totals of every hall in one pass over the racks (every hall present, empty or not);
    ``kinds`` is ``rack_kinds`` of the project, when the caller already has it."""
    kinds = kinds if kinds is not None else rack_kinds(alike_racks(rack_columns(project)))
    by_hall: dict[str, Counter[str]] = {hall_id: Counter() for hall_id in project.halls}
    for (hall_id, type_id, _), count in kinds.items():
        by_hall.setdefault(hall_id, Counter())[type_id] += count
    return {hall_id: _counted(types, rack_types) for hall_id, types in by_hall.items()}


def _counted(types: Mapping[str, int], rack_types: Mapping[str, RackType]) -> Totals:
    """Totals of ``types`` (type id -> how many racks): each type's figures once, times its
    count, so a hall of thousands of racks of a few types costs a few additions."""
    totals = Totals()
    for type_id, count in types.items():
        totals.add(rack_types.get(type_id), count)
    return totals


def project_totals(project: Project, rack_types: Mapping[str, RackType]) -> Totals:
    """Totals of every rack of the project."""
    return rack_totals(project.placements.values(), rack_types)


def facility_kw(
    project: Project,
    rack_types: Mapping[str, RackType],
    by_hall: Mapping[str, Totals] | None = None,
) -> float:
    """Facility power at max IT load: each hall's racks times its site's PUE.

    ``by_hall`` is ``totals_by_hall`` of the project, when the caller already has it.
    """
    by_hall = by_hall if by_hall is not None else totals_by_hall(project, rack_types)
    total = 0.0
    for hall in project.halls.values():
        site = project.sites.get(hall.site_id)
        pue = site.pue if site else 1.0
        total += by_hall[hall.id].it_max_kw * pue
    return total
