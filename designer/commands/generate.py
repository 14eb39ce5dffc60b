"""``generate PRESET -o FILE``: a whole cluster from a preset and a few options."""

from __future__ import annotations

import argparse
import difflib
import sys

from designer.commands._common import CommandError, fail, no_stdout, project_output
from designer.core.generate import PRESETS, ClusterRequest, GenerateError, generate, outline
from designer.core.generate.cluster import oversubscription_of
from designer.core.io.atomic import OutputError, write_output
from designer.core.io.project_file import to_bytes


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # checked in ``run``: a misspelt preset gets one line naming the presets, not the usage
    parser.add_argument("preset", metavar="PRESET", help="what to build: " + ", ".join(PRESETS))
    parser.add_argument("-o", "--output", help="the project file to write")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--systems", type=int, help="systems (or racks, for a rack preset)")
    size.add_argument("--accelerators", type=int, help="accelerators; systems are rounded up")
    parser.add_argument("--sites", type=int, help="sites (default: the fewest that carry it)")
    parser.add_argument(
        "--site-power",
        type=float,
        metavar="MW",
        help="supply per site, MW (a campus: 110 by default; a pod's site: sized to the "
        "design with a quarter's headroom unless given)",
    )
    parser.add_argument("--site-km", type=float, metavar="KM", help="fibre between sites, km")
    parser.add_argument("--halls-per-site", type=int, help="halls in each site")
    parser.add_argument(
        "--per-row",
        type=int,
        help="systems (or racks) in one row pair (default: the preset's; a pod preset asked "
        "for more than its size is laid out as a cluster of its racks, 32 NVL72 or DGX racks "
        "to a row pair)",
    )
    parser.add_argument(
        "--oversubscription",
        metavar="RATIO",
        help="leaf downlinks per uplink, as 2:1 or 2 (default 1:1, non-blocking)",
    )
    parser.add_argument("--fabric", choices=("infiniband", "ethernet"), help="scale-out fabric")
    parser.add_argument(
        "--dry-run", action="store_true", help="print what would be built, write nothing"
    )


def run(args: argparse.Namespace) -> int:
    if args.preset not in PRESETS:
        close = difflib.get_close_matches(args.preset, list(PRESETS), n=1)
        hint = f" Did you mean {close[0]}?" if close else ""
        print(
            f"error: {args.preset!r} is not a preset.{hint} The presets are: " + ", ".join(PRESETS),
            file=sys.stderr,
        )
        return 2
    try:
        over = 1.0 if args.oversubscription is None else oversubscription_of(args.oversubscription)
    except GenerateError as err:
        return _refused(args.preset, err)
    request = ClusterRequest(
        args.preset,
        systems=args.systems,
        accelerators=args.accelerators,
        sites=args.sites,
        site_power_mw=args.site_power,
        site_km=args.site_km,
        halls_per_site=args.halls_per_site,
        per_row=args.per_row,
        oversubscription=over,
        fabric=args.fabric,
    )
    if not args.output and not args.dry_run:
        print("error: say where to write the project with -o FILE (or --dry-run)", file=sys.stderr)
        return 2
    try:
        no_stdout(args.output or "", "a project file")
        # refused before the build, which takes seconds on a campus
        target = (
            project_output(
                args.output, "generate writes a project: export draws it to PDF, PNG or DXF."
            )
            if args.output
            else None
        )
    except CommandError as err:
        return fail(err)
    try:
        planned = outline(request)
        if target is not None and not args.dry_run:  # told once written, not before
            write_output(target, to_bytes(generate(request)))
    except GenerateError as err:
        return _refused(args.preset, err)
    except (OutputError, CommandError) as err:
        return fail(err)
    print("\n".join(planned.lines()))
    if args.site_km is not None and len(planned.sites) == 1:
        # taken without a word, as if the design had the sites it was meant for (a trial)
        print("note: --site-km is not used: the design has one site", file=sys.stderr)
    if not args.dry_run:
        print(f"wrote {args.output}")
    return 0


def _refused(preset: str, err: GenerateError) -> int:
    """The refusal on one line, naming the option (``--site-power: ...``)."""
    print(f"error: cannot generate {preset}: --{err}", file=sys.stderr)
    return 2
