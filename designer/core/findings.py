"""What the checks report: severities, stable codes, findings and the report.

One vocabulary for every family: the rule checks of ``designer.core.rules`` and the network
planner (``designer.core.network``), which finds the cabling, scale-up and network problems
while it plans, both make their findings here with ``CodeInfo.finding``. It sits beside both
packages, not in either, because the rules read the network plan and the planner must not
import the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    """How bad a finding is; a project may override the default per code."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


#: Report order: errors first.
SEVERITY_RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}

#: A thing's status by its worst finding, from "not checked yet" to an error: the order
#: legends list them in, and an index into the drawing's status colours.
UNCHECKED, OK, WARNING, ERROR = 0, 1, 2, 3


def severity_name(severity: Severity | str) -> str:
    """``"error"``, ``"warning"`` or ``"info"`` for a severity or its string."""
    return str(getattr(severity, "value", severity))


@dataclass(frozen=True)
class Finding:
    """One problem: which rule, how bad, what was measured against what, and where.

    ``ids`` names the items involved, the main one first; exclusions match on ``code`` and
    the set of ``ids`` only, never on coordinates, so they survive moves.
    """

    code: str
    severity: Severity
    message: str
    ids: tuple[str, ...]
    measured: float | None
    limit: float | None
    unit: str
    hall_id: str | None
    where: tuple[float, float] | None
    excluded: bool = False
    comment: str = ""

    def sort_key(self) -> tuple[int, str, tuple[str, ...], str]:
        """Severity, code, ids (and the message, so equal keys still sort the same way)."""
        return (SEVERITY_RANK[self.severity], self.code, self.ids, self.message)


@dataclass(frozen=True)
class CodeInfo:
    """A stable rule code with its title and default severity.

    A code is permanent once released: the project file stores it in severity overrides
    and exclusions, so renaming one needs a migration (KiCad's "avoid changing the
    settings key" rule).
    """

    code: str
    family: str
    title: str
    default_severity: Severity
    description: str

    def finding(
        self,
        message: str,
        ids: tuple[str, ...],
        *,
        measured: float | None = None,
        limit: float | None = None,
        unit: str = "",
        hall_id: str | None = None,
        where: tuple[float, float] | None = None,
    ) -> Finding:
        """A finding of this code at its default severity (the engine applies overrides)."""
        return Finding(
            code=self.code,
            severity=self.default_severity,
            message=message,
            ids=ids,
            measured=measured,
            limit=limit,
            unit=unit,
            hall_id=hall_id,
            where=where,
        )


@dataclass(frozen=True)
class Report:
    """Every finding of one check of a project, errors first, then by code and ids."""

    findings: tuple[Finding, ...]

    def counts(self) -> dict[Severity, int]:
        """Findings per severity; excluded findings are not counted."""
        counts = dict.fromkeys(Severity, 0)
        for finding in self.findings:
            if not finding.excluded:
                counts[finding.severity] += 1
        return counts

    @property
    def has_errors(self) -> bool:
        """True when at least one error is not excluded."""
        return any(f.severity is Severity.ERROR and not f.excluded for f in self.findings)
