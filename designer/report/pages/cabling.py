"""The cabling sheets: the cable schedule summarised by plane and medium, DCI routes, the BOM.

The full schedule (one line per bundle, thousands at campus scale) is what ``links`` writes
as CSV; the drawing set summarises it so a reader sees at a glance what is copper, what is
optics and what crosses between sites, how long it runs and what it draws and costs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from designer.core.format import number
from designer.core.model.project import Project
from designer.core.naming import fibre_route_name, told_apart
from designer.core.network import Bom, LinkTotals, NetworkPlan
from designer.core.network.media import PLANE_NAMES
from designer.core.network.schedule import ScheduleGroup
from designer.report.table import Column, Table

SCHEDULE_COLUMNS = (
    Column("Plane", 0.9),
    Column("Medium", 1.6, wrap=True),
    Column("Module class", 2.6, wrap=True),
    Column("Bundles", 0.7, "right"),
    Column("Links", 0.8, "right"),
    Column("Ordered lengths (m)", 1.5, "right"),
    Column("Cable (m)", 1.0, "right"),
    Column("Power (kW)", 0.9, "right"),
    Column("Cost (USD)", 1.2, "right"),
)


def schedule_summary(groups: Sequence[ScheduleGroup]) -> Table:
    """The schedule grouped by plane and medium."""
    rows = tuple(
        (
            PLANE_NAMES.get(g.plane, g.plane),
            g.medium or "not planned",
            g.module_class or "–",
            number(g.bundles, 0),
            number(g.links, 0),
            _span(g.shortest_m, g.longest_m),
            number(g.cable_m, 0) if g.shortest_m is not None else "–",
            number(g.power_w / 1000, 2),
            number(g.cost_usd, 0),
        )
        for g in groups
    )
    return Table(
        "Cable schedule summary",
        SCHEDULE_COLUMNS,
        rows,
        "Per plane and medium. Cable metres, power and price count the modules and cables as "
        "the bill of materials does (a twin-port module or copper cable at an 800G cage "
        "carries two links). Prices are low-confidence "
        "defaults, each with its source in the catalog. The full schedule, one line per bundle, "
        "is a separate CSV file, exported from the same project and revision.",
    )


def _span(shortest: float | None, longest: float | None) -> str:
    """The ordered lengths of a group: one figure when all are alike."""
    if shortest is None or longest is None:
        return "–"
    if number(shortest) == number(longest):
        return number(shortest)
    return f"{number(shortest)}–{number(longest)}"


DCI_COLUMNS = (
    Column("Route", 2.6),
    Column("Fibre (km)", 0.9, "right"),
    Column("Needed (Tb/s)", 1.0, "right"),
    Column("Lit (Tb/s)", 0.9, "right"),
    Column("Medium", 1.2),
    Column("Coherent links", 1.1, "right"),
    Column("Fibre pairs", 0.9, "right"),
    Column("One-way latency (µs)", 1.4, "right"),
)


def dci_table(totals: LinkTotals, project: Project) -> Table | None:
    """The fibre routes between sites and what they carry; None for a single site."""
    if not totals.dci:
        return None
    pair_tbps = project.settings.network.fibre_pair_tbps
    rows = tuple(
        (
            fibre_route_name(project, r.route_id),
            number(r.distance_km),
            number(r.tbps, 2),
            number(r.lit_tbps, 2) if medium else "–",
            medium or "none reaches",
            number(r.links, 0) if medium else "–",
            number(r.pairs, 0) if medium else "–",
            number(r.distance_km * totals.fibre_us_per_km, 1),
        )
        for r, medium in zip(totals.dci, totals.dci_media, strict=True)
    )
    return Table(
        "Data-centre interconnect",
        DCI_COLUMNS,
        rows,
        "Needed: what the route is sized for (a share of each site's scale-out, or its "
        "jobs' traffic where that is more); lit: what its coherent links carry, in whole wavelengths. Latency is "
        f"propagation in the fibre only, {number(totals.fibre_us_per_km)} µs per km. "
        f"Each fibre pair carries {number(pair_tbps, 1)} Tb/s in the C band.",
    )


BOM_COLUMNS = (
    Column("Category", 0.8),
    Column("Item", 3.2, wrap=True),
    Column("Length (m)", 0.8, "right"),
    Column("Quantity", 0.8, "right"),
    Column("Unit power (W)", 0.9, "right"),
    Column("Power (kW)", 0.8, "right"),
    Column("Unit (USD)", 0.9, "right"),
    Column("Cost (USD)", 1.0, "right"),
)


def bom_table(bom: Bom, site: str = "") -> Table:
    """Every line of the bill of materials with the totals in the note; of the ``site``
    named, what that site orders."""

    def opt(value: float | None, digits: int = 0, scale: float = 1.0) -> str:
        return "–" if value is None else number(value / scale, digits)

    rows = tuple(
        (
            line.category.replace("_", " "),
            line.item,
            opt(line.length_m, 1),
            number(line.quantity, 0),
            opt(line.unit_power_w, 1),
            opt(line.power_w, 2, 1000),
            opt(line.unit_usd, 2),  # 110.5 stays 110.5: quantity x unit = cost
            opt(line.cost_usd),
        )
        for line in bom.lines
    )
    power, cost = number(bom.optics_power_w / 1000, 2), number(bom.cost_usd, 0)
    if site:
        note = (
            f"What {site} orders: its halls' equipment and switches, the modules at its ends "
            "of every link and the cables within it; the fibre between sites is in the "
            f"project's bill. Its optics and active cables draw {power} kW; {cost} USD at "
            "low-confidence default prices."
        )
    else:
        note = (
            f"Optics and active cables draw {power} kW in all; total {cost} USD at "
            "low-confidence default prices. Racks, cooling units, busways and trays are "
            "counted here, not priced (the energy and cost sheet prices the racks and "
            "switches a source prices); their power, with that of the switches in the network "
            "racks, is in the power and cooling tables."
        )
    return Table(
        f"Bill of materials, {site}" if site else "Bill of materials",
        BOM_COLUMNS,
        rows,
        f"{note} {_slots_note(bom)}".strip(),
    )


def bom_tables(plan: NetworkPlan, bom: Bom, parts: Mapping[str, Bom]) -> list[Table]:
    """The whole bill, then each site's part (``parts``, by site id) where there are
    several: sites are bought for, delivered to and built one by one."""
    sites = list(plan.project.sites.values())
    if len(sites) < 2:
        return [bom_table(bom)]
    titles = told_apart(sites)  # two sites of one name are told apart by their ids
    return [
        bom_table(bom),
        *(bom_table(parts[s.id], t) for s, t in zip(sites, titles, strict=True)),
    ]


def _slots_note(bom: Bom) -> str:
    """How many of the network racks' switch slots the fabrics fill: the racks' power counts
    every slot (a trial's BOM bought 27 switches for racks powered for 36)."""
    placed = sum(line.quantity for line in bom.lines if line.category == "switch")
    if not bom.switch_slots:
        return ""
    return (
        f"The network racks hold {number(bom.switch_slots, 0)} switches and are powered for "
        f"all of them; the fabric fills {number(placed, 0)}, leaving "
        f"{number(bom.switch_slots - placed, 0)} free."
    )
