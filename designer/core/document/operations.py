"""Domain verbs: the only code that opens transactions.

The GUI's tools, the CLI and the example builders call these; none of them stages edits by
hand. Each verb validates through the models (``evolve``), keeps multi-rack systems whole
(moving, turning or deleting one rack of a CloudMatrix384 acts on all 16 until the group is
dissolved) and clears or cascades references so that no id is left dangling.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from designer.core.document.changes import SINGLETONS
from designer.core.document.document import Document, TransactionError
from designer.core.geometry.floor import bounds, cooling_box, placement_box
from designer.core.geometry.footprint import (
    Box,
    corner_keeping_centre,
    footprint,
    footprint_size,
)
from designer.core.model.base import Point, Rotation, evolve
from designer.core.model.equipment import RackType, SystemTemplate
from designer.core.model.hall import (
    CableTray,
    CoolingGroup,
    CoolingUnit,
    Hall,
    Obstacle,
    PowerFeed,
)
from designer.core.model.job import Job
from designer.core.model.link import Bundle
from designer.core.model.placement import Group, Placement
from designer.core.model.project import COLLECTIONS, Project
from designer.core.model.rule_settings import Exclusion
from designer.core.model.site import FibreRoute, Site


def rectangle(x: int, y: int, width: int, depth: int) -> list[Point]:
    """The outline of an axis-aligned rectangle, clockwise on the page."""
    return [(x, y), (x + width, y), (x + width, y + depth), (x, y + depth)]


# --- sites and halls -----------------------------------------------------------------


def add_site(doc: Document, name: str, **fields: Any) -> str:
    """Add a site; ``fields`` are those of ``Site`` (capacities are required)."""
    site_id = fields.pop("id", None) or doc.new_id("site")
    with doc.transaction(f"Add site {name}") as tx:
        tx.put(Site(id=site_id, name=name, **fields))
    return site_id


def add_fibre_route(doc: Document, site_a: str, site_b: str, distance_km: float) -> str:
    """Record the fibre route distance between two sites."""
    route_id = doc.new_id("fibre")
    with doc.transaction("Add fibre route") as tx:
        tx.put(FibreRoute(id=route_id, site_a=site_a, site_b=site_b, distance_km=distance_km))
    return route_id


def fibre_route_between(project: Project, site_a: str, site_b: str) -> FibreRoute | None:
    """The fibre route joining two sites, whichever end each was given as."""
    pair = {site_a, site_b}
    return next((r for r in project.fibre_routes.values() if {r.site_a, r.site_b} == pair), None)


def set_fibre_route(doc: Document, site_a: str, site_b: str, distance_km: float | None) -> None:
    """Lay, change or take up (``None``) the fibre route between two sites: one undo step.

    Sites are joined by one route each way at most, so the designer edits the pair, not a
    route id: a length where there was none lays a route, a blank takes it up.
    """
    route = fibre_route_between(doc.project, site_a, site_b)
    if route is None and distance_km is None:
        return
    if route is not None and route.distance_km == distance_km:
        return
    names = " – ".join(_name(doc, s) for s in (site_a, site_b))
    with doc.transaction(f"Fibre route {names}") as tx:
        if distance_km is None:
            tx.remove(route.id)  # type: ignore[union-attr]
        elif route is None:
            tx.put(
                FibreRoute(
                    id=doc.new_id("fibre"), site_a=site_a, site_b=site_b, distance_km=distance_km
                )
            )
        else:
            tx.put(evolve(route, distance_km=distance_km))


def add_hall(
    doc: Document, site_id: str, name: str, width_mm: int, depth_mm: int, **fields: Any
) -> str:
    """Add a rectangular hall of ``width_mm`` x ``depth_mm``; other fields as ``Hall``."""
    hall_id = fields.pop("id", None) or doc.new_id("hall")
    outline = fields.pop("outline", None) or rectangle(0, 0, width_mm, depth_mm)
    with doc.transaction(f"Add hall {name}") as tx:
        tx.put(Hall(id=hall_id, site_id=site_id, name=name, outline=outline, **fields))
    return hall_id


def add_obstacle(
    doc: Document, hall_id: str, kind: str, outline: list[Point], label: str = ""
) -> str:
    """Add a column, wall stub or keep-out zone."""
    obstacle_id = doc.new_id("obs")
    with doc.transaction(f"Add {kind}") as tx:
        tx.put(Obstacle(id=obstacle_id, hall_id=hall_id, kind=kind, outline=outline, label=label))
    return obstacle_id


def import_base_plan(
    doc: Document, hall_id: str, outline: list[Point], columns: Iterable[list[Point]]
) -> list[str]:
    """Give the hall the outline of a base plan and add its columns, in one undo step (File ▸
    Import Floor Plan…); returns the new columns' ids."""
    taken: list[str] = []
    with doc.transaction("Import floor plan") as tx:
        hall = tx.get(hall_id)
        if not isinstance(hall, Hall):
            raise TransactionError(f"there is no hall {hall_id!r} to import a floor plan into")
        tx.put(evolve(hall, outline=outline))
        for shape in columns:
            obstacle_id = doc.new_id("obs", taken)
            tx.put(Obstacle(id=obstacle_id, hall_id=hall_id, kind="column", outline=shape))
    return taken


def add_tray(
    doc: Document,
    hall_id: str,
    path: list[Point],
    height_mm: int,
    width_mm: int,
    depth_mm: int,
    name: str = "",
) -> str:
    """Add a cable tray along ``path``."""
    tray_id = doc.new_id("tray")
    with doc.transaction("Add cable tray") as tx:
        tx.put(
            CableTray(
                id=tray_id,
                hall_id=hall_id,
                name=name,
                path=path,
                height_mm=height_mm,
                width_mm=width_mm,
                depth_mm=depth_mm,
            )
        )
    return tray_id


def add_feed(
    doc: Document, hall_id: str, type_id: str, path: list[Point], name: str, **fields: Any
) -> str:
    """Add a busway or PDU of a catalog type; ``fields`` override its figures or set a side."""
    kind = doc.catalog.feeds.get(type_id)
    if kind is None:
        raise TransactionError(f"there is no power feed type {type_id!r} in the catalog")
    feed_id = fields.pop("id", None) or doc.new_id("feed")
    values = {
        "kind": kind.kind,
        "voltage_v": kind.voltage_v,
        "amps": kind.amps,
        "phases": kind.phases,
    }
    values.update(fields)
    with doc.transaction(f"Add {name}") as tx:
        tx.put(
            PowerFeed(id=feed_id, hall_id=hall_id, name=name, type_id=type_id, path=path, **values)
        )
    return feed_id


def add_cooling_group(doc: Document, hall_id: str, name: str, redundancy: str) -> str:
    """Add a group of CDUs that share their racks (``N`` or ``N+1``)."""
    group_id = doc.new_id("cgrp")
    with doc.transaction(f"Add cooling group {name}") as tx:
        tx.put(CoolingGroup(id=group_id, hall_id=hall_id, name=name, redundancy=redundancy))
    return group_id


def add_cooling_unit(
    doc: Document,
    hall_id: str,
    type_id: str,
    x: int,
    y: int,
    name: str,
    rotation: Rotation = 0,
    **fields: Any,
) -> str:
    """Place a CDU, CRAH or in-row cooler of a catalog type at ``(x, y)``."""
    kind = doc.catalog.cooling.get(type_id)
    if kind is None:
        raise TransactionError(f"there is no cooling type {type_id!r} in the catalog")
    unit_id = fields.pop("id", None) or doc.new_id("cool")
    values = {
        "kind": kind.kind,
        "mount": kind.mount,
        "width_mm": kind.width_mm,
        "depth_mm": kind.depth_mm,
        "liquid_capacity_kw": kind.liquid_capacity_kw,
        "air_capacity_kw": kind.air_capacity_kw,
        "flow_lpm": kind.flow_lpm,
    }
    values.update(fields)
    with doc.transaction(f"Add {name}") as tx:
        tx.put(
            CoolingUnit(
                id=unit_id,
                hall_id=hall_id,
                name=name,
                type_id=type_id,
                x=x,
                y=y,
                rotation=rotation,
                **values,
            )
        )
    return unit_id


# --- racks and systems ---------------------------------------------------------------


def _rack_type(doc: Document, type_id: str) -> RackType:
    kind = doc.rack_types.get(type_id)
    if kind is None:
        raise TransactionError(f"there is no rack type {type_id!r} in the catalog or the project")
    return kind


def place_rack(
    doc: Document,
    hall_id: str,
    type_id: str,
    x: int,
    y: int,
    rotation: Rotation = 0,
    label: str = "",
    **fields: Any,
) -> str:
    """Place one rack with its footprint's corner at ``(x, y)``."""
    _rack_type(doc, type_id)
    rack_id = fields.pop("id", None) or doc.new_id("rk")
    with doc.transaction(f"Place {label or type_id}") as tx:
        tx.put(
            Placement(
                id=rack_id,
                hall_id=hall_id,
                type_id=type_id,
                x=x,
                y=y,
                rotation=rotation,
                label=label,
                **fields,
            )
        )
    return rack_id


def place_racks(
    doc: Document, racks: Iterable[tuple[str, str, int, int, Rotation, str]]
) -> list[str]:
    """Place racks given as (hall, type, x, y, rotation, label), in one undo step (File ▸
    Import Racks…, a spreadsheet's rows); returns their ids in order."""
    taken: list[str] = []
    rows = list(racks)
    with doc.transaction(f"Import {len(rows):,} racks") as tx:
        for hall_id, type_id, x, y, rotation, label in rows:
            _rack_type(doc, type_id)
            rack_id = doc.new_id("rk", taken)
            tx.put(
                Placement(
                    id=rack_id,
                    hall_id=hall_id,
                    type_id=type_id,
                    x=x,
                    y=y,
                    rotation=rotation,
                    label=label,
                )
            )
    return taken


def row_positions(
    width_mm: int, depth_mm: int, x: int, y: int, count: int, rotation: Rotation, gap_mm: int = 0
) -> list[tuple[int, int]]:
    """Corners of ``count`` racks side by side, the row running along their front edges."""
    sx, sy = footprint_size(width_mm, depth_mm, rotation)
    if rotation in (0, 180):
        return [(x + i * (sx + gap_mm), y) for i in range(count)]
    return [(x, y + i * (sy + gap_mm)) for i in range(count)]


def place_row(
    doc: Document,
    hall_id: str,
    type_id: str,
    x: int,
    y: int,
    count: int,
    rotation: Rotation = 0,
    gap_mm: int = 0,
    label_prefix: str = "",
    first_index: int = 1,
    **fields: Any,
) -> list[str]:
    """Place ``count`` racks of one type in a row, as one undo step."""
    if count < 1:
        raise TransactionError("a row needs at least one rack")
    kind = _rack_type(doc, type_id)
    corners = row_positions(kind.width_mm, kind.depth_mm, x, y, count, rotation, gap_mm)
    ids: list[str] = []
    with doc.transaction(f"Place a row of {count} {kind.name}") as tx:
        for index, (cx, cy) in enumerate(corners, start=first_index):
            rack_id = doc.new_id("rk", ids)
            label = f"{label_prefix}{index:02d}" if label_prefix else ""
            tx.put(
                Placement(
                    id=rack_id,
                    hall_id=hall_id,
                    type_id=type_id,
                    x=cx,
                    y=cy,
                    rotation=rotation,
                    label=label,
                    **fields,
                )
            )
    return ids


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
        _rack_type(doc, member.type_id)
    return system_layout_of(system, doc.rack_types, x, y, rotation)


def system_layout_of(
    system: SystemTemplate, rack_types: Mapping[str, RackType], x: int, y: int, rotation: int = 0
) -> list[tuple[str, str, int, int, Rotation]]:
    """``system_layout`` of a template whose member types ``rack_types`` all hold."""
    boxes: list[tuple[str, str, Box, int]] = []
    for member in system.members:
        kind = rack_types[member.type_id]
        box = footprint(member.dx_mm, member.dy_mm, kind.width_mm, kind.depth_mm, member.rotation)
        boxes.append((member.type_id, member.role, box, member.rotation))
    for _ in range(rotation // 90):
        boxes = _quarter_turn(boxes)
    origin_x = min(b.x0 for _, _, b, _ in boxes)
    origin_y = min(b.y0 for _, _, b, _ in boxes)
    return [
        (type_id, role, box.x0 - origin_x + x, box.y0 - origin_y + y, turned)  # type: ignore[misc]
        for type_id, role, box, turned in boxes
    ]


def _quarter_turn(boxes: list[tuple[str, str, Box, int]]) -> list[tuple[str, str, Box, int]]:
    """Turn boxes a quarter clockwise on the page about their common bounding box's centre."""
    hull = boxes[0][2]
    for _, _, box, _ in boxes[1:]:
        hull = hull.union(box)
    s = hull.x0 + hull.x1 + hull.y0 + hull.y1
    d = hull.y0 + hull.y1 - hull.x0 - hull.x1
    turned = []
    for type_id, role, b, rot in boxes:
        # (x, y) -> (cx + cy - y, cy - cx + x) with doubled centre sums s and d
        nb = Box(s // 2 - b.y1, d // 2 + b.x0, s // 2 - b.y0, d // 2 + b.x1)
        turned.append((type_id, role, nb, (rot + 90) % 360))
    return turned


def place_system(
    doc: Document,
    hall_id: str,
    system_id: str,
    x: int,
    y: int,
    rotation: Rotation = 0,
    label: str = "",
) -> str:
    """Place a multi-rack system (a CloudMatrix384) as one group; returns the group id."""
    layout = system_layout(doc, system_id, x, y, rotation)
    system = doc.catalog.systems[system_id]
    taken: list[str] = []
    with doc.transaction(f"Place {label or system.name}") as tx:
        group_id = doc.new_id("sys", taken)
        tx.put(Group(id=group_id, system_id=system_id, label=label))
        counters: dict[str, int] = {}
        for type_id, role, rx, ry, turned in layout:
            counters[role] = counters.get(role, 0) + 1
            rack_label = f"{label}-{role}-{counters[role]:02d}" if label else ""
            tx.put(
                Placement(
                    id=doc.new_id("rk", taken),
                    hall_id=hall_id,
                    type_id=type_id,
                    x=rx,
                    y=ry,
                    rotation=turned,
                    label=rack_label,
                    group_id=group_id,
                )
            )
    return group_id


# --- editing -------------------------------------------------------------------------


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


def _moved(entity: BaseModel, dx: int, dy: int) -> BaseModel:
    if isinstance(entity, Placement | CoolingUnit):
        return evolve(entity, x=entity.x + dx, y=entity.y + dy)
    if isinstance(entity, Obstacle):
        return evolve(entity, outline=[(x + dx, y + dy) for x, y in entity.outline])
    if isinstance(entity, CableTray | PowerFeed):
        return evolve(entity, path=[(x + dx, y + dy) for x, y in entity.path])
    raise TransactionError(f"a {type(entity).__name__} cannot be moved")


def move(
    doc: Document, ids: Iterable[str], dx: int, dy: int, merge_key: str | None = None
) -> list[str]:
    """Move racks (whole systems), cooling units, obstacles, trays and feeds by ``(dx, dy)``."""
    targets = with_groups(doc.project, ids)
    if (dx == 0 and dy == 0) or not targets:
        return targets
    label = "Move" if len(targets) != 1 else f"Move {_name(doc, targets[0])}"
    with doc.transaction(label, merge_key=merge_key) as tx:
        for entity_id in targets:
            entity = tx.get(entity_id)
            if entity is None:
                raise TransactionError(f"there is no {entity_id!r} to move")
            tx.put(_moved(entity, dx, dy))
    return targets


def _name(doc: Document, entity_id: str) -> str:
    """What the undo menu calls an entity: a rack's label or type, another's name or label."""
    entity = doc.project.placements.get(entity_id)
    if entity is not None:
        return entity.label or entity.type_id
    found = _find_entity(doc.project, entity_id)
    return getattr(found, "name", "") or getattr(found, "label", "") or entity_id


def _find_entity(project: Project, entity_id: str) -> BaseModel | None:
    for name in COLLECTIONS.values():
        found = getattr(project, name).get(entity_id)
        if found is not None:
            return found
    return None


def rotate(doc: Document, ids: Iterable[str], quarter_turns: int = 1) -> list[str]:
    """Turn racks clockwise in place; a system turns as a whole about its own centre."""
    project = doc.project
    targets = with_groups(project, ids)
    turns = quarter_turns % 4
    if not turns or not targets:
        return targets
    types = doc.rack_types
    with doc.transaction("Rotate") as tx:
        by_group: dict[str, list[Placement]] = {}
        for entity_id in targets:
            entity = tx.get(entity_id)
            if isinstance(entity, Placement) and entity.group_id:
                by_group.setdefault(entity.group_id, []).append(entity)
            elif isinstance(entity, Placement | CoolingUnit):
                tx.put(_turned_in_place(entity, turns, types))
        for members in by_group.values():
            for member in _turned_group(members, turns, types):
                tx.put(member)
    return targets


def _size(entity: Placement | CoolingUnit, types: Any) -> tuple[int, int]:
    if isinstance(entity, Placement):
        kind = types[entity.type_id]
        return kind.width_mm, kind.depth_mm
    return entity.width_mm, entity.depth_mm


def _turned_in_place(
    entity: Placement | CoolingUnit, turns: int, types: Any
) -> Placement | CoolingUnit:
    width, depth = _size(entity, types)
    new_rotation = (entity.rotation + 90 * turns) % 360
    box = footprint(entity.x, entity.y, width, depth, entity.rotation)
    x, y = corner_keeping_centre(box, footprint_size(width, depth, new_rotation))
    return evolve(entity, x=x, y=y, rotation=new_rotation)


def _turned_group(members: list[Placement], turns: int, types: Any) -> list[Placement]:
    boxes = []
    for member in members:
        width, depth = _size(member, types)
        box = footprint(member.x, member.y, width, depth, member.rotation)
        boxes.append((member.id, "", box, member.rotation))
    hull = boxes[0][2]
    for _, _, box, _ in boxes[1:]:
        hull = hull.union(box)
    for _ in range(turns):
        boxes = _quarter_turn(boxes)
    turned_hull = boxes[0][2]
    for _, _, box, _ in boxes[1:]:
        turned_hull = turned_hull.union(box)
    # keep the group's centre where it was
    x0, y0 = corner_keeping_centre(hull, (turned_hull.width, turned_hull.height))
    shift_x, shift_y = x0 - turned_hull.x0, y0 - turned_hull.y0
    by_id = {m.id: m for m in members}
    return [
        evolve(by_id[i], x=box.x0 + shift_x, y=box.y0 + shift_y, rotation=rot)
        for i, _, box, rot in boxes
    ]


def update(doc: Document, entity_id: str, **changes: Any) -> None:
    """Change fields of one entity, validated; e.g. a rack's label, type or rear door.

    A new rotation turns the rack about its centre, as the rotate verb does.
    """
    with doc.transaction(f"Edit {_name(doc, entity_id)}") as tx:
        entity = tx.get(entity_id)
        if entity is None:
            raise TransactionError(f"there is no {entity_id!r} to edit")
        if "rotation" in changes and isinstance(entity, Placement | CoolingUnit):
            turns = ((changes.pop("rotation") - entity.rotation) % 360) // 90
            entity = _turned_in_place(entity, turns, doc.rack_types)
        tx.put(evolve(entity, **changes))


def update_many(doc: Document, ids: Iterable[str], **changes: Any) -> None:
    """Set the same fields on several entities (e.g. the type or rear door of many racks).

    One undo step; the first invalid value refuses the whole edit. Use ``set_rotation``
    to turn things.
    """
    ids = list(ids)
    if "rotation" in changes:
        raise TransactionError("turn racks with set_rotation, which keeps systems whole")
    with doc.transaction(
        f"Edit {len(ids)} items" if len(ids) != 1 else f"Edit {_name(doc, ids[0])}"
    ) as tx:
        for entity_id in ids:
            entity = tx.get(entity_id)
            if entity is None:
                raise TransactionError(f"there is no {entity_id!r} to edit")
            tx.put(evolve(entity, **changes))


def update_settings(doc: Document, label: str, **changes: Any) -> None:
    """Change the project's checker or network settings."""
    with doc.transaction(label) as tx:
        tx.set_record("settings", evolve(doc.project.settings, **changes))


def accept_finding(doc: Document, code: str, ids: Iterable[str], comment: str) -> None:
    """Accept a finding (keyed by its code and ids, never by place) with the reason why.

    The checker then reports it as accepted, with the comment. Accepting the same finding
    again replaces the comment. One undo step.
    """
    ids = list(ids)
    rules = doc.project.settings.rules
    key = (code, frozenset(ids))
    kept = [e for e in rules.exclusions if (e.code, frozenset(e.ids)) != key]
    kept.append(Exclusion(code=code, ids=ids, comment=comment.strip()))
    update_settings(doc, f"Accept {code}", rules=evolve(rules, exclusions=kept))


def reopen_finding(doc: Document, code: str, ids: Iterable[str]) -> bool:
    """Withdraw the acceptance of a finding; False when it was not accepted."""
    key = (code, frozenset(ids))
    rules = doc.project.settings.rules
    kept = [e for e in rules.exclusions if (e.code, frozenset(e.ids)) != key]
    if len(kept) == len(rules.exclusions):
        return False
    update_settings(doc, f"Reopen {code}", rules=evolve(rules, exclusions=kept))
    return True


def update_meta(doc: Document, **changes: Any) -> None:
    """Change the project's name, description, revision, author or date."""
    with doc.transaction("Edit project details") as tx:
        tx.set_record("meta", evolve(doc.project.meta, **changes))


def assign_feeds(doc: Document, rack_ids: Iterable[str], feed_ids: list[str]) -> None:
    """Connect racks to power feeds (one per side for A/B)."""
    with doc.transaction("Assign power feeds") as tx:
        for rack_id in rack_ids:
            rack = doc.project.placements[rack_id]
            tx.put(evolve(rack, feed_ids=list(feed_ids)))


def connect_feed(
    doc: Document, rack_ids: Iterable[str], feed_id: str, connected: bool = True
) -> None:
    """Connect racks to one power feed, or disconnect them from it, keeping their other feeds.

    What the tick of one feed means for several racks on different feeds: only that feed
    changes. A feed that stays keeps its place among a rack's feeds; a new one comes last.
    Racks already as asked are left alone; one undo step, none when nothing changes.
    """
    feed = doc.project.feeds.get(feed_id)
    name = feed.name if feed is not None else feed_id
    with doc.transaction(f"Connect {name}" if connected else f"Disconnect {name}") as tx:
        for rack_id in rack_ids:
            rack = doc.project.placements[rack_id]
            if connected and feed_id not in rack.feed_ids:
                tx.put(evolve(rack, feed_ids=[*rack.feed_ids, feed_id]))
            elif not connected and feed_id in rack.feed_ids:
                tx.put(evolve(rack, feed_ids=[f for f in rack.feed_ids if f != feed_id]))


def assign_cdu(doc: Document, rack_ids: Iterable[str], cdu_id: str | None) -> None:
    """Connect racks' liquid loops to a CDU (``None`` disconnects them)."""
    with doc.transaction("Assign CDU") as tx:
        for rack_id in rack_ids:
            rack = doc.project.placements[rack_id]
            tx.put(evolve(rack, cdu_id=cdu_id))


def ungroup(doc: Document, group_id: str) -> list[str]:
    """Dissolve a system group: its racks stay where they are and move on their own."""
    members = [r for r in doc.project.placements.values() if r.group_id == group_id]
    with doc.transaction("Ungroup") as tx:
        for rack in members:
            tx.put(evolve(rack, group_id=None))
        tx.remove(group_id)
    return [r.id for r in members]


# --- arranging -----------------------------------------------------------------------

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


def _arranged_units(doc: Document, ids: Iterable[str]) -> list[tuple[list[str], Box]]:
    """What moves as one when arranging: each system (all its racks), each other item."""
    project = doc.project
    types = doc.rack_types
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
        boxes = [b for b in (footprint_of(project, m, types) for m in members) if b is not None]
        if boxes:
            hull = boxes[0]
            for box in boxes[1:]:
                hull = hull.union(box)
            units.append((members, hull))
    return units


def _alignment_shift(edge: str, box: Box, whole: Box) -> tuple[int, int]:
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


def align(doc: Document, ids: Iterable[str], edge: str) -> list[str]:
    """Line up the selected items on one edge (or centre line) of their common bounds.

    A system moves as a whole, by its outline. ``edge`` is one of ``ALIGN_EDGES``;
    returns the ids that moved.
    """
    if edge not in ALIGN_EDGES:
        raise TransactionError(f"cannot align on {edge!r}; choose one of {', '.join(ALIGN_EDGES)}")
    units = _arranged_units(doc, ids)
    if len(units) < 2:
        return []
    whole = units[0][1]
    for _, box in units[1:]:
        whole = whole.union(box)
    moved: list[str] = []
    with doc.transaction(f"Align {edge.replace('_', ' ')}") as tx:
        for members, box in units:
            dx, dy = _alignment_shift(edge, box, whole)
            if dx == 0 and dy == 0:
                continue
            for entity_id in members:
                tx.put(_moved(tx.get(entity_id), dx, dy))  # type: ignore[arg-type]
                moved.append(entity_id)
    return moved


def set_rotation(doc: Document, ids: Iterable[str], rotation: Rotation) -> list[str]:
    """Turn racks and cooling units in place until they face ``rotation``.

    A system turns as a whole until its first named rack faces ``rotation``, so its racks
    keep facing each other across their aisle.
    """
    project = doc.project
    targets = with_groups(project, ids)
    types = doc.rack_types
    done: set[str] = set()
    with doc.transaction(f"Turn to {rotation}°") as tx:
        for entity_id in targets:
            entity = tx.get(entity_id)
            if isinstance(entity, Placement) and entity.group_id:
                if entity.group_id in done:
                    continue
                done.add(entity.group_id)
                turns = (rotation - entity.rotation) % 360 // 90
                members = [
                    tx.get(i)
                    for i in targets
                    if isinstance(tx.get(i), Placement) and tx.get(i).group_id == entity.group_id  # type: ignore[union-attr]
                ]
                if turns:
                    for member in _turned_group(members, turns, types):  # type: ignore[arg-type]
                        tx.put(member)
            elif isinstance(entity, Placement | CoolingUnit):
                turns = (rotation - entity.rotation) % 360 // 90
                if turns:
                    tx.put(_turned_in_place(entity, turns, types))
    return targets


# --- copy and paste ------------------------------------------------------------------

#: What can be copied, by collection, with the prefix of the ids its copies get.
_COPYABLE = {
    "groups": "sys",
    "placements": "rk",
    "cooling_units": "cool",
    "obstacles": "obs",
    "trays": "tray",
    "feeds": "feed",
}
_FRAGMENT_MARK = "rackplan_fragment"
_CLASSES = {name: cls for cls, name in COLLECTIONS.items()}
_TRAILING_NUMBER = re.compile(r"^(.*?)(\d+)$")


@dataclass(frozen=True)
class Fragment:
    """Items copied out of one hall, with the references among them intact.

    It travels through the system clipboard as JSON, so it can be pasted into another
    window or after the copied items were deleted.
    """

    hall_id: str
    items: tuple[tuple[str, BaseModel], ...]

    @property
    def ids(self) -> list[str]:
        return [entity.id for _, entity in self.items]  # type: ignore[attr-defined]

    def to_json(self) -> str:
        return json.dumps(
            {
                _FRAGMENT_MARK: 1,
                "hall_id": self.hall_id,
                "items": [
                    {"collection": name, "entity": entity.model_dump(mode="json")}
                    for name, entity in self.items
                ],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Fragment:
        """Read a fragment; a clipboard holding anything else raises ``TransactionError``."""
        try:
            raw = json.loads(text)
            if raw.get(_FRAGMENT_MARK) != 1:
                raise ValueError("not a fragment")
            items = tuple(
                (item["collection"], _CLASSES[item["collection"]].model_validate(item["entity"]))
                for item in raw["items"]
                if item["collection"] in _COPYABLE
            )
            return cls(str(raw["hall_id"]), items)
        except (ValueError, KeyError, TypeError, AttributeError, ValidationError) as err:
            raise TransactionError("the clipboard holds no rackplan items to paste") from err


def copy_fragment(project: Project, ids: Iterable[str]) -> Fragment:
    """The items named by ``ids`` (whole systems for any of their racks), ready to paste."""
    wanted = with_groups(project, ids)
    group_ids = list(
        dict.fromkeys(
            project.placements[i].group_id
            for i in wanted
            if i in project.placements and project.placements[i].group_id
        )
    )
    items: list[tuple[str, BaseModel]] = [("groups", project.groups[g]) for g in group_ids]
    hall_id = ""
    for entity_id in wanted:
        for name in _COPYABLE:
            entity = getattr(project, name).get(entity_id)
            if entity is not None:
                items.append((name, entity))
                hall_id = hall_id or getattr(entity, "hall_id", "")
    return Fragment(hall_id, tuple(items))


def free_name(taken: Iterable[str], wanted: str) -> str:
    """``wanted`` if no one uses it, else the next free name counting up its last number.

    "NVL72-08" becomes "NVL72-09" (keeping the digits' width); a name without a number
    gets "-2", "-3", ... An empty name stays empty.
    """
    used = set(taken)
    if not wanted or wanted not in used:
        return wanted
    found = _TRAILING_NUMBER.match(wanted)
    stem, digits = (found.group(1), found.group(2)) if found else (f"{wanted}-", "1")
    number = int(digits) + 1
    while f"{stem}{number:0{len(digits)}d}" in used:
        number += 1
    return f"{stem}{number:0{len(digits)}d}"


def _names(project: Project, name: str) -> set[str]:
    field_name = "label" if name in ("placements", "groups", "obstacles") else "name"
    return {getattr(e, field_name) for e in getattr(project, name).values()}


def paste(doc: Document, fragment: Fragment, hall_id: str, dx: int, dy: int) -> list[str]:
    """Add copies of a fragment's items to ``hall_id``, shifted by ``(dx, dy)``; one undo step.

    Copies get new ids and free labels; references among the copied items follow the
    copies; references to feeds, CDUs or network racks outside the fragment are kept when
    those stand in the target hall, and dropped otherwise. Returns the new ids.
    """
    if hall_id not in doc.project.halls:
        raise TransactionError(f"there is no hall {hall_id!r} to paste into")
    if not fragment.items:
        return []
    project = doc.project
    taken: list[str] = []
    new_ids = {e.id: doc.new_id(_COPYABLE[n], taken) for n, e in fragment.items}  # type: ignore[attr-defined]
    names = {name: _names(project, name) for name in _COPYABLE}

    def in_hall(entity_id: str | None, collection: str) -> str | None:
        if entity_id is None:
            return None
        if entity_id in new_ids:
            return new_ids[entity_id]
        target = getattr(project, collection).get(entity_id)
        return entity_id if target is not None and target.hall_id == hall_id else None

    count = sum(1 for name, _ in fragment.items if name != "groups")
    with doc.transaction(f"Paste {count} item{'s' if count != 1 else ''}") as tx:
        for name, entity in fragment.items:
            changes: dict[str, Any] = {"id": new_ids[entity.id]}  # type: ignore[attr-defined]
            label_field = "label" if name in ("placements", "groups", "obstacles") else "name"
            label = free_name(names[name], getattr(entity, label_field))
            names[name].add(label)
            changes[label_field] = label
            if name != "groups":
                changes["hall_id"] = hall_id
            if isinstance(entity, Placement):
                changes["group_id"] = new_ids.get(entity.group_id) if entity.group_id else None
                changes["feed_ids"] = [
                    f for f in (in_hall(f, "feeds") for f in entity.feed_ids) if f
                ]
                changes["cdu_id"] = in_hall(entity.cdu_id, "cooling_units")
                changes["network_rack_id"] = in_hall(entity.network_rack_id, "placements")
            elif isinstance(entity, CoolingUnit):
                changes["group_id"] = in_hall(entity.group_id, "cooling_groups")
            copy = evolve(entity, **changes)
            tx.put(copy if name == "groups" else _moved(copy, dx, dy))
    return [new_ids[e.id] for n, e in fragment.items if n != "groups"]  # type: ignore[attr-defined]


# --- whole-project edits -------------------------------------------------------------


def replace_project(doc: Document, project: Project, label: str) -> None:
    """Make the document hold ``project`` as one undoable edit (e.g. recovered work).

    Undo gives back what the document held before, so restoring an autosave over the
    saved file leaves the file's version one undo away.
    """
    current = doc.project
    with doc.transaction(label) as tx:
        for name in COLLECTIONS.values():
            old, new = getattr(current, name), getattr(project, name)
            for gone in old.keys() - new.keys():
                tx.remove(gone)
            for entity in new.values():
                if old.get(entity.id) != entity:
                    tx.put(entity)
        for name in SINGLETONS:
            if getattr(current, name) != getattr(project, name):
                tx.set_record(name, getattr(project, name))


# --- deleting ------------------------------------------------------------------------


def delete(doc: Document, ids: Iterable[str]) -> list[str]:
    """Delete entities and what depends on them; returns every id removed.

    Deleting a rack deletes its system's other racks and the bundles that end on them;
    deleting a feed, CDU or cooling group only disconnects the racks and units using it;
    deleting a hall or a site deletes everything in it.
    """
    project = doc.project
    ids = list(ids)
    doomed = _cascade(project, with_groups(project, ids) + [i for i in ids if i in project.groups])
    if not doomed:
        return []
    # named after what was asked for: "Delete Hall 2", not "Delete" for its hundred racks
    named = ids[0] if len(ids) == 1 and _exists(project, ids[0]) else None
    label = f"Delete {_name(doc, named)}" if named else "Delete"
    gone = set(doomed)
    with doc.transaction(label) as tx:
        for entity_id in doomed:
            tx.remove(entity_id)
        for rack in project.placements.values():
            if rack.id in gone:
                continue
            fixed = _without(rack, gone)
            if fixed is not rack:
                tx.put(fixed)
        for unit in project.cooling_units.values():
            if unit.id not in gone and unit.group_id in gone:
                tx.put(evolve(unit, group_id=None))
        for job in project.jobs.values():
            if job.id not in gone and not gone.isdisjoint(job.where):
                tx.put(evolve(job, where=[i for i in job.where if i not in gone]))
    return doomed


def _cascade(project: Project, ids: list[str]) -> list[str]:
    """``ids`` plus the entities that cannot exist without them."""
    doomed = dict.fromkeys(i for i in ids if _exists(project, i))
    sites = {i for i in doomed if i in project.sites}
    halls = {i for i in doomed if i in project.halls}
    halls |= {h.id for h in project.halls.values() if h.site_id in sites}
    doomed.update(dict.fromkeys(halls))
    for name in ("obstacles", "trays", "feeds", "cooling_groups", "cooling_units", "placements"):
        doomed.update(
            dict.fromkeys(e.id for e in getattr(project, name).values() if e.hall_id in halls)
        )
    doomed.update(
        dict.fromkeys(r.id for r in project.fibre_routes.values() if {r.site_a, r.site_b} & sites)
    )
    racks = {i for i in doomed if i in project.placements}
    ends = racks | sites
    doomed.update(
        dict.fromkeys(
            b.id for b in project.bundles.values() if b.a.node in ends or b.b.node in ends
        )
    )
    members: dict[str, list[str]] = {}
    for rack in project.placements.values():
        if rack.group_id:
            members.setdefault(rack.group_id, []).append(rack.id)
    for group in project.groups.values():
        of_group = members.get(group.id)
        if of_group and all(m in racks for m in of_group):
            doomed.setdefault(group.id)
    return list(doomed)


def _exists(project: Project, entity_id: str) -> bool:
    return _find_entity(project, entity_id) is not None


def _without(rack: Placement, doomed: set[str]) -> Placement:
    """``rack`` with references to deleted feeds, CDUs and network racks cleared."""
    changes: dict[str, Any] = {}
    if any(f in doomed for f in rack.feed_ids):
        changes["feed_ids"] = [f for f in rack.feed_ids if f not in doomed]
    if rack.cdu_id in doomed:
        changes["cdu_id"] = None
    if rack.network_rack_id in doomed:
        changes["network_rack_id"] = None
    if rack.group_id in doomed:
        changes["group_id"] = None
    return evolve(rack, **changes) if changes else rack


def add_bundle(doc: Document, bundle: Bundle) -> str:
    """Add a link bundle drawn or imported by the architect."""
    with doc.transaction("Add link bundle") as tx:
        tx.put(bundle)
    return bundle.id


def add_job(doc: Document, name: str, **fields: Any) -> str:
    """Add a training job; ``fields`` are those of ``Job`` (the model is required)."""
    job_id = fields.pop("id", None) or doc.new_id("job")
    with doc.transaction(f"Add job {name}") as tx:
        tx.put(Job(id=job_id, name=name, **fields))
    return job_id


__all__ = [
    "ALIGN_EDGES",
    "Fragment",
    "accept_finding",
    "add_bundle",
    "add_cooling_group",
    "add_cooling_unit",
    "add_feed",
    "add_fibre_route",
    "add_hall",
    "add_job",
    "add_obstacle",
    "add_site",
    "add_tray",
    "align",
    "assign_cdu",
    "assign_feeds",
    "copy_fragment",
    "delete",
    "footprint_of",
    "free_name",
    "move",
    "paste",
    "place_rack",
    "place_row",
    "place_system",
    "rectangle",
    "reopen_finding",
    "replace_project",
    "rotate",
    "row_positions",
    "set_rotation",
    "system_layout",
    "ungroup",
    "update",
    "update_many",
    "update_meta",
    "update_settings",
    "with_groups",
]
