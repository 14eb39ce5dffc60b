"""Autosave every minute to a separate recovery file, never over the user's file.

Snapshots go through ``designer.core.io.autosave``: beside the saved file, or in the
recovery folder for an untitled project. Saving or closing cleanly deletes the snapshot;
a snapshot found at start-up means the last session ended without saving.
"""

from __future__ import annotations

import secrets
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from designer.core.io import autosave
from designer.gui.bridge import DocumentBridge

#: How often unsaved changes are written to the recovery file, in milliseconds.
INTERVAL_MS = 60_000


class Autosaver(QObject):
    """Writes the document's recovery snapshot when it has unsaved changes.

    The snapshot is serialized and written on a worker thread (the project is immutable,
    so the worker reads the very revision it was given): a 6,912-rack campus takes about a
    tenth of a second, which the user would otherwise feel once a minute. Writes and
    deletions go through one queue, in order. ``failed(message)`` reports a snapshot that
    could not be written (a full disk), once per problem; editing goes on.
    """

    failed = Signal(str)
    _wrote = Signal(object, str)

    def __init__(self, bridge: DocumentBridge, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(bridge)
        self.bridge = bridge
        self.session = secrets.token_hex(4)
        self._written: tuple[int, int] | None = None
        self._last_error = ""
        self._queue = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rackplan-autosave")
        self._wrote.connect(self._report)
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.write)
        self.timer.start()

    def target(self) -> Path:
        """Where the snapshot of the current document goes."""
        return autosave.autosave_path(self.bridge.document.path, self.session)

    def write(self) -> bool:
        """Queue a snapshot if there are changes not yet in one; True when one was queued."""
        document = self.bridge.document
        stamp = (id(document), document.revision)
        if not document.is_dirty or stamp == self._written:
            return False
        self._written = stamp
        project, path, target = document.project, document.path, self.target()

        def save() -> None:
            try:
                autosave.write_autosave(project, path, target)
            except OSError as err:
                message = f"Could not write the recovery file {target}: {err.strerror or err}."
                self._wrote.emit(stamp, message)
                return
            self._wrote.emit(stamp, "")

        self._queue.submit(save)
        return True

    def _report(self, stamp: tuple[int, int], message: str) -> None:
        if not message:
            self._last_error = ""
            return
        if stamp == self._written:
            self._written = None  # try again at the next tick
        if message != self._last_error:
            self._last_error = message
            self.failed.emit(message)

    def discard(self, path: Path | None = None) -> None:
        """Delete the snapshot (of ``path``, default: the current document's), after any
        write still queued, and wait for it."""
        target = path or self.target()
        self._written = None
        try:
            self._queue.submit(autosave.discard, target).result()
        except OSError as err:  # an unusable recovery folder must not stop a save or a close
            self.failed.emit(f"Could not delete the recovery file {target}: {err.strerror or err}.")

    def shutdown(self) -> None:
        """Stop writing: finish what is queued, then no more snapshots."""
        self.timer.stop()
        self._queue.shutdown(wait=True)
