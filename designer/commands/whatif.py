"""``whatif FILE --fail ID[,ID...]``: what failing those components takes down, whom it
pushes over their limits and what is left; ``--sweep``: every component failed alone,
ranked, with the failures a cluster of this size should expect.

Exit 0 with the answer, 2 when the file cannot be read or a name matches no component (or
several): every such name is given.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from typing import Any

from designer.commands._common import CommandError, fail, open_project
from designer.core.catalog import default_catalog
from designer.core.format import plural
from designer.core.model.project import Project
from designer.core.resilience import UnknownComponents, resolve, topology_of
from designer.core.resilience import fail as fail_components
from designer.core.resilience.components import namer, split_names
from designer.core.resilience.expected import ExpectedFailures, expected_failures
from designer.core.resilience.impact import Impact
from designer.core.resilience.sweep import Ranked, sweep
from designer.core.resilience.text import (
    RANKING_HEADINGS,
    expected_text,
    impact_text,
    ranking_rows,
)
from designer.core.rules import RuleEngine

#: How many rows of the sweep the text lists.
TOP = 20
#: The widest the text lets a component's name be.
NAME_MOST = 60


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a rackplan project file (.rackplan.json)")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument(
        "--fail",
        metavar="ID[,ID...]",
        help="components to fail at once: ids or labels of feeds, cooling units, racks, "
        "fibre routes, halls, sites, or HALL/A for a power side",
    )
    what.add_argument("--sweep", action="store_true", help="fail every component alone, rank")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--checkpoint-min",
        type=_minutes,
        default=5.0,
        metavar="MIN",
        help="the checkpoint cost for the checkpoint interval (--sweep; default 5 min)",
    )


#: The longest checkpoint cost taken, in minutes (a day): past it the interval is no
#: advice (a trial's 1e308 printed a 300-digit interval).
LONGEST_CHECKPOINT_MIN = 24 * 60


def _minutes(text: str) -> float:
    """A checkpoint's cost in minutes: more than 0, at most a day (a trial's -5 ended in an
    internal error, and nan, 0 and inf were taken)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= LONGEST_CHECKPOINT_MIN:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a checkpoint's cost: give minutes, more than 0 and at most "
            f"{LONGEST_CHECKPOINT_MIN:,}"
        )
    return value


def run(args: argparse.Namespace) -> int:
    try:
        project = open_project(args.file).project
        topology = topology_of(RuleEngine(default_catalog()), project)
        if args.sweep:
            ranked = sweep(topology)
            expected = expected_failures(topology, cost_min=args.checkpoint_min)
            print(
                json.dumps(_sweep_json(project, ranked, expected), indent=2)
                if args.format == "json"
                else _sweep_text(project, ranked, expected)
            )
            return 0
        names = split_names(project, args.fail)
        if not names:
            raise CommandError("--fail names no component")
        impact = fail_components(topology, resolve(project, names))
    except UnknownComponents as err:
        return fail(CommandError(f"{args.file}: {err}"))
    except CommandError as err:
        return fail(err)
    print(
        json.dumps(_impact_json(project, impact), indent=2)
        if args.format == "json"
        else impact_text(project, impact)
    )
    return 0


def _impact_json(project: Project, impact: Impact) -> dict[str, Any]:
    name = namer(project)  # as the text and the sweep name them
    return {
        "failed": [{"id": i, "name": name(i)} for i in impact.failed],
        "losses": {
            what: {
                "racks": list(racks),
                "names": [name(r) for r in racks],
                "accelerators": impact.lost_accelerators.get(what, 0),
            }
            for what, racks in impact.losses.items()
        },
        "jobs": list(impact.jobs),
        "jobs_short": list(impact.jobs_short),
        "overloads": [
            {
                "kind": o.kind,
                "id": o.id,
                "name": o.name,
                "load": o.load,
                "limit": o.limit,
                "before": o.before,
                "limit_before": o.limit_before,
                "unit": o.unit,
                "jobs_load": o.jobs_load,
            }
            for o in impact.overloads
        ],
        # N+1 cooling groups left with no spare: one more CDU down loses their racks
        "cooling_groups_without_a_spare": list(impact.spares_gone),
        "accelerators": {
            "total": impact.total_accelerators,
            "up": impact.accelerators_up,
            "connected": impact.accelerators_connected,
        },
        "bisection_gbps": {"total": impact.bisection_gbps, "left": impact.bisection_left_gbps},
        "tiers_down": [{"site": site, "tier": tier} for site, tier in impact.tiers_down],
        "scale_up_gbps": {"total": impact.scale_up_gbps, "left": impact.scale_up_left_gbps},
        "cross_site_gbps": {"total": impact.cross_site_gbps, "left": impact.cross_site_left_gbps},
        "parts": [{"sites": list(p.sites), "accelerators": p.accelerators} for p in impact.parts],
    }


def _sweep_text(project: Project, ranked: list[Ranked], expected: ExpectedFailures) -> str:
    single = sum(1 for r in ranked if r.single_point)
    rows = ranking_rows(ranked[:TOP])
    # the component column as wide as its longest name shown, up to NAME_MOST
    named = min(NAME_MOST, max((len(row[1]) for row in rows), default=0))
    widths = (4, max(len(RANKING_HEADINGS[1]), named), 12, 16, 8, 10, 14, 13)
    lines = [
        f"N-1 sweep: {plural(len(ranked), 'component')} failed one at a time; "
        f"{plural(single, 'single point')} of failure. Ranked by accelerators hit, then by "
        "bisection and scale-up bandwidth lost.",
        _row(RANKING_HEADINGS, widths),
        *(_row(row, widths) for row in rows),
    ]
    if len(ranked) > TOP:
        lines.append(f"  ... and {len(ranked) - TOP} more (--format json lists all)")
    lines.append(expected_text(project, expected))
    return "\n".join(lines)


def _row(cells: Sequence[str], widths: Sequence[int]) -> str:
    """A table row: the name left-aligned and cut to its width, figures right-aligned."""
    return "  ".join(
        cell[:width].ljust(width) if index in (1, 2) else cell.rjust(width)
        for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
    )


def _sweep_json(
    project: Project, ranked: list[Ranked], expected: ExpectedFailures
) -> dict[str, Any]:
    def expectation(e: Any) -> dict[str, Any]:
        return {
            "per_hour": dict(e.per_hour),
            "per_day": e.per_day,
            "mtbi_hours": e.mtbi_hours,
            "checkpoint_min": {
                "cost": e.checkpoint.cost_min,
                "young": e.checkpoint.young_min,
                "daly": e.checkpoint.daly_min,
            },
        }

    return {
        "ranking": [
            {
                "id": r.component.id,
                "name": r.component.name,
                "kind": r.component.kind,
                "single_point": r.single_point,
                "accelerators_hit": r.impact.accelerators_hit,
                "overloads": len(r.impact.overloads),
                "bisection_left_gbps": r.impact.bisection_left_gbps,
                "scale_up_left_gbps": r.impact.scale_up_left_gbps,
                "cross_site_left_gbps": r.impact.cross_site_left_gbps,
            }
            for r in ranked
        ],
        "expected": {
            "counts": vars(expected.counts),
            "cluster": expectation(expected.cluster),
            "jobs": {j: expectation(e) for j, e in expected.jobs.items()},
            "sources": dict(expected.rates.sources),
        },
    }
