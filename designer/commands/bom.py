"""``bom FILE``: the bill of materials of a project's equipment and cabling, with the
cabling's power and cost."""

from __future__ import annotations

import argparse

from designer.commands._common import CommandError, add_table_arguments, emit, fail, open_project
from designer.core.network import NetworkPlanner, bill_of_materials
from designer.core.network.export import bom_csv, bom_json

HELP = (
    "Print the bill of materials: racks, cooling units, busway and tray runs, modules, cables "
    "by order length, switches, fibre pairs and amplifiers, with optics power and cost "
    "(low-confidence prices; the equipment is counted, not priced)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser)


def run(args: argparse.Namespace) -> int:
    try:
        project = open_project(args.file, "print the bill of materials").project
    except CommandError as err:
        return fail(err)
    bom = bill_of_materials(NetworkPlanner().plan(project))
    text = bom_json(project.meta.name, bom) if args.format == "json" else bom_csv(bom)
    return emit(text, args.output)
