"""``check FILE``: run the design rules on a project and list what they find.

Exit 0 when no error remains (excluded errors do not count), 1 when at least one does, 2
when the file cannot be read. Problems inside a file that still loads (an unknown rack
type, a dangling id) are findings here, not warnings on stderr.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Collection
from pathlib import Path
from typing import Any

from designer.commands._common import fail
from designer.core.catalog import CatalogError, default_catalog
from designer.core.io.project_file import ProjectFileError, load
from designer.core.model.project import Project
from designer.core.naming import display_name
from designer.core.rules import Finding, Report, RuleEngine, Severity

EXIT_ERRORS = 1


def _severities(text: str) -> set[Severity]:
    try:
        return {Severity(part.strip().lower()) for part in text.split(",") if part.strip()}
    except ValueError as err:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a list of severities: use error, warning and info, comma-separated"
        ) from err


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a rackplan project file (.rackplan.json)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--severity",
        type=_severities,
        default=set(Severity),
        metavar="LIST",
        help="which findings to list, e.g. error,warning (default: all); "
        "the exit code counts errors either way",
    )


def run(args: argparse.Namespace) -> int:
    try:
        catalog = default_catalog()
        project = load(Path(args.file), catalog.racks).project
    except (ProjectFileError, CatalogError) as err:
        return fail(err)
    report = RuleEngine(catalog).run(project, once=True)
    shown = [f for f in report.findings if f.severity in args.severity]
    print(
        json.dumps(as_json(report, shown, project), indent=2)
        if args.format == "json"
        else as_text(report, shown, args.severity)
    )
    return EXIT_ERRORS if report.has_errors else 0


def _item(finding: Finding, project: Project) -> dict[str, Any]:
    """A finding as JSON: the ids it names, and their labels as the message gives them."""
    return {
        "code": finding.code,
        "severity": finding.severity.value,
        "message": finding.message,
        "items": list(finding.ids),
        "names": [display_name(project, i) for i in finding.ids],
        "measured": finding.measured,
        "limit": finding.limit,
        "unit": finding.unit,
    }


def as_json(report: Report, shown: list[Finding], project: Project) -> dict[str, Any]:
    """The findings listed, the counts of the whole report, and the accepted findings apart.

    ``counts`` covers every severity whatever ``--severity`` lists, as the exit code does;
    excluded findings are neither listed nor counted, but given under ``excluded``.
    """
    return {
        "findings": [_item(f, project) for f in shown if not f.excluded],
        "counts": {s.value: n for s, n in report.counts().items()},
        "excluded": [{**_item(f, project), "comment": f.comment} for f in shown if f.excluded],
    }


def _counted(severity: Severity, count: int) -> str:
    plural = "s" if count != 1 and severity is not Severity.INFO else ""
    return f"{count} {severity.value}{plural}"


def as_text(report: Report, shown: list[Finding], listed: Collection[Severity] = ()) -> str:
    """One line per finding (severity, code, message), the accepted ones last, then counts
    of the whole report; when the ``listed`` severities have none, it says so first (a
    trial read only "9 errors" after asking for warnings)."""
    excluded = [f for f in shown if f.excluded]
    lines = [f"{f.severity.value:<7}  {f.code}  {f.message}" for f in shown if not f.excluded]
    if not shown and listed and set(listed) != set(Severity):
        names = " or ".join(s.value for s in Severity if s in listed)
        lines.append(f"No findings of severity {names}; the whole report:")
    lines += [
        f"{f.severity.value:<7}  {f.code}  {f.message} [excluded: {f.comment or 'no comment'}]"
        for f in excluded
    ]
    counts = report.counts()
    tally = ", ".join(_counted(s, counts[s]) for s in Severity)
    lines.append(tally + (f"; {len(excluded)} excluded" if excluded else ""))
    return "\n".join(lines)
