"""Who belongs where, for the planner: racks per hall, system and site fabric.

The planner asks these questions on every edit ("which racks are in this system?",
"does this site have network racks?"); the index answers them from sets it keeps current
rack by rack instead of scanning the campus. A copy shares the sets it does not change and
copies a set the first time it changes it, so a plan and its successor can both be read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import Project
from designer.core.network.scaleup import is_nvlink_rack

UnitKey = tuple[str, str]
"""A unit of generated bundles: ``("ub", group)``, ``("fabric", site)``, ``("dci", "")``,
``("nvlink", site)`` or ``("drawn", bundle id)``."""

DCI: UnitKey = ("dci", "")


class Facts(NamedTuple):
    """What the planner needs of a placed rack besides its position."""

    hall: str
    site: str
    kind: RackType


def facts(
    placement: Placement | None, project: Project, rack_types: Mapping[str, RackType]
) -> Facts | None:
    """The facts of ``placement``, or ``None`` when its type or hall is unknown."""
    if placement is None:
        return None
    kind = rack_types.get(placement.type_id)
    hall = project.halls.get(placement.hall_id)
    if kind is None or hall is None:
        return None
    return Facts(hall.id, hall.site_id, kind)


def in_fabric(kind: RackType) -> bool:
    """True for racks the scale-out fabric connects or lives in."""
    return (kind.switches is not None and kind.switches.count > 0) or (
        "scale_out" in kind.ports and kind.ports["scale_out"].count > 0
    )


def scale_out_gbps(kind: RackType) -> int:
    """A rack's scale-out NIC bandwidth in Gb/s."""
    ports = kind.ports.get("scale_out")
    return ports.count * ports.rate_gbps if ports else 0


@dataclass
class ProjectIndex:
    """Membership sets; ``add`` and ``remove`` return the units whose bundles they change."""

    facts: dict[str, Facts] = field(default_factory=dict)
    hall_racks: dict[str, set[str]] = field(default_factory=dict)
    group_members: dict[str, set[str]] = field(default_factory=dict)
    site_nvlink: dict[str, set[str]] = field(default_factory=dict)
    site_fabric: dict[str, set[str]] = field(default_factory=dict)
    site_network: dict[str, set[str]] = field(default_factory=dict)
    site_gbps: dict[str, int] = field(default_factory=dict)
    _owned: set[tuple[str, str]] = field(default_factory=set)

    def copy(self) -> ProjectIndex:
        """An index that starts equal to this one and changes independently of it."""
        return ProjectIndex(
            dict(self.facts),
            dict(self.hall_racks),
            dict(self.group_members),
            dict(self.site_nvlink),
            dict(self.site_fabric),
            dict(self.site_network),
            dict(self.site_gbps),
        )

    def add(self, placement: Placement, found: Facts) -> set[UnitKey]:
        """Count ``placement`` in; returns the units it joins."""
        return self._apply(placement, found, adding=True)

    def remove(self, placement: Placement, found: Facts) -> set[UnitKey]:
        """Count ``placement`` out; returns the units it leaves."""
        return self._apply(placement, found, adding=False)

    def _apply(self, placement: Placement, found: Facts, adding: bool) -> set[UnitKey]:
        rack_id, kind, site = placement.id, found.kind, found.site
        if adding:
            self.facts[rack_id] = found
        else:
            self.facts.pop(rack_id, None)
        touched: set[UnitKey] = set()
        self._toggle("hall_racks", found.hall, rack_id, adding)
        if placement.group_id and "ub" in kind.ports:
            self._toggle("group_members", placement.group_id, rack_id, adding)
            touched.add(("ub", placement.group_id))
        if is_nvlink_rack(kind):
            self._toggle("site_nvlink", site, rack_id, adding)
            touched.add(("nvlink", site))
        if in_fabric(kind):
            self._toggle("site_fabric", site, rack_id, adding)
            touched.add(("fabric", site))
            if kind.switches is not None:
                self._toggle("site_network", site, rack_id, adding)
        gbps = scale_out_gbps(kind)
        if gbps:
            self.site_gbps[site] = self.site_gbps.get(site, 0) + (gbps if adding else -gbps)
            if not self.site_gbps[site]:
                del self.site_gbps[site]
            touched.add(DCI)
        return touched

    def _toggle(self, name: str, key: str, member: str, adding: bool) -> None:
        """Add or remove ``member`` in ``name[key]``, copying a set shared with another index."""
        table: dict[str, set[str]] = getattr(self, name)
        if (name, key) not in self._owned:
            table[key] = set(table.get(key, ()))
            self._owned.add((name, key))
        members = table.setdefault(key, set())
        if adding:
            members.add(member)
        else:
            members.discard(member)
            if not members:
                del table[key]


class _Roles(NamedTuple):
    """What a rack type joins, as ``ProjectIndex.add`` decides it rack by rack."""

    ub: bool
    nvlink: bool
    fabric: bool
    network: bool
    gbps: int

    @classmethod
    def of(cls, kind: RackType) -> _Roles:
        fabric = in_fabric(kind)
        return cls(
            "ub" in kind.ports,
            is_nvlink_rack(kind),
            fabric,
            fabric and kind.switches is not None,
            scale_out_gbps(kind),
        )


def build_index(project: Project, rack_types: Mapping[str, RackType]) -> ProjectIndex:
    """The index of every placement of ``project``: what ``ProjectIndex.add`` gives placement
    by placement, with what each rack type joins decided once per type (a campus has
    7,722 racks of four types)."""
    index = ProjectIndex()
    roles: dict[str, _Roles] = {}
    for placement in project.placements.values():
        found = facts(placement, project, rack_types)
        if found is None:
            continue
        rack_id, site = placement.id, found.site
        index.facts[rack_id] = found
        joins = roles.get(placement.type_id)
        if joins is None:
            joins = roles[placement.type_id] = _Roles.of(found.kind)
        index.hall_racks.setdefault(found.hall, set()).add(rack_id)
        if placement.group_id and joins.ub:
            index.group_members.setdefault(placement.group_id, set()).add(rack_id)
        if joins.nvlink:
            index.site_nvlink.setdefault(site, set()).add(rack_id)
        if joins.fabric:
            index.site_fabric.setdefault(site, set()).add(rack_id)
        if joins.network:
            index.site_network.setdefault(site, set()).add(rack_id)
        if joins.gbps:
            index.site_gbps[site] = index.site_gbps.get(site, 0) + joins.gbps
    # the sets were made here: an edit of this index changes them in place
    for name in ("hall_racks", "group_members", "site_nvlink", "site_fabric", "site_network"):
        index._owned.update((name, key) for key in getattr(index, name))
    return index
