"""Horizontal bar charts for the panels: one row per name, bars stacked by colour, a figure
right of each bar.

The utilisation dashboard, the cable-length histogram and the media mix all read best as
rows of bars with their names down the left (names of feeds, length bands and media are
too long to stand under a vertical bar), so they share this chart: fixed (no zoom, no
menu), small grey axes, and the x range widened just enough that the longest figure fits
right of its bar. A chart may cut its bars at a largest x (one huge or infinite bar would
otherwise shrink the rest to slivers): a cut bar ends there with a white break mark across
it, and its figure says how long it really is.

It paints itself with one QPainter pass. A plotting library would do the same for three
small charts at the price of its import: pyqtgraph's took 32 MB of the designer's memory.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from designer.core.format import number

#: A layer of bars: one width per row and one colour per row (stacked left to right).
Layer = tuple[np.ndarray, Sequence[QColor]]

AXIS = QColor("#8a949e")
TEXT = QColor("#2b3540")
GRID = QColor(0, 0, 0, 38)
#: The share of a row's height a bar fills.
BAR_DEPTH = 0.66
#: Pixels between tick figures on the x axis, about.
TICK_SPACING_PX = 70.0
#: The fewest rows a chart keeps room for, names readable.
LEAST_ROWS = 4


def _font(size_pt: float) -> QFont:
    font = QFont()
    font.setPointSizeF(size_pt)
    return font


def tick_step(span: float, ticks: float) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` ticks over
    ``span``."""
    if span <= 0 or ticks <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def tick_text(value: float, step: float) -> str:
    """A tick's figure as the designer writes numbers: 200,000 and 1,000,000, not 2e+05."""
    digits = 0 if step >= 1 else min(6, math.ceil(-math.log10(step)))
    return number(value, digits)


@dataclass
class _Mark:
    """A vertical line across the chart at ``x`` (a limit, a threshold)."""

    x: float
    pen: QPen


@dataclass
class _Rows:
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


class _Plot(QWidget):
    """The chart itself: names down the left, the x axis along the bottom."""

    #: The chart's height changed: its window, or the note under it, grew or shrank.
    resized = Signal()

    def __init__(self, x_label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.x_label = x_label
        self.rows = _Rows()
        self.marks: list[_Mark] = []
        self.name_font, self.figure_font, self.tick_font = _font(8), _font(7.5), _font(8)
        self.setMinimumWidth(220)
        # room for a few rows whose names can be read, and the axis under them
        self.setMinimumHeight(round(LEAST_ROWS * self._text_px() + self._axis_depth() + 6))
        self.setMouseTracking(True)  # each row's tooltip follows the pointer

    # the frame of the chart, in pixels

    def _axis_px(self) -> float:
        metrics = QFontMetricsF(self.name_font)
        return max((metrics.horizontalAdvance(n) for n in self.rows.names), default=0.0) + 16

    def _text_px(self) -> float:
        """The height a row's name needs."""
        return QFontMetricsF(self.name_font).height() + 1

    def _axis_depth(self) -> float:
        """The depth of the x axis's figures and title under the bars."""
        return 2 * QFontMetricsF(self.tick_font).height() + 10

    def _area(self) -> QRectF:
        """Where the bars are drawn, inside the axes."""
        left = self._axis_px()
        return QRectF(
            left,
            6,
            max(self.width() - left - 10, 1),
            max(self.height() - 6 - self._axis_depth(), 1),
        )

    def rows_named(self) -> int:
        """How many rows the chart's height holds with every one named (the height of the
        bars' area, less the axis under it, over a name's height)."""
        return int(self._area().height() // self._text_px())

    def named_every(self) -> int:
        """Every how many rows a name and a figure are written: every row when the rows are
        deep enough to read, else every second, third, ... (a short dock with a dozen length
        bands wrote them all over one another)."""
        count = len(self.rows.names)
        if not count:
            return 1
        unit = self._area().height() / count
        return max(1, math.ceil(self._text_px() / max(unit, 1e-6)))

    def _longest(self) -> float:
        """The end of the longest bar, or ``least_x`` if that is further."""
        rows = self.rows
        return max(rows.least_x, float(rows.ends.max()) if len(rows.ends) else 0.0)

    def x_right(self) -> float:
        """The right end of the x axis: the longest bar (at least ``least_x``) and, right of
        it, room for the widest figure."""
        rows = self.rows
        top = self._longest()
        metrics = QFontMetricsF(self.figure_font)
        widest = max((metrics.horizontalAdvance(t) for t in rows.texts), default=0.0)
        plot_px = max(self._area().width(), 120.0)
        return max(top, 1.0) * 1.03 * plot_px / max(plot_px - widest - 12, 40.0)

    def _row_at(self, y: float) -> int | None:
        count = len(self.rows.names)
        area = self._area()
        if not count or not area.top() <= y <= area.bottom():
            return None
        row = math.floor((y - area.top()) / area.height() * count)
        return min(row, count - 1)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        row = self._row_at(event.position().y())
        tips = self.rows.tips
        self.setToolTip(tips[row] if row is not None and row < len(tips) else "")
        super().mouseMoveEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:  # a painter left open by an exception takes the whole designer down
            self._paint(painter)
        finally:
            painter.end()

    def _paint(self, painter: QPainter) -> None:
        painter.fillRect(self.rect(), Qt.GlobalColor.white)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        area = self._area()
        right = self.x_right()
        count = max(len(self.rows.names), 1)
        unit = area.height() / count

        def x_px(x: float) -> float:
            return area.left() + x / right * area.width()

        def y_px(row: float) -> float:
            return area.top() + (row + 0.5) * unit

        self._paint_axis(painter, area, right, x_px)
        for starts, widths, colours in self.rows.layers:
            for row, (start, width) in enumerate(zip(starts, widths, strict=True)):
                if width <= 0:
                    continue
                colour = colours[row]
                painter.setPen(QPen(QColor(colour).darker(130), 1))
                painter.setBrush(colour)
                top = y_px(row) - BAR_DEPTH * unit / 2
                painter.drawRect(
                    QRectF(x_px(start), top, x_px(start + width) - x_px(start), BAR_DEPTH * unit)
                )
        self._paint_cuts(painter, unit, x_px, y_px)
        for mark in self.marks:
            if 0 <= mark.x <= right:
                painter.setPen(mark.pen)
                painter.drawLine(
                    QPointF(x_px(mark.x), area.top()), QPointF(x_px(mark.x), area.bottom())
                )
        self._paint_names_and_figures(painter, area, x_px, y_px)

    def _paint_axis(self, painter: QPainter, area: QRectF, right: float, x_px) -> None:  # type: ignore[no-untyped-def]
        """Grid lines and figures at round steps, the axis lines and the axis title."""
        step = tick_step(right, area.width() / TICK_SPACING_PX)
        painter.setFont(self.tick_font)
        line = QFontMetricsF(self.tick_font).height()
        for k in range(int(right / step + 1e-9) + 1):
            x = k * step
            px = x_px(x)
            if k:
                painter.setPen(QPen(GRID, 1))
                painter.drawLine(QPointF(px, area.top()), QPointF(px, area.bottom()))
            painter.setPen(QPen(AXIS, 1))
            painter.drawLine(QPointF(px, area.bottom()), QPointF(px, area.bottom() + 4))
            painter.setPen(TEXT)
            painter.drawText(
                QRectF(px - 40, area.bottom() + 4, 80, line),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                tick_text(x, step),
            )
        painter.setPen(QPen(AXIS, 1))
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        painter.drawLine(area.topLeft(), area.bottomLeft())
        painter.setPen(TEXT)
        painter.drawText(
            QRectF(area.left(), area.bottom() + 6 + line, area.width(), line),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            self.x_label,
        )

    def _paint_cuts(self, painter: QPainter, unit: float, x_px, y_px) -> None:  # type: ignore[no-untyped-def]
        """Two white slashes across the end of each cut bar, as an axis break is drawn."""
        x = self.rows.most_x
        if x is None:
            return
        painter.setPen(QPen(Qt.GlobalColor.white, 2))
        for row in np.flatnonzero(self.rows.cut).tolist():
            for at in (x * 0.94, x * 0.965):
                painter.drawLine(
                    QPointF(x_px(at - x * 0.01), y_px(row) + 0.36 * unit),
                    QPointF(x_px(at + x * 0.01), y_px(row) - 0.36 * unit),
                )

    def _paint_names_and_figures(self, painter: QPainter, area: QRectF, x_px, y_px) -> None:  # type: ignore[no-untyped-def]
        rows = self.rows
        every = self.named_every()
        painter.setPen(TEXT)
        painter.setFont(self.name_font)
        height = QFontMetricsF(self.name_font).height()
        for row, name in enumerate(rows.names):
            if row % every:
                continue
            painter.drawText(
                QRectF(0, y_px(row) - height / 2, area.left() - 6, height),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                name,
            )
        painter.setFont(self.figure_font)
        height = QFontMetricsF(self.figure_font).height()
        top = self._longest()
        for row, (end, text) in enumerate(zip(rows.ends, rows.texts, strict=True)):
            if row % every:
                continue
            at = x_px(max(float(end), rows.least_x) + top * 0.03)
            painter.drawText(
                QRectF(at, y_px(row) - height / 2, area.right() - at + 10, height),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                text,
            )


class BarChart(QWidget):
    """A fixed horizontal bar chart with a note under it."""

    def __init__(self, x_label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = _Plot(x_label)
        self.note = QLabel()
        self.note.setStyleSheet("color: #5f6b76; padding: 2px 6px;")
        self.note.setWordWrap(True)  # never let a note widen the window
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.note)

    @property
    def names(self) -> list[str]:
        return self.plot.rows.names

    @property
    def texts(self) -> list[str]:
        return self.plot.rows.texts

    @property
    def tips(self) -> list[str]:
        return self.plot.rows.tips

    @property
    def ends(self) -> np.ndarray:
        """Where each row's bars end as drawn."""
        return self.plot.rows.ends

    @property
    def cut(self) -> np.ndarray:
        """Which rows were cut at the largest x."""
        return self.plot.rows.cut

    def colours(self, row: int) -> list[QColor]:
        """The colours of row ``row``'s bars, left to right."""
        return [colours[row] for _, widths, colours in self.plot.rows.layers if widths[row] > 0]

    def x_range(self) -> tuple[float, float]:
        return 0.0, self.plot.x_right()

    def add_mark(self, x: float, colour: QColor, width: float = 1.0, dashed: bool = False) -> None:
        """A vertical line at ``x`` across the chart."""
        pen = QPen(colour, width)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        self.plot.marks.append(_Mark(x, pen))
        self.plot.update()

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
        ``texts`` right of each bar (``tips`` the rows' tooltips). The x axis reaches at
        least ``least_x``; bars reaching past ``most_x`` are cut there and marked."""
        count = len(names)
        if len(texts) != count or any(len(w) != count or len(c) != count for w, c in layers):
            raise ValueError(f"a chart of {count} rows needs a figure, width and colour for each")
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
        self.plot.rows = _Rows(
            list(names),
            list(texts),
            [*tips, *[""] * (count - len(tips))],
            placed,
            ends,
            full > most_x if most_x is not None else np.zeros(count, dtype=bool),
            least_x,
            most_x,
        )
        self.plot.update()
