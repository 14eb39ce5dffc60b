"""Training jobs on the cluster: where their groups run and what their traffic costs.

``plan_jobs(project, rack_types)`` lists the project's scale-up domains, places every job
on them (``placement``) and estimates each placed job's traffic per plane, compute time
and memory (``estimate``). The figures come from ``resources/catalog/jobs.json``, each
with its source. The DCI's capacity is the network planner's; the checks
(``designer.core.rules.jobs``) set it on the estimates and compare.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from designer.core.jobs.coefficients import Coefficients, default_coefficients
from designer.core.jobs.domains import Domain, scale_up_domains
from designer.core.jobs.estimate import Estimator, JobTraffic, PlaneTraffic, route_demand_tbps
from designer.core.jobs.placement import JobPlacement, Layout, Shortfall, place_jobs
from designer.core.model.equipment import RackType
from designer.core.model.project import Project


@dataclass(frozen=True)
class JobsPlan:
    """Every job of a project revision placed and estimated (jobs not placed whole have no
    entry in ``traffic``)."""

    layout: Layout
    traffic: Mapping[str, JobTraffic]

    @property
    def route_tbps(self) -> dict[str, float]:
        """Tb/s per fibre route, each way, that the jobs' DCI traffic needs."""
        return route_demand_tbps(self.traffic.values())


def plan_jobs(
    project: Project,
    rack_types: Mapping[str, RackType],
    coefficients: Coefficients | None = None,
) -> JobsPlan:
    """Place and estimate every job of ``project``."""
    coefficients = coefficients or default_coefficients()
    domains = scale_up_domains(project, rack_types, coefficients)
    layout = place_jobs(project.jobs.values(), project, domains)
    estimator = Estimator(project, layout, coefficients, project.settings.network.oversubscription)
    traffic = {}
    for job in project.jobs.values():
        found = estimator.estimate(job)
        if found is not None:
            traffic[job.id] = found
    return JobsPlan(layout, traffic)


__all__ = [
    "Domain",
    "JobPlacement",
    "JobTraffic",
    "JobsPlan",
    "Layout",
    "PlaneTraffic",
    "Shortfall",
    "plan_jobs",
]
