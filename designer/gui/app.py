"""Start the designer window, or explain in one line why it cannot start."""

from __future__ import annotations

import ctypes.util
import importlib
import linecache
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from designer.gui.main_window import MainWindow


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


def missing_x11_library() -> str | None:
    """The library Qt's X11 platform needs that is not installed, or None.

    Since Qt 6.5 the xcb platform will not load without libxcb-cursor, and Qt then aborts
    the process; naming the package is kinder. Wayland and the offscreen platform do not
    need it.
    """
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    on_x11 = platform.startswith("xcb") or (
        not platform and os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")
    )
    if not sys.platform.startswith("linux") or not on_x11:
        return None
    return None if ctypes.util.find_library("xcb-cursor") else "libxcb-cursor0"


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
    if not has_display():
        print(headless_hint(), file=sys.stderr)  # noqa: T201 - the one line the user sees
        return 2
    missing = missing_x11_library()
    if missing:
        print(  # noqa: T201 - the one line the user sees
            f"rackplan: Qt needs {missing} to open a window on X11 and it is not installed "
            f"(on Debian: sudo apt-get install {missing}). The headless commands work without "
            "it (python main.py --help).",
            file=sys.stderr,
        )
        return 2

    import designer.gui  # noqa: F401 - before Qt: it imports the core first (see there)

    # isort: split
    from PySide6.QtWidgets import QApplication

    from designer.gui.crash import install_crash_hook
    from designer.gui.main_window import MainWindow
    from designer.gui.theme import apply_theme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("rackplan")
    app.setOrganizationName("rackplan")
    apply_theme(app)
    window = MainWindow()
    install_crash_hook(window)  # from here on an exception saves the work and says so
    open_first(window, path)
    window.show()
    drop_module_sources()
    return app.exec()


def open_first(window: MainWindow, path: str | None) -> None:
    """What the window starts on: the file asked for (with its own recovered work); without
    one, an untitled project a crash left, or else the first example."""
    if path:
        window.open_path(Path(path))
    elif not window.files.recover_untitled():
        window.open_path(first_example())


def drop_module_sources() -> None:
    """Forget the module sources PySide6's import hook read while the designer started.

    They stay in ``linecache`` for nothing (a traceback reads a file again when it needs
    it); the designer's own modules are a few MB of text. ``numpy.ma`` is imported first:
    numpy imports it only at the first ``np.unique``, during the first check, and the hook
    would then keep it and the numpy modules importing it, 2 MB of text, for good.
    """
    importlib.import_module("numpy.ma")
    linecache.clearcache()
