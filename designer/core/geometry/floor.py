"""The footprints of what stands on a hall's floor, looked up through the project."""

from __future__ import annotations

from collections.abc import Mapping

from designer.core.geometry.footprint import Box, footprint
from designer.core.model.equipment import RackType
from designer.core.model.hall import CoolingUnit
from designer.core.model.placement import Placement


def placement_box(placement: Placement, rack_types: Mapping[str, RackType]) -> Box | None:
    """The footprint of a placed rack, or None when its type is unknown."""
    kind = rack_types.get(placement.type_id)
    if kind is None:
        return None
    return footprint(placement.x, placement.y, kind.width_mm, kind.depth_mm, placement.rotation)


def cooling_box(unit: CoolingUnit) -> Box | None:
    """The footprint of a cooling unit, or None for one mounted inside a rack."""
    if unit.width_mm == 0 or unit.depth_mm == 0:
        return None
    return footprint(unit.x, unit.y, unit.width_mm, unit.depth_mm, unit.rotation)


def bounds(points: list[tuple[int, int]]) -> Box:
    """The bounding box of a list of points."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs), max(ys))
