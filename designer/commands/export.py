"""``export FILE -o OUT``: the PDF drawing set, one hall as PNG or SVG, a schedule as CSV."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from designer.commands._common import (
    STOPS,
    CommandError,
    fail,
    headless_qt,
    no_stdout,
    not_the_input,
    open_project,
)
from designer.core.format import plural
from designer.core.io.atomic import OutputError
from designer.core.io.printable import printable
from designer.core.model.project import Project
from designer.report.paper import PAPER_MM


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a rackplan project file (.rackplan.json)")
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        help="OUT.pdf, OUT.png, OUT.svg, OUT.csv, OUT.dxf or OUT.zip",
    )
    parser.add_argument(
        "--paper",
        type=_paper,
        choices=sorted(PAPER_MM),
        default="A3",
        help="sheet size, landscape (default A3; any case: a4 is A4)",
    )
    parser.add_argument(
        "--hall",
        help="the hall to draw in a PNG or SVG, by name or id (needed when the project has "
        "more than one hall)",
    )
    parser.add_argument(
        "--table",
        choices=("links", "cables", "bom", "racks", "netbox"),
        help="what a CSV holds: the cable schedule (links, the default: a row a bundle), the "
        "cable list (cables: a row a cable, its ports and label, as NetBox's), the BOM, or the "
        "racks as import-racks reads them; netbox: the CSV files of NetBox's bulk import, in "
        "a .zip",
    )
    parser.add_argument(
        "--previous",
        metavar="OLD.zip",
        help="NetBox only (-o OUT.zip --table netbox): the set export wrote for the revision "
        "before; each cable of the same label keeps its devices and interfaces where they "
        "still hold, and the output counts the cables kept, moved, gone and new. OUT.zip may "
        "be OLD.zip: it is read before the new set is written",
    )
    parser.add_argument(
        "--enlarged",
        action="store_true",
        help="PDF only: add enlarged part plans (1:100, or 1:50 where a label needs it) after "
        "each hall drawn too small to name every rack",
    )


def _paper(text: str) -> str:
    """The paper name as the report spells it, whatever the case typed."""
    return next((name for name in PAPER_MM if name.lower() == text.lower()), text)


def run(args: argparse.Namespace) -> int:
    try:
        no_stdout(
            args.output,
            "a file (.pdf, .png, .svg, .csv, .dxf or .zip)",
            "The bom and links commands print their tables (-o - or no -o).",
        )
        not_the_input(args.output, args.file)
        _previous_for_netbox(args)
        project = open_project(args.file, "export the project").project
    except CommandError as err:
        return fail(err)
    if Path(args.output).suffix.lower() in (".dxf", ".zip") or args.table in ("racks", "cables"):
        return _for_other_tools(project, args)
    if args.table == "netbox":
        return fail(
            CommandError("NetBox's import is several CSV files: write a .zip (-o OUT.zip).")
        )
    with STOPS.deferred():  # a stop inside Qt's import would crash it
        headless_qt()
        from designer.core.catalog import default_catalog
        from designer.report.export import export
        from designer.report.writer import ExportCancelled

    # Qt paints while Python asks for a stop: a PDF stops at the end of a sheet, a picture
    # or a schedule when it is done; one asked for once the file is whole comes too late.
    pdf = Path(args.output).suffix.lower() == ".pdf"
    try:
        with STOPS.deferred():
            pages = export(
                project,
                default_catalog(),
                Path(args.output),
                args.paper,
                args.hall,
                args.table or "links",
                progress=STOPS.keep_going,
                enlarged=args.enlarged,
            )
            STOPS.asked = False
    except OutputError as err:
        return fail(err)
    except ExportCancelled:
        raise KeyboardInterrupt from None  # stopped by a signal at the end of a sheet
    print(f"wrote {args.output}")
    suffix = Path(args.output).suffix.lower()
    if suffix != ".csv":
        from designer.report.fonts import missing_note

        if boxes := missing_note(project):
            print(f"note: {printable(boxes)}", file=sys.stderr)  # it quotes the characters
    if args.hall and suffix in (".pdf", ".csv"):
        print(
            "note: --hall picks the hall of a PNG or SVG; a PDF set and a schedule cover "
            "every hall.",
            file=sys.stderr,
        )
    if args.enlarged and suffix != ".pdf":
        print(
            "note: --enlarged adds enlarged parts to a PDF set; a picture or a schedule has none.",
            file=sys.stderr,
        )
    coarse = {p.title.partition(": floor plan")[0] for p in pages if p.unnamed}
    if pdf and args.enlarged and not any(", part " in p.title for p in pages):
        print(
            "note: every hall is drawn at a scale that names its racks; --enlarged adds no parts.",
            file=sys.stderr,
        )
    if pdf and coarse and not args.enlarged:
        print(
            f"note: {plural(len(coarse), 'hall')} {'is' if len(coarse) == 1 else 'are'} drawn "
            "too small to name every rack whole (at 1:200 or coarser, or with labels longer "
            "than their racks); --enlarged adds their parts at 1:100 (1:50 where a label "
            "needs it), which name every rack.",
            file=sys.stderr,
        )
    for page in pages:  # on the first sheet of each hall that leaves something off
        if page.left_off:
            print(f"note: {printable(page.left_off)}", file=sys.stderr)
    if args.table and suffix != ".csv":
        print(
            "note: --table picks what a CSV holds; a PDF set has both the cabling and the "
            "BOM, a PNG or SVG neither.",
            file=sys.stderr,
        )
    return 0


def _previous_for_netbox(args: argparse.Namespace) -> None:
    """Refuse ``--previous`` where no NetBox set is written: it keeps a NetBox set's cable
    ends, which no other output has (a .zip is the set, with --table netbox or none)."""
    if args.previous is None:
        return
    zip_set = args.table is None and Path(args.output).suffix.lower() == ".zip"
    # (--table netbox to another file than a .zip is refused as such, after)
    if not zip_set and args.table != "netbox":
        table = f" --table {args.table}" if args.table else ""
        raise CommandError(
            f"--previous {args.previous}: it keeps the cable ends of a NetBox set, and this "
            f"writes none (-o {args.output}{table}); give -o OUT.zip --table netbox."
        )


def _for_other_tools(project: Project, args: argparse.Namespace) -> int:
    """DXF for CAD, the NetBox zip and the rack sheet, which need no Qt."""
    from designer.core.catalog import default_catalog
    from designer.core.interop.ports import PreviousSetError
    from designer.report.interop import export_interop, previous_set

    with STOPS.deferred():  # the hall is found as a picture's is; that module loads Qt
        from designer.report.export import find_hall
    try:
        hall = find_hall(project, args.hall) if args.hall else None
        # read whole before the new set is written, which may replace it
        previous = previous_set(Path(args.previous)) if args.previous else None
        told = export_interop(
            project,
            default_catalog(),
            Path(args.output),
            hall,
            args.table or "netbox",
            previous=previous,
        )
    except (OutputError, PreviousSetError) as err:
        return fail(err)
    for line in told:
        note = line.startswith("note: ")
        print(printable(line) if note else line, file=sys.stderr if note else sys.stdout)
    suffix = Path(args.output).suffix.lower()
    if args.hall and suffix == ".zip":
        print(
            "note: --hall picks the hall of a DXF; a NetBox set covers every hall.", file=sys.stderr
        )
    # what these formats take no notice of is said, as a PDF's and a picture's are (a
    # trial's "-o x.dxf --table bom --paper A4" wrote a DXF without a word)
    if suffix == ".dxf" and args.table:
        print(
            "note: --table picks what a CSV or a .zip holds; a DXF draws the hall.", file=sys.stderr
        )
    if suffix == ".zip" and args.table not in (None, "netbox"):
        print(
            f"note: a .zip is NetBox's set; --table {args.table} is for a CSV (-o OUT.csv).",
            file=sys.stderr,
        )
    if args.paper != "A3" and suffix in (".dxf", ".zip", ".csv"):
        print(
            "note: --paper sizes a PDF set's sheets and a picture; a DXF is drawn at full "
            "size and a table has no paper.",
            file=sys.stderr,
        )
    if args.enlarged:
        print("note: --enlarged adds enlarged parts to a PDF set only.", file=sys.stderr)
    return 0
