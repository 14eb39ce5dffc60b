"""File ▸ Export, run off the GUI thread with a progress dialog that can cancel it.

``designer.report.export.export`` paints on a QPdfWriter, QImage or QSvgGenerator, which
works on any thread, so the whole export runs on a worker while the window stays live.
It is handed a snapshot of the project and, when the design check describes the document
as it is, that check's report and network plan (nothing is checked or planned again). The
writer calls ``progress(sheets done, sheets in all)`` after each sheet; the worker passes
that to the dialog and answers False once the user has cancelled, which stops the export
and leaves no file. A failure reaches the user as one message (``OutputError``'s own
sentence), never a traceback.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from designer.core.catalog import Catalog
from designer.core.io.atomic import OutputError
from designer.core.model.project import Project
from designer.core.network.planner import Plan
from designer.core.rules import Report
from designer.gui.dialogs.export import ExportSpec
from designer.gui.editor import Editor
from designer.gui.findings import FindingsService
from designer.gui.prompts import Prompts

if TYPE_CHECKING:
    from designer.report.writer import Progress

#: A quick export finishes without a dialog flashing up; a slower one shows it after this.
SHOW_AFTER_MS = 400


class Exporter(QObject):
    """Runs one export at a time on a worker thread.

    ``progressed(done, total)`` follows the sheets written; ``finished(message)`` fires
    once an export has ended, however it ended (``message`` is what the status bar says).
    """

    progressed = Signal(int, int)
    finished = Signal(str)
    _ended = Signal(object, object)

    def __init__(
        self,
        editor: Editor,
        checker: FindingsService,
        prompts: Prompts,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.editor = editor
        self.checker = checker
        self.prompts = prompts
        self.window = parent
        self.dialog: QProgressDialog | None = None
        self._cancel = threading.Event()
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rackplan-export")
        self._running = False
        #: What the running export will print as boxes, said when it has been written.
        self._boxes = ""
        self._ended.connect(self._end)
        self.progressed.connect(self._show_progress)

    @property
    def running(self) -> bool:
        return self._running

    def start(self, spec: ExportSpec) -> bool:
        """Begin writing ``spec``; False when an export is already running."""
        if self._running:
            self.prompts.error("Export", "An export is still running; wait for it or cancel it.")
            return False
        # the report is loaded when first asked for: a window that never exports never
        # holds it (its fonts, its PDF writer)
        from designer.report.export import export
        from designer.report.fonts import missing_note

        document = self.editor.doc
        current = self.checker.idle and self.checker.report is not None
        report = self.checker.report if current else None
        plan = self.editor.network if current else None
        self._cancel.clear()
        self._running = True
        self.dialog = self._progress_dialog(spec)
        future = self._executor.submit(
            _write, export, spec, document.project, document.catalog, report, plan, self._progress
        )
        future.add_done_callback(lambda f: self._ended.emit(f, spec))
        pictured = spec.path.suffix.lower() != ".csv"
        self._boxes = missing_note(document.project) if pictured else ""
        return True

    def cancel(self) -> None:
        """Stop the running export at the next sheet; nothing is written."""
        self._cancel.set()

    def shutdown(self) -> None:
        """Cancel what runs and wait for the worker (the window is closing).

        The dialog is let go of too: progress the worker sent before it stopped is still
        queued, and would reach the dialog after the closing window has deleted it (a
        crash seen in the test suite, once in a few dozen runs).
        """
        self.cancel()
        self._executor.shutdown(wait=True, cancel_futures=True)
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.cancel)
            self.dialog.close()
            self.dialog = None

    def _progress(self, done: int, total: int) -> bool:
        """Called by the writer on the worker thread after each sheet."""
        self.progressed.emit(done, total)
        return not self._cancel.is_set()

    def _progress_dialog(self, spec: ExportSpec) -> QProgressDialog:
        sheets = spec.path.suffix.lower() == ".pdf"
        dialog = QProgressDialog(f"Writing {spec.path.name}…", "Cancel", 0, 0, self.window)
        dialog.setWindowTitle("Export")
        # not modal: a modal progress dialog runs the event loop inside setValue, where the
        # export's end could delete it under the caller's feet (a crash in the test suite);
        # the export works on a snapshot, so editing on meanwhile is harmless
        dialog.setWindowModality(Qt.WindowModality.NonModal)
        dialog.setMinimumDuration(SHOW_AFTER_MS)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        if not sheets:  # pictures and tables are written in one go: nothing to stop between
            dialog.setCancelButton(None)
        dialog.canceled.connect(self.cancel)
        dialog.setValue(0)
        return dialog

    def _show_progress(self, done: int, total: int) -> None:
        dialog = self.dialog
        if dialog is not None:
            dialog.setLabelText(f"Sheet {done} of {total} written…")
            dialog.setMaximum(total)
            dialog.setValue(done)

    def _end(self, future: Future, spec: ExportSpec) -> None:
        self._running = False
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.cancel)
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        from designer.report.writer import ExportCancelled  # loaded by ``start``

        error = future.exception()
        if error is None:
            message = f"Exported {spec.path}."
            if self._boxes:
                self.prompts.info("Characters without a font", self._boxes)
        elif isinstance(error, ExportCancelled):
            message = "Export cancelled; nothing was written."
        else:
            text = str(error) if isinstance(error, OutputError) else f"The export failed: {error}"
            self.prompts.error("Export failed", text)
            message = "Export failed; nothing was written."
        self.finished.emit(message)


def _write(
    export: Callable[..., object],
    spec: ExportSpec,
    project: Project,
    catalog: Catalog,
    report: Report | None,
    plan: Plan | None,
    progress: Progress,
) -> None:
    """Run on the worker thread: the export ``spec`` asks for, by ``export``
    (``designer.report.export.export``, loaded on the GUI thread)."""
    export(
        project,
        catalog,
        spec.path,
        spec.paper,
        spec.hall_id,
        spec.table,
        progress,
        report,
        plan,
        spec.enlarged,
    )
