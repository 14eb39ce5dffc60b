"""What a bar chart shows, apart from any widget: rows, their stacked bars, figures and
marks, and the sizes of its text (:class:`designer.gui.panels.charts.BarChart` holds them,
:mod:`designer.gui.panels.bar_plot` draws them with pyqtgraph).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtGui import QColor, QFont, QFontMetricsF

from designer.core.format import number

#: A layer of bars: one width per row and one colour per row (stacked left to right).
Layer = tuple[np.ndarray, Sequence[QColor]]

AXIS = QColor("#8a949e")
TEXT = QColor("#2b3540")
#: The share of a row's height a bar fills.
BAR_DEPTH = 0.66
#: The fewest rows a chart keeps room for, names readable.
LEAST_ROWS = 4
#: Point sizes of the rows' names and the bars' figures.
NAME_PT = 8.0
FIGURE_PT = 7.5


#: The least width the bars keep beside their figures (pixels).
LEAST_BARS_PX = 40.0


def _bars_px(plot_px: float, texts: Sequence[str]) -> float:
    """The width left to the bars of a plot ``plot_px`` wide beside the widest of
    ``texts`` and a margin."""
    metrics = QFontMetricsF(font(FIGURE_PT))
    return plot_px - max((metrics.horizontalAdvance(t) for t in texts), default=0.0) - 12


def font(size_pt: float) -> QFont:
    chosen = QFont()
    chosen.setPointSizeF(size_pt)
    return chosen


def row_px() -> float:
    """The height a row's name needs, in pixels."""
    return QFontMetricsF(font(NAME_PT)).height() + 1


def axis_depth_px() -> float:
    """The depth of the x axis's figures and title under the bars, with the plot's margin."""
    return 2 * QFontMetricsF(font(NAME_PT)).height() + 24


def tick_text(value: float, step: float) -> str:
    """A tick's figure as the designer writes numbers: 200,000 and 1,000,000, not 2e+05."""
    digits = 0 if step >= 1 else min(6, math.ceil(-math.log10(step)))
    return number(value, digits)


def every_nth(rows: float, height_px: float) -> int:
    """Every how many rows a name and a figure are written when ``rows`` rows share
    ``height_px`` pixels: every row when they are deep enough to read, else every second,
    third, ... (a short dock with a dozen length bands wrote them all over one another)."""
    if rows <= 0:
        return 1
    return max(1, math.ceil(row_px() / max(height_px / rows, 1e-6)))


@dataclass
class Mark:
    """A vertical line across the chart at ``x`` (a limit, a threshold)."""

    x: float
    colour: QColor
    width: float = 1.0
    dashed: bool = False


@dataclass
class Bars:
    """What the chart shows: rows top down, their stacked bars and their figures."""

    names: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    tips: list[str] = field(default_factory=list)
    #: per layer: where each row's bar starts and how wide it is, and its colours
    layers: list[tuple[np.ndarray, np.ndarray, list[QColor]]] = field(default_factory=list)
    ends: np.ndarray = field(default_factory=lambda: np.zeros(0))
    cut: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    least_x: float = 0.0
    most_x: float | None = None
    #: per row, the figure written instead of its text when the chart is too narrow for the
    #: texts beside the bars ("93 %" for "93 %  1,117 / 1,200 kW"); none: the texts always
    short: list[str] = field(default_factory=list)

    def longest(self) -> float:
        """The end of the longest bar, or ``least_x`` if that is further."""
        return max(self.least_x, float(self.ends.max()) if len(self.ends) else 0.0)

    def longest_row(self) -> int:
        """The row of the longest bar as drawn (the first of equals; 0 without rows)."""
        return int(np.argmax(self.ends)) if len(self.ends) else 0

    def written(self, plot_px: float) -> list[str]:
        """The figures a plot ``plot_px`` wide writes right of the bars: the texts when
        the widest leaves the bars ``LEAST_BARS_PX``, else the short ones (a narrow dock cut
        "93 %  1,117 / 1,200 kW" to "93 %  1,117 / 1,"), else none: a figure cut short
        misleads ("668" for 668 ms on an axis of seconds), and hovering tells each row's."""
        for texts in (self.texts, self.short):
            if texts and _bars_px(plot_px, texts) >= LEAST_BARS_PX:
                return texts
        return [""] * len(self.texts)

    def x_right(self, plot_px: float) -> float:
        """The right end of the x axis in a plot ``plot_px`` wide: the longest bar (at least
        ``least_x``) and, right of it, room for the widest figure written."""
        plot_px = max(plot_px, 120.0)
        room = max(_bars_px(plot_px, self.written(plot_px)), LEAST_BARS_PX)
        return max(self.longest(), 1.0) * 1.03 * plot_px / room

    def readout(self, row: int) -> str:
        """What hovering over row ``row`` tells: its tooltip, or its name and figure."""
        return self.tips[row] or f"{self.names[row]}: {self.texts[row]}"
