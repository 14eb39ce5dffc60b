"""Hit tests on one hall through the core's spatial index, never through Qt items.

Racks are drawn in batches, so Qt cannot tell which rack is under the mouse; this module
answers instead, from a ``SpatialIndex`` (an STRtree) of footprints. Racks and cooling
units are boxes; only obstacles, trays and feeds carry exact shapes, built when first
needed. The tree is immutable, so after an edit the picker is carried forward
(``advanced``): the changed ids go into a small overlay searched alongside the tree, and
the tree is rebuilt only once the overlay has grown, so clicking stays quick in a
6,912-rack hall after every move. It lives in the core, not the GUI: placing an item asks
it what stands in the way (``designer.core.placement``), and clicks and rubber bands are
tested without a window.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import Box, around
from designer.core.geometry.index import SpatialIndex
from designer.core.model.base import Point
from designer.core.model.equipment import RackType
from designer.core.model.project import Project

#: An in-rack CDU has no footprint; it is picked within this many millimetres of its point.
POINT_RADIUS_MM = 150
#: A busway is picked within this half-width of its path.
FEED_HALF_WIDTH_MM = 150
#: Which kind wins when several lie under the cursor: what stands on the floor first.
PRIORITY = {"rack": 0, "cooling": 1, "obstacle": 2, "feed": 3, "tray": 4}
#: The project collections a picker reads, by the kind it gives their entities.
KINDS = {
    "placements": "rack",
    "cooling_units": "cooling",
    "obstacles": "obstacle",
    "feeds": "feed",
    "trays": "tray",
}
#: Changed ids kept beside the tree before it is rebuilt.
OVERLAY_LIMIT = 512


@dataclass(frozen=True)
class Shape:
    """One pickable thing: its kind and box; whether it stands on the floor (a rack or a
    floor-standing unit); for outlines and lines, the points its exact shape is built from."""

    kind: str
    box: Box
    stands: bool = False
    outline: tuple[Point, ...] = ()
    half_width: int = 0

    @cached_property
    def exact(self) -> BaseGeometry | None:
        """The exact shape of an obstacle, tray or feed (None for a box)."""
        if self.kind == "obstacle":
            return Polygon(self.outline)
        if not self.outline:
            return None
        if len(self.outline) > 1:
            return LineString(self.outline).buffer(self.half_width, cap_style="flat")
        return shapely.Point(self.outline[0]).buffer(self.half_width, cap_style="square")


def shape_of(
    project: Project, entity_id: str, hall_id: str, rack_types: Mapping[str, RackType]
) -> Shape | None:
    """The shape of ``entity_id`` when it stands in ``hall_id``, else None."""
    rack = project.placements.get(entity_id)
    if rack is not None:
        if rack.hall_id != hall_id:
            return None
        box = placement_box(rack, rack_types) or Box(rack.x, rack.y, rack.x + 600, rack.y + 1_200)
        return Shape("rack", box, stands=True)
    unit = project.cooling_units.get(entity_id)
    if unit is not None:
        if unit.hall_id != hall_id:
            return None
        footprint = cooling_box(unit)
        if footprint is not None:
            return Shape("cooling", footprint, stands=True)
        r = POINT_RADIUS_MM
        return Shape("cooling", Box(unit.x - r, unit.y - r, unit.x + r, unit.y + r))
    obstacle = project.obstacles.get(entity_id)
    if obstacle is not None:
        if obstacle.hall_id != hall_id:
            return None
        return Shape("obstacle", bounds(obstacle.outline), outline=tuple(obstacle.outline))
    line = project.feeds.get(entity_id) or project.trays.get(entity_id)
    if line is None or line.hall_id != hall_id:
        return None
    half = getattr(line, "width_mm", 2 * FEED_HALF_WIDTH_MM) // 2
    b = bounds(line.path)
    kind = "feed" if entity_id in project.feeds else "tray"
    return Shape(
        kind,
        Box(b.x0 - half, b.y0 - half, b.x1 + half, b.y1 + half),
        outline=tuple(line.path),
        half_width=half,
    )


@dataclass(frozen=True)
class Tree:
    """Shapes as indexed in one STRtree, and which of them are obstacles (a few at most)."""

    shapes: dict[str, Shape]
    index: SpatialIndex | None
    obstacles: tuple[str, ...]


class Picker:
    """Which ids of one hall lie at a point, in a rectangle, or under a footprint."""

    def __init__(
        self,
        project: Project,
        hall_id: str,
        rack_types: Mapping[str, RackType],
        tree: Tree | None = None,
        overlay: dict[str, Shape | None] | None = None,
    ) -> None:
        self.hall_id = hall_id
        if tree is None:
            shapes: dict[str, Shape] = {}
            for collection in KINDS:
                for entity in getattr(project, collection).values():
                    if entity.hall_id == hall_id:
                        shape = shape_of(project, entity.id, hall_id, rack_types)
                        if shape is not None:
                            shapes[entity.id] = shape
            tree = Tree(
                shapes,
                SpatialIndex({i: s.box for i, s in shapes.items()}) if shapes else None,
                tuple(i for i, s in shapes.items() if s.kind == "obstacle"),
            )
        self._tree = tree
        self._indexed, self._index = tree.shapes, tree.index
        self._overlay = overlay or {}
        hall = project.halls.get(hall_id)
        outline = hall.outline if hall is not None else []
        self.walls = Polygon(outline) if outline else Polygon()
        shapely.prepare(self.walls)
        xs, ys = {x for x, _ in outline}, {y for _, y in outline}
        self._room = (
            Box(min(xs), min(ys), max(xs), max(ys))
            if len(outline) == 4 and len(xs) == len(ys) == 2
            else None
        )
        self._obstacles = [i for i in tree.obstacles if i not in self._overlay] + [
            i for i, s in self._overlay.items() if s is not None and s.kind == "obstacle"
        ]

    def advanced(
        self, project: Project, changed: Iterable[str], rack_types: Mapping[str, RackType]
    ) -> Picker:
        """This picker after an edit that changed ``changed``: only those ids are recomputed."""
        overlay = dict(self._overlay)
        for entity_id in changed:
            overlay[entity_id] = shape_of(project, entity_id, self.hall_id, rack_types)
        if len(overlay) > OVERLAY_LIMIT:
            return Picker(project, self.hall_id, rack_types)
        return Picker(project, self.hall_id, rack_types, self._tree, overlay)

    # --- lookups through tree and overlay ----------------------------------------------

    def _shape(self, entity_id: str) -> Shape | None:
        if entity_id in self._overlay:
            return self._overlay[entity_id]
        return self._indexed.get(entity_id)

    def _near(self, box: Box, margin: int) -> list[str]:
        """Ids whose boxes lie within ``margin`` of ``box`` (a superset; callers test exactly)."""
        found = []
        if self._index is not None:
            found = [i for i in self._index.near(box, margin) if i not in self._overlay]
        for entity_id, shape in self._overlay.items():
            b = shape.box if shape is not None else None
            if (
                b is not None
                and b.x0 <= box.x1 + margin
                and box.x0 - margin <= b.x1
                and b.y0 <= box.y1 + margin
                and box.y0 - margin <= b.y1
            ):
                found.append(entity_id)
        return found

    def kind(self, entity_id: str) -> str | None:
        shape = self._shape(entity_id)
        return shape.kind if shape else None

    def box(self, entity_id: str) -> Box | None:
        shape = self._shape(entity_id)
        return shape.box if shape else None

    def bounds(self, ids: Iterable[str]) -> Box | None:
        """The box around those of ``ids`` standing in this hall (None for none of them):
        what the designer zooms to when it shows a finding, a failure or a new pod."""
        return around(box for box in map(self.box, ids) if box is not None)

    # --- questions -----------------------------------------------------------------------

    def at(self, x: float, y: float, tolerance_mm: float = 0.0) -> str | None:
        """The topmost thing at ``(x, y)``: racks before cooling, obstacles, feeds, trays."""
        stack = self.stack_at(x, y, tolerance_mm)
        return stack[0] if stack else None

    def stack_at(
        self,
        x: float,
        y: float,
        tolerance_mm: float = 0.0,
        kinds: Collection[str] | None = None,
    ) -> list[str]:
        """Everything at ``(x, y)`` (only of ``kinds`` when given), topmost first: racks,
        cooling, obstacles, feeds, trays, and by id within a kind, so the order is the same
        on every click."""
        point = shapely.Point(x, y)
        hits = []
        for entity_id in self._near(
            Box(int(x), int(y), int(x) + 1, int(y) + 1), int(tolerance_mm) + 1
        ):
            shape = self._shape(entity_id)
            assert shape is not None
            if kinds is not None and shape.kind not in kinds:
                continue
            b = shape.box
            inside = (
                b.x0 - tolerance_mm <= x <= b.x1 + tolerance_mm
                and b.y0 - tolerance_mm <= y <= b.y1 + tolerance_mm
            )
            if inside and (shape.exact is None or shape.exact.distance(point) <= tolerance_mm):
                hits.append((PRIORITY[shape.kind], entity_id))
        return [entity_id for _, entity_id in sorted(hits)]

    def in_rect(self, box: Box, crossing: bool, kinds: Collection[str] | None = None) -> list[str]:
        """Ids inside ``box`` (only of ``kinds`` when given): wholly inside, or
        (``crossing``) merely touching it."""
        if box.width <= 0 or box.height <= 0:
            return []
        area = shapely.box(*box)
        found = []
        for entity_id in self._near(box, 0):
            shape = self._shape(entity_id)
            assert shape is not None
            if kinds is not None and shape.kind not in kinds:
                continue
            b = shape.box
            if crossing:
                if shape.exact is None or shape.exact.intersects(area):
                    found.append(entity_id)
            elif box.x0 <= b.x0 and b.x1 <= box.x1 and box.y0 <= b.y0 and b.y1 <= box.y1:
                found.append(entity_id)
        return found

    def outside_walls(
        self, boxes: Sequence[Box], paths: Sequence[Sequence[Point]] = ()
    ) -> str | None:
        """Whether footprints or lines leave the hall: "wholly", "partly" or None (inside).

        A rectangular hall (most of them) is answered with comparisons alone.
        """
        room = self._room
        if room is not None:
            for b in [*boxes, *(bounds(list(p)) for p in paths)]:
                if not (
                    room.x0 <= b.x0 and b.x1 <= room.x1 and room.y0 <= b.y0 and b.y1 <= room.y1
                ):
                    touching = (
                        b.x0 <= room.x1 and room.x0 <= b.x1 and b.y0 <= room.y1 and room.y0 <= b.y1
                    )
                    return "partly" if touching else "wholly"
            return None
        shapes: list[BaseGeometry] = [shapely.box(*b) for b in boxes]
        shapes += [LineString(p) if len(p) > 1 else shapely.Point(p[0]) for p in paths]
        for shape in shapes:
            if not self.walls.covers(shape):
                return "partly" if self.walls.intersects(shape) else "wholly"
        return None

    def abutting(self, box: Box, reach: int) -> Box:
        """``box`` slid against the side of a rack or floor unit in line with it, when its
        grid position leaves less than ``reach`` between them or overlaps by less than
        ``reach``: an 800 mm CDU cannot both sit on 600 mm tiles and touch a row that does.
        The smallest such slide that lands on free floor; ``box`` itself when none does."""
        slides = []
        for other_id in self._near(box, reach):
            shape = self._shape(other_id)
            if shape is None or not shape.stands:
                continue
            o = shape.box
            if _across(box.y0, box.y1, o.y0, o.y1):  # side by side along x
                left = box.x0 + box.x1 < o.x0 + o.x1
                slides.append((o.x0 - box.x1 if left else o.x1 - box.x0, 0))
            if _across(box.x0, box.x1, o.x0, o.x1):  # one above the other along y
                above = box.y0 + box.y1 < o.y0 + o.y1
                slides.append((0, o.y0 - box.y1 if above else o.y1 - box.y0))
        free = not self.standing_on_any([box])
        for dx, dy in sorted(slides, key=lambda d: abs(d[0]) + abs(d[1])):
            if dx == dy == 0:
                if free:
                    return box  # already against its neighbour, on free floor
                continue
            if abs(dx) >= reach or abs(dy) >= reach:
                continue
            moved = Box(box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy)
            if not self.standing_on_any([moved]):
                return moved
        return box

    def standing_on_any(
        self, boxes: Sequence[Box], ignore: frozenset[str] = frozenset()
    ) -> list[str]:
        """Racks and floor-standing cooling units (not in ``ignore``) overlapping any of ``boxes``.

        One index query around the lot and one array test: moving a 16-rack system checks
        in one go.
        """
        if not boxes:
            return []
        moved = np.array(boxes, dtype=float)
        hull = Box(
            *(
                int(v)
                for v in (
                    moved[:, 0].min(),
                    moved[:, 1].min(),
                    moved[:, 2].max(),
                    moved[:, 3].max(),
                )
            )
        )
        candidates: list[str] = []
        their_boxes: list[Box] = []
        for entity_id in self._near(hull, 0):
            shape = self._shape(entity_id)
            if entity_id not in ignore and shape is not None and shape.stands:
                candidates.append(entity_id)
                their_boxes.append(shape.box)
        if not candidates:
            return []
        theirs = np.array(their_boxes, dtype=float)
        overlap = (
            (theirs[:, None, 0] < moved[None, :, 2])
            & (moved[None, :, 0] < theirs[:, None, 2])
            & (theirs[:, None, 1] < moved[None, :, 3])
            & (moved[None, :, 1] < theirs[:, None, 3])
        )
        return [candidates[k] for k in np.flatnonzero(overlap.any(axis=1)).tolist()]

    def obstacles_under_any(self, boxes: Sequence[Box]) -> list[str]:
        """Obstacles whose outline shares area with any of ``boxes``."""
        found = []
        for entity_id in self._obstacles:
            shape = self._shape(entity_id)
            assert shape is not None and shape.exact is not None
            near = [b for b in boxes if shape.box.overlaps(b)]
            if any(shape.exact.intersection(shapely.box(*b)).area > 0 for b in near):
                found.append(entity_id)
        return found


def _across(a0: int, a1: int, b0: int, b1: int) -> bool:
    """True when two spans overlap by at least half the shorter: the same line of floor."""
    return (min(a1, b1) - max(a0, b0)) * 2 >= min(a1 - a0, b1 - b0)
