"""What the user has selected: view state, kept out of the model (DESIGN.md, rule 4)."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal

from designer.core.model.project import Project


class Selection(QObject):
    """An ordered set of selected ids; ``changed`` fires when it changes."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids: dict[str, None] = {}

    @property
    def ids(self) -> list[str]:
        return list(self._ids)

    def __bool__(self) -> bool:
        return bool(self._ids)

    def __contains__(self, entity_id: object) -> bool:
        return entity_id in self._ids

    def set(self, ids: Iterable[str]) -> None:
        """Select exactly ``ids``."""
        wanted = dict.fromkeys(ids)
        if list(wanted) != list(self._ids):
            self._ids = wanted
            self.changed.emit()

    def add(self, ids: Iterable[str]) -> None:
        self.set([*self._ids, *ids])

    def toggle(self, ids: Iterable[str]) -> None:
        """Select those of ``ids`` that are not selected and deselect the others."""
        flip = list(ids)
        kept = [i for i in self._ids if i not in flip]
        self.set(kept + [i for i in flip if i not in self._ids])

    def clear(self) -> None:
        self.set([])

    def prune(self, project: Project, hall_id: str | None) -> None:
        """Forget ids that no longer exist or no longer stand in ``hall_id``."""
        self.set(i for i in self._ids if in_hall(project, i, hall_id))


def in_hall(project: Project, entity_id: str, hall_id: str | None) -> bool:
    """True when ``entity_id`` is something of ``hall_id`` a user can select on its plan."""
    for name in ("placements", "cooling_units", "obstacles", "trays", "feeds"):
        entity = getattr(project, name).get(entity_id)
        if entity is not None:
            return entity.hall_id == hall_id
    return False
