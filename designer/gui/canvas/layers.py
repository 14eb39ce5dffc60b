"""The canvas items of a hall: a handful of layers, each painted by ``designer.drawing``.

There is no item per rack. Racks live in ``RackChunk`` items, one per 24 m square of
floor, each drawing its racks with a few ``drawRects`` calls; the services over the racks,
the links along the trays, the rack labels (over both, so they stay readable) and the
finding markers are one ``PlanLayer`` each. Items hold drawing geometry
built from the model, never the model's state, and are rebuilt only when the ids they show
change. Every item caches its pixels (``DeviceCoordinateCache``): while the user drags,
Qt repaints around the proxy from those caches without calling Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import Project
from designer.drawing.lod import SYSTEM_LABEL_LOD, Context
from designer.drawing.racks import (
    RackArrays,
    draw_rack_labels,
    draw_racks,
    rack_arrays,
    system_labels,
)

#: Side of the square of floor one rack chunk covers, in mm (up to about 400 racks): big
#: enough that a whole 6,912-rack hall is a few dozen paint calls, small enough that
#: repainting around a dragged rack culls a few hundred rectangles.
CHUNK_MM = 24_000
#: Room around a chunk's racks for cosmetic outlines, in mm.
CHUNK_MARGIN_MM = 60

Z_RACKS, Z_SERVICES, Z_LINKS, Z_LABELS, Z_SELECTION, Z_MARKERS, Z_EDIT = 10, 20, 30, 40, 50, 60, 70


class PlanLayer(QGraphicsItem):
    """One layer of the plan (the services, the markers) drawn by ``draw(painter, geometry, context)``.

    Its bounding rectangle is the whole scene, so text and markers sized in points may
    reach past the geometry at any zoom; the drawing functions cull by the exposed rect.
    """

    def __init__(self, draw: Callable[[QPainter, Any, Context], None], z: float) -> None:
        super().__init__()
        self._draw = draw
        self._geometry: Any = None
        self._rect = QRectF()
        self.setZValue(z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    @property
    def geometry(self) -> Any:
        return self._geometry

    def set_geometry(self, geometry: Any, rect: QRectF, dirty: QRectF | None = None) -> None:
        """Show ``geometry``; repaint only ``dirty`` (scene mm) when that is all that changed."""
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(rect)
            dirty = None
        self._geometry = geometry
        self.update(dirty if dirty is not None else self._rect)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._geometry is not None:
            self._draw(painter, self._geometry, Context.of(painter, option.exposedRect))


class RackChunk(QGraphicsItem):
    """The racks of one square of floor, drawn in bulk from ``RackArrays``."""

    def __init__(self, key: tuple[int, int]) -> None:
        super().__init__()
        self.key = key
        self.members: dict[str, None] = {}
        self.arrays: RackArrays | None = None
        self.colour_mode = "status"
        self._rect = QRectF()
        self.setZValue(Z_RACKS)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def rebuild(self, arrays: RackArrays) -> None:
        self.arrays = arrays
        m = CHUNK_MARGIN_MM
        rect = arrays.bounds.adjusted(-m, -m, m, m)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.arrays is not None:
            draw_racks(
                painter, self.arrays, Context.of(painter, option.exposedRect), self.colour_mode
            )


def draw_chunk_labels(
    painter: QPainter, chunks: Mapping[tuple[int, int], RackChunk], ctx: Context
) -> None:
    """The labels of the racks (or systems) of ``chunks`` that meet the clip (none when too
    far out)."""
    if ctx.points_per_mm < SYSTEM_LABEL_LOD:
        return
    for chunk in chunks.values():
        rect = chunk.boundingRect()
        if chunk.arrays is not None and ctx.shows(
            rect.left(), rect.top(), rect.right(), rect.bottom()
        ):
            draw_rack_labels(painter, chunk.arrays, ctx, chunk.colour_mode)


def chunk_key(rack: Placement) -> tuple[int, int]:
    return rack.x // CHUNK_MM, rack.y // CHUNK_MM


class RackLayer:
    """Every rack of the shown hall, as chunks that are rebuilt only when their racks change."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self._scene = scene
        self._chunks: dict[tuple[int, int], RackChunk] = {}
        self._key_of: dict[str, tuple[int, int]] = {}
        self._status: Mapping[str, int] = {}
        self._checked = False
        self._hidden: set[str] = set()
        self._mode = "status"
        #: The racks' labels, one item over the services and links (see ``draw_rack_labels``).
        #: Uncached: far out it draws nothing, close in only the few racks in view, so a
        #: viewport-sized cache would cost more than it saves (and crowd the pixmap cache).
        self.labels = PlanLayer(draw_chunk_labels, Z_LABELS)
        self.labels.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        scene.addItem(self.labels)

    @property
    def chunks(self) -> list[RackChunk]:
        return list(self._chunks.values())

    def set_rect(self, rect: QRectF) -> None:
        """The scene rectangle the labels may be drawn in."""
        self.labels.set_geometry(self._chunks, rect)

    def zoomed(self, points_per_mm: float) -> None:
        """Keep the labels out of the repaint while too far out to draw any (no Python call
        per frame for nothing)."""
        self.labels.setVisible(points_per_mm >= SYSTEM_LABEL_LOD)

    def clear(self) -> None:
        for chunk in self._chunks.values():
            self._scene.removeItem(chunk)
        self.labels.update()
        self._chunks.clear()
        self._key_of.clear()
        self._hidden.clear()

    def show(self, project: Project, hall_id: str, rack_types: Mapping[str, RackType]) -> None:
        """Build every chunk of ``hall_id``."""
        self.clear()
        ids = [r.id for r in project.placements.values() if r.hall_id == hall_id]
        self.update(project, hall_id, rack_types, ids)

    def update(
        self, project: Project, hall_id: str, rack_types: Mapping[str, RackType], ids: Iterable[str]
    ) -> None:
        """Rebuild the chunks that held or now hold any of ``ids``."""
        dirty: set[tuple[int, int]] = set()
        systems = system_labels(project)
        for rack_id in ids:
            old = self._key_of.pop(rack_id, None)
            if old is not None:
                self._chunks[old].members.pop(rack_id, None)
                dirty.add(old)
            rack = project.placements.get(rack_id)
            if rack is None or rack.hall_id != hall_id:
                continue
            key = chunk_key(rack)
            self._key_of[rack_id] = key
            if key not in self._chunks:
                chunk = RackChunk(key)
                chunk.colour_mode = self._mode
                self._chunks[key] = chunk
                self._scene.addItem(chunk)
            self._chunks[key].members[rack_id] = None
            dirty.add(key)
        for key in dirty:
            chunk = self._chunks[key]
            self.labels.update(chunk.boundingRect())
            if not chunk.members:
                self._scene.removeItem(chunk)
                del self._chunks[key]
                continue
            racks = [project.placements[i] for i in chunk.members]
            arrays = rack_arrays(racks, rack_types, self._status, self._checked, systems)
            if self._hidden & chunk.members.keys():
                arrays.set_hidden(self._hidden)
            chunk.rebuild(arrays)
            self.labels.update(chunk.boundingRect())

    def set_status(self, status: Mapping[str, int], checked: bool) -> None:
        """Recolour racks by their worst finding; only chunks whose colours change repaint."""
        self._status, self._checked = status, checked
        for chunk in self._chunks.values():
            if chunk.arrays is not None and chunk.arrays.set_status(status, checked):
                chunk.update()

    def set_colour_mode(self, mode: str) -> None:
        self._mode = mode
        for chunk in self._chunks.values():
            chunk.colour_mode = mode
            chunk.update()

    def set_hidden(self, ids: Iterable[str]) -> None:
        """Hide racks while edit proxies stand in for them (all others shown)."""
        wanted = {i for i in ids if i in self._key_of}
        touched = {self._key_of[i] for i in wanted ^ self._hidden if i in self._key_of}
        self._hidden = wanted
        for key in touched:
            chunk = self._chunks[key]
            if chunk.arrays is not None:
                chunk.arrays.set_hidden(wanted)
                chunk.update()
                self.labels.update(chunk.boundingRect())
