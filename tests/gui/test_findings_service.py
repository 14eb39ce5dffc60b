"""The checker runs off the GUI thread, debounced, and a result for an older revision is
dropped in favour of a check of the project as it is now."""

import threading
import time
from typing import ClassVar

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.core.rules import Finding, Severity
from designer.gui.bridge import DocumentBridge
from designer.gui.editor import Editor
from designer.gui.findings import FindingsService
from designer.gui.main_window import MainWindow
from designer.gui.recent import RecentFiles
from designer.gui.selection import Selection


class SlowEngine:
    """Stands in for the rule engine: slow, and tells which thread and project it saw."""

    calls: ClassVar[list[tuple[str, int, frozenset[str] | None]]] = []

    def __init__(self, catalog):
        self.catalog = catalog

    def _report(self, project, kind, ids):
        SlowEngine.calls.append((threading.current_thread().name, len(project.placements), ids))
        time.sleep(0.3)
        finding = Finding(
            "space.overlap",
            Severity.ERROR,
            f"{len(project.placements)} racks",
            (),
            None,
            None,
            "",
            None,
            None,
        )
        return type("Report", (), {"findings": (finding,)})()

    def run(self, project):
        return self._report(project, "run", None)

    def update(self, project, ids):
        return self._report(project, "update", frozenset(ids))

    def derived(self, value):
        return None  # no network plan


def test_checks_run_on_a_worker_and_stale_results_are_dropped(qtbot):
    SlowEngine.calls = []
    doc = EXAMPLES["gb200-nvl72-su"]()
    bridge = DocumentBridge(doc)
    editor = Editor(bridge, Selection())
    service = FindingsService(bridge, editor, debounce_ms=10, engine_class=SlowEngine)
    applied = []
    editor.findings_changed.connect(
        lambda: applied.append(editor.findings[0].message if editor.findings else None)
    )
    qtbot.waitUntil(lambda: service.running, timeout=2_000)
    # while the first (full) check runs, the user places a rack: that result is stale
    hall = next(iter(doc.project.halls))
    rack = ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 6_000, 4_800)
    qtbot.waitUntil(lambda: service.idle and editor.checked, timeout=10_000)
    racks = len(doc.project.placements)
    assert applied == [f"{racks} racks"]  # only the check of the current revision was shown
    threads = {name for name, _, _ in SlowEngine.calls}
    assert threading.main_thread().name not in threads
    assert SlowEngine.calls[0][2] is None  # the first check is a full run
    assert SlowEngine.calls[-1][2] == {rack}  # then only what the edit touched
    service.shutdown()


def test_a_check_cancelled_by_the_close_is_let_go_without_an_error(qtbot):
    """The window closes while a check waits for the worker: the executor cancels it, and
    the service must not ask a cancelled check for its error (that raised CancelledError
    in the Qt event loop, one teardown in about seven)."""
    doc = EXAMPLES["gb200-nvl72-su"]()
    bridge = DocumentBridge(doc)
    editor = Editor(bridge, Selection())
    service = FindingsService(bridge, editor, debounce_ms=10_000, engine_class=SlowEngine)
    service._timer.stop()  # no check of its own: the test decides when one is submitted
    worker_free = threading.Event()
    # the worker is kept busy, so the check submitted next waits in the executor's queue
    service._executor.submit(worker_free.wait)
    service.busy_changed.connect(lambda busy: busy or worker_free.set())
    service._submit()
    assert service.running
    failed = []
    service.failed.connect(failed.append)
    service.shutdown()  # cancels the waiting check; its callback runs here, on this thread
    assert worker_free.is_set()  # the cancelled check came back through the service
    assert not service.running and failed == []
    assert not editor.checked  # nothing of a check that never ran is shown


def test_twenty_windows_closed_as_their_check_is_submitted_close_cleanly(
    qtbot, make_window, example, prompts
):
    """test_files' New-after-changes scenario, closed the moment the new project's first
    check is handed to the worker, twenty times over: every close is clean."""
    path = example("gb200-nvl72-su")
    for _ in range(20):
        window = make_window(path)
        rack = next(iter(window.editor.project.placements))
        ops.move(window.editor.doc, [rack], 600, 0)
        prompts.save_answer = "cancel"
        assert not window.files.new()
        prompts.save_answer = "discard"
        assert window.files.new()
        QApplication.processEvents()  # the new project's check is submitted
        assert window.close()
        # a check the worker had taken finishes after the close and is let go
        qtbot.waitUntil(lambda w=window: not w.checker.running, timeout=15_000)


def test_a_held_service_checks_nothing_until_released_and_is_not_idle_meanwhile(qtbot):
    """The window holds its first check until it has painted (the check's thread would slow
    the first paint); held, the findings do not describe the document, so it is not idle."""
    SlowEngine.calls = []
    doc = EXAMPLES["gb200-nvl72-su"]()
    bridge = DocumentBridge(doc)
    editor = Editor(bridge, Selection())
    service = FindingsService(bridge, editor, debounce_ms=10, engine_class=SlowEngine)
    service.hold()
    qtbot.wait(200)
    assert SlowEngine.calls == []
    assert not service.idle and not editor.checked
    service.release()
    qtbot.waitUntil(lambda: service.idle and editor.checked, timeout=10_000)
    assert [ids for _, _, ids in SlowEngine.calls] == [None]  # one full check
    service.release()  # not held: nothing more
    qtbot.wait(50)
    assert len(SlowEngine.calls) == 1
    service.shutdown()


def test_the_window_paints_before_its_first_check_starts(qtbot, prompts, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(prompts=prompts, recent=RecentFiles(settings), debounce_ms=0)
    qtbot.addWidget(window)
    painted_when_started: list[bool] = []
    window.checker.busy_changed.connect(
        lambda busy: busy and painted_when_started.append(window._painted)
    )
    window.show()
    qtbot.waitUntil(lambda: window.editor.checked and window.checker.idle, timeout=60_000)
    assert painted_when_started == [True]
    prompts.save_answer = "discard"
    window.close()
