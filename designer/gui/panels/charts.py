"""Horizontal bar charts for the panels: one row per name, bars stacked by colour, a figure
right of each bar, drawn by pyqtgraph (:mod:`designer.gui.panels.bar_plot`).

The utilisation dashboard, the cable-length histogram, the media mix and a job's planes all
read best as rows of bars with their names down the left (names of feeds, length bands and
media are too long to stand under a vertical bar), so they share this chart. A chart may
cut its bars at a largest x (one huge or infinite bar would otherwise shrink the rest to
slivers): a cut bar ends there with a white break mark across it, and its figure says how
long it really is.

This widget holds what the chart shows and its note; the pyqtgraph plot is built the first
time the chart is painted, so pyqtgraph (about 40 MB of the designer's memory once its plot
is drawn) is imported only by a designer that shows a chart. Until then a panel fills the
chart as it would a shown one, and its tests read the figures without pyqtgraph.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QColor, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from designer.gui.panels.bars import LEAST_ROWS, Bars, Layer, Mark, axis_depth_px, row_px

if TYPE_CHECKING:
    from designer.gui.panels.bar_plot import BarPlot


class _Host(QWidget):
    """Where the plot goes, sized by the layout before the plot exists."""

    #: Its height changed: the window's, or the note under it, grew or shrank.
    resized = Signal()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()


class BarChart(QWidget):
    """A horizontal bar chart with a note under it; the plot itself is made when shown."""

    def __init__(self, x_label: str, parent: QWidget | None = None, short_label: str = "") -> None:
        super().__init__(parent)
        self.x_label = x_label
        #: the x axis's title where ``x_label`` is wider than the bars (none: cut)
        self.short_label = short_label
        self.rows = Bars()
        self.marks: list[Mark] = []
        self.plot: BarPlot | None = None
        self.note = QLabel()
        self.note.setStyleSheet("color: #5f6b76; padding: 2px 6px;")
        self.note.setWordWrap(True)  # never let a note widen the window
        self.host = _Host()
        self.host.setMinimumWidth(220)
        # room for a few rows whose names can be read, and the axis under them
        self.host.setMinimumHeight(round(LEAST_ROWS * row_px() + axis_depth_px()))
        self._host_layout = QVBoxLayout(self.host)
        self._host_layout.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.host, 1)
        layout.addWidget(self.note)

    # --- the plot, made when first shown -----------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        """The first paint makes the plot, just after it: a chart in a dock's tab that is
        not chosen is shown (moved out of sight) but never painted, and pays nothing."""
        super().paintEvent(event)
        if self.plot is None:
            QTimer.singleShot(0, self.drawn)

    def drawn(self) -> BarPlot:
        """The pyqtgraph plot, made (and pyqtgraph imported) the first time it is asked for."""
        if self.plot is None:
            from designer.gui.panels.bar_plot import BarPlot

            self.plot = BarPlot(self.x_label, short_label=self.short_label)
            self._host_layout.addWidget(self.plot)
            self.plot.show()  # laid out with the chart, not after a queued show
            for layout in (self.layout(), self._host_layout):
                layout.activate()  # its size now, not after the next events
            self.plot.draw(self.rows, self.marks)
        return self.plot

    def _redraw(self) -> None:
        if self.plot is not None:
            self.plot.draw(self.rows, self.marks)

    def save_chart(self, path: Path) -> None:
        """Write the chart to ``path`` through pyqtgraph's exporters: SVG for a ``.svg``,
        else a PNG image."""
        self.drawn().save(path)

    # --- what it shows -----------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return self.rows.names

    @property
    def texts(self) -> list[str]:
        return self.rows.texts

    @property
    def tips(self) -> list[str]:
        return self.rows.tips

    @property
    def ends(self) -> np.ndarray:
        """Where each row's bars end as drawn."""
        return self.rows.ends

    @property
    def cut(self) -> np.ndarray:
        """Which rows were cut at the largest x."""
        return self.rows.cut

    def colours(self, row: int) -> list[QColor]:
        """The colours of row ``row``'s bars, left to right."""
        return [colours[row] for _, widths, colours in self.rows.layers if widths[row] > 0]

    def plot_height(self) -> float:
        """The height of the bars' area in pixels: the chart's, less its note and x axis."""
        return max(self.host.height() - axis_depth_px(), 1.0)

    def rows_named(self) -> int:
        """How many rows the chart's height holds with every one named."""
        return int(self.plot_height() // row_px())

    def x_range(self) -> tuple[float, float]:
        width = self.plot.bars_width() if self.plot is not None else self.host.width() - 80
        return 0.0, self.rows.x_right(width)

    def add_mark(self, x: float, colour: QColor, width: float = 1.0, dashed: bool = False) -> None:
        """A vertical line at ``x`` across the chart."""
        self.marks.append(Mark(x, QColor(colour), width, dashed))
        self._redraw()

    def clear_marks(self) -> None:
        self.marks.clear()
        self._redraw()

    def show_bars(
        self,
        names: Sequence[str],
        layers: Sequence[Layer],
        texts: Sequence[str],
        tips: Sequence[str] = (),
        least_x: float = 0.0,
        most_x: float | None = None,
        short: Sequence[str] = (),
    ) -> None:
        """Rows named ``names`` (top down), bars of ``layers`` stacked left to right, and
        ``texts`` right of each bar (``tips`` what hovering over a row tells; ``short``,
        what each text shrinks to in a chart too narrow for the texts). The x axis reaches
        at least ``least_x``; bars reaching past ``most_x`` are cut there and marked."""
        count = len(names)
        if len(texts) != count or any(len(w) != count or len(c) != count for w, c in layers):
            raise ValueError(f"a chart of {count} rows needs a figure, width and colour for each")
        if short and len(short) != count:
            raise ValueError(f"a chart of {count} rows needs a short figure for each or none")
        ends = np.zeros(count)
        full = np.zeros(count)
        placed = []
        for widths, colours in layers:
            widths = np.asarray(widths, dtype=float)
            full = full + widths
            if most_x is not None:
                widths = np.minimum(ends + widths, most_x) - ends
            # a bar without an end (a load on no capacity, uncut) is left to its figure
            widths = np.where(np.isfinite(widths), widths, 0.0)
            placed.append((ends.copy(), widths, list(colours)))
            ends = ends + widths
        self.rows = Bars(
            list(names),
            list(texts),
            [*tips, *[""] * (count - len(tips))],
            placed,
            ends,
            full > most_x if most_x is not None else np.zeros(count, dtype=bool),
            least_x,
            most_x,
            list(short),
        )
        self._redraw()
