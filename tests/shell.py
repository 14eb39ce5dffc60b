"""``python main.py ...`` as a shell runs it: a process of its own, read through pipes."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python main.py ARGS`` in the checkout, its output and errors read as text."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )


def without_display() -> dict[str, str]:
    """This environment with no display named: what a server or a CI runner has."""
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    return {k: v for k, v in os.environ.items() if k not in hidden}
