"""``jobs FILE``: where each training job runs, what its traffic costs per step, and the
``jobs`` family of findings; ``--add NAME ... -o OUT`` adds a job from parameters first.

Exit 0 when no job has an error (excluded errors do not count), 1 when one does, 2 when
the file cannot be read or the job's values are refused.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from designer.commands._common import (
    CommandError,
    fail,
    no_stdout,
    not_the_input,
    open_project,
    project_output,
)
from designer.commands.check import EXIT_ERRORS
from designer.commands.check import as_json as findings_json
from designer.commands.check import as_text as findings_text
from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document, TransactionError
from designer.core.io.atomic import OutputError, write_output
from designer.core.io.project_file import to_bytes
from designer.core.jobs.placement import room_in
from designer.core.jobs.summary import (
    describe,
    order_text,
    placement_text,
    relayed_texts,
    sites_text,
)
from designer.core.jobs.text import CP_NOT_COUNTED, bubble, data, degrees, duration, rate
from designer.core.model.job import Job, TransformerModel
from designer.core.model.project import Project
from designer.core.refusal import refusal
from designer.core.rules import RuleEngine
from designer.core.rules import jobs as job_rules

#: The degrees --add takes as 1 when not given; DP is worked out (``_most_dp``).
_DEGREES_OF_1 = ("tp", "cp", "ep", "pp")
_DEGREES = (*_DEGREES_OF_1, "dp")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a rackplan project file (.rackplan.json)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add = parser.add_argument_group(
        "adding a job (--add NAME with the model and degrees, written with -o FILE)"
    )
    add.add_argument("--add", metavar="NAME", help="add a job of this name")
    add.add_argument("-o", "--output", help="the project file to write with the job added")
    add.add_argument("--parameters", type=float, help="the model's parameters, e.g. 70e9")
    add.add_argument("--layers", type=int, help="transformer layers")
    add.add_argument("--hidden", type=int, help="hidden size")
    add.add_argument("--sequence", type=int, help="sequence length in tokens")
    # defaults given in ``_with_defaults``, so that one given without --add is told apart
    add.add_argument(
        "--precision", choices=("bf16", "fp8", "fp4", "int8"), help="precision (default bf16)"
    )
    add.add_argument("--experts", type=int, help="experts of a mixture of experts (default 1)")
    add.add_argument("--top-k", type=int, help="experts each token passes (default 1)")
    add.add_argument(
        "--expert-parameters", type=float, help="parameters inside the experts (default 0)"
    )
    for degree in _DEGREES:
        default = "the most replicas the job's scope holds" if degree == "dp" else "1"
        add.add_argument(
            f"--{degree}", type=int, help=f"{degree.upper()} degree (default: {default})"
        )
    add.add_argument("--micro-batch", type=int, help="sequences per micro-batch (default 1)")
    add.add_argument("--global-batch", type=int, help="sequences per step")
    add.add_argument("--zero", type=int, choices=(0, 1, 2, 3), help="ZeRO stage (default 0)")
    add.add_argument("--utilisation", type=float, help="share of peak reached (MFU)")
    add.add_argument(
        "--where", help="ids of sites, halls, systems or racks, comma-separated (default: all)"
    )
    add.add_argument(
        "--order",
        choices=("stages", "pipelines"),
        help="how its groups are laid: stages (default: each stage's replicas side by side) "
        "or pipelines (each replica's stages side by side, PP kept in a domain it fits)",
    )


#: What --add takes for a figure not given.
ADD_DEFAULTS: dict[str, Any] = {
    "precision": "bf16",
    "experts": 1,
    "top_k": 1,
    "expert_parameters": 0.0,
    "micro_batch": 1,
    "zero": 0,
    "order": "stages",
    **dict.fromkeys(_DEGREES_OF_1, 1),
}


def _with_defaults(args: argparse.Namespace) -> argparse.Namespace:
    """``args`` with ``ADD_DEFAULTS`` for the figures not given."""
    given = vars(args)
    unset = {name: value for name, value in ADD_DEFAULTS.items() if given.get(name) is None}
    return argparse.Namespace(**{**given, **unset})


def _added(project: Project, args: argparse.Namespace) -> tuple[Project, str]:
    """``project`` with the job of ``--add``, and what DP was worked out when --dp was not
    given (else ""); a refused value is a ``CommandError``."""
    args = _with_defaults(args)
    if not args.add.strip():
        raise CommandError("--add: give the job a name (an empty one added nothing)")
    missing = [
        f"--{name.replace('_', '-')}"
        for name in ("parameters", "layers", "hidden", "sequence")
        if getattr(args, name) is None
    ]
    if missing:
        raise CommandError(f"--add {args.add}: give the model's {', '.join(missing)}")
    if not args.output:
        raise CommandError("--add: say where to write the project with -o FILE")
    if args.global_batch is not None and args.global_batch < 1:
        raise CommandError(f"--global-batch: give at least 1 sequence, not {args.global_batch}")
    no_stdout(args.output, "a project file")
    not_the_input(args.output, args.file)
    project_output(args.output)
    dp = args.dp if args.dp is not None else 1  # worked out below when not given
    doc = Document(project, catalog=default_catalog())
    try:
        model = TransformerModel(
            parameters=_whole(args.parameters, "--parameters"),
            layers=args.layers,
            hidden=args.hidden,
            sequence=args.sequence,
            precision=args.precision,
            experts=args.experts,
            top_k=args.top_k,
            expert_parameters=_whole(args.expert_parameters, "--expert-parameters", 0),
        )
        job_id = ops.add_job(
            doc,
            args.add,
            model=model,
            micro_batch=args.micro_batch,
            global_batch=args.global_batch or _streams(args, dp),
            zero=args.zero,
            utilisation=args.utilisation,
            where=[w.strip() for w in (args.where or "").split(",") if w.strip()],
            order=args.order,
            **{d: getattr(args, d) for d in _DEGREES_OF_1},
            dp=dp,
        )
        said = ""
        if args.dp is None:  # the job as added, validated, tells how many replicas fit
            dp, said = _most_dp(doc, doc.project.jobs[job_id])
            global_batch = args.global_batch or _streams(args, dp)
            ops.update(doc, job_id, dp=dp, global_batch=global_batch)
    except ValidationError as err:
        raise CommandError(_refused(args, err.errors(include_url=False)[0])) from err
    except TransactionError as err:
        cause = err.__cause__  # the job's own refusal, raised inside the transaction
        if isinstance(cause, ValidationError):
            raise CommandError(_refused(args, cause.errors(include_url=False)[0])) from err
        raise CommandError(f"--add {args.add}: {err}") from err
    return doc.project, said


def _streams(args: argparse.Namespace, dp: int) -> int:
    """The global batch --add takes when none is given: micro-batch x EP x DP."""
    return int(args.micro_batch * args.ep * dp)


def _most_dp(doc: Document, job: Job) -> tuple[int, str]:
    """The most DP replicas ``job`` (the last of ``doc``'s) can have and be placed whole,
    and a line saying so; ``CommandError`` when not even one fits."""
    room = room_in(job, doc.project, doc.rack_types)
    if room.replicas:
        return room.replicas, room.taken(job)
    scope = f" (--where {_systems(job.where)})" if job.where else ""
    raise CommandError(f"--dp: {room.why_none(job, scope)}")


def _refused(args: argparse.Namespace, error: Any) -> str:
    """A value the job or its model refused, named by its option as generate names its
    own: ``--tp: must be at least 1, not 0`` (it read "--add j: tp: Input should be greater
    than or equal to 1"); figures that disagree with each other are the job's."""
    refused = refusal(error)
    if not refused.field:
        return f"--add {args.add}: {refused.reason}"
    name = refused.field.split(".")[0]
    option = "--add" if name == "name" else f"--{name.replace('_', '-')}"
    given = getattr(args, name, None)
    if given is None:  # a figure --add works out: the global batch
        given = refused.value
        option += " (not given: micro-batch x EP x DP)" if name == "global_batch" else ""
    must = refused.must(_shown(given))
    return f"{option}: {must or refused.reason}"


def _shown(value: Any) -> str:
    """A value as it was typed: ``0``, ``1e+15``, ``200,000,000``; a name or a list by its
    length, which is what its limit counts."""
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, int):
        return f"{value:,}"
    return f"{len(value):,}" if isinstance(value, str | list) else str(value)


def _whole(value: float, option: str, least: int = 1) -> int:
    """``value`` as a whole count of parameters, at least ``least``: a trial's nan and inf
    ended in internal errors, and -1 was called no whole number."""
    if not math.isfinite(value) or value != int(value) or value < least:
        raise CommandError(
            f"{option}: give a whole number of parameters, at least {least}, not {value:g}"
        )
    return int(value)


#: What only --add reads: given without it, they were dropped without a word (a trial).
ADD_ONLY = (
    "output",
    "parameters",
    "layers",
    "hidden",
    "sequence",
    "global_batch",
    "utilisation",
    "where",
    *ADD_DEFAULTS,
    "dp",
)


def _unused(args: argparse.Namespace) -> list[str]:
    """The options of --add given without --add."""
    return [f"--{n.replace('_', '-')}" for n in ADD_ONLY if getattr(args, n) is not None]


def run(args: argparse.Namespace) -> int:
    try:
        unused = _unused(args) if args.add is None else []
        if unused:
            raise CommandError(
                f"{', '.join(unused)}: {'an option' if len(unused) == 1 else 'options'} of "
                "--add NAME, which adds a job; without it nothing reads "
                f"{'it' if len(unused) == 1 else 'them'}"
            )
        project = open_project(args.file).project
        said = ""
        if args.add is not None:
            project, said = _added(project, args)
    except CommandError as err:
        return fail(err)
    if args.add is not None:
        try:
            write_output(Path(args.output), to_bytes(project))
        except OutputError as err:
            return fail(err)
    catalog = default_catalog()
    engine = RuleEngine(catalog, checks=job_rules.CHECKS)
    report = engine.run(project)
    assessed = engine.derived(job_rules.JOBS)
    assert assessed is not None
    jobs = [
        describe(project, job, assessed.plan.layout, assessed.traffic.get(job.id))
        for job in project.jobs.values()
    ]
    if args.format == "json":
        out = {"jobs": jobs, **findings_json(report, list(report.findings), project)}
        print(json.dumps(out, indent=2))
    else:
        print(as_text(jobs, project))
        print(findings_text(report, list(report.findings)))
    # beside JSON, the notes go to stderr, so that what is printed stays one JSON document
    notes = sys.stderr if args.format == "json" else sys.stdout
    if said:
        print(said, file=notes)
    if args.add:
        print(f"wrote {args.output}", file=notes)
    return EXIT_ERRORS if report.has_errors else 0


def _systems(names: list[str]) -> str:
    if len(names) <= 4:
        return ", ".join(names)
    return f"{names[0]}, {names[1]} ... {names[-1]}"


def as_text(jobs: list[dict[str, Any]], project: Project) -> str:
    """Each job: its degrees, where it stands, its step and memory, a table of its planes."""
    lines = []
    for job in jobs:
        entity = project.jobs[job["id"]]
        model = job["model"]
        moe = f", {model['experts']} experts top-{model['top_k']}" if model["experts"] > 1 else ""
        lines.append(
            f"{job['name']}: {degrees(entity)} = {job['accelerators']:,} accelerators "
            f"({model['parameters'] / 1e9:,.4g}B parameters{moe}, {model['precision'].upper()}, "
            f"{model['sequence']:,} tokens)"
        )
        if not job["placed"]:
            lines.append("  not placed whole: see the findings below")
        systems = job["systems"]
        named = f" ({_systems(systems)})" if systems else ""
        lines.append(f"  Placement: {placement_text(job)}{named}")
        if systems:
            lines.append(f"    {sites_text(job)}")
        order = order_text(job)
        if order:
            lines.append(f"    {order}")
        if "planes" not in job:
            lines.append("")
            continue
        compute = job["compute_seconds"]
        step = duration(compute) if compute is not None else "not known"
        lines.append(
            f"  Step: {job['micro_batches']:,.4g} "
            f"micro-batch{'' if job['micro_batches'] == 1 else 'es'} of {job['micro_batch']} per "
            f"pipeline; compute {step} at {job['utilisation']:.0%} utilisation (estimate)"
            + bubble(compute, job["bubble"])
        )
        lines.append(
            f"  Memory: {job['memory_gb']:,.0f} GB of {job['hbm_gb']:,.0f} GB per accelerator "
            "(weights, gradients, optimizer state; activations not counted)"
        )
        rows = [
            ("Plane", "Traffic per step", "By dimension", "Bandwidth each way", "Time", "Latency")
        ]
        for plane in job["planes"]:
            seconds = plane["seconds"]
            latency = plane["latency_us"]
            rows.append(
                (
                    plane["plane"],
                    f"{data(plane['bytes'])} {plane['per']}",
                    ", ".join(f"{k} {data(v)}" for k, v in plane["parts"].items()),
                    rate(plane["gbps"]) if plane["gbps"] else "none",
                    duration(seconds) if seconds is not None else "never",
                    f"{latency:,.0f} µs over {plane['distance_km']:,.0f} km" if latency else "",
                )
            )
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        for row in rows:
            lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)))
        lines.extend(f"  {text}" for text in relayed_texts(job))
        if job["degrees"]["cp"] > 1:
            lines.append(f"  {CP_NOT_COUNTED}.")
        lines.append("")
    if not jobs:
        lines.append("No jobs in this project: add one with --add NAME (see --help).")
    return "\n".join(lines).rstrip("\n") + "\n"
