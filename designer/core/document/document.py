"""The document: the current project, its file path, its history and who is listening.

Listeners are plain callables taking the applied ``ChangeSet``; the GUI bridges them to Qt
signals. Nothing here knows about a screen.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel, ValidationError

from designer.core.catalog import Catalog, default_catalog
from designer.core.document.changes import SINGLETONS, Change, ChangeSet, apply, revert
from designer.core.document.history import History
from designer.core.document.integrity import Reference, describe, references
from designer.core.model.base import Entity
from designer.core.model.equipment import RackType
from designer.core.model.project import COLLECTIONS, Project

Listener = Callable[[ChangeSet], None]
IdFactory = Callable[[str], str]


def random_ids(prefix: str) -> str:
    """An id such as ``rk-3f9a21c0``.

    Random rather than sequential so that an id freed by a delete is never handed to a new
    rack, which would inherit the old rack's accepted findings.
    """
    return f"{prefix}-{secrets.token_hex(4)}"


def sequential_ids() -> IdFactory:
    """Ids ``rk-001``, ``rk-002``, ... per prefix: stable, for built examples and tests."""
    counters: dict[str, int] = {}

    def next_id(prefix: str) -> str:
        counters[prefix] = counters.get(prefix, 0) + 1
        return f"{prefix}-{counters[prefix]:03d}"

    return next_id


class TransactionError(ValueError):
    """An edit was refused; the message says why and the document is unchanged."""


def first_error(err: ValidationError) -> str:
    """The model's first objection as ``field: reason``."""
    first = err.errors()[0]
    return ".".join(str(p) for p in first["loc"]) + f": {first['msg']}"


class Transaction:
    """Edits staged against a document, applied all at once when the block ends."""

    def __init__(self, document: Document, label: str) -> None:
        self._document = document
        self.label = label
        self._staged: dict[str, Change] = {}
        self._indexes: dict[str, dict[str, int]] = {}

    @property
    def project(self) -> Project:
        """The project as the document holds it, without the staged edits."""
        return self._document.project

    def get(self, entity_id: str) -> BaseModel | None:
        """The entity with this id as it will be after the staged edits."""
        if entity_id in self._staged:
            return self._staged[entity_id].after
        return _find(self.project, entity_id)[1]

    def put(self, entity: BaseModel) -> None:
        """Add ``entity``, or replace the entity with its id."""
        if not isinstance(entity, Entity | RackType) or type(entity) not in COLLECTIONS:
            raise TransactionError(f"a {type(entity).__name__} is not a project entity")
        self._stage(entity.id, COLLECTIONS[type(entity)], entity)

    def remove(self, entity_id: str) -> None:
        """Remove the entity with this id (the operation must clear references to it)."""
        collection, current = self._locate(entity_id)
        if current is None:
            raise TransactionError(f"there is no {entity_id!r} to remove")
        self._stage(entity_id, collection, None)

    def set_record(self, name: str, record: BaseModel) -> None:
        """Replace the project's ``meta`` or ``settings`` record."""
        if name not in SINGLETONS:
            raise TransactionError(f"{name!r} is not a project record")
        self._stage(name, name, record)

    def _locate(self, entity_id: str) -> tuple[str, BaseModel | None]:
        if entity_id in self._staged:
            change = self._staged[entity_id]
            return change.collection, change.after
        return _find(self.project, entity_id)

    def _stage(self, key: str, collection: str, after: BaseModel | None) -> None:
        if key in self._staged:
            first = self._staged[key]
            before = first.before
            if first.collection != collection:
                raise TransactionError(f"the id {key!r} is already used by a {first.collection}")
        else:
            found_collection, before = _find(self.project, key)
            if before is not None and found_collection != collection:
                raise TransactionError(
                    f"the id {key!r} is already used in {found_collection.replace('_', ' ')}"
                )
            if collection in SINGLETONS:
                before = getattr(self.project, collection)
        if before is None and after is None:
            self._staged.pop(key, None)
        else:
            index = self._index(collection, key) if after is None else None
            self._staged[key] = Change(collection, before, after, index)

    def _index(self, collection: str, key: str) -> int | None:
        """Where ``key`` stands in the document's ``collection`` (None if it is not there)."""
        if collection not in self._indexes:
            self._indexes[collection] = {
                k: i for i, k in enumerate(getattr(self.project, collection))
            }
        return self._indexes[collection].get(key)

    def change_set(self) -> ChangeSet:
        """The staged changes, leaving out those that put back what was there: an edit that
        changes nothing is no undo step and does not mark the project modified."""
        return ChangeSet(self.label, {k: c for k, c in self._staged.items() if c.before != c.after})


def _find(project: Project, entity_id: str) -> tuple[str, BaseModel | None]:
    """The collection holding ``entity_id`` and the entity, or ``("", None)``."""
    for name in COLLECTIONS.values():
        found = getattr(project, name).get(entity_id)
        if found is not None:
            return name, found
    return "", None


class Document:
    """A project being edited, with undo history and change listeners."""

    def __init__(
        self,
        project: Project,
        path: Path | None = None,
        catalog: Catalog | None = None,
        ids: IdFactory = random_ids,
    ) -> None:
        self._project = project
        self._ids = ids
        self.path = path
        self.catalog = catalog or default_catalog()
        self.history = History()
        self.revision = 0
        self._listeners: list[Listener] = []
        self._busy = False

    @property
    def project(self) -> Project:
        return self._project

    @property
    def is_dirty(self) -> bool:
        """True when the project differs from what was last saved or opened."""
        return not self.history.is_clean

    @property
    def rack_types(self) -> Mapping[str, RackType]:
        """The catalog's rack types plus this project's own."""
        return self.catalog.with_custom_racks(self._project.custom_types)

    def new_id(self, prefix: str, taken: list[str] | None = None) -> str:
        """A fresh id with ``prefix`` that no entity uses; appended to ``taken`` if given.

        ``taken`` collects the ids handed out inside one transaction, which the project
        does not hold yet.
        """
        while True:
            candidate = self._ids(prefix)
            if _find(self._project, candidate)[1] is None and candidate not in (taken or ()):
                if taken is not None:
                    taken.append(candidate)
                return candidate

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` with every applied change set; returns an unsubscribe function."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    @contextmanager
    def transaction(self, label: str, merge_key: str | None = None) -> Iterator[Transaction]:
        """Stage edits in the block; apply them as one undo step when it ends cleanly.

        An exception inside the block, or a reference that would dangle, leaves the
        document untouched.
        """
        if self._busy:
            raise TransactionError("an edit cannot start while another edit is being applied")
        tx = Transaction(self, label)
        try:
            yield tx
        except ValidationError as err:
            # A value the model refuses (a rack moved 100 km away, a negative width) is a
            # refused edit like any other, named by its field.
            raise TransactionError(first_error(err)) from err
        changes = tx.change_set()
        if not changes:
            return
        after = apply(self._project, changes)
        problems = _broken_references(after, changes)
        if problems:
            named = "; ".join(describe(p, after) for p in problems)
            raise TransactionError(f"{label} refused: {named}")
        self.history.push(changes, merge_key)
        self._set(after, changes)

    def undo(self) -> ChangeSet:
        """Revert the last edit; returns what was reverted (in its undo direction)."""
        changes = self.history.undo()
        self._set(revert(self._project, changes), changes.inverted())
        return changes

    def redo(self) -> ChangeSet:
        """Apply the last undone edit again."""
        changes = self.history.redo()
        self._set(apply(self._project, changes), changes)
        return changes

    def mark_unsaved(self) -> None:
        """Nothing on disk holds this project: recovered work of an untitled project or of a
        file that cannot be read. Closing asks first, and there is no step to undo into an
        empty project."""
        self.history.mark_unsaved()

    def mark_saved(self, path: Path) -> None:
        """The project is now on disk at ``path``."""
        self.path = path
        self.history.mark_clean()

    def _set(self, project: Project, changes: ChangeSet) -> None:
        self._project = project
        self.revision += 1
        self._busy = True
        try:
            for listener in list(self._listeners):
                listener(changes)
        finally:
            self._busy = False


def _broken_references(project: Project, changes: ChangeSet) -> list[Reference]:
    """References broken by ``changes``: from what they wrote, and to what they removed."""
    written = [c.after for c in changes.changes.values() if c.after is not None]
    problems = [
        r
        for entity in written
        for r in references(entity)
        if not any(r.target in getattr(project, name) for name in r.allowed)
    ]
    removed = set(changes.removed())
    if removed:
        for name in COLLECTIONS.values():
            for entity in getattr(project, name).values():
                problems.extend(r for r in references(entity) if r.target in removed)
    return problems
