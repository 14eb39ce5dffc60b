"""How the what-if figures read, the same in the ``whatif`` command and the PDF's
"Resilience" sheet."""

from __future__ import annotations

from collections.abc import Sequence

from designer.core.catalog.loader import SOURCE_ID
from designer.core.format import number
from designer.core.resilience.expected import ExpectedFailures
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
            )
        )
    return rows


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
                f"{number(per_hour * 24, 2)} per day ({cited(expected.rates.sources[name])})",
            )
        )
    c = expected.cluster
    point = c.checkpoint
    rows += [
        ("Cluster", f"{number(c.per_day, 1)} interruptions per day"),
        ("MTBI", f"one every {number(c.mtbi_hours, 1)} h"),
        (
            "Checkpoint",
            f"every {number(point.daly_min, 0)} min (Daly, operations:O20; Young, "
            f"operations:O19: {number(point.young_min, 0)} min) for a checkpoint costing "
            f"{number(point.cost_min, 1)} min",
        ),
    ]
    return rows
