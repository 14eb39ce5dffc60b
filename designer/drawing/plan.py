"""A whole hall's plan in one call: what ``designer.report`` draws on a sheet.

    plan = hall_plan(project, hall_id, rack_types, findings, network)
    painter.setTransform(...)          # hall millimetres -> page, e.g. 1:100
    draw_hall_plan(painter, plan, Context.of(painter, clip=tile_rect))

The canvas draws the same layers from separate items (so it can update one layer at a
time) by calling the same ``draw_*`` functions in the same order, which is why a printed
plan looks like the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, reduce
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter

from designer.core.findings import ERROR, OK, WARNING, severity_name
from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import Box
from designer.core.model.equipment import RackType
from designer.core.model.hall import CableTray, CoolingUnit, Obstacle, PowerFeed
from designer.core.model.project import Project
from designer.core.network.media import format_length
from designer.core.network.network_plan import NetworkPlan
from designer.core.rack_columns import RackColumns, columns_of
from designer.drawing.cooling import (
    CoolingGeometry,
    cooling_geometries,
    cooling_geometry,
    draw_cooling,
    draw_cooling_labels,
)
from designer.drawing.feeds import FeedGeometry, draw_feeds, feed_geometries
from designer.drawing.floor import (
    FloorGeometry,
    draw_cable_entry,
    draw_floor,
    entry_name_box,
    floor_geometry,
)
from designer.drawing.links import LinkGeometry, draw_links, links_of_halls
from designer.drawing.lod import Context
from designer.drawing.markers import Markers, draw_markers, markers_for
from designer.drawing.obstacles import (
    ObstacleGeometry,
    draw_obstacle_labels,
    draw_obstacles,
    obstacle_geometry,
)
from designer.drawing.racks import (
    RackArrays,
    draw_rack_labels,
    draw_racks,
    racks_by_hall,
    system_labels,
)
from designer.drawing.style import POINT_MARK_MM
from designer.drawing.tray_labels import TRAY_LABEL_LOD, TRAY_NAME_PLACED_PT_PER_MM, names_meet
from designer.drawing.trays import TrayGeometry, draw_tray_labels, draw_trays, tray_geometries

_RANK = {"info": OK, "warning": WARNING, "error": ERROR}


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
            if worst.get(entity_id, OK) < rank:
                worst[entity_id] = rank
    return worst


#: How far past its walls a hall's plan is drawn: a quarter of the hall's longer side, and
#: at least 10 m. Enough for a rack or unit set just outside, which its finding marks; one
#: kilometres away (a coordinate typed x1000) would shrink the hall to a dot on a picture, or
#: tile a set into a hundred sheets of bare floor. What reaches farther is left off the plan
#: and named beside it (``HallPlan.beyond``).
REACH_SHARE = 0.25
REACH_MIN_MM = 10_000.0


@dataclass(frozen=True)
class Beyond:
    """Something of a hall reaching past what its plan draws (``HallPlan.reach``)."""

    #: What it is and its name: "cooling unit CRAH-2".
    what: str
    #: How far past the hall's walls (the box around them) it reaches, in mm.
    mm: float

    def __str__(self) -> str:
        return f"{self.what}, {format_length(self.mm / 1000)} out"


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
    def reach_mm(self) -> float:
        """How far past the box around its walls the plan shows: ``REACH_SHARE`` of the
        box's longer side, at least ``REACH_MIN_MM``."""
        hall = self.floor.bounds
        return max(REACH_MIN_MM, REACH_SHARE * max(hall.width(), hall.height()))

    @property
    def reach(self) -> QRectF:
        """The most a plan shows: the box around the walls and ``reach_mm`` around it."""
        margin = self.reach_mm
        return self.floor.bounds.adjusted(-margin, -margin, margin, margin)

    @property
    def bounds(self) -> QRectF:
        """The hall with everything drawn in it (something may stand outside the walls)
        but what reaches past ``reach`` (``beyond``)."""
        return self._split[1]

    @property
    def beyond(self) -> list[Beyond]:
        """The racks, cooling units, trays and power feeds reaching past ``reach``, farthest
        first: a plan leaves them off, or cuts them at its edge."""
        return self._split[0]

    @cached_property
    def _split(self) -> tuple[list[Beyond], QRectF]:
        """``beyond``, and the box around the hall and the rest (``bounds``)."""
        reach, hall = self.reach, self.floor.bounds
        parts = [self.racks.bounds, self.cooling.bounds, self.trays.bounds, self.feeds.bounds]
        parts = [part for part in parts if not part.isEmpty()]
        if all(reach.contains(part) for part in parts):  # as a plan nearly always is
            return [], reduce(QRectF.united, parts, hall)
        found: list[Beyond] = []
        kept = hall
        for kind, name, boxes, part in self._boxes():
            x0, y0, x1, y1 = boxes.T
            past = (x0 < reach.left()) | (y0 < reach.top())
            past |= (x1 > reach.right()) | (y1 > reach.bottom())
            if not past.any():  # the kind's own bounds, exact
                kept = kept.united(part) if not part.isEmpty() else kept
                continue
            out = np.maximum.reduce(
                [hall.left() - x0, y1 - hall.bottom(), x1 - hall.right(), hall.top() - y0]
            )
            found += [Beyond(f"{kind} {name(k)}", float(out[k])) for k in np.flatnonzero(past)]
            if not past.all():
                low, high = boxes[~past, :2].min(axis=0), boxes[~past, 2:].max(axis=0)
                kept = kept.united(QRectF(QPointF(*low), QPointF(*high)))
        return sorted(found, key=lambda b: -b.mm), kept

    def _boxes(self) -> Iterator[tuple[str, Callable[[int], str], np.ndarray, QRectF]]:
        """Each kind of thing with a place: its name, how the k-th is called, their boxes
        (x0, y0, x1, y1 rows, mm) and the bounds of their drawing."""
        racks, cooling = self.racks, self.cooling
        units = [*cooling.standing, *cooling.racked]
        trays, feeds = self.trays.trays, self.feeds.feeds

        def rack(k: int) -> str:  # a rack without a label of its own shows its type's name
            label, rack_id = racks.labels[k], racks.ids[k]
            return rack_id if label == rack_id else f"{label} ({rack_id})"

        yield "rack", rack, _corners(racks.rects), racks.bounds
        yield (
            "cooling unit",
            lambda k: units[k].name,
            _corners(np.vstack([cooling.footprints, cooling.in_rack])),
            cooling.bounds,
        )
        tray_boxes = _path_boxes([(t.path, t.width_mm / 2) for t in trays])
        yield "tray", lambda k: trays[k].name or trays[k].id, tray_boxes, self.trays.bounds
        feed_boxes = _path_boxes([(f.path, POINT_MARK_MM / 2) for f in feeds])
        yield "power feed", lambda k: feeds[k].name, feed_boxes, self.feeds.bounds


def _corners(rects: np.ndarray) -> np.ndarray:
    """x, y, width, height rows as x0, y0, x1, y1 rows."""
    rects = rects.reshape(-1, 4)
    return np.column_stack([rects[:, :2], rects[:, :2] + rects[:, 2:]])


def _path_boxes(paths: Sequence[tuple[Sequence[tuple[int, int]], float]]) -> np.ndarray:
    """The box around each path and at most as much again on every side as its drawing
    takes (half a tray's width, half a feed's end mark), x0, y0, x1, y1 rows (mm)."""
    boxes = [(bounds(list(path)), pad) for path, pad in paths]
    rows = [(b.x0 - pad, b.y0 - pad, b.x1 + pad, b.y1 + pad) for b, pad in boxes]
    return np.array(rows, dtype=np.float64).reshape(-1, 4)


@dataclass
class HallContents:
    """What stands in one hall besides its racks, by kind: what a hall's plan is built from
    (the racks are read straight into arrays, ``racks_by_hall``)."""

    units: list[CoolingUnit] = field(default_factory=list)
    obstacles: list[Obstacle] = field(default_factory=list)
    trays: list[CableTray] = field(default_factory=list)
    feeds: list[PowerFeed] = field(default_factory=list)


def contents_by_hall(project: Project) -> dict[str, HallContents]:
    """Every hall's contents in one pass over the project (a report draws every hall)."""
    found = {hall_id: HallContents() for hall_id in project.halls}
    for name, field_name in (
        ("cooling_units", "units"),
        ("obstacles", "obstacles"),
        ("trays", "trays"),
        ("feeds", "feeds"),
    ):
        lists = {hall_id: getattr(contents, field_name) for hall_id, contents in found.items()}
        for entity in getattr(project, name).values():
            into = lists.get(entity.hall_id)
            if into is not None:
                into.append(entity)
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
    return _keep_clear(rack_rects, cooling_geometry(units).footprints, obstacles, floor)


def _keep_clear(
    rack_rects: np.ndarray,
    unit_rects: np.ndarray,
    obstacles: Iterable[Obstacle],
    floor: FloorGeometry,
) -> np.ndarray:
    """``keep_clear`` with the floor-standing units' footprints (x, y, width, height rows)."""
    found: list[tuple[float, float, float, float]] = [
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
    return np.vstack(
        [
            *(np.column_stack([r[:, :2], r[:, :2] + r[:, 2:]]) for r in (rack_rects, unit_rects)),
            np.array(found, dtype=np.float64).reshape(-1, 4),
        ]
    )


def hall_plan(
    project: Project,
    hall_id: str,
    rack_types: Mapping[str, RackType],
    findings: Iterable[Any] | None = None,
    network: NetworkPlan | None = None,
) -> HallPlan:
    """The plan of ``hall_id``; ``findings`` (from the rule engine) colour racks and add markers.

    Without findings the racks show as "not checked". With the ``network`` plan the links
    along the trays are drawn too.
    """
    return hall_plans(project, rack_types, findings, network, [hall_id])[hall_id]


def hall_plans(
    project: Project,
    rack_types: Mapping[str, RackType],
    findings: Iterable[Any] | None = None,
    network: NetworkPlan | None = None,
    hall_ids: Iterable[str] | None = None,
    racks: RackColumns | None = None,
) -> dict[str, HallPlan]:
    """``hall_plan`` of each of ``hall_ids`` (every hall of the project when None);
    ``racks``: the project's ``rack_columns``, when the caller (an export) has read them.

    What the halls share is worked out once for all of them: the project sorted out by
    hall, the racks' statuses, the systems' labels, the findings by hall and the links
    along the trays (read from the network plan in one pass), so a drawing set of 24 halls
    does not go through the whole project and plan once per hall.
    """
    wanted = list(project.halls if hall_ids is None else hall_ids)
    if racks is None:  # only the racks of the halls drawn
        inside = set(wanted)
        racks = columns_of(p for p in project.placements.values() if p.hall_id in inside)
    found = list(findings) if findings is not None else []
    contents = contents_by_hall(project)
    status = status_by_id(found)
    systems = system_labels(project)
    by_hall: dict[str, list[Any]] = {hall_id: [] for hall_id in wanted}
    for finding in found:
        if finding.hall_id in by_hall:
            by_hall[finding.hall_id].append(finding)
    links = links_of_halls(network, wanted) if network is not None else {}
    inside = [contents[hall_id] for hall_id in wanted]
    by_racks = racks_by_hall(racks, wanted, rack_types, status, findings is not None, systems)
    arrays = [by_racks[hall_id] for hall_id in wanted]
    cooling = cooling_geometries([c.units for c in inside])
    feeds = feed_geometries([c.feeds for c in inside])
    floors = [floor_geometry(project.halls[hall_id]) for hall_id in wanted]
    clear = [
        _keep_clear(r.rects, c.footprints, i.obstacles, f)
        for r, c, i, f in zip(arrays, cooling, inside, floors, strict=True)
    ]
    trays = tray_geometries([c.trays for c in inside], clear)
    return {
        hall_id: HallPlan(
            floor=floors[k],
            obstacles=obstacle_geometry(inside[k].obstacles),
            racks=arrays[k],
            cooling=cooling[k],
            trays=trays[k],
            feeds=feeds[k],
            markers=markers_for(by_hall[hall_id], hall_id, _locator(project, hall_id, rack_types)),
            links=links.get(hall_id),
        )
        for k, hall_id in enumerate(wanted)
    }


def _locator(
    project: Project, hall_id: str, rack_types: Mapping[str, RackType]
) -> Callable[[str], Box | None]:
    """The footprint of a rack or cooling unit of ``hall_id`` by id (None elsewhere), for
    placing markers."""

    def locate(entity_id: str) -> Box | None:
        rack = project.placements.get(entity_id)
        if rack is not None and rack.hall_id == hall_id:
            return placement_box(rack, rack_types)
        unit = project.cooling_units.get(entity_id)
        return cooling_box(unit) if unit is not None and unit.hall_id == hall_id else None

    return locate


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
    return cooling | sides | obstacles | ({"tray"} if plan.trays.bands.layers else set())


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
