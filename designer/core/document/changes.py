"""Change sets: the unit of undo, modelled on KiCad's COMMIT.

A change set records, for each id it touches, the entity before and after (``None`` for
absent). Applying one builds a new ``Project`` that shares every untouched entity with the
old; reverting applies the inverse. ``revert(apply(p, cs), cs) == p`` always holds.
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
    """One id's state before and after; ``collection`` names the project field holding it."""

    collection: str
    before: BaseModel | None
    after: BaseModel | None


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
            {i: Change(c.collection, c.after, c.before) for i, c in self.changes.items()},
        )

    def then(self, later: ChangeSet) -> ChangeSet:
        """One change set with the effect of this one followed by ``later``.

        Used to fold consecutive nudges of the same selection into one undo step.
        """
        merged = dict(self.changes)
        for key, change in later.changes.items():
            first = merged.get(key)
            before = first.before if first else change.before
            if before is None and change.after is None:
                merged.pop(key, None)
            else:
                merged[key] = Change(change.collection, before, change.after)
        return ChangeSet(self.label, merged)


def apply(project: Project, changes: ChangeSet) -> Project:
    """The project with ``changes`` applied; collections not touched are shared, not copied."""
    updated: dict[str, Any] = {}
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
            target[key] = change.after
    return project.model_copy(update=updated)


def revert(project: Project, changes: ChangeSet) -> Project:
    """The project as it was before ``changes``."""
    return apply(project, changes.inverted())
