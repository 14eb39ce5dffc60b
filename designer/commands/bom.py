"""``bom FILE``: the bill of materials of a project's cabling, with power and cost."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from designer.commands._common import CommandError, fail, open_project
from designer.core.network import NetworkPlanner, bill_of_materials
from designer.core.network.export import ExportError, bom_csv, bom_json, save_text

HELP = (
    "Print the bill of materials: modules, cables by order length, switches, fibre pairs "
    "and amplifiers, with optics power and cost (low-confidence prices)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a rackplan project file (.rackplan.json)")
    parser.add_argument("--format", choices=("csv", "json"), default="csv")
    parser.add_argument("-o", "--output", help="write to this file instead of the screen")


def run(args: argparse.Namespace) -> int:
    try:
        project = open_project(args.file).project
    except CommandError as err:
        return fail(err)
    bom = bill_of_materials(NetworkPlanner().plan(project))
    text = bom_json(project.meta.name, bom) if args.format == "json" else bom_csv(bom)
    if args.output:
        try:
            save_text(Path(args.output), text)
        except ExportError as err:
            return fail(err)
    else:
        sys.stdout.write(text)
    return 0
