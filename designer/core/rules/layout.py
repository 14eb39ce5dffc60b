"""The floor as the space checks see it: spatial indexes of racks, cooling units and
obstacles per hall, and each hall's outline, kept up to date edit by edit."""

from __future__ import annotations

from dataclasses import dataclass

from shapely import Polygon, prepared

from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import Box
from designer.core.model.hall import CoolingUnit, Hall, Obstacle
from designer.core.model.placement import Placement
from designer.core.rules.context import Changes, Context, Derived
from designer.core.rules.grid import CELL_MM, Grid


@dataclass(frozen=True)
class HallShape:
    """A hall's outline as a polygon, and as a box when it is an axis-aligned rectangle."""

    polygon: Polygon
    prepared: prepared.PreparedGeometry[Polygon]
    rectangle: Box | None

    @classmethod
    def of(cls, hall: Hall) -> HallShape:
        polygon = Polygon(hall.outline)
        box = bounds(list(hall.outline))
        rectangle = box if polygon.area == box.width * box.height else None
        return cls(polygon, prepared.prep(polygon), rectangle)

    def covers(self, box: Box) -> bool:
        """True when ``box`` lies inside the outline (touching it from inside counts)."""
        if self.rectangle is not None:
            r = self.rectangle
            return r.x0 <= box.x0 and box.x1 <= r.x1 and r.y0 <= box.y0 and box.y1 <= r.y1
        return self.prepared.covers(Polygon(_corners(box)))

    def misses(self, box: Box) -> bool:
        """True when no floor of the hall lies under ``box``: it stands wholly outside."""
        if self.rectangle is not None:
            r = self.rectangle
            return not (box.x0 < r.x1 and r.x0 < box.x1 and box.y0 < r.y1 and r.y0 < box.y1)
        return self.polygon.intersection(Polygon(_corners(box))).area <= 0


def _corners(box: Box) -> list[tuple[int, int]]:
    return [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)]


def as_polygon(box: Box) -> Polygon:
    """A box as a shapely polygon, for areas against outlines that are not boxes."""
    return Polygon(_corners(box))


@dataclass
class Floor:
    """Racks, cooling units with a footprint and obstacles, indexed per hall."""

    racks: Grid
    units: Grid
    obstacles: Grid
    obstacle_shapes: dict[str, Polygon]
    halls: dict[str, HallShape]


def _put_rack(floor: Floor, ctx: Context, rack: Placement) -> None:
    box = placement_box(rack, ctx.rack_types)
    if box is not None:
        floor.racks.put(rack.id, rack.hall_id, box)


def _put_unit(floor: Floor, unit: CoolingUnit) -> None:
    box = cooling_box(unit)
    if box is not None:
        floor.units.put(unit.id, unit.hall_id, box)


def _put_obstacle(floor: Floor, obstacle: Obstacle) -> None:
    """Index ``obstacle`` over no more of the floor than its hall's, and a grid cell round
    it: only racks and units there can meet it (the rest stand outside the hall, which is
    its own finding). A 10 km column drawn in a 20 m hall's DXF filled 70 million cells."""
    box = bounds(list(obstacle.outline))
    hall = floor.halls.get(obstacle.hall_id)
    if hall is not None:
        room = hall.polygon.bounds
        box = Box(
            max(box.x0, int(room[0]) - CELL_MM),
            max(box.y0, int(room[1]) - CELL_MM),
            min(box.x1, int(room[2]) + CELL_MM),
            min(box.y1, int(room[3]) + CELL_MM),
        )
    floor.obstacles.drop(obstacle.id)
    if box.x0 <= box.x1 and box.y0 <= box.y1:
        floor.obstacles.put(obstacle.id, obstacle.hall_id, box)
    floor.obstacle_shapes[obstacle.id] = Polygon(obstacle.outline)


def _build(ctx: Context) -> Floor:
    project = ctx.project
    floor = Floor(
        Grid(), Grid(), Grid(), {}, {h.id: HallShape.of(h) for h in project.halls.values()}
    )
    racks = (
        (r.id, r.hall_id, placement_box(r, ctx.rack_types)) for r in project.placements.values()
    )
    floor.racks.fill((key, hall, box) for key, hall, box in racks if box is not None)
    units = ((u.id, u.hall_id, cooling_box(u)) for u in project.cooling_units.values())
    floor.units.fill((key, hall, box) for key, hall, box in units if box is not None)
    for obstacle in project.obstacles.values():
        _put_obstacle(floor, obstacle)
    return floor


def _update(floor: Floor, ctx: Context, changes: Changes) -> Floor:
    for rack_id, _, rack in changes.of("placements"):
        floor.racks.drop(rack_id)
        if rack is not None:
            _put_rack(floor, ctx, rack)
    for unit_id, _, unit in changes.of("cooling_units"):
        floor.units.drop(unit_id)
        if unit is not None:
            _put_unit(floor, unit)
    for hall_id, _, hall in changes.of("halls"):
        floor.halls.pop(hall_id, None)
        if hall is not None:
            floor.halls[hall_id] = HallShape.of(hall)
            # its obstacles are indexed over no more than its floor: again over the new one
            for obstacle in ctx.project.obstacles.values():
                if obstacle.hall_id == hall_id:
                    _put_obstacle(floor, obstacle)
    for obstacle_id, _, obstacle in changes.of("obstacles"):
        floor.obstacles.drop(obstacle_id)
        floor.obstacle_shapes.pop(obstacle_id, None)
        if obstacle is not None:
            _put_obstacle(floor, obstacle)
    return floor


FLOOR: Derived[Floor] = Derived("floor", _build, _update)
"""The floor of every hall, indexed; updated in place after each edit."""


def hall_corner(hall: Hall) -> tuple[float, float]:
    """Where a finding about a whole hall puts its marker: the top right corner of its
    outline's bounds, on the wall, clear of the racks (in the middle of the hall a trial
    saw it float over empty floor, or over a rack's label)."""
    box = bounds(list(hall.outline))
    return (box.x1, box.y0)
