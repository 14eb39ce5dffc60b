"""The Energy panel: each site's year of facility energy, with its cost and carbon, and
beside it the capital by the bill's category against the year's energy cost.

On the left a bar per site as long as its facility energy a year (its racks' typical power around the
clock through the site's PUE, ``designer.core.energy``'s defaults, as ``energy FILE``
prints them); its figure says the energy, what it costs at the site's price and the carbon
at its grid's intensity, "price unknown" where the site has none. The note gives the
project's totals and the cost per accelerator-year. Its second tab holds the bill of the
network plan the design was last checked against, priced (``designer.core.energy.cost``,
drawn as ``designer.gui.panels.capital`` says): tabs, not side by side, as the dock shares
the bottom of the window with the findings and neither chart can be read in half of it.
Both are worked out again after edits and new plans, only when the panel is in view.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QPaintEvent
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from designer.core.energy.cost import Capital, price_bom
from designer.core.energy.energy import ProjectEnergy, SiteEnergy, project_energy
from designer.core.energy.text import usd
from designer.core.format import number, plural
from designer.core.network import bill_of_materials
from designer.gui.editor import Editor
from designer.gui.panels.capital import capital_note, capital_rows, millions
from designer.gui.panels.charts import BarChart

BAR = QColor("#4477aa")


def _money(value: float | None) -> str:
    return "price unknown" if value is None else millions(value)


def site_text(site: SiteEnergy) -> str:
    """A site's figure: its facility GWh, cost, carbon and water a year."""
    carbon = "" if site.carbon_t is None else f" · {number(site.carbon_t, 0)} t CO2"
    water = "" if site.water_m3 is None else f" · {number(site.water_m3, 0)} m³ water"
    return f"{number(site.facility_mwh / 1e3, 1)} GWh · {_money(site.cost_usd)}{carbon}{water}"


def site_tip(site: SiteEnergy) -> str:
    """How a site's figure is worked out, with the PUE's source."""
    price = "no price" if site.price_per_mwh is None else f"${number(site.price_per_mwh)}/MWh"
    return (
        f"{site.name}: {number(site.it_mwh, 0)} MWh of IT energy a year x PUE "
        f"{number(site.pue.value, 2)} ({site.pue.source}) = {number(site.facility_mwh, 0)} "
        f"MWh; {usd(site.cost_usd)} at {price}"
        + (
            ""
            if site.water_m3 is None or site.wue_l_per_kwh is None
            else f"; {number(site.water_m3, 0)} m³ of water at WUE "
            f"{number(site.wue_l_per_kwh, 2)} L/kWh of IT energy"
        )
    )


def energy_note(energy: ProjectEnergy) -> str:
    """The project's year in one line, and its energy cost per accelerator-year."""
    if not energy.sites:
        return "No site to measure: open a project or add a site."
    per = energy.per_accelerator_year(energy.cost_usd)
    parts = [
        f"{plural(len(energy.sites), 'site')}: {number(energy.facility_mwh / 1e3, 1)} GWh "
        f"a year, {_money(energy.cost_usd)}",
        "typical rack power all year, each site's PUE",
    ]
    if per is not None:
        parts.insert(1, f"{usd(per)} per accelerator-year")
    if energy.price_missing:
        parts.append(f"no price at {', '.join(energy.price_missing)}")
    return " · ".join(parts)


class EnergyPanel(QWidget):
    """Facility energy per site, with cost and carbon (``sites``), and the capital by
    category beside the year's energy cost (``capital``)."""

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.energy: ProjectEnergy | None = None
        self.priced: Capital | None = None
        self.sites = BarChart("Facility energy a year, MWh")
        self.capital = BarChart("Capital, and energy a year, $ M")
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.sites, "By site")
        self.tabs.addTab(self.capital, "Capital and energy cost")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        self._stale = True
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(300)
        self._timer.timeout.connect(self._refresh_if_seen)
        editor.bridge.changed.connect(lambda _c: self._timer.start())
        editor.bridge.replaced.connect(self._timer.start)
        editor.network_changed.connect(self._timer.start)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Brought into view after edits made while out of it: worked out again."""
        super().paintEvent(event)
        if self._stale:
            self._stale = False
            QTimer.singleShot(0, self.refresh)

    def _refresh_if_seen(self) -> None:
        """A tab that is not chosen is visible but out of sight: it waits to be painted."""
        self._stale = True
        if not self.visibleRegion().isEmpty():
            self.update()

    def refresh(self) -> None:
        """Work out every site's year and the capital again and draw them."""
        self._stale = False
        energy = project_energy(self.editor.project, self.editor.doc.rack_types)
        self.energy = energy
        sites = energy.sites
        self.sites.show_bars(
            [s.name for s in sites],
            [(np.array([s.facility_mwh for s in sites], dtype=float), [BAR] * len(sites))],
            [site_text(s) for s in sites],
            [site_tip(s) for s in sites],
        )
        self.sites.note.setText(energy_note(energy))
        self._price(energy)

    def _price(self, energy: ProjectEnergy) -> None:
        """The bill of the plan the design was last checked against, priced."""
        plan = self.editor.network
        if plan is None:
            self.priced = None
            self.capital.show_bars([], [], [])
            self.capital.note.setText("The bill is priced once the design has been checked.")
            return
        doc = self.editor.doc
        self.priced = price_bom(
            bill_of_materials(plan), doc.rack_types, doc.catalog.switches, energy.accelerators
        )
        names, layers, texts, tips, short = capital_rows(self.priced, energy)
        self.capital.show_bars(names, layers, texts, tips, short=short)
        self.capital.note.setText(capital_note(self.priced))
