"""Jobs: does each training job fit the floor it runs on, and ride the network it needs?

One check, run per job. ``JOBS`` places every job on the scale-up domains and estimates its
traffic (``designer.core.jobs``), then sets the DCI's capacity from the network's own
inter-site plan (``network.dci.plan_dci``, which sizes the routes from the jobs' demand
when the project has jobs and the architect has not fixed a site's figure). Every time and
volume in a message is an estimate from the formulas of operations section 1; messages say
so, with the utilisation the compute time assumes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from designer.core.catalog import Catalog
from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.format import plural
from designer.core.jobs import JobPlacement, JobsPlan, JobTraffic, PlaneTraffic, plan_jobs
from designer.core.jobs.estimate import SitePairTraffic, with_dci_capacity
from designer.core.jobs.formulas import batch_streams
from designer.core.jobs.placement import Layout, LeftOver
from designer.core.jobs.text import data, degrees, duration, group_degrees, rate
from designer.core.model.job import Job
from designer.core.model.placement import Placement
from designer.core.model.project import Project
from designer.core.naming import fibre_route_name
from designer.core.network.dci import plan_dci
from designer.core.rules.check import Check
from designer.core.rules.context import Changes, Context, Derived

FAMILY = "jobs"

GROUP_TOO_LARGE = CodeInfo(
    "jobs.group_too_large",
    FAMILY,
    "Parallel group larger than a scale-up domain",
    Severity.ERROR,
    "A job's TP x CP x EP ranks exchange traffic every layer and must share one scale-up "
    "domain (an NVL72's 72 GPUs, a CloudMatrix384's 384 NPUs, an 8-GPU server's 8); the "
    "group asks for more than the largest domain the job may use.",
)
IDLE = CodeInfo(
    "jobs.idle_accelerators",
    FAMILY,
    "Parallel group does not divide its scale-up domain",
    Severity.WARNING,
    "A scale-up domain holds a job's TP x CP x EP groups only whole: when the group does "
    "not divide the domain (an NVL72's 72 GPUs, a CloudMatrix384's 384 NPUs, an 8-GPU "
    "server's 8), the accelerators left over in each domain the job uses stand idle unless "
    "another job's group is small enough to use them. A domain two jobs share is counted "
    "once, under the job that leaves the most of it idle.",
)
NO_ROOM = CodeInfo(
    "jobs.no_room",
    FAMILY,
    "Not enough accelerators for the job",
    Severity.ERROR,
    "The job's scope (the whole cluster, its sites, halls or systems) has fewer free whole "
    "groups than its PP x DP.",
)
DEGREES_MISMATCH = CodeInfo(
    "jobs.degrees_mismatch",
    FAMILY,
    "Degrees do not multiply to the accelerators given",
    Severity.ERROR,
    "TP x CP x EP x PP x DP differs from the accelerators the job is given (its stated count, "
    "or those of the systems it is pinned to).",
)
BATCH_SPLIT = CodeInfo(
    "jobs.batch_split",
    FAMILY,
    "Global batch not a whole number of micro-batches",
    Severity.ERROR,
    "Each of the EP x DP data streams runs global batch / (micro-batch x EP x DP) "
    "micro-batches per step, which must be a whole number.",
)
EMPTY_STAGES = CodeInfo(
    "jobs.empty_stages",
    FAMILY,
    "More pipeline stages than layers",
    Severity.ERROR,
    "PP splits the model's layers into stages: with more stages than layers, some hold "
    "none and cannot run.",
)
UNEVEN_STAGES = CodeInfo(
    "jobs.uneven_stages",
    FAMILY,
    "Layers not a whole number per pipeline stage",
    Severity.WARNING,
    "PP splits the model's layers into stages; when the layers do not divide by PP, some "
    "stages hold a layer more, and the slowest sets every stage's pace.",
)
MEMORY = CodeInfo(
    "jobs.memory",
    FAMILY,
    "Model does not fit the accelerators' memory",
    Severity.ERROR,
    "The weights, gradients and optimizer state one accelerator holds at the job's degrees "
    "and ZeRO stage (2 + 2 + 12 bytes a parameter, operations:O5) exceed its HBM; "
    "activations come on top.",
)
NO_COMPUTE = CodeInfo(
    "jobs.no_compute_figure",
    FAMILY,
    "Accelerator without compute at the job's precision",
    Severity.ERROR,
    "The catalog gives the accelerator no dense peak at the job's precision (the Ascend 910C "
    "has no FP8), so the job cannot run as given and its step time cannot be estimated.",
)
SHARED = CodeInfo(
    "jobs.shared_accelerators",
    FAMILY,
    "Accelerators given to two jobs",
    Severity.ERROR,
    "Jobs pinned to the same systems or racks ask for more accelerators than the domain has.",
)
PLANE_TIME = CodeInfo(
    "jobs.plane_time",
    FAMILY,
    "Communication longer than the compute it hides behind",
    Severity.WARNING,
    "A plane's traffic per training step (scale-up or scale-out) takes longer at its "
    "bandwidth than the step's compute at the stated utilisation (estimate).",
)
DCI_TOO_THIN = CodeInfo(
    "jobs.dci_too_thin",
    FAMILY,
    "DCI route too thin for the job",
    Severity.WARNING,
    "The pipeline boundaries or all-reduce rings that cross a fibre route (those it relays "
    "between sites no route joins included) take longer at the route's capacity (its share "
    "for this job) than the step's compute (estimate).",
)
NO_DCI_ROUTE = CodeInfo(
    "jobs.no_dci_route",
    FAMILY,
    "Job traffic between sites without a fibre route",
    Severity.ERROR,
    "The job's stages or replicas sit in two sites that no fibre route joins, directly or "
    "through other sites.",
)
CROSS_SITE = CodeInfo(
    "jobs.cross_site",
    FAMILY,
    "Job across sites",
    Severity.INFO,
    "What a job sends between two sites per step, over the fibre routes joining them or, "
    "where none does, over the shortest path of routes through other sites; the bandwidth "
    "it needs to hide behind compute, and the fibre's one-way latency (estimate).",
)

CODES = (
    GROUP_TOO_LARGE,
    IDLE,
    NO_ROOM,
    DEGREES_MISMATCH,
    BATCH_SPLIT,
    EMPTY_STAGES,
    UNEVEN_STAGES,
    MEMORY,
    NO_COMPUTE,
    SHARED,
    PLANE_TIME,
    DCI_TOO_THIN,
    NO_DCI_ROUTE,
    CROSS_SITE,
)

#: What each plane is called in a message.
PLANE_NAMES = {"scale_up": "scale-up", "scale_out": "scale-out", "dci": "DCI"}


@dataclass(frozen=True)
class JobsAssessment:
    """Every job placed and estimated, the DCI capacities set (Gb/s each way per route)."""

    plan: JobsPlan
    traffic: Mapping[str, JobTraffic]
    route_gbps: Mapping[str, float]


def assess_jobs(project: Project, catalog: Catalog) -> JobsAssessment:
    """Place and estimate every job of ``project``, with the DCI the network plans for it."""
    plan = plan_jobs(project, catalog.with_custom_racks(project.custom_types))
    site_gbps: dict[str, float] = {}
    for domain in plan.layout.domains:
        site_gbps[domain.site] = site_gbps.get(domain.site, 0.0) + (
            domain.nic_gbps * domain.accelerators
        )
    settings = project.settings.network
    dci = plan_dci(project, site_gbps, settings, plan.route_tbps if project.jobs else None)
    route_gbps = {r.route_id: r.links * float(settings.dci_wavelength_gbps) for r in dci.routes}
    estimated = with_dci_capacity(list(plan.traffic.values()), route_gbps)
    return JobsAssessment(plan, {t.job_id: t for t in estimated}, route_gbps)


JOBS: Derived[JobsAssessment] = Derived("jobs", lambda ctx: assess_jobs(ctx.project, ctx.catalog))
"""The jobs of a project revision, placed and estimated."""


def _jobs(ctx: Context) -> Iterable[str]:
    return ctx.project.jobs


def _run(ctx: Context, job_id: str) -> Iterator[Finding]:
    job = ctx.project.jobs.get(job_id)
    if job is None:
        return
    assessed = ctx.get(JOBS)
    placed = assessed.plan.layout.jobs[job_id]
    yield from _placement(ctx.project, job, placed, assessed)
    traffic = assessed.traffic.get(job_id)
    if traffic is not None:
        yield from _estimates(ctx.project, job, traffic)


def _placement(
    project: Project, job: Job, placed: JobPlacement, assessed: JobsAssessment
) -> Iterator[Finding]:
    ids = (job.id,)
    given = job.accelerators or placed.given
    if given and given != job.size:
        yield DEGREES_MISMATCH.finding(
            f"{job.name}: {degrees(job, every=True)} = {job.size:,} accelerators, but the job "
            f"is given {given:,}{' (the systems it is pinned to)' if not job.accelerators else ''}.",
            ids,
            measured=job.size,
            limit=given,
            unit="accelerators",
        )
    layers = job.model.layers
    if job.pp > layers:
        yield EMPTY_STAGES.finding(
            f"{job.name}: PP {job.pp} splits {plural(layers, 'layer')} into {job.pp:,} "
            f"stages: {job.pp - layers:,} of them hold none. Lower PP to {layers:,} or less.",
            ids,
            measured=job.pp,
            limit=layers,
            unit="stages",
        )
    elif job.pp > 1 and layers % job.pp:
        most = -(-layers // job.pp)
        yield UNEVEN_STAGES.finding(
            f"{job.name}: {layers:,} layers over PP {job.pp} is {layers / job.pp:,.1f} a stage: "
            f"{layers % job.pp} of the stages hold {most:,} and the others {most - 1:,}; the "
            f"pipeline runs at the pace of {most:,}, {most * job.pp / layers - 1:.1%} more than "
            "even stages would take.",
            ids,
            measured=layers,
            unit="layers",
        )
    streams = batch_streams(job.micro_batch, job.ep, job.dp)
    if job.global_batch % streams:
        yield BATCH_SPLIT.finding(
            f"{job.name}: a global batch of {job.global_batch:,} sequences is not a whole "
            f"number of micro-batches of {job.micro_batch} for EP {job.ep} x DP {job.dp} = "
            f"{job.ep * job.dp:,} data streams ({job.global_batch:,} / {streams:,} = "
            f"{job.global_batch / streams:,.2f}).",
            ids,
            measured=job.global_batch,
            unit="sequences",
        )
    short = placed.shortfall
    if short is not None and short.kind == "group":
        yield GROUP_TOO_LARGE.finding(
            f"{job.name}: the {group_degrees(job)} group needs {short.needed:,} accelerators in "
            f"one scale-up domain, but the largest it may use is a {short.domain_kind} of "
            f"{short.domain_size:,}. TP, CP and EP exchange traffic every layer and must not "
            "leave the domain: lower them and raise PP or DP.",
            ids,
            measured=short.needed,
            limit=short.domain_size,
            unit="accelerators",
        )
    elif short is not None:
        where = "the whole cluster" if not job.where else _named(project, job.where)
        yield NO_ROOM.finding(
            f"{job.name} needs PP {job.pp} x DP {job.dp} = {short.needed:,} groups of "
            f"{job.group:,} accelerators ({job.size:,}); {where} has room for "
            f"{short.available:,} such groups besides the jobs before it.",
            ids,
            measured=short.needed,
            limit=short.available,
            unit="groups",
        )
    layout = assessed.plan.layout
    yield from _left_over(project, job, layout)
    for index, holders in sorted(layout.shared.items()):
        if holders[0] != job.id:
            continue  # reported once, with the first job it names
        domain = layout.domains[index]
        names = " and ".join(project.jobs[h].name for h in holders)
        yield SHARED.finding(
            f"{names} are both given {domain.label} ({domain.accelerators:,} accelerators): "
            f"together they ask for {int(layout.used[index]):,}.",
            (*holders, *domain.racks[:1]),
            measured=float(layout.used[index]),
            limit=domain.accelerators,
            unit="accelerators",
            hall_id=domain.hall,
        )


def _left_over(project: Project, job: Job, layout: Layout) -> Iterator[Finding]:
    """The accelerators the job's groups leave idle in the domains they stand in, kind of
    domain by kind, with the group sizes that divide each.

    Jobs sharing a domain leave one set of idle accelerators there, so it is counted in one
    finding only, that of the job leaving the most (``Layout.left_over``): an architect
    adding the findings up gets the idle accelerators of the cluster, none twice. That
    finding names the other jobs sharing the domain and theirs say under whom it is counted,
    so a count that looks short is explained where it is read; a job whose every idle
    domain another job counts has no finding of its own, the one counting it names it."""
    group = job.group
    left = layout.left_over(job.id)
    counted = [item.idle for item in left if item.counted_by == job.id]
    idle = sum(counted)
    if not idle:
        return
    kinds: dict[tuple[str, int], list[LeftOver]] = {}
    for item in left:
        domain = layout.domains[item.domain]
        kinds.setdefault((domain.kind, domain.accelerators), []).append(item)
    parts, divisors = [], []
    for (kind, size), items in kinds.items():
        each = size % group
        here = sum(item.idle for item in items if item.counted_by == job.id)
        taken = each * len(items) - sum(item.idle for item in items)
        notes = [f"other jobs use {taken:,}"] if taken else []
        notes.extend(_shared(project, job, kind, items))
        noted = f" ({'; '.join(notes)})" if notes else ""
        parts.append(
            f"{_article(kind)} {kind} of {size:,} accelerators holds {size // group:,} groups "
            f"and leaves {each:,} idle, {here:,} over the {plural(len(items), kind)} the job "
            f"uses{noted}"
        )
        lower, upper = _divisors_around(size, group)
        divisors.append(
            f"TP x CP x EP of {lower:,} or {upper:,} divides {size:,} ({size // lower:,} or "
            f"{size // upper:,} groups a {kind.split()[-1]})"
        )
    named = group_degrees(job)
    sized = f" ({group:,} accelerators)" if " x " in named else ""
    most = max(counted)  # the most idle in one domain: a larger group fits none
    yield IDLE.finding(
        f"{job.name}: the {named} group{sized} does not divide its scale-up domain: "
        f"{'; '.join(parts)}. Only a job whose TP x CP x EP is {most:,} or less can use "
        f"them. {'; '.join(divisors)}.",
        (job.id,),
        measured=idle,
        unit="accelerators",
    )


def _shared(project: Project, job: Job, kind: str, items: list[LeftOver]) -> Iterator[str]:
    """Where the idle accelerators of the domains ``job`` shares went: ``the 1 rack it shares
    with B counted here only`` for those it counts, ``... counted under B`` for the others,
    one note per job counting them."""
    counters: dict[str, list[LeftOver]] = {}
    for item in items:
        if item.idle and item.sharers:
            counters.setdefault(item.counted_by, []).append(item)
    for counter, shared in counters.items():
        sharers = dict.fromkeys(other for item in shared for other in item.sharers)
        names = " and ".join(project.jobs[other].name for other in sharers)
        where = "here only" if counter == job.id else f"under {project.jobs[counter].name}"
        yield f"the {plural(len(shared), kind)} it shares with {names} counted {where}"


def _article(noun: str) -> str:
    """``a rack``, ``a system``, ``an 8-GPU server``: the domains' kinds."""
    return "an" if noun[:1] in "aeiou8" else "a"


def _divisors_around(size: int, group: int) -> tuple[int, int]:
    """The divisors of ``size`` next below and next above ``group`` (1 < group < size)."""
    divisors: set[int] = set()
    for n in range(1, math.isqrt(size) + 1):
        if size % n == 0:
            divisors.update((n, size // n))
    return max(d for d in divisors if d < group), min(d for d in divisors if d > group)


def _estimates(project: Project, job: Job, traffic: JobTraffic) -> Iterator[Finding]:
    ids = (job.id,)
    if traffic.state_gb > traffic.hbm_gb:
        yield MEMORY.finding(
            f"{job.name}: the weights, gradients and optimizer state take "
            f"{traffic.state_gb:,.0f} GB per accelerator at {degrees(job)} with ZeRO "
            f"{job.zero}, more than its {traffic.hbm_gb:,.0f} GB of HBM (estimate; activations "
            "come on top). Raise TP, PP or the ZeRO stage.",
            ids,
            measured=traffic.state_gb,
            limit=traffic.hbm_gb,
            unit="GB",
        )
    if traffic.compute_s is None:
        yield NO_COMPUTE.finding(
            f"{job.name}: an accelerator it runs on has no {job.model.precision.upper()} "
            "compute in the catalog, so the job cannot run at that precision and its step "
            "cannot be timed.",
            ids,
        )
    for a, b in traffic.missing_routes:
        yield NO_DCI_ROUTE.finding(
            f"{job.name} sends traffic between {_site(project, a)} and {_site(project, b)}, "
            "which no fibre route joins, directly or through other sites. Lay a route, or "
            "keep the job to one site.",
            (job.id, a, b),
        )
    routes = {plane.route_id: plane for plane in traffic.plane("dci")}
    for pair in traffic.pairs:
        yield _cross_site(project, job, traffic, pair, routes)
    compute = traffic.compute_s
    for plane in traffic.planes:
        if compute is None or plane.seconds <= compute:
            continue
        code = DCI_TOO_THIN if plane.kind == "dci" else PLANE_TIME
        yield code.finding(
            f"{job.name}: {_what(project, traffic, plane)} per step ({_parts(plane)}) takes "
            f"{duration(plane.seconds)} at {_capacity(plane)}, more than the step's "
            f"{duration(compute)} of compute at {traffic.utilisation:.0%} utilisation it should "
            f"hide behind (estimate).{_advice(plane)}",
            (job.id, plane.route_id) if plane.route_id else (job.id, plane.kind),
            measured=plane.seconds,
            limit=compute,
            unit="s",
        )


def _cross_site(
    project: Project,
    job: Job,
    traffic: JobTraffic,
    pair: SitePairTraffic,
    routes: Mapping[str, PlaneTraffic],
) -> Finding:
    """What the job sends between two sites, over every fibre route joining them, or over
    the shortest path of routes through the sites ``via`` that relay it."""
    path = pair.path
    a, b = (_site(project, s) for s in pair.sites)
    via = f" via {_names(project, path.via)}" if path.via else ""
    crossings = ""
    if "PP" in pair.parts:
        per_step = 2 * traffic.micro_batches
        crossings = (
            f", crossed {per_step:,.0f} times per step by the pipeline (activations on, "
            "gradients back, per micro-batch)"
        )
    km = _span([f"{x:,.0f}" for x in path.km])
    count = len(path.route_ids)
    hops = f" in {len(path.hops)} hops" if len(path.hops) > 1 else ""
    over = f" on {count} routes" if count > len(path.hops) else ""
    latency = _span([duration(us / 1e6) for us in pair.latency_us])
    need = traffic.pair_tbps.get(pair.sites, 0.0) * 1000
    given = min(
        math.fsum(_pair_gbps(routes.get(r), pair.bytes / len(hop.routes)) for r in hop.routes)
        for hop in path.hops
    )
    narrowest = " on its narrowest hop" if hops else ""
    return CROSS_SITE.finding(
        f"{job.name} runs across {a} and {b}{via}: {data(pair.bytes)} each way per step over "
        f"{km} km of fibre{hops}{over} ({_parts(pair)}); {latency} one way{crossings}; it "
        f"needs {rate(need)} to hide behind compute and is given {rate(given)}{narrowest} "
        "(estimate).",
        (job.id, *path.route_ids),
        measured=pair.bytes / 1e9,
        unit="GB",
    )


def _pair_gbps(plane: PlaneTraffic | None, sent: float) -> float:
    """A pair's part of the job's bandwidth on a route: in proportion to the bytes it sends
    there among all the job sends on the route (other pairs' relayed traffic included)."""
    if plane is None or plane.bytes <= 0:
        return 0.0
    return plane.gbps * min(1.0, sent / plane.bytes)


def _span(shown: list[str]) -> str:
    """One figure, or the first and the last of several when they differ: ``40–55``."""
    return shown[0] if shown[0] == shown[-1] else f"{shown[0]}–{shown[-1]}"


def _what(project: Project, traffic: JobTraffic, plane: PlaneTraffic) -> str:
    if plane.kind == "dci":
        route = fibre_route_name(project, plane.route_id)
        relayed = [
            f"what {_names(project, pair.sites)} exchange via {_names(project, pair.path.via)}"
            for pair in traffic.pairs
            if pair.path.via and plane.route_id in pair.path.route_ids
        ]
        between = f" (including {'; '.join(relayed)})" if relayed else ""
        return f"the DCI route {route} carries {data(plane.bytes)} each way{between}"
    return f"the {PLANE_NAMES[plane.kind]} traffic of {data(plane.bytes)} per accelerator"


def _parts(plane: PlaneTraffic | SitePairTraffic) -> str:
    return ", ".join(f"{name} {data(size)}" for name, size in plane.parts.items())


def _capacity(plane: PlaneTraffic) -> str:
    if plane.gbps <= 0:
        return "no bandwidth"
    per = "its share of the route" if plane.kind == "dci" else "each accelerator's"
    return f"{per} {rate(plane.gbps)}"


def _advice(plane: PlaneTraffic) -> str:
    if plane.kind == "dci" and "DP" in plane.parts:
        return " An all-reduce across sites needs a wider route, or keep DP inside each site."
    if plane.kind == "dci":
        return " Widen the route (its sites' DCI Tb/s)."
    if math.isinf(plane.seconds):
        return " The catalog gives these accelerators no bandwidth on this plane."
    return ""


def _site(project: Project, site_id: str) -> str:
    site = project.sites.get(site_id)
    return site.name if site is not None else site_id


def _names(project: Project, site_ids: Iterable[str]) -> str:
    """Sites by name: ``Site 2``, ``Site 2 and Site 3``, ``Site 2, Site 3 and Site 4``."""
    names = [_site(project, s) for s in site_ids]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _named(project: Project, ids: list[str]) -> str:
    names = []
    for entity_id in ids[:3]:
        for collection in (project.sites, project.halls, project.groups, project.placements):
            entity = collection.get(entity_id)
            if entity is not None:
                names.append(getattr(entity, "label", "") or getattr(entity, "name", entity_id))
                break
    more = f" and {plural(len(ids) - 3, 'more')}" if len(ids) > 3 else ""
    return ", ".join(names) + more


#: Project collections whose edit may move or resize a job.
READS = ("jobs", "sites", "halls", "groups", "fibre_routes")


def _membership(before: Placement | None, after: Placement | None) -> bool:
    """True when a rack edit changes the domains: added, removed, retyped, regrouped,
    moved to another hall or renamed (domains are named after their racks)."""
    if before is None or after is None:
        return True
    return any(
        getattr(before, f) != getattr(after, f) for f in ("hall_id", "type_id", "group_id", "label")
    )


def _touched(ctx: Context, changes: Changes) -> Iterable[str]:
    """Every job, when anything a placement or an estimate reads has changed."""
    jobs = set(changes.before.jobs) | set(ctx.project.jobs)
    if not jobs:
        return ()
    if (
        changes.before.settings.network != changes.after.settings.network
        or any(changes.of(name) for name in READS)
        or any(_membership(b, a) for _, b, a in changes.of("placements"))
    ):
        return jobs
    return ()


CHECKS = (Check("jobs.fit", CODES, _jobs, _run, _touched),)
