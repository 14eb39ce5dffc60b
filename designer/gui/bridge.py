"""The Qt side of the core document: change sets and history as Qt signals.

The ``Document`` stays the only source of truth for the project and its undo history; this
bridge only re-emits what it hears, so widgets connect to signals instead of subscribing
to the core, and a new or opened document replaces the old one in one place.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from designer.core.document.changes import ChangeSet
from designer.core.document.document import Document


class DocumentBridge(QObject):
    """Holds the document being edited and tells Qt what happens to it.

    ``changed`` carries each applied ``ChangeSet`` (edits, undo, redo); ``replaced`` fires
    when another document takes over (new, open, recover); ``history_changed`` whenever
    undo/redo availability, labels or the dirty flag may have changed.
    """

    changed = Signal(object)
    replaced = Signal()
    history_changed = Signal()

    def __init__(self, document: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._unsubscribe: Callable[[], None] = document.subscribe(self._heard)

    @property
    def document(self) -> Document:
        return self._document

    def replace(self, document: Document) -> None:
        """Edit ``document`` from now on."""
        self._unsubscribe()
        self._document = document
        self._unsubscribe = document.subscribe(self._heard)
        self.replaced.emit()
        self.history_changed.emit()

    def undo(self) -> ChangeSet | None:
        """Undo the last step; the change set it reverted (None when there was none).

        ``changed`` fires as well, for everyone who listens; the caller gets the same ids
        back, to select what the step touched.
        """
        return self._document.undo() if self._document.history.can_undo else None

    def redo(self) -> ChangeSet | None:
        """Redo the next step; the change set it applied again (None when there was none)."""
        return self._document.redo() if self._document.history.can_redo else None

    def saved(self) -> None:
        """Call after the document was written to disk (the dirty flag changed)."""
        self.history_changed.emit()

    def _heard(self, changes: ChangeSet) -> None:
        self.changed.emit(changes)
        self.history_changed.emit()
