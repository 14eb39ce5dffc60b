"""The failures a cluster of this size should expect, and how often to checkpoint.

From the design's counts (accelerators, hosts, scale-out links, switches) and the sourced
rates of ``rates``: each class's failures per hour is its count times its rate, and the
cluster's is their sum, since any one of them interrupts a synchronous job spread over it.
A job sees its accelerators' share of them (its hosts, links and switches grow with it). The mean time between interruptions is the inverse.

The checkpoint interval for a checkpoint that costs ``delta`` is Young's first-order rule,
tau = sqrt(2 delta M) (operations:O19), and Daly's higher-order estimate (operations:O20),
tau = sqrt(2 delta M) (1 + sqrt(delta / 2M) / 3 + (delta / 2M) / 9) - delta while
delta < 2M, and M beyond.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from designer.core.model.job import Job
from designer.core.resilience.rates import FailureRates, default_rates
from designer.core.resilience.topology import Topology


@dataclass(frozen=True)
class Counts:
    """What can fail, counted in a design."""

    accelerators: int
    hosts: float
    links: int
    switches: int
    #: scale-up links between racks (a CloudMatrix384's UB optics), which no sourced rate
    #: covers: said, not counted
    unrated_links: int = 0


@dataclass(frozen=True)
class Checkpoint:
    """The checkpoint interval for a checkpoint costing ``cost_min``, in minutes."""

    cost_min: float
    young_min: float
    daly_min: float


@dataclass(frozen=True)
class Expectation:
    """Interruptions expected of a cluster or a job: per hour by class, per day, MTBI."""

    per_hour: Mapping[str, float]
    checkpoint: Checkpoint

    @property
    def per_day(self) -> float:
        return math.fsum(self.per_hour.values()) * 24

    @property
    def mtbi_hours(self) -> float:
        """Mean time between interruptions (infinite when nothing can fail)."""
        rate = math.fsum(self.per_hour.values())
        return 1 / rate if rate > 0 else math.inf


@dataclass(frozen=True)
class ExpectedFailures:
    """The cluster's expectation, each job's, and the counts and rates they come from."""

    counts: Counts
    cluster: Expectation
    jobs: Mapping[str, Expectation]
    rates: FailureRates


def young_min(cost_min: float, mtbi_min: float) -> float:
    """Young's checkpoint interval: sqrt(2 delta M)."""
    return math.sqrt(2 * cost_min * mtbi_min)


def daly_min(cost_min: float, mtbi_min: float) -> float:
    """Daly's higher-order checkpoint interval (M itself once delta reaches 2M)."""
    if cost_min >= 2 * mtbi_min:
        return mtbi_min
    x = cost_min / (2 * mtbi_min)
    return young_min(cost_min, mtbi_min) * (1 + math.sqrt(x) / 3 + x / 9) - cost_min


def counts_of(topology: Topology, rates: FailureRates) -> Counts:
    """The design's accelerators, hosts (by each rack type's accelerators per host), fabric
    links and switches."""
    placements = topology.project.placements
    hosts = math.fsum(
        n / rates.per_host(placements[rack].type_id) for rack, n in topology.accelerators.items()
    )
    wiring = topology.wiring
    links = int(wiring.link_count.sum())
    between_racks = wiring.row_up & (wiring.row_rack >= 0)  # not an NVL72's in-rack spine
    unrated = int(wiring.row_count[between_racks].sum())
    return Counts(topology.total_accelerators, hosts, links, topology.switches, unrated)


def expect(rates: Mapping[str, float], cost_min: float) -> Expectation:
    """The expectation of failures per hour by class ``rates``, with its checkpoint."""
    rate = math.fsum(rates.values())
    mtbi = 60 / rate if rate > 0 else math.inf
    checkpoint = Checkpoint(
        cost_min,
        young_min(cost_min, mtbi) if rate > 0 else math.inf,
        daly_min(cost_min, mtbi) if rate > 0 else math.inf,
    )
    return Expectation(dict(rates), checkpoint)


def expected_failures(
    topology: Topology,
    jobs: Mapping[str, Job] | None = None,
    cost_min: float = 5.0,
    rates: FailureRates | None = None,
) -> ExpectedFailures:
    """Expected interruptions of the design and of each of ``jobs`` (the project's by
    default), with the checkpoint interval for a checkpoint of ``cost_min`` minutes."""
    rates = rates or default_rates()
    counts = counts_of(topology, rates)
    cluster = per_hour(counts, rates)
    per_job = {}
    for job in (topology.project.jobs if jobs is None else jobs).values():
        share = job.size / counts.accelerators if counts.accelerators else 0.0
        per_job[job.id] = expect({k: v * share for k, v in cluster.items()}, cost_min)
    return ExpectedFailures(counts, expect(cluster, cost_min), per_job, rates)


def per_hour(counts: Counts, rates: FailureRates) -> dict[str, float]:
    """Failures per hour of each class: its count times its rate (software runs on every
    accelerator)."""
    r = rates.per_hour
    return {
        "accelerator": counts.accelerators * r["accelerator"],
        "host": counts.hosts * r["host"],
        "software": counts.accelerators * r["software"],
        "link": counts.links * r["link"],
        "switch": counts.switches * r["switch"],
    }
