"""The panels' bar charts: pyqtgraph plots made when first shown, their names and figures
never written over one another, a readout on hover, and PNG and SVG through pyqtgraph's
exporters."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from designer.gui.panels.bars import LEAST_ROWS, row_px, tick_text
from designer.gui.panels.charts import BarChart

TEAL = QColor("#1596a8")


def _chart(qtbot, names, widths, texts, tips=(), least_x=0.0, most_x=None):  # type: ignore[no-untyped-def]
    chart = BarChart("Links")
    qtbot.addWidget(chart)
    chart.show_bars(
        names,
        [(np.asarray(widths, dtype=float), [TEAL] * len(names))],
        texts,
        tips,
        least_x,
        most_x,
    )
    chart.resize(500, 320)
    chart.show()
    qtbot.waitExposed(chart)
    qtbot.waitUntil(lambda: chart.plot is not None)  # made just after the first paint
    return chart


def _bar_centre(chart, row: int) -> QPointF:  # type: ignore[no-untyped-def]
    """Where row ``row``'s bar is in the plot's scene: half way along it."""
    box = chart.plot.getPlotItem().getViewBox()
    return box.mapViewToScene(QPointF(float(chart.ends[row]) / 2, row))


def test_the_bars_are_pyqtgraph_items_with_their_widths_names_and_limit_line(qtbot):
    import pyqtgraph as pg

    chart = _chart(qtbot, ["A", "B", "C"], [10, 50, 100], ["10", "50", "100"])
    chart.add_mark(80.0, QColor("#c0392b"), 1.5, dashed=True)
    items = chart.plot.getPlotItem().items
    bars = [i for i in items if isinstance(i, pg.BarGraphItem)]
    assert len(bars) == 1
    assert list(bars[0].opts["width"]) == [10.0, 50.0, 100.0]
    assert list(bars[0].opts["y"]) == [0.0, 1.0, 2.0]  # the first row at the top
    assert chart.plot.getPlotItem().getViewBox().yInverted()
    lines = [i for i in items if isinstance(i, pg.InfiniteLine)]
    assert [line.value() for line in lines] == [80.0]
    assert chart.plot.row_axis.tickStrings([0, 1, 2], 1, 1) == ["A", "B", "C"]
    figures = [i.toPlainText() for i in items if isinstance(i, pg.TextItem) and i.isVisible()]
    assert figures == ["10", "50", "100"]


def test_hovering_over_a_bar_reads_out_its_figure(qtbot):
    chart = _chart(
        qtbot,
        ["Busway A1", "CDU-1"],
        [73, 46],
        ["73 %  528 / 719 kW", "46 %"],
        ["", "CDU-1: 459.4 kW, 34 % of its 1,368 kW capacity"],
    )
    scene = chart.plot.scene()
    scene.sigMouseMoved.emit(_bar_centre(chart, 0))
    readout = chart.plot.readout
    assert readout.isVisible()
    assert readout.toPlainText() == "Busway A1: 73 %  528 / 719 kW"
    scene.sigMouseMoved.emit(_bar_centre(chart, 1))  # a row with a tip reads out the tip
    assert readout.toPlainText() == "CDU-1: 459.4 kW, 34 % of its 1,368 kW capacity"
    scene.sigMouseMoved.emit(QPointF(-50, -50))  # off the plot: nothing
    assert not readout.isVisible()


def test_a_long_readout_stays_inside_the_plot_wherever_the_pointer_is(qtbot):
    tip = "Racks and systems: " + "a long explanation of where the price comes from " * 4
    chart = _chart(qtbot, ["Racks", "Cables"], [20, 1], ["$20 M", "$1 M"], [tip, ""])
    box = chart.plot.getPlotItem().getViewBox()
    edges = box.sceneBoundingRect()
    for share in (0.2, 0.45, 0.55, 0.8):
        x = edges.left() + share * edges.width()
        chart.plot.hover(QPointF(x, box.mapViewToScene(QPointF(0, 0)).y()))
        chart.plot.readout.updateTransform(force=True)  # as its paint does
        label = chart.plot.readout.textItem
        shown = label.mapRectToScene(label.boundingRect())
        assert chart.plot.readout.isVisible()
        assert edges.left() <= shown.left() and shown.right() <= edges.right(), share


def test_a_chart_saves_as_png_and_svg_through_pyqtgraphs_exporters(qtbot, tmp_path):
    chart = _chart(qtbot, ["DAC", "multimode SR"], [1_000, 250], ["1,000", "250"])
    png, svg = tmp_path / "mix.png", tmp_path / "mix.svg"
    chart.save_chart(png)
    image = QImage(str(png))
    assert not image.isNull() and image.width() > 200 and image.height() > 100
    # the picture is not blank: the teal bars are in it
    teal = sum(
        image.pixelColor(x, y).name() == TEAL.name()
        for x in range(0, image.width(), 4)
        for y in range(0, image.height(), 4)
    )
    assert teal > 20
    chart.save_chart(svg)
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text and "multimode SR" in text
    with pytest.raises(OSError, match="could not write"):
        chart.save_chart(tmp_path / "no-such-folder" / "mix.png")


def test_a_short_chart_names_every_second_or_third_row_and_never_overlaps_them(qtbot):
    """A trial's Cable lengths tab, its dock dragged short, wrote 14 band names over one
    another; zooming in on the rows names each again."""
    names = [f"{n}–{n + 1} m" for n in range(14)]
    chart = _chart(qtbot, names, np.arange(14) + 1.0, [str(n) for n in range(14)])
    chart.resize(400, 600)
    qtbot.waitUntil(lambda: chart.plot.named_every() == 1)  # room for every name
    chart.resize(400, 60)  # shorter than the chart allows
    qtbot.waitUntil(lambda: chart.plot.named_every() > 1)
    assert chart.host.height() >= chart.host.minimumHeight() > 0
    every = chart.plot.named_every()
    box = chart.plot.getPlotItem().getViewBox()
    unit = box.height() / len(names)
    assert every * unit >= row_px()  # names written stand a text's height apart
    assert (every - 1) * unit < row_px()  # and no sparser than they must
    # counted from the longest bar, the last row's, which is always named (a trial's
    # lengths chart wrote neither name nor figure for its largest band)
    shown = chart.plot.row_axis.tickValues(-0.5, 13.5, box.height())[0][1]
    assert shown == list(range(13 % every, 14, every)) and shown[-1] == 13
    figures = [f.isVisible() for f in chart.plot.figures]
    assert figures == [(13 - row) % every == 0 for row in range(14)]
    # zoomed in on four rows, every one is named again
    box.setYRange(-0.5, 3.5, padding=0)
    assert chart.plot.named_every() == 1
    # a chart keeps room for a few readable rows
    assert chart.host.minimumHeight() >= LEAST_ROWS * row_px()


def test_a_bar_without_an_end_is_drawn_without_it_and_a_short_figure_list_is_refused(qtbot):
    """A review crashed the designer twice from a chart's paint: an infinite bar made the
    axis ticks overflow, and one figure fewer than rows ran out under the painter."""
    chart = _chart(qtbot, ["A", "B"], [np.inf, 40.0], ["no capacity", "40 %"])
    assert not chart.grab().isNull()  # painted, the infinite bar left to its figure
    assert list(chart.ends) == [0.0, 40.0] and chart.x_range()[1] > 40
    with pytest.raises(ValueError, match="needs a figure"):
        chart.show_bars(["A", "B"], [(np.array([1.0, 2.0]), [TEAL] * 2)], ["1"])


def test_chart_axes_write_figures_as_the_designer_does(qtbot):
    assert [tick_text(v, 200_000) for v in (0, 200_000, 1_000_000)] == ["0", "200,000", "1,000,000"]
    assert [tick_text(v, 0.5) for v in (0.5, 1.0)] == ["0.5", "1"]
    chart = _chart(qtbot, ["A"], [1_000_000], ["1,000,000"])
    axis = chart.plot.figure_axis
    assert axis.tickStrings([0.0, 500_000.0], 1.0, 500_000.0) == ["0", "500,000"]


def test_the_designer_imports_pyqtgraph_only_when_a_chart_is_shown(tmp_path):
    """Start-up with every chart's dock closed leaves pyqtgraph unimported; opening the
    Utilisation dock imports it."""
    code = textwrap.dedent(
        """
        import sys
        import time
        import designer.gui  # noqa: F401
        from PySide6.QtCore import QSettings, QStandardPaths
        from PySide6.QtWidgets import QApplication
        QStandardPaths.setTestModeEnabled(True)
        from designer.gui.main_window import MainWindow
        from designer.core.catalog import projects_dir
        from designer.gui.recent import RecentFiles

        app = QApplication([])
        recent = RecentFiles(QSettings(sys.argv[1], QSettings.Format.IniFormat))
        window = MainWindow(recent=recent, debounce_ms=0)
        for dock in (window.dashboard_dock, window.lengths_dock, window.media_dock,
                     window.energy_dock, window.jobs_dock):
            dock.hide()
        assert window.open_path(projects_dir() / "gb200-nvl72-su.rackplan.json")
        window.show()
        deadline = time.monotonic() + 60
        while not (window.editor.checked and window.checker.idle) and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.01)
        window.grab()
        before = "pyqtgraph" in sys.modules
        assert window.media_chart.names  # the hidden charts hold their figures all the same
        window.dashboard_dock.show()
        for _ in range(20):
            app.processEvents()
        print(before, "pyqtgraph" in sys.modules, window.dashboard.plot is not None)
        """
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "settings.ini")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["False", "True", "True"]


def test_a_narrow_chart_writes_its_short_figures_whole_and_a_wide_one_the_long(qtbot):
    """A 1,280-pixel window's Utilisation dock cut "93 %  1,117 / 1,200 kW" to
    "93 %  1,117 / 1,", read as a limit of 1; and its title to "% of what it may carry
    continu". Too narrow for the figures in full, it writes "93 %" and a short title."""
    chart = BarChart("% of what it may carry continuously", short_label="% of its limit")
    qtbot.addWidget(chart)
    texts = ["73 %  528 / 719 kW", "93 %  1,117 / 1,200 kW"]
    chart.show_bars(
        ["Busway A1", "Hall power"],
        [(np.array([73.0, 93.0]), [TEAL, TEAL])],
        texts,
        least_x=100.0,
        short=["73 %", "93 %"],
    )
    chart.show()
    qtbot.waitExposed(chart)
    qtbot.waitUntil(lambda: chart.plot is not None)

    def written() -> list[str]:
        return [f.textItem.toPlainText() for f in chart.plot.figures]

    def inside() -> bool:
        box = chart.plot.getPlotItem().getViewBox().sceneBoundingRect()
        return all(f.sceneBoundingRect().right() <= box.right() + 0.5 for f in chart.plot.figures)

    chart.resize(220, 300)
    qtbot.waitUntil(lambda: written() == ["73 %", "93 %"])
    assert inside() and chart.plot.figure_axis.labelText == "% of its limit"
    chart.resize(600, 300)
    qtbot.waitUntil(lambda: written() == texts)
    assert inside() and chart.plot.figure_axis.labelText == "% of what it may carry continuously"


def test_a_figure_that_cannot_be_written_whole_is_left_to_the_readout(qtbot):
    """A trial's Jobs chart cut "668 ms" to "668" on an axis of seconds."""
    chart = BarChart("Seconds per step", short_label="s per step")
    qtbot.addWidget(chart)
    names = ["DCI Site 1 – Site 2, path 1", "DCI Site 1 – Site 2, path 2"]
    chart.show_bars(names, [(np.array([0.773, 0.773]), [TEAL, TEAL])], ["773 ms", "773 ms"])
    chart.show()
    qtbot.waitExposed(chart)
    qtbot.waitUntil(lambda: chart.plot is not None)
    chart.resize(220, 300)  # the long names leave the bars a sliver
    qtbot.waitUntil(lambda: chart.plot.bars_width() < 80)
    assert [f.textItem.toPlainText() for f in chart.plot.figures] == ["", ""]
    assert chart.plot.figure_axis.labelText == "s per step"
    chart.resize(700, 300)
    qtbot.waitUntil(
        lambda: [f.textItem.toPlainText() for f in chart.plot.figures] == ["773 ms"] * 2
    )
