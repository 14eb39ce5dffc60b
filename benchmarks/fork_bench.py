"""From what size a one-shot check gains by running the network check in a forked copy.

``RuleEngine.run(project, once=True)`` forks from ``FORK_FROM_RACKS`` racks on: the copy
works out the network plan's check while the process runs the others. A fork and the
pickled findings cost a fixed few tens of milliseconds, so a small project checks faster
one check after another. Here campuses of growing size are checked both ways, in turns,
and the best of several rounds compared; the threshold belongs where "forked" first wins
clearly. (On a machine of one core, or off Linux, the engine never forks.)

    python benchmarks/fork_bench.py
"""

from __future__ import annotations

from timing import best_in_turns

from designer.core.catalog import default_catalog
from designer.core.examples import campus
from designer.core.rules import engine as rule_engine
from designer.core.rules.engine import RuleEngine

SYSTEMS = (2, 9, 27, 72, 144, 432)
ROUNDS = 5


def main(systems: tuple[int, ...] = SYSTEMS, rounds: int = ROUNDS) -> None:
    """Print, per campus size, the best serial and forked check and their ratio."""
    catalog = default_catalog()
    threshold = rule_engine.FORK_FROM_RACKS
    rule_engine.FORK_FROM_RACKS = 0  # fork at every size, to compare
    try:
        print(f"{'racks':>7} {'one after another':>18} {'forked':>9} {'forked / serial':>16}")
        for count in systems:
            project = campus.build(count).project
            best = best_in_turns(
                {
                    "serial": lambda p=project: RuleEngine(catalog).run(p),
                    "forked": lambda p=project: RuleEngine(catalog).run(p, once=True),
                },
                rounds,
            )
            ratio = best["forked"] / best["serial"]
            print(
                f"{len(project.placements):>7,} {best['serial'] * 1000:>15.1f} ms "
                f"{best['forked'] * 1000:>6.1f} ms {ratio:>16.2f}"
            )
    finally:
        rule_engine.FORK_FROM_RACKS = threshold
    print(f"the engine forks from {threshold:,} racks")


if __name__ == "__main__":
    main()
