"""``compare A B``: two designs side by side, each figure with B less A.

Two projects, or two saved variants of one, are read, checked and planned as ``summary``,
``bom``, ``check`` and ``jobs`` would, and their figures lined up: accelerators, compute,
power, racks, floor, links by medium, optics, cable, each training job's step and time
per plane (jobs matched by name), capital, a year of energy and carbon, and findings. The
year is counted with the options ``energy`` takes. ``--pdf`` writes the comparison as
sheets of a drawing set instead of printing it.
"""

from __future__ import annotations

import argparse
import datetime
import json
from pathlib import Path
from typing import Any

from designer.commands._common import (
    STOPS,
    CommandError,
    fail,
    headless_qt,
    no_stdout,
    not_the_input,
    open_project,
)
from designer.commands.energy import add_assumption_arguments, assumptions_of
from designer.core.catalog import default_catalog
from designer.core.energy.compare import Row, compare, design_figures, scope_notes
from designer.core.energy.text import cells


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="the first project file (.rackplan.json)")
    parser.add_argument("b", metavar="B", help="the second project file, compared with A")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument(
        "--pdf", metavar="OUT.pdf", help="write the comparison as A3 sheets to this PDF"
    )
    add_assumption_arguments(parser)


def run(args: argparse.Namespace) -> int:
    try:
        if args.pdf is not None:
            _check_pdf(args.pdf, args.a, args.b)
        first = open_project(args.a, "compare it").project
        second = open_project(args.b, "compare it").project
        assumptions = assumptions_of(args)
    except CommandError as err:
        return fail(err)
    catalog = default_catalog()
    rows = compare(
        design_figures(first, catalog, assumptions), design_figures(second, catalog, assumptions)
    )
    names = ((args.a, first.meta.name), (args.b, second.meta.name))
    if args.pdf is not None:
        revisions = f"{first.meta.revision} / {second.meta.revision}"
        return _write_pdf(rows, names, revisions, Path(args.pdf))
    print(
        json.dumps(as_json(rows, names), indent=2)
        if args.format == "json"
        else as_text(rows, names)
    )
    return 0


def as_json(rows: list[Row], names: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The comparison as data: both designs named, one entry per figure."""
    (file_a, name_a), (file_b, name_b) = names
    return {
        "a": {"file": file_a, "project": name_a},
        "b": {"file": file_b, "project": name_b},
        "figures": [_figure(r) for r in rows],
        "differing": sum(r.differs for r in rows),
        "notes": scope_notes(rows),
    }


def _figure(row: Row) -> dict[str, Any]:
    """One figure as data; ``missing`` says what a side without it reads instead (a job
    that design does not hold: "no such job"), where one does."""
    entry: dict[str, Any] = {
        "figure": row.key,
        "label": row.label,
        "a": row.a,
        "b": row.b,
        "difference": row.difference,
    }
    missing = {side: why for side, why in zip("ab", row.missing, strict=True) if why}
    if missing:
        entry["missing"] = missing
    return entry


def as_text(rows: list[Row], names: tuple[tuple[str, str], ...]) -> str:
    """The comparison as a table a person reads in a terminal."""
    (file_a, name_a), (file_b, name_b) = names
    table = [("Figure", "A", "B", "B − A")] + [(r.label, *cells(r)) for r in rows]
    widths = [max(len(line[i]) for line in table) for i in range(4)]
    lines = [f"A: {name_a} ({file_a})", f"B: {name_b} ({file_b})", ""]
    for label, a, b, diff in table:
        lines.append(
            f"{label:<{widths[0]}}  {a:>{widths[1]}}  {b:>{widths[2]}}  {diff:>{widths[3]}}"
        )
    differing = sum(r.differs for r in rows)
    lines.append("")
    lines.append(
        f"{differing} of {len(rows)} figures differ."
        if differing
        else "The two designs do not differ in any figure."
    )
    lines.extend(f"Note: {note}" for note in scope_notes(rows))
    return "\n".join(lines)


def _check_pdf(output: str, a: str, b: str) -> None:
    """Refuse an output that is no PDF file, or that is one of the projects compared."""
    no_stdout(output, "a PDF")
    if Path(output).suffix.lower() != ".pdf":
        raise CommandError(f"--pdf {output}: the file name must end in .pdf.")
    not_the_input(output, a)
    not_the_input(output, b)


def _write_pdf(
    rows: list[Row], names: tuple[tuple[str, str], ...], revisions: str, path: Path
) -> int:
    """The comparison's sheets written to ``path``, stopped at the end of a sheet by Ctrl+C."""
    with STOPS.deferred():  # a stop inside Qt's import would crash it
        headless_qt()
        from designer.core.io.atomic import OutputError
        from designer.report.pages.energy import comparison_pages
        from designer.report.paper import SheetFrame
        from designer.report.writer import ExportCancelled, SetInfo, write_pdf

    (file_a, name_a), (file_b, name_b) = names
    pages = comparison_pages(
        rows, f"{name_a} ({file_a})", f"{name_b} ({file_b})", SheetFrame.of("A3")
    )
    # two variants of one generated design share its name: their files tell them apart (a
    # trial's title read "CloudMatrix384 campus, 125 systems compared with" the same)
    title = (
        f"{name_a} compared with {name_b}"
        if name_a != name_b
        else f"{name_a}: {Path(file_a).name} compared with {Path(file_b).name}"
    )
    info = SetInfo(title, revisions, datetime.date.today().isoformat())
    try:
        with STOPS.deferred():
            write_pdf(pages, path, "A3", info, STOPS.keep_going)
            STOPS.asked = False
    except OutputError as err:
        return fail(err)
    except ExportCancelled:
        raise KeyboardInterrupt from None  # stopped by a signal at the end of a sheet
    print(f"wrote {path}")
    return 0
