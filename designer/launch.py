"""Start rackplan: the designer window, or a headless command when one is named.

``python main.py`` opens the designer on the first example, ``python main.py FILE`` opens
that file, and ``python main.py <command> ...`` runs a command of ``designer.cli`` without
loading any widget code. Where Qt could not open a window, one line says so and names the
commands that work without one: this module sits above both the CLI and the GUI, so it is
the one that may name the one to the user of the other.
"""

from __future__ import annotations

import contextlib
import difflib
import gc
import os
import sys
from pathlib import Path
from typing import NoReturn

from designer.core.collector import collector_paused


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
    import ctypes.util  # here: a command never opens a window, and this import is 15 ms

    return None if ctypes.util.find_library("xcb-cursor") else "libxcb-cursor0"


def why_no_window(commands: list[str]) -> str | None:
    """The one line printed instead of Qt's abort when no window can open here, or None.

    ``commands`` are the headless commands, named as what works instead.
    """
    if not has_display():
        return (
            "rackplan: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the "
            "designer window cannot open. These commands work without one: "
            + ", ".join(commands)
            + " (python main.py --help)."
        )
    missing = missing_x11_library()
    if missing:
        return (
            f"rackplan: Qt needs {missing} to open a window on X11 and it is not installed "
            f"(on Debian: sudo apt-get install {missing}). The headless commands work without "
            "it (python main.py --help)."
        )
    return None


def missing_library(err: ModuleNotFoundError) -> str | None:
    """The one line for a library rackplan needs that this Python lacks (run without the
    setup's virtual environment, or before its ``pip install``), or None when the missing
    module is one of rackplan's own: that is a bug, reported as one."""
    name = (err.name or "").partition(".")[0]
    if not name or name == "designer":
        return None
    return (
        f"rackplan: the library {name!r} is not installed for this Python ({sys.executable}). "
        "Install rackplan's libraries first, in its folder: python3 -m venv .venv && "
        ". .venv/bin/activate && pip install -e . (README, Set up and run)."
    )


def _said_missing(err: ModuleNotFoundError) -> int:
    """Print ``missing_library``'s line and return the exit code 2; a module of rackplan's
    own that is missing is raised again, as the bug it is."""
    line = missing_library(err)
    if line is None:
        raise err
    print(line, file=sys.stderr)  # noqa: T201 - the one line the user sees
    return 2


def mistyped_command(args: list[str], commands: list[str]) -> str | None:
    """The error for arguments that name no command and no file the designer could open,
    or None.

    The designer opens one file, so a word followed by more arguments (``chek FILE``) is a
    command misspelt; so is a lone word that is no existing path and has neither a suffix
    nor a folder in it (``chek``). Opening either as a project would only say "file not
    found" about a word the user meant as a command.
    """
    if not args or args[0].startswith("-") or args[0] in commands:
        return None
    word = args[0]
    path = Path(word)
    if len(args) == 1 and (path.exists() or path.suffix or len(path.parts) > 1):
        return None
    close = difflib.get_close_matches(word, commands, n=1)
    hint = f" Did you mean {close[0]}?" if close else ""
    return (
        f"rackplan: {word!r} is not a command.{hint} The commands are: {', '.join(commands)} "
        "(python main.py <command> --help). To open a project in the designer: "
        "python main.py FILE."
    )


def is_command(args: list[str], commands: list[str]) -> bool:
    """True when ``args`` ask for a headless command (or the CLI's own options), not the
    window."""
    return bool(args) and (args[0].startswith("-") or args[0] in commands)


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the CLI or the GUI; returns the process exit code."""
    args = sys.argv[1:] if argv is None else argv
    from designer import cli

    commands = cli.command_names()
    if is_command(args, commands):
        return cli.main(args)
    mistyped = mistyped_command(args, commands)
    if mistyped:
        print(mistyped, file=sys.stderr)  # noqa: T201 - the one line the user sees
        return 2
    problem = why_no_window(commands)
    if problem:
        print(problem, file=sys.stderr)  # noqa: T201 - the one line the user sees
        return 2
    try:
        from designer.gui.app import run

        return run(args[0] if args else None)
    except ModuleNotFoundError as err:
        return _said_missing(err)
    except Exception as err:  # a bug before the window's own hook is installed, or after
        from designer.core.io.crash_log import EXIT_CRASH, report_crash

        print(report_crash(err, "python main.py " + " ".join(args)), file=sys.stderr)  # noqa: T201
        return EXIT_CRASH


def start() -> NoReturn:
    """Run the process ``main.py`` was started as and end it with its exit code.

    A headless command ends without the interpreter's teardown once its output is flushed,
    as mypy ends its runs: freeing every module's classes, pydantic's schemas and numpy
    took 50 to 80 ms of each command (a twentieth of checking the 100k campus), and what a
    command writes is closed by then (files are written whole and moved into place). The
    window's process ends the usual way: Qt's objects save their state as they go.
    """
    args = sys.argv[1:]
    # Importing the designer makes 40,000 objects the collector tracks (classes, functions,
    # pydantic's schemas), which live as long as the process: the collector walked them
    # again and again as they came, and once more at its next collection (20-30 ms of every
    # command). They are made with it paused and then set aside from its collections.
    with collector_paused():
        try:
            from designer import cli

            # a command's module imports the core; listing the commands, none
            cli.command_module(args[0] if args else None)
        except ModuleNotFoundError as err:
            sys.exit(_said_missing(err))
        gc.freeze()
    code = main(args)
    if is_command(args, cli.command_names()):
        for stream in (sys.stdout, sys.stderr):
            # the reader may have gone (a pipe), or the stream been closed
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(code)
    sys.exit(code)
