"""The scene of one hall: its layers, kept in step with the document change by change.

``show`` builds a hall's layers; ``apply`` takes a ``ChangeSet`` and rebuilds only what it
touches (the chunks of the racks that moved, the feed layer when a feed changed, ...).
Scene coordinates are hall millimetres, y down, as the model stores them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from designer.core.document.changes import ChangeSet
from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import Box
from designer.core.model.equipment import RackType
from designer.core.model.hall import CableTray, CoolingUnit, Obstacle
from designer.core.model.project import Project
from designer.drawing import style
from designer.drawing.cooling import cooling_geometry, draw_cooling
from designer.drawing.feeds import draw_feeds, feed_geometry
from designer.drawing.floor import (
    FloorGeometry,
    dimension_margin_mm,
    draw_floor,
    floor_geometry,
)
from designer.drawing.links import LinkGeometry, draw_links
from designer.drawing.lod import Context
from designer.drawing.markers import Markers, draw_markers, markers_for
from designer.drawing.obstacles import draw_obstacles, obstacle_geometry
from designer.drawing.plan import draw_service_names, keep_clear, status_by_id
from designer.drawing.tray_labels import TrayLabel, tray_labels
from designer.drawing.trays import draw_trays, tray_geometry
from designer.gui.canvas.handles import EndHandles
from designer.gui.canvas.layers import (
    Z_LABELS,
    Z_LINKS,
    Z_MARKERS,
    Z_SELECTION,
    Z_SERVICES,
    PlanLayer,
    RackLayer,
)
from designer.gui.canvas.preview import boxes_path

#: The services drawn over the racks, by the project collection they show, in drawing order.
_SERVICES = {
    "obstacles": (obstacle_geometry, draw_obstacles),
    "cooling_units": (cooling_geometry, draw_cooling),
    "trays": (tray_geometry, draw_trays),
    "feeds": (feed_geometry, draw_feeds),
}
#: How far, in screen pixels, a layer's labels and a marker reach past what they belong to.
LABEL_REACH_PX = 160
MARKER_REACH_PX = 24


def _hall_of(entity: Any) -> str | None:
    return getattr(entity, "hall_id", None) if entity is not None else None


def _extent(entity: Any) -> QRectF:
    """The floor an obstacle, tray, feed or cooling unit covers (mm)."""
    if isinstance(entity, CoolingUnit):
        box = cooling_box(entity) or Box(
            entity.x - 300, entity.y - 300, entity.x + 300, entity.y + 300
        )
    else:
        box = bounds(entity.outline if isinstance(entity, Obstacle) else entity.path)
    half = getattr(entity, "width_mm", 0) / 2 if isinstance(entity, CableTray) else 300
    return QRectF(box.x0 - half, box.y0 - half, box.width + 2 * half, box.height + 2 * half)


def draw_services(painter: QPainter, geometries: dict[str, Any], ctx: Context) -> None:
    """Obstacles, cooling units, trays and feeds, in that order (one canvas item for all)."""
    for collection, (_, draw) in _SERVICES.items():
        draw(painter, geometries[collection], ctx)


def draw_service_labels(painter: QPainter, geometries: dict[str, Any], ctx: Context) -> None:
    """The hall's cable entry and the trays', obstacles' and cooling units' labels, over the
    busways and links (an item with the rack labels)."""
    draw_service_names(
        painter,
        geometries.get("floor"),
        geometries["trays"],
        geometries["obstacles"],
        geometries["cooling_units"],
        ctx,
    )


class HallScene(QGraphicsScene):
    """The plan of one hall over a fixed scene rectangle, in layers cached as pixels.

    The floor (backdrop, hall, grid, walls) is the scene's background, which the view
    caches; over it the rack chunks, the services (obstacles, cooling, trays, feeds), the
    links along the trays (shown on request), the rack labels and the finding markers are
    items with their own caches. Dragging a proxy over them blits
    instead of calling Python; an edit rebuilds the geometry of what it touched and
    repaints only around it.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        # An edit places again only the trays' names near it; the next findings, which come
        # once the user pauses, place them all from scratch, as the drawing set does.
        self._names_stale = False
        self.project: Project | None = None
        self.hall_id: str | None = None
        self.rack_types: Mapping[str, RackType] = {}
        self.floor: FloorGeometry | None = None
        self.grid_visible = True
        self._findings: Sequence[Any] = ()
        self._checked = False
        self._hidden: set[str] = set()
        self.racks = RackLayer(self)
        self._services = PlanLayer(draw_services, Z_SERVICES)
        self._service_labels = PlanLayer(draw_service_labels, Z_LABELS)
        # uncached, as the rack labels: far out it draws nothing, close in a few words
        self._service_labels.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        self._links = PlanLayer(draw_links, Z_LINKS)
        self._links.setVisible(False)
        self._markers = PlanLayer(draw_markers, Z_MARKERS)
        self.selection_item = QGraphicsPathItem()
        self.selection_item.setZValue(Z_SELECTION)
        self.selection_item.setPen(style.pen(style.SELECTION, 1.6, 4 / 3))
        self.selection_item.setBrush(style.brush(style.SELECTION_FILL))
        for item in (
            self._services,
            self._service_labels,
            self._links,
            self._markers,
            self.selection_item,
        ):
            self.addItem(item)
        self.handles = EndHandles(self)

    # --- building --------------------------------------------------------------------

    def show_hall(self, project: Project, hall_id: str, rack_types: Mapping[str, RackType]) -> None:
        """Build every layer of ``hall_id``."""
        self.project, self.hall_id, self.rack_types = project, hall_id, rack_types
        self._hidden.clear()
        self._rebuild_floor()
        self.racks.show(project, hall_id, rack_types)
        self._rebuild_services(_SERVICES)
        self._markers.set_geometry(None, self.sceneRect())
        self._rebuild_markers()
        self.show_selection([])

    def show_nothing(self) -> None:
        """An empty floor: the project has no hall left to show (all deleted, or none yet)."""
        self.project, self.hall_id, self.floor = None, None, None
        self._hidden.clear()
        self.racks.clear()
        rect = self.sceneRect()
        for layer in (self._services, self._service_labels, self._links, self._markers):
            layer.set_geometry(None, rect)
        self.show_selection([])
        self.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)
        self.update()

    def apply(
        self, project: Project, changes: ChangeSet, rack_types: Mapping[str, RackType]
    ) -> None:
        """Bring the layers up to ``project`` after ``changes``; rebuild only what they touch."""
        self.project, self.rack_types = project, rack_types
        hall = self.hall_id
        if hall is None or hall not in project.halls:
            return
        racks: list[str] = []
        services: set[str] = set()
        area = QRectF()
        moved = QRectF()  # the floor racks and units left or took: tray names may move
        for entity_id, change in changes.changes.items():
            if (
                hall not in (_hall_of(change.before), _hall_of(change.after))
                and change.collection != "halls"
            ):
                if change.collection == "custom_types":
                    racks.extend(r.id for r in project.placements.values() if r.hall_id == hall)
                    self._names_stale = True  # racks of that type may have grown
                elif change.collection == "groups":  # a system renamed: its label on its racks
                    racks.extend(
                        r.id
                        for r in project.placements.values()
                        if r.hall_id == hall and r.group_id == entity_id
                    )
                continue
            if change.collection == "placements":
                racks.append(entity_id)
                for rack in (change.before, change.after):
                    box = placement_box(rack, rack_types) if rack is not None else None
                    if box is not None and rack.hall_id == hall:
                        moved = moved.united(QRectF(box.x0, box.y0, box.width, box.height))
            elif change.collection == "halls" and entity_id == hall:
                self._rebuild_floor()
                self._names_stale = True  # the hall's outline bounds where names may go
            elif change.collection in _SERVICES:
                services.add(change.collection)
                for entity in (change.before, change.after):
                    if entity is not None and _hall_of(entity) == hall:
                        area = area.united(_extent(entity))
                        if change.collection in ("cooling_units", "obstacles"):
                            moved = moved.united(_extent(entity))
        if racks:
            self.racks.update(project, hall, rack_types, racks)
        if services:
            margin = self._screen_mm(LABEL_REACH_PX)
            self._rebuild_services(services, area.adjusted(-margin, -margin, margin, margin))
        if not moved.isEmpty() and "trays" not in services:
            self._replace_tray_labels(moved)
        if racks or services:
            self._rebuild_markers()

    def _rebuild_floor(self) -> None:
        assert self.project is not None and self.hall_id is not None
        self.floor = floor_geometry(self.project.halls[self.hall_id])
        margin = max(dimension_margin_mm(self.floor), 6_000.0)
        rect = self.floor.bounds.adjusted(-margin, -margin, margin, margin)
        self.setSceneRect(rect)
        self.invalidate(rect, QGraphicsScene.SceneLayer.BackgroundLayer)
        for layer in (self._services, self._service_labels, self._links, self._markers):
            geometry = layer.geometry
            if layer in (self._services, self._service_labels) and geometry is not None:
                geometry = {**geometry, "floor": self.floor}  # a moved cable entry
            layer.set_geometry(geometry, rect)
        self.racks.set_rect(rect)

    def _rebuild_services(self, collections: Iterable[str], dirty: QRectF | None = None) -> None:
        """Rebuild the geometry of some services; repaint ``dirty`` only, when given."""
        assert self.project is not None
        geometries = dict(self._services.geometry or {})
        geometries["floor"] = self.floor  # its cable entry is drawn with the labels
        for collection in collections:
            shown = (
                e
                for e in getattr(self.project, collection).values()
                if e.hall_id == self.hall_id and e.id not in self._hidden
            )
            if collection == "trays":
                geometries[collection] = tray_geometry(shown, self._keep_clear())
            else:
                geometries[collection] = _SERVICES[collection][0](shown)
        self._services.set_geometry(geometries, self.sceneRect(), dirty)
        self._service_labels.set_geometry(geometries, self.sceneRect(), dirty)

    @property
    def cooling_kinds(self) -> set[str]:
        """The kinds of cooling unit the hall holds ("crah", "inrow_cooler", ...)."""
        geometries = self._services.geometry
        if not geometries:
            return set()
        return {kind for kind, rects in geometries["cooling_units"].rects.items() if len(rects)}

    @property
    def tray_labels(self) -> list[TrayLabel]:
        """The trays' names as the canvas writes them, each where it goes."""
        geometries = self._services.geometry
        return list(geometries["trays"].labels) if geometries else []

    def _keep_clear(self) -> np.ndarray:
        """What the trays' names should not be written over: the hall's racks, units and
        named obstacles, and the floor beyond it."""
        assert self.project is not None
        hall = self.hall_id
        assert self.floor is not None
        rects = [c.arrays.rects for c in self.racks.chunks if c.arrays is not None]
        return keep_clear(
            np.vstack([np.zeros((0, 4)), *rects]),
            (u for u in self.project.cooling_units.values() if u.hall_id == hall),
            (o for o in self.project.obstacles.values() if o.hall_id == hall),
            self.floor,
        )

    def _replace_tray_labels(self, moved: QRectF) -> None:
        """Racks, units or obstacles moved on the floor ``moved`` covers: place again the
        names of the trays near it now, and all of them when the next findings arrive."""
        geometries = self._services.geometry
        if not geometries or not any(t.name for t in geometries["trays"].trays):
            return
        previous = geometries["trays"].placed
        if previous is None:  # not placed yet: the racks it was built with have moved
            self._place_tray_names()
            return
        changed = (moved.left(), moved.top(), moved.right(), moved.bottom())
        self._show_tray_labels(
            tray_labels(self._named_trays(), self._keep_clear(), previous, changed)
        )
        self._names_stale = True

    def _place_tray_names(self) -> None:
        """Every tray's name placed from scratch, as on paper."""
        self._names_stale = False
        geometries = self._services.geometry
        if self.project is None or not geometries:
            return
        if any(t.name for t in geometries["trays"].trays):
            self._show_tray_labels(tray_labels(self._named_trays(), self._keep_clear()))

    def _named_trays(self) -> list[CableTray]:
        assert self.project is not None
        return [
            t
            for t in self.project.trays.values()
            if t.hall_id == self.hall_id and t.id not in self._hidden
        ]

    def _show_tray_labels(self, labels: list[TrayLabel]) -> None:
        """Show ``labels``, repainting only where a name was and where it goes."""
        geometries = self._services.geometry
        trays = geometries["trays"]
        shown = trays.placed or []  # none yet when never drawn near enough to be placed
        # the labels keep the trays' order: compare each with its own
        if len(labels) == len(shown):
            pairs = [(a, b) for a, b in zip(shown, labels, strict=True) if a != b]
            moved = [label for pair in pairs for label in pair]
        else:
            moved = [*shown, *labels]
        if not moved:
            return
        reach = self._screen_mm(LABEL_REACH_PX)
        area = QRectF()
        for label in moved:
            x, y = label.anchor.x(), label.anchor.y()
            area = area.united(QRectF(x - reach, y - reach, 2 * reach, 2 * reach))
        geometries = {**geometries, "trays": replace(trays, placed=labels)}
        self._services.set_geometry(geometries, self.sceneRect(), area)
        self._service_labels.set_geometry(geometries, self.sceneRect(), area)

    def _screen_mm(self, pixels: float) -> float:
        """How many millimetres ``pixels`` cover in the (first) view, at least 1 m."""
        views = self.views()
        scale = views[0].transform().m11() if views else 0.0
        return max(1_000.0, pixels / scale) if scale > 0 else 1e9

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        """The backdrop and the hall's floor, grid and walls: the view caches this as pixels."""
        painter.fillRect(rect, style.BACKDROP)
        if self.floor is not None:
            draw_floor(painter, self.floor, Context.of(painter, rect), grid=self.grid_visible)

    # --- findings ----------------------------------------------------------------------

    def set_findings(self, findings: Sequence[Any], checked: bool = True) -> None:
        """Colour racks by their worst finding and mark every finding of this hall."""
        self._findings, self._checked = findings, checked
        self.racks.set_status(status_by_id(findings), checked)
        self._rebuild_markers()
        if self._names_stale:
            self._place_tray_names()

    def _rebuild_markers(self) -> None:
        """Place the markers again; repaint only around those that appeared, went or moved."""
        if self.project is None or self.hall_id is None:
            return
        old: Markers | None = self._markers.geometry
        new = markers_for(self._findings, self.hall_id, self.box_of)
        dirty = None
        if old is not None:
            before = set(zip(map(tuple, old.points.tolist()), old.severity.tolist(), strict=True))
            after = set(zip(map(tuple, new.points.tolist()), new.severity.tolist(), strict=True))
            changed = before ^ after
            if not changed:
                return
            margin = self._screen_mm(MARKER_REACH_PX)
            dirty = QRectF()
            for (x, y), _ in changed:
                dirty = dirty.united(QRectF(x - margin, y - margin, 2 * margin, 2 * margin))
        self._markers.set_geometry(new, self.sceneRect(), dirty)

    def box_of(self, entity_id: str) -> Box | None:
        """The footprint of a rack or cooling unit of this hall, or None."""
        assert self.project is not None
        rack = self.project.placements.get(entity_id)
        if rack is not None and rack.hall_id == self.hall_id:
            return placement_box(rack, self.rack_types)
        unit = self.project.cooling_units.get(entity_id)
        if unit is not None and unit.hall_id == self.hall_id:
            return cooling_box(unit) or Box(unit.x, unit.y, unit.x, unit.y)
        return None

    # --- links -----------------------------------------------------------------------------

    def set_links(self, links: LinkGeometry | None) -> None:
        """Draw ``links`` (this hall's links along its trays) in the links layer."""
        self._links.set_geometry(links, self.sceneRect())

    @property
    def links(self) -> LinkGeometry | None:
        """The links the layer holds (drawn when ``links_visible``)."""
        geometry: LinkGeometry | None = self._links.geometry
        return geometry

    @property
    def links_visible(self) -> bool:
        return self._links.isVisible()

    def set_links_visible(self, visible: bool) -> None:
        self._links.setVisible(visible)

    # --- view state ----------------------------------------------------------------------

    def set_colour_mode(self, mode: str) -> None:
        self.racks.set_colour_mode(mode)

    def set_grid_visible(self, visible: bool) -> None:
        self.grid_visible = visible
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def set_hidden(self, ids: Iterable[str]) -> None:
        """Leave ``ids`` out of their layers while edit proxies stand in for them."""
        wanted = set(ids)
        if wanted == self._hidden:
            return
        project = self.project
        changed = wanted ^ self._hidden
        self._hidden = wanted
        self.racks.set_hidden(wanted)
        if project is not None:
            touched = [c for c in _SERVICES if changed & getattr(project, c).keys()]
            if touched:
                self._rebuild_services(touched)

    def outline_path(self, ids: Iterable[str]) -> QPainterPath:
        """The outlines of ``ids`` (racks, units, obstacles, trays, feeds) as one path."""
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.WindingFill)
        project = self.project
        if project is None:
            return path
        for entity_id in ids:
            box = self.box_of(entity_id)
            if box is not None:
                if box.width == 0:
                    path.addEllipse(QRectF(box.x0 - 200, box.y0 - 200, 400, 400))
                else:
                    path.addRect(QRectF(box.x0, box.y0, box.width, box.height))
                continue
            obstacle = project.obstacles.get(entity_id)
            if obstacle is not None:
                path.addPolygon(QPolygonF([QPointF(x, y) for x, y in obstacle.outline]))
                path.closeSubpath()
                continue
            line = project.trays.get(entity_id) or project.feeds.get(entity_id)
            if line is not None:
                path.addPath(boxes_path((), [line.path], getattr(line, "width_mm", 300) / 2))
        return path

    def show_selection(self, ids: Iterable[str]) -> None:
        """Outline ``ids``; one busway or tray gets its end handles too."""
        ids = list(ids)
        self.selection_item.setPath(self.outline_path(ids))
        self.handles.show_for(self.project, ids)

    def set_selection_visible(self, visible: bool) -> None:
        """Hide the outline and handles while stand-ins for the selection are dragged."""
        self.selection_item.setVisible(visible)
        self.handles.set_visible(visible)
