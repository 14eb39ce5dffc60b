"""The Energy dock's capital chart says which rows no source prices, counting their items as
the drawing set's "Not priced" table lists them: a trial's Switches, Busways and Amplifiers
rows showed neither a bar nor a figure in the dock, 7,884 switches silently out of the
"Priced" sum."""

from PySide6.QtCore import QPointF

from tests.gui.conftest import wait_checked


def test_each_unpriced_row_says_how_many_items_are_left_out(qtbot, make_window, example):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    window.energy_dock.raise_()
    window.energy_panel.tabs.setCurrentIndex(1)
    chart = window.energy_panel.capital
    qtbot.waitUntil(lambda: chart.plot is not None and bool(chart.names), timeout=10_000)
    figures = dict(zip(chart.names, chart.texts, strict=True))
    # as `energy` lists the bill's unpriced lines: 12 DGX B200 and 3 QM9700 racks; 3 CRAHs
    # and 12 rear doors; 6 busways; 3 tray runs; 12 leaf and 6 spine QM9700; one fibre
    # pair North - South and its two amplifiers
    assert figures == {
        "Racks and systems": "unpriced: 15 racks",
        "Cooling units": "unpriced: 15 cooling units",
        "Busways": "unpriced: 6 busways",
        "Cable trays": "unpriced: 3 tray runs",
        "Optical modules": figures["Optical modules"],
        "Cables": figures["Cables"],
        "Switches": "unpriced: 18 switches",
        "Fibre pairs": "unpriced: 1 fibre pair",
        "Amplifiers": "unpriced: 2 amplifiers",
        "Energy a year": "price unknown at North, South",
    }
    assert figures["Optical modules"].endswith(" low confidence")
    switches = chart.names.index("Switches")
    assert chart.colours(switches) == []  # no bar: no price, not a price of zero

    # in the dock beside the findings each row writes its figure, and an unpriced row's
    # says so; in a narrower one (the trial's figures of a campus, "$3,492.5 M + 673 racks
    # unpriced", left the bars too little room), a short figure that still says it
    plot = chart.plot
    assert [figure.toPlainText() for figure in plot.figures] == chart.texts
    short = dict(zip(chart.names, chart.rows.written(150.0), strict=True))
    assert (short["Switches"], short["Busways"], short["Amplifiers"]) == (
        "unpriced: 18",
        "unpriced: 6",
        "unpriced: 2",
    )
    assert short["Optical modules"] == figures["Optical modules"].split(" low")[0]
    assert short["Energy a year"] == "price unknown"
    # hovering over a row names each item left out
    box = plot.getPlotItem().getViewBox()
    plot.hover(box.mapViewToScene(QPointF(0.1, switches)))
    assert "no sourced price for NVIDIA Quantum-2 QM9700 (leaf) (12)" in (
        plot.readout.toPlainText()
    )
