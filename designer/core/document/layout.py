"""Where things go on the floor: rows, systems, turns, shifts and alignment, computed
without editing anything.

The verbs of ``operations`` (place, move, rotate, align) and the clipboard's paste work out
positions here and then commit them in one transaction; the canvas's tools and the
generators ask the same functions for a preview or a plan, so a preview is what a placing
gives. All lengths are integer millimetres in hall coordinates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from designer.core.document.document import Document, TransactionError
from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import (
    Box,
    around,
    corner_keeping_centre,
    footprint,
    footprint_size,
    front_line,
    snap,
)
from designer.core.model.base import Point, Rotation, evolve
from designer.core.model.equipment import RackType, SystemTemplate
from designer.core.model.hall import CableTray, CoolingUnit, Obstacle, PowerFeed
from designer.core.model.placement import Placement
from designer.core.model.project import Project

#: A box on the page and what stands in it: a rack type or id, a role, its footprint and
#: its rotation (what ``quarter_turn`` turns).
PageBox = tuple[str, str, Box, Rotation]

#: The rotations in clockwise order, a quarter turn apart.
_ROTATIONS: tuple[Rotation, ...] = (0, 90, 180, 270)


def turned(rotation: Rotation, quarters: int) -> Rotation:
    """``rotation`` turned ``quarters`` quarter turns clockwise."""
    return _ROTATIONS[(rotation // 90 + quarters) % 4]


def rack_type_of(doc: Document, type_id: str) -> RackType:
    """The rack type ``type_id`` of the catalog or the project; refused when there is none."""
    kind = doc.rack_types.get(type_id)
    if kind is None:
        raise TransactionError(f"there is no rack type {type_id!r} in the catalog or the project")
    return kind


def rectangle(x: int, y: int, width: int, depth: int) -> list[Point]:
    """The outline of an axis-aligned rectangle, clockwise on the page."""
    return [(x, y), (x + width, y), (x + width, y + depth), (x, y + depth)]


def row_positions(
    width_mm: int, depth_mm: int, x: int, y: int, count: int, rotation: Rotation, gap_mm: int = 0
) -> list[tuple[int, int]]:
    """Corners of ``count`` racks side by side, the row running along their front edges."""
    sx, sy = footprint_size(width_mm, depth_mm, rotation)
    if rotation in (0, 180):
        return [(x + i * (sx + gap_mm), y) for i in range(count)]
    return [(x, y + i * (sy + gap_mm)) for i in range(count)]


def system_layout(
    doc: Document, system_id: str, x: int, y: int, rotation: Rotation = 0
) -> list[tuple[str, str, int, int, Rotation]]:
    """Where each member rack of a system goes: ``(type_id, role, x, y, rotation)``.

    The template's arrangement is turned clockwise by ``rotation`` about its own bounding
    box, and its corner put at ``(x, y)``.
    """
    system = doc.catalog.systems.get(system_id)
    if system is None:
        raise TransactionError(f"there is no system {system_id!r} in the catalog")
    for member in system.members:
        rack_type_of(doc, member.type_id)
    return system_layout_of(system, doc.rack_types, x, y, rotation)


def system_layout_of(
    system: SystemTemplate, rack_types: Mapping[str, RackType], x: int, y: int, rotation: int = 0
) -> list[tuple[str, str, int, int, Rotation]]:
    """``system_layout`` of a template whose member types ``rack_types`` all hold."""
    boxes: list[PageBox] = []
    for member in system.members:
        kind = rack_types[member.type_id]
        box = footprint(member.dx_mm, member.dy_mm, kind.width_mm, kind.depth_mm, member.rotation)
        boxes.append((member.type_id, member.role, box, member.rotation))
    for _ in range(rotation // 90):
        boxes = quarter_turn(boxes)
    origin_x = min(b.x0 for _, _, b, _ in boxes)
    origin_y = min(b.y0 for _, _, b, _ in boxes)
    return [
        (type_id, role, box.x0 - origin_x + x, box.y0 - origin_y + y, rot)
        for type_id, role, box, rot in boxes
    ]


def quarter_turn(boxes: list[PageBox]) -> list[PageBox]:
    """Turn boxes a quarter clockwise on the page about their common bounding box's centre."""
    hull = around(box for _, _, box, _ in boxes)
    assert hull is not None  # a group has members
    s = hull.x0 + hull.x1 + hull.y0 + hull.y1
    d = hull.y0 + hull.y1 - hull.x0 - hull.x1
    result = []
    for type_id, role, b, rot in boxes:
        # (x, y) -> (cx + cy - y, cy - cx + x) with doubled centre sums s and d
        nb = Box(s // 2 - b.y1, d // 2 + b.x0, s // 2 - b.y0, d // 2 + b.x1)
        result.append((type_id, role, nb, turned(rot, 1)))
    return result


def with_groups(project: Project, ids: Iterable[str]) -> list[str]:
    """``ids`` with every rack of each system a rack belongs to, in a stable order."""
    wanted = dict.fromkeys(ids)
    groups = {
        project.placements[i].group_id
        for i in wanted
        if i in project.placements and project.placements[i].group_id
    }
    groups |= {i for i in wanted if i in project.groups}
    if groups:
        for rack in project.placements.values():
            if rack.group_id in groups:
                wanted.setdefault(rack.id)
    return [i for i in wanted if i not in project.groups]


def shifted(entity: BaseModel, dx: int, dy: int) -> BaseModel:
    """``entity`` shifted by ``(dx, dy)``: a rack or unit's corner, an outline, a path."""
    if isinstance(entity, Placement | CoolingUnit):
        return evolve(entity, x=entity.x + dx, y=entity.y + dy)
    if isinstance(entity, Obstacle):
        return evolve(entity, outline=[(x + dx, y + dy) for x, y in entity.outline])
    if isinstance(entity, CableTray | PowerFeed):
        return evolve(entity, path=[(x + dx, y + dy) for x, y in entity.path])
    raise TransactionError(f"a {type(entity).__name__} cannot be moved")


def _size(entity: Placement | CoolingUnit, types: Any) -> tuple[int, int]:
    if isinstance(entity, Placement):
        kind = types[entity.type_id]
        return kind.width_mm, kind.depth_mm
    return entity.width_mm, entity.depth_mm


def turned_in_place(
    entity: Placement | CoolingUnit, turns: int, types: Any, tile_mm: int | None = None
) -> Placement | CoolingUnit:
    """``entity`` turned ``turns`` quarters clockwise about its own centre.

    A rack standing on the tile grid of ``tile_mm`` stays on it: its corner goes to the
    grid point nearest where the centre puts it (a 600 x 1,068 mm rack keeping its centre
    would leave the grid by 234 mm), so turning it four times gives it back where it was.
    """
    width, depth = _size(entity, types)
    new_rotation = turned(entity.rotation, turns)
    box = footprint(entity.x, entity.y, width, depth, entity.rotation)
    x, y = corner_keeping_centre(box, footprint_size(width, depth, new_rotation))
    if (
        tile_mm
        and isinstance(entity, Placement)
        and entity.x % tile_mm == 0
        and entity.y % tile_mm == 0
    ):
        x, y = snap(x, tile_mm), snap(y, tile_mm)
    return evolve(entity, x=x, y=y, rotation=new_rotation)


def turned_group(members: list[Placement], turns: int, types: Any) -> list[Placement]:
    """A system's racks turned ``turns`` quarters clockwise as one block about its centre."""
    boxes: list[PageBox] = []
    for member in members:
        width, depth = _size(member, types)
        box = footprint(member.x, member.y, width, depth, member.rotation)
        boxes.append((member.id, "", box, member.rotation))
    hull = around(box for _, _, box, _ in boxes)
    for _ in range(turns):
        boxes = quarter_turn(boxes)
    turned_hull = around(box for _, _, box, _ in boxes)
    assert hull is not None and turned_hull is not None  # a group has members
    # keep the group's centre where it was
    x0, y0 = corner_keeping_centre(hull, (turned_hull.width, turned_hull.height))
    shift_x, shift_y = x0 - turned_hull.x0, y0 - turned_hull.y0
    by_id = {m.id: m for m in members}
    return [
        evolve(by_id[i], x=box.x0 + shift_x, y=box.y0 + shift_y, rotation=rot)
        for i, _, box, rot in boxes
    ]


#: The edges and centre lines ``align`` lines things up on.
ALIGN_EDGES = ("left", "right", "top", "bottom", "centre_x", "centre_y")


def footprint_of(project: Project, entity_id: str, rack_types: Any) -> Box | None:
    """The floor box of a rack, cooling unit, obstacle, tray or feed; None for anything else.

    An in-rack CDU, which has no footprint, is the point where it stands.
    """
    rack = project.placements.get(entity_id)
    if rack is not None:
        return placement_box(rack, rack_types)
    unit = project.cooling_units.get(entity_id)
    if unit is not None:
        return cooling_box(unit) or Box(unit.x, unit.y, unit.x, unit.y)
    for name, points in (("obstacles", "outline"), ("trays", "path"), ("feeds", "path")):
        entity = getattr(project, name).get(entity_id)
        if entity is not None:
            return bounds(getattr(entity, points))
    return None


def arranged_units(
    project: Project, types: Mapping[str, RackType], ids: Iterable[str]
) -> list[tuple[list[str], Box]]:
    """What moves as one when arranging: each system (all its racks), each other item."""
    systems: dict[str, list[str]] = {}
    units: list[tuple[list[str], Box]] = []
    for entity_id in with_groups(project, ids):
        rack = project.placements.get(entity_id)
        if rack is not None and rack.group_id:
            systems.setdefault(rack.group_id, []).append(entity_id)
            continue
        box = footprint_of(project, entity_id, types)
        if box is not None:
            units.append(([entity_id], box))
    for members in systems.values():
        hull = around(b for b in (footprint_of(project, m, types) for m in members) if b)
        if hull is not None:
            units.append((members, hull))
    return units


def alignment_shift(edge: str, box: Box, whole: Box) -> tuple[int, int]:
    """How far ``box`` moves to line up on ``edge`` of the selection's bounds ``whole``."""
    if edge == "left":
        return whole.x0 - box.x0, 0
    if edge == "right":
        return whole.x1 - box.x1, 0
    if edge == "top":
        return 0, whole.y0 - box.y0
    if edge == "bottom":
        return 0, whole.y1 - box.y1
    if edge == "centre_x":
        return (whole.x0 + whole.x1 - box.x0 - box.x1) // 2, 0
    return 0, (whole.y0 + whole.y1 - box.y0 - box.y1) // 2


# --- rows ------------------------------------------------------------------------------


def row_slot(
    box: Box, rotation: Rotation, size: tuple[int, int], gap_mm: int = 0
) -> tuple[int, int]:
    """The corner of an item of ``size`` (width x depth, unturned) turned as ``rotation``,
    standing ``gap_mm`` past the far end (+x or +y) of the rack ``box`` with its front on
    the rack's front line: where a row ending in that rack goes on."""
    sx, sy = footprint_size(size[0], size[1], rotation)
    across = _fronts_on(box, rotation, sx, sy)
    if rotation in (0, 180):
        return box.x1 + gap_mm, across
    return across, box.y1 + gap_mm


def _fronts_on(box: Box, rotation: Rotation, sx: int, sy: int) -> int:
    """The corner coordinate across the row (a y for 0/180, an x for 90/270) that puts the
    front of an item ``sx`` x ``sy`` on the page on the front line of ``box``: a deeper CDU
    lines up its front with the racks', not its rear."""
    line = front_line(box, rotation)
    return {0: line, 90: line - sx, 180: line - sy, 270: line}[rotation]


def joining_row(
    racks: Iterable[tuple[Box, Rotation]],
    size: tuple[int, int],
    at: tuple[float, float],
    reach: int,
) -> tuple[int, int, Rotation] | None:
    """Where an item of ``size`` (width x depth) dropped centred at ``at`` goes to join a
    row at one of its ends: facing the row's way, its front on the row's front line, its
    side against the end rack. ``racks`` are the racks near the drop (footprint and
    facing); the drop joins a row when its centre lies within ``reach`` of such a place.
    The nearest place wins; None when the drop is at no row's end, or on a rack (which
    places it over that rack, as asked); the caller checks the place is free."""
    racks = list(racks)
    if any(b.x0 <= at[0] <= b.x1 and b.y0 <= at[1] <= b.y1 for b, _ in racks):
        return None
    best: tuple[float, tuple[int, int, Rotation]] | None = None
    for box, rotation in racks:
        sx, sy = footprint_size(size[0], size[1], rotation)
        across = _fronts_on(box, rotation, sx, sy)
        if rotation in (0, 180):
            places = [(box.x0 - sx, across), (box.x1, across)]
        else:
            places = [(across, box.y0 - sy), (across, box.y1)]
        for x, y in places:
            dx = max(x - at[0], 0.0, at[0] - (x + sx))
            dy = max(y - at[1], 0.0, at[1] - (y + sy))
            if dx > reach or dy > reach:
                continue
            miss = abs(x + sx / 2 - at[0]) + abs(y + sy / 2 - at[1])
            if best is None or miss < best[0]:
                best = (miss, (x, y, rotation))
    return best[1] if best is not None else None


def row_through(
    project: Project, rack_types: Mapping[str, RackType], rack_id: str, break_mm: int
) -> list[str]:
    """The racks of the row ``rack_id`` stands in, in order along it (+x or +y): the racks
    of its hall facing its way with their fronts on its line, each less than ``break_mm``
    from the next (the checker's rows also hold in-row units; a row's labels do not)."""
    rack = project.placements[rack_id]
    own = placement_box(rack, rack_types)
    if own is None:
        return [rack_id]
    line = front_line(own, rack.rotation)
    along_x = rack.rotation in (0, 180)
    line_up = []
    for other in project.placements.values():
        if other.hall_id != rack.hall_id or other.rotation != rack.rotation:
            continue
        box = placement_box(other, rack_types)
        if box is not None and front_line(box, other.rotation) == line:
            line_up.append(((box.x0, box.x1) if along_x else (box.y0, box.y1), other.id))
    line_up.sort()
    chains: list[list[str]] = []
    reached = None
    for (start, end), other_id in line_up:
        if reached is None or start - reached >= break_mm:
            chains.append([])
            reached = end
        chains[-1].append(other_id)
        reached = max(reached, end)
    return next(chain for chain in chains if rack_id in chain)
