"""The "Jobs and parallelism" sheets: for each training job, where it runs, what each plane
carries per step and what the checks found.

Three tables per job: the job (model, degrees, batch, step and memory), its placement per
site and hall, and its traffic per plane (scale-up, scale-out, each DCI route) with the
time each takes against the step's compute; then its findings. Every figure is the
estimate the ``jobs`` command prints, from ``designer.core.jobs.summary``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from designer.core.findings import Finding
from designer.core.format import number
from designer.core.jobs.summary import ORDER_NOTES, describe, placement_text, relayed_texts
from designer.core.jobs.text import CP_NOT_COUNTED, bubble, data, degrees, duration, rate
from designer.core.model.project import Project
from designer.core.rules.jobs import JobsAssessment
from designer.report.page import Page
from designer.report.pages.tables import tables_pages
from designer.report.paper import SheetFrame
from designer.report.table import Column, Table

FIGURE_COLUMNS = (Column("Figure", 1.2), Column("Value", 3.0, wrap=True))
PLACEMENT_COLUMNS = (
    Column("Site", 1.2),
    Column("Hall", 1.6),
    Column("Accelerators", 0.9, "right"),
    Column("Share", 0.6, "right"),
)
PLANE_COLUMNS = (
    Column("Plane", 1.5),
    Column("Traffic per step", 1.3, "right"),
    Column("By dimension", 1.8, wrap=True),
    Column("Bandwidth", 0.9, "right"),
    Column("Time", 0.8, "right"),
    Column("Latency", 1.2, "right"),
)
FINDING_COLUMNS = (Column("Severity", 0.7), Column("Code", 1.4), Column("Finding", 5.0, wrap=True))


def _figures(about: dict[str, Any], name: str) -> Table:
    model = about["model"]
    moe = (
        f", {model['experts']} experts, top-{model['top_k']} "
        f"({number(model['active_parameters'] / 1e9, 1)} billion active)"
        if model["experts"] > 1
        else ""
    )
    rows = [
        ("Model", f"{number(model['parameters'] / 1e9, 1)} billion parameters{moe}"),
        (
            "Shape",
            f"{model['layers']} layers, hidden {model['hidden']:,}, "
            f"{model['sequence']:,} tokens, {model['precision'].upper()}",
        ),
        (
            "Degrees",
            f"{name} = {about['accelerators']:,} accelerators; groups of "
            f"{about['group']:,} (TP x CP x EP) inside one scale-up domain",
        ),
        (
            "Batch",
            f"micro-batch {about['micro_batch']}, global batch "
            f"{about['global_batch']:,} sequences, ZeRO {about['zero']}",
        ),
        (
            "Placed on",
            placement_text(about)
            + (
                ""
                if about["placed"] or not about["systems"]
                else "; not placed whole, see the findings"
            ),
        ),
    ]
    if "planes" in about:
        compute = about["compute_seconds"]
        rows += [
            (
                "Step",
                f"{number(about['micro_batches'], 1)} micro-batches per pipeline; compute "
                + (
                    f"{duration(compute)} at {about['utilisation']:.0%} utilisation"
                    + bubble(compute, about["bubble"])
                    if compute is not None
                    else "not known at this precision"
                ),
            ),
            (
                "Memory",
                f"{number(about['memory_gb'], 0)} GB of {number(about['hbm_gb'], 0)} GB "
                "per accelerator: weights, gradients and optimizer state (activations not counted)",
            ),
        ]
    return Table(f"Job: {about['name']}", FIGURE_COLUMNS, tuple(rows))


def _placement(about: dict[str, Any]) -> Table:
    total = about["accelerators"]
    rows = tuple(
        (
            site["name"],
            hall["name"],
            f"{hall['accelerators']:,}",
            f"{hall['accelerators'] / total:.0%}",
        )
        for site in about["sites"]
        for hall in site["halls"]
    )
    return Table(
        "Placement per site and hall", PLACEMENT_COLUMNS, rows, ORDER_NOTES[about["order"]]
    )


def _planes(about: dict[str, Any]) -> Table | None:
    planes = about.get("planes")
    if not planes:
        return None
    compute = about["compute_seconds"]
    rows = []
    late = set()
    for index, plane in enumerate(planes):
        seconds = plane["seconds"]
        if seconds is None or (compute is not None and seconds > compute):
            late.add(index)
        rows.append(
            (
                plane["plane"],
                f"{data(plane['bytes'])} {'each way' if plane['kind'] == 'dci' else 'per acc.'}",
                ", ".join(f"{k} {data(v)}" for k, v in plane["parts"].items()),
                rate(plane["gbps"]) if plane["gbps"] else "none",
                duration(seconds) if seconds is not None else "never",
                f"{number(plane['latency_us'], 0)} µs, {number(plane['distance_km'], 0)} km"
                if plane["latency_us"]
                else "",
            )
        )
    hide = duration(compute) if compute is not None else "an unknown time"
    return Table(
        "Traffic per plane and training step",
        PLANE_COLUMNS,
        tuple(rows),
        f"Each plane's time should hide behind the step's compute, {hide}; rows in red take "
        "longer. Scale-up and scale-out per accelerator, DCI per route and direction "
        "(estimates, operations section 1)."
        + "".join(f" {text}." for text in relayed_texts(about))
        + (f" {CP_NOT_COUNTED}." if about["degrees"]["cp"] > 1 else ""),
        alerts=frozenset(late),
    )


def _findings(findings: Sequence[Finding]) -> Table:
    rows = tuple((str(f.severity), f.code, f.message) for f in findings if not f.excluded)
    return Table(
        "Findings",
        FINDING_COLUMNS,
        rows or (("–", "–", "The checks found nothing about this job."),),
    )


def jobs_pages(
    project: Project,
    assessed: JobsAssessment,
    findings: Sequence[Finding],
    frame: SheetFrame,
) -> list[Page]:
    """One "Jobs and parallelism" sheet (or more, when its tables run over) per job."""
    pages: list[Page] = []
    layout = assessed.plan.layout
    for job in project.jobs.values():
        about = describe(project, job, layout, assessed.traffic.get(job.id))
        tables = [_figures(about, degrees(job, every=True)), _placement(about)]
        planes = _planes(about)
        if planes is not None:
            tables.append(planes)
        tables.append(_findings([f for f in findings if f.ids[:1] == (job.id,)]))
        pages += tables_pages(f"Jobs and parallelism: {job.name}", tables, frame)
    return pages
