"""Screenshots of the designer for the documentation, made the way a user sees the window.

    QT_QPA_PLATFORM=offscreen python -m designer.gui.screenshots docs

opens every example project at 1600 x 1000, waits for the design check, selects what a
user would look at first (the worst finding's racks, or the first rack) and saves
``docs/screenshot-<example>.png``. The examples in ``LINKS_SHOWN`` are shown with the links
along the trays on, one rack's bundles in the link inspector and a cabling chart raised.
Settings and recovery files go to throw-away places.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from designer.core.catalog import projects_dir
from designer.core.io.project_file import SUFFIX

#: Example -> (the rack whose bundles the inspector lists, the chart dock raised).
LINKS_SHOWN = {
    "gb200-nvl72-su": ("NVL72-01", "lengths_dock"),
    "two-sites": ("N1-NET", "media_dock"),
}

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from designer.gui.main_window import MainWindow


def capture(folder: Path) -> list[Path]:
    """Write one screenshot per example project into ``folder``; returns their paths."""
    os.environ.setdefault("RACKPLAN_RECOVERY_DIR", tempfile.mkdtemp(prefix="rackplan-shots-"))
    from PySide6.QtCore import QStandardPaths
    from PySide6.QtWidgets import QApplication

    from designer.gui.main_window import MainWindow
    from designer.gui.theme import apply_theme

    QStandardPaths.setTestModeEnabled(True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    apply_theme(app)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(projects_dir().glob(f"*{SUFFIX}")):
        window = MainWindow()
        window.resize(1600, 1000)
        window.show()
        window.open_path(path)
        _settle(app, window)
        name = path.name.removesuffix(SUFFIX)
        errors = [
            f for f in window.editor.findings if str(f.severity) == "error" and not f.excluded
        ]
        if name in LINKS_SHOWN:
            label, chart = LINKS_SHOWN[name]
            window.actions_by_name["links"].trigger()
            placements = window.editor.project.placements.values()
            window.selection.set([r.id for r in placements if r.label == label])
            getattr(window, chart).raise_()
        elif errors:
            window.show_finding(errors[0])
            window.view.fit_hall()
        elif window.editor.project.placements:
            window.selection.set([next(iter(window.editor.project.placements))])
        _settle(app, window)
        target = folder / f"screenshot-{name}.png"
        window.grab().save(str(target))
        written.append(target)
        window.bridge.document.mark_saved(path)  # nothing to ask on close
        window.close()
    return written


def _settle(app: QApplication, window: MainWindow, timeout_s: float = 20.0) -> None:
    """Process events until the findings are in and the panels have caught up."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        app.processEvents()
        if window.editor.checked and window.checker.idle:
            break
        time.sleep(0.01)
    end = time.monotonic() + 0.4
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


if __name__ == "__main__":
    for written in capture(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(written)  # noqa: T201 - the paths written are the output
