"""Referential integrity: every id an entity names must exist.

A transaction refuses a change that would leave a dangling reference; a file that already
holds one still loads, and its dangling ids are reported as findings, not crashes. The
reference fields are declared once, in ``REFERENCE_FIELDS``; the whole-project check works
on sets of ids per field, so it stays cheap at tens of thousands of racks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from operator import attrgetter

from pydantic import BaseModel

from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import COLLECTIONS, Project
from designer.core.naming import display_name

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
LIST_FIELDS = frozenset({"feed_ids"})


def _targets(entity: BaseModel, field: str) -> list[str]:
    value = _GETTERS[field](entity)
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def references(entity: BaseModel) -> Iterator[Reference]:
    """The ids ``entity`` names, with the collections they must be found in."""
    collection = COLLECTIONS.get(type(entity))  # type: ignore[arg-type]
    for owner_collection, field, allowed in REFERENCE_FIELDS:
        if owner_collection == collection:
            for target in _targets(entity, field):
                yield Reference(entity.id, field.split(".")[0], target, allowed)  # type: ignore[attr-defined]


def dangling(project: Project) -> list[Reference]:
    """Every reference in ``project`` whose target is missing."""
    problems: list[Reference] = []
    for collection, field, allowed in REFERENCE_FIELDS:
        entities = getattr(project, collection).values()
        values = map(_GETTERS[field], entities)
        if field in LIST_FIELDS:
            named: set[str] = set().union(*values)
        else:
            named = set(values)
            named.discard(None)  # type: ignore[arg-type]
        missing = {t for t in named if not any(t in getattr(project, a) for a in allowed)}
        if missing:
            problems.extend(
                Reference(e.id, field.split(".")[0], t, allowed)
                for e in entities
                for t in _targets(e, field)
                if t in missing
            )
    return problems


def unknown_types(project: Project, rack_types: Mapping[str, RackType]) -> list[Placement]:
    """Placements whose type is neither in the catalog nor among the project's own types."""
    return [p for p in project.placements.values() if p.type_id not in rack_types]


def duplicate_ids(project: Project) -> list[str]:
    """Ids used in more than one collection (each collection is unique by construction)."""
    seen: set[str] = set()
    twice: list[str] = []
    for name in COLLECTIONS.values():
        keys = getattr(project, name).keys()
        twice.extend(keys & seen)
        seen.update(keys)
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
