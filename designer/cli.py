"""Headless commands over the core and the report: ``python main.py <command> ...``.

Each command lives in its own module of ``designer.commands`` with an
``add_arguments(parser)`` and a ``run(args) -> int``, its help line in
``designer.commands.HELP``; this module imports the module of the command typed and no
other, and none to list them (``--help``). Exit codes: 0 success, 1 the design has errors
(for ``check``), 2 the input cannot be read or the output cannot be written, 130 stopped
by Ctrl+C or a signal.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import sys
from types import ModuleType

from designer import __version__
from designer.commands import HELP
from designer.core.collector import collector_paused
from designer.core.io.atomic import OutputError
from designer.core.io.crash_log import EXIT_CRASH, report_crash
from designer.core.io.printable import printable


def command_names() -> list[str]:
    """The headless commands, in the order ``--help`` lists them."""
    return sorted(HELP)


def command_module(typed: str | None) -> ModuleType | None:
    """The module of the command ``typed`` (``import-dxf``: ``designer.commands.import_dxf``),
    imported; None when ``typed`` names no command (``--help``, ``--version``)."""
    if typed not in HELP:
        return None
    return importlib.import_module(f"designer.commands.{typed.replace('-', '_')}")


def build_parser(typed: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with one sub-command per command: that of the command ``typed``
    with its arguments, when it names one; else each with its help line alone, which is all
    the listing shows."""
    parser = argparse.ArgumentParser(
        prog="python main.py",
        description=(
            "rackplan: design AI compute halls. With no command, opens the designer window "
            "(python main.py [FILE]). The commands below run without a display."
        ),
    )
    parser.add_argument("--version", action="version", version=f"rackplan {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="<command>")
    module = command_module(typed)
    for name in command_names():
        sub = commands.add_parser(name, help=HELP[name], description=HELP[name])
        if module is not None and name == typed:
            module.add_arguments(sub)
            sub.set_defaults(run=module.run)
    return parser


#: The shell's code for a command stopped by a signal (128 + SIGINT).
EXIT_STOPPED = 130


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns its exit code."""
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(words[0] if words else None)
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    # the command's module has imported these, with the core
    from designer.commands._common import STOPS, fail
    from designer.core.catalog import CatalogError

    held = io.StringIO()
    try:
        with STOPS.handled():
            # A command is one pass over a project: the collector stays paused until it
            # ends, by when reference counting has freed the project. Resumed after the
            # load and again after the check, it walked the whole project twice (60 ms of
            # a campus's check).
            with contextlib.redirect_stdout(held), collector_paused():
                code = int(args.run(args))
            # a report for people is always shown escaped, data (CSV, JSON) on a terminal
            escape = getattr(args, "format", "text") == "text" or sys.stdout.isatty()
            return _show(held.getvalue(), code, escape)
    except KeyboardInterrupt:
        # Ctrl+C, a kill or a closed terminal: output files are written whole or not at all
        print("stopped before the end: no output file was written or changed", file=sys.stderr)
        return EXIT_STOPPED
    except CatalogError as err:
        # the bundled catalog or rule thresholds were edited into something unreadable
        return fail(err)
    except Exception as err:  # a bug: told apart from a finding (1) and a bad file (2)
        what = "python main.py " + " ".join(sys.argv[1:] if argv is None else argv)
        print(report_crash(err, what), file=sys.stderr)
        return EXIT_CRASH


def _show(text: str, code: int, escape: bool) -> int:
    """Print a command's whole output, with the control characters and escape sequences a
    file's labels may hold written as escapes when ``escape``; returns ``code``, or 0 when
    the reader stopped early."""
    try:
        sys.stdout.write(printable(text, keep="\n\t") if escape else text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (``... | head``): not an error. Point stdout at devnull so
        # the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:
        # a full disk or a device refusing it (``> /dev/full``, a trial): said, not a crash
        from designer.commands._common import fail

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return fail(OutputError(f"Cannot write the output to standard output: {err.strerror}"))
    return code
