"""File ▸ Export, run off the GUI thread with a progress dialog that can cancel it.

``designer.report.export.export`` paints on a QPdfWriter, QImage or QSvgGenerator, which
works on any thread, so the whole export runs on a worker while the window stays live.
It is handed a snapshot of the project and, when the design check describes the document
as it is, that check's report and network plan, and the N-1 ranking of the Resilience
panel if it has one for this design (nothing is checked, planned or swept again). The
writer calls ``progress(sheets done, sheets in all)`` after each sheet; the worker passes
that to the dialog and answers False once the user has cancelled, which stops the export
and leaves no file. A failure reaches the user as one message (``OutputError``'s own
sentence), never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, SignalInstance
from PySide6.QtWidgets import QProgressDialog, QWidget

from designer.core.catalog import Catalog
from designer.core.io.atomic import OutputError
from designer.core.model.project import Project
from designer.core.network.network_plan import NetworkPlan
from designer.core.resilience.sweep import Swept
from designer.core.rules import Report
from designer.gui.background import BackgroundJob
from designer.gui.dialogs.export import ExportSpec
from designer.gui.editor import Editor
from designer.gui.findings import FindingsService
from designer.gui.prompts import Prompts

if TYPE_CHECKING:
    from designer.report.page import Page
    from designer.report.writer import Progress


class Exporter(QObject):
    """Runs one export at a time on a worker thread (a ``BackgroundJob``).

    ``progressed(done, total)`` follows the sheets written; ``finished(message)`` fires
    once an export has ended, however it ended (``message`` is what the status bar says).
    """

    finished = Signal(str)

    def __init__(
        self,
        editor: Editor,
        checker: FindingsService,
        prompts: Prompts,
        parent: QWidget,
        swept: Callable[[], Swept | None] = lambda: None,
    ) -> None:
        super().__init__(parent)
        self.editor = editor
        self.checker = checker
        self.prompts = prompts
        #: The N-1 ranking the designer last showed, if any (``ResilienceService.swept``).
        self._swept = swept
        self._job = BackgroundJob(
            parent,
            "Export",
            lambda done, total: f"Sheet {done} of {total} written…",
            "rackplan-export",
        )

    @property
    def running(self) -> bool:
        return self._job.running

    @property
    def dialog(self) -> QProgressDialog | None:
        return self._job.dialog

    @property
    def progressed(self) -> SignalInstance:
        return self._job.progressed

    def start(self, spec: ExportSpec) -> bool:
        """Begin writing ``spec``; False when an export is already running."""
        if self.running:
            self.prompts.error("Export", "An export is still running; wait for it or cancel it.")
            return False
        # the report is loaded when first asked for: a window that never exports never
        # holds it (its fonts, its PDF writer)
        from designer.report.export import export

        document = self.editor.doc
        current = self.checker.idle and self.checker.report is not None
        report = self.checker.report if current else None
        plan = self.editor.network if current else None
        # the ranking of this very design, if the Resilience panel has worked it out
        swept = self._swept() if current else None
        if swept is not None and swept.topology.project is not document.project:
            swept = None
        # pictures and tables are written in one go: nothing to stop between sheets
        sheets = spec.path.suffix.lower() == ".pdf"
        self._job.start(
            partial(_write, export, spec, document.project, document.catalog, report, plan, swept),
            f"Writing {spec.path.name}…",
            partial(self._end, spec=spec, project=document.project),
            cancellable=sheets,
        )
        return True

    def cancel(self) -> None:
        """Stop the running export at the next sheet; nothing is written."""
        self._job.cancel()

    def shutdown(self) -> None:
        """Cancel what runs and wait for the worker (the window is closing)."""
        self._job.shutdown()

    def _end(self, future: Future, spec: ExportSpec, project: Project) -> None:
        from designer.report.fonts import missing_note
        from designer.report.writer import ExportCancelled  # loaded by ``start``

        error = future.exception()
        if error is None:
            message = f"Exported {spec.path}."
            # asked once written: a project the export refused (a lone surrogate pasted
            # in) is text no font is looked up for
            pictured = spec.path.suffix.lower() != ".csv"
            if pictured and (boxes := missing_note(project)):
                self.prompts.info("Characters without a font", boxes)
            # what a plan left off, standing too far outside its hall, on the halls' sheets
            if left_off := [page.left_off for page in future.result() if page.left_off]:
                self.prompts.info("Left off the plan", "\n\n".join(left_off))
        elif isinstance(error, ExportCancelled):
            message = "Export cancelled; nothing was written."
        else:
            text = str(error) if isinstance(error, OutputError) else f"The export failed: {error}"
            self.prompts.error("Export failed", text)
            message = "Export failed; nothing was written."
        self.finished.emit(message)


def _write(
    export: Callable[..., list[Page]],
    spec: ExportSpec,
    project: Project,
    catalog: Catalog,
    report: Report | None,
    plan: NetworkPlan | None,
    swept: Swept | None,
    progress: Progress,
) -> list[Page]:
    """Run on the worker thread: the export ``spec`` asks for, by ``export``
    (``designer.report.export.export``, loaded on the GUI thread); the sheets written."""
    return export(
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
        swept,
    )
