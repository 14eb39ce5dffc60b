"""The panels' bar charts: their names and figures never written over one another."""

import numpy as np
from PySide6.QtGui import QColor

from designer.gui.panels.charts import LEAST_ROWS, BarChart


def test_a_short_chart_names_every_second_or_third_row_and_never_overlaps_them(qtbot):
    """A trial's Cable lengths tab, its dock dragged short, wrote 14 band names over one
    another."""
    chart = BarChart("Links")
    qtbot.addWidget(chart)
    names = [f"{n}–{n + 1} m" for n in range(14)]
    chart.show_bars(
        names, [(np.arange(14) + 1.0, [QColor("#1596a8")] * 14)], [str(n) for n in range(14)]
    )
    chart.resize(400, 600)
    chart.show()
    qtbot.waitExposed(chart)
    plot = chart.plot
    assert plot.named_every() == 1  # room for every name
    chart.resize(400, 60)  # shorter than the chart allows
    qtbot.waitUntil(lambda: chart.plot.height() < 200)
    assert plot.height() >= plot.minimumHeight() > 0
    every = plot.named_every()
    assert every > 1
    # the names written stand at least a text's height apart
    unit = plot._area().height() / len(names)
    assert every * unit >= plot._text_px()
    assert (every - 1) * unit < plot._text_px()  # and no sparser than they must
    # a chart keeps room for a few readable rows
    assert plot.minimumHeight() >= LEAST_ROWS * plot._text_px()


def test_a_bar_without_an_end_is_drawn_without_it_and_a_short_figure_list_is_refused(qtbot):
    """A review crashed the designer twice from a chart's paint: an infinite bar made the
    axis ticks overflow, and one figure fewer than rows ran out under the painter."""
    import pytest

    chart = BarChart("%")
    qtbot.addWidget(chart)
    colours = [QColor("#1596a8")] * 2
    chart.show_bars(["A", "B"], [(np.array([np.inf, 40.0]), colours)], ["no capacity", "40 %"])
    chart.resize(400, 300)
    assert not chart.grab().isNull()  # painted, the infinite bar left to its figure
    assert list(chart.ends) == [0.0, 40.0] and chart.x_range()[1] > 40
    with pytest.raises(ValueError, match="needs a figure"):
        chart.show_bars(["A", "B"], [(np.array([1.0, 2.0]), colours)], ["1"])
