"""Change sets: the unit of undo, modelled on KiCad's COMMIT.

A change set records, for each id it touches, the entity before and after (``None`` for
absent). Applying one builds a new ``Project`` that shares every untouched entity with the
old; reverting applies the inverse. ``revert(apply(p, cs), cs) == p`` always holds, down to
the order of each collection: a removed entity remembers its place, so undoing a delete
puts it back there and the saved file is the one before the delete.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from designer.core.model.project import Project

#: Singleton records of a project that change sets treat like entities, keyed by this id.
SINGLETONS = ("meta", "settings")


@dataclass(frozen=True)
class Change:
    """One id's state before and after; ``collection`` names the project field holding it.

    ``index`` is where a removed entity stood in its collection, so that putting it back
    (the inverse change) restores the collection's order; ``None`` for the rest.
    """

    collection: str
    before: BaseModel | None
    after: BaseModel | None
    index: int | None = None


@dataclass(frozen=True)
class ChangeSet:
    """The changes of one transaction, with the label the undo menu shows."""

    label: str
    changes: Mapping[str, Change] = field(default_factory=dict)

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(self.changes)

    def __bool__(self) -> bool:
        return bool(self.changes)

    def added(self) -> Iterator[str]:
        return (i for i, c in self.changes.items() if c.before is None)

    def removed(self) -> Iterator[str]:
        return (i for i, c in self.changes.items() if c.after is None)

    def inverted(self) -> ChangeSet:
        """The change set that undoes this one."""
        return ChangeSet(
            self.label,
            {i: Change(c.collection, c.after, c.before, c.index) for i, c in self.changes.items()},
        )

    def then(self, later: ChangeSet) -> ChangeSet:
        """One change set with the effect of this one followed by ``later``.

        Used to fold consecutive nudges of the same selection into one undo step.
        """
        merged = dict(self.changes)
        for key, change in later.changes.items():
            first = merged.get(key)
            before = first.before if first else change.before
            if before == change.after:  # back to where it started (or never there)
                merged.pop(key, None)
            else:
                index = first.index if first and first.index is not None else change.index
                merged[key] = Change(change.collection, before, change.after, index)
        return ChangeSet(self.label, merged)


def apply(project: Project, changes: ChangeSet) -> Project:
    """The project with ``changes`` applied; collections not touched are shared, not copied."""
    updated: dict[str, Any] = {}
    returning: dict[str, list[tuple[int, str]]] = {}
    for key, change in changes.changes.items():
        if change.collection in SINGLETONS:
            updated[change.collection] = change.after
            continue
        if change.collection not in updated:
            updated[change.collection] = dict(getattr(project, change.collection))
        target = updated[change.collection]
        if change.after is None:
            target.pop(key, None)
        else:
            if key not in target and change.before is None and change.index is not None:
                returning.setdefault(change.collection, []).append((change.index, key))
            target[key] = change.after
    for collection, places in returning.items():
        updated[collection] = _in_place(updated[collection], places)
    return project.model_copy(update=updated)


def _in_place(entities: dict[str, Any], places: list[tuple[int, str]]) -> dict[str, Any]:
    """``entities`` with the keys of ``places`` moved back to their indexes."""
    moved = {key for _, key in places}
    order = [key for key in entities if key not in moved]
    for index, key in sorted(places):
        order.insert(index, key)
    return {key: entities[key] for key in order}


def revert(project: Project, changes: ChangeSet) -> Project:
    """The project as it was before ``changes``."""
    return apply(project, changes.inverted())
