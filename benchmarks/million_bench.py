"""Check, routing and media at a 1,000,000-accelerator campus against the same at 432 racks.

Targets (DESIGN.md section 9): at a 1M-accelerator campus, check + routing + media cost
at most 1.1x per rack what they cost at 432 racks; peak memory at most 1 GB.

The campuses are generated in memory by the generator, as ``generate campus-cm384`` makes
them: ``--accelerators 1000000`` (2,605 CloudMatrix384, 46,566 racks with the network
racks, 18 sites, 157 halls), ``--systems 432`` (the 100k campus, for context) and
``--systems 27`` (432 system racks and their network racks). Each is checked by a full
``RuleEngine.run``: every design rule, and the network plan it reads (the fabric, every
bundle routed along the trays, its medium chosen). The sizes are timed in turns, round
after round, each figure the best of its rounds, so the ratios hold on a busy shared
machine; the per-rack cost divides by all racks placed.

Peak memory is a whole process's: ``python main.py check FILE`` of the 1M campus saved
with the project's own ``save``, in a child whose ``VmHWM`` is read as it exits.

    python benchmarks/million_bench.py
"""

from __future__ import annotations

import gc
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from designer.core.catalog import default_catalog
from designer.core.generate import ClusterRequest, generate
from designer.core.io.project_file import save
from designer.core.model.project import Project
from designer.core.rules import RuleEngine

ROOT = Path(__file__).resolve().parents[1]
#: Rounds for each size: the million is timed fewer times, as each check takes seconds.
ROUNDS = {"small": 5, "middle": 3, "large": 2}

#: A child that runs ``check`` as ``main.py`` does and prints its peak resident set (MB).
PEAK_CHILD = """
import contextlib, io, sys, time
from pathlib import Path
start = time.perf_counter()
from designer.launch import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(["check", sys.argv[1]])
took = time.perf_counter() - start
for line in Path("/proc/self/status").read_text().splitlines():
    if line.startswith("VmHWM:"):
        print(code, took, int(line.split()[1]) / 1024)
"""


def check_time(engine: RuleEngine, project: Project) -> float:
    """Seconds of one full check, after a collection so none is owed from before."""
    gc.collect()
    start = time.perf_counter()
    engine.run(project)
    return time.perf_counter() - start


def whole_check(path: Path) -> tuple[int, float, float]:
    """``python main.py check path`` in a child: exit code, seconds, peak MB."""
    done = subprocess.run(
        [sys.executable, "-c", PEAK_CHILD, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    code, took, peak = done.stdout.split()
    return int(code), float(took), float(peak)


def main(accelerators: int = 1_000_000, middle_systems: int = 432, small_systems: int = 27) -> None:
    """Compare the three campuses (a test runs them small)."""
    catalog = default_catalog()
    started = time.perf_counter()
    requests = {
        "small": ClusterRequest("campus-cm384", systems=small_systems),
        "middle": ClusterRequest("campus-cm384", systems=middle_systems),
        "large": ClusterRequest("campus-cm384", accelerators=accelerators),
    }
    projects = {size: generate(request, catalog) for size, request in requests.items()}
    generated = time.perf_counter() - started
    engines = {size: RuleEngine(catalog) for size in projects}
    times: dict[str, list[float]] = {size: [] for size in projects}
    for round_number in range(max(ROUNDS.values())):
        for size, project in projects.items():
            if round_number < ROUNDS[size]:
                times[size].append(check_time(engines[size], project))
    racks = {size: len(project.placements) for size, project in projects.items()}
    best = {size: min(found) for size, found in times.items()}
    per_rack = {size: best[size] / racks[size] for size in projects}
    findings = {size: len(engines[size].run(p).findings) for size, p in projects.items()}
    print(f"generated in memory in {generated:.1f} s; full check = rules + fabric + routes + media")
    for size, project in projects.items():
        systems = len(project.groups)
        print(
            f"{systems:>5,} CM384  {racks[size]:>6,} racks  {len(project.halls):>4} halls  "
            f"check {best[size] * 1000:9.1f} ms (best of {ROUNDS[size]})  "
            f"{per_rack[size] * 1e6:7.1f} us per rack  {findings[size]} findings"
        )
    print(
        f"per-rack cost, {racks['large']:,} vs {racks['small']:,} racks   "
        f"{per_rack['large'] / per_rack['small']:6.2f}   (target <= 1.1)"
    )
    print(
        f"per-rack cost, {racks['middle']:,} vs {racks['small']:,} racks   "
        f"{per_rack['middle'] / per_rack['small']:6.2f}   (for context)"
    )
    large = projects["large"]
    del projects, engines  # the child's memory is the one measured, not this process's
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "million.rackplan.json"
        save(large, path)
        size_mb = path.stat().st_size / 1e6
        code, took, peak = whole_check(path)
    print(
        f"python main.py check of its file ({size_mb:.1f} MB): exit {code}, {took:.1f} s "
        "in the process"
    )
    print(f"peak memory of that check, MB     {peak:7.1f}   (target <= 1024)")


if __name__ == "__main__":
    main()
