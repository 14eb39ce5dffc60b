"""``import-racks CSV --into PROJECT -o FILE``: racks from a spreadsheet into a project."""

from __future__ import annotations

import argparse
from pathlib import Path

from designer.commands._common import (
    CommandError,
    fail,
    no_stdout,
    not_the_input,
    open_project,
    project_output,
    warn_of,
)
from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.format import plural
from designer.core.interop.rack_sheet import RackSheetError, read_rack_sheet, sheet_text
from designer.core.io.atomic import OutputError, write_output
from designer.core.io.project_file import to_bytes


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("csv", help="the sheet (.csv, UTF-8)")
    parser.add_argument("--into", required=True, metavar="PROJECT", help="the project to add to")
    parser.add_argument("-o", "--output", required=True, help="the project file to write")


def run(args: argparse.Namespace) -> int:
    try:
        no_stdout(args.output, "a project file")
        not_the_input(args.output, args.into)
        not_the_input(args.output, args.csv, "sheet")
        project_output(args.output)
        opened = open_project(args.into, warn=False)  # told once the racks go in
        doc = Document(opened.project)
        text = sheet_text(Path(args.csv))
        racks = read_rack_sheet(text, doc.project, doc.rack_types)
        ops.place_racks(doc, ((r.hall_id, r.type_id, r.x, r.y, r.rotation, r.label) for r in racks))
        write_output(Path(args.output), to_bytes(doc.project))
    except (CommandError, RackSheetError, OutputError) as err:
        return fail(err)
    warn_of(opened)
    print(f"wrote {args.output} with {plural(len(racks), 'rack')} added from {Path(args.csv).name}")
    return 0
