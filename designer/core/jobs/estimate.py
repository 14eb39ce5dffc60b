"""What a placed job costs: its traffic per plane per step, the step's compute, its memory.

For each plane the job uses, the bytes one step moves are worked out from the formulas of
``formulas`` and split by the dimension that moves them:

- scale-up (inside a domain): TP every layer, EP's all-to-alls, and PP or DP when the
  ranks they join share a domain; per accelerator, against its scale-up bandwidth;
- scale-out: PP between stages in different domains, DP across domains; per accelerator,
  against its NIC rate divided by the fabric's oversubscription (the traffic may cross
  the spine);
- DCI, per fibre route: the activations (and their gradients) of every stage boundary
  that crosses it and the all-reduce rings of stages spread over sites, split evenly over
  the routes joining the same two sites; two sites no route joins send theirs over the
  shortest path of routes through others (``paths``), and every route on it carries it;
  per route and direction, against the route's coherent links (set by the caller, see
  ``with_dci_capacity``). Per pair of sites, the job's traffic, its path and latency.

Times are bytes over bandwidth and the step's compute is ``6 N`` FLOPs per token at the
job's utilisation; a plane whose time exceeds the compute it should hide behind is what
the checks report. All of it is an estimate of volumes, not a simulation of a schedule.
CP's K and V all-gathers are not counted: the reference gives no volume for them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

import numpy as np

from designer.core.jobs.coefficients import Coefficients
from designer.core.jobs.formulas import (
    all_to_all_bytes,
    compute_seconds,
    latency_us,
    model_state_bytes,
    pp_bytes,
    ring_bytes,
    step_flops,
    tp_bytes,
)
from designer.core.jobs.paths import FibrePath, FibreRouting
from designer.core.jobs.placement import JobPlacement, Layout
from designer.core.model.job import Job
from designer.core.model.project import Project

PlaneKind = Literal["scale_up", "scale_out", "dci"]


@dataclass(frozen=True)
class PlaneTraffic:
    """One plane's traffic in one step: ``parts`` are bytes by dimension (``TP``, ``EP``,
    ``PP``, ``DP``), per accelerator (scale-up, scale-out) or per route and direction
    (DCI); ``gbps`` the bandwidth they share each way (0: none, or not known yet)."""

    kind: PlaneKind
    parts: Mapping[str, float]
    gbps: float
    route_id: str = ""
    sites: tuple[str, str] = ("", "")
    distance_km: float = 0.0
    latency_us: float = 0.0

    @property
    def bytes(self) -> float:
        return math.fsum(self.parts.values())

    @property
    def seconds(self) -> float:
        """Time to move the step's bytes; infinite without bandwidth."""
        return self.bytes * 8 / (self.gbps * 1e9) if self.gbps > 0 else math.inf


@dataclass(frozen=True)
class SitePairTraffic:
    """What a job sends between two of its sites in one step, the busier way (bytes by
    dimension), and the fibre it takes: ``path`` from the first site to the second, over
    other sites' DCI where no route joins the two; ``latency_us`` one way over the path's
    shortest and longest routes (the sum of its hops')."""

    sites: tuple[str, str]
    parts: Mapping[str, float]
    path: FibrePath
    latency_us: tuple[float, float]

    @property
    def bytes(self) -> float:
        return math.fsum(self.parts.values())


@dataclass(frozen=True)
class JobTraffic:
    """A placed job's estimates (only for a complete placement).

    ``compute_s`` is ``None`` when an accelerator has no peak figure at the job's precision
    (``peak_tflops`` then ``None``); ``state_gb`` the weights, gradients and optimizer state
    one accelerator holds, against ``hbm_gb``, the smallest memory among its accelerators.
    ``sites`` and ``halls`` count the job's accelerators there; ``pairs``, what it sends
    between two sites over the fibre; ``missing_routes`` are site pairs its traffic joins
    that no path of fibre routes joins.
    """

    job_id: str
    micro_batches: float
    compute_s: float | None
    peak_tflops: float | None
    utilisation: float
    state_gb: float
    hbm_gb: float
    planes: tuple[PlaneTraffic, ...]
    sites: tuple[tuple[str, int], ...]
    halls: tuple[tuple[str, int], ...]
    missing_routes: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    pairs: tuple[SitePairTraffic, ...] = field(default_factory=tuple)

    def plane(self, kind: PlaneKind) -> list[PlaneTraffic]:
        return [p for p in self.planes if p.kind == kind]

    @property
    def dci_tbps(self) -> dict[str, float]:
        """Tb/s each route must carry each way for the job's DCI traffic to take no longer
        than its compute: the step's bytes over the compute time."""
        if not self.compute_s:
            return {}
        return {p.route_id: p.bytes * 8 / self.compute_s / 1e12 for p in self.plane("dci")}

    @property
    def pair_tbps(self) -> dict[tuple[str, str], float]:
        """Tb/s each pair of sites exchanges, the busier way, for its traffic to take no
        longer than the step's compute."""
        if not self.compute_s:
            return {}
        return {p.sites: p.bytes * 8 / self.compute_s / 1e12 for p in self.pairs}


class Estimator:
    """Estimates the jobs of one layout; builds the per-domain arrays once."""

    def __init__(
        self, project: Project, layout: Layout, coefficients: Coefficients, oversubscription: float
    ) -> None:
        self.project = project
        self.layout = layout
        self.c = coefficients
        self.oversubscription = oversubscription
        sites = list(dict.fromkeys(d.site for d in layout.domains))
        self.site_ids = sites
        number = {s: i for i, s in enumerate(sites)}
        self.site_of = np.fromiter(
            (number[d.site] for d in layout.domains), np.int64, len(layout.domains)
        )
        #: The paths of fibre routes between the sites, worked out once for every job
        self.paths = FibreRouting(
            (r.id, r.site_a, r.site_b, r.distance_km) for r in project.fibre_routes.values()
        )

    def estimate(self, job: Job) -> JobTraffic | None:
        """The job's estimates, or ``None`` when it is not placed whole."""
        placed = self.layout.jobs.get(job.id)
        if placed is None or not placed.complete or not len(placed.groups):
            return None
        c, model = self.c, job.model
        t, cp, e, p, d = job.tp, job.cp, job.ep, job.pp, job.dp
        b, h = job.micro_batch, model.hidden
        element = c.element_bytes.get(model.precision, c.element_bytes["bf16"])
        m = job.global_batch / (b * e * d)
        s_rank = model.sequence / cp
        stage_layers = model.layers / p
        domains = [self.layout.domains[i] for i in np.unique(placed.groups).tolist()]

        v_tp = stage_layers * m * tp_bytes(c.tp_bytes_factor, b, s_rank, h, t, element)
        v_ep = 0.0
        if e > 1:
            v_ep = (
                stage_layers
                * m
                * all_to_all_bytes(c.ep_all_to_alls, b * s_rank, model.top_k, h, element, e)
            )
        v_pp = 0.0
        if p > 1:  # a middle stage sends activations on and gradients back
            v_pp = m * pp_bytes(b, s_rank, h, element) / t * (2 if p > 2 else 1)
        zero3 = c.zero3_factor / c.ring_factor if job.zero == 3 else 1.0
        dense_held = model.dense_parameters / (t * p) * c.gradient_bytes
        expert_held = model.expert_parameters / (t * e * p) * c.gradient_bytes
        v_dp = zero3 * (
            ring_bytes(c.ring_factor, cp * e * d, dense_held)
            + ring_bytes(c.ring_factor, cp * d, expert_held)
        )

        stages = placed.stages(d)
        pp_local = p > 1 and bool(np.any(stages[1:] == stages[:-1]))
        pp_remote = p > 1 and bool(np.any(stages[1:] != stages[:-1]))
        one_domain = np.all(stages == stages[:, :1], axis=1)
        dp_remote = d > 1 and not bool(np.all(one_domain))
        dp_local = v_dp > 0 and bool(np.any(one_domain))

        up = {"TP": v_tp, "EP": v_ep, "PP": v_pp if pp_local else 0.0}
        up["DP"] = v_dp if dp_local else 0.0
        out = {"PP": v_pp if pp_remote else 0.0, "DP": v_dp if dp_remote else 0.0}
        planes = []
        if any(up.values()):
            gbs = min(dom.scale_up_gbs for dom in domains)
            planes.append(PlaneTraffic("scale_up", _kept(up), gbs * 8))
        if any(out.values()):
            nic = min(dom.nic_gbps for dom in domains)
            planes.append(PlaneTraffic("scale_out", _kept(out), nic / self.oversubscription))
        boundary = e * m * pp_bytes(b, model.sequence, h, element)
        ring = zero3 * (
            ring_bytes(c.ring_factor, cp * e * d, model.dense_parameters / p * c.gradient_bytes)
            + ring_bytes(c.ring_factor, cp * d, model.expert_parameters / p * c.gradient_bytes)
        )
        dci, pairs, missing = self._dci(stages, boundary, ring)
        planes.extend(dci)

        peaks = [dom.peak_tflops.get(model.precision) for dom in domains]
        peak = None if any(x is None for x in peaks) else min(x for x in peaks if x is not None)
        utilisation = job.utilisation or c.utilisation
        seconds = None
        if peak is not None:
            flops = step_flops(
                c.flops_per_param_token, model.active_parameters, job.global_batch * model.sequence
            )
            seconds = compute_seconds(flops, job.size, peak * 1e12, utilisation)
        state = model_state_bytes(
            model.dense_parameters / (t * p),
            c.weight_bytes,
            c.gradient_bytes,
            c.optimizer_bytes,
            job.zero,
            cp * e * d,
        ) + model_state_bytes(
            model.expert_parameters / (t * e * p),
            c.weight_bytes,
            c.gradient_bytes,
            c.optimizer_bytes,
            job.zero,
            cp * d,
        )
        return JobTraffic(
            job.id,
            m,
            seconds,
            peak,
            utilisation,
            state / 1e9,
            min(dom.hbm_gb for dom in domains),
            tuple(planes),
            self._count(placed, job.group, "site"),
            self._count(placed, job.group, "hall"),
            tuple(missing),
            tuple(pairs),
        )

    def _count(self, placed: JobPlacement, size: int, attr: str) -> tuple[tuple[str, int], ...]:
        """Accelerators of the job per site or hall, in filling order."""
        counts: dict[str, int] = {}
        groups = np.bincount(placed.groups, minlength=len(self.layout.domains))
        for index in np.flatnonzero(groups).tolist():
            where = getattr(self.layout.domains[index], attr)
            counts[where] = counts.get(where, 0) + int(groups[index]) * size
        return tuple(counts.items())

    def _dci(
        self, stages: np.ndarray, boundary: float, ring: float
    ) -> tuple[list[PlaneTraffic], list[SitePairTraffic], list[tuple[str, str]]]:
        """The DCI routes a job's stages cross, with the bytes each carries each way; what
        each pair of sites exchanges over which path; the pairs no path joins."""
        sites = self.site_of[stages]
        n = len(self.site_ids)
        load: dict[tuple[int, int], dict[str, float]] = {}

        def add(a: np.ndarray, b: np.ndarray, part: str, each: float) -> None:
            codes, counts = np.unique(a * n + b, return_counts=True)
            for code, count in zip(codes.tolist(), counts.tolist(), strict=True):
                way = load.setdefault(divmod(code, n), {})
                way[part] = way.get(part, 0.0) + count * each

        for s in range(len(sites) - 1):  # stage boundaries: activations on, gradients back
            cross = sites[s] != sites[s + 1]
            if np.any(cross):
                add(sites[s][cross], sites[s + 1][cross], "PP", boundary)
                add(sites[s + 1][cross], sites[s][cross], "PP", boundary)
        if ring > 0:
            for row in sites:  # each stage's rings, in replica order, closing on themselves
                following = np.roll(row, -1)
                cross = row != following
                if np.any(cross):
                    add(row[cross], following[cross], "DP", ring)
        # per route and way (True: from its site_a), what every pair sends over it
        ways: dict[tuple[str, bool], dict[str, float]] = {}
        pairs: dict[tuple[int, int], SitePairTraffic] = {}
        missing: list[tuple[str, str]] = []
        us_per_km = self.c.fibre_us_per_km
        for (a, b), parts in sorted(load.items()):
            path = self.paths.between(self.site_ids[a], self.site_ids[b])
            if path is None:
                first, second = sorted((self.site_ids[a], self.site_ids[b]))
                if (first, second) not in missing:
                    missing.append((first, second))
                continue
            for hop in path.hops:
                for route_id in hop.routes:
                    forward = self.project.fibre_routes[route_id].site_a == hop.start
                    way = ways.setdefault((route_id, forward), {})
                    for part, value in parts.items():
                        way[part] = way.get(part, 0.0) + value / len(hop.routes)
            key = (min(a, b), max(a, b))  # the first site as the job fills them
            known = pairs.get(key)
            if known is None or math.fsum(parts.values()) > known.bytes:  # the busier way
                if a > b:
                    path = path.reversed()
                least, most = path.km
                pairs[key] = SitePairTraffic(
                    (path.sites[0], path.sites[-1]),
                    parts,
                    path,
                    (latency_us(least, us_per_km), latency_us(most, us_per_km)),
                )
        planes: dict[str, PlaneTraffic] = {}
        for (route_id, _), parts in ways.items():
            route = self.project.fibre_routes[route_id]
            plane = PlaneTraffic(
                "dci",
                parts,
                0.0,
                route.id,
                (route.site_a, route.site_b),
                route.distance_km,
                latency_us(route.distance_km, us_per_km),
            )
            known_plane = planes.get(route_id)
            if known_plane is None or plane.bytes > known_plane.bytes:
                planes[route_id] = plane  # the busier way
        return list(planes.values()), list(pairs.values()), missing


def _kept(parts: dict[str, float]) -> dict[str, float]:
    return {name: value for name, value in parts.items() if value > 0}


def route_demand_tbps(traffics: Iterable[JobTraffic]) -> dict[str, float]:
    """Tb/s each fibre route must carry each way so that every job's DCI traffic takes no
    longer than its step's compute: the sum over the jobs crossing it."""
    demand: dict[str, float] = {}
    for traffic in traffics:
        for route_id, tbps in traffic.dci_tbps.items():
            demand[route_id] = demand.get(route_id, 0.0) + tbps
    return demand


def pair_demand_tbps(traffics: Iterable[JobTraffic]) -> dict[tuple[str, str], float]:
    """Tb/s each pair of sites (in id order) exchanges, the busier way, for every job's
    traffic between them to take no longer than its step's compute: what a cut route's
    what-if re-routes over the paths left."""
    demand: dict[tuple[str, str], float] = {}
    for traffic in traffics:
        for (a, b), tbps in traffic.pair_tbps.items():
            pair = (min(a, b), max(a, b))
            demand[pair] = demand.get(pair, 0.0) + tbps
    return demand


def with_dci_capacity(
    traffics: Sequence[JobTraffic], route_gbps: Mapping[str, float]
) -> list[JobTraffic]:
    """``traffics`` with each DCI plane's bandwidth set: the route's Gb/s, shared among the
    jobs crossing it in proportion to what each needs (all of it for a lone job)."""
    demand = route_demand_tbps(traffics)
    done = []
    for traffic in traffics:
        own = traffic.dci_tbps
        planes = tuple(
            replace(p, gbps=route_gbps.get(p.route_id, 0.0) * _share(own, demand, p.route_id))
            if p.kind == "dci"
            else p
            for p in traffic.planes
        )
        done.append(replace(traffic, planes=planes))
    return done


def _share(own: Mapping[str, float], demand: Mapping[str, float], route_id: str) -> float:
    """The share of a route a job gets: its need over every job's (all of it when its need
    is not known, for want of a compute time)."""
    total = demand.get(route_id, 0.0)
    return own[route_id] / total if route_id in own and total > 0 else 1.0
