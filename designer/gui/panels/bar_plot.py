"""The pyqtgraph plot behind :class:`designer.gui.panels.charts.BarChart`.

Importing this module imports pyqtgraph, so only ``BarChart.drawn`` does, the first time a
chart is shown. The plot is fixed along x (the axis reaches the longest bar and room for
its figure) and zooms and pans along y with the wheel and a drag, so a long histogram's
rows can be read one by one; the rows' names and figures thin out to every second, third,
... row when the rows are closer than a line of text, always naming the longest bar's row.
Hovering over a row shows its
readout; the right-click menu saves the chart as a PNG image through pyqtgraph's exporter,
or as an SVG drawing.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from pyqtgraph.exporters import ImageExporter
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAction, QBrush, QColor, QFontMetricsF, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from designer.gui.panels.bars import (
    AXIS,
    BAR_DEPTH,
    FIGURE_PT,
    NAME_PT,
    TEXT,
    Bars,
    Mark,
    every_nth,
    font,
    tick_text,
)

#: The grid's opacity behind the bars.
GRID_ALPHA = 0.15
#: The readout is never wider than this share of the plot.
READOUT_SHARE = 0.7


class RowAxis(pg.AxisItem):
    """The rows' names down the left: every row, or every n-th where the rows are too close
    to name each."""

    def __init__(self) -> None:
        super().__init__("left")
        self.names: list[str] = []
        #: the row every n-th named counts from: the longest bar's
        self.phase = 0

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list:  # type: ignore[override]
        if not self.names:
            return []
        minVal, maxVal = sorted((minVal, maxVal))  # the inverted axis gives them top down
        step = every_nth(maxVal - minVal, size)
        first = max(0, math.ceil(minVal))
        first += (self.phase - first) % step  # the rows the figures are written at
        last = min(len(self.names) - 1, math.floor(maxVal))
        return [(step, list(range(first, last + 1, step)))]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return [self.names[round(v)] for v in values]


class FigureAxis(pg.AxisItem):
    """The x axis, its figures written as the designer writes numbers (200,000, not 2e+05)."""

    def __init__(self) -> None:
        super().__init__("bottom")

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return [tick_text(v * scale, spacing * scale) for v in values]


class BarPlot(pg.PlotWidget):
    """Rows of horizontal bars, their names down the left, a figure right of each bar."""

    def __init__(self, x_label: str, parent: QWidget | None = None, short_label: str = "") -> None:
        rows, figures = RowAxis(), FigureAxis()
        #: the x axis's title, and what it shrinks to where it is wider than the bars
        self.labels = (x_label, short_label or x_label)
        super().__init__(parent, background="w", axisItems={"left": rows, "bottom": figures})
        self.row_axis, self.figure_axis = rows, figures
        self.bars = Bars()
        self.figures: list[pg.TextItem] = []
        self._drawn: list[pg.GraphicsObject] = []
        item = self.getPlotItem()
        item.setContentsMargins(6, 6, 10, 2)  # names and figures clear of the dock's edge
        item.setMenuEnabled(False)
        item.hideButtons()
        item.setMouseEnabled(x=False, y=True)
        item.showGrid(x=True, alpha=GRID_ALPHA)
        item.getViewBox().invertY(True)  # the first row at the top
        for axis in (self.row_axis, self.figure_axis):
            axis.setPen(pg.mkPen(AXIS))
            axis.setTextPen(pg.mkPen(TEXT))
            axis.setTickFont(font(NAME_PT))
        self.row_axis.setStyle(tickLength=0)
        self._title(x_label)
        self.readout = pg.TextItem(
            color=TEXT, fill=pg.mkBrush(255, 255, 255, 235), border=pg.mkPen(AXIS)
        )
        self.readout.setFont(font(NAME_PT))
        self.readout.setZValue(10)
        self.readout.hide()
        item.addItem(self.readout, ignoreBounds=True)
        self.scene().sigMouseMoved.connect(self.hover)
        item.getViewBox().sigResized.connect(self._fit_x)
        item.getViewBox().sigResized.connect(self._name_figures)
        item.getViewBox().sigYRangeChanged.connect(self._name_figures)
        self._menu()

    def _menu(self) -> None:
        save = QAction("Save Chart As…", self)
        save.triggered.connect(self.ask_and_save)
        every = QAction("Show Every Row", self)
        every.triggered.connect(self._fit_y)
        self.addActions([save, every])
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    # --- drawing -----------------------------------------------------------------------

    def draw(self, bars: Bars, marks: list[Mark]) -> None:
        """Show ``bars`` and ``marks`` in place of what was shown."""
        item = self.getPlotItem()
        for old in self._drawn:
            item.removeItem(old)
        self.bars, self._drawn, self.figures = bars, [], []
        self.readout.hide()
        rows = np.arange(len(bars.names), dtype=float)
        for starts, widths, colours in bars.layers:
            kept = np.flatnonzero(widths > 0)
            if not len(kept):
                continue
            self._add(
                pg.BarGraphItem(
                    x0=starts[kept],
                    width=widths[kept],
                    y=rows[kept],
                    height=BAR_DEPTH,
                    brushes=[QBrush(colours[r]) for r in kept.tolist()],
                    pens=[pg.mkPen(QColor(colours[r]).darker(130)) for r in kept.tolist()],
                )
            )
        self._draw_cuts(bars)
        for mark in marks:
            style = Qt.PenStyle.DashLine if mark.dashed else Qt.PenStyle.SolidLine
            pen = pg.mkPen(mark.colour, width=mark.width, style=style)
            self._add(pg.InfiniteLine(pos=mark.x, angle=90, pen=pen, movable=False))
        top = bars.longest()
        for row, end in enumerate(bars.ends.tolist()):
            figure = pg.TextItem("", color=TEXT, anchor=(0, 0.5))
            figure.setFont(font(FIGURE_PT))
            figure.setPos(max(end, bars.least_x) + top * 0.03, row)
            self._add(figure)
            self.figures.append(figure)
        self.row_axis.names = bars.names
        self.row_axis.phase = bars.longest_row()
        # as wide as the longest name from the start: left to grow as it paints, the axis
        # leaves out the names it has no room for until its next paint (a saved chart's too)
        metrics = QFontMetricsF(font(NAME_PT))
        widest = max((metrics.horizontalAdvance(n) for n in bars.names), default=0.0)
        self.row_axis.setWidth(math.ceil(widest) + 12)
        self.getPlotItem().layout.activate()  # the view box narrowed now, not after events
        self._fit_x()
        self._fit_y()

    def _title(self, text: str) -> None:
        """The x axis's title, set again only when it changes."""
        if self.figure_axis.labelText != text:
            self.getPlotItem().setLabel("bottom", text, color=TEXT.name(), size=f"{NAME_PT:g}pt")

    def _add(self, shown: pg.GraphicsObject) -> None:
        self.getPlotItem().addItem(shown, ignoreBounds=True)
        self._drawn.append(shown)

    def _draw_cuts(self, bars: Bars) -> None:
        """Two white slashes across the end of each cut bar, as an axis break is drawn."""
        cut = np.flatnonzero(bars.cut).tolist()
        if bars.most_x is None or not cut:
            return
        x = bars.most_x
        xs, ys = [], []
        for row in cut:
            for at in (x * 0.94, x * 0.965):
                xs += [at - x * 0.01, at + x * 0.01]
                ys += [row + 0.36, row - 0.36]
        slashes = pg.PlotCurveItem(
            np.array(xs), np.array(ys), connect="pairs", pen=pg.mkPen("w", width=2)
        )
        self._add(slashes)

    def bars_width(self) -> float:
        """The width of the bars' area in pixels."""
        return float(self.getPlotItem().getViewBox().width())

    def _fit_x(self) -> None:
        """The x axis from 0 to the longest bar and room for its figure, at this width, and
        the figures as this width writes them."""
        width = self.bars_width()
        for figure, text in zip(self.figures, self.bars.written(width), strict=True):
            figure.setText(text)
        full, short = self.labels
        self._title(
            full if QFontMetricsF(font(NAME_PT)).horizontalAdvance(full) <= width else short
        )
        right = self.bars.x_right(width)
        box = self.getPlotItem().getViewBox()
        box.setLimits(xMin=0.0, xMax=right)
        box.setXRange(0.0, right, padding=0)

    def _fit_y(self) -> None:
        """Every row in view; zooming in stops at one row and out at all of them."""
        count = max(len(self.bars.names), 1)
        box = self.getPlotItem().getViewBox()
        box.setLimits(yMin=-0.5, yMax=count - 0.5, minYRange=min(1.0, count), maxYRange=count)
        box.setYRange(-0.5, count - 0.5, padding=0)
        self._name_figures()

    def named_every(self) -> int:
        """Every how many rows a name and a figure are written at the present zoom."""
        low, high = self.getPlotItem().getViewBox().viewRange()[1]
        return every_nth(high - low, float(self.getPlotItem().getViewBox().height()))

    def _name_figures(self) -> None:
        """Every n-th row's figure, counted from the longest bar's row, whose name and
        figure thinning never leaves out (a trial's Cable lengths wrote neither for its
        largest band, 7-10 m)."""
        step, phase = self.named_every(), self.row_axis.phase
        for row, figure in enumerate(self.figures):
            figure.setVisible((row - phase) % step == 0)

    # --- hover -------------------------------------------------------------------------

    def row_at(self, scene_pos: QPointF) -> int | None:
        """The row under a point of the scene, if it is over the bars' area."""
        box = self.getPlotItem().getViewBox()
        if not box.sceneBoundingRect().contains(scene_pos) or not self.bars.names:
            return None
        row = round(box.mapSceneToView(scene_pos).y())
        return row if 0 <= row < len(self.bars.names) else None

    def hover(self, scene_pos: QPointF) -> None:
        """Show the readout of the row under the pointer beside it, on the side with room."""
        row = self.row_at(scene_pos)
        if row is None:
            self.readout.hide()
            return
        box = self.getPlotItem().getViewBox()
        at = box.mapSceneToView(scene_pos)
        self.readout.setText(self.bars.readout(row))
        # on the side of the pointer with more room, never wider than that room
        edges = box.sceneBoundingRect()
        room_left, room_right = scene_pos.x() - edges.left(), edges.right() - scene_pos.x()
        room = min(max(room_left, room_right) - 4, READOUT_SHARE * box.width())
        label = self.readout.textItem
        label.setTextWidth(-1)
        if label.boundingRect().width() > room:
            label.setTextWidth(max(room, 40.0))
        top, bottom = box.viewRange()[1]
        self.readout.setAnchor(
            (0 if room_right >= room_left else 1, 0 if at.y() < (top + bottom) / 2 else 1)
        )
        self.readout.setPos(at)
        self.readout.show()

    def leaveEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        self.readout.hide()
        super().leaveEvent(event)

    # --- export ------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the whole chart, every row, to ``path``: an SVG drawing for ``.svg``, else
        an image whose format the suffix names (PNG). Raises ``OSError`` when the file
        cannot be written."""
        self.readout.hide()
        item = self.getPlotItem()
        box = item.getViewBox()
        shown = box.viewRange()[1]
        self._fit_y()
        try:
            if path.suffix.lower() == ".svg":
                self._save_svg(path)
            else:
                image = ImageExporter(item).export(toBytes=True)
                if not image.save(str(path)):
                    raise OSError(f"could not write the image {path}")
        finally:
            box.setYRange(*shown, padding=0)

    def _save_svg(self, path: Path) -> None:
        """The plot drawn by Qt's SVG generator, as pyqtgraph's exporter draws it before
        correcting its coordinates. pyqtgraph 0.14.0's SVGExporter cannot read the closing
        "Z" Qt 6 writes at the end of every bar's outline and raises (pyqtgraph issue 3485,
        fixed after 0.14.0); with a release holding the fix, this becomes
        ``SVGExporter(self.getPlotItem()).export``."""
        generator = QSvgGenerator()
        generator.setFileName(str(path))
        generator.setSize(self.size())
        generator.setViewBox(self.rect())
        generator.setResolution(self.logicalDpiX())  # one pixel a unit, as on screen
        generator.setTitle(self.getPlotItem().getAxis("bottom").labelText)
        painter = QPainter()
        if not painter.begin(generator):
            raise OSError(f"could not write the drawing {path}")
        try:
            painter.fillRect(self.rect(), Qt.GlobalColor.white)
            self.render(painter, QRectF(self.rect()), self.rect())
        finally:
            painter.end()

    def ask_and_save(self) -> None:
        """The menu's Save Chart As…: a PNG or SVG file chosen by the user."""
        chosen, kind = QFileDialog.getSaveFileName(
            self, "Save Chart", "chart.png", "PNG image (*.png);;SVG drawing (*.svg)"
        )
        if not chosen:
            return
        path = Path(chosen)
        if path.suffix.lower() not in (".png", ".svg"):
            path = path.with_suffix(".svg" if "svg" in kind.lower() else ".png")
        try:
            self.save(path)
        except OSError as error:
            QMessageBox.warning(self, "Save Chart", f"The chart was not saved: {error}")
