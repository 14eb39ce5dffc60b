"""The N-1 sweep of the complete 100k campus against a full check, side by side.

Target (issue 24): failing every component of ``campus.build(432)`` alone (6,912 racks on
1,044 busways, 48 power sides, 1,197 cooling units, 2,538 network racks, 648 trays, 3
fibre routes, 24 halls, 3 sites) and ranking them costs under 5x a full check of the same campus. The
sweep reads the network plan of the check it runs with, as ``whatif --sweep`` does; its
time counts working out the dependencies (``topology_of``) and the sweep. Both are timed
in turns and the best of each kept, so the ratio holds on a busy shared machine.

    python benchmarks/resilience_bench.py
"""

from __future__ import annotations

from timing import best_in_turns

from designer.core.catalog import default_catalog
from designer.core.examples import campus
from designer.core.resilience import topology_of
from designer.core.resilience.sweep import sweep
from designer.core.rules import RuleEngine


def main(systems: int = 432, rounds: int = 3) -> None:
    """Time a full check and a sweep of ``campus.build(systems)`` (a test runs it small)."""
    catalog = default_catalog()
    project = campus.build(systems).project
    checked = RuleEngine(catalog)
    checked.run(project)
    found: list = []

    def swept() -> None:
        found[:] = sweep(topology_of(checked, project))

    best = best_in_turns(
        {"check": lambda: RuleEngine(catalog).run(project), "sweep": swept}, rounds
    )
    top = found[0]
    print(f"campus of {len(project.placements):,} racks, {len(found):,} components swept")
    print(f"full check            {best['check'] * 1000:8.0f} ms")
    print(f"N-1 sweep             {best['sweep'] * 1000:8.0f} ms")
    print(f"sweep / check         {best['sweep'] / best['check']:8.2f}   (target <= 5)")
    single = sum(1 for r in found if r.single_point)
    print(f"single points         {single:8,}")
    print(
        f"top entry             {top.component.kind} {top.component.name}: "
        f"{top.impact.accelerators_hit:,} of {top.impact.total_accelerators:,} accelerators"
    )


if __name__ == "__main__":
    main()
