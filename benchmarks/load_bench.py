"""Load the 6,912-rack campus: load + validate against ``json.loads`` of the same bytes.

Target (DESIGN.md section 9): load + validate <= 4x json.loads. Both are timed side by
side in this run, several times each, and the best of each is compared, so the ratio holds
on a busy shared machine where absolute times drift.

    python benchmarks/load_bench.py
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from timing import best_of

from designer.core.catalog import default_catalog
from designer.core.examples import campus
from designer.core.io.project_file import load, save

REPEATS = 9


def main(systems: int = 432) -> None:
    """Measure ``campus.build(systems)`` (a test runs it small)."""
    project = campus.build(systems).project
    racks = default_catalog().racks
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "campus.rackplan.json"
        save(project, path)
        data = path.read_bytes()
        parse = best_of(lambda: json.loads(data), REPEATS)
        full = best_of(lambda: load(path, racks), REPEATS)
    print(f"campus: {len(project.placements):,} racks, {len(data) / 1e6:.1f} MB on disk")
    print(f"json.loads            {parse * 1000:8.1f} ms")
    print(f"load + validate       {full * 1000:8.1f} ms")
    print(f"ratio                 {full / parse:8.2f}   (target <= 4)")


if __name__ == "__main__":
    main()
