"""What the Energy panel's cost chart shows: the capital by the bill's category beside the
year's energy cost, in millions of dollars.

A category's bar is in two colours, so how far its price can be trusted is read off the
bar: a source's price (a GB200 NVL72 rack's, links:S66) in blue, the media's low-confidence
default prices in amber. What no source prices gets no bar and says so in its figure,
counting its items as the drawing set's "Not priced" table lists them ("unpriced: 7,884
switches"), never a bar of zero that reads as free; a row partly priced says what is left
out beside its figure. In a dock too narrow for the figures each row keeps a short one
that still says it ("unpriced: 7,884"): a trial's Switches, Busways and Amplifiers showed
neither bar nor figure, 7,884 switches silently out of the sum. The last row is the
year's energy at the sites' prices, in green, so a reader sets a year's bill against the
capital.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor

from designer.core.energy.cost import UNPRICED, Capital, CategoryCost
from designer.core.energy.energy import ProjectEnergy
from designer.core.energy.text import usd
from designer.core.format import number, plural
from designer.core.network.bom import Category
from designer.gui.panels.bars import Layer

SOURCED = QColor("#4477aa")
LOW_CONFIDENCE = QColor("#ddaa33")
ENERGY = QColor("#228833")
#: The name of the energy row.
ENERGY_ROW = "Energy a year"


#: What one item and many of each category of the bill are called.
ITEMS: dict[Category, tuple[str, str]] = {
    "rack": ("rack", "racks"),
    "cooling_unit": ("cooling unit", "cooling units"),
    "power_feed": ("busway", "busways"),
    "cable_tray": ("tray run", "tray runs"),
    "module": ("module", "modules"),
    "cable": ("cable", "cables"),
    "switch": ("switch", "switches"),
    "fibre_pair": ("fibre pair", "fibre pairs"),
    "amplifier": ("amplifier", "amplifiers"),
}


def unpriced_count(cost: CategoryCost) -> int:
    """How many of a category's items no source prices: its unpriced lines' quantities."""
    return sum(p.line.quantity for p in cost.unpriced)


def unpriced_items(cost: CategoryCost) -> str:
    """A category's unpriced items, counted and named: "7,884 switches"."""
    count = unpriced_count(cost)
    one, many = ITEMS[cost.category]
    return f"{number(count, 0)} {one if count == 1 else many}"


def millions(value: float | None) -> str:
    """Dollars in millions, as an architect reads a hall's bill; "unknown" for none."""
    return "unknown" if value is None else f"${number(value / 1e6, 2)} M"


def category_text(cost: CategoryCost) -> str:
    """A category's figure: what is priced and how, and what is not."""
    if not cost.priced_usd:
        return f"unpriced: {unpriced_items(cost)}"
    trust = ""
    if cost.low_confidence_usd:
        trust = " low confidence" if not cost.sourced_usd else " partly low confidence"
    left = f" + {unpriced_items(cost)} unpriced" if cost.unpriced else ""
    return f"{millions(cost.priced_usd)}{trust}{left}"


def category_short(cost: CategoryCost) -> str:
    """A category's figure in a narrow chart: the sum, and how many items are left out of
    it, the row's name saying what they are."""
    left = unpriced_count(cost)
    if not cost.priced_usd:
        return f"unpriced: {number(left, 0)}"
    return millions(cost.priced_usd) + (f" + {number(left, 0)} unpriced" if cost.unpriced else "")


def category_tip(cost: CategoryCost) -> str:
    """How a category's figure is made up, naming what is left unpriced."""
    parts = []
    if cost.sourced_usd:
        parts.append(f"{usd(cost.sourced_usd)} at a source's price")
    if cost.low_confidence_usd:
        parts.append(f"{usd(cost.low_confidence_usd)} at the media's low-confidence prices")
    if cost.unpriced:
        items = ", ".join(f"{p.line.item} ({number(p.line.quantity, 0)})" for p in cost.unpriced)
        parts.append(f"{UNPRICED} for {items}: in no sum")
    return f"{cost.name}: " + "; ".join(parts)


def energy_text(energy: ProjectEnergy) -> str:
    if energy.cost_usd is None:
        return f"price unknown at {', '.join(energy.price_missing)}"
    return f"{millions(energy.cost_usd)} a year"


def capital_rows(
    capital: Capital, energy: ProjectEnergy
) -> tuple[list[str], list[Layer], list[str], list[str], list[str]]:
    """The chart's rows: names, the sourced, low-confidence and energy layers, figures,
    tips and short figures (``BarChart.show_bars``'s ``short``)."""
    costs = capital.by_category()
    names = [c.name for c in costs] + [ENERGY_ROW]
    sourced = [c.sourced_usd / 1e6 for c in costs] + [0.0]
    low = [c.low_confidence_usd / 1e6 for c in costs] + [0.0]
    year = [0.0] * len(costs) + [(energy.cost_usd or 0.0) / 1e6]
    count = len(names)
    layers: list[Layer] = [
        (np.array(sourced), [SOURCED] * count),
        (np.array(low), [LOW_CONFIDENCE] * count),
        (np.array(year), [ENERGY] * count),
    ]
    texts = [category_text(c) for c in costs] + [energy_text(energy)]
    tips = [category_tip(c) for c in costs] + [
        f"{ENERGY_ROW}: facility energy at each site's price, typical rack power all year "
        f"({energy_text(energy)})"
    ]
    short = [category_short(c) for c in costs] + [
        "price unknown" if energy.cost_usd is None else energy_text(energy)
    ]
    return names, layers, texts, tips, short


def capital_note(capital: Capital) -> str:
    """The capital priced and per accelerator, what is left out of it, and the colours' key
    (the energy row says its own figure)."""
    per = capital.per_accelerator_usd
    note = f"Priced {millions(capital.priced_usd)}"
    if per is not None:
        note += f" ({usd(per)} per accelerator)"
    if capital.unpriced:
        note += f"; {plural(len(capital.unpriced), 'bill line')} unpriced, in no sum"
    return note + " · blue: sourced price, amber: low confidence, green: energy a year"
