"""Which racks and equipment two designs do not share: added, removed, moved or changed.

``compare`` says how two designs' figures differ; this says where. Entities are matched
by id, as two saved variants of one project keep them: one only B has was added, one
only A has removed; one in both was moved when its place differs (hall, position,
facing, path or outline) and changed when anything else does (its type, its label, its
feeds). A moved one that also changed is listed as moved, with what else changed. Each
difference says where the entity stands in each design as a box in its hall's
millimetres, so a view can draw it in both places and zoom to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from designer.core.format import number
from designer.core.geometry.footprint import Box, footprint
from designer.core.model.base import Entity
from designer.core.model.equipment import RackType
from designer.core.model.project import Project

Kind = Literal["added", "removed", "moved", "changed"]
#: The kinds in the order a list of differences gives them.
KINDS: tuple[Kind, ...] = ("added", "removed", "moved", "changed")

#: The collections compared, with the fields that say where an entity stands: a change in
#: one of them is a move, in any other field a change.
PLACED: dict[str, frozenset[str]] = {
    "placements": frozenset({"hall_id", "x", "y", "rotation"}),
    "cooling_units": frozenset({"hall_id", "x", "y", "rotation"}),
    "feeds": frozenset({"hall_id", "path"}),
    "trays": frozenset({"hall_id", "path"}),
    "obstacles": frozenset({"hall_id", "outline"}),
}


@dataclass(frozen=True)
class Place:
    """Where an entity stands in one design: its hall and the box it covers (hall mm)."""

    hall_id: str
    box: Box


@dataclass(frozen=True)
class Difference:
    """One entity the two designs do not share alike.

    ``what`` names its kind for a reader ("rack", "CDU", "busway"); ``name`` its label,
    name or type; ``before`` and ``after`` where it stands in A and in B (None in the
    design without it); ``fields`` what changed besides its place.
    """

    kind: Kind
    id: str
    collection: str
    what: str
    name: str
    before: Place | None
    after: Place | None
    fields: tuple[str, ...] = ()

    @property
    def is_rack(self) -> bool:
        return self.collection == "placements"

    @property
    def place(self) -> Place:
        """Where it stands in A, else in B (every difference stands in one of them)."""
        place = self.before or self.after
        assert place is not None
        return place


def differences(
    a: Project,
    b: Project,
    types_a: Mapping[str, RackType],
    types_b: Mapping[str, RackType],
) -> list[Difference]:
    """The racks and equipment of ``a`` and ``b`` that differ, by kind (``KINDS``), then
    hall, then name; ``types_a`` and ``types_b`` the rack types each design knows (its
    catalog with its own types)."""
    found: list[Difference] = []
    for collection, placed in PLACED.items():
        left: Mapping[str, Entity] = getattr(a, collection)
        right: Mapping[str, Entity] = getattr(b, collection)
        for entity_id in [*left, *(i for i in right if i not in left)]:
            before, after = left.get(entity_id), right.get(entity_id)
            difference = _difference(collection, placed, before, after, types_a, types_b)
            if difference is not None:
                found.append(difference)
    order = {kind: n for n, kind in enumerate(KINDS)}
    return sorted(found, key=lambda d: (order[d.kind], d.place.hall_id, d.name, d.id))


def counts(found: Iterable[Difference]) -> dict[Kind, int]:
    """How many differences of each kind, every kind listed."""
    total: dict[Kind, int] = dict.fromkeys(KINDS, 0)
    for difference in found:
        total[difference.kind] += 1
    return total


def describe(difference: Difference, a: Project, b: Project) -> str:
    """What a list of differences says of one: how far a move went, what else changed,
    and in which hall when the designs have more than one."""
    before, after = difference.before, difference.after
    parts = []
    other_hall = before is not None and after is not None and before.hall_id != after.hall_id
    if difference.kind == "moved" and before is not None and after is not None:
        if other_hall:
            parts.append(f"from {_hall_name(a, before)} to {_hall_name(b, after)}")
        else:
            (x0, y0), (x1, y1) = before.box.centre, after.box.centre
            metres = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 / 1000
            parts.append(f"{number(metres, 1)} m" if metres else "turned")
    if difference.fields:
        parts.append(", ".join(_field_word(f) for f in difference.fields) + " changed")
    # with one hall, saying it on every row is noise
    if len({*a.halls, *b.halls}) > 1 and not other_hall:
        parts.append(f"in {_hall_name(a if before is not None else b, difference.place)}")
    return "; ".join(parts)


#: What a reader calls each field a difference can name, where the field's own name is a
#: programmer's (``type_id``, ``feed_ids``); fields not listed read as their name spelt out.
FIELD_WORDS: dict[str, str] = {
    "type_id": "type",
    "group_id": "group",
    "feed_ids": "power feeds",
    "cdu_id": "CDU",
    "rear_door_kw": "rear-door capacity",
    "network_rack_id": "network rack",
    "mount": "mounting",
    "width_mm": "width",
    "depth_mm": "depth",
    "height_mm": "height",
    "liquid_capacity_kw": "liquid capacity",
    "air_capacity_kw": "air capacity",
    "flow_lpm": "coolant flow",
    "voltage_v": "voltage",
    "amps": "current rating",
    "power_factor": "power factor",
    "side": "A/B side",
    "upstream_capacity_kw": "upstream capacity",
}


def _field_word(field: str) -> str:
    return FIELD_WORDS.get(field, field.replace("_", " "))


def _hall_name(project: Project, place: Place) -> str:
    hall = project.halls.get(place.hall_id)
    return hall.name if hall is not None else place.hall_id


def _difference(
    collection: str,
    placed: frozenset[str],
    before: Entity | None,
    after: Entity | None,
    types_a: Mapping[str, RackType],
    types_b: Mapping[str, RackType],
) -> Difference | None:
    if before == after:  # the most of a campus: compared at C speed, nothing built for it
        return None
    entity = after if before is None else before
    assert entity is not None
    where_a = _place(collection, before, types_a) if before is not None else None
    where_b = _place(collection, after, types_b) if after is not None else None
    name = _name(collection, entity, types_b if before is None else types_a)
    what = _what(collection, entity)
    if before is None:
        return Difference("added", entity.id, collection, what, name, None, where_b)
    if after is None:
        return Difference("removed", entity.id, collection, what, name, where_a, None)
    old, new = before.model_dump(), after.model_dump()
    fields = tuple(k for k in new if k not in placed and old.get(k) != new[k])
    if any(old.get(k) != new.get(k) for k in placed):
        return Difference("moved", entity.id, collection, what, name, where_a, where_b, fields)
    if fields:
        return Difference("changed", entity.id, collection, what, name, where_a, where_b, fields)
    return None


def _place(collection: str, entity: Any, rack_types: Mapping[str, RackType]) -> Place:
    hall_id: str = entity.hall_id
    if collection == "placements":
        kind = rack_types.get(entity.type_id)
        width, depth = (kind.width_mm, kind.depth_mm) if kind is not None else (0, 0)
        return Place(hall_id, footprint(entity.x, entity.y, width, depth, entity.rotation))
    if collection == "cooling_units":
        return Place(
            hall_id,
            footprint(entity.x, entity.y, entity.width_mm, entity.depth_mm, entity.rotation),
        )
    points: Sequence[tuple[int, int]] = entity.outline if collection == "obstacles" else entity.path
    box = _bounds(points)
    if collection == "trays":
        half = entity.width_mm // 2
        box = Box(box.x0 - half, box.y0 - half, box.x1 + half, box.y1 + half)
    return Place(hall_id, box)


def _bounds(points: Sequence[tuple[int, int]]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Box(min(xs), min(ys), max(xs), max(ys))


def _name(collection: str, entity: Any, rack_types: Mapping[str, RackType]) -> str:
    if collection == "placements":
        kind = rack_types.get(entity.type_id)
        type_name = kind.name if kind is not None else entity.type_id
        return f"{entity.label} ({type_name})" if entity.label else type_name
    return str(getattr(entity, "name", "") or getattr(entity, "label", "") or entity.id)


#: What each collection's entities are called, by their kind where they have one.
_WHAT: dict[str, Callable[[Any], str]] = {
    "placements": lambda _e: "rack",
    "cooling_units": lambda e: {"cdu": "CDU", "crah": "CRAH", "inrow_cooler": "in-row cooler"}[
        e.kind
    ],
    "feeds": lambda e: "busway" if e.kind == "busway" else "PDU",
    "trays": lambda _e: "tray",
    "obstacles": lambda e: str(e.kind).replace("_", " "),
}


def _what(collection: str, entity: Any) -> str:
    return _WHAT[collection](entity)
