"""The rule engine: run every check, then re-run only what each edit touches.

Findings are kept per check and subject. ``run`` fills that table from scratch; ``update``
asks each check which subjects an edit touched and replaces only their rows, so the
report after an edit is the one a full run would give (a property test holds it to that)
at the cost of the edit, not of the project. Severity overrides and exclusions are applied
when the report is assembled, so changing them re-runs nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, replace
from typing import overload

from designer.core.catalog import Catalog
from designer.core.collector import collector_paused
from designer.core.findings import SEVERITY_RANK, Finding, Report, Severity
from designer.core.model.project import Project
from designer.core.naming import display_name, natural_key
from designer.core.rules.check import Check
from designer.core.rules.context import Changes, Context, Derived, T
from designer.core.rules.forked import Forked, forking_pays
from designer.core.rules.limits import default_thresholds, resolve
from designer.core.rules.registry import APART, CHECKS, UNUSED_EXCLUSION

Table = dict[str, dict[str, tuple[Finding, ...]]]
"""Check name -> subject -> its findings (subjects without findings are left out)."""

#: The racks from which a one-shot check forks (``RuleEngine.run``): a fork and its JSON
#: cost about what the checks it runs beside save at some 500 racks, and the machines'
#: noise is of that size (``benchmarks/fork_bench.py``, two runs: 0.79 and 0.94 of serial
#: at 484 racks, 0.52 and 0.60 at 1,288, 1.09 and 1.70 at 35).
FORK_FROM_RACKS = 1_000


class RuleEngine:
    """Checks projects against the design rules; keeps what it needs to check edits fast.

    Call ``run`` on a project, then ``update`` with each following revision and the ids its
    edit changed (a ``ChangeSet``'s ``ids``). One thread at a time. ``checks`` narrows the
    engine to some checks (the ``jobs`` command runs only its family's); exclusions of
    other checks' codes are then left alone.
    """

    def __init__(self, catalog: Catalog, checks: Sequence[Check] | None = None) -> None:
        self._catalog = catalog
        self._checks = tuple(CHECKS if checks is None else checks)
        self._narrowed = checks is not None
        self._defaults = default_thresholds().values
        self._codes = {check.name: {info.code for info in check.codes} for check in self._checks}
        self._ctx: Context | None = None
        #: A project's context made by ``derived`` before the project is checked.
        self._asked: Context | None = None
        self._table: Table = {}

    def run(self, project: Project, *, once: bool = False) -> Report:
        """Check the whole project.

        ``once``: the project is checked this once and not edited after (the CLI's
        ``check``). A large one then has the checks of ``APART`` run in a forked copy of
        the process, beside the others, where a fork is to be had (``forked``): the
        network plan's check takes about as long as all the rest of a campus's. The
        engine then holds no network plan; ``derived`` or an ``update`` builds one.
        """
        ctx = self._context(project)
        self._ctx = self._asked = None
        self._table = {check.name: {} for check in self._checks}
        apart = [c for c in self._checks if c.name in APART]
        here = [c for c in self._checks if c.name not in APART]
        with collector_paused():
            if not (once and apart and here and len(project.placements) >= FORK_FROM_RACKS):
                self._record_all(self._checks, ctx)
            elif forking_pays():
                beside = Forked(lambda: _table_bytes(self._record_all(apart, ctx)))
                self._record_all(here, ctx)
                self._table.update(_table_of(beside.result()))
            else:
                self._record_all(self._checks, ctx)
        self._ctx = ctx
        return self._report(project)

    def _record_all(self, checks: Sequence[Check], ctx: Context) -> Table:
        """Every subject of ``checks`` recorded; their part of the table."""
        for check in checks:
            for subject in check.subjects(ctx):
                self._record(check, ctx, subject)
        return {check.name: self._table[check.name] for check in checks}

    def update(self, project: Project, changed_ids: Iterable[str]) -> Report:
        """Check ``project``, an edit of the last project checked that changed ``changed_ids``.

        Falls back to a full run when there is no last project, or when the edit changed
        what every check depends on (thresholds, the project's own rack types).
        """
        old = self._ctx
        if old is None or _changes_everything(old.project, project):
            return self.run(project)
        if project is not old.project:
            changes = Changes(old.project, project, changed_ids)
            ctx = Context(project, self._catalog, old.limits, previous=(old, changes))
            self._ctx = None  # a failure below leaves the table half-updated: run in full next
            for check in self._checks:
                for subject in set(check.touched(ctx, changes)):
                    self._record(check, ctx, subject)
            ctx.settle()
            self._ctx = ctx
        return self._report(project)

    @overload
    def derived(self, value: Derived[T]) -> T | None: ...

    @overload
    def derived(self, value: Derived[T], project: Project) -> T: ...

    def derived(self, value: Derived[T], project: Project | None = None) -> T | None:
        """``value`` (a ``Derived``, such as the network plan) for the last project checked,
        or for ``project``.

        For the project last checked it is the same object the checks read, built once per
        revision and carried forward edit by edit, so the GUI, the report and the CLI need
        not compute it again; None before the first check when no ``project`` is given. For
        another ``project`` it is built on that project's own context, which the next
        ``run`` of the same project uses: asking for the network plan and then checking
        plans once. Call it from the thread that runs the engine and hand the result on:
        derived values are not changed after they are built, so they can be shared.
        """
        if project is None or (self._ctx is not None and self._ctx.project is project):
            return self._ctx.get(value) if self._ctx is not None else None
        self._asked = self._context(project)
        return self._asked.get(value)

    def _context(self, project: Project) -> Context:
        """A fresh context of ``project``, or the one ``derived`` made for it."""
        if self._asked is not None and self._asked.project is project:
            return self._asked
        limits = resolve(self._defaults, project.settings.rules.thresholds)
        return Context(project, self._catalog, limits)

    def _record(self, check: Check, ctx: Context, subject: str) -> None:

        findings = tuple(check.run(ctx, subject))
        allowed = self._codes[check.name]
        for finding in findings:
            if finding.code not in allowed:
                raise ValueError(
                    f"the check {check.name!r} emitted {finding.code!r}, a code it does not declare"
                )
        if findings:
            self._table[check.name][subject] = findings
        else:
            self._table[check.name].pop(subject, None)

    def _report(self, project: Project) -> Report:
        """The table's findings with the project's severities and exclusions, in order."""
        rules = project.settings.rules
        mine = set().union(*self._codes.values()) if self._narrowed else None
        accepted = {
            (e.code, frozenset(e.ids)): e
            for e in rules.exclusions
            if mine is None or e.code in mine
        }
        used: set[tuple[str, frozenset[str]]] = set()
        found: list[Finding] = []
        for by_subject in self._table.values():
            for findings in by_subject.values():
                for finding in findings:
                    key = (finding.code, frozenset(finding.ids))
                    if key in accepted:
                        used.add(key)
                        finding = replace(finding, excluded=True, comment=accepted[key].comment)
                    found.append(finding)
        for key, exclusion in accepted.items():
            if key not in used:
                found.append(
                    UNUSED_EXCLUSION.finding(
                        f"The accepted finding {exclusion.code} on {', '.join(exclusion.ids)} "
                        f"no longer occurs (comment: {exclusion.comment or 'none'}). Remove the "
                        "exclusion.",
                        tuple(exclusion.ids),
                    )
                )
        resolved = []
        for finding in found:
            override = rules.severities.get(finding.code)
            if override == "ignore":
                continue
            if override is not None and override != finding.severity:
                finding = replace(finding, severity=Severity(override))
            resolved.append(finding)
        return Report(tuple(sorted(resolved, key=_reading_order(project))))


def _table_bytes(table: Table) -> bytes:
    """``table`` as JSON, to cross from a forked copy (``forked``)."""
    return json.dumps(
        {
            name: {subject: [asdict(f) for f in found] for subject, found in rows.items()}
            for name, rows in table.items()
        }
    ).encode("utf-8")


def _table_of(data: bytes) -> Table:
    """The table ``_table_bytes`` wrote."""
    return {
        name: {
            subject: tuple(
                Finding(
                    **{
                        **f,
                        "severity": Severity(f["severity"]),
                        "ids": tuple(f["ids"]),
                        "where": tuple(f["where"]) if f["where"] is not None else None,
                    }
                )
                for f in found
            )
            for subject, found in rows.items()
        }
        for name, rows in json.loads(data).items()
    }


def _changes_everything(before: Project, after: Project) -> bool:
    """True when an edit changed what every check reads: thresholds, the racks held to
    Tier III, or custom rack types."""
    old, new = before.settings.rules, after.settings.rules
    return (
        old.thresholds != new.thresholds
        or old.tier_iii_racks != new.tier_iii_racks
        or before.custom_types != after.custom_types
    )


def _reading_order(project: Project) -> Callable[[Finding], tuple[object, ...]]:
    """Findings by severity and code, then by the name of what each is about as a person
    reads it (B200-2 before B200-10), then by ids: racks placed in the designer have random
    ids, and a trial's findings came B200-01, 07, 09, 03, ..."""

    def key(finding: Finding) -> tuple[object, ...]:
        first = natural_key(display_name(project, finding.ids[0])) if finding.ids else ()
        return (SEVERITY_RANK[finding.severity], finding.code, first, *finding.sort_key()[2:])

    return key
