"""Start the designer window on a file, on work a crash left, or on the first example.

Whether a window can open here at all is asked before (``designer.launch``), so that a
machine without a display gets one line instead of Qt's abort.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from designer.gui.crash import install_crash_hook
from designer.gui.main_window import MainWindow
from designer.gui.theme import apply_theme


def first_example() -> Path:
    """The example a new user sees first: the GB200 NVL72 scalable unit."""
    from designer.core.catalog import projects_dir

    return projects_dir() / "gb200-nvl72-su.rackplan.json"


def run(path: str | None) -> int:
    """Open the designer on ``path`` (default: the first example); returns the exit code.

    Work left unsaved by a crash is offered back: the snapshot of ``path`` when it is
    opened; without a file, an untitled project from the recovery folder (a file asked for
    is opened, whatever untitled work waits).
    """
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("rackplan")
    app.setOrganizationName("rackplan")
    apply_theme(app)
    window = MainWindow()
    install_crash_hook(window)  # from here on an exception saves the work and says so
    open_first(window, path)
    window.show()
    return app.exec()


def open_first(window: MainWindow, path: str | None) -> None:
    """What the window starts on: the file asked for (with its own recovered work); without
    one, an untitled project a crash left, or else the first example."""
    if path:
        window.open_path(Path(path))
    elif not window.files.recover_untitled():
        window.open_path(first_example())
