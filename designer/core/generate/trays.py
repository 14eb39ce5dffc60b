"""Trays sized for the cables the network plan puts in them.

A generated hall's trays start at one size; once the fabric is planned, every tray whose
fullest point is past the planner's warning fill (links B45: 40 %) is widened, and deepened,
to the size links B46 gives: required area = cable cross-section / fill. Widths go up in
150 mm steps; a tray wider than 1.2 m becomes 300 mm deep (estimate: two tiers of 150 mm),
and one that would be wider than the model allows (3 m) takes as many more tiers as its
cables need (estimate, as above; a hall of 90 CloudMatrix384 fills its network row's tray
at 3 m x 450 mm), up to the model's deepest. Routing follows tray centre lines, not their
size, so the plan that sized the trays still holds after.
"""

from __future__ import annotations

import math

from designer.core.model import Project
from designer.core.model.base import evolve
from designer.core.network import NetworkPlan

STEP_MM = 150
DEEP_FROM_MM = 1_200
DEEP_MM = 300
TIER_MM = 150
MAX_WIDTH_MM = 3_000
#: The deepest tray of whole tiers the model takes (it allows 1,000 mm).
MAX_DEPTH_MM = 900


def sized_trays(project: Project, plan: NetworkPlan) -> Project:
    """``project`` with each tray too full for the warning fill of ``plan`` (its network
    plan) made big enough."""
    target = plan.media.constants.tray_fill_warning
    trays = dict(project.trays)
    for fills in plan.fills.values():
        for fill in fills:
            if fill.fill <= target:
                continue
            tray = trays[fill.tray_id]
            needed = fill.area_mm2 / target
            depth = tray.depth_mm
            width = _step(needed / depth)
            if width > DEEP_FROM_MM:
                depth = max(depth, DEEP_MM)
                width = _step(needed / depth)
            if width > MAX_WIDTH_MM:
                tiers = math.ceil(needed / MAX_WIDTH_MM / TIER_MM)
                depth = max(depth, min(tiers * TIER_MM, MAX_DEPTH_MM))
                width = _step(needed / depth)
            trays[tray.id] = evolve(tray, width_mm=min(width, MAX_WIDTH_MM), depth_mm=depth)
    # each tray was validated by ``evolve``; the project is not dumped and read again whole
    return project.model_copy(update={"trays": trays})


def _step(width_mm: float) -> int:
    return int(math.ceil(width_mm / STEP_MM) * STEP_MM)
