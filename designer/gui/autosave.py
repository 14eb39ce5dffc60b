"""Autosave every minute to a separate recovery file, never over the user's file.

Snapshots go through ``designer.core.io.autosave``: beside the saved file, or in the
recovery folder for an untitled project. Saving or closing cleanly deletes the snapshot;
a snapshot found at start-up means the last session ended without saving.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from designer.core.io import autosave
from designer.gui.bridge import DocumentBridge

#: How often unsaved changes are written to the recovery file, in milliseconds.
INTERVAL_MS = 60_000


class Autosaver(QObject):
    """Writes the document's recovery snapshot when it has unsaved changes.

    ``failed(message)`` reports a snapshot that could not be written (a full disk), once
    per problem; editing goes on.
    """

    failed = Signal(str)

    def __init__(self, bridge: DocumentBridge, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(bridge)
        self.bridge = bridge
        self.session = secrets.token_hex(4)
        self._written: tuple[int, int] | None = None
        self._last_error = ""
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.write)
        self.timer.start()

    def target(self) -> Path:
        """Where the snapshot of the current document goes."""
        return autosave.autosave_path(self.bridge.document.path, self.session)

    def write(self) -> bool:
        """Write a snapshot if there are changes not yet in one; True when one was written."""
        document = self.bridge.document
        stamp = (id(document), document.revision)
        if not document.is_dirty or stamp == self._written:
            return False
        try:
            autosave.write_autosave(document.project, document.path, self.target())
        except OSError as err:
            message = f"Could not write the recovery file {self.target()}: {err.strerror or err}."
            if message != self._last_error:
                self._last_error = message
                self.failed.emit(message)
            return False
        self._written = stamp
        self._last_error = ""
        return True

    def discard(self, path: Path | None = None) -> None:
        """Delete the snapshot (of ``path``, default: the current document's)."""
        autosave.discard(path or self.target())
        self._written = None
