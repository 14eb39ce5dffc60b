"""Load a campus: load + validate against ``json.loads`` of the same bytes, at 6,912 racks
(``campus.build(432)``) and at 27,648 (``campus.build(1_728)``).

Target (DESIGN.md section 9): load + validate <= 4x json.loads, at every size. Both are
timed in turns in this run, several times each, and the best of each is compared, so the
ratio holds on a busy shared machine where absolute times drift.

    python benchmarks/load_bench.py
"""

from __future__ import annotations

import gc
import json
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from timing import best_in_turns

from designer.core.catalog import default_catalog
from designer.core.examples import campus
from designer.core.io.project_file import load, save
from designer.core.model.equipment import RackType

REPEATS = 9


def measure(systems: int, racks: Mapping[str, RackType]) -> None:
    """Time and print loading ``campus.build(systems)`` against parsing its bytes.

    Only the file's bytes are held while timing: a campus left in memory would make every
    collection ``json.loads`` sets off walk it too, and flatter the ratio.
    """
    project = campus.build(systems).project
    count = len(project.placements)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "campus.rackplan.json"
        save(project, path)
        del project
        data = path.read_bytes()
        gc.collect()
        best = best_in_turns(
            {"parse": lambda: json.loads(data), "load": lambda: load(path, racks)}, REPEATS
        )
    print(f"campus: {count:,} racks, {len(data) / 1e6:.1f} MB on disk")
    print(f"json.loads            {best['parse'] * 1000:8.1f} ms")
    print(f"load + validate       {best['load'] * 1000:8.1f} ms")
    print(f"ratio                 {best['load'] / best['parse']:8.2f}   (target <= 4)")


def main(systems: Sequence[int] = (432, 1_728)) -> None:
    """Measure ``campus.build(n)`` for each ``n`` of ``systems`` (a test runs them small)."""
    racks = default_catalog().racks
    for n in systems:
        measure(n, racks)


if __name__ == "__main__":
    main()
