"""Edit ▸ Add Site: another site of a campus, what it can supply, and its fibre to a site.

A cluster that outgrows one site's power spans sites joined by DCI; the planner sizes the
DCI links over the fibre route as laid, so the route's length is asked with the site.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLineEdit, QWidget

from designer.core.model.site import Site
from designer.gui.dialogs.form import lay_out, number_box


@dataclass(frozen=True)
class SiteSpec:
    """A new site and the fibre route joining it to ``route_to`` (a site id, or None)."""

    name: str
    power_capacity_kw: float
    cooling_capacity_kw: float
    pue: float
    route_to: str | None
    distance_km: float


class AddSiteDialog(QDialog):
    """Asks for the site's name, supply, heat rejection and PUE, and its fibre route.

    The figures start as those of ``like``, the site the user is looking at: a campus's
    sites are usually built alike, and the dialog invents no capacity of its own.
    """

    def __init__(self, sites: Mapping[str, str], like: Site, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a site")
        self.name = QLineEdit(f"Site {len(sites) + 1}")
        self.power = number_box(like.power_capacity_kw, 1, 10_000_000, "kW", 0)
        self.cooling = number_box(like.cooling_capacity_kw, 1, 10_000_000, "kW", 0)
        self.pue = number_box(like.pue, 1.0, 5.0, "× IT power", 2)
        self.route_to = QComboBox()
        for site_id, name in sites.items():
            self.route_to.addItem(name, site_id)
        self.route_to.setCurrentIndex(max(0, self.route_to.findData(like.id)))
        self.route_to.addItem("No fibre route yet", None)
        self.distance = number_box(40, 0.1, 20_000, "km", 1)
        self.route_to.currentIndexChanged.connect(
            lambda: self.distance.setEnabled(self.route_to.currentData() is not None)
        )
        form = QFormLayout()
        form.addRow("Site name", self.name)
        form.addRow("Power supply", self.power)
        form.addRow("Heat rejection", self.cooling)
        form.addRow("PUE", self.pue)
        form.addRow("Fibre route to", self.route_to)
        form.addRow("Route length, as laid", self.distance)
        lay_out(self, form, ok_text="Add Site")

    def spec(self) -> SiteSpec:
        return SiteSpec(
            name=self.name.text().strip() or "New site",
            power_capacity_kw=self.power.value(),
            cooling_capacity_kw=self.cooling.value(),
            pue=self.pue.value(),
            route_to=self.route_to.currentData(),
            distance_km=self.distance.value(),
        )
