"""The bill of materials priced: capital cost where a source gives a price, never a guess.

Modules and cables carry the network's prices already (``media.json``'s low-confidence
defaults, or the project's own); racks and switches are priced from ``economics.json``
where a source prices their type, with the source's range. Everything else the bill
counts (cooling units, busways, trays, fibre, amplifiers, racks and switches no source
prices) is listed as unpriced, so a total is always "what is priced", never a silent zero.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from designer.core.energy.figures import Economics, default_economics
from designer.core.model.equipment import RackType, SwitchType
from designer.core.network.bom import CATEGORIES, Bom, BomLine, Category

#: Where the network's prices come from.
MEDIA_PRICES = "media price (media.json or the project's own; low confidence)"
UNPRICED = "no sourced price"
#: What a reader calls each category of the bill.
CATEGORY_NAMES: dict[Category, str] = {
    "rack": "Racks and systems",
    "cooling_unit": "Cooling units",
    "power_feed": "Busways",
    "cable_tray": "Cable trays",
    "module": "Optical modules",
    "cable": "Cables",
    "switch": "Switches",
    "fibre_pair": "Fibre pairs",
    "amplifier": "Amplifiers",
}


@dataclass(frozen=True)
class PricedLine:
    """A bill line and its price: ``None`` throughout when unpriced; ``source`` says where
    the price comes from, or that none does."""

    line: BomLine
    unit_usd: float | None
    cost_usd: float | None
    low_usd: float | None
    high_usd: float | None
    source: str


@dataclass(frozen=True)
class CategoryCost:
    """One category of the bill priced, its prices told apart by how far they can be
    trusted: ``sourced_usd`` from a source's price (with its range), ``low_confidence_usd``
    from the media's default prices, and the ``unpriced`` lines no source prices, which
    are in neither sum."""

    category: Category
    sourced_usd: float
    low_confidence_usd: float
    unpriced: tuple[PricedLine, ...]

    @property
    def name(self) -> str:
        return CATEGORY_NAMES[self.category]

    @property
    def priced_usd(self) -> float:
        return self.sourced_usd + self.low_confidence_usd


@dataclass(frozen=True)
class Capital:
    """A bill priced: what is priced, its range, what is not, and per accelerator."""

    lines: tuple[PricedLine, ...]
    accelerators: int

    @property
    def priced_usd(self) -> float:
        return math.fsum(p.cost_usd for p in self.lines if p.cost_usd is not None)

    @property
    def low_usd(self) -> float:
        return math.fsum(p.low_usd for p in self.lines if p.low_usd is not None)

    @property
    def high_usd(self) -> float:
        return math.fsum(p.high_usd for p in self.lines if p.high_usd is not None)

    @property
    def unpriced(self) -> tuple[PricedLine, ...]:
        return tuple(p for p in self.lines if p.cost_usd is None)

    @property
    def per_accelerator_usd(self) -> float | None:
        return self.priced_usd / self.accelerators if self.accelerators else None

    def by_category(self) -> tuple[CategoryCost, ...]:
        """The categories the bill holds, in the bill's order, each priced apart."""
        costs = []
        for category in CATEGORIES:
            lines = [p for p in self.lines if p.line.category == category]
            if not lines:
                continue
            low = [p.cost_usd for p in lines if p.cost_usd is not None and p.source == MEDIA_PRICES]
            sourced = [
                p.cost_usd for p in lines if p.cost_usd is not None and p.source != MEDIA_PRICES
            ]
            unpriced = tuple(p for p in lines if p.cost_usd is None)
            costs.append(CategoryCost(category, math.fsum(sourced), math.fsum(low), unpriced))
        return tuple(costs)


def price_bom(
    bom: Bom,
    rack_types: Mapping[str, RackType],
    switches: Mapping[str, SwitchType],
    accelerators: int,
    economics: Economics | None = None,
) -> Capital:
    """Price every line of ``bom``; ``accelerators`` are those the bill's racks hold."""
    economics = economics or default_economics()
    # the bill names racks and switches as the catalog does; a switch line adds its role
    rack_ids = {kind.name: type_id for type_id, kind in rack_types.items()}
    switch_ids = {kind.name: type_id for type_id, kind in switches.items()}
    priced = []
    for line in bom.lines:
        if line.category in ("module", "cable") and line.unit_usd is not None:
            priced.append(
                PricedLine(
                    line, line.unit_usd, line.cost_usd, line.cost_usd, line.cost_usd, MEDIA_PRICES
                )
            )
            continue
        price = None
        if line.category == "rack":
            price = economics.price("rack", rack_ids.get(line.item, line.item))
        elif line.category == "switch":
            name = line.item.rsplit(" (", 1)[0]
            price = economics.price("switch", switch_ids.get(name, ""))
        if price is None:
            priced.append(PricedLine(line, None, None, None, None, UNPRICED))
            continue
        n = line.quantity
        priced.append(
            PricedLine(
                line,
                price.usd,
                price.usd * n,
                price.low_usd * n,
                price.high_usd * n,
                price.source_of("usd"),
            )
        )
    return Capital(tuple(priced), accelerators)
