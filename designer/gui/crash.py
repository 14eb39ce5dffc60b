"""An unexpected exception in the designer: the work is saved first, then the user is told.

Qt hands an exception raised in a slot or an event handler to ``sys.excepthook`` and goes
on. Left to the default hook it would print a traceback to a terminal the user may not
have, and the window would carry on as if nothing happened. Here the recovery snapshot is
written first (the next minute's tick might never come), the traceback goes to a crash
log, and a dialog gives the same one line as the headless commands.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TYPE_CHECKING

from designer.core.io.crash_log import report_crash

if TYPE_CHECKING:
    from designer.gui.main_window import MainWindow

TITLE = "rackplan: internal error"


def install_crash_hook(window: MainWindow) -> None:
    """Make ``window`` save and report any unexpected exception (see the module docstring)."""
    previous = sys.excepthook
    showing = False

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        nonlocal showing
        if not isinstance(error, Exception):  # Ctrl+C in the terminal, an exit
            previous(kind, error, tb)
            return
        saved = ""
        try:
            window.autosaver.flush()
        except Exception as failure:  # the report must still be made
            saved = f" The recovery file could not be written ({type(failure).__name__})."
        line = report_crash(error.with_traceback(tb), "the designer window")
        print(line, file=sys.stderr)  # noqa: T201 - for a user who started it from a terminal
        if showing:  # a dialog already open: an error repeating under it is logged only
            return
        showing = True
        try:
            window.prompts.error(TITLE, line + saved)
        finally:
            showing = False

    sys.excepthook = hook
