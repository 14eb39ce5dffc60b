"""Live findings: the rule engine run off the GUI thread, debounced, stale results dropped.

After each change set the ids it touched are collected and, once edits pause, handed with
a frozen snapshot of the project to one worker thread, which runs the engine (a full
check the first time, ``update`` with the changed ids after). A result whose revision is
no longer the document's is dropped; the ids changed since are already queued for the
next run. Only the worker thread ever calls the engine.

With the findings comes the network plan the checks read (``RuleEngine.derived(PLAN)``):
after an edit the engine has re-routed only the bundles the edit touched, so the links
layer, the link inspector and the charts show that plan instead of planning again on the
GUI thread. Plans are not changed once built, so handing one across threads is safe. The
jobs placed and estimated (``rules.jobs.JOBS``) come the same way, for a project that has
jobs, and go out with ``jobs_changed``.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from designer.core.document.changes import ChangeSet
from designer.core.rules import RuleEngine
from designer.core.rules.jobs import JOBS
from designer.core.rules.network import PLAN
from designer.gui.bridge import DocumentBridge
from designer.gui.editor import Editor

#: Quiet time after the last edit before the checker runs, in milliseconds.
DEBOUNCE_MS = 120


class FindingsService(QObject):
    """Keeps ``editor.findings`` up to date with the document.

    ``busy_changed(bool)`` tells when a check starts and ends; ``failed(message)`` reports
    a check that raised (the document is left as it is; the next edit checks afresh).
    ``report`` is the last report shown (it describes the document when ``idle``).
    """

    _finished = Signal(object, object, int)
    failed = Signal(str)
    busy_changed = Signal(bool)
    #: The jobs as the last check placed them (``JobsAssessment``, None without jobs).
    jobs_changed = Signal(object)

    def __init__(
        self,
        bridge: DocumentBridge,
        editor: Editor,
        debounce_ms: int = DEBOUNCE_MS,
        engine_class: Any = None,
    ) -> None:
        super().__init__(editor)
        self.bridge = bridge
        self.editor = editor
        self.engine_class = engine_class or RuleEngine
        self.report: Any = None
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rackplan-rules")
        self._engine: Any = None
        self._pending: set[str] | None = None
        self._running = False
        #: Set by ``shutdown``: a check finishing or an edit arriving afterwards schedules nothing.
        self._closed = False
        #: Set by ``hold``: checks wait for ``release``.
        self._held = False
        self._debounce = debounce_ms
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._submit)
        self._finished.connect(self._done)
        bridge.changed.connect(self._changed)
        bridge.replaced.connect(self._replaced)
        self._replaced()

    @property
    def running(self) -> bool:
        return self._running

    @property
    def idle(self) -> bool:
        """True when no check runs or waits: the findings describe the document as it is."""
        return not self._running and not self._timer.isActive() and not (self._held and self._due())

    def hold(self) -> None:
        """Start no check until ``release``. The window holds its first check until it has
        painted: the check's thread takes the interpreter's lock from the painting, and the
        campus's first paint took 1.7 s with a check running beside it, 0.8 s without."""
        self._held = True

    def release(self) -> None:
        """Let checks start again, at once if one is due (nothing when not held)."""
        if not self._held:
            return
        self._held = False
        if self._due():
            self._timer.start(0)

    def _due(self) -> bool:
        """True when a check should start once nothing stops it: a whole check or changed
        ids are waiting and none runs (one running starts the next when it ends)."""
        return not self._running and (self._pending is None or bool(self._pending))

    def _replaced(self) -> None:
        self.report = None
        self._engine = self.engine_class(self.bridge.document.catalog)
        self._pending = None
        self._timer.start(0)

    def _changed(self, changes: ChangeSet) -> None:
        if self._pending is not None:
            self._pending |= changes.ids
        self._timer.start(self._debounce)

    def _submit(self) -> None:
        if self._running or self._closed or self._held:
            return
        document = self.bridge.document
        engine, ids = self._engine, self._pending
        self._pending = set()
        self._running = True
        self.busy_changed.emit(True)
        project, revision = document.project, document.revision
        future = self._executor.submit(_check, engine, project, ids)
        future.add_done_callback(lambda f: self._finished.emit(f, document, revision))

    def _done(self, future: Future, document: Any, revision: int) -> None:
        self._running = False
        self.busy_changed.emit(False)
        if future.cancelled() or self._closed:
            # cancelled by ``shutdown`` before the worker took it (its callback then runs
            # on this thread, inside the close), or finished after it: nothing to show
            return
        error = future.exception()
        if error is not None:
            # start afresh with the next edit rather than failing in a loop
            self._pending = None
            self.failed.emit(f"The design check failed: {error}")
            return
        if document is self.bridge.document and revision == document.revision:
            report, plan, jobs = future.result()
            self.report = report
            self.editor.set_findings(report.findings, checked=True)
            self.editor.set_network(plan)
            self.jobs_changed.emit(jobs)
        if self._pending is None or self._pending:
            self._timer.start(self._debounce)

    def shutdown(self) -> None:
        self._closed = True
        self._timer.stop()
        self._executor.shutdown(wait=True, cancel_futures=True)


def _check(engine: Any, project: Any, ids: set[str] | None) -> tuple[Any, Any, Any]:
    """Run on the worker thread: a full check, or only what ``ids`` touch; the report, the
    network plan the checks read, and the jobs placed (None for a project without jobs)."""
    report = engine.run(project) if ids is None else engine.update(project, ids)
    return report, engine.derived(PLAN), engine.derived(JOBS) if project.jobs else None
