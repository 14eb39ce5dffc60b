"""The "Energy and cost" sheets, one per site, and the sheets of two designs compared.

A site's sheet gives its year of energy (the assumptions, the PUE and where it comes from,
IT and facility energy, cost, carbon, water, per accelerator-year), the capital of what the
site orders where a source prices it, the lines no source prices, and what moving each of
its halls to another site would change. Every figure is ``designer.core.energy``'s, as the
``energy`` and ``compare`` commands print them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from designer.core.energy.compare import Row, scope_notes
from designer.core.energy.cost import Capital
from designer.core.energy.energy import ProjectEnergy, SiteEnergy
from designer.core.energy.siting import HallMove
from designer.core.energy.text import cells, latency, signed, usd
from designer.core.format import number
from designer.report.page import Page
from designer.report.pages.tables import tables_pages
from designer.report.paper import SheetFrame
from designer.report.table import Column, Table

FIGURE_COLUMNS = (Column("Figure", 1.3), Column("Value", 3.2, wrap=True))
PRICED_COLUMNS = (
    Column("Item", 2.4, wrap=True),
    Column("Qty", 0.5, "right"),
    Column("Unit (USD)", 0.8, "right"),
    Column("Cost (USD)", 0.9, "right"),
    Column("Source", 2.4, wrap=True),
)
UNPRICED_COLUMNS = (
    Column("Item", 3.2, wrap=True),
    Column("Length", 0.7, "right"),
    Column("Qty", 0.6, "right"),
)
MOVE_COLUMNS = (
    Column("Hall", 1.4),
    Column("To", 1.0),
    # "unknown (a site has no figure)" breaks over two lines in a column of an A3 sheet
    Column("Energy cost a year", 1.2, "right", wrap=True),
    Column("Carbon a year", 1.1, "right", wrap=True),
    Column("Power (kW)", 1.4, "right"),
    Column("Heat (kW)", 1.3, "right"),
    Column("Jobs' DCI latency", 1.6, wrap=True),
)
COMPARE_COLUMNS = (
    Column("Figure", 2.6),
    Column("A", 1.0, "right"),
    Column("B", 1.0, "right"),
    Column("B − A", 1.0, "right"),
)


def _year(site: SiteEnergy, energy: ProjectEnergy) -> Table:
    a, t = energy.assumptions, site.totals
    per = t.accelerator_count
    rows = [
        ("Racks", f"{number(t.racks, 0)} racks, {number(per, 0)} accelerators"),
        ("IT power", f"{number(t.it_typical_kw)} kW typical, {number(t.it_max_kw)} kW max"),
        (
            "Counted at",
            f"each rack's {a.basis} power x load factor {number(a.load_factor, 2)}, 8,760 h "
            "a year (operations section 3)",
        ),
        ("PUE", f"{number(site.pue.value, 3)}: {site.pue.source}"),
        ("IT energy", f"{number(site.it_mwh, 0)} MWh a year"),
        ("Facility energy", f"{number(site.facility_mwh, 0)} MWh a year"),
        (
            "Energy cost",
            f"{usd(site.cost_usd)} a year at ${number(site.price_per_mwh, 2)}/MWh"
            if site.price_per_mwh is not None
            else "unknown: the site has no energy price",
        ),
        (
            "Carbon",
            f"{number(site.carbon_t or 0, 0)} t CO2 a year at "
            f"{number(site.carbon_g_per_kwh, 0)} g/kWh"
            if site.carbon_g_per_kwh is not None
            else "unknown: the site has no grid carbon intensity",
        ),
        (
            "Water",
            f"{number(site.water_m3, 0)} m³ a year at WUE {number(site.wue_l_per_kwh, 2)} L/kWh"
            if site.water_m3 is not None and site.wue_l_per_kwh is not None
            else "not estimated: the site has no WUE",
        ),
    ]
    if per:
        rows.append(
            (
                "Per accelerator-year",
                f"{number(site.facility_mwh / per, 2)} MWh of facility energy, "
                + (
                    f"{usd(site.cost_usd / per)} of energy"
                    if site.cost_usd is not None
                    else "cost unknown"
                )
                + (
                    f", {number(site.carbon_t / per, 2)} t CO2" if site.carbon_t is not None else ""
                ),
            )
        )
    return Table("A year of energy", FIGURE_COLUMNS, tuple(rows))


def _capital(capital: Capital, site: SiteEnergy) -> list[Table]:
    network = sum(p.cost_usd or 0 for p in capital.lines if p.line.category in ("module", "cable"))
    priced = [
        (
            p.line.item,
            number(p.line.quantity, 0),
            number(p.unit_usd or 0, 0),
            number(p.cost_usd or 0, 0),
            p.source,
        )
        for p in capital.lines
        if p.cost_usd is not None and p.line.category not in ("module", "cable")
    ]
    priced.append(
        ("Optics and cables", "", "", number(network, 0), "media prices (low confidence)")
    )
    spread = (
        f" (the sources' ranges: {usd(capital.low_usd)} to {usd(capital.high_usd)})"
        if capital.low_usd != capital.high_usd
        else ""
    )
    per = capital.per_accelerator_usd
    note = (
        f"Priced: {usd(capital.priced_usd)}{spread}"
        + (f", {usd(per)} per accelerator" if per is not None else "")
        + f"; energy {usd(site.cost_usd)} a year. Low-confidence prices: only what a source "
        "prices is counted; the lines below it are not priced, never counted as zero."
    )
    tables = [Table("Capital where a source prices it", PRICED_COLUMNS, tuple(priced), note)]
    if capital.unpriced:
        rows = tuple(
            (
                p.line.item,
                f"{number(p.line.length_m)} m" if p.line.length_m else "",
                number(p.line.quantity, 0),
            )
            for p in capital.unpriced
        )
        tables.append(Table("Not priced (no sourced price)", UNPRICED_COLUMNS, rows))
    return tables


def _unbroken(figure: str) -> str:
    """A figure kept on one line with its unit (an audit's cell broke "245 µs to 0" from its
    last "µs")."""
    return figure.replace(" ", "\u00a0")


def _moves(moves: Sequence[HallMove]) -> Table:
    rows = tuple(
        (
            m.hall,
            m.to_site,
            signed(m.cost_delta_usd),
            signed(m.carbon_delta_t, "t"),
            f"{number(m.power_needed_kw, 0)} / {number(m.power_spare_kw, 0)}",
            f"{number(m.heat_kw, 0)} / {number(m.cooling_spare_kw, 0)}",
            "; ".join(
                f"{j.name}: {_unbroken(latency(j.before_us))} to {_unbroken(latency(j.after_us))}"
                for j in m.jobs
            )
            or "no job in the hall",
        )
        for m in moves
    )
    return Table(
        "Moving a hall to another site",
        MOVE_COLUMNS,
        rows,
        "Each hall's year at the destination's price, carbon and PUE (or its own cooling mix), "
        "less at its own site; its racks, fabric and DCI are not rebuilt. Latency is one way. "
        "Power: what the hall needs at the destination's PUE / what is spare there; heat: "
        "what its racks give off / the heat rejection spare there. Rows in red need more "
        "of either than the destination has spare.",
        alerts=frozenset(i for i, m in enumerate(moves) if not m.fits),
    )


def energy_pages(
    energy: ProjectEnergy,
    capitals: Mapping[str, Capital],
    moves: Sequence[HallMove],
    frame: SheetFrame,
) -> list[Page]:
    """One "Energy and cost" sheet (or more, when its tables run over) per site;
    ``capitals`` by site id, the capital of what each site orders."""
    pages: list[Page] = []
    for site in energy.sites:
        tables = site_tables(site, energy, capitals[site.site_id], moves)
        pages += tables_pages(f"Energy and cost: {site.name}", tables, frame, narrow=True)
    return pages


def site_tables(
    site: SiteEnergy, energy: ProjectEnergy, capital: Capital, moves: Sequence[HallMove]
) -> list[Table]:
    """The tables of one site's sheet: its year, its capital, what is not priced, and the
    moves of its halls among ``moves``."""
    tables = [_year(site, energy), *_capital(capital, site)]
    own = [m for m in moves if m.from_site == site.name]
    if own:
        tables.append(_moves(own))
    return tables


def comparison_pages(rows: Sequence[Row], a: str, b: str, frame: SheetFrame) -> list[Page]:
    """The sheets of two designs compared, ``a`` and ``b`` naming them."""

    differing = sum(r.differs for r in rows)
    table = Table(
        "Figures of the two designs",
        COMPARE_COLUMNS,
        tuple((r.label, *cells(r)) for r in rows),
        " ".join(
            [
                f"A: {a}. B: {b}.",
                f"{differing} of {len(rows)} figures differ (in amber)."
                if differing
                else "The two designs do not differ in any figure.",
                *scope_notes(rows),
            ]
        ),
        cautions=frozenset(i for i, r in enumerate(rows) if r.differs),
    )
    return tables_pages("Comparison", [table], frame)
