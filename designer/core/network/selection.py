"""The part of a plan that concerns a few racks: what the link inspector lists.

``plan_of(plan, racks)`` keeps the bundles with an end at one of ``racks`` and their
decisions, as a plan of its own, so ``cable_schedule`` of it gives exactly their lines of
the full schedule (reasons included) at the cost of the units those racks belong to, not
of the campus. Nothing is routed again: the decisions are the plan's own rows.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import fields, replace

import numpy as np

from designer.core.network.index import UnitKey
from designer.core.network.network_plan import Decisions, NetworkPlan, Unit

#: Columns of ``Decisions`` with one entry per bundle.
_PER_BUNDLE = tuple(f.name for f in fields(Decisions) if f.name not in ("findings", "halls"))


def plan_of(plan: NetworkPlan, racks: Collection[str]) -> NetworkPlan:
    """``plan`` with only the bundles that end at one of ``racks`` (ids of any node)."""
    wanted = set(racks)
    keys = set().union(*(plan.node_units.get(node, ()) for node in wanted))
    units: dict[UnitKey, Unit] = {}
    decisions: dict[UnitKey, Decisions] = {}
    for key in keys:
        unit, decided = plan.units[key], plan.decisions[key]
        table = unit.table
        rows = np.fromiter(
            (a in wanted or b in wanted for a, b in zip(table.a, table.b, strict=True)),
            dtype=bool,
            count=len(table),
        )
        if not rows.any():
            continue
        units[key] = replace(unit, table=table.take(np.flatnonzero(rows)), findings=())
        decisions[key] = replace(
            decided, findings=(), **{name: getattr(decided, name)[rows] for name in _PER_BUNDLE}
        )
    return replace(plan, units=units, decisions=decisions, fills={}, overfull={}, ports={})
