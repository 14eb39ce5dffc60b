"""``links FILE``: the cable schedule, every bundle routed along the trays with its medium."""

from __future__ import annotations

import argparse
import sys

from designer.commands._common import CommandError, add_table_arguments, emit, fail, open_project
from designer.core.catalog import default_catalog
from designer.core.format import plural
from designer.core.network import cable_schedule
from designer.core.network.export import schedule_csv, schedule_json
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser)


def run(args: argparse.Namespace) -> int:
    try:
        project = open_project(args.file, "print the cable schedule").project
    except CommandError as err:
        return fail(err)
    plan = RuleEngine(default_catalog()).derived(PLAN, project)
    lines = cable_schedule(plan)
    findings = plan.findings
    if args.format == "json":
        text = schedule_json(project.meta.name, lines, findings)
    else:
        text = schedule_csv(lines)
    code = emit(text, args.output, args.file, sheet=args.format == "csv")
    # notes (info) stop no bundle: an idle rack or DCI links no gateway ends are no problem
    problems = [f for f in findings if f.severity != "info"]
    errors = sum(f.severity == "error" for f in problems)
    if problems and code == 0:
        print(
            f"note: the planner found {plural(len(problems), 'problem')}, "
            f"{errors} of them {'an error' if errors == 1 else 'errors'}; "
            "the reason column says which bundles they stop",
            file=sys.stderr,
        )
    return code
