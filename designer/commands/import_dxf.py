"""``import-dxf DXF -o FILE``: a new project whose hall is a CAD drawing's base plan."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from designer.commands._common import (
    CommandError,
    fail,
    no_stdout,
    not_the_input,
    project_output,
)
from designer.core.document import operations as ops
from designer.core.document.new_project import NewProjectSpec, new_document
from designer.core.format import plural
from designer.core.interop.dxf_floor import (
    COLUMNS_LAYER,
    OUTLINE_LAYER,
    DxfFloorError,
    Units,
    read_base_plan,
    units_named,
)
from designer.core.io.atomic import OutputError, write_output
from designer.core.io.printable import printable
from designer.core.io.project_file import to_bytes


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dxf", help="the drawing (.dxf)")
    parser.add_argument("-o", "--output", required=True, help="the project file to write")
    parser.add_argument(
        "--layer-outline",
        default=OUTLINE_LAYER,
        metavar="L",
        help=f"the layer of the hall's outline (default {OUTLINE_LAYER})",
    )
    parser.add_argument(
        "--layer-columns",
        metavar="L",
        help=f"the layer of the columns (default {COLUMNS_LAYER}, where the drawing has it; "
        "a layer named here must be in the drawing)",
    )
    parser.add_argument(
        "--units",
        type=_units,
        metavar="U",
        help="what one drawing unit is: mm, m, in or ft, in any case or spelled out (inches, "
        "feet, metres, meters, ...; default: what the drawing says in $INSUNITS)",
    )
    parser.add_argument(
        "--hall-name",
        metavar="NAME",
        help="the hall's name (default: the drawing's file name), as a rack sheet names it",
    )


def _units(text: str) -> Units:
    """The unit ``--units`` names, as the CAD user writes it (a trial's ``--units IN`` was
    refused where ``--paper a4`` is taken)."""
    try:
        return units_named(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from err


def run(args: argparse.Namespace) -> int:
    source = Path(args.dxf)
    try:
        no_stdout(args.output, "a project file")
        not_the_input(args.output, args.dxf, "drawing")
        project_output(args.output)
        plan = read_base_plan(source, args.layer_outline, args.layer_columns, args.units)
    except (CommandError, DxfFloorError) as err:
        return fail(err)
    # the hall's rating and capacities as File ▸ New starts them, to be set in the designer
    hall_name = (args.hall_name or "").strip() or source.stem
    spec = NewProjectSpec(name=source.stem, hall_name=hall_name)
    doc = new_document(spec)
    hall = next(iter(doc.project.halls))
    # with where the hall lies in the drawing, for its DXF to be written back over it
    ops.import_base_plan(doc, hall, plan.outline, plan.columns, plan.drawing_origin)
    try:
        write_output(Path(args.output), to_bytes(doc.project))
    except OutputError as err:
        return fail(err)
    print(
        f"wrote {args.output}: hall {spec.hall_name} of {plan.area_m2:,.1f} m² "
        f"with {len(plan.outline)} corners and {plural(len(plan.columns), 'column')}"
    )
    for note in plan.notes:
        print(f"note: {printable(note)}", file=sys.stderr)
    if plan.shift != (0, 0):
        # in the drawing's own terms (y up), as the hall keeps it: a trial's export landed
        # 20 m below the drawing it came from, where "rackplan's own DXF puts it at (0, 0)"
        x, y = plan.drawing_origin
        print(
            f"note: the hall's origin, its top-left corner on the plan, is the drawing's "
            f"point ({x:,}, {y:,}) mm, which the hall keeps: its DXF export is drawn there "
            "again, to overlay the drawing",
            file=sys.stderr,
        )
    print(
        f"note: floor rating {spec.floor_rating_kpa:g} kPa, power and cooling "
        f"{spec.power_capacity_kw:,.0f} kW are File ▸ New's starting values; set the hall's "
        "own in the designer",
        file=sys.stderr,
    )
    for skipped in plan.skipped:
        print(f"not read: {printable(skipped)}", file=sys.stderr)
    return 0
