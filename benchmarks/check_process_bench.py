"""The whole process of checking the 100k campus, as a user runs it.

Target (DESIGN.md section 9): ``python main.py check`` of the complete 100k CloudMatrix384
campus in 1.0 s on this machine kind, start to exit: the interpreter, the imports, the
load, the rules with the network plan (fabric, routes, media) and the report. The machines
are shared and one run drifts by a tenth either way, so the command runs many times and
the median is the figure; the quartiles show the spread. In turns with each check, a process
that only imports the libraries every command needs (numpy, shapely, pydantic) is timed
too: how slow the machine is at the moment, which the 1.0 s does not allow for.

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


#: A process that imports what every command imports before any of our code runs.
LIBRARIES = ("-c", "import numpy, shapely, pydantic")


def timed(*args: str) -> float:
    """Seconds one ``python ARGS`` took, start to exit."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args], check=False, capture_output=True)
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: the design has errors, still a full check
        raise SystemExit(f"{args} failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return took


def main(path: Path = CAMPUS, rounds: int = 20) -> None:
    """Run the check ``rounds`` times, each after the libraries' imports alone, and print
    the check's median, quartiles and peak memory, and the imports' median."""
    checks, imports = [], []
    for _ in range(rounds):
        imports.append(timed(*LIBRARIES))
        checks.append(timed(str(ROOT / "main.py"), "check", str(path)))
    q1, median, q3 = statistics.quantiles(sorted(checks), n=4)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    libraries = statistics.median(imports)
    print(
        f"python main.py check {path.name}, {rounds} runs: quartiles {q1:.3f} - {q3:.3f} s, "
        f"best {min(checks):.3f} s, peak memory of one run {peak_mb:.0f} MB"
    )
    print(
        f"the libraries' imports alone, in turns: median {libraries:.3f} s "
        f"(the check takes {median / libraries:.1f} times as long)"
    )
    print(f"median of the whole process, s     {median:8.3f}   (target <= 1.0)")


if __name__ == "__main__":
    main(
        Path(sys.argv[1]) if len(sys.argv) > 1 else CAMPUS,
        int(sys.argv[2]) if len(sys.argv) > 2 else 20,
    )
