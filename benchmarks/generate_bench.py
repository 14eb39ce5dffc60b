"""Generating a campus against checking what it writes, each as a whole process.

Target (DESIGN.md section 9): ``generate`` of a campus costs at most 2x the ``check`` of
the file it writes. Both are timed as a user runs them, ``python main.py generate PRESET
-o FILE`` and ``python main.py check FILE``, in turns, round after round, so both see the
same load on a shared machine; each figure is the best of its rounds.

    python benchmarks/generate_bench.py [PRESET [ROUNDS]]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(*args: str) -> float:
    """Seconds one ``python main.py ARGS`` took, start to exit."""
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "main.py"), *args], check=False, capture_output=True)
    return time.perf_counter() - start


def main(preset: str = "campus-cm384", systems: int | None = None, rounds: int = 3) -> None:
    """Time ``generate`` and ``check`` of ``preset`` (``systems`` of it, or its default)."""
    size = [] if systems is None else ["--systems", str(systems)]
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / f"{preset}.rackplan.json")
        made, checked = [], []
        for _ in range(rounds):
            made.append(timed("generate", preset, *size, "-o", path))
            checked.append(timed("check", path))
    g, c = min(made), min(checked)
    print(f"generate {preset}: {g:.2f} s (best of {rounds}); check of its file: {c:.2f} s")
    print(f"generate / check: {g / c:.2f} (target <= 2)")


if __name__ == "__main__":
    main(*sys.argv[1:2], rounds=int(sys.argv[2]) if len(sys.argv) > 2 else 3)
