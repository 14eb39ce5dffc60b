"""Network: switch ports and fabric sizing; and the network plan every link check reads.

The network planner (``designer.core.network``) generates every bundle, routes it along
the trays and chooses its medium; it reports what it finds as plain records whose codes it
declares itself (``designer.core.network.findings.CODES``), so the planner, the CLI and the
checker speak of the same codes. This module and ``cabling`` and ``scale_up`` hand those
findings to the engine, one family each.

``PLAN`` is the plan as derived data: built once per project revision, and after an edit
carried forward by the planner's own ``update_plan``, which re-routes only the bundles the
edit touches. Each family's check has one subject, ``"plan"``: an edit of anything the
plan reads (racks, systems, drawn bundles, trays, halls, sites, fibre routes, the network
settings) re-reads the plan's findings of that family, which costs a pass over the plan's
units, not a re-route.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from designer.core.network.findings import CODES as PLANNER_CODES
from designer.core.network.findings import LinkFinding
from designer.core.network.media import default_media
from designer.core.network.planner import Plan, build_plan, update_plan
from designer.core.rules.check import Check
from designer.core.rules.context import Changes, Context, Derived
from designer.core.rules.findings import CodeInfo, Finding, Severity

FAMILY = "network"

#: The project collections the network plan reads.
READS = ("placements", "groups", "bundles", "trays", "halls", "sites", "fibre_routes")

SUBJECT = "plan"


def _build(ctx: Context) -> Plan:
    return build_plan(ctx.project, ctx.catalog, default_media())


def _update(plan: Plan, ctx: Context, changes: Changes) -> Plan:
    return update_plan(plan, ctx.project, changes.ids)


PLAN: Derived[Plan] = Derived("network plan", _build, _update)
"""The routed network of the project revision; updated edit by edit."""


def family_codes(family: str) -> tuple[CodeInfo, ...]:
    """The planner's codes of ``family`` as the engine declares codes."""
    return tuple(
        CodeInfo(c.code, c.family, c.title, Severity(c.severity), c.description)
        for c in PLANNER_CODES.values()
        if c.family == family
    )


def family_check(family: str) -> Check:
    """The one check of a link family: the plan's findings of that family's codes."""
    codes = family_codes(family)
    by_code = {info.code: info for info in codes}

    def subjects(ctx: Context) -> Iterable[str]:
        return (SUBJECT,)

    def run(ctx: Context, subject: str) -> Iterator[Finding]:
        for found in ctx.get(PLAN).findings:
            info = by_code.get(found.code)
            if info is not None:
                yield _as_finding(info, found)

    return Check(f"{family}.plan", codes, subjects, run, touched)


def touched(ctx: Context, changes: Changes) -> Iterable[str]:
    """The plan's subject, when the edit changed anything the plan reads."""
    before, after = changes.before.settings.network, changes.after.settings.network
    if before != after or any(changes.of(name) for name in READS):
        return (SUBJECT,)
    return ()


def _as_finding(info: CodeInfo, found: LinkFinding) -> Finding:
    return info.finding(
        found.message,
        found.ids,
        measured=found.measured,
        limit=found.limit,
        unit=found.unit,
        hall_id=found.hall_id,
        where=found.where,
    )


CHECKS = (family_check(FAMILY),)
