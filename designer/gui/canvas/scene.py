"""The scene of one hall: its layers, kept in step with the document change by change.

``show`` builds a hall's layers; ``apply`` takes a ``ChangeSet`` and rebuilds only what it
touches (the chunks of the racks that moved, the feed layer when a feed changed, ...).
Scene coordinates are hall millimetres, y down, as the model stores them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene

from designer.core.document.changes import ChangeSet
from designer.core.geometry.floor import cooling_box, placement_box
from designer.core.geometry.footprint import Box
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.drawing import style
from designer.drawing.floor import FloorGeometry, dimension_margin_mm, draw_floor, floor_geometry
from designer.drawing.infrastructure import (
    cooling_geometry,
    draw_cooling,
    draw_feeds,
    draw_obstacles,
    draw_trays,
    feed_geometry,
    obstacle_geometry,
    tray_geometry,
)
from designer.drawing.lod import Context
from designer.drawing.markers import draw_markers, markers_for
from designer.drawing.plan import status_by_id
from designer.gui.canvas.layers import (
    Z_COOLING,
    Z_FEEDS,
    Z_FLOOR,
    Z_MARKERS,
    Z_OBSTACLES,
    Z_SELECTION,
    Z_TRAYS,
    PlanLayer,
    RackLayer,
)
from designer.gui.canvas.preview import boxes_path

#: Layers other than racks, by the project collection they show.
_LAYER_OF = {
    "obstacles": "obstacles",
    "cooling_units": "cooling",
    "trays": "trays",
    "feeds": "feeds",
}
_BUILDERS = {
    "obstacles": obstacle_geometry,
    "cooling": cooling_geometry,
    "trays": tray_geometry,
    "feeds": feed_geometry,
}


def _hall_of(entity: Any) -> str | None:
    return getattr(entity, "hall_id", None) if entity is not None else None


class HallScene(QGraphicsScene):
    """The plan of one hall, as drawing layers over a fixed scene rectangle."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.setBackgroundBrush(style.brush(style.BACKDROP))
        self.project: Project | None = None
        self.hall_id: str | None = None
        self.rack_types: Mapping[str, RackType] = {}
        self.floor: FloorGeometry | None = None
        self.grid_visible = True
        self._findings: Sequence[Any] = ()
        self._checked = False
        self._hidden: set[str] = set()
        self.racks = RackLayer(self)
        self._floor_layer = PlanLayer(self._draw_floor, Z_FLOOR)
        self._layers = {
            "obstacles": PlanLayer(draw_obstacles, Z_OBSTACLES),
            "cooling": PlanLayer(draw_cooling, Z_COOLING),
            "trays": PlanLayer(draw_trays, Z_TRAYS),
            "feeds": PlanLayer(draw_feeds, Z_FEEDS),
        }
        self._markers = PlanLayer(draw_markers, Z_MARKERS)
        self.selection_item = QGraphicsPathItem()
        self.selection_item.setZValue(Z_SELECTION)
        self.selection_item.setPen(style.pen(style.SELECTION, 1.6, 4 / 3))
        self.selection_item.setBrush(style.brush(style.SELECTION_FILL))
        for item in (self._floor_layer, *self._layers.values(), self._markers, self.selection_item):
            self.addItem(item)

    # --- building --------------------------------------------------------------------

    def show_hall(self, project: Project, hall_id: str, rack_types: Mapping[str, RackType]) -> None:
        """Build every layer of ``hall_id``."""
        self.project, self.hall_id, self.rack_types = project, hall_id, rack_types
        self._hidden.clear()
        self._rebuild_floor()
        self.racks.show(project, hall_id, rack_types)
        for name in self._layers:
            self._rebuild_layer(name)
        self._rebuild_markers()
        self.selection_item.setPath(QPainterPath())

    def apply(
        self, project: Project, changes: ChangeSet, rack_types: Mapping[str, RackType]
    ) -> None:
        """Bring the layers up to ``project`` after ``changes``; rebuild only what they touch."""
        self.project, self.rack_types = project, rack_types
        hall = self.hall_id
        if hall is None or hall not in project.halls:
            return
        racks: list[str] = []
        layers: set[str] = set()
        for entity_id, change in changes.changes.items():
            if (
                hall not in (_hall_of(change.before), _hall_of(change.after))
                and change.collection != "halls"
            ):
                if change.collection == "custom_types":
                    racks.extend(r.id for r in project.placements.values() if r.hall_id == hall)
                continue
            if change.collection == "placements":
                racks.append(entity_id)
            elif change.collection == "halls" and entity_id == hall:
                self._rebuild_floor()
            elif change.collection in _LAYER_OF:
                layers.add(_LAYER_OF[change.collection])
        if racks:
            self.racks.update(project, hall, rack_types, racks)
        for name in layers:
            self._rebuild_layer(name)
        if racks or layers:
            self._rebuild_markers()

    def _rebuild_floor(self) -> None:
        assert self.project is not None and self.hall_id is not None
        self.floor = floor_geometry(self.project.halls[self.hall_id])
        margin = max(dimension_margin_mm(self.floor), 6_000.0)
        rect = self.floor.bounds.adjusted(-margin, -margin, margin, margin)
        self.setSceneRect(rect)
        self._floor_layer.set_geometry(self.floor, rect)
        for layer in (*self._layers.values(), self._markers):
            layer.set_geometry(layer.geometry, rect)

    def _rebuild_layer(self, name: str) -> None:
        assert self.project is not None
        collection = next(c for c, layer in _LAYER_OF.items() if layer == name)
        entities = [
            e
            for e in getattr(self.project, collection).values()
            if e.hall_id == self.hall_id and e.id not in self._hidden
        ]
        self._layers[name].set_geometry(_BUILDERS[name](entities), self.sceneRect())

    def _draw_floor(self, painter: QPainter, floor: FloorGeometry, ctx: Context) -> None:
        draw_floor(painter, floor, ctx, grid=self.grid_visible)

    # --- findings ----------------------------------------------------------------------

    def set_findings(self, findings: Sequence[Any], checked: bool = True) -> None:
        """Colour racks by their worst finding and mark every finding of this hall."""
        self._findings, self._checked = findings, checked
        self.racks.set_status(status_by_id(findings), checked)
        self._rebuild_markers()

    def _rebuild_markers(self) -> None:
        if self.project is None or self.hall_id is None:
            return
        self._markers.set_geometry(
            markers_for(self._findings, self.hall_id, self.box_of), self.sceneRect()
        )

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

    # --- view state ----------------------------------------------------------------------

    def set_colour_mode(self, mode: str) -> None:
        self.racks.set_colour_mode(mode)

    def set_grid_visible(self, visible: bool) -> None:
        self.grid_visible = visible
        self._floor_layer.update()

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
            for collection, name in _LAYER_OF.items():
                if changed & getattr(project, collection).keys():
                    self._rebuild_layer(name)

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
        self.selection_item.setPath(self.outline_path(ids))
