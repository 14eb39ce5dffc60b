"""``bom FILE``: the bill of materials of a project's equipment and cabling, with the
cabling's power and cost."""

from __future__ import annotations

import argparse

from designer.commands._common import CommandError, add_table_arguments, emit, fail, open_project
from designer.core.catalog import default_catalog
from designer.core.naming import NotFound, find_named
from designer.core.network import bill_of_materials
from designer.core.network.export import bom_csv, bom_json
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_table_arguments(parser)
    parser.add_argument(
        "--site",
        help="only what this site orders (its name or id): its equipment and switches, the "
        "modules at its ends of every link and the cables within it; the fibre between sites "
        "is in the whole bill only",
    )


def run(args: argparse.Namespace) -> int:
    try:
        project = open_project(args.file, "print the bill of materials").project
        site = None
        if args.site is not None:
            site = find_named(list(project.sites.values()), args.site, "site", "--site")
    except (CommandError, NotFound) as err:
        return fail(err)
    bom = bill_of_materials(RuleEngine(default_catalog()).derived(PLAN, project), site)
    if args.format == "json":
        text = bom_json(project.meta.name, bom, project.sites[site].name if site else None)
    else:
        text = bom_csv(bom)
    return emit(text, args.output, args.file, sheet=args.format == "csv")
