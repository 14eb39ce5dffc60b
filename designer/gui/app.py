"""Start the designer window, or explain in one line why it cannot start."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def headless_hint() -> str:
    """The one line printed instead of Qt's abort when there is no display."""
    from designer.cli import command_names

    return (
        "rackplan: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the "
        "designer window cannot open. These commands work without one: "
        + ", ".join(command_names())
        + " (python main.py --help)."
    )


def has_display() -> bool:
    """True when Qt can open a window here (or an offscreen platform was asked for)."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def first_example() -> Path:
    """The example a new user sees first: the GB200 NVL72 scalable unit."""
    from designer.core.catalog import projects_dir

    return projects_dir() / "gb200-nvl72-su.rackplan.json"


def run(path: str | None) -> int:
    """Open the designer on ``path`` (default: the first example); returns the exit code.

    Work left unsaved by a crash is offered back first: an untitled project from the
    recovery folder, or (when the file is opened) the snapshot beside ``path``.
    """
    if not has_display():
        print(headless_hint(), file=sys.stderr)  # noqa: T201 - the one line the user sees
        return 2
    from PySide6.QtWidgets import QApplication

    from designer.gui.main_window import MainWindow
    from designer.gui.theme import apply_theme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("rackplan")
    app.setOrganizationName("rackplan")
    apply_theme(app)
    window = MainWindow()
    if not window.files.recover_untitled():
        window.open_path(Path(path) if path else first_example())
    window.show()
    return app.exec()
