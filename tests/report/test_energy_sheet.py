"""The "Energy and cost" sheets: one per site in the set, the year by hand, the capital
with its sources, the unpriced lines, and the moves of its halls."""

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.energy.cost import price_bom
from designer.core.energy.energy import project_energy
from designer.core.energy.siting import hall_moves
from designer.core.examples import gb200_su
from designer.core.network.bom import bills_by_site
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN
from designer.core.totals import totals_by_hall
from designer.report.drawing_set import drawing_set
from designer.report.pages.energy import site_tables
from tests.core.energy.test_energy_year import two_priced_sites

CATALOG = default_catalog()


def tables_of(doc):
    """Each site's tables by site name, as the set's sheets hold them."""
    project, types = doc.project, doc.rack_types
    by_hall = totals_by_hall(project, types)
    energy = project_energy(project, types, by_hall=by_hall)
    _, boms = bills_by_site(RuleEngine(CATALOG).derived(PLAN, project))
    moves = hall_moves(project, by_hall)
    return {
        site.name: {
            table.title: table
            for table in site_tables(
                site,
                energy,
                price_bom(
                    boms[site.site_id], types, CATALOG.switches, site.totals.accelerator_count
                ),
                moves,
            )
        }
        for site in energy.sites
    }


def test_one_sheet_per_site_after_the_power_and_cooling_tables():
    titles = [page.title for page in drawing_set(two_priced_sites().project, CATALOG, "A3")]
    north = titles.index("Energy and cost: North")
    assert titles[north + 1] == "Energy and cost: South"
    assert titles[north - 1].startswith("Power and cooling")


def test_a_sites_year_and_the_moves_of_its_halls_by_hand():
    north = tables_of(two_priced_sites())["North"]
    year = dict(north["A year of energy"].rows)
    # 484 kW x 8,760 h x PUE 1.3 = 5,511.8 MWh; x $90/MWh; x 345 g/kWh
    assert year["Facility energy"] == "5,512 MWh a year"
    assert year["Energy cost"] == "$496,061 a year at $90/MWh"
    assert year["Carbon"] == "1,902 t CO2 a year at 345 g/kWh"
    moves = north["Moving a hall to another site"]
    # both northern halls moved south: cheaper and cleaner, but the South has no room
    assert [row[:4] for row in moves.rows] == [
        ("North hall 1", "South", "−$101,756", "−874 t"),
        ("North hall 2", "South", "−$101,756", "−874 t"),
    ]
    assert moves.alerts == frozenset({0, 1})


def test_each_sheet_gives_the_water_at_its_sites_own_wue():
    doc = two_priced_sites()
    north = next(iter(doc.project.sites))
    ops.update(doc, north, wue_l_per_kwh=1.8)  # operations:O27, the US on-site mean
    tables = tables_of(doc)
    water = {name: dict(t["A year of energy"].rows)["Water"] for name, t in tables.items()}
    # 4,239.84 MWh of IT energy x 1.8 L/kWh = 7,631.7 m3
    assert water == {
        "North": "7,632 m³ a year at WUE 1.8 L/kWh",
        "South": "not estimated: the site has no WUE",
    }


def test_the_racks_a_source_prices_and_the_rest_unpriced():
    site = tables_of(gb200_su.build())["Site 1"]
    assert dict(site["A year of energy"].rows)["Energy cost"] == (
        "unknown: the site has no energy price"
    )
    capital = site["Capital where a source prices it"]
    rack = capital.rows[0]
    assert rack[:4] == ("NVIDIA GB200 NVL72", "8", "2,500,000", "20,000,000")
    assert rack[4].startswith("links:S66")
    unpriced = [row[0] for row in site["Not priced (no sourced price)"].rows]
    assert (
        "NVIDIA Quantum-2 QM9700 (leaf)" in unpriced
        and "In-row CDU 1.4 MW (XDU1350 class)" in unpriced
    )
