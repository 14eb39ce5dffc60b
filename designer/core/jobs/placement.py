"""Where each job runs: its scale-up groups laid on the project's domains.

A job's TP x CP x EP ranks form one group, which must sit inside one scale-up domain; its
PP x DP groups are laid one after another on the domains of the job's scope, in the order
the job names (``Job.order``):

- ``stages`` (the default): stage 0's DP replicas take the first domains, stage 1's the
  next, and so on. Pipeline stages so follow each other along the floor (and from site to
  site, where research puts the pipeline on the DCI, operations:O14), while the replicas
  of a stage, whose all-reduce is the heaviest traffic after TP, stand side by side.
- ``pipelines``: replica 0's stages take the first domains, replica 1's the next, and so
  on, as Llama 3 orders its ranks (operations:O3). A pipeline whose stages fit a domain
  stays in it, its PP traffic on scale-up, and DP crosses domains (and sites, as Gemini's
  did, operations:O11).

A domain holds as many groups as fit whole; what is left of it is free for the next job.
The estimates read the planes each dimension uses from where its groups stand, so either
order is costed as laid.

Jobs that name systems or racks in ``where`` are pinned to them and placed first; the
others take what is free in their scope (their sites, halls, or the whole cluster), in the
project's order. Two pinned jobs on the same accelerators are reported, never resolved.
``room_for`` reads the same rule backwards: the most DP replicas a job's scope holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from designer.core.format import plural
from designer.core.jobs.coefficients import default_coefficients
from designer.core.jobs.domains import Domain, scale_up_domains
from designer.core.model.equipment import RackType
from designer.core.model.job import Job, JobOrder
from designer.core.model.project import Project


@dataclass(frozen=True)
class Shortfall:
    """Why a job could not be placed whole: ``kind`` is ``group`` (a group larger than
    every domain in scope) or ``room`` (too few domains), with the figures."""

    kind: str
    needed: int
    available: int
    domain_size: int
    domain_kind: str


@dataclass(frozen=True)
class JobPlacement:
    """Where one job's groups went.

    ``groups`` holds, for each group in the order they are laid, the index of its domain
    in ``Layout.domains``: group ``stage x DP + replica`` when ``order`` is ``stages``,
    ``replica x PP + stage`` when it is ``pipelines``. It has ``PP x DP`` entries when the
    job fits and fewer (as many as fitted) when ``shortfall`` says why not. ``group_size``
    is the accelerators of one group (TP x CP x EP), which the layout needs to tell what
    each job's groups leave over in a domain jobs share.
    """

    job_id: str
    groups: np.ndarray
    scope: tuple[int, ...]
    pinned: bool
    given: int
    group_size: int
    order: JobOrder
    shortfall: Shortfall | None = None

    @property
    def complete(self) -> bool:
        return self.shortfall is None

    def stages(self, dp: int) -> np.ndarray:
        """The domain of each group as a (PP, DP) array, row a stage and column a replica,
        whichever order they were laid in (only for a complete placement)."""
        if self.order == "pipelines":
            return self.groups.reshape(dp, -1).T
        return self.groups.reshape(-1, dp)

    def stage_and_replica(self, pp: int, dp: int) -> tuple[np.ndarray, np.ndarray]:
        """The pipeline stage and the DP replica of each group of ``groups``, in its order
        (a placement cut short holds the first groups laid)."""
        laid = np.arange(len(self.groups))
        if self.order == "pipelines":
            return laid % pp, laid // pp
        return laid // dp, laid % dp


@dataclass(frozen=True)
class LeftOver:
    """What one job's groups leave idle in one domain whose size its group does not divide.

    ``idle`` is how many of the domain's accelerators whole groups leave over (its size mod
    the group) that no job takes: 0 where other jobs use them all. Jobs sharing a domain
    leave one set of idle accelerators, those none of their groups fills, and each job's
    ``idle`` there is part of it; so the domain is counted once, by ``counted_by``: the job
    leaving the most (the first in the project's order when several leave as many), whose
    count holds the others'. ``sharers`` are the other jobs whose groups leave some of the
    domain idle too, whom the findings name so the architect sees why a count is missing.
    """

    domain: int
    idle: int
    counted_by: str
    sharers: tuple[str, ...]


@dataclass(frozen=True)
class Layout:
    """Every job's placement over the project's domains, and the domains given twice."""

    domains: Sequence[Domain]
    jobs: Mapping[str, JobPlacement]
    used: np.ndarray
    shared: Mapping[int, tuple[str, ...]]

    def racks_of(self, job_id: str) -> list[str]:
        """The racks a job's groups stand in, in the order it fills them, each once."""
        placed = self.jobs.get(job_id)
        if placed is None:
            return []
        seen: dict[str, None] = {}
        for index in dict.fromkeys(placed.groups.tolist()):
            seen.update(dict.fromkeys(self.domains[index].racks))
        return list(seen)

    @cached_property
    def _leaving(self) -> dict[int, dict[str, int]]:
        """For each domain some job's group does not divide, those jobs in the project's
        order, each with the accelerators its whole groups leave over there (the domain's
        size mod the group) that no job takes."""
        leaving: dict[int, dict[str, int]] = {}
        for job_id, placed in self.jobs.items():
            group = placed.group_size
            for index in dict.fromkeys(placed.groups.tolist()):
                size = self.domains[index].accelerators
                if size % group:
                    free = max(size - int(self.used[index]), 0)
                    leaving.setdefault(index, {})[job_id] = min(size % group, free)
        return leaving

    def left_over(self, job_id: str) -> list[LeftOver]:
        """The domains ``job_id``'s groups stand in whose size its group does not divide, in
        the order it fills them, with what it leaves idle in each and who counts it."""
        placed = self.jobs.get(job_id)
        if placed is None:
            return []
        left: list[LeftOver] = []
        for index in dict.fromkeys(placed.groups.tolist()):
            jobs = self._leaving.get(index, {})
            if job_id not in jobs:
                continue
            leavers = {other: idle for other, idle in jobs.items() if idle}
            idle = jobs[job_id]
            counter = max(leavers, key=leavers.__getitem__) if idle else job_id
            sharers = tuple(other for other in leavers if other != job_id) if idle else ()
            left.append(LeftOver(index, idle, counter, sharers))
        return left


def _scope(job: Job, project: Project, domains: Sequence[Domain]) -> tuple[list[int], bool]:
    """The domains ``job`` may use, in order, and whether it is pinned to systems/racks."""
    if not job.where:
        return list(range(len(domains))), False
    named = set(job.where)
    pinned = all(i in project.groups or i in project.placements for i in named)
    chosen = [
        index
        for index, d in enumerate(domains)
        if d.site in named or d.hall in named or d.key in named or not named.isdisjoint(d.racks)
    ]
    return chosen, pinned


def _fill(
    job: Job, scope: list[int], free: np.ndarray, domains: Sequence[Domain]
) -> tuple[np.ndarray, Shortfall | None]:
    """Lay ``job``'s groups on the free accelerators of ``scope``, one after another;
    ``free`` is taken from. Either order lays them alike: whether the next group is a
    stage's next replica or a pipeline's next stage is what ``JobPlacement.order`` reads."""
    size = job.group
    needed = job.pp * job.dp
    ids = np.asarray(scope, dtype=np.int64)
    fits = free[ids] // size if len(ids) else np.zeros(0, dtype=np.int64)
    total = int(fits.sum())
    largest = max((domains[i].accelerators for i in scope), default=0)
    taken = np.minimum(fits, np.maximum(0, needed - (np.cumsum(fits) - fits)))
    groups = np.repeat(ids, taken)
    free[ids] -= taken * size
    kind = domains[scope[0]].kind if scope else "domain"
    if scope and size > largest:
        biggest = max(scope, key=lambda i: domains[i].accelerators)
        return groups, Shortfall("group", size, largest, largest, domains[biggest].kind)
    if total < needed:
        return groups, Shortfall("room", needed, total, largest, kind)
    return groups, None


@dataclass(frozen=True)
class Room:
    """What a job's scope leaves its groups, as ``place_jobs`` lays them.

    ``groups`` of the job's TP x CP x EP fit whole in the ``free`` accelerators of its
    scope (of its ``accelerators`` in all), so ``replicas`` of PP such groups do. The
    ``largest`` domain of the scope (0 when it has none), a ``domain_kind``, tells a group
    too large for any domain from a scope other jobs have filled.
    """

    replicas: int
    groups: int
    free: int
    accelerators: int
    largest: int
    domain_kind: str

    def taken(self, job: Job) -> str:
        """What the most replicas take, as the command line and the job dialog say it."""
        return (
            f"DP {self.replicas:,}, the most the job's scope holds: "
            f"{self.replicas * job.group * job.pp:,} of the {self.free:,} accelerators free "
            "to it"
        )

    def why_none(self, job: Job, scope: str = "") -> str:
        """Why not one replica of ``job`` fits, its scope named as ``scope`` says (" (--where
        H1)"), as the command line and the job dialog say it."""
        if not self.largest:
            return f"the job's scope{scope} holds no accelerators"
        if job.group > self.largest:
            return (
                f"TP x CP x EP = {job.group:,} accelerators a group are more than the "
                f"{self.largest:,} of the largest {self.domain_kind} in the job's scope{scope}, "
                "so no replica fits"
            )
        if not self.free:
            return (
                f"the project's other jobs take all {self.accelerators:,} accelerators of the "
                f"job's scope{scope}"
            )
        return (
            f"TP x CP x EP x PP = {job.group * job.pp:,} accelerators a replica are more than "
            f"the job's scope{scope} holds: {plural(self.groups, 'group')} of {job.group:,} "
            f"in its {self.free:,} free accelerators"
        )


def room_for(job: Job, project: Project, domains: Sequence[Domain]) -> Room:
    """The most DP replicas ``job`` can have and still be placed whole (its own ``dp`` is
    not read), by the rule ``place_jobs`` follows: a pinned job has every accelerator of
    its scope, any other job what the jobs placed before it leave free there: the pinned
    ones and those before it in the project's order (all of them, when ``job`` is not in
    the project yet, as it is laid after them once added)."""
    scope, pinned = _scope(job, project, domains)
    capacity = np.fromiter((d.accelerators for d in domains), np.int64, len(domains))
    free = capacity
    if not pinned:
        others = list(project.jobs.values())
        at = next((i for i, other in enumerate(others) if other.id == job.id), len(others))
        after = [other for other in others[at + 1 :] if _scope(other, project, domains)[1]]
        used = place_jobs(others[:at] + after, project, domains).used
        free = np.maximum(capacity - used, 0)
    ids = np.asarray(scope, dtype=np.int64)
    groups = int((free[ids] // job.group).sum())
    biggest = max(scope, key=lambda i: domains[i].accelerators, default=None)
    return Room(
        groups // job.pp,
        groups,
        int(free[ids].sum()),
        int(capacity[ids].sum()),
        domains[biggest].accelerators if biggest is not None else 0,
        domains[biggest].kind if biggest is not None else "domain",
    )


def room_in(job: Job, project: Project, rack_types: Mapping[str, RackType]) -> Room:
    """``room_for`` over the project's own scale-up domains (the command line's ``jobs
    --add`` without --dp, and the job dialog's Most)."""
    return room_for(job, project, scale_up_domains(project, rack_types, default_coefficients()))


def place_jobs(jobs: Iterable[Job], project: Project, domains: Sequence[Domain]) -> Layout:
    """Place every job of ``jobs`` on ``domains``: pinned jobs first, then the rest in order."""
    jobs = list(jobs)
    capacity = np.fromiter((d.accelerators for d in domains), np.int64, len(domains))
    used = np.zeros(len(domains), dtype=np.int64)
    scopes = {job.id: _scope(job, project, domains) for job in jobs}
    placed: dict[str, JobPlacement] = {}
    holders: dict[int, list[str]] = {}
    ordered = [j for j in jobs if scopes[j.id][1]] + [j for j in jobs if not scopes[j.id][1]]
    for job in ordered:
        scope, pinned = scopes[job.id]
        free = capacity.copy() if pinned else np.maximum(capacity - used, 0)
        before = free.copy()
        groups, shortfall = _fill(job, scope, free, domains)
        taken = before - free
        used += taken
        for index in np.flatnonzero(taken).tolist():
            holders.setdefault(index, []).append(job.id)
        given = int(capacity[scope].sum()) if pinned else 0
        placed[job.id] = JobPlacement(
            job.id, groups, tuple(scope), pinned, given, job.group, job.order, shortfall
        )
    shared = {
        index: tuple(holders[index])
        for index in np.flatnonzero(used > capacity).tolist()
        if len(holders.get(index, ())) > 1
    }
    return Layout(domains, {j.id: placed[j.id] for j in jobs}, used, shared)
