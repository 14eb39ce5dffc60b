"""The Energy panel: a bar per site of its facility energy a year, with cost and carbon, and
the capital by the bill's category beside the year's energy cost."""

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF

from designer.core.document import operations as ops
from designer.gui.panels.capital import ENERGY, LOW_CONFIDENCE, SOURCED
from tests.gui.conftest import wait_checked
from tests.gui.test_properties import commit


def test_each_site_shows_its_years_energy_cost_and_carbon(qtbot, make_window, example):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    north = next(s.id for s in window.editor.project.sites.values() if s.name == "North")
    ops.update(window.editor.doc, north, energy_price_per_mwh=50.0, carbon_g_per_kwh=500.0)
    window.energy_dock.raise_()
    panel = window.energy_panel.sites
    qtbot.waitUntil(lambda: "$" in "".join(panel.texts), timeout=5_000)
    assert panel.names == ["North", "South"]
    # North: 484 kW typical x 8,760 h = 4,239.84 MWh, x PUE 1.3 = 5,511.79 MWh; at $50/MWh
    # $275,590; at 500 g/kWh 2,755.9 t
    assert panel.texts[0] == "5.5 GWh · $0.28 M · 2,756 t CO2"
    assert round(float(panel.ends[0]), 2) == 5511.79
    # South: 242 kW x 8,760 h x 1.3 = 2,755.90 MWh, and no price set
    assert panel.texts[1] == "2.8 GWh · price unknown"
    assert panel.tips[0].startswith("North: 4,240 MWh of IT energy a year x PUE 1.3")
    assert "no price at South" in panel.note.text()
    assert panel.note.text().startswith("2 sites: 8.3 GWh a year, price unknown")
    bars = [i for i in panel.plot.getPlotItem().items if isinstance(i, pg.BarGraphItem)]
    assert len(bars) == 1  # drawn by pyqtgraph, the panel shown
    # no price at South: the energy row of the cost chart says so and has no bar
    capital = window.energy_panel.capital
    qtbot.waitUntil(lambda: bool(capital.names), timeout=10_000)
    assert capital.names[-1] == "Energy a year"
    assert capital.texts[-1] == "price unknown at South"
    assert capital.colours(len(capital.names) - 1) == []


def test_the_capital_by_category_stands_beside_the_years_energy_cost(qtbot, make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    ops.update(window.editor.doc, next(iter(window.editor.project.sites)), energy_price_per_mwh=50)
    window.energy_dock.raise_()
    window.energy_panel.tabs.setCurrentIndex(1)
    chart = window.energy_panel.capital
    qtbot.waitUntil(lambda: "a year" in "".join(chart.texts), timeout=10_000)
    rows = dict(zip(chart.names, range(len(chart.names)), strict=True))
    # a row per category of the bill, as the core's test lists them, and the energy row
    priced = window.energy_panel.priced
    assert list(rows) == [c.name for c in priced.by_category()] + ["Energy a year"]
    assert len(rows) == 8
    # 8 GB200 NVL72 at $2.5 M each (links:S66); the three QM9700 racks no source prices
    racks = rows["Racks and systems"]
    assert chart.texts[racks] == "$20 M + 3 racks unpriced"
    assert (float(chart.ends[racks]), chart.colours(racks)) == (20.0, [SOURCED])
    # 576 SR modules at $700 and 864 twin-port ones at $1,000: media.json, low confidence
    modules = rows["Optical modules"]
    assert chart.texts[modules] == "$1.27 M low confidence"
    assert float(chart.ends[modules]) == pytest.approx(1.2672)
    assert chart.colours(modules) == [LOW_CONFIDENCE]
    # the 2 CDUs and 2 CRAHs have no sourced price: no bar, and the figure says so
    cooling = rows["Cooling units"]
    assert (chart.texts[cooling], chart.colours(cooling)) == ("unpriced: 4 cooling units", [])
    # 999.6 kW typical x 8,760 h x PUE 1.2 = 10,507.80 MWh at $50/MWh = $525,390 a year
    energy = rows["Energy a year"]
    assert chart.texts[energy] == "$0.53 M a year"
    assert float(chart.ends[energy]) == pytest.approx(0.52538976)
    assert chart.colours(energy) == [ENERGY]
    # $20 M of racks and $1,395,144 of optics and cables, over 576 GPUs
    assert chart.note.text().startswith(
        "Priced $21.4 M ($37,144 per accelerator); 8 bill lines unpriced, in no sum"
    )

    qtbot.waitUntil(lambda: chart.plot is not None, timeout=5_000)
    items = chart.plot.getPlotItem().items
    assert len([i for i in items if isinstance(i, pg.BarGraphItem)]) == 3  # one per colour
    box = chart.plot.getPlotItem().getViewBox()
    chart.plot.scene().sigMouseMoved.emit(box.mapViewToScene(QPointF(0.25, energy)))
    assert chart.plot.readout.toPlainText().startswith("Energy a year: facility energy")


def test_a_wue_typed_in_the_sites_properties_gives_its_water(qtbot, make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    doc, form = window.editor.doc, window.properties  # nothing selected: the hall and its site
    site = doc.project.halls[window.editor.hall_id].site_id
    assert form.fields["wue"].text() == ""
    commit(form, "wue", "500")
    assert form.problem.text() == "WUE (L/kWh) must be at most 100."
    assert doc.project.sites[site].wue_l_per_kwh is None
    commit(form, "wue", "1.8")  # the US data centres' on-site mean (operations:O27)
    assert doc.project.sites[site].wue_l_per_kwh == 1.8
    window.energy_dock.raise_()
    chart = window.energy_panel.sites
    qtbot.waitUntil(lambda: "water" in "".join(chart.texts), timeout=5_000)
    # 999.6 kW typical x 8,760 h = 8,756.496 MWh of IT energy x 1.8 L/kWh = 15,761.69 m3
    assert chart.texts == ["10.5 GWh · price unknown · 15,762 m³ water"]
    commit(form, "wue", "")  # blank: not estimated
    assert doc.project.sites[site].wue_l_per_kwh is None
