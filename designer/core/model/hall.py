"""A data hall and the infrastructure drawn on its floor: obstacles, trays, feeds, cooling."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)
from shapely.geometry import Polygon

from designer.core.model.base import Entity, Kw, Point, Rotation, Side, Volts, as_pair

Outline = Annotated[list[Point], Field(min_length=3, max_length=10_000)]
#: What an obstacle is: a column, a keep-out zone or a wall stub.
ObstacleKind = Literal["column", "keepout", "wall"]
#: How a cooling group's CDUs carry their racks: all of them (``N``) or with one down.
Redundancy = Literal["N", "N+1"]

#: How far from a drawing's own origin a hall drawn in it may lie, in mm: 100,000 km, where
#: a floor's points stop at 100 km (``MAX_FLOOR_MM``). A site plan drawn in a national
#: grid's coordinates lies thousands of kilometres from the grid's origin (UTM's northings
#: run to 10,000 km), and its hall is no less a hall for that.
MAX_DRAWING_MM = 100_000_000_000

DrawingMm = Annotated[int, Field(ge=-MAX_DRAWING_MM, le=MAX_DRAWING_MM)]
"""A coordinate in a CAD drawing's own axes (y up), in integer millimetres."""

DrawingPoint = Annotated[tuple[DrawingMm, DrawingMm], BeforeValidator(as_pair)]
"""A point of a CAD drawing, ``(x, y)`` in millimetres in the drawing's own axes (y up)."""


def _check_outline(outline: list[Point], what: str) -> None:
    """Refuse an outline that does not enclose a simple area."""
    polygon = Polygon(outline)
    if polygon.convex_hull.area <= 0:
        raise ValueError(f"the {what} outline encloses no area")
    if not polygon.is_valid:
        raise ValueError(f"the {what} outline crosses itself")


def path_length_mm(path: Sequence[Point]) -> float:
    """Length along a polyline of floor points, its pieces summed in order (in C: a
    campus's bill measures thousands of runs, most of them one straight piece, whose length
    needs no sum)."""
    if len(path) == 2:
        return math.dist(*path)
    return sum(map(math.dist, path, path[1:]))


class Hall(Entity):
    """A room of a site with a floor rating and a power budget.

    ``outline`` is a polygon in the hall's own coordinates; ``site_origin`` places the hall's
    corner on the site plan, and ``cable_entry`` is where cables leave for other halls.
    ``drawing_origin`` is where the hall's origin lies in the CAD drawing its floor plan was
    imported from (mm, the drawing's axes: y up), so the hall's DXF is written back at the
    drawing's coordinates and overlays it; None for a hall drawn in rackplan.
    """

    site_id: str
    name: Annotated[str, Field(min_length=1, max_length=200)]
    outline: Outline
    floor_rating_kpa: Annotated[float, Field(gt=0, le=1_000)]
    floor_type: Literal["raised", "slab"]
    #: The floor grid's pitch: 600 mm tiles as a rule; a few centimetres or tens of metres
    #: is a slip (a trial's 7 mm tile hid the grid and set the snap to 7 mm).
    tile_mm: Annotated[int, Field(ge=100, le=3_000)] = 600
    tile_rating_kg: Annotated[float, Field(gt=0, le=100_000)] | None = None
    power_capacity_kw: Kw
    cooling_capacity_kw: Kw
    site_origin: Point = (0, 0)
    cable_entry: Point | None = None
    drawing_origin: DrawingPoint | None = None

    @model_serializer(mode="wrap")
    def _drawing_origin_left_out_when_none(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Leave ``drawing_origin`` out of a hall drawn in rackplan: files written before a
        hall could come from a drawing read and write as they were, byte for byte."""
        data = handler(self)
        if self.drawing_origin is None:
            data.pop("drawing_origin", None)
        return data

    @model_validator(mode="after")
    def _outline_encloses_area(self) -> Hall:
        _check_outline(self.outline, f"hall {self.name!r}")
        return self

    @property
    def area_m2(self) -> float:
        """Floor area inside the outline, in square metres."""
        return Polygon(self.outline).area / 1e6


class Obstacle(Entity):
    """Something racks cannot stand on: a column, a wall stub or a keep-out zone."""

    hall_id: str
    kind: ObstacleKind
    outline: Outline
    label: str = ""

    @model_validator(mode="after")
    def _outline_encloses_area(self) -> Obstacle:
        _check_outline(self.outline, f"{self.kind} {self.id!r}")
        return self


class CableTray(Entity):
    """A cable tray: a polyline at a height above the floor with a cross-section."""

    hall_id: str
    name: str = ""
    path: Annotated[list[Point], Field(min_length=2, max_length=10_000)]
    height_mm: Annotated[int, Field(ge=-2_000, le=20_000)]
    width_mm: Annotated[int, Field(gt=0, le=3_000)]
    depth_mm: Annotated[int, Field(gt=0, le=1_000)]

    @property
    def length_mm(self) -> float:
        """Length along the tray's centre line."""
        return path_length_mm(self.path)


class PowerFeed(Entity):
    """A power feed: an overhead busway run along a row, or a PDU.

    Capacity follows from voltage, current and phases (three-phase: sqrt(3) x V x I with V
    line to line). ``side`` marks A/B redundant paths; ``upstream_capacity_kw`` caps what the
    switchboard behind the feed can deliver when that is less than the feed's own rating.
    """

    hall_id: str
    name: Annotated[str, Field(min_length=1, max_length=200)]
    kind: Literal["busway", "pdu"]
    type_id: str | None = None
    voltage_v: Volts
    amps: Annotated[float, Field(gt=0, le=10_000)]
    phases: Literal[1, 3]
    power_factor: Annotated[float, Field(gt=0, le=1)] = 1.0
    side: Side | None = None
    upstream_capacity_kw: Kw | None = None
    path: Annotated[list[Point], Field(min_length=1, max_length=10_000)]

    @property
    def length_mm(self) -> float:
        """Length of the run along its path (zero for a PDU, which is a point)."""
        return path_length_mm(self.path)

    @property
    def rating_kw(self) -> float:
        """Nameplate capacity in kW at the feed's power factor."""
        volt_amps = self.voltage_v * self.amps * (math.sqrt(3) if self.phases == 3 else 1.0)
        return volt_amps * self.power_factor / 1000.0


class CoolingGroup(Entity):
    """CDUs that share their racks' load; ``N+1`` means the group must carry it with one down."""

    hall_id: str
    name: Annotated[str, Field(min_length=1, max_length=200)]
    redundancy: Redundancy


class CoolingUnit(Entity):
    """A CDU (liquid) or a CRAH / in-row cooler (air) standing in a hall.

    Capacities are copied from the catalog type when the unit is placed and stay editable,
    because what a unit delivers depends on the site's water temperatures. An in-rack CDU
    has no footprint of its own (``width_mm`` and ``depth_mm`` are 0).
    """

    hall_id: str
    name: Annotated[str, Field(min_length=1, max_length=200)]
    kind: Literal["cdu", "crah", "inrow_cooler"]
    mount: Literal["in_rack", "in_row", "perimeter"]
    type_id: str | None = None
    x: Annotated[int, Field(ge=-100_000_000, le=100_000_000)]
    y: Annotated[int, Field(ge=-100_000_000, le=100_000_000)]
    rotation: Rotation = 0
    width_mm: Annotated[int, Field(ge=0, le=20_000)]
    depth_mm: Annotated[int, Field(ge=0, le=20_000)]
    liquid_capacity_kw: Kw = 0.0
    air_capacity_kw: Kw = 0.0
    flow_lpm: Annotated[float, Field(ge=0, le=1_000_000)] = 0.0
    group_id: str | None = None
