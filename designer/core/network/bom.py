"""The bill of materials of a plan: what to order, and what the optics draw and cost.

The equipment first: racks by type, cooling units by type and rear doors by rating, busway
runs and cable tray runs by type and length. Then the network: modules counted per end (two
per link) by medium and port rate; cables by type and order length (copper and active
optical cables carry their rate, fibre does not); fabric switches by type and role; fibre
pairs and amplifiers per pair of sites. Prices are the catalog's low-confidence defaults
unless the project overrides them, and only the network has any: the equipment is counted,
not priced. The in-rack NVLink spine is part of its rack and is not ordered.

A site's part is what that site orders: its halls' equipment, its fabric's switches, the
modules at its ends of every link (a link between sites has one end in each) and the cables
with both ends in it. The fibre pairs and amplifiers between sites, and a cable run from one
site to another, are in no site's part: the sites' parts and those make up the whole.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Literal, get_args

import numpy as np

from designer.core.format import number
from designer.core.model.equipment import CoolingType, FeedType
from designer.core.model.hall import CoolingUnit, PowerFeed
from designer.core.model.placement import Placement
from designer.core.network.media import (
    Medium,
    cable_usd,
    module_usd,
    power_w_per_end,
)
from designer.core.network.planner import Plan

Category = Literal[
    "rack",
    "cooling_unit",
    "power_feed",
    "cable_tray",
    "module",
    "cable",
    "switch",
    "fibre_pair",
    "amplifier",
]

#: BOM categories in the order the BOM lists them.
CATEGORIES: tuple[Category, ...] = get_args(Category)

#: How a cooling unit of no catalog type is named, by its kind.
COOLING_KINDS = {"cdu": "CDU", "crah": "CRAH", "inrow_cooler": "In-row cooler"}


@dataclass(frozen=True)
class BomLine:
    """``quantity`` of one item; power and cost are per unit and in total (``None``: none
    is counted here, e.g. switches draw from their rack's power)."""

    category: Category
    item: str
    length_m: float | None
    quantity: int
    unit_power_w: float | None
    power_w: float | None
    unit_usd: float | None
    cost_usd: float | None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class Bom:
    """The lines and their totals: optics and active-cable power, and cost (the equipment
    has neither here: its power is in the power and cooling tables). ``switch_slots`` is
    what the network racks hold, whose power they are counted at; the fabrics fill some."""

    lines: tuple[BomLine, ...]
    optics_power_w: float
    cost_usd: float
    switch_slots: int = 0


def bill_of_materials(plan: Plan, site: str | None = None) -> Bom:
    """Count what ``plan`` needs; with ``site`` (an id), that site's part."""
    table = plan.table()
    cols = plan.columns()
    media = plan.media
    overrides = plan.settings.media
    kinds = [m.kind for m in media.media]
    ordered = np.flatnonzero(cols.medium >= 0)
    nvlink = np.array([kind == "nvlink" for kind in kinds], dtype=bool)
    ordered = ordered[~nvlink[cols.medium[ordered]]]
    position = cols.medium[ordered].astype(np.int64)
    count = table.count[ordered].astype(np.int64)
    rate = table.rate[ordered].astype(np.int64)
    integrated = np.array([m.integrated for m in media.media], dtype=bool)[position]
    coherent = np.array([k == "coherent" for k in kinds], dtype=bool)[position]
    # the ends each bundle has in the part counted: both, or those in the site
    ends = np.full(len(ordered), 2, dtype=np.int64)
    whole = np.ones(len(ordered), dtype=bool)  # both ends in the part
    if site is not None:
        # its racks, and the site itself: the end of a link a site's DCI terminates
        facts = plan.index.facts
        inside = (
            node == site or ((found := facts.get(node)) is not None and found.site == site)
            for node in plan.ends().nodes
        )
        in_a, in_b = (part[ordered] for part in plan.ends().per_end(inside, bool))
        ends, whole = in_a.astype(np.int64) + in_b, in_a & in_b
    modules: Counter[tuple[int, int]] = _summed(
        (position[~integrated], rate[~integrated]), (ends * count)[~integrated]
    )
    # Copper and active optical cables carry their rate; fibre does not.
    cable_rate = np.where(integrated, rate, 0)
    cut = ~coherent & whole
    cables: Counter[tuple[int, int, float]] = _summed(
        (position[cut], cable_rate[cut], cols.order_m[ordered][cut]), count[cut]
    )
    pairs: Counter[tuple[str, str, float, int]] = Counter()
    between = ordered[cols.fibre_m[ordered] > 0] if site is None else ordered[:0]
    for i in between:
        medium = media.media[int(cols.medium[i])]
        count_i, rate_i = int(table.count[i]), int(table.rate[i])
        sites = sorted({_site(plan, table.a[i]), _site(plan, table.b[i])})
        if medium.kind == "coherent":
            needed = math.ceil(round(count_i * rate_i / (plan.settings.fibre_pair_tbps * 1000), 9))
        else:
            needed = count_i
        pairs[(sites[0], sites[-1], float(cols.fibre_m[i]), int(cols.medium[i]))] += needed

    halls = _halls(plan, site)
    placed = [r for r in plan.project.placements.values() if site is None or r.hall_id in halls]
    lines = _equipment(plan, site, halls, placed)
    for (position, rate), quantity in sorted(modules.items()):
        if not quantity:  # every end of its links is in other sites
            continue
        medium = media.media[position]
        override = overrides.get(medium.id)
        watts = power_w_per_end(medium, rate, override)
        usd = module_usd(medium, rate, override)
        lines.append(_line("module", f"{rate}G {medium.module_class}", None, quantity, watts, usd))
    for (position, rate, order_m), quantity in sorted(cables.items()):
        medium = media.media[position]
        override = overrides.get(medium.id)
        item = f"{rate}G {medium.cable}" if rate else medium.cable
        # Cables with built-in ends draw power at both ends; fibre draws none.
        watts = 2 * power_w_per_end(medium, rate, override) if medium.integrated else 0.0
        usd = cable_usd(medium, order_m, override)
        lines.append(_line("cable", item, order_m, quantity, watts, usd))
    switches: Counter[tuple[str, str]] = Counter()
    for fabric_site, fabric in plan.fabrics().items():
        if site is not None and fabric_site != site:
            continue
        for _, switch_id, role, n in fabric.placed:
            switches[(switch_id, role)] += n
    for (switch_id, role), quantity in sorted(switches.items()):
        name = plan.catalog.switches[switch_id].name
        lines.append(BomLine("switch", f"{name} ({role})", None, quantity, None, None, None, None))
    constants = media.constants
    spacing_m = plan.settings.amplifier_spacing_km * 1000
    for (site_a, site_b, fibre_m, position), quantity in sorted(pairs.items()):
        medium = media.media[position]
        route = f"{plan.name(site_a)} – {plan.name(site_b)}"
        lines.append(
            BomLine("fibre_pair", f"fibre pair {route}", fibre_m, quantity, None, None, None, None)
        )
        if medium.kind != "coherent":
            continue
        amplifiers = constants.terminal_amplifiers_per_pair * quantity
        if medium.inline_amplifiers:
            amplifiers += _inline_huts(fibre_m, spacing_m) * quantity
        lines.append(
            BomLine(
                "amplifier",
                f"optical amplifier {route} ({_amplifier_note(medium, fibre_m, spacing_m)})",
                None,
                amplifiers,
                None,
                None,
                None,
                None,
            )
        )
    power = sum(line.power_w or 0.0 for line in lines)
    cost = sum(line.cost_usd or 0.0 for line in lines)
    slots = sum(
        kind.switches.count
        for rack in placed
        if (kind := plan.rack_types.get(rack.type_id)) is not None and kind.switches is not None
    )
    return Bom(tuple(lines), power, cost, slots)


def _halls(plan: Plan, site: str | None) -> set[str]:
    """The ids of the halls of ``site``, or of every hall."""
    return {h.id for h in plan.project.halls.values() if site is None or h.site_id == site}


def _equipment(
    plan: Plan, site: str | None, halls: set[str], placed: list[Placement]
) -> list[BomLine]:
    """Racks, cooling units by type and rear doors by rating; busway and tray runs by type
    and length (to the next 0.1 m, as cables are ordered); of ``site``'s ``halls`` (and the
    racks ``placed`` in them) if given."""
    project, catalog = plan.project, plan.catalog
    racks = Counter(
        plan.rack_types[r.type_id].name if r.type_id in plan.rack_types else r.type_id
        for r in placed
    )
    cooling = Counter(
        _cooling_name(u, catalog.cooling)
        for u in project.cooling_units.values()
        if site is None or u.hall_id in halls
    )
    cooling.update(
        f"Rear-door heat exchanger {number(r.rear_door_kw, 1)} kW (on its rack)"
        for r in placed
        if r.rear_door_kw
    )
    feeds = Counter(
        (_feed_name(f, catalog.feeds), _run_m(f.length_mm))
        for f in project.feeds.values()
        if site is None or f.hall_id in halls
    )
    trays = Counter(
        (f"Cable tray {t.width_mm:,} × {t.depth_mm:,} mm", _run_m(t.length_mm))
        for t in project.trays.values()
        if site is None or t.hall_id in halls
    )
    lines = [_counted("rack", item, None, n) for item, n in sorted(racks.items())]
    lines += [_counted("cooling_unit", item, None, n) for item, n in sorted(cooling.items())]
    lines += [_counted("power_feed", *key, n) for key, n in sorted(feeds.items(), key=_by_item)]
    lines += [_counted("cable_tray", *key, n) for key, n in sorted(trays.items(), key=_by_item)]
    return lines


def _counted(category: Category, item: str, length_m: float | None, quantity: int) -> BomLine:
    """A line that is counted, not priced, and draws no optics power."""
    return BomLine(category, item, length_m, quantity, None, None, None, None)


def _by_item(entry: tuple[tuple[str, float | None], int]) -> tuple[str, float]:
    (item, length_m), _ = entry
    return item, length_m or 0.0


def _cooling_name(unit: CoolingUnit, types: Mapping[str, CoolingType]) -> str:
    if unit.type_id in types:
        return types[unit.type_id].name
    capacity = unit.liquid_capacity_kw if unit.kind == "cdu" else unit.air_capacity_kw
    medium = "liquid" if unit.kind == "cdu" else "air"
    return f"{COOLING_KINDS[unit.kind]} {number(capacity, 0)} kW {medium} (no catalog type)"


def _feed_name(feed: PowerFeed, types: Mapping[str, FeedType]) -> str:
    if feed.type_id in types:
        return types[feed.type_id].name
    kind = "Busway" if feed.kind == "busway" else "PDU"
    return (
        f"{kind} {number(feed.amps, 0)} A, {number(feed.voltage_v, 0)} V "
        f"{feed.phases}-phase (no catalog type)"
    )


def _run_m(length_mm: float) -> float | None:
    """A run's length to the next 0.1 m; ``None`` for none (a PDU, which is a point)."""
    return math.ceil(round(length_mm / 100, 6)) / 10 if length_mm else None


def _summed(keys: tuple[np.ndarray, ...], counts: np.ndarray) -> Counter:
    """``counts`` summed per distinct row of ``keys`` (columns of equal length), as a Counter
    of plain Python tuples: one pass in numpy instead of one dictionary update per bundle."""
    if not len(counts):
        return Counter()
    columns = [np.asarray(k, dtype=np.float64) for k in keys]
    order = np.lexsort(columns[::-1])
    columns = [column[order] for column in columns]
    starts = np.zeros(len(order), dtype=bool)
    starts[0] = True
    for column in columns:
        starts[1:] |= column[1:] != column[:-1]
    first = np.flatnonzero(starts)
    distinct = np.column_stack([column[first] for column in columns])
    sums = np.add.reduceat(np.asarray(counts)[order], first)
    found: Counter = Counter()
    for row, total in zip(distinct.tolist(), sums.tolist(), strict=True):
        found[(*(int(v) for v in row[:2]), *row[2:])] = int(total)
    return found


def _line(
    category: Category, item: str, length_m: float | None, quantity: int, watts: float, usd: float
) -> BomLine:
    return BomLine(
        category,
        item,
        None if length_m is None or math.isnan(length_m) else length_m,
        quantity,
        round(watts, 3),
        round(watts * quantity, 3),
        round(usd, 2),
        round(usd * quantity, 2),
    )


def _inline_huts(fibre_m: float, spacing_m: float) -> int:
    """Inline amplifier sites on a span: one every ``spacing_m`` (links:S85)."""
    return max(0, math.ceil(round(fibre_m / spacing_m, 9)) - 1)


def _amplifier_note(medium: Medium, fibre_m: float, spacing_m: float) -> str:
    if medium.inline_amplifiers:
        return f"booster and pre-amplifier per pair, {_inline_huts(fibre_m, spacing_m)} inline"
    return "booster and pre-amplifier per pair"


def _site(plan: Plan, node: str) -> str:
    found = plan.index.facts.get(node)
    return found.site if found else node
