"""A check: the codes it may emit, what it looks at and what makes it look again."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from designer.core.findings import CodeInfo, Finding
from designer.core.rules.context import Changes, Context


@dataclass(frozen=True)
class Check:
    """One check of a family, run per subject so that an edit re-runs only a few subjects.

    A subject is a string the check chooses, usually an entity id (a rack, a feed, a hall).
    ``subjects(ctx)`` lists every subject of a full run. ``run(ctx, subject)`` yields the
    findings of one subject, at their codes' default severities, and yields nothing for a
    subject that no longer exists. ``touched(ctx, changes)`` names the subjects whose
    findings may differ after ``changes``; naming too many costs time, naming too few gives
    a wrong report (the property test in ``tests/core/rules/test_increments.py`` guards it).
    """

    name: str
    codes: tuple[CodeInfo, ...]
    subjects: Callable[[Context], Iterable[str]]
    run: Callable[[Context, str], Iterable[Finding]]
    touched: Callable[[Context, Changes], Iterable[str]]


def each_rack(ctx: Context) -> Iterable[str]:
    """The subjects of a check run per rack: every placement id."""
    return ctx.project.placements


def each_hall(ctx: Context) -> Iterable[str]:
    """The subjects of a check run per hall: every hall id."""
    return ctx.project.halls
