"""The bill of materials of a plan: what to order, and what the optics draw and cost.

The equipment first: racks by type, cooling units by type and rear doors by rating, busway
runs and cable tray runs by type and length. Then the network: modules by medium and rate,
one per link end at a NIC or a site, while at a switch of twin-port cages one module carries
two links (a QM9700's 800G 2xSR4 serves two 400G links, systems:S40); cables by type and
order length (copper and active optical cables carry their rate, fibre does not); fabric
switches by type and role; fibre pairs and amplifiers per pair of sites. Prices are the catalog's low-confidence defaults
unless the project overrides them, and only the network has any: the equipment is counted,
not priced. The in-rack NVLink spine is part of its rack and is not ordered.

A site's part is what that site orders: its halls' equipment, its fabric's switches, the
modules at its ends of every link (a link between sites has one end in each) and the cables
with both ends in it. The fibre pairs and amplifiers between sites, and a cable run from one
site to another, are in no site's part: the sites' parts and those make up the whole.

A drawing set prints the whole bill and then every site's part (``bills_by_site``): the
plan is counted once, each count keyed by where it is (``parts``), and each bill takes the
counts in its part, where counting part by part would scan a campus's thousands of racks and
bundles again per site.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from operator import attrgetter
from typing import Literal, get_args

import numpy as np

from designer.core.catalog.feed_types import type_for
from designer.core.format import number
from designer.core.model.equipment import CoolingType, FeedType
from designer.core.model.hall import path_length_mm
from designer.core.network.cages import (
    TIER_CODES,
    end_cages,
    end_tiers,
    links_per_cable,
    tier_end,
)
from designer.core.network.media import (
    Medium,
    cable_usd,
    links_per_module,
    module_usd,
    power_w_per_end,
)
from designer.core.network.network_plan import NetworkPlan
from designer.core.network.parts import Key, part_of
from designer.core.network.places import EndPlaces, end_places
from designer.core.rack_columns import alike_racks, rack_columns
from designer.core.totals import RackKind, rack_kinds

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
    #: the modules' and cables' power (W) and price (USD) per plane and medium (by their
    #: indexes): what the cable schedule's summary gives for each, so that the two agree
    optics_by_plane: Mapping[tuple[int, int], tuple[float, float]] = field(default_factory=dict)


def bill_of_materials(plan: NetworkPlan, site: str | None = None) -> Bom:
    """Count what ``plan`` needs; with ``site`` (an id), that site's part."""
    kinds = rack_kinds(alike_racks(rack_columns(plan.project)))
    return _bill(plan, _counts(plan, end_places(plan), kinds), site)


def bills_by_site(
    plan: NetworkPlan,
    places: EndPlaces | None = None,
    kinds: Mapping[RackKind, int] | None = None,
) -> tuple[Bom, dict[str, Bom]]:
    """The whole bill and each site's part by site id, from one count: a drawing set prints
    them all, and counting part by part would scan the campus again per site. ``places``
    (the plan's ``end_places``) and ``kinds`` (its project's ``rack_kinds``): when the
    caller already has them."""
    counts = _counts(
        plan,
        places or end_places(plan),
        kinds if kinds is not None else rack_kinds(alike_racks(rack_columns(plan.project))),
    )
    parts = {site_id: _bill(plan, counts, site_id) for site_id in plan.project.sites}
    return _bill(plan, counts, None), parts


def _counts(
    plan: NetworkPlan, places: EndPlaces, kinds: Mapping[RackKind, int]
) -> Mapping[str, Counter[Key]]:
    """Everything the bills of ``plan`` count, keyed by where it is."""
    return {**_equipment(plan, kinds), **_network(plan, places)}


def _bill(plan: NetworkPlan, counts: Mapping[str, Counter[Key]], site: str | None) -> Bom:
    """The bill of ``site``'s part (``None``: the whole) of the plan's ``counts``."""
    own = {name: part_of(counted, site) for name, counted in counts.items()}
    optics, by_plane = _optics_lines(plan, own["module"], own["cable"])
    lines = [
        *_equipment_lines(own),
        *optics,
        *_switch_lines(plan, own["switch"]),
        *_fibre_lines(plan, own["fibre_pair"]),
    ]
    power = sum(line.power_w or 0.0 for line in lines)
    cost = sum(line.cost_usd or 0.0 for line in lines)
    return Bom(tuple(lines), power, cost, sum(own["switch_slots"].values()), by_plane)


def _equipment(plan: NetworkPlan, kinds: Mapping[RackKind, int]) -> dict[str, Counter[Key]]:
    """Racks by name and cooling units by name (rear doors by rating among them), the
    network racks' switch slots, and busway and tray runs by name and length (to the next
    0.1 m, as cables are ordered), each keyed first by its hall's site."""
    project, catalog = plan.project, plan.catalog
    site_of = {h.id: h.site_id for h in project.halls.values()}
    racks: Counter[Key] = Counter()
    cooling: Counter[Key] = Counter()
    slots: Counter[Key] = Counter()
    # Thousands of racks, units and runs are of a few dozen kinds per hall: each kind is
    # named once, and each run's length rounded once.
    for (hall_id, type_id, door_kw), n in kinds.items():
        where = (site_of.get(hall_id),)
        kind = plan.rack_types.get(type_id)
        racks[(where, type_id if kind is None else kind.name)] += n
        if door_kw:
            cooling[(where, f"Rear-door heat exchanger {number(door_kw, 1)} kW (on its rack)")] += n
        if kind is not None and kind.switches is not None:
            slots[(where,)] += kind.switches.count * n
    # the units, feeds and trays counted by what names them, each read in one pass in C
    units = Counter(map(_UNIT, project.cooling_units.values()))
    for (hall_id, type_id, kind, liquid_kw, air_kw), n in units.items():
        name = _cooling_name(type_id, kind, liquid_kw, air_kw, catalog.cooling)
        cooling[((site_of.get(hall_id),), name)] += n
    feeds: Counter[Key] = Counter()
    feed_runs = project.feeds.values()
    lengths = map(path_length_mm, map(_PATH, feed_runs))
    for ((hall_id, type_id, kind, amps, voltage_v, phases), length_mm), n in Counter(
        zip(map(_FEED, feed_runs), lengths, strict=True)
    ).items():
        item = _feed_name(type_id, kind, amps, voltage_v, phases, catalog.feeds)
        feeds[((site_of.get(hall_id),), item, _run_m(length_mm))] += n
    trays: Counter[Key] = Counter()
    tray_runs = project.trays.values()
    lengths = map(path_length_mm, map(_PATH, tray_runs))
    for ((hall_id, width_mm, depth_mm), length_mm), n in Counter(
        zip(map(_TRAY, tray_runs), lengths, strict=True)
    ).items():
        item = f"Cable tray {width_mm:,} × {depth_mm:,} mm"
        trays[((site_of.get(hall_id),), item, _run_m(length_mm))] += n
    return {
        "rack": racks,
        "cooling_unit": cooling,
        "power_feed": feeds,
        "cable_tray": trays,
        "switch_slots": slots,
    }


def _network(plan: NetworkPlan, places: EndPlaces) -> dict[str, Counter[Key]]:
    """Modules (``_modules``) keyed by their end's site; cables by medium, rate and order
    length, keyed by both ends' sites; switches by their fabric's site; fibre pairs between
    sites, keyed by none."""
    table, cols, media = plan.table(), plan.columns(), plan.media
    ordered = np.flatnonzero(cols.medium >= 0)
    nvlink = np.array([m.kind == "nvlink" for m in media.media], dtype=bool)
    ordered = ordered[~nvlink[cols.medium[ordered]]]
    sites, site_a, site_b = places.sites, places.site_a, places.site_b
    cage = end_cages(plan)
    per, cage_gbps = cable_links(plan, cage, ordered)
    keys = (
        site_a[ordered],
        site_b[ordered],
        cols.medium[ordered].astype(np.int64),
        table.rate[ordered],
        cols.order_m[ordered],
        table.plane[ordered].astype(np.int64),
        per,
        cage_gbps,
    )
    cables: Counter[Key] = Counter()
    # tens of thousands of bundles, a few distinct rows; a twin-port cable carries ``per``
    # links of its bundle, rounded up per bundle (its ends are in the bundle's two racks)
    counted = -(-table.count[ordered] // per)
    for (a, b, position, rate, order_m, plane, n, gbps), count in _summed(keys, counted):
        medium, where = media.media[position], (sites[a], sites[b])
        if medium.kind != "coherent":
            # Copper and active optical cables carry their rate; fibre does not.
            what = (position, rate if medium.integrated else 0, order_m, n, gbps)
            cables[(where, plane, *what)] += count
    integrated = np.array([m.integrated for m in media.media], dtype=bool)
    modules = _modules(plan, places, ordered[~integrated[cols.medium[ordered]]], cage)
    switches: Counter[Key] = Counter()
    for fabric_site, fabric in plan.fabrics().items():
        for _, switch_id, role, n in fabric.placed:
            switches[((fabric_site,), switch_id, role)] += n
    pairs: Counter[Key] = Counter()
    for i in ordered[cols.fibre_m[ordered] > 0]:
        medium = media.media[int(cols.medium[i])]
        count_i, rate_i = int(table.count[i]), int(table.rate[i])
        ends = sorted({_site(plan, table.a[i]), _site(plan, table.b[i])})
        if medium.kind == "coherent":
            needed = math.ceil(round(count_i * rate_i / (plan.settings.fibre_pair_tbps * 1000), 9))
        else:
            needed = count_i
        pairs[((), ends[0], ends[-1], float(cols.fibre_m[i]), int(cols.medium[i]))] += needed
    return {"module": modules, "cable": cables, "switch": switches, "fibre_pair": pairs}


def cable_links(
    plan: NetworkPlan, cage: np.ndarray, rows: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per bundle of ``rows``: how many of its links one cable carries, and the Gb/s of the
    cage its twin-port end fills (0 where a cable carries one link). A cable with fixed ends
    whose medium is sold twin-port at an end's cage (NVIDIA's 2 x 400G DAC, straight or a
    splitter; its 800G LACC) carries as many links as the cage takes: a QM9700 leaf's uplinks
    to a spine in its rack took one DAC a link, twice the cables (an audit). Fibre between
    modules, and a bundle no medium reaches, is one a link. ``cage``: ``module_cage_gbps``
    of the plan's nodes. A splitter's two single ends are charged as its twin end (an
    800G LACC split to two 400G ends: 3.0 W for 2.7 W, links:S7)."""
    table, cols, ends = plan.table(), plan.columns(), plan.ends()
    plane = table.plane[rows].astype(np.int64)
    widest = np.maximum(cage[ends.a[rows], plane], cage[ends.b[rows], plane])
    per = links_per_cable(plan.media.media, cols.medium[rows], widest, table.rate[rows])
    return per, np.where(per > 1, widest, 0)


def _modules(
    plan: NetworkPlan, places: EndPlaces, rows: np.ndarray, cage: np.ndarray
) -> Counter[Key]:
    """The modules at both ends of the bundles ``rows``, keyed by the end's site, plane,
    medium, link rate, links per module and module rate.

    At a single-port NIC or a site one module serves one link end. At a network rack whose
    switches take twin-port modules (``links_per_module``: a QM9700's 800G cage carries two
    400G links), or a compute rack whose NICs share cages (a DGX H100's), the rack's links
    of one plane, medium and rate share modules, rounded up per rack and tier of its
    switches (``cages.end_tiers``; the check counts cages so): a module's two ports may
    serve cables to different racks, and a plan says which rack and tier a link ends in,
    not which of its switches or systems (the switches of two planes are apart)."""
    table, cols, ends, media = plan.table(), plan.columns(), plan.ends(), plan.media
    node = np.concatenate([ends.a[rows], ends.b[rows]])
    planes = np.tile(table.plane[rows].astype(np.int64), 2)
    tier = np.concatenate([t[rows] for t in end_tiers(table)])
    keys = (
        np.concatenate([places.site_a[rows], places.site_b[rows]]),
        # the other ends of a site count together
        np.where(cage[node, planes] > 0, tier_end(node, tier), -1),
        planes,
        np.tile(cols.medium[rows].astype(np.int64), 2),
        np.tile(table.rate[rows], 2),
    )
    modules: Counter[Key] = Counter()
    for (site, at, plane, position, rate), links in _summed(keys, np.tile(table.count[rows], 2)):
        cage_gbps = int(cage[at // TIER_CODES, plane]) if at >= 0 else 0
        per = links_per_module(media.media[position], cage_gbps, rate)
        module_gbps = cage_gbps if per > 1 else rate
        modules[((places.sites[site],), plane, position, rate, per, module_gbps)] += math.ceil(
            links / per
        )
    return modules


def end_module(
    plan: NetworkPlan, medium: Medium, rate_gbps: int, cage_gbps: int
) -> tuple[float, float]:
    """The power (W) and price (USD) of one link's end's share of its module: a whole one
    at a single-port NIC or a site (``cage_gbps`` 0), half a twin-port module at a cage that
    carries two links (``cage_gbps``: as ``module_cage_gbps`` gives it), as the bill counts."""
    override = plan.settings.media.get(medium.id)
    per = links_per_module(medium, cage_gbps, rate_gbps)
    gbps = cage_gbps if per > 1 else rate_gbps
    return (
        power_w_per_end(medium, gbps, override) / per,
        module_usd(medium, gbps, override) / per,
    )


def _equipment_lines(own: Mapping[str, Counter[Key]]) -> list[BomLine]:
    """The equipment's lines, counted, not priced, in the order the BOM lists them."""
    lines = [_counted("rack", item, None, n) for (item,), n in sorted(own["rack"].items())]
    lines += [
        _counted("cooling_unit", item, None, n)
        for (item,), n in sorted(own["cooling_unit"].items())
    ]
    lines += [
        _counted("power_feed", item, length_m, n)
        for (item, length_m), n in sorted(own["power_feed"].items(), key=_by_item)
    ]
    lines += [
        _counted("cable_tray", item, length_m, n)
        for (item, length_m), n in sorted(own["cable_tray"].items(), key=_by_item)
    ]
    return lines


def _optics_lines(
    plan: NetworkPlan, modules: Counter[Key], cables: Counter[Key]
) -> tuple[list[BomLine], dict[tuple[int, int], tuple[float, float]]]:
    """Modules by rate and class, then cables by type and order length, with their power
    and price (the project's overrides, else the catalog's defaults); and the modules'
    power and price per plane and medium."""
    media, overrides = plan.media, plan.settings.media
    lines = []
    by_item: Counter[Key] = Counter()
    by_plane: dict[tuple[int, int], tuple[float, float]] = {}
    for (plane, position, rate, per, module_gbps), quantity in sorted(modules.items()):
        by_item[(position, rate, per, module_gbps)] += quantity
        medium = media.media[position]
        override = overrides.get(medium.id)
        watts, usd = by_plane.get((plane, position), (0.0, 0.0))
        by_plane[(plane, position)] = (
            watts + quantity * power_w_per_end(medium, module_gbps, override),
            usd + quantity * module_usd(medium, module_gbps, override),
        )
    for (position, rate, per, module_gbps), quantity in sorted(by_item.items()):
        medium = media.media[position]
        override = overrides.get(medium.id)
        watts = power_w_per_end(medium, module_gbps, override)
        usd = module_usd(medium, module_gbps, override)
        if per > 1 and medium.twin_port is not None:
            item = f"{module_gbps}G {medium.twin_port.module_class}, {per} x {rate}G links each"
        else:
            item = f"{rate}G {medium.module_class}"
        lines.append(_line("module", item, None, quantity, watts, usd))
    by_cable: Counter[Key] = Counter()
    for (plane, position, rate, order_m, per, cage_gbps), quantity in sorted(cables.items()):
        by_cable[(position, rate, order_m, per, cage_gbps)] += quantity
        watts, usd = _cable_figures(plan, position, rate, order_m, cage_gbps)
        before = by_plane.get((plane, position), (0.0, 0.0))
        by_plane[(plane, position)] = (before[0] + quantity * watts, before[1] + quantity * usd)
    for (position, rate, order_m, per, cage_gbps), quantity in sorted(by_cable.items()):
        medium = media.media[position]
        if per > 1 and medium.twin_port is not None:
            item = f"{cage_gbps}G {medium.twin_port.module_class}, {per} x {rate}G links each"
        else:
            item = f"{rate}G {medium.cable}" if rate else medium.cable
        watts, usd = _cable_figures(plan, position, rate, order_m, cage_gbps)
        lines.append(_line("cable", item, order_m, quantity, watts, usd))
    return lines, by_plane


def _cable_figures(
    plan: NetworkPlan, position: int, rate: int, order_m: float, cage_gbps: int
) -> tuple[float, float]:
    """One cable's power (W) and price (USD): a cable with built-in ends draws at both, at
    its twin-port end's rate where it has one; fibre draws none."""
    medium = plan.media.media[position]
    override = plan.settings.media.get(medium.id)
    end_gbps = cage_gbps or rate
    watts = 2 * power_w_per_end(medium, end_gbps, override) if medium.integrated else 0.0
    return watts, cable_usd(medium, order_m, override)


def _switch_lines(plan: NetworkPlan, switches: Counter[Key]) -> list[BomLine]:
    """The fabrics' switches by type and role (their power is their racks')."""
    return [
        _counted("switch", f"{plan.catalog.switches[switch_id].name} ({role})", None, quantity)
        for (switch_id, role), quantity in sorted(switches.items())
    ]


def _fibre_lines(plan: NetworkPlan, pairs: Counter[Key]) -> list[BomLine]:
    """Fibre pairs per pair of sites, each followed by its amplifiers if coherent."""
    constants = plan.media.constants
    spacing_m = plan.settings.amplifier_spacing_km * 1000
    lines = []
    for (site_a, site_b, fibre_m, position), quantity in sorted(pairs.items()):
        medium = plan.media.media[position]
        route = f"{plan.name(site_a)} – {plan.name(site_b)}"
        lines.append(_counted("fibre_pair", f"fibre pair {route}", fibre_m, quantity))
        if medium.kind != "coherent":
            continue
        amplifiers = constants.terminal_amplifiers_per_pair * quantity
        if medium.inline_amplifiers:
            amplifiers += _inline_huts(fibre_m, spacing_m) * quantity
        note = _amplifier_note(medium, fibre_m, spacing_m)
        lines.append(_counted("amplifier", f"optical amplifier {route} ({note})", None, amplifiers))
    return lines


def _counted(category: Category, item: str, length_m: float | None, quantity: int) -> BomLine:
    """A line that is counted, not priced, and draws no optics power."""
    return BomLine(category, item, length_m, quantity, None, None, None, None)


def _by_item(entry: tuple[tuple[str, float | None], int]) -> tuple[str, float]:
    (item, length_m), _ = entry
    return item, length_m or 0.0


#: What names a cooling unit, a feed and a tray on the bill (after its hall): read of
#: each of a campus's thousands at once.
_UNIT = attrgetter("hall_id", "type_id", "kind", "liquid_capacity_kw", "air_capacity_kw")
_FEED = attrgetter("hall_id", "type_id", "kind", "amps", "voltage_v", "phases")
_TRAY = attrgetter("hall_id", "width_mm", "depth_mm")
_PATH = attrgetter("path")


def _cooling_name(
    type_id: str | None,
    kind: str,
    liquid_kw: float,
    air_kw: float,
    types: Mapping[str, CoolingType],
) -> str:
    """A cooling unit's line: its catalog type's name, else what it is."""
    if type_id is not None and type_id in types:
        return types[type_id].name
    capacity = liquid_kw if kind == "cdu" else air_kw
    medium = "liquid" if kind == "cdu" else "air"
    return f"{COOLING_KINDS[kind]} {number(capacity, 0)} kW {medium} (no catalog type)"


def _feed_name(
    type_id: str | None,
    kind: str,
    amps: float,
    voltage_v: float,
    phases: int,
    types: Mapping[str, FeedType],
) -> str:
    """A feed's line: the name of the catalog type of its rating (the rating the power
    table uses, whichever type an older file names), else what it is."""
    figures = {"kind": kind, "voltage_v": voltage_v, "amps": amps, "phases": phases}
    found = type_for(figures, types, type_id)
    if found is not None:
        return types[found].name
    named = "Busway" if kind == "busway" else "PDU"
    return f"{named} {number(amps, 0)} A, {number(voltage_v, 0)} V {phases}-phase (no catalog type)"


def _run_m(length_mm: float) -> float | None:
    """A run's length to the next 0.1 m; ``None`` for none (a PDU, which is a point)."""
    return math.ceil(round(length_mm / 100, 6)) / 10 if length_mm else None


def _summed(keys: tuple[np.ndarray, ...], counts: np.ndarray) -> list[tuple[Key, int]]:
    """``counts`` summed per distinct row of ``keys`` (columns of equal length), each row a
    tuple of plain Python values, in ascending order: one pass in numpy instead of one
    dictionary update per bundle."""
    if not len(counts):
        return []
    order = np.lexsort(keys[::-1])
    columns = [column[order] for column in keys]
    starts = np.zeros(len(order), dtype=bool)
    starts[0] = True
    for column in columns:
        starts[1:] |= column[1:] != column[:-1]
    first = np.flatnonzero(starts)
    rows = zip(*(column[first].tolist() for column in columns), strict=True)
    return list(zip(rows, np.add.reduceat(counts[order], first).tolist(), strict=True))


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


def _site(plan: NetworkPlan, node: str) -> str:
    found = plan.index.facts.get(node)
    return found.site if found else node
