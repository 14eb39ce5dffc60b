"""Who names whom: the racks on each feed, CDU, hall and system, the units of each cooling
group, the halls of each site. Sums per feed or hall read these instead of scanning every
rack, and they follow each edit."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pydantic import BaseModel

from designer.core.rules.context import Changes, Context, Derived

#: Relation name -> (collection of the entities that name, the field holding the id(s)).
RELATIONS: dict[str, tuple[str, str]] = {
    "racks_in_hall": ("placements", "hall_id"),
    "racks_on_feed": ("placements", "feed_ids"),
    "racks_on_cdu": ("placements", "cdu_id"),
    "racks_in_system": ("placements", "group_id"),
    "units_in_hall": ("cooling_units", "hall_id"),
    "feeds_in_hall": ("feeds", "hall_id"),
    "units_in_group": ("cooling_units", "group_id"),
    "halls_in_site": ("halls", "site_id"),
}


def targets(entity: BaseModel | None, name: str) -> list[str]:
    """The ids ``entity`` names in its field ``name`` (none for an absent entity)."""
    if entity is None:
        return []
    value = getattr(entity, name)
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


@dataclass
class Links:
    """For each relation, target id -> ids of the entities naming it."""

    by_relation: dict[str, dict[str, set[str]]] = field(default_factory=dict)

    def of(self, relation: str, target: str) -> list[str]:
        """The ids naming ``target`` in ``relation``, sorted."""
        return sorted(self.by_relation[relation].get(target, ()))

    def _add(self, relation: str, owner: str, named: Iterable[str]) -> None:
        table = self.by_relation.setdefault(relation, {})
        for target in named:
            table.setdefault(target, set()).add(owner)

    def _remove(self, relation: str, owner: str, named: Iterable[str]) -> None:
        table = self.by_relation[relation]
        for target in named:
            owners = table.get(target)
            if owners is not None:
                owners.discard(owner)
                if not owners:
                    del table[target]


def _build(ctx: Context) -> Links:
    """Every relation, one pass over its collection each (a campus's racks name 30,000
    targets: a call per entity and a look-up of the relation's table per target were most
    of the time)."""
    links = Links()
    for relation, (collection, name) in RELATIONS.items():
        table: dict[str, set[str]] = {}
        for entity in getattr(ctx.project, collection).values():
            value = getattr(entity, name)
            named = value if isinstance(value, list) else () if value is None else (value,)
            for target in named:
                owners = table.get(target)
                if owners is None:
                    table[target] = {entity.id}
                else:
                    owners.add(entity.id)
        links.by_relation[relation] = table
    return links


def _update(links: Links, ctx: Context, changes: Changes) -> Links:
    for relation, (collection, name) in RELATIONS.items():
        for entity_id, before, after in changes.of(collection):
            links._remove(relation, entity_id, targets(before, name))
            links._add(relation, entity_id, targets(after, name))
    return links


LINKS: Derived[Links] = Derived("links", _build, _update)
"""Reverse references of the project; updated in place after each edit."""


def named_by_changes(
    changes: Changes, collection: str, name: str, watched: tuple[str, ...]
) -> set[str]:
    """Ids named in field ``name``, before or after, by the changed entities of
    ``collection`` that were added, removed, or changed in one of the ``watched`` fields.

    A sum per target (the load on a feed, the heat in a hall) changes only then; a rack
    that merely moved is not among them.
    """
    found: set[str] = set()
    for _, before, after in changes.of(collection):
        if (
            before is not None
            and after is not None
            and all(getattr(before, f) == getattr(after, f) for f in watched)
        ):
            continue
        found.update(targets(before, name))
        found.update(targets(after, name))
    return found
