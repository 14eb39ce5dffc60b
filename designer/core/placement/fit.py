"""Where a catalog item goes when dropped at a point, and what stands in its way.

A palette drop and the place tool share this: the item is centred on the cursor with its
corner snapped to the hall's tile grid (busways and PDUs to half tiles), then checked
against the hall's walls, its obstacles and what already stands there. The select tool
asks ``obstruction`` the same of a selection being dragged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.geometry.footprint import Box, footprint, footprint_size, snap
from designer.core.geometry.picking import Picker
from designer.core.model.base import Point, Rotation
from designer.core.model.project import Project
from designer.core.placement.entry import PaletteEntry, entry_name

#: Length of a busway or tray dropped from the palette (eight tiles); draw longer ones with
#: the tool.
BUSWAY_MM = 4_800


@dataclass(frozen=True)
class PlacementPlan:
    """Where an entry would go and whether it may.

    ``boxes`` are the footprints to preview, ``paths`` the lines (busways); ``problem``
    says why it cannot be placed (outside the walls, on an obstacle; None when it can);
    ``overlaps`` names the racks or units it would stand over, which does not stop it: it
    is placed and the check reports the overlap.
    """

    entry: PaletteEntry
    name: str
    x: int
    y: int
    rotation: Rotation
    boxes: tuple[Box, ...]
    paths: tuple[tuple[Point, ...], ...]
    problem: str | None
    overlaps: str | None = None

    def message(self) -> str:
        """The status-bar sentence while the item is held over this place."""
        if self.problem is not None:
            return f"Cannot place {self.name} here: {self.problem}."
        if self.overlaps is not None:
            return (
                f"{self.name} would overlap {self.overlaps}: release to place it anyway "
                "(the check reports the overlap)."
            )
        return f"{self.name}: release to place it here."

    def placed(self) -> str:
        """The status-bar sentence once it was placed."""
        if self.overlaps is not None:
            return f"Placed {self.name} over {self.overlaps}; the check reports the overlap."
        return f"Placed {self.name}."


def _centred(cx: float, cy: float, size: tuple[int, int], grid: int) -> tuple[int, int]:
    return snap(round(cx - size[0] / 2), grid), snap(round(cy - size[1] / 2), grid)


def plan_placement(
    doc: Document,
    hall_id: str,
    entry: PaletteEntry,
    cx: float,
    cy: float,
    rotation: Rotation,
    picker: Picker,
) -> PlacementPlan:
    """Where ``entry`` goes when dropped at ``(cx, cy)`` facing ``rotation``, and if it may."""
    hall = doc.project.halls[hall_id]
    tile = hall.tile_mm
    name = entry_name(doc, entry)
    boxes: tuple[Box, ...] = ()
    paths: tuple[tuple[Point, ...], ...] = ()
    floor_standing = True
    if entry.kind == "rack":
        kind = doc.rack_types[entry.type_id]
        size = (kind.width_mm, kind.depth_mm)
        x, y, rotation, box = _standing(doc, picker, size, cx, cy, rotation, tile)
        boxes = (box,)
    elif entry.kind == "system":
        layout = ops.system_layout(doc, entry.type_id, 0, 0, rotation)
        members = [footprint(rx, ry, *_rack_size(doc, t), r) for t, _, rx, ry, r in layout]
        size = (max(b.x1 for b in members), max(b.y1 for b in members))
        x, y = _centred(cx, cy, size, tile)
        boxes = tuple(b.moved(x, y) for b in members)
    elif entry.kind == "cooling":
        unit = doc.catalog.cooling[entry.type_id]
        if unit.width_mm and unit.depth_mm:
            size = (unit.width_mm, unit.depth_mm)
            x, y, rotation, box = _standing(doc, picker, size, cx, cy, rotation, tile)
            boxes = (box,)
        else:
            x, y = snap(round(cx), tile // 2), snap(round(cy), tile // 2)
            floor_standing = False
            paths = (((x, y),),)
    elif entry.kind in ("feed", "tray"):
        x, y = snap(round(cx), tile // 2), snap(round(cy), tile // 2)
        floor_standing = False
        if entry.kind == "tray" or doc.catalog.feeds[entry.type_id].kind == "busway":
            half = BUSWAY_MM // 2
            across = rotation in (0, 180)
            paths = (((x - half, y), (x + half, y)) if across else ((x, y - half), (x, y + half)),)
        else:
            paths = (((x, y),),)
    else:
        structure = doc.catalog.structures[entry.type_id]
        x, y = _centred(cx, cy, (structure.width_mm, structure.depth_mm), tile)
        boxes = (Box(x, y, x + structure.width_mm, y + structure.depth_mm),)
    found = obstruction(doc.project, hall_id, boxes, paths, floor_standing, picker)
    return PlacementPlan(entry, name, x, y, rotation, boxes, paths, found.refused, found.overlaps)


def _standing(
    doc: Document,
    picker: Picker,
    size: tuple[int, int],
    cx: float,
    cy: float,
    rotation: Rotation,
    tile: int,
) -> tuple[int, int, Rotation, Box]:
    """Where a rack or floor-standing unit of ``size`` dropped at ``(cx, cy)`` stands: at a
    row's end, joining the row (its facing and front line) when that place is free; else
    centred on the cursor on the tile grid, slid against a neighbour within half a tile."""
    reach = max(size) + tile
    near = picker.in_rect(
        Box(int(cx) - reach, int(cy) - reach, int(cx) + reach, int(cy) + reach), True, ("rack",)
    )
    racks = doc.project.placements
    ends = [(b, racks[i].rotation) for i in near if i in racks and (b := picker.box(i)) is not None]
    joined = ops.joining_row(ends, size, (cx, cy), tile // 2)
    if joined is not None:
        x, y, turned = joined
        box = footprint(x, y, size[0], size[1], turned)
        if not picker.standing_on_any([box]):
            return x, y, turned, box
    x, y = _centred(cx, cy, footprint_size(size[0], size[1], rotation), tile)
    box = picker.abutting(footprint(x, y, size[0], size[1], rotation), tile // 2)
    return box.x0, box.y0, rotation, box


def _rack_size(doc: Document, type_id: str) -> tuple[int, int]:
    kind = doc.rack_types[type_id]
    return kind.width_mm, kind.depth_mm


class Obstruction(NamedTuple):
    """What stands in the way: ``refused`` says why it cannot go there at all (outside the
    walls, on an obstacle); ``overlaps`` names the racks and units it would stand over,
    which is allowed (the check reports the overlap). Both None when the floor is free."""

    refused: str | None = None
    overlaps: str | None = None


def obstruction(
    project: Project,
    hall_id: str,
    boxes: Sequence[Box],
    paths: Sequence[Sequence[Point]],
    floor_standing: bool,
    picker: Picker,
    ignore: frozenset[str] = frozenset(),
) -> Obstruction:
    """What is in the way of things at ``boxes`` / along ``paths``.

    Outside the walls or on an obstacle: refused. Over other racks or units (not in
    ``ignore``): allowed, and named. ``floor_standing`` False (busways, in-rack CDUs)
    checks the walls only.
    """
    hall = project.halls[hall_id]
    outside = picker.outside_walls(boxes, paths)
    if outside:
        where = "stick out of" if outside == "partly" else "stand outside"
        return Obstruction(refused=f"it would {where} the hall ‘{hall.name}’")
    if not floor_standing or not boxes:
        return Obstruction()
    for obstacle_id in picker.obstacles_under_any(boxes):
        obstacle = project.obstacles[obstacle_id]
        what = {"column": "column", "keepout": "keep-out zone", "wall": "wall"}[obstacle.kind]
        return Obstruction(refused=f"it would stand on the {what} {obstacle.label}".rstrip())
    hits = picker.standing_on_any(boxes, ignore)
    if hits:
        names = [_label(project, i) for i in hits[:2]]
        more = f" and {len(hits) - 2} more" if len(hits) > 2 else ""
        return Obstruction(overlaps=" and ".join(names) + more)
    return Obstruction()


def _label(project: Project, entity_id: str) -> str:
    rack = project.placements.get(entity_id)
    if rack is not None:
        return rack.label or rack.type_id
    return project.cooling_units[entity_id].name
