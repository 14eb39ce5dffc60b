"""Referential integrity: every id an entity names must exist.

A transaction refuses a change that would leave a dangling reference; a file that already
holds one still loads, and its dangling ids are reported as findings, not crashes. The
reference fields are declared once, in ``REFERENCE_FIELDS``; the whole-project check works
on sets of ids per field, so it stays cheap at tens of thousands of racks.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, KeysView, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from pydantic import BaseModel

from designer.core.model.base import Entity
from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import COLLECTIONS, Project
from designer.core.naming import display_name
from designer.core.rack_columns import FIELDS, RackColumns, rack_columns

#: (collection, field, collections the id must be found in). A field may hold one id,
#: ``None``, or a list of ids; ``a.node`` reads a field of a nested record.
REFERENCE_FIELDS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("fibre_routes", "site_a", ("sites",)),
    ("fibre_routes", "site_b", ("sites",)),
    ("halls", "site_id", ("sites",)),
    ("obstacles", "hall_id", ("halls",)),
    ("trays", "hall_id", ("halls",)),
    ("feeds", "hall_id", ("halls",)),
    ("cooling_groups", "hall_id", ("halls",)),
    ("cooling_units", "hall_id", ("halls",)),
    ("cooling_units", "group_id", ("cooling_groups",)),
    ("placements", "hall_id", ("halls",)),
    ("placements", "group_id", ("groups",)),
    ("placements", "feed_ids", ("feeds",)),
    ("placements", "cdu_id", ("cooling_units",)),
    ("placements", "network_rack_id", ("placements",)),
    ("bundles", "a.node", ("placements", "sites")),
    ("bundles", "b.node", ("placements", "sites")),
    ("jobs", "where", ("sites", "halls", "groups", "placements")),
)


@dataclass(frozen=True)
class Reference:
    """``owner``'s field ``field`` names ``target``, which must live in one of ``allowed``."""

    owner: str
    field: str
    target: str
    allowed: tuple[str, ...]


_GETTERS = {field: attrgetter(field) for _, field, _ in REFERENCE_FIELDS}
#: Reference fields that hold a list of ids rather than one id (or None).
LIST_FIELDS = frozenset({"feed_ids", "where"})


def _targets(entity: BaseModel, field: str) -> list[str]:
    value = _GETTERS[field](entity)
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def references(entity: BaseModel) -> Iterator[Reference]:
    """The ids ``entity`` names, with the collections they must be found in."""
    if not isinstance(entity, Entity | RackType):
        return  # a model that is no project item names nothing
    collection = COLLECTIONS.get(type(entity))
    for owner_collection, field, allowed in REFERENCE_FIELDS:
        if owner_collection == collection:
            for target in _targets(entity, field):
                yield Reference(entity.id, field.split(".")[0], target, allowed)


def _fields_read() -> dict[str, tuple[str, ...]]:
    """The reference fields the whole-project check reads of each collection but the
    placements (whose fields come as ``RackColumns``)."""
    read: dict[str, tuple[str, ...]] = {}
    for collection, field, _ in REFERENCE_FIELDS:
        if collection != "placements":
            read[collection] = (*read.get(collection, ()), field)
    return read


_READ = _fields_read()


@dataclass(frozen=True)
class Inconsistencies:
    """What is inconsistent in a whole project: the placements of a type neither in the
    catalog nor among the project's own types, the references whose target is missing,
    and the ids used in more than one collection (see ``duplicate_ids``)."""

    unknown_types: list[Placement]
    dangling: list[Reference]
    duplicate_ids: list[str]


def inconsistencies(
    project: Project, rack_types: Mapping[str, RackType], racks: RackColumns | None = None
) -> Inconsistencies:
    """The ``Inconsistencies`` of ``project``; ``racks``: its ``rack_columns``, when the
    caller already has them.

    Each collection is read in one pass for every field checked: read once per field, a
    campus's thousands of racks were fetched from memory six times over, which cost more
    than the checking.
    """
    racks = racks if racks is not None else rack_columns(project)
    read = {
        name: _columns(getattr(project, name).values(), fields) for name, fields in _READ.items()
    }
    read["placements"] = {field: getattr(racks, field) for field in FIELDS}
    # thousands of racks are of a few types: the racks are gone through again only when
    # one of those is unknown
    unknown = {t for t in set(racks.type_id) if t not in rack_types}
    return Inconsistencies(
        [p for p in project.placements.values() if p.type_id in unknown] if unknown else [],
        _dangling(project, read),
        duplicate_ids(project),
    )


def _columns(entities: Collection[BaseModel], fields: tuple[str, ...]) -> dict[str, Sequence[Any]]:
    """Each of ``fields`` of every entity, all read in one pass over the entities."""
    if len(fields) == 1:
        return {fields[0]: list(map(_GETTERS[fields[0]], entities))}
    columns = list(zip(*map(attrgetter(*fields), entities), strict=True)) or [()] * len(fields)
    return dict(zip(fields, columns, strict=True))


def _dangling(project: Project, read: Mapping[str, Mapping[str, Sequence[Any]]]) -> list[Reference]:
    """Every reference in ``project`` whose target is missing (``read``: its fields)."""
    problems: list[Reference] = []
    for collection, field, allowed in REFERENCE_FIELDS:
        values = read[collection][field]
        if field in LIST_FIELDS:
            named: set[str] = set().union(*values)
        else:
            named = set(values)
            named.discard(None)
        # the ids found in none of the allowed collections (keyed by id)
        missing = named.difference(*(getattr(project, a) for a in allowed))
        if missing:
            problems.extend(
                Reference(e.id, field.split(".")[0], t, allowed)
                for e in getattr(project, collection).values()
                for t in _targets(e, field)
                if t in missing
            )
    return problems


def duplicate_ids(project: Project) -> list[str]:
    """Ids used in more than one collection (each collection is unique by construction),
    once for each collection after the first that uses them.

    Two collections' common ids are found by looking the smaller one's ids up in the larger
    one, so a campus's thousands of rack ids are not gathered into a set of their own.
    """
    earlier: list[KeysView[str]] = []
    twice: list[str] = []
    for name in COLLECTIONS.values():
        keys = getattr(project, name).keys()
        twice.extend(set().union(*(keys & other for other in earlier)))
        earlier.append(keys)
    return sorted(twice)


def describe(reference: Reference, project: Project | None = None) -> str:
    """A sentence naming the broken reference; with the ``project``, its owner by label
    or name too (an id alone meant nothing to a trial)."""
    where = " or ".join(a.replace("_", " ") for a in reference.allowed)
    owner = repr(reference.owner)
    if project is not None and (name := display_name(project, reference.owner)) != reference.owner:
        owner = f"{name} ({owner})"
    return (
        f"{owner} refers to {reference.target!r} in its field "
        f"{reference.field!r}, but there is no such id among the {where}"
    )
