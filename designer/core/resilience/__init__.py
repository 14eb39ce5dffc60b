"""What if it fails: the racks, accelerators and jobs a failure takes down, the survivors
it pushes over their limits, what is left; the N-1 sweep; the failures a cluster of this
size should expect.

``topology_of(engine, project)`` works out a design's dependencies once, from the network
plan and job placement the rule engine already holds (``topology``); ``fail`` answers one
what-if (``impact``), ``sweep`` fails every component in turn and ranks them (``sweep``),
``expected_failures`` turns the design's counts and sourced failure rates into
interruptions per day and a checkpoint interval (``expected``, ``rates``). The
``resilience`` family of findings is ``designer.core.rules.resilience``.
"""

from __future__ import annotations

from designer.core.jobs.estimate import pair_demand_tbps
from designer.core.model.project import Project
from designer.core.network.network_plan import NetworkPlan
from designer.core.resilience.components import Component, UnknownComponents, resolve
from designer.core.resilience.impact import Impact, Overload, fail
from designer.core.resilience.topology import Part, Topology, build_topology
from designer.core.rules import RuleEngine
from designer.core.rules.jobs import JOBS, JobsAssessment
from designer.core.rules.limits import default_thresholds
from designer.core.rules.limits import resolve as resolve_limits
from designer.core.rules.network import PLAN


def topology_of(engine: RuleEngine, project: Project) -> Topology:
    """The dependencies of ``project``, read from the network plan and the job placement
    ``engine`` holds for it (built, and then reused by its next check, when it has none)."""
    plan = engine.derived(PLAN, project)
    return topology_from(project, plan, engine.derived(JOBS, project) if project.jobs else None)


def topology_from(project: Project, plan: NetworkPlan, jobs: JobsAssessment | None) -> Topology:
    """The dependencies of ``project`` from a plan and job placement already made for it (the
    designer's last check), so that a what-if plans nothing again."""
    job_racks = None
    pair_tbps = None
    if project.jobs and jobs is not None:
        layout = jobs.plan.layout
        job_racks = {job: layout.racks_of(job) for job in project.jobs}
        pair_tbps = pair_demand_tbps(jobs.traffic.values())
    limits = resolve_limits(default_thresholds().values, project.settings.rules.thresholds)
    return build_topology(project, plan.rack_types, limits, plan, job_racks, pair_tbps=pair_tbps)


__all__ = [
    "Component",
    "Impact",
    "Overload",
    "Part",
    "Topology",
    "UnknownComponents",
    "build_topology",
    "fail",
    "resolve",
    "topology_from",
    "topology_of",
]
