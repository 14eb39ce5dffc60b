"""What the Compare panel's chart shows: each figure of design B as a share of design A's.

Accelerators, kilowatts, dollars and tonnes have no common axis, but each one's B against
its A has: a bar per figure as long as B is in percent of A, a dashed line at 100 % where
A stands. The part both share is grey; what B adds is green and what it lacks red, the
colours the canvas gives added and removed racks. A figure A lacks (a medium only B uses)
has no share: its bar is cut at ``MOST_PERCENT`` and marked. The figure right of each bar
is A, B and their difference as the table writes them, so a bar's length is read by its
number, never guessed from its length.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor

from designer.core.energy.compare import Row
from designer.core.energy.text import cells
from designer.core.format import number
from designer.drawing.compare import ADDED, COLOURS, REMOVED
from designer.gui.panels.bars import Layer

#: The x axis's title.
X_LABEL = "B as % of A"
#: Where A stands.
A_PERCENT = 100.0
#: Where a bar longer than this (B against an A of nothing) is cut.
MOST_PERCENT = 200.0
SHARED = QColor("#9aa5b1")
MORE = COLOURS[ADDED]
LESS = COLOURS[REMOVED]
#: The colours' key, under a chart with bars.
KEY = "Grey: in both · green: B has more · red: B has less"


def share(row: Row) -> float | None:
    """B in percent of A; infinite where A is nothing and B is more; ``None`` unknown."""
    if row.a is None or row.b is None:
        return None
    if row.a <= 0:
        return A_PERCENT if row.b == row.a else float("inf")
    return row.b / row.a * A_PERCENT


def row_text(row: Row) -> str:
    """A figure's A, B and their difference: ``504 → 576 (+72)``."""
    a, b, change = cells(row)
    return f"{a} → {b} ({change})"


def row_tip(row: Row) -> str:
    percent = share(row)
    of_a = "" if percent in (None, float("inf")) else f", B is {number(percent, 1)} % of A"
    a, b, change = cells(row)
    return f"{row.label}: A {a}, B {b}, B − A {change}{of_a}"


def comparison_bars(rows: list[Row]) -> tuple[list[str], list[Layer], list[str], list[str]]:
    """The chart's rows for ``rows``: names, the shared, more and less layers, figures and
    tips."""
    shares = [share(r) for r in rows]
    known = np.array([0.0 if s is None else s for s in shares])
    shared = np.minimum(known, A_PERCENT)
    more = np.maximum(known - A_PERCENT, 0.0)
    # a B short of its A: the rest of A's bar in red, so both lengths stand on the chart
    less = np.where([s is not None for s in shares], A_PERCENT - shared, 0.0)
    count = len(rows)
    layers: list[Layer] = [
        (shared, [SHARED] * count),
        (more, [MORE] * count),
        (less, [LESS] * count),
    ]
    return (
        [r.label for r in rows],
        layers,
        [row_text(r) for r in rows],
        [row_tip(r) for r in rows],
    )
