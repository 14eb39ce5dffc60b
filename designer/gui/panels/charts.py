"""Horizontal bar charts for the panels: one row per name, bars stacked by colour, a figure
right of each bar.

The utilisation dashboard, the cable-length histogram and the media mix all read best as
rows of bars with their names down the left (names of feeds, length bands and media are
too long to stand under a vertical bar), so they share this pyqtgraph chart: fixed (no
mouse zoom, no context menu), small grey axes, and the x range widened just enough that
the longest figure fits right of its bar. A chart may cut its bars at a largest x (one
huge or infinite bar would otherwise shrink the rest to slivers): a cut bar ends there with
a white break mark across it, and its figure says how long it really is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QColor, QFont, QFontMetricsF
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from designer.core.format import number

#: A layer of bars: one width per row and one colour per row (stacked left to right).
Layer = tuple[np.ndarray, Sequence[QColor]]


class FiguresAxis(pg.AxisItem):
    """Tick figures written as the designer writes numbers: 200,000 and 1,000,000, not
    200000 and 1e+06."""

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        step = abs(spacing * scale)
        digits = 0 if step >= 1 or step == 0 else min(6, math.ceil(-math.log10(step)))
        return [number(value * scale, digits) for value in values]


def _font(size_pt: float) -> QFont:
    font = QFont()
    font.setPointSizeF(size_pt)
    return font


class BarChart(QWidget):
    """A fixed horizontal bar chart with a note under it."""

    def __init__(self, x_label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = pg.PlotWidget(background="w", axisItems={"bottom": FiguresAxis("bottom")})
        self.plot.setMinimumWidth(220)
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.getPlotItem().invertY(True)
        self.plot.getPlotItem().showGrid(x=True, y=False, alpha=0.15)
        for name in ("left", "bottom"):
            axis = self.plot.getAxis(name)
            axis.setTickFont(_font(8))
            axis.setPen(pg.mkPen("#8a949e"))
            axis.setTextPen(pg.mkPen("#2b3540"))
        self.plot.setLabel("bottom", x_label)
        self.names: list[str] = []
        self.texts: list[str] = []
        #: Where each row's bars end as drawn, and which rows were cut at the largest x.
        self.ends = np.zeros(0)
        self.cut = np.zeros(0, dtype=bool)
        self._bars: list[pg.GraphicsObject] = []
        self._labels: list[pg.TextItem] = []
        self.note = QLabel()
        self.note.setStyleSheet("color: #5f6b76; padding: 2px 6px;")
        self.note.setWordWrap(True)  # never let a note widen the window
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.plot)
        layout.addWidget(self.note)

    def show_bars(
        self,
        names: Sequence[str],
        layers: Sequence[Layer],
        texts: Sequence[str],
        tips: Sequence[str] = (),
        least_x: float = 0.0,
        most_x: float | None = None,
    ) -> None:
        """Rows named ``names`` (top down), bars of ``layers`` stacked left to right, and
        ``texts`` right of each bar (``tips`` their tooltips). The x axis reaches at least
        ``least_x``; bars reaching past ``most_x`` are cut there and marked."""
        for item in (*self._bars, *self._labels):
            self.plot.removeItem(item)
        self._bars, self._labels = [], []
        self.names, self.texts = list(names), list(texts)
        rows = len(self.names)
        ys = np.arange(rows, dtype=float)
        ends = np.zeros(rows)
        full = np.zeros(rows)
        for widths, colours in layers:
            widths = np.asarray(widths, dtype=float)
            full = full + widths
            if most_x is not None:
                widths = np.minimum(ends + widths, most_x) - ends
            if rows and widths.any():
                bar = pg.BarGraphItem(
                    x0=ends.copy(),
                    y=ys,
                    width=widths,
                    height=0.66,
                    brushes=[pg.mkBrush(c) for c in colours],
                    pens=[pg.mkPen(QColor(c).darker(130)) for c in colours],
                )
                self.plot.addItem(bar)
                self._bars.append(bar)
            ends = ends + widths
        self.ends = ends
        self.cut = full > most_x if most_x is not None else np.zeros(rows, dtype=bool)
        if self.cut.any():
            self._mark_cuts(ys[self.cut], float(most_x or 0.0))
        axis = self.plot.getAxis("left")
        axis.setTicks([list(enumerate(self.names))])
        tick_font = QFontMetricsF(axis.style.get("tickFont") or QFont())
        axis_px = max((tick_font.horizontalAdvance(n) for n in self.names), default=0.0) + 16
        axis.setWidth(int(axis_px))  # fixed now, so the room left for the figures is known
        font = _font(7.5)
        metrics = QFontMetricsF(font)
        top = max(least_x, float(ends.max()) if rows else 0.0)
        widest = 0.0
        for y, end, text, tip in zip(
            ys, ends, self.texts, [*tips, *[""] * (rows - len(tips))], strict=True
        ):
            widest = max(widest, metrics.horizontalAdvance(text))
            label = pg.TextItem(text, color="#2b3540", anchor=(0, 0.5))
            label.setFont(font)
            label.setToolTip(tip)
            label.setPos(max(end, least_x) + top * 0.03, y)
            self.plot.addItem(label)
            self._labels.append(label)
        # leave room right of the bars for the widest figure
        plot_px = max(self.plot.width() - axis_px - 16, 120.0)
        right = max(top, 1.0) * 1.03 * plot_px / max(plot_px - widest - 12, 40.0)
        self.plot.setXRange(0, right, padding=0)
        self.plot.setYRange(-0.6, max(rows, 1) - 0.4, padding=0)

    def _mark_cuts(self, ys: np.ndarray, x: float) -> None:
        """Two white slashes across the end of each cut bar, as an axis break is drawn."""
        xs, yy = [], []
        for y in ys:
            for at in (x * 0.94, x * 0.965):
                xs += [at - x * 0.01, at + x * 0.01]
                yy += [y + 0.36, y - 0.36]
        marks = pg.PlotCurveItem(
            x=np.array(xs), y=np.array(yy), connect="pairs", pen=pg.mkPen("w", width=2)
        )
        self.plot.addItem(marks)
        self._bars.append(marks)
