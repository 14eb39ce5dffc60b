"""The whole process of checking the 100k campus, as a user runs it.

Target (DESIGN.md section 9): ``python main.py check`` of the complete 100k CloudMatrix384
campus in 1.0 s on this machine kind, start to exit: the interpreter, the imports, the
load, the rules with the network plan (fabric, routes, media) and the report. The machines
are shared and one run drifts by a tenth either way, so the command runs many times and
the median is the figure; the quartiles show the spread.

    python benchmarks/check_process_bench.py [FILE [ROUNDS]]
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CAMPUS = ROOT / "projects" / "cm384-campus-100k.rackplan.json"


def timed_check(path: Path) -> float:
    """Seconds one ``python main.py check PATH`` took, start to exit."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "check", str(path)],
        check=False,
        capture_output=True,
    )
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: the design has errors, still a full check
        raise SystemExit(f"check failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return took


def main(path: Path = CAMPUS, rounds: int = 20) -> None:
    """Run the check ``rounds`` times and print the median, quartiles and peak memory."""
    times = sorted(timed_check(path) for _ in range(rounds))
    q1, median, q3 = statistics.quantiles(times, n=4)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"python main.py check {path.name}, {rounds} runs: quartiles {q1:.3f} - {q3:.3f} s, "
        f"best {times[0]:.3f} s, peak memory of one run {peak_mb:.0f} MB"
    )
    print(f"median of the whole process, s     {median:8.3f}   (target <= 1.0)")


if __name__ == "__main__":
    main(
        Path(sys.argv[1]) if len(sys.argv) > 1 else CAMPUS,
        int(sys.argv[2]) if len(sys.argv) > 2 else 20,
    )
