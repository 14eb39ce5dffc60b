"""One job over a whole generated campus: ``jobs`` against a full ``check``, as processes.

Target (issue 23): on the generated 100k CloudMatrix384 campus (``generate campus-cm384``,
432 supernodes, 165,888 NPUs), one job over every NPU is placed and checked by ``python
main.py jobs FILE`` in less time than ``python main.py check FILE`` takes. The job is added
with ``jobs --add`` (a dense model of 405 billion parameters, hidden 16,384, 8,192 tokens,
TP 8 x PP 16 x DP 1,296); both commands are then timed in turns, round after round, so both
see the same load on a shared machine; each figure is the best of its rounds.

    python benchmarks/jobs_bench.py [ROUNDS]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

JOB = [
    "--add", "Dense 405B",
    "--parameters", "405e9", "--layers", "126", "--hidden", "16384", "--sequence", "8192",
    "--tp", "8", "--pp", "16", "--dp", "1296", "--global-batch", "2592",
]  # fmt: skip


def run(*args: str) -> float:
    """Seconds one ``python main.py ARGS`` took, start to exit; fails loudly on a crash."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], check=False, capture_output=True
    )
    if done.returncode not in (0, 1):
        raise SystemExit(f"python main.py {' '.join(args)} failed: {done.stderr.decode()}")
    return time.perf_counter() - start


def main(rounds: int = 3) -> None:
    with tempfile.TemporaryDirectory() as folder:
        campus = str(Path(folder) / "campus.rackplan.json")
        with_job = str(Path(folder) / "campus-job.rackplan.json")
        run("generate", "campus-cm384", "-o", campus)
        run("jobs", campus, *JOB, "-o", with_job)
        jobs, checks = [], []
        for _ in range(rounds):
            jobs.append(run("jobs", with_job))
            checks.append(run("check", with_job))
    j, c = min(jobs), min(checks)
    print(f"jobs (one job, 165,888 NPUs): {j:.2f} s; check: {c:.2f} s (best of {rounds})")
    print(f"jobs / check: {j / c:.2f} (target < 1)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
