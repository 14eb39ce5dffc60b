"""Autosave to a separate recovery file, never over the user's file, every minute or as
often as the preference ``autosave_seconds`` in the designer's settings says.

Snapshots go through ``designer.core.io.autosave``: beside the saved file, or in the
recovery folder for an untitled project, or when the disk beside the file is full. Saving
or closing cleanly deletes the snapshot; a snapshot found at start-up means a session
ended without saving. A recovered snapshot is kept until this window's own has been
written, so a second crash right after a recovery loses nothing. A snapshot that cannot be
written, for whatever reason, is said in the status bar and tried again at the next tick.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QTimer, Signal

from designer.core.io import autosave
from designer.core.io.project_file import ProjectFileError
from designer.gui.bridge import DocumentBridge
from designer.gui.recent import settings

#: How often unsaved changes are written to the recovery file by default, in milliseconds.
INTERVAL_MS = 60_000
#: The preference, in seconds, and the shortest it may set (a snapshot of a campus takes
#: about a tenth of a second to write).
PREFERENCE = "autosave_seconds"
SHORTEST_S = 5.0


def preferred_interval_ms(store: QSettings | None = None) -> int:
    """The autosave interval the settings ask for (default one minute, at least 5 s)."""
    value = (store or settings()).value(PREFERENCE, INTERVAL_MS / 1000)
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        return INTERVAL_MS
    if seconds != seconds:  # NaN
        return INTERVAL_MS
    return round(min(max(seconds, SHORTEST_S), 24 * 3600) * 1000)


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

    def __init__(self, bridge: DocumentBridge, interval_ms: int | None = None) -> None:
        super().__init__(bridge)
        self.bridge = bridge
        self.session = autosave.new_session()
        self._written: tuple[int, int] | None = None
        self._adopted: Path | None = None
        self._paused = False
        self._last_error = ""
        self._queue = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rackplan-autosave")
        self._wrote.connect(self._report)
        self.timer = QTimer(self)
        self.timer.setInterval(preferred_interval_ms() if interval_ms is None else interval_ms)
        self.timer.timeout.connect(self.write)
        self.timer.start()

    def target(self) -> Path:
        """Where the snapshot of the current document goes."""
        return autosave.autosave_path(self.bridge.document.path, self.session)

    def targets(self) -> list[Path]:
        """Every place this window's snapshot of the current document may be."""
        path = self.bridge.document.path
        fallback = autosave.fallback_path(path, self.session)
        return [self.target(), *([fallback] if fallback else [])]

    def adopt(self, recovered: Path) -> None:
        """Keep the snapshot just recovered until this window's own is written, and write
        that now: deleting it at once would lose the work to a second crash."""
        self._adopted = recovered
        self.write()

    def write(self) -> bool:
        """Queue a snapshot if there are changes not yet in one; True when one was queued."""
        document = self.bridge.document
        stamp = (id(document), document.revision)
        if self._paused or not document.is_dirty or stamp == self._written:
            return False
        self._written = stamp
        project, path, places = document.project, document.path, self.targets()
        adopted = self._adopted

        def save() -> None:
            problem = ""
            for index, place in enumerate(places):
                try:
                    autosave.write_autosave(project, path, place)
                except OSError as err:
                    problem = problem or (
                        f"Could not write the recovery file {place}: {err.strerror or err}; "
                        "trying again at the next autosave."
                    )
                    continue
                except ProjectFileError as err:  # text to type again: no other place helps
                    problem = f"{err} Trying again at the next autosave."
                    break
                except Exception as err:  # a bug must not silently stop the snapshots
                    problem = problem or (
                        f"Could not write the recovery file {place} ({type(err).__name__}: "
                        f"{err}); trying again at the next autosave."
                    )
                    continue
                for other in [*places[index + 1 :], *places[:index], adopted]:
                    if other is not None and other != place:
                        with contextlib.suppress(OSError):  # the newest is the one that counts
                            autosave.discard(other)
                self._wrote.emit(stamp, "")
                return
            self._wrote.emit(stamp, problem)

        self._queue.submit(save)
        return True

    def flush(self) -> None:
        """Write a snapshot now if one is due, and wait until every queued write is done."""
        self.write()
        self._queue.submit(lambda: None).result()

    def _report(self, stamp: tuple[int, int], message: str) -> None:
        if not message:
            self._last_error = ""
            self._adopted = None
            return
        if stamp == self._written:
            self._written = None  # try again at the next tick
        if message != self._last_error:
            self._last_error = message
            self.failed.emit(message)

    def discard(self, paths: list[Path] | None = None) -> None:
        """Delete the snapshots at ``paths`` (default: the current document's, and one
        recovered and not yet replaced), after any write still queued, and wait for it."""
        if paths is None:
            paths = [*self.targets(), *([self._adopted] if self._adopted else [])]
            self._adopted = None
        self._written = None
        for target in paths:
            try:
                self._queue.submit(autosave.discard, target).result()
            except OSError as err:  # an unusable recovery folder must not stop a save or close
                self.failed.emit(
                    f"Could not delete the recovery file {target}: {err.strerror or err}."
                )

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """No snapshot while the body runs: between "discard your changes?" and the next
        document, a tick would write the changes the user just chose not to keep, and they
        would come back as "recovered". Writing resumes after (a cancelled Open keeps the
        changes on screen, and they are protected again)."""
        self.timer.stop()
        self._paused = True
        try:
            yield
        finally:
            self._paused = False
            self.timer.start()

    def shutdown(self) -> None:
        """Stop writing: finish what is queued, then no more snapshots."""
        self.timer.stop()
        self._queue.shutdown(wait=True)
