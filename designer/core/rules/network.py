"""Network: the network plan of each project revision, and the check that reports what the
planner found in it.

The planner (``designer.core.network``) generates every bundle, routes it along the trays
and chooses its medium, and makes rule findings of what it finds wrong as it goes: codes of
the ``cabling``, ``scale_up`` and ``network`` families, declared where they arise
(``network.findings``, ``network.fabric``, ``network.dci``, ``network.scaleup``). This
module holds the plan for the engine and reports those findings as one check.

``PLAN`` is the plan as derived data: built once per project revision, and after an edit
carried forward by the planner's own ``update_plan``, which re-routes only the bundles the
edit touches. The engine owns it and hands it out (``RuleEngine.derived``), so the report,
the CLI and the panels read the plan the checks read instead of planning again. The check
has one subject, ``"plan"``: an edit of anything the plan reads (racks, systems, drawn
bundles, trays, halls, sites, fibre routes, the network settings) re-reads the plan's
findings, which costs a pass over the plan's units, not a re-route.
"""

from __future__ import annotations

from collections.abc import Iterable

from designer.core.findings import Finding
from designer.core.network import dci, fabric, findings, scaleup
from designer.core.network.media import default_media
from designer.core.network.network_plan import NetworkPlan
from designer.core.network.planner import build_plan, update_plan
from designer.core.rules.check import Check
from designer.core.rules.context import Changes, Context, Derived

#: The project collections the network plan reads.
READS = ("placements", "groups", "bundles", "trays", "halls", "sites", "fibre_routes")

SUBJECT = "plan"


def _build(ctx: Context) -> NetworkPlan:
    return build_plan(ctx.project, ctx.catalog, default_media())


def _update(plan: NetworkPlan, ctx: Context, changes: Changes) -> NetworkPlan:
    return update_plan(plan, ctx.project, changes.ids)


PLAN: Derived[NetworkPlan] = Derived("network plan", _build, _update)
"""The routed network of the project revision; updated edit by edit."""


def subjects(ctx: Context) -> Iterable[str]:
    return (SUBJECT,)


def run(ctx: Context, subject: str) -> Iterable[Finding]:
    """The plan's findings, as the planner made them."""
    return ctx.get(PLAN).findings


def touched(ctx: Context, changes: Changes) -> Iterable[str]:
    """The plan's subject, when the edit changed anything the plan reads."""
    before, after = changes.before.settings.network, changes.after.settings.network
    if before != after or any(changes.of(name) for name in READS):
        return (SUBJECT,)
    return ()


#: Every code the plan may emit, cabling first, then scale-up, then network.
CODES = tuple(
    sorted(
        (*findings.CODES, *scaleup.CODES, *fabric.CODES, *dci.CODES),
        key=lambda info: ("cabling", "scale_up", "network").index(info.family),
    )
)

CHECKS = (Check("network.plan", CODES, subjects, run, touched),)
