"""Timing helpers the benchmark scripts share: each action run several times in a row."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def times_of(action: Callable[[], object], repeats: int) -> list[float]:
    """Seconds each of ``repeats`` runs of ``action`` took."""
    found = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        found.append(time.perf_counter() - start)
    return found


def best_of(action: Callable[[], object], repeats: int = 5) -> float:
    """The fastest run, in seconds: the least disturbed by a busy shared machine."""
    return min(times_of(action, repeats))


def median_of(action: Callable[[], object], repeats: int = 5) -> float:
    """The median run, in seconds."""
    return statistics.median(times_of(action, repeats))


def best_in_turns(actions: dict[str, Callable[[], object]], rounds: int = 5) -> dict[str, float]:
    """The fastest run of each action, the actions timed in turn round after round.

    Timing them in turns makes each see the same load on a shared machine, so their ratios
    hold even when absolute times drift.
    """
    found: dict[str, list[float]] = {name: [] for name in actions}
    for _ in range(rounds):
        for name, action in actions.items():
            found[name].extend(times_of(action, 1))
    return {name: min(times) for name, times in found.items()}
