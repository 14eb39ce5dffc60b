"""Headless commands over the core and the report: ``python main.py <command> ...``.

Each command lives in its own module of ``designer.commands`` with a ``HELP`` line, an
``add_arguments(parser)`` and a ``run(args) -> int``; this module finds them, so adding a
command never touches the others. Exit codes: 0 success, 1 the design has errors (for
``check``), 2 the input cannot be read or the output cannot be written, 130 stopped by
Ctrl+C or a signal.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import pkgutil
import sys
from types import ModuleType

import designer.commands
from designer import __version__
from designer.commands._common import STOPS, fail
from designer.core.catalog import CatalogError
from designer.core.collector import collector_paused
from designer.core.io.atomic import OutputError
from designer.core.io.crash_log import EXIT_CRASH, report_crash
from designer.core.io.printable import printable


def _command_modules(typed: str | None = None) -> dict[str, ModuleType]:
    """Every command's module, or only the one of the command ``typed`` if there is one:
    a command run imports its own module, not every command's (the others' imports were a
    tenth of a second of each ``check``)."""
    names = [
        info.name
        for info in pkgutil.iter_modules(designer.commands.__path__)
        if not info.name.startswith("_")
    ]
    chosen = [name for name in names if name.replace("_", "-") == typed] or names
    return {name: importlib.import_module(f"designer.commands.{name}") for name in chosen}


def command_names() -> list[str]:
    """The headless commands, in the order ``--help`` lists them."""
    return sorted(
        info.name.replace("_", "-")
        for info in pkgutil.iter_modules(designer.commands.__path__)
        if not info.name.startswith("_")
    )


def build_parser(typed: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with one sub-command per module of ``designer.commands``; only
    that of the command ``typed`` when it names one."""
    parser = argparse.ArgumentParser(
        prog="python main.py",
        description=(
            "rackplan: design AI compute halls. With no command, opens the designer window "
            "(python main.py [FILE]). The commands below run without a display."
        ),
    )
    parser.add_argument("--version", action="version", version=f"rackplan {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="<command>")
    for name, module in sorted(_command_modules(typed).items()):
        # a module import_dxf is the command import-dxf
        sub = commands.add_parser(name.replace("_", "-"), help=module.HELP, description=module.HELP)
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
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return fail(OutputError(f"Cannot write the output to standard output: {err.strerror}"))
    return code
