"""Undo/redo history of change sets, with the clean mark that drives "unsaved changes".

Pure Python, so undo, redo, the dirty flag and the menu labels are tested without Qt; the
GUI only mirrors them onto its actions.
"""

from __future__ import annotations

from designer.core.document.changes import ChangeSet


class History:
    """A list of applied change sets and a cursor into it.

    ``merge_key`` lets consecutive edits of the same kind (arrow-key nudges of one
    selection) fold into a single step.
    """

    def __init__(self, limit: int = 500) -> None:
        self._entries: list[ChangeSet] = []
        self._keys: list[str | None] = []
        self._index = 0
        self._clean: int | None = 0
        self._limit = limit

    def push(self, changes: ChangeSet, merge_key: str | None = None) -> None:
        """Record an applied change set; anything undone before it is dropped."""
        del self._entries[self._index :]
        del self._keys[self._index :]
        if self._clean is not None and self._clean > self._index:
            self._clean = None
        can_merge = (
            merge_key is not None
            and self._index > 0
            and self._keys[-1] == merge_key
            and self._clean != self._index
            # a removal's place is counted in the project it was removed from; merged with
            # another step's it would put things back out of order
            and not any(changes.removed())
            and not any(self._entries[-1].removed())
        )
        if can_merge:
            merged = self._entries[-1].then(changes)
            if merged:
                self._entries[-1] = merged
            else:  # the steps cancel out (a nudge and its opposite): no step at all
                self._entries.pop()
                self._keys.pop()
                self._index -= 1
            return
        self._entries.append(changes)
        self._keys.append(merge_key)
        self._index += 1
        if len(self._entries) > self._limit:
            self._entries.pop(0)
            self._keys.pop(0)
            self._index -= 1
            self._clean = None if self._clean in (None, 0) else self._clean - 1

    def undo(self) -> ChangeSet:
        """Step back; returns the change set to revert."""
        if not self.can_undo:
            raise IndexError("nothing to undo")
        self._index -= 1
        return self._entries[self._index]

    def redo(self) -> ChangeSet:
        """Step forward; returns the change set to apply again."""
        if not self.can_redo:
            raise IndexError("nothing to redo")
        self._index += 1
        return self._entries[self._index - 1]

    @property
    def can_undo(self) -> bool:
        return self._index > 0

    @property
    def can_redo(self) -> bool:
        return self._index < len(self._entries)

    @property
    def undo_entry(self) -> ChangeSet | None:
        """The edit undo would take back: a new one after each edit, which a caller tells
        from the one before by identity."""
        return self._entries[self._index - 1] if self.can_undo else None

    @property
    def undo_label(self) -> str:
        return self._entries[self._index - 1].label if self.can_undo else ""

    @property
    def redo_label(self) -> str:
        return self._entries[self._index].label if self.can_redo else ""

    def mark_clean(self) -> None:
        """The project as it stands now is what is on disk."""
        self._clean = self._index

    def mark_unsaved(self) -> None:
        """No state of the project is on disk (work recovered with no saved version)."""
        self._clean = None

    @property
    def is_clean(self) -> bool:
        return self._clean == self._index
