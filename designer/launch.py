"""Start rackplan: the designer window, or a headless command when one is named.

``python main.py`` opens the designer on the first example, ``python main.py FILE`` opens
that file, and ``python main.py <command> ...`` runs a command of ``designer.cli`` without
loading any widget code.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the CLI or the GUI; returns the process exit code."""
    args = sys.argv[1:] if argv is None else argv
    from designer import cli

    if args and (args[0].startswith("-") or args[0] in cli.command_names()):
        return cli.main(args)
    try:
        from designer.gui.app import run

        return run(args[0] if args else None)
    except Exception as err:  # a bug before the window's own hook is installed, or after
        from designer.core.io.crash_log import EXIT_CRASH, report_crash

        print(report_crash(err, "python main.py " + " ".join(args)), file=sys.stderr)  # noqa: T201
        return EXIT_CRASH
