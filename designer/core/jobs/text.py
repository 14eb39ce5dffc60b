"""How job figures read: degrees, data volumes, durations and bandwidths, one way each.

The checks, the ``jobs`` command, the Jobs panel and the report sheet all say "TP 8 x EP 9",
"77.3 GB" and "196 µs" the same way.
"""

from __future__ import annotations

import math

from designer.core.format import number
from designer.core.model.job import Job

_DEGREES = ("tp", "cp", "ep", "pp", "dp")


def degrees(job: Job, every: bool = False) -> str:
    """``TP 8 x EP 9 x DP 8``: the degrees above 1 (all five when ``every``)."""
    shown = [f"{d.upper()} {getattr(job, d)}" for d in _DEGREES if every or getattr(job, d) > 1]
    return " x ".join(shown) or "TP 1"


def group_degrees(job: Job) -> str:
    """The degrees that share a scale-up domain: ``TP 8 x EP 9``."""
    shown = [f"{d.upper()} {getattr(job, d)}" for d in ("tp", "cp", "ep") if getattr(job, d) > 1]
    return " x ".join(shown) or "TP 1"


def data(size: float) -> str:
    """Bytes as a person reads them: ``77.3 GB``, ``268 MB``, ``1.88 TB``."""
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if size >= scale:
            return f"{_figure(size / scale)} {unit}"
    return f"{size:,.0f} B"


def _figure(value: float) -> str:
    """Three significant figures, and whole numbers from 100 (never ``1.19e+03``)."""
    return f"{value:,.3g}" if value < 100 else f"{value:,.0f}"


def duration(seconds: float) -> str:
    """``0.83 s``, ``12.4 ms``, ``196 µs``; ``no bandwidth`` for an infinite time."""
    if math.isinf(seconds):
        return "never (no bandwidth)"
    if seconds >= 1:
        return f"{seconds:,.2f} s"
    if seconds >= 1e-3:
        return f"{_figure(seconds * 1e3)} ms"
    return f"{_figure(seconds * 1e6)} µs"


def rate(gbps: float) -> str:
    """Gb/s, or Tb/s from 1,000: ``400 Gb/s``, ``7.2 Tb/s``."""
    return f"{_figure(gbps / 1000)} Tb/s" if gbps >= 1000 else f"{_figure(gbps)} Gb/s"


def bubble(compute_s: float | None, share: float) -> str:
    """What the pipeline's fill and drain add to a step's compute, as a clause to follow
    it: ``; with the pipeline's fill and drain ((PP - 1) / micro-batches = 12.5 %) about
    484 ms a step (operations:O1)``; nothing without stages or a compute figure."""
    if not share or compute_s is None:
        return ""
    return (
        f"; with the pipeline's fill and drain ((PP - 1) / micro-batches = "
        f"{number(share * 100, 1)} %) about {duration(compute_s * (1 + share))} a step "
        "(operations:O1)"
    )


#: What the estimates leave out of a job with context parallelism: the reference gives
#: no volume for its collectives (operations section 1, CP row).
CP_NOT_COUNTED = "CP's K and V all-gathers are not counted (operations.md gives no volume)"
