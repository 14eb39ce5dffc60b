"""Placing what a ``PlacementPlan`` describes, through the core operations, as one undo step."""

from __future__ import annotations

from designer.core.document import operations as ops
from designer.core.document.document import Document, TransactionError
from designer.core.model.base import Point
from designer.core.placement.fit import PlacementPlan
from designer.core.placement.labels import (
    UNIT_STEM,
    feed_name,
    name_tag,
    obstacle_label,
    rack_tag,
    tray_name,
)


def place(doc: Document, hall_id: str, plan: PlacementPlan) -> list[str]:
    """Place what ``plan`` describes through the core operations; returns the new ids.

    Racks get free labels counting up from the catalog type's tag (NVL72-01, NVL72-02,
    ...); systems, cooling units, feeds and columns likewise. One undo step.
    """
    project = doc.project
    entry = plan.entry
    if entry.kind == "rack":
        kind = doc.rack_types[entry.type_id]
        labels = {r.label for r in project.placements.values()}
        label = ops.free_name(labels, f"{rack_tag(kind)}-01")
        return [ops.place_rack(doc, hall_id, entry.type_id, plan.x, plan.y, plan.rotation, label)]
    if entry.kind == "system":
        labels = {g.label for g in project.groups.values()}
        system = doc.catalog.systems[entry.type_id]
        stem = name_tag(system.name) or "SYS"
        label = ops.free_name(labels, f"{stem}-01")
        group = ops.place_system(doc, hall_id, entry.type_id, plan.x, plan.y, plan.rotation, label)
        return [r.id for r in doc.project.placements.values() if r.group_id == group]
    if entry.kind == "cooling":
        unit = doc.catalog.cooling[entry.type_id]
        names = {u.name for u in project.cooling_units.values()}
        name = ops.free_name(names, f"{UNIT_STEM[unit.kind]}-1")
        return [
            ops.add_cooling_unit(doc, hall_id, entry.type_id, plan.x, plan.y, name, plan.rotation)
        ]
    if entry.kind == "feed":
        name = feed_name(project, doc.catalog.feeds[entry.type_id].kind == "busway")
        return [ops.add_feed(doc, hall_id, entry.type_id, list(plan.paths[0]), name)]
    if entry.kind == "tray":
        return [add_tray(doc, hall_id, entry.type_id, list(plan.paths[0]))]
    what = doc.catalog.structures[entry.type_id].kind
    box = plan.boxes[0]
    outline = ops.rectangle(box.x0, box.y0, box.width, box.height)
    return [ops.add_obstacle(doc, hall_id, what, outline, obstacle_label(project, what))]


def add_tray(doc: Document, hall_id: str, type_id: str, path: list[Point]) -> str:
    """Add a cable tray of the catalog's ``type_id`` (its cross-section and height) along
    ``path``, named on from the last tray."""
    kind = doc.catalog.trays.get(type_id)
    if kind is None:
        raise TransactionError(f"there is no cable tray type {type_id!r} in the catalog")
    name = tray_name(doc.project)
    return ops.add_tray(doc, hall_id, path, kind.height_mm, kind.width_mm, kind.depth_mm, name)
