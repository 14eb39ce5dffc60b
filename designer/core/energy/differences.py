"""Which racks and equipment two designs do not share: added, removed, moved or changed.

``compare`` says how two designs' figures differ; this says where. Entities are paired
as an architect names them (``matching``: by hall and label or name, then by where they
stand, then by id), so that two files ``generate`` made with one option changed, whose ids
shift, read as what changed and not as everything renumbered: one only B has was added,
one only A has removed; one in both was moved when its place differs (hall, position,
facing, or its path or outline shifted whole) and changed when anything else does (its
type, its label, its feeds, a busway or tray run on by a rack: "1.2 m longer"). Fields that name another item (a rack's feeds, CDU, network rack) compare through
the same pairing: a busway renumbered is still the rack's busway. A moved one that also
changed is listed as moved, with what else changed. Each difference says where the entity
stands in each design as a box in its hall's millimetres, so a view can draw it in both
places and zoom to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from designer.core.energy.matching import Key, pair
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

#: The fields that draw a run or an outline: shifted whole, in its hall, the item moved;
#: reshaped, it changed. A row's busways and trays run on by the rack a variant adds read
#: "moved 0.6 m" (their centres'), and drew a dashed move over the rack added (a trial).
SHAPES: dict[str, str] = {"feeds": "path", "trays": "path", "obstacles": "outline"}

#: The fields that name other items, with the collection each names an item of.
REFERENCES: dict[str, dict[str, str]] = {
    "placements": {
        "feed_ids": "feeds",
        "cdu_id": "cooling_units",
        "network_rack_id": "placements",
        "group_id": "groups",
    },
    "cooling_units": {"group_id": "cooling_groups"},
}


@dataclass(frozen=True)
class Place:
    """Where an entity stands in one design: its hall and the box it covers (hall mm)."""

    hall_id: str
    box: Box


@dataclass(frozen=True)
class Difference:
    """One entity the two designs do not share alike.

    ``id`` is its id in A (in B for one added); ``id_b`` its id in B, which differs from
    A's where ids shifted ("" for one removed). ``what`` names its kind for a reader
    ("rack", "CDU", "busway"); ``name`` its label, name or type; ``before`` and ``after``
    where it stands in A and in B (None in the design without it); ``fields`` what
    changed besides its place.
    """

    kind: Kind
    id: str
    collection: str
    what: str
    name: str
    before: Place | None
    after: Place | None
    fields: tuple[str, ...] = ()
    id_b: str = ""

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
    # what both designs hold alike under one id: the most of a campus compared with an edit
    # of itself, compared at the speed of ``==`` with nothing built for it
    alike = {
        collection: _alike(getattr(a, collection), getattr(b, collection))
        for collection in (*PLACED, "groups", "cooling_groups")
    }
    pairs = {
        collection: pair(
            getattr(a, collection),
            getattr(b, collection),
            _keys(collection, types_a, types_b),
            same,
        )
        for collection, same in alike.items()
    }
    # B's id of each paired item to A's, per collection, to read B's references in A's ids
    back = {c: {b_id: a_id for a_id, b_id in p.items()} for c, p in pairs.items()}
    # collections some of whose items pair across ids: an id naming one of them may name
    # another item in each design, so what refers into them is compared field by field
    shifted = {c for c, p in pairs.items() if any(a_id != b_id for a_id, b_id in p.items())}
    found: list[Difference] = []
    for collection, placed in PLACED.items():
        left: Mapping[str, Entity] = getattr(a, collection)
        right: Mapping[str, Entity] = getattr(b, collection)
        paired = pairs[collection]
        renamed = bool(shifted.intersection(REFERENCES.get(collection, {}).values()))
        same = set() if renamed else alike[collection]
        for entity_id, before in left.items():
            if entity_id in same:
                continue
            b_id = paired.get(entity_id)
            after = right[b_id] if b_id is not None else None
            difference = _difference(collection, placed, before, after, types_a, types_b, back)
            if difference is not None:
                found.append(difference)
        taken = set(paired.values())
        for entity_id, after in right.items():
            if entity_id not in taken:
                added = _difference(collection, placed, None, after, types_a, types_b, back)
                assert added is not None
                found.append(added)
    order = {kind: n for n, kind in enumerate(KINDS)}
    return sorted(found, key=lambda d: (order[d.kind], d.place.hall_id, d.name, d.id))


def _alike(left: Mapping[str, Entity], right: Mapping[str, Entity]) -> set[str]:
    """The ids under which both designs hold the same entity."""
    return {i for i, entity in left.items() if right.get(i) == entity}


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
    fields = list(difference.fields)
    if "path" in fields:
        longer = _longer(difference, a, b)
        if longer:
            fields.remove("path")
            parts.append(longer)
    if fields:
        parts.append(", ".join(_field_word(f) for f in fields) + " changed")
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


def _longer(difference: Difference, a: Project, b: Project) -> str:
    """How much longer or shorter a busway's or tray's run is in B: ``1.2 m longer``; ""
    where it is as long (reshaped only)."""
    before = getattr(a, difference.collection).get(difference.id)
    after = getattr(b, difference.collection).get(difference.id_b)
    if before is None or after is None:
        return ""
    metres = (after.length_mm - before.length_mm) / 1000
    if not round(metres, 1):
        return ""
    return f"{number(abs(metres), 1)} m {'longer' if metres > 0 else 'shorter'}"


def _hall_name(project: Project, place: Place) -> str:
    hall = project.halls.get(place.hall_id)
    return hall.name if hall is not None else place.hall_id


def _keys(
    collection: str, types_a: Mapping[str, RackType], types_b: Mapping[str, RackType]
) -> list[tuple[Key[Any], Key[Any]]]:
    """The keys ``matching.pair`` pairs a collection's items by, each for A's items and for
    B's: the name an architect gives it in its hall, then the exact box it covers there,
    then the name again (two racks labelled alike, one of them where it stood: the other
    has the label to itself once that one is paired by place). Groups and cooling groups
    stand nowhere of their own."""
    if collection == "groups":
        return [(_system, _system)]
    if collection == "cooling_groups":
        return [(_group, _group)]

    def called(entity: Any) -> tuple[str, str, str] | None:
        name = entity.label if collection in ("placements", "obstacles") else entity.name
        return (entity.hall_id, _what(collection, entity), name) if name else None

    def standing(types: Mapping[str, RackType]) -> Key[Any]:
        return lambda entity: (_what(collection, entity), _place(collection, entity, types))

    return [(called, called), (standing(types_a), standing(types_b)), (called, called)]


def _system(group: Any) -> tuple[str, str] | None:
    """A multi-rack system by its type and label (it has no hall of its own)."""
    return (group.system_id, group.label) if group.label else None


def _group(group: Any) -> tuple[str, str]:
    """A cooling group by its hall and name."""
    return (group.hall_id, group.name)


def _difference(
    collection: str,
    placed: frozenset[str],
    before: Entity | None,
    after: Entity | None,
    types_a: Mapping[str, RackType],
    types_b: Mapping[str, RackType],
    back: Mapping[str, Mapping[str, str]],
) -> Difference | None:
    """How ``before`` (in A) and ``after`` (in B, paired with it) differ; ``back`` reads
    B's ids of each collection as A's."""
    entity = after if before is None else before
    assert entity is not None
    where_a = _place(collection, before, types_a) if before is not None else None
    where_b = _place(collection, after, types_b) if after is not None else None
    name = _name(collection, entity, types_b if before is None else types_a)
    what = _what(collection, entity)
    if before is None:
        return Difference("added", entity.id, collection, what, name, None, where_b, (), entity.id)
    if after is None:
        return Difference("removed", entity.id, collection, what, name, where_a, None)
    old, new = before.model_dump(), after.model_dump()
    for field, target in REFERENCES.get(collection, {}).items():
        new[field] = _in_a(new[field], back[target])
    del old["id"], new["id"]
    fields = tuple(k for k in new if k not in placed and old.get(k) != new[k])
    moved = any(old.get(k) != new.get(k) for k in placed)
    if moved and _reshaped(collection, old, new):
        moved, fields = False, (*fields, SHAPES[collection])
    kind: Kind = "moved" if moved else "changed"
    if moved or fields:
        return Difference(
            kind, entity.id, collection, what, name, where_a, where_b, fields, after.id
        )
    return None


def _reshaped(collection: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    """Whether an item's run or outline changed shape in its hall, rather than moving
    whole (every point by the same step)."""
    shape = SHAPES.get(collection)
    if shape is None or old["hall_id"] != new["hall_id"]:
        return False
    before, after = old[shape], new[shape]
    steps = {(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(before, after, strict=False)}
    return len(before) != len(after) or len(steps) > 1


def _in_a(value: Any, back: Mapping[str, str]) -> Any:
    """A reference (an id, a list of them or None) of B's in A's ids; an id of an item only
    B has stays B's, marked so that it never equals an id of A's."""
    if isinstance(value, list):
        return [_in_a(v, back) for v in value]
    if value is None:
        return None
    return back.get(value, ("only in B", value))


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
