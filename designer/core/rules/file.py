"""File integrity: what the loader found inconsistent, reported as findings.

A file with an unknown rack type or a dangling id still opens (no work is lost to one bad
reference); these findings keep the problem in front of the architect until it is fixed.
The loader's own ``integrity_problems`` writes the messages, so the check and the loader
say the same thing. It looks at the whole project, so it runs again only after an edit
that adds or removes an entity or changes a reference or a rack type: never after a move.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from designer.core.document.integrity import references
from designer.core.io.project_file import integrity_problems
from designer.core.model.project import Project
from designer.core.rules.check import Check
from designer.core.rules.context import Changes, Context
from designer.core.rules.findings import CodeInfo, Finding, Severity

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

_BY_CODE = {info.code: info for info in (UNKNOWN_TYPE, DANGLING_ID, DUPLICATE_ID)}
_HALL_ITEMS = ("placements", "obstacles", "trays", "feeds", "cooling_groups", "cooling_units")

#: The one subject of this check: the project as a whole.
PROJECT = "project"


def _hall_of(project: Project, entity_id: str) -> str | None:
    for name in _HALL_ITEMS:
        entity = getattr(project, name).get(entity_id)
        if entity is not None:
            return entity.hall_id
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


CHECKS = (
    Check("file.integrity", (UNKNOWN_TYPE, DANGLING_ID, DUPLICATE_ID), _subjects, _run, _touched),
)
