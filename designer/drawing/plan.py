"""A whole hall's plan in one call: what ``designer.report`` draws on a sheet.

    plan = hall_plan(project, hall_id, rack_types, findings, network)
    painter.setTransform(...)          # hall millimetres -> page, e.g. 1:100
    draw_hall_plan(painter, plan, Context.of(painter, clip=tile_rect))

The canvas draws the same layers from separate items (so it can update one layer at a
time) by calling the same ``draw_*`` functions in the same order, which is why a printed
plan looks like the screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import Box
from designer.core.model.equipment import RackType
from designer.core.model.hall import CableTray, CoolingUnit, Obstacle, PowerFeed
from designer.core.model.placement import Placement
from designer.core.model.project import Project
from designer.core.network.planner import Plan
from designer.drawing import style
from designer.drawing.floor import (
    FloorGeometry,
    draw_cable_entry,
    draw_floor,
    entry_name_box,
    floor_geometry,
)
from designer.drawing.infrastructure import (
    TRAY_LABEL_LOD,
    TRAY_NAME_PLACED_PT_PER_MM,
    CoolingGeometry,
    FeedGeometry,
    ObstacleGeometry,
    TrayGeometry,
    cooling_geometry,
    draw_cooling,
    draw_cooling_labels,
    draw_feeds,
    draw_obstacle_labels,
    draw_obstacles,
    draw_tray_labels,
    draw_trays,
    feed_geometry,
    names_meet,
    obstacle_geometry,
    tray_geometry,
)
from designer.drawing.links import LinkGeometry, draw_links, hall_links
from designer.drawing.lod import Context
from designer.drawing.markers import Markers, draw_markers, markers_for, severity_name
from designer.drawing.racks import (
    RackArrays,
    draw_rack_labels,
    draw_racks,
    rack_arrays,
    system_labels,
)

_RANK = {"info": style.OK, "warning": style.WARNING, "error": style.ERROR}


def status_by_id(findings: Iterable[Any]) -> dict[str, int]:
    """The worst status bucket of every id named by a finding that is not excluded.

    Notes (info) leave a rack "no findings" green; warnings and errors colour it.
    """
    worst: dict[str, int] = {}
    for finding in findings:
        if finding.excluded:
            continue
        rank = _RANK[severity_name(finding.severity)]
        for entity_id in finding.ids:
            if worst.get(entity_id, style.OK) < rank:
                worst[entity_id] = rank
    return worst


@dataclass(frozen=True)
class HallPlan:
    """Everything drawn on one hall's plan, as drawing geometry."""

    floor: FloorGeometry
    obstacles: ObstacleGeometry
    racks: RackArrays
    cooling: CoolingGeometry
    trays: TrayGeometry
    feeds: FeedGeometry
    markers: Markers
    links: LinkGeometry | None = None

    @property
    def bounds(self) -> QRectF:
        """The hall with everything drawn in it (something may stand outside the walls)."""
        total = self.floor.bounds
        for part in (self.racks.bounds, self.cooling.bounds, self.trays.bounds, self.feeds.bounds):
            if not part.isEmpty():
                total = total.united(part)
        return total


@dataclass
class HallContents:
    """What stands in one hall, by kind: what a hall's plan is built from."""

    racks: list[Placement] = field(default_factory=list)
    units: list[CoolingUnit] = field(default_factory=list)
    obstacles: list[Obstacle] = field(default_factory=list)
    trays: list[CableTray] = field(default_factory=list)
    feeds: list[PowerFeed] = field(default_factory=list)


def contents_by_hall(project: Project) -> dict[str, HallContents]:
    """Every hall's contents in one pass over the project (a report draws every hall)."""
    found = {hall_id: HallContents() for hall_id in project.halls}
    for name, field_name in (
        ("placements", "racks"),
        ("cooling_units", "units"),
        ("obstacles", "obstacles"),
        ("trays", "trays"),
        ("feeds", "feeds"),
    ):
        for entity in getattr(project, name).values():
            contents = found.get(entity.hall_id)
            if contents is not None:
                getattr(contents, field_name).append(entity)
    return found


#: How far past the hall a tray's name is kept from, in mm: anywhere.
_BEYOND_MM = 1e7


def keep_clear(
    rack_rects: np.ndarray,
    units: Iterable[CoolingUnit],
    obstacles: Iterable[Obstacle],
    floor: FloorGeometry,
) -> np.ndarray:
    """The boxes (x0, y0, x1, y1 rows, mm) a tray's name should not be written over: racks
    (``rack_rects``, x, y, width, height rows as ``RackArrays`` holds them), floor-standing
    cooling units and named obstacles, whose labels are set on patches over it, the cable
    entry's name, and everything beyond the hall's bounds, where dimension lines run."""
    found = [(b.x0, b.y0, b.x1, b.y1) for b in map(cooling_box, units) if b is not None]
    found += [
        (b.x0, b.y0, b.x1, b.y1)
        for b in (bounds(o.outline) for o in obstacles if o.label or o.kind == "keepout")
    ]
    for under in (False, True):  # the entry's name beside its mark, or under it
        entry = entry_name_box(floor, TRAY_NAME_PLACED_PT_PER_MM, under)
        if entry is not None:
            found.append(entry)
    hall = floor.bounds
    x0, y0, x1, y1 = hall.left(), hall.top(), hall.right(), hall.bottom()
    far = _BEYOND_MM
    found += [(-far, -far, x0, far), (x1, -far, far, far), (x0, -far, x1, y0), (x0, y1, x1, far)]
    racks = np.column_stack([rack_rects[:, :2], rack_rects[:, :2] + rack_rects[:, 2:]])
    return np.vstack([racks, np.array(found, dtype=np.float64).reshape(-1, 4)])


def hall_plan(
    project: Project,
    hall_id: str,
    rack_types: Mapping[str, RackType],
    findings: Iterable[Any] | None = None,
    network: Plan | None = None,
    contents: HallContents | None = None,
) -> HallPlan:
    """The plan of ``hall_id``; ``findings`` (from the rule engine) colour racks and add markers.

    Without findings the racks show as "not checked". With the ``network`` plan the links
    along the trays are drawn too. ``contents`` is the hall's part of ``contents_by_hall``
    when the caller draws many halls.
    """
    hall = project.halls[hall_id]
    found = list(findings) if findings is not None else []
    inside = contents or contents_by_hall(project)[hall_id]

    def locate(entity_id: str) -> Box | None:
        if entity_id in project.placements and project.placements[entity_id].hall_id == hall_id:
            return placement_box(project.placements[entity_id], rack_types)
        unit = project.cooling_units.get(entity_id)
        return cooling_box(unit) if unit is not None and unit.hall_id == hall_id else None

    floor = floor_geometry(hall)
    racks = rack_arrays(
        inside.racks,
        rack_types,
        status_by_id(found),
        checked=findings is not None,
        system_labels=system_labels(project),
    )
    return HallPlan(
        floor=floor,
        obstacles=obstacle_geometry(inside.obstacles),
        racks=racks,
        cooling=cooling_geometry(inside.units),
        trays=tray_geometry(
            inside.trays, keep_clear(racks.rects, inside.units, inside.obstacles, floor)
        ),
        feeds=feed_geometry(inside.feeds),
        markers=markers_for(found, hall_id, locate),
        links=hall_links(network, hall_id) if network is not None else None,
    )


def services_in(plan: HallPlan) -> set[str]:
    """The services ``plan`` draws, by their legend keys (``legend.SERVICE_ENTRIES``)."""
    cooling = {kind for kind, rects in plan.cooling.rects.items() if len(rects)}
    if len(plan.cooling.in_rack):
        cooling.add("cdu")
    if plan.racks.rear_door.any():
        cooling.add("rear_door")
    sides = {
        "busway" if side is None else f"busway_{side}"
        for side, segments in plan.feeds.segments.items()
        if len(segments)
    }
    obstacles = set(plan.obstacles.paths)
    return cooling | sides | obstacles | ({"tray"} if plan.trays.bands else set())


def draw_hall_plan(
    painter: QPainter, plan: HallPlan, ctx: Context, colour_mode: str = "status", grid: bool = True
) -> None:
    """Draw the hall's floor, racks, obstacles, cooling, trays, feeds, links, cable entry,
    tray, obstacle, unit and rack labels and markers, in that order: the canvas's layers, so a column a rack stands on
    shows over it on paper as on screen.

    The painter's world transform maps hall millimetres to the device; ``ctx`` is usually
    ``Context.of(painter, clip)``.
    """
    draw_floor(painter, plan.floor, ctx, grid=grid)
    draw_racks(painter, plan.racks, ctx, colour_mode)
    draw_obstacles(painter, plan.obstacles, ctx)
    draw_cooling(painter, plan.cooling, ctx)
    draw_trays(painter, plan.trays, ctx)
    draw_feeds(painter, plan.feeds, ctx)
    if plan.links is not None:
        draw_links(painter, plan.links, ctx)
    draw_service_names(painter, plan.floor, plan.trays, plan.obstacles, plan.cooling, ctx)
    draw_rack_labels(painter, plan.racks, ctx, colour_mode)
    draw_markers(painter, plan.markers, ctx)


def draw_service_names(
    painter: QPainter,
    floor: FloorGeometry | None,
    trays: TrayGeometry,
    obstacles: ObstacleGeometry,
    cooling: CoolingGeometry,
    ctx: Context,
) -> None:
    """The cable entry and the names of the trays, obstacles and cooling units, over the
    busways and links, on a sheet as on the canvas. The entry's name leaves its place beside
    the mark to a tray's name written there."""
    if floor is not None:
        box = entry_name_box(floor, TRAY_NAME_PLACED_PT_PER_MM)
        crowded = (
            box is not None
            and ctx.points_per_mm >= TRAY_LABEL_LOD
            and names_meet(trays.labels, box)
        )
        draw_cable_entry(painter, floor, ctx, crowded)
    draw_tray_labels(painter, trays, ctx)
    draw_obstacle_labels(painter, obstacles, ctx)
    draw_cooling_labels(painter, cooling, ctx)
