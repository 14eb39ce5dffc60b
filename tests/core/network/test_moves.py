"""Racks moved about a campus: the planner's update equals a full plan, move after move.

A move that leaves every moved rack's leaves in the same network rack keeps the site's
fabric and routes again only the moved racks' bundles; a move that brings a rack nearer
another network rack plans the fabric again. Either way the plan must be the one a full
plan of the edited campus gives: its cable schedule, findings, tray fill and bill, and
every bundle's route and medium.
"""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from designer.core.document import operations as ops
from designer.core.examples import campus
from designer.core.network import bill_of_materials, cable_schedule
from designer.core.network.planner import update_plan
from tests.core.network.helpers import plan_of

#: Steps from a nudge that keeps a rack's leaf rack to a row's length, in millimetres.
steps = st.sampled_from([-2_400, -600, -100, 0, 100, 600, 2_400])
moves = st.lists(
    st.tuples(st.integers(0, 10_000), steps, steps, st.booleans()), min_size=1, max_size=6
)
DECIDED = ("status", "routed_m", "choice_m", "medium", "order_m", "legs", "along", "area_um2")


def seen(plan):
    """Everything a user sees of a plan, and every bundle's route and medium."""
    fills = sorted((f for group in plan.fills.values() for f in group), key=lambda f: f.tray_id)
    decided = {  # bytes: the same to the bit (a NaN equals nothing, not even itself)
        key: tuple((a.dtype, a.shape, a.tobytes()) for a in (getattr(d, n) for n in DECIDED))
        for key, d in plan.decisions.items()
    }
    return cable_schedule(plan), plan.findings, fills, bill_of_materials(plan), decided


@settings(max_examples=15, deadline=None)
@given(moves=moves)
def test_moves_are_planned_as_a_full_plan_would(moves):
    doc = campus.build(6)
    plan = plan_of(doc)
    changes = []
    doc.subscribe(changes.append)
    racks = sorted(doc.project.placements)
    for pick, dx, dy, alone in moves:
        rack = racks[pick % len(racks)]
        if alone and doc.project.placements[rack].group_id:
            ops.ungroup(doc, doc.project.placements[rack].group_id)
        ops.move(doc, [rack], dx, dy)
        for change in changes:
            plan = update_plan(plan, doc.project, change.ids)
        changes.clear()
        assert seen(plan) == seen(plan_of(doc))


def test_a_nudge_keeps_the_fabric_and_routes_only_the_moved_racks_bundles():
    doc = campus.build(6)
    plan = plan_of(doc)
    changes = []
    doc.subscribe(changes.append)
    placements = sorted(doc.project.placements.items())
    rack = next(r for r, p in placements if p.type_id == "huawei-cm384-compute")
    ops.move(doc, [rack], 0, 100)  # its CloudMatrix384 with it
    [change] = changes
    updated = update_plan(plan, doc.project, change.ids)
    [site] = doc.project.sites
    fabric = ("fabric", site)
    assert updated.units[fabric] is plan.units[fabric]
    moved = set(change.ids)
    table = plan.units[fabric].table
    other = np.array(
        [a not in moved and b not in moved for a, b in zip(table.a, table.b, strict=True)]
    )
    before, after = plan.decisions[fabric], updated.decisions[fabric]
    assert other.any() and not other.all()
    assert (before.legs[other] == after.legs[other]).all()
    assert seen(updated) == seen(plan_of(doc))
