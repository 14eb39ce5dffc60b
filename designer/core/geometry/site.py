"""Where halls stand on their site's plan: the ground the network measures between halls on.

A hall's outline is in its own coordinates; ``site_origin`` puts its corner on the site
plan. Cables between two halls run from one hall's cable entry to the other's there.
"""

from __future__ import annotations

from shapely import Point as ShapelyPoint
from shapely import Polygon
from shapely.affinity import translate

from designer.core.model.base import Point
from designer.core.model.hall import Hall
from designer.core.model.project import Project


def site_footprint(hall: Hall) -> Polygon:
    """The hall's outline where it stands on the site plan (mm)."""
    return translate(Polygon(hall.outline), *hall.site_origin)


#: How far along its west wall a new hall's cable entry stands (mm), as a generated hall's.
CABLE_ENTRY_Y = 1_800


def new_cable_entry(depth_mm: int) -> Point:
    """Where a hall drawn ``depth_mm`` deep gets its cable entry when it is made: on its west
    wall, as a generated hall's, so that cables reach the other halls (a hall made without
    one left its links to the next hall unplanned)."""
    return (0, min(CABLE_ENTRY_Y, depth_mm // 2))


def entry_on_wall(entry: Point | None, outline: list[Point]) -> Point | None:
    """``entry`` moved to the nearest point of ``outline``'s walls, to the millimetre: a new
    hall's entry stands on its first outline's west wall, which an imported drawing's
    outline need not have there."""
    if entry is None:
        return None
    walls = Polygon(outline).exterior
    nearest = walls.interpolate(walls.project(ShapelyPoint(entry)))
    return (round(nearest.x), round(nearest.y))


def beside_the_halls(project: Project, site_id: str) -> Point:
    """Where a hall added to ``site_id`` stands until the architect places it: wall to wall
    east of the site's halls, level with the northernmost, so it stands on no other hall
    (at the site's corner when it has none)."""
    shapes = [(h, site_footprint(h)) for h in project.halls.values() if h.site_id == site_id]
    if not shapes:
        return (0, 0)
    east = max(shape.bounds[2] for _, shape in shapes)
    north = min(shape.bounds[1] for _, shape in shapes)
    return (round(east), round(north))


def in_hall(hall: Hall, point: tuple[float, float]) -> bool:
    """True when ``point`` (hall mm, whole or not: a marker's spot may fall between
    millimetres) lies inside the hall or on its walls: where a cable entry can be."""
    return Polygon(hall.outline).covers(ShapelyPoint(point))
