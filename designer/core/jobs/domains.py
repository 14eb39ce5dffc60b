"""The scale-up domains of a project, in the order jobs fill them.

A scale-up domain is the set of accelerators that share the fast fabric TP and EP need:
an NVL72 rack (72 GPUs on NVLink, which never leaves the rack), a CloudMatrix384 (384 NPUs
over the 16 racks of its group on the UB plane), or one 8-GPU server of a rack of servers
(its NVLink joins only its own 8). Domains are listed site by site and hall by hall in the
project's order, and inside a hall in the order the racks were placed (the generator
places them row by row), so consecutive domains are neighbours on the floor and a job
laid along the list keeps its traffic local.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from designer.core.jobs.coefficients import Coefficients
from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import Project


@dataclass(frozen=True)
class Domain:
    """One scale-up domain and what each of its accelerators brings.

    ``key`` is the rack id, the system's group id, or ``rack/n`` for the n-th server of a
    rack; ``racks`` the racks it stands in (a CloudMatrix384's 16). Per accelerator:
    ``scale_up_gbs`` GB/s each way in the domain (0 when the catalog has no figure),
    ``nic_gbps`` scale-out Gb/s, ``hbm_gb`` memory and ``peak_tflops`` dense TFLOPS per
    precision.
    """

    key: str
    label: str
    kind: str
    racks: tuple[str, ...]
    site: str
    hall: str
    type_id: str
    accelerators: int
    scale_up_gbs: float
    nic_gbps: float
    hbm_gb: float
    peak_tflops: Mapping[str, float] = field(default_factory=dict)


@dataclass
class _System:
    """A CloudMatrix384 gathered rack by rack."""

    first: Placement
    kind: RackType
    racks: list[str]
    accelerators: int


def _domain(
    key: str,
    label: str,
    what: str,
    racks: tuple[str, ...],
    site: str,
    hall: str,
    size: int,
    kind: RackType,
    coefficients: Coefficients,
) -> Domain:
    """A domain of ``size`` accelerators of rack type ``kind``, with their figures."""
    n = kind.accelerators
    ports = kind.ports.get("scale_out")
    figure = coefficients.scale_up.get(kind.id)
    return Domain(
        key,
        label,
        what,
        racks,
        site,
        hall,
        kind.id,
        size,
        figure.gbytes_per_s if figure else 0.0,
        ports.count * ports.rate_gbps / n if ports else 0.0,
        kind.hbm_tb * 1000 / n,
        {p: pf * 1000 / n for p, pf in kind.pflops_dense.items()},
    )


def scale_up_domains(
    project: Project, rack_types: Mapping[str, RackType], coefficients: Coefficients
) -> list[Domain]:
    """Every scale-up domain of ``project`` with accelerators, in filling order."""
    site_rank = {site_id: i for i, site_id in enumerate(project.sites)}
    hall_rank = {hall_id: i for i, hall_id in enumerate(project.halls)}
    found: list[tuple[tuple[int, int, int], Domain]] = []
    systems: dict[str, _System] = {}
    system_rank: dict[str, int] = {}
    for index, rack in enumerate(project.placements.values()):
        kind = rack_types.get(rack.type_id)
        hall = project.halls.get(rack.hall_id)
        group_id = rack.group_id if rack.group_id in project.groups else None
        if (
            group_id is not None
            and kind is not None
            and kind.scale_up
            and not kind.scale_up.in_rack
        ):
            gathered = systems.get(group_id)
            if gathered is None:
                gathered = systems[group_id] = _System(rack, kind, [], 0)
                system_rank[group_id] = index
            gathered.racks.append(rack.id)
            gathered.accelerators += kind.accelerators
            if not gathered.kind.accelerators and kind.accelerators:
                gathered.kind = kind
            continue
        if kind is None or not kind.accelerators or hall is None:
            continue
        order = (site_rank.get(hall.site_id, len(site_rank)), hall_rank[hall.id], index)
        name = rack.label or rack.id
        figure = coefficients.scale_up.get(kind.id)
        if kind.scale_up is not None:
            size = min(kind.accelerators, kind.scale_up.domain_size)
            parts = [(rack.id, name, size)]
            what = "rack"
        elif figure is not None and figure.domain:
            servers = kind.accelerators // figure.domain
            parts = [
                (f"{rack.id}/{n + 1}", f"{name} server {n + 1}", figure.domain)
                for n in range(servers)
            ]
            what = f"{figure.domain}-GPU server"
        else:  # a type with no scale-up figure: each accelerator stands alone
            parts = [(rack.id, name, 1)]
            what = "accelerator without scale-up"
        found.extend(
            (
                order,
                _domain(
                    key, label, what, (rack.id,), hall.site_id, hall.id, size, kind, coefficients
                ),
            )
            for key, label, size in parts
        )
    for group_id, system in systems.items():
        hall = project.halls.get(system.first.hall_id)
        kind = system.kind
        if hall is None or not system.accelerators:
            continue
        size = min(system.accelerators, kind.scale_up.domain_size if kind.scale_up else 0)
        group = project.groups[group_id]
        order = (
            site_rank.get(hall.site_id, len(site_rank)),
            hall_rank[hall.id],
            system_rank[group_id],
        )
        found.append(
            (
                order,
                _domain(
                    group_id,
                    group.label or group_id,
                    "system",
                    tuple(system.racks),
                    hall.site_id,
                    hall.id,
                    size,
                    kind,
                    coefficients,
                ),
            )
        )
    found.sort(key=lambda pair: pair[0])
    return [domain for _, domain in found]
