"""Hit tests on one hall through the core's spatial index, never through Qt items.

Racks are drawn in batches, so Qt cannot tell which rack is under the mouse; this module
answers instead, from an STRtree of footprints built once per hall and revision. It is
plain Python (shapely), so the tests of clicking and rubber bands need no window.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, Polygon

from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import Box
from designer.core.geometry.index import SpatialIndex
from designer.core.model.equipment import RackType
from designer.core.model.project import Project

#: An in-rack CDU has no footprint; it is picked within this many millimetres of its point.
POINT_RADIUS_MM = 150
#: Widths used to pick a line: a busway is picked within this half-width of its path.
FEED_HALF_WIDTH_MM = 150


@dataclass(frozen=True)
class Shape:
    """One pickable thing: its id, its kind and its exact outline for the final test."""

    id: str
    kind: str
    geometry: shapely.Geometry
    box: Box
    stands: bool = False


def _shapes(project: Project, hall_id: str, rack_types: Mapping[str, RackType]) -> list[Shape]:
    shapes: list[Shape] = []
    for rack in project.placements.values():
        if rack.hall_id == hall_id:
            box = placement_box(rack, rack_types) or Box(
                rack.x, rack.y, rack.x + 600, rack.y + 1_200
            )
            shapes.append(Shape(rack.id, "rack", shapely.box(*box), box, stands=True))
    for unit in project.cooling_units.values():
        if unit.hall_id == hall_id:
            box = cooling_box(unit)
            stands = box is not None
            if box is None:
                r = POINT_RADIUS_MM
                box = Box(unit.x - r, unit.y - r, unit.x + r, unit.y + r)
            shapes.append(Shape(unit.id, "cooling", shapely.box(*box), box, stands))
    for obstacle in project.obstacles.values():
        if obstacle.hall_id == hall_id:
            shapes.append(
                Shape(obstacle.id, "obstacle", Polygon(obstacle.outline), bounds(obstacle.outline))
            )
    for kind, collection, half_width in (
        ("feed", project.feeds, lambda f: FEED_HALF_WIDTH_MM),
        ("tray", project.trays, lambda t: t.width_mm // 2),
    ):
        for entity in collection.values():
            if entity.hall_id != hall_id:
                continue
            half = half_width(entity)
            path = entity.path if len(entity.path) > 1 else [entity.path[0], entity.path[0]]
            outline = LineString(path).buffer(
                half, cap_style="flat" if len(entity.path) > 1 else "square"
            )
            x0, y0, x1, y1 = outline.bounds
            shapes.append(
                Shape(entity.id, kind, outline, Box(int(x0), int(y0), int(x1) + 1, int(y1) + 1))
            )
    return shapes


#: Which kind wins when several lie under the cursor: what stands on the floor first.
PRIORITY = {"rack": 0, "cooling": 1, "obstacle": 2, "feed": 3, "tray": 4}


class Picker:
    """Which ids of one hall lie at a point or in a rectangle."""

    def __init__(self, project: Project, hall_id: str, rack_types: Mapping[str, RackType]) -> None:
        self._shapes = {s.id: s for s in _shapes(project, hall_id, rack_types)}
        self._index = (
            SpatialIndex({s.id: s.box for s in self._shapes.values()}) if self._shapes else None
        )

    def kind(self, entity_id: str) -> str | None:
        shape = self._shapes.get(entity_id)
        return shape.kind if shape else None

    def box(self, entity_id: str) -> Box | None:
        shape = self._shapes.get(entity_id)
        return shape.box if shape else None

    def at(self, x: float, y: float, tolerance_mm: float = 0.0) -> str | None:
        """The topmost thing at ``(x, y)``: racks before cooling, obstacles, feeds, trays."""
        if self._index is None:
            return None
        t = int(tolerance_mm) + 1
        point = shapely.Point(x, y)
        hits = [
            self._shapes[i]
            for i in self._index.near(Box(int(x), int(y), int(x), int(y)), t)
            if self._shapes[i].geometry.distance(point) <= tolerance_mm
        ]
        if not hits:
            return None
        return min(hits, key=lambda s: PRIORITY[s.kind]).id

    def in_rect(self, box: Box, crossing: bool) -> list[str]:
        """Ids inside ``box``: wholly inside, or (``crossing``) merely touching it."""
        if self._index is None or box.width <= 0 or box.height <= 0:
            return []
        area = shapely.box(*box)
        found = []
        for entity_id in self._index.near(box, 0):
            shape = self._shapes[entity_id]
            if shape.geometry.intersects(area) if crossing else area.covers(shape.geometry):
                found.append(entity_id)
        return found

    def standing_on(self, box: Box, ignore: frozenset[str] = frozenset()) -> list[str]:
        """Racks and floor-standing cooling units whose footprints overlap ``box``."""
        if self._index is None:
            return []
        return [
            i for i in self._index.overlapping(box) if i not in ignore and self._shapes[i].stands
        ]

    def obstacles_under(self, box: Box) -> list[str]:
        """Obstacles whose outline shares area with ``box``."""
        if self._index is None:
            return []
        area = shapely.box(*box)
        return [
            i
            for i in self._index.near(box, 0)
            if self._shapes[i].kind == "obstacle"
            and self._shapes[i].geometry.intersection(area).area > 0
        ]
