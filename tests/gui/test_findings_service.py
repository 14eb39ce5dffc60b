"""The checker runs off the GUI thread, debounced, and a result for an older revision is
dropped in favour of a check of the project as it is now."""

import threading
import time
from typing import ClassVar

from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.core.rules import Finding, Severity
from designer.gui.bridge import DocumentBridge
from designer.gui.editor import Editor
from designer.gui.findings import FindingsService
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
