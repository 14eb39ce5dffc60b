"""The design-rule check at campus scale: does its cost grow with the design, and does an
edit cost the edit, not the campus?

Targets (DESIGN.md section 9): a full check of 6,912 racks costs at most 1.3x per rack what
it costs at 432 racks; re-checking after one rack moves costs at most 2 % of a full check.
Both campuses are built in this run (``campus.build(27)`` and ``campus.build(432)``, the
same layout) and every figure is the best of several repetitions, so the ratios hold on a
busy shared machine where absolute times drift.

    python benchmarks/check_bench.py
"""

from __future__ import annotations

import statistics
import time

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.changes import Change, ChangeSet, apply
from designer.core.document.document import Document
from designer.core.examples import campus
from designer.core.model.base import evolve
from designer.core.model.project import Project
from designer.core.rules import RuleEngine


def best_full_checks(
    engine: RuleEngine, small: Project, big: Project, rounds: int
) -> tuple[float, float]:
    """The fastest full check of each project, timed in turns so both see the same load."""
    small_times, big_times = [], []
    for _ in range(rounds):
        for project, times in ((small, small_times), (big, big_times)):
            start = time.perf_counter()
            engine.run(project)
            times.append(time.perf_counter() - start)
    return min(small_times), min(big_times)


def one_rack_moved(project: Project) -> tuple[Project, set[str]]:
    """``project`` with one rack 100 mm further down the page, and the id that changed.

    Applied as a change set, as the document applies a drag; racks of a CloudMatrix384 move
    as a group through the operations, which ``group_moved`` measures.
    """
    rack = next(iter(project.placements.values()))
    change = Change("placements", rack, evolve(rack, y=rack.y + 100))
    return apply(project, ChangeSet("Move", {rack.id: change})), {rack.id}


def updates(
    engine: RuleEngine, there: Project, back: Project, ids: set[str], n: int
) -> list[float]:
    """Times of ``n`` updates, alternating between two revisions."""
    times = []
    for index in range(n):
        project = there if index % 2 == 0 else back
        start = time.perf_counter()
        engine.update(project, ids)
        times.append(time.perf_counter() - start)
    return times


def group_moved(doc: Document, engine: RuleEngine, n: int) -> list[float]:
    """Times of re-checking after moving one CloudMatrix384 (16 racks) by the operations."""
    changed: set[str] = set()
    doc.subscribe(lambda changes: changed.update(changes.ids))
    rack = next(iter(doc.project.placements))
    ops.move(doc, [rack], 0, 100)
    moved_ids = set(changed)
    engine.run(doc.project)
    times = []
    for index in range(n):
        if index % 2 == 0:
            doc.undo()
        else:
            doc.redo()
        start = time.perf_counter()
        engine.update(doc.project, moved_ids)
        times.append(time.perf_counter() - start)
    return times


def main(small_systems: int = 27, large_systems: int = 432) -> None:
    """Compare ``campus.build`` at the two sizes (a test runs them small)."""
    catalog = default_catalog()
    small = campus.build(small_systems).project
    big_doc = campus.build(large_systems)
    big = big_doc.project
    engine = RuleEngine(catalog)
    small_full, big_full = best_full_checks(engine, small, big, 5)
    racks_small, racks_big = len(small.placements), len(big.placements)
    per_rack = (big_full / racks_big) / (small_full / racks_small)

    moved, ids = one_rack_moved(big)
    engine.run(big)
    rack_times = updates(engine, moved, big, ids, 21)
    group_times = group_moved(big_doc, engine, 21)

    print(f"full check, {racks_small:>5,} racks   {small_full * 1000:8.1f} ms")
    print(f"full check, {racks_big:>5,} racks   {big_full * 1000:8.1f} ms")
    print(f"per-rack cost ratio          {per_rack:8.2f}   (target <= 1.3)")
    for label, times in (("one rack moves", rack_times), ("one CM384 moves", group_times)):
        best, median = min(times), statistics.median(times)
        print(
            f"update, {label:<16}    {best * 1000:8.2f} ms best, {median * 1000:.2f} ms median"
            f"   = {best / big_full:.2%} / {median / big_full:.2%} of a full check"
            "   (target <= 2 %)"
        )


if __name__ == "__main__":
    main()
