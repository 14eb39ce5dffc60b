"""A crash is told apart: its traceback goes to a log file and the user reads one line.

An unexpected exception is a bug in rackplan, not a problem of the user's file or design,
so it must not look like either: the command exits with its own code, and the one line it
prints says so and where the traceback was written for the bug report. The log folder is
the user's cache folder (``RACKPLAN_CRASH_DIR`` overrides it, for tests).
"""

from __future__ import annotations

import os
import platform
import traceback
from datetime import datetime
from pathlib import Path

from designer import __version__
from designer.core.io.printable import printable

#: Exit code of a command that met an unexpected exception (0, 1, 2 and 130 are taken).
EXIT_CRASH = 3


def crash_dir() -> Path:
    """Where crash logs go: ``RACKPLAN_CRASH_DIR``, else ``$XDG_CACHE_HOME/rackplan/crashes``."""
    override = os.environ.get("RACKPLAN_CRASH_DIR")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "rackplan" / "crashes"


def write_crash_log(error: BaseException, what: str) -> Path | None:
    """Write ``error``'s traceback, with ``what`` was running and the versions, to a new log;
    its path, or None when no log could be written (the caller then shows the traceback)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    lines = [
        f"rackplan {__version__} crashed while running: {what}",
        f"time: {datetime.now().astimezone().isoformat(timespec='seconds')}",
        f"python {platform.python_version()} on {platform.platform()}",
        "",
        *traceback.format_exception(error),
    ]
    try:
        folder = crash_dir()
        folder.mkdir(parents=True, exist_ok=True)
        # a second crash of the window in the same second takes the next number: its log
        # was refused as existing, and the dialog showed a raw traceback (a trial)
        for number in range(1, 1_000):
            tail = "" if number == 1 else f"-{number}"
            path = folder / f"crash-{stamp}-{os.getpid()}{tail}.log"
            try:
                with path.open("x", encoding="utf-8", errors="backslashreplace") as stream:
                    stream.write("\n".join(lines))
            except FileExistsError:
                continue
            return path
    except OSError:
        return None
    return None


def crash_line(error: BaseException, log: Path | None) -> str:
    """The one line a user reads about a crash: a bug, what it was, where the traceback is."""
    kind = type(error).__name__
    detail = printable(str(error), limit=200)
    where = (
        f"its traceback is in {printable(str(log))}"
        if log is not None
        else "its traceback could not be written to a log and follows"
    )
    return (
        f"rackplan: internal error, a bug in rackplan and not in your file: {kind}"
        f"{': ' + detail if detail else ''}; {where}. Please report it with the log."
    )


def report_crash(error: BaseException, what: str) -> str:
    """Log ``error`` and return the line to show; without a log, the traceback follows it."""
    log = write_crash_log(error, what)
    line = crash_line(error, log)
    if log is None:
        line += "\n" + "".join(traceback.format_exception(error))
    return line
