"""What a check reads: the frozen project, its rack types and limits, and derived data.

``Derived`` is data computed from a project revision (a spatial index, reverse
references, a network plan) that several checks share. ``ctx.get(d)`` builds it at most
once per revision; when ``d`` has an ``update`` function and the previous revision had it,
the engine hands the previous value and the ``Changes`` to ``update`` instead of building
it again, which is how moving one rack costs one rack, not the campus.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from pydantic import BaseModel

from designer.core.catalog import Catalog
from designer.core.model.equipment import RackType
from designer.core.model.project import COLLECTIONS, Project
from designer.core.model.rule_settings import Limits

T = TypeVar("T")

_COLLECTION_NAMES = tuple(COLLECTIONS.values())


class Changes:
    """The ids changed between two revisions, with each entity before and after.

    ``of("placements")`` lists ``(id, before, after)`` sorted by id, ``None`` standing for
    absent; ids that name no entity (``"settings"``, ``"meta"``) are ignored here, the
    engine compares those records itself.
    """

    def __init__(self, before: Project, after: Project, ids: Iterable[str]) -> None:
        self.before = before
        self.after = after
        self.ids = frozenset(ids)
        found: dict[str, list[tuple[str, Any, Any]]] = {}
        for entity_id in sorted(self.ids):
            for name in _COLLECTION_NAMES:
                old = getattr(before, name).get(entity_id)
                new = getattr(after, name).get(entity_id)
                if old is not None or new is not None:
                    found.setdefault(name, []).append((entity_id, old, new))
        self._found = found

    def of(self, collection: str) -> list[tuple[str, Any, Any]]:
        """``(id, before, after)`` for the changed entities of one collection."""
        return self._found.get(collection, [])

    def entities(self) -> Iterable[tuple[str, BaseModel | None, BaseModel | None]]:
        """Every changed entity of every collection."""
        for entries in self._found.values():
            yield from entries


@dataclass(frozen=True, eq=False)
class Derived(Generic[T]):
    """Data several checks share, computed once per project revision.

    ``build(ctx)`` computes it from scratch. ``update(previous, ctx, changes)``, when given,
    brings the previous revision's value up to date and may change it in place (the
    previous revision is discarded); it must give what ``build`` would.
    """

    name: str
    build: Callable[[Context], T]
    update: Callable[[T, Context, Changes], T] | None = field(default=None)


class Context:
    """One project revision as the checks see it."""

    def __init__(
        self,
        project: Project,
        catalog: Catalog,
        limits: Limits,
        previous: tuple[Context, Changes] | None = None,
    ) -> None:
        self.project = project
        self.catalog = catalog
        self.limits = limits
        self.rack_types: Mapping[str, RackType] = catalog.with_custom_racks(project.custom_types)
        self._values: dict[Derived[Any], Any] = {}
        self._previous = previous

    def get(self, derived: Derived[T]) -> T:
        """The value of ``derived`` for this revision, computed on first use."""
        if derived in self._values:
            # each value is kept under the Derived[T] that made it, so it is a T
            return cast(T, self._values[derived])
        value: T
        previous = self._previous
        if previous is not None and derived.update is not None and derived in previous[0]._values:
            value = derived.update(previous[0]._values.pop(derived), self, previous[1])
        else:
            value = derived.build(self)
        self._values[derived] = value
        return value

    def settle(self) -> None:
        """Bring forward what the previous revision had and forget that revision.

        Incremental data is updated now, while the changes are known; data without an
        ``update`` is dropped and built again when a check asks for it.
        """
        if self._previous is None:
            return
        for derived in list(self._previous[0]._values):
            if derived.update is not None:
                self.get(derived)
        self._previous = None
