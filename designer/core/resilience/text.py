"""How the what-if figures read, the same in the ``whatif`` command and the PDF's
"Resilience" sheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from designer.core.catalog.loader import SOURCE_ID
from designer.core.format import first_of, number, plural, small
from designer.core.model.project import Project
from designer.core.naming import display_name
from designer.core.resilience.components import namer
from designer.core.resilience.expected import ExpectedFailures
from designer.core.resilience.impact import LOSSES, Impact, Overload
from designer.core.resilience.sweep import Ranked

#: The columns of the N-1 ranking, as ``ranking_rows`` fills them.
RANKING_HEADINGS = (
    "#",
    "Component",
    "Kind",
    "Accelerators hit",
    "Share",
    "Over limit",
    "Bisection left",
    "Scale-up left",
)

#: What each class of failure is counted in.
COUNTED = {
    "accelerator": "accelerators",
    "host": "hosts",
    "software": "accelerators (software)",
    "link": "scale-out links",
    "switch": "switches",
}


def cited(source: str) -> str:
    """The source ids a figure's source names (its arithmetic is in the catalog file)."""
    return ", ".join(dict.fromkeys(SOURCE_ID.findall(source))) or source


def share(part: float, whole: float) -> str:
    """``part`` as a percentage of ``whole``; a dash when there is no whole."""
    return f"{number(part / whole * 100, 1)} %" if whole else "–"


def ranking_rows(ranked: Sequence[Ranked]) -> list[tuple[str, ...]]:
    """One row per component of the sweep, numbered from 1."""
    rows: list[tuple[str, ...]] = []
    for index, r in enumerate(ranked, 1):
        i = r.impact
        rows.append(
            (
                str(index),
                r.component.name,
                r.component.kind.replace("_", " "),
                number(i.accelerators_hit, 0),
                share(i.accelerators_hit, i.total_accelerators),
                number(len(i.overloads), 0),
                share(i.bisection_left_gbps, i.bisection_gbps),
                share(i.scale_up_left_gbps, i.scale_up_gbps),
            )
        )
    return rows


#: What heads the expected failures in text: rates of other clusters applied to this one.
EXPECTED_HEADING = (
    "Expected failures, an estimate (the rates of published clusters' failures: "
    "resources/catalog/failures.json):"
)


def expected_rows(expected: ExpectedFailures) -> list[tuple[str, str]]:
    """The expected failures as (figure, value) rows: each class with its count, rate and
    source, then the cluster's total, MTBI and checkpoint interval."""
    counts = {
        "accelerator": expected.counts.accelerators,
        "host": expected.counts.hosts,
        "software": expected.counts.accelerators,
        "link": expected.counts.links,
        "switch": expected.counts.switches,
    }
    rows = []
    for name, per_hour in expected.cluster.per_hour.items():
        rate = expected.rates.per_hour[name]
        rows.append(
            (
                name.capitalize(),
                f"{number(counts[name], 0)} {COUNTED[name]} x {rate:.3g} per hour = "
                f"{small(per_hour * 24)} per day ({cited(expected.rates.sources[name])})",
            )
        )
    c = expected.cluster
    point = c.checkpoint
    rows += [
        ("Cluster", f"{small(c.per_day)} interruptions per day"),
        ("MTBI", f"one every {number(c.mtbi_hours, 1)} h"),
        (
            "Checkpoint",
            f"every {number(point.daly_min, 0)} min (Daly, operations:O20; Young, "
            f"operations:O19: {number(point.young_min, 0)} min) for a checkpoint costing "
            f"{number(point.cost_min, 1)} min",
        ),
    ]
    return rows


def expected_text(project: Project, expected: ExpectedFailures) -> str:
    """The expected failures as lines under their heading: each class, the cluster's,
    then each job's (its share of the cluster's, by its accelerators)."""
    lines = [EXPECTED_HEADING]
    lines += [f"  {figure}: {value}" for figure, value in expected_rows(expected)]
    if expected.counts.unrated_links:  # a trial asked where the UB optics had gone
        lines.append(
            f"  Not counted: {plural(expected.counts.unrated_links, 'scale-up link')} between "
            "racks, for which no failure rate is sourced"
        )
    for job_id, job in expected.jobs.items():
        lines.append(
            f"  job {project.jobs[job_id].name}: {small(job.per_day)} per day, one every "
            f"{number(job.mtbi_hours, 1)} h; checkpoint every {number(job.checkpoint.daly_min, 0)} min"
        )
    return "\n".join(lines)


#: How a loss reads in a sentence, of several racks and of one.
LOST = {
    "failed": ("fail themselves", "fails itself"),
    "power": ("lose power", "loses power"),
    "liquid": ("lose liquid cooling", "loses liquid cooling"),
    "air": ("lose air cooling", "loses air cooling"),
    "scale_up": ("lose their scale-up domain", "loses its scale-up domain"),
    "scale_out": ("lose scale-out links", "loses scale-out links"),
}


def _names(ids: tuple[str, ...], name: Callable[[str], str], most: int = 8) -> str:
    """The first ``most`` of ``ids`` as ``name`` names them, and how many more."""
    return first_of([name(i) for i in ids], most)


def impact_text(project: Project, impact: Impact) -> str:
    """What failing ``impact.failed`` does, as the ``whatif`` command prints it and the
    designer's Resilience panel shows it: the racks lost by kind, jobs hit, survivors over
    their limits, what is left."""
    # as the sweep names them, the name of a rack in two halls with its hall's after it (a
    # hall's loss read as the hall beside it), so that ``--fail`` takes each name back
    named = namer(project)
    failed = [named(i) for i in impact.failed]
    # a fibre route's name may hold a comma: then the names are set apart by semicolons
    lines = [f"Failing {('; ' if any(',' in n for n in failed) else ', ').join(failed)}:"]
    if not impact.losses:
        lines.append("  No rack loses power, cooling or connectivity.")
    for group_id in impact.spares_gone:
        group = project.cooling_groups[group_id]
        lines.append(
            f"  Cooling group {group.name} (N+1) carries its racks with no spare left: one "
            "more of its CDUs down and they lose liquid cooling."
        )
    for what in LOSSES:
        racks = impact.losses.get(what, ())
        if racks:
            gpus = plural(impact.lost_accelerators.get(what, 0), "accelerator")
            # a scale-out cut takes the accelerators on the links cut, not whole racks
            verb = LOST[what][len(racks) == 1]  # "1 rack lose scale-out links" (a trial)
            lost = f"{verb}, {gpus} cut off" if what == "scale_out" else verb
            counted = f" ({gpus})" if what != "scale_out" else ""
            lines.append(f"  {plural(len(racks), 'rack')}{counted} {lost}: {_names(racks, named)}")
    if impact.jobs:
        lines.append(f"  Jobs hit: {_names(impact.jobs, partial(display_name, project))}")
    if impact.jobs_short:
        lines.append(
            "  Jobs whose own traffic fits the routes left, short of the design's cross-site "
            f"share: {_names(impact.jobs_short, partial(display_name, project))}"
        )
    if impact.overloads:
        lines.append("Survivors over their limits:")
        for over in impact.overloads:
            # a route's name says what it is: it read "fibre route North – South (fibre
            # route) carries ..."
            kind = over.kind.replace("_", " ")
            said = over.name if over.name.startswith(kind) else f"{over.name} ({kind})"
            lines.append(
                f"  {said} "
                f"{'needs' if over.unit == 'L/min' else 'carries'} {number(over.load, 1)} "
                f"{over.unit}, over its limit of {number(over.limit, 1)} {over.unit} "
                f"(before: {number(over.before, 1)} of {number(over.limit_before, 1)} {over.unit})"
                + _jobs_part(over)
            )
    total = impact.total_accelerators
    # the sites' fabrics, each within its site: across sites is the cross-site figure (a
    # trial read a bisection of 100 % beside "the cluster is split in 2 parts")
    fabrics = (
        "scale-out bisection within the sites" if len(project.sites) > 1 else "scale-out bisection"
    )
    lines += [
        "What is left (bandwidths each way):",
        f"  accelerators up: {number(impact.accelerators_up, 0)} of {number(total, 0)} "
        f"({share(impact.accelerators_up, total)}); on their leaves and scale-up domains: "
        f"{number(impact.accelerators_connected, 0)} ({share(impact.accelerators_connected, total)})",
        f"  {fabrics} (estimate): {number(impact.bisection_left_gbps / 1000, 1)} of "
        f"{number(impact.bisection_gbps / 1000, 1)} Tb/s "
        f"({share(impact.bisection_left_gbps, impact.bisection_gbps)})",
        *(
            f"    {display_name(project, site)}: its whole {tier} tier is down; its racks "
            "reach their leaves, not each other across it"
            for site, tier in impact.tiers_down
        ),
    ]
    # a design with no scale-up links between racks (8-GPU servers) or no second site has
    # nothing to say of them
    for name, left, whole in (
        ("scale-up", impact.scale_up_left_gbps, impact.scale_up_gbps),
        ("cross-site", impact.cross_site_left_gbps, impact.cross_site_gbps),
    ):
        if whole:
            lines.append(
                f"  {name}: {number(left / 1000, 1)} of {number(whole / 1000, 1)} Tb/s "
                f"({share(left, whole)})"
            )
    if impact.split:
        lines.append(f"  The cluster is split in {len(impact.parts)} parts no fibre joins:")
        for part in impact.parts:
            sites = ", ".join(display_name(project, s) for s in part.sites)
            lines.append(f"    {sites}: {plural(part.accelerators, 'accelerator')}")
    return "\n".join(lines)


def _jobs_part(over: Overload) -> str:
    """What of a route's load is the jobs' own traffic, where the rest is the design's
    cross-site share: whether the jobs still fit what is lit."""
    if over.jobs_load is None or over.jobs_load >= over.load:
        return ""
    fits = "which fits" if over.jobs_load <= over.limit else "which does not fit"
    return (
        f"; of it the jobs' own traffic {small(over.jobs_load)} {over.unit}, {fits}, "
        "the rest the design's cross-site share"
    )
