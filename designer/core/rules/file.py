"""File integrity: what the loader found inconsistent, reported as findings.

A file with an unknown rack type or a dangling id still opens (no work is lost to one bad
reference); these findings keep the problem in front of the architect until it is fixed.
The loader's own ``integrity_problems`` writes the messages, so the check and the loader
say the same thing. It looks at the whole project, so it runs again only after an edit
that adds or removes an entity or changes a reference or a rack type: never after a move.

Two racks of one hall with one label are legal but ambiguous: the cable schedule, the
drawings and the installers name racks by label. A campus may repeat labels from hall to
hall (the schedule says each end's hall), so the check looks within each hall.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from designer.core.document.integrity import references
from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.io.project_file import integrity_problems
from designer.core.model.project import Project
from designer.core.rules.check import Check, each_hall
from designer.core.rules.context import Changes, Context
from designer.core.rules.links import LINKS

FAMILY = "file"

UNKNOWN_TYPE = CodeInfo(
    "file.unknown_type",
    FAMILY,
    "Unknown rack type",
    Severity.ERROR,
    "A rack's type is neither in the catalog nor among the project's own types.",
)
DANGLING_ID = CodeInfo(
    "file.dangling_id",
    FAMILY,
    "Reference to a missing item",
    Severity.ERROR,
    "An item names an id that is not in the project.",
)
DUPLICATE_ID = CodeInfo(
    "file.duplicate_id",
    FAMILY,
    "Id used twice",
    Severity.ERROR,
    "Two different kinds of item share one id.",
)

DUPLICATE_LABEL = CodeInfo(
    "file.duplicate_label",
    FAMILY,
    "Label used twice in a hall",
    Severity.WARNING,
    "Two racks of one hall carry the same label, so the cable schedule and the drawings "
    "cannot tell them apart.",
)

DUPLICATE_HALL_NAME = CodeInfo(
    "file.duplicate_hall_name",
    FAMILY,
    "Two halls with one name",
    Severity.WARNING,
    "Two halls carry the same name, so the sheets of the drawing set, the power tables and "
    "the command line's --hall cannot tell them apart.",
)

_BY_CODE = {info.code: info for info in (UNKNOWN_TYPE, DANGLING_ID, DUPLICATE_ID)}
_HALL_ITEMS = ("placements", "obstacles", "trays", "feeds", "cooling_groups", "cooling_units")

#: The one subject of this check: the project as a whole.
PROJECT = "project"


def _hall_of(project: Project, entity_id: str) -> str | None:
    for name in _HALL_ITEMS:
        entity = getattr(project, name).get(entity_id)
        if entity is not None:
            hall_id: str = entity.hall_id  # every item of _HALL_ITEMS stands in a hall
            return hall_id
    return None


def _subjects(ctx: Context) -> Iterable[str]:
    return (PROJECT,)


def _run(ctx: Context, subject: str) -> Iterator[Finding]:
    for problem in integrity_problems(ctx.project, ctx.rack_types):
        yield _BY_CODE[problem.code].finding(
            problem.message, problem.ids, hall_id=_hall_of(ctx.project, problem.ids[0])
        )


def _touched(ctx: Context, changes: Changes) -> tuple[str, ...]:
    for _, before, after in changes.entities():
        if (
            before is None
            or after is None
            or getattr(before, "type_id", None) != getattr(after, "type_id", None)
            or list(references(before)) != list(references(after))
        ):
            return (PROJECT,)
    return ()


def _label_run(ctx: Context, hall_id: str) -> Iterator[Finding]:
    hall = ctx.project.halls.get(hall_id)
    if hall is None:
        return
    by_label: dict[str, list[str]] = {}
    for rack_id in ctx.get(LINKS).of("racks_in_hall", hall_id):
        label = ctx.project.placements[rack_id].label
        if label:
            by_label.setdefault(label, []).append(rack_id)
    for label, ids in sorted(by_label.items()):
        if len(ids) > 1:
            yield _shared(
                DUPLICATE_LABEL,
                ids,
                f"{len(ids)} racks in {hall.name} are labelled {label}, so the cable schedule "
                "and the drawings cannot tell them apart. Give each a label of its own.",
                "racks",
                hall_id,
            )


def _label_touched(ctx: Context, changes: Changes) -> set[str]:
    """The halls a changed rack stands or stood in, and changed halls."""
    found = {hall_id for hall_id, _, _ in changes.of("halls")}
    for _, before, after in changes.of("placements"):
        found.update(r.hall_id for r in (before, after) if r is not None)
    return found


def _hall_name_run(ctx: Context, subject: str) -> Iterator[Finding]:
    by_name: dict[str, list[str]] = {}
    for hall in ctx.project.halls.values():
        by_name.setdefault(hall.name.strip().casefold(), []).append(hall.id)
    for ids in by_name.values():
        if len(ids) > 1:
            name = ctx.project.halls[ids[0]].name
            yield _shared(
                DUPLICATE_HALL_NAME,
                ids,
                f"{len(ids)} halls are named {name}, so the drawing set's sheets and tables "
                "cannot tell them apart. Give each hall a name of its own.",
                "halls",
                ids[0],
            )


def _shared(info: CodeInfo, ids: list[str], message: str, unit: str, hall_id: str) -> Finding:
    """A finding that ``ids`` (two or more) share one name, where one each is the limit."""
    return info.finding(
        message, tuple(ids), measured=float(len(ids)), limit=1.0, unit=unit, hall_id=hall_id
    )


def _hall_name_touched(ctx: Context, changes: Changes) -> tuple[str, ...]:
    return (PROJECT,) if any(True for _ in changes.of("halls")) else ()


CHECKS = (
    Check("file.integrity", (UNKNOWN_TYPE, DANGLING_ID, DUPLICATE_ID), _subjects, _run, _touched),
    Check("file.labels", (DUPLICATE_LABEL,), each_hall, _label_run, _label_touched),
    Check("file.hall_names", (DUPLICATE_HALL_NAME,), _subjects, _hall_name_run, _hall_name_touched),
)
