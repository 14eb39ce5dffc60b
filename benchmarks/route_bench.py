"""Routing and media at campus scale: per-bundle cost, and one rack moved vs a full pass.

Targets (DESIGN.md section 9, issue 5):

- the per-bundle cost of a full pass (topology, routing along the trays, media, tray fill
  and findings) at 6,912 racks (``campus.build(432)``) is at most 1.3x the per-bundle cost
  at 432 racks (``campus.build(27)``);
- re-planning after one rack moves (its whole CloudMatrix384 moves with it) costs at most
  2 % of a full pass of the 6,912-rack campus.

Both sides of each ratio are timed in this run, best of several, so the ratios hold on a
busy shared machine where absolute times drift.

    python benchmarks/route_bench.py
"""

from __future__ import annotations

import time
from collections.abc import Callable

from designer.core.document import operations as ops
from designer.core.examples import campus
from designer.core.network import NetworkPlanner
from designer.core.network.planner import update_plan

REPEATS = 5


def best_of(action: Callable[[], object], repeats: int = REPEATS) -> float:
    """The fastest of ``repeats`` runs, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    rows = []
    for systems in (27, 432):
        doc = campus.build(systems)
        planner = NetworkPlanner(doc.catalog)
        plan = planner.plan(doc.project)
        bundles = len(plan.table())
        full = best_of(lambda doc=doc, planner=planner: planner.plan(doc.project))
        rows.append((systems, len(doc.project.placements), bundles, full))
        print(
            f"{len(doc.project.placements):>6,} racks  {bundles:>7,} bundles  "
            f"full pass {full * 1000:8.1f} ms  {full / bundles * 1e6:6.2f} us per bundle"
        )
    (_, _, small_n, small_t), (_, _, large_n, large_t) = rows
    ratio = (large_t / large_n) / (small_t / small_n)
    print(f"per-bundle cost, 6,912 vs 432 racks  {ratio:6.2f}   (target <= 1.3)")

    before = plan.project
    rack = next(iter(before.placements))
    seen = []
    doc.subscribe(seen.append)
    ops.move(doc, [rack], 600, 0)
    [changes] = seen
    moved = best_of(lambda: update_plan(plan, doc.project, changes.ids), repeats=20)
    print(
        f"one rack moved ({len(changes.ids)} ids: its system): re-plan {moved * 1000:6.2f} ms, "
        f"{moved / large_t * 100:5.2f} % of a full pass   (target <= 2 %)"
    )


if __name__ == "__main__":
    main()
