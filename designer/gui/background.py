"""One long job at a time on a worker thread, with a progress dialog that can cancel it.

Exporting a campus's drawing set and building a campus with File ▸ New Cluster each take
seconds; both run on a worker while the window stays live. The job is handed
``progress(done, total)``, which it calls after each step (a sheet, a hall): the dialog
follows, and the answer is False once the user has cancelled, so the job stops by raising
its own exception. When the job ends, however it ended, the dialog goes and ``done`` gets
the job's future on the GUI thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

#: A quick job finishes without a dialog flashing up; a slower one shows it after this.
SHOW_AFTER_MS = 400

#: What the job calls after each step; False means stop.
Progress = Callable[[int, int], bool]


class BackgroundJob(QObject):
    """Runs one job at a time on its own worker thread.

    ``progressed(done, total)`` follows the job's steps; ``step_text(done, total)`` is what
    the dialog says meanwhile ("Sheet 3 of 12 written…").
    """

    progressed = Signal(int, int)
    _ended = Signal(object, object)

    def __init__(
        self,
        parent: QWidget,
        title: str,
        step_text: Callable[[int, int], str],
        thread_name: str,
    ) -> None:
        super().__init__(parent)
        self.window = parent
        self.title = title
        self.step_text = step_text
        self.dialog: QProgressDialog | None = None
        self._cancel = threading.Event()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=thread_name)
        self._running = False
        self._closed = False
        # queued even when the job ends before its callback is added (a quick build): the
        # future then calls back at once on the GUI thread, and a direct call ran ``done``
        # inside ``start``, before the caller's next line (a test's edit "while it builds")
        self._ended.connect(self._end, Qt.ConnectionType.QueuedConnection)
        self.progressed.connect(self._show_progress)

    @property
    def running(self) -> bool:
        return self._running

    def start(
        self,
        job: Callable[[Progress], object],
        label: str,
        done: Callable[[Future], None],
        cancellable: bool = True,
    ) -> None:
        """Run ``job(progress)`` on the worker, ``label`` in the dialog until the first
        step; ``done(future)`` follows on the GUI thread. The caller makes sure no job
        runs yet (``running``)."""
        assert not self._running, "one job at a time"
        self._cancel.clear()
        self._running = True
        self.dialog = self._progress_dialog(label, cancellable)
        future = self._executor.submit(job, self._progress)
        future.add_done_callback(lambda f: self._ended.emit(f, done))

    def cancel(self) -> None:
        """Stop the running job at its next step."""
        self._cancel.set()

    def shutdown(self) -> None:
        """Cancel what runs and wait for the worker (the window is closing).

        The dialog is let go of too: progress the worker sent before it stopped is still
        queued, and would reach the dialog after the closing window has deleted it (a
        crash seen in the test suite, once in a few dozen runs). A job that ends after this
        is told to no one.
        """
        self._closed = True
        self.cancel()
        self._executor.shutdown(wait=True, cancel_futures=True)
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.cancel)
            self.dialog.close()
            self.dialog = None

    def _progress(self, done: int, total: int) -> bool:
        """Called by the job on the worker thread after each step."""
        self.progressed.emit(done, total)
        return not self._cancel.is_set()

    def _progress_dialog(self, label: str, cancellable: bool) -> QProgressDialog:
        dialog = QProgressDialog(label, "Cancel", 0, 0, self.window)
        dialog.setWindowTitle(self.title)
        # not modal: a modal progress dialog runs the event loop inside setValue, where the
        # job's end could delete it under the caller's feet (a crash in the test suite);
        # the job works on a snapshot, so editing on meanwhile is harmless
        dialog.setWindowModality(Qt.WindowModality.NonModal)
        dialog.setMinimumDuration(SHOW_AFTER_MS)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        if not cancellable:  # a job done in one go: nothing to stop between steps
            dialog.setCancelButton(None)
        dialog.canceled.connect(self.cancel)
        dialog.setValue(0)
        return dialog

    def _show_progress(self, done: int, total: int) -> None:
        dialog = self.dialog
        if dialog is not None:
            dialog.setLabelText(self.step_text(done, total))
            dialog.setMaximum(total)
            dialog.setValue(done)

    def _end(self, future: Future, done: Callable[[Future], None]) -> None:
        self._running = False
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.cancel)
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        if not self._closed:
            done(future)
