"""Domain verbs: the only code that opens transactions.

The GUI's editor, the CLI and the example builders call these; none of them stages edits by
hand. Each verb validates through the models (``evolve``), keeps multi-rack systems whole
(moving, turning or deleting one rack of a CloudMatrix384 acts on all 16 until the group is
dissolved) and clears or cascades references so that no id is left dangling. Where things
go is worked out in ``layout``; copy and paste is ``clipboard``. The names callers use from
those two are importable from here too, so ``operations`` stays the one place a caller
looks for what it can do to a project.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel

from designer.core.catalog.feed_types import retyped, type_for
from designer.core.document.changes import SINGLETONS
from designer.core.document.clipboard import Fragment, copy_fragment, free_name, paste
from designer.core.document.connect import busways_above, nearest_cdus
from designer.core.document.document import Document, TransactionError
from designer.core.document.layout import (
    ALIGN_EDGES,
    alignment_shift,
    arranged_units,
    footprint_of,
    joining_row,
    rack_type_of,
    rectangle,
    row_positions,
    row_slot,
    row_through,
    shifted,
    system_layout,
    turned_group,
    turned_in_place,
    with_groups,
)
from designer.core.format import plural
from designer.core.geometry.footprint import around
from designer.core.geometry.site import entry_on_wall
from designer.core.model.base import Point, Rotation, evolve
from designer.core.model.hall import (
    CableTray,
    CoolingGroup,
    CoolingUnit,
    Hall,
    Obstacle,
    ObstacleKind,
    PowerFeed,
    Redundancy,
)
from designer.core.model.job import Job
from designer.core.model.link import Bundle
from designer.core.model.placement import Group, Placement
from designer.core.model.project import COLLECTIONS, Project, routes_between
from designer.core.model.rule_settings import Exclusion
from designer.core.model.site import FibreRoute, Site
from designer.core.naming import member_label

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


def set_fibre_route(
    doc: Document, site_a: str, site_b: str, distance_km: float | None, path: int = 1
) -> None:
    """Lay, change or take up (``None``) the fibre of the ``path``-th path between two
    sites (1: the first, 2: a second on another path): one undo step.

    The designer edits a pair of sites and its paths, not route ids: a length where the
    path has no route lays one (after the routes the pair has), a blank takes it up.
    """
    routes = routes_between(doc.project, site_a, site_b)
    route = routes[path - 1] if 0 < path <= len(routes) else None
    if route is None and distance_km is None:
        return
    if route is not None and route.distance_km == distance_km:
        return
    names = " – ".join(_name(doc, s) for s in (site_a, site_b))
    several = len(routes) + (route is None) > 1  # the pair has, or gets, several paths
    with doc.transaction(f"Fibre route {names}" + (f", path {path}" if several else "")) as tx:
        if distance_km is None:
            assert route is not None  # no route and no length returned above
            tx.remove(route.id)
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
    doc: Document, hall_id: str, kind: ObstacleKind, outline: list[Point], label: str = ""
) -> str:
    """Add a column, wall stub or keep-out zone."""
    obstacle_id = doc.new_id("obs")
    with doc.transaction(f"Add {kind}") as tx:
        tx.put(Obstacle(id=obstacle_id, hall_id=hall_id, kind=kind, outline=outline, label=label))
    return obstacle_id


def import_base_plan(
    doc: Document,
    hall_id: str,
    outline: list[Point],
    columns: Iterable[list[Point]],
    drawing_origin: tuple[int, int] | None = None,
) -> list[str]:
    """Give the hall the outline of a base plan and add its columns, in one undo step (File ▸
    Import Floor Plan…, ``import-dxf``); returns the new columns' ids. ``drawing_origin``:
    where the hall's origin lies in the drawing (``Hall.drawing_origin``), set with the
    outline, so that a plan imported again replaces the old drawing's as well."""
    taken: list[str] = []
    with doc.transaction("Import floor plan") as tx:
        hall = tx.get(hall_id)
        if not isinstance(hall, Hall):
            raise TransactionError(f"there is no hall {hall_id!r} to import a floor plan into")
        tx.put(
            evolve(
                hall,
                outline=outline,
                cable_entry=entry_on_wall(hall.cable_entry, outline),
                drawing_origin=drawing_origin,
            )
        )
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
    values: dict[str, Any] = {
        "kind": kind.kind,
        "voltage_v": kind.voltage_v,
        "amps": kind.amps,
        "phases": kind.phases,
    }
    values.update(fields)
    # figures given over the type's (a 1,250 A run drawn as the 800 A type) make it the
    # product of that rating, so the bill orders what the power table rates
    product = type_for(values, doc.catalog.feeds, type_id)
    with doc.transaction(f"Add {name}") as tx:
        tx.put(
            PowerFeed(id=feed_id, hall_id=hall_id, name=name, type_id=product, path=path, **values)
        )
    return feed_id


def add_cooling_group(doc: Document, hall_id: str, name: str, redundancy: Redundancy) -> str:
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
    values: dict[str, Any] = {
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
    rack_type_of(doc, type_id)
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
            rack_type_of(doc, type_id)
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
    kind = rack_type_of(doc, type_id)
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
            rack_label = member_label(label, role, counters[role]) if label else ""
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
            tx.put(shifted(entity, dx, dy))
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
        found: BaseModel | None = getattr(project, name).get(entity_id)
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
                tx.put(turned_in_place(entity, turns, types, _tile(doc, entity)))
        for members in by_group.values():
            for member in turned_group(members, turns, types):
                tx.put(member)
    return targets


def _tile(doc: Document, entity: Placement | CoolingUnit) -> int | None:
    """The tile grid of the hall ``entity`` stands in (None for a hall that is gone)."""
    hall = doc.project.halls.get(entity.hall_id)
    return hall.tile_mm if hall is not None else None


def update(doc: Document, entity_id: str, **changes: Any) -> None:
    """Change fields of one entity, validated; e.g. a rack's label, type or rear door.

    A new rotation turns the rack about its centre, as the rotate verb does. A feed's
    catalog type and its rating change together (``feed_types.retyped``).
    """
    with doc.transaction(f"Edit {_name(doc, entity_id)}") as tx:
        entity = tx.get(entity_id)
        if entity is None:
            raise TransactionError(f"there is no {entity_id!r} to edit")
        if "rotation" in changes and isinstance(entity, Placement | CoolingUnit):
            turns = ((changes.pop("rotation") - entity.rotation) % 360) // 90
            entity = turned_in_place(entity, turns, doc.rack_types, _tile(doc, entity))
        if isinstance(entity, PowerFeed):
            changes = retyped(entity, changes, doc.catalog.feeds)
        tx.put(evolve(entity, **changes))


def relabel(doc: Document, labels: Mapping[str, str], what: str) -> list[str]:
    """Give racks new labels (rack id -> label) in one undo step called ``what`` (Edit ▸
    Renumber Row); none when every rack has its label already. Returns the racks changed."""
    placements = doc.project.placements
    changed = [i for i, label in labels.items() if placements[i].label != label]
    if changed:
        with doc.transaction(what) as tx:
            for rack_id in changed:
                tx.put(evolve(placements[rack_id], label=labels[rack_id]))
    return changed


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
            if isinstance(entity, PowerFeed):
                tx.put(evolve(entity, **retyped(entity, changes, doc.catalog.feeds)))
            else:
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


def feed_from_busways_above(doc: Document, rack_ids: Iterable[str]) -> dict[str, list[str]]:
    """Tie each rack to the busways running over it, one of side A and one of side B
    (``connect.busways_above``), replacing its feeds; one undo step, none when nothing
    changes. Returns the feeds of each rack that stands under a busway; racks under none
    are left as they were."""
    found = busways_above(doc.project, doc.rack_types, rack_ids)
    changed = {r: f for r, f in found.items() if doc.project.placements[r].feed_ids != f}
    if changed:
        with doc.transaction("Feed from busways above") as tx:
            for rack_id, feed_ids in changed.items():
                tx.put(evolve(doc.project.placements[rack_id], feed_ids=feed_ids))
    return found


def assign_nearest_cdu(doc: Document, rack_ids: Iterable[str]) -> dict[str, str | None]:
    """Give each liquid-cooled rack the nearest CDU with room for its liquid heat
    (``connect.nearest_cdus``); one undo step, none when nothing changes. Returns each
    liquid-cooled rack's CDU, None for a rack no CDU has room for (it keeps its own)."""
    found = nearest_cdus(doc.project, doc.rack_types, rack_ids)
    placements = doc.project.placements
    changed = {r: c for r, c in found.items() if c is not None and placements[r].cdu_id != c}
    if changed:
        with doc.transaction("Assign nearest CDU") as tx:
            for rack_id, cdu_id in changed.items():
                tx.put(evolve(placements[rack_id], cdu_id=cdu_id))
    return found


def group_cdus(doc: Document, unit_ids: Iterable[str], name: str) -> str:
    """Put CDUs of one hall in a new N+1 cooling group called ``name``, in one undo step:
    the group must carry their racks with its largest CDU down. Returns the group's id."""
    units = [doc.project.cooling_units.get(i) for i in unit_ids]
    cdus = [u for u in units if u is not None and u.kind == "cdu"]
    if len(cdus) < 2:
        raise TransactionError("select two or more CDUs to group: one of them is the spare")
    if len({u.hall_id for u in cdus}) > 1:
        raise TransactionError("the CDUs of a cooling group stand in one hall")
    group_id = doc.new_id("cgrp")
    with doc.transaction(f"Group CDUs as {name}") as tx:
        tx.put(CoolingGroup(id=group_id, hall_id=cdus[0].hall_id, name=name, redundancy="N+1"))
        for unit in cdus:
            tx.put(evolve(unit, group_id=group_id))
    return group_id


def ungroup(doc: Document, group_id: str) -> list[str]:
    """Dissolve a system group: its racks stay where they are and move on their own."""
    members = [r for r in doc.project.placements.values() if r.group_id == group_id]
    with doc.transaction("Ungroup") as tx:
        for rack in members:
            tx.put(evolve(rack, group_id=None))
        tx.remove(group_id)
    return [r.id for r in members]


# --- arranging -----------------------------------------------------------------------


def align(doc: Document, ids: Iterable[str], edge: str) -> list[str]:
    """Line up the selected items on one edge (or centre line) of their common bounds.

    A system moves as a whole, by its outline. ``edge`` is one of ``ALIGN_EDGES``;
    returns the ids that moved.
    """
    if edge not in ALIGN_EDGES:
        raise TransactionError(f"cannot align on {edge!r}; choose one of {', '.join(ALIGN_EDGES)}")
    units = arranged_units(doc.project, doc.rack_types, ids)
    if len(units) < 2:
        return []
    whole = around(box for _, box in units)
    assert whole is not None  # two units or more
    moved: list[str] = []
    with doc.transaction(f"Align {edge.replace('_', ' ')}") as tx:
        for members, box in units:
            dx, dy = alignment_shift(edge, box, whole)
            if dx == 0 and dy == 0:
                continue
            for entity_id in members:
                entity = tx.get(entity_id)
                assert entity is not None  # arranged_units names items of the project only
                tx.put(shifted(entity, dx, dy))
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
                    other
                    for i in targets
                    if isinstance(other := tx.get(i), Placement)
                    and other.group_id == entity.group_id
                ]
                if turns:
                    for member in turned_group(members, turns, types):
                        tx.put(member)
            elif isinstance(entity, Placement | CoolingUnit):
                turns = (rotation - entity.rotation) % 360 // 90
                if turns:
                    tx.put(turned_in_place(entity, turns, types, _tile(doc, entity)))
    return targets


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
    label = f"Delete {_name(doc, named)}" if named else f"Delete {plural(len(ids), 'item')}"
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
    "assign_nearest_cdu",
    "copy_fragment",
    "delete",
    "feed_from_busways_above",
    "footprint_of",
    "free_name",
    "group_cdus",
    "joining_row",
    "move",
    "paste",
    "place_rack",
    "place_racks",
    "place_row",
    "place_system",
    "rectangle",
    "relabel",
    "reopen_finding",
    "replace_project",
    "rotate",
    "row_positions",
    "row_slot",
    "row_through",
    "set_rotation",
    "system_layout",
    "ungroup",
    "update",
    "update_many",
    "update_meta",
    "update_settings",
    "with_groups",
]
