"""What every command shares: loading a project with clear messages, writing output."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

from designer.core.catalog import CatalogError, default_catalog
from designer.core.io.atomic import OutputError, write_output
from designer.core.io.printable import printable
from designer.core.io.project_file import SUFFIX, LoadResult, ProjectFileError, load, refusal
from designer.core.network.export import sheet_bytes

#: Exit code when the input cannot be read or the output cannot be written.
EXIT_UNREADABLE = 2


class CommandError(Exception):
    """A command cannot go on; the message is printed and the exit code is 2."""


def open_project(path: str, refuse_to: str = "", warn: bool = True) -> LoadResult:
    """Load ``path`` or raise ``CommandError`` with the loader's message.

    Problems inside a file that still loads (an unknown rack type, a dangling id) are
    printed to stderr as warnings and the command goes on with what is valid; or, when it
    makes a deliverable (``refuse_to``: "export it", ...), stops with them. ``warn=False``
    leaves the printing to the caller (``warn_of``), for a command that may yet fail on its
    other input: a failure is one line.
    """
    try:
        result = load(Path(path), default_catalog().racks)
    except (ProjectFileError, CatalogError) as err:
        raise CommandError(str(err)) from err
    if refuse_to and result.problems:
        raise CommandError(refusal(result.problems, refuse_to))
    if warn:
        warn_of(result)
    return result


def warn_of(result: LoadResult) -> None:
    """Print the problems of a file that loaded as warnings on stderr."""
    for problem in result.problems:
        print(f"warning: {printable(problem.message)}", file=sys.stderr)


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of a command that prints a table: the project, the format, ``-o``."""
    parser.add_argument("file", help="a rackplan project file (.rackplan.json)")
    parser.add_argument("--format", choices=("csv", "json"), default="csv")
    parser.add_argument(
        "-o", "--output", help="write to this file instead of the screen (- for the screen)"
    )


#: How ``-o`` names standard output.
STDOUT_NAMES = frozenset({"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"})


def to_stdout(output: str | None) -> bool:
    """True when ``-o`` is left out or names standard output."""
    return not output or output in STDOUT_NAMES


def no_stdout(output: str, writes: str, hint: str = "") -> None:
    """Refuse ``-o -`` for a command that ``writes`` a file (a drawing, a project), with
    ``hint`` after, where another command prints what was wanted."""
    if output in STDOUT_NAMES:
        raise CommandError(
            f"-o {output}: this command writes {writes}, not to standard output. Give a file "
            f"name.{' ' + hint if hint else ''}"
        )


def not_the_input(output: str, reads: str, what: str = "project") -> Path:
    """The file ``-o`` names, refused when it is the ``what`` the command reads (however
    either is spelled: a relative path, a link)."""
    target, source = Path(output), Path(reads)
    try:
        same = os.path.samefile(target, source)
    except OSError:  # the output does not exist yet
        same = os.path.realpath(target) == os.path.realpath(source)
    if same:
        raise CommandError(
            f"Cannot write to {output}: it is the {what} it reads ({reads}), which the "
            "output would replace. Give another file name."
        )
    return target


#: Names of files that hold something else than a project: a project written under one (a
#: trial's import-dxf -o x.dxf) is no drawing, and the next command reading it as one fails.
NOT_A_PROJECT = (".dxf", ".csv", ".pdf", ".png", ".svg", ".zip")


def project_output(output: str, hint: str = "") -> Path:
    """The file ``-o`` names for a project, refused when it is a folder or its name says it
    is another kind of file; ``hint`` after the refusal, where another command writes that
    kind."""
    target = Path(output)
    if target.is_dir():  # told as such, not as a name without the suffix (a trial)
        raise CommandError(
            f"Cannot write the project to {output}: that is a folder; give a file's name in "
            f"it, ending in {SUFFIX}."
        )
    suffix = target.suffix.lower()
    if suffix in NOT_A_PROJECT:
        raise CommandError(
            f"Cannot write the project to {output}: a {suffix} file is no project. Give a "
            f"name ending in {SUFFIX}.{' ' + hint if hint else ''}"
        )
    return target


def table_output(output: str, reads: str) -> Path:
    """The file ``-o`` names for a table or a report, refused over the project read and over
    any file named as a project (a trial's bom -o other.rackplan.json replaced a project
    with CSV)."""
    target = not_the_input(output, reads)
    if output.lower().endswith(SUFFIX):
        raise CommandError(
            f"Cannot write to {output}: the name is a project file's ({SUFFIX}), and this "
            "writes a table over it. Give a .csv, .json or .txt name."
        )
    return target


def emit(text: str, output: str | None, reads: str, sheet: bool = False) -> int:
    """Print ``text`` (with no ``-o``, or ``-o -``), or write it to ``output`` atomically and
    say so, as ``export`` does; never over ``reads``, the project. A ``sheet`` (CSV) goes to
    a file after the byte-order mark Excel reads it by (``sheet_bytes``); printed, or as
    JSON, it has none. Returns the exit code."""
    if to_stdout(output):
        sys.stdout.write(text)
        return 0
    assert output is not None
    try:
        target = table_output(output, reads)
        write_output(target, sheet_bytes(text) if sheet else text.encode("utf-8"))
    except (OutputError, CommandError) as err:
        return fail(err)
    print(f"wrote {output}")
    return 0


def headless_qt() -> None:
    """A QGuiApplication on the offscreen platform: drawing needs no display (or widgets).
    Call it inside ``STOPS.deferred()``: a stop during Qt's import would crash it."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        QGuiApplication([])


def fail(err: Exception) -> int:
    """Print a command error as one line on stderr (a newline or an escape sequence in a
    file's name or text written as its escape); returns exit code 2."""
    print(f"error: {printable(str(err))}", file=sys.stderr)
    return EXIT_UNREADABLE


class Stops:
    """Ctrl+C, a kill (SIGTERM) or a closed terminal (SIGHUP) while a command runs.

    They stop the command at once, except inside ``deferred()``: there Qt is being loaded
    (an exception inside its import crashes the interpreter) or is drawing a PDF, and a
    stop waits for the end of the block or of the sheet (``keep_going`` says so), so the
    painter is closed and the half-written file removed as after a cancel.
    """

    NAMES = ("SIGINT", "SIGTERM", "SIGHUP")

    def __init__(self) -> None:
        self._deferring = False
        self.asked = False

    def _stop(self, signum: int, frame: object) -> None:
        if not self._deferring:
            raise KeyboardInterrupt
        self.asked = True

    @contextlib.contextmanager
    def handled(self) -> Iterator[None]:
        """Catch the stopping signals while a command runs; the old handlers come back."""
        # a signal the shell set to be ignored (nohup, a background job) stays ignored
        names = [
            name
            for name in self.NAMES
            if hasattr(signal, name) and signal.getsignal(getattr(signal, name)) != signal.SIG_IGN
        ]
        previous = {name: signal.signal(getattr(signal, name), self._stop) for name in names}
        self.asked = False
        try:
            yield
        finally:
            for name, handler in previous.items():
                signal.signal(getattr(signal, name), handler)

    @contextlib.contextmanager
    def deferred(self) -> Iterator[None]:
        """A stop asked for inside waits for ``keep_going`` (or the end) and then stops."""
        outer = self._deferring
        self._deferring = True
        try:
            yield
        finally:
            self._deferring = outer
        if self.asked and not outer:
            raise KeyboardInterrupt

    def keep_going(self, done: int, total: int) -> bool:
        """A writer's progress callback: False once a stop was asked for."""
        return not self.asked


#: The stops of this process's command.
STOPS = Stops()
