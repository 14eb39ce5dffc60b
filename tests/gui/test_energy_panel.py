"""The Energy panel: a bar per site of its facility energy a year, with cost and carbon."""

import pyqtgraph as pg

from designer.core.document import operations as ops
from tests.gui.conftest import wait_checked


def test_each_site_shows_its_years_energy_cost_and_carbon(qtbot, make_window, example):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    north = next(s.id for s in window.editor.project.sites.values() if s.name == "North")
    ops.update(window.editor.doc, north, energy_price_per_mwh=50.0, carbon_g_per_kwh=500.0)
    window.energy_dock.raise_()
    panel = window.energy_panel
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
