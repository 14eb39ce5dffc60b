"""A year of energy per site: the reference's formula to the unit, two sites by hand."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.energy.energy import Assumptions, project_energy
from designer.core.examples import two_sites
from designer.core.examples._common import new_document

CATALOG = default_catalog()


def hundred_megawatts():
    """One site at PUE 1.25, $50/MWh, 500 g/kWh: 700 GB300 NVL72 (142 kW max) and 25
    SN5600 network racks (24 kW) draw exactly 100,000 kW at max."""
    doc = new_document("100 MW", "")
    site = ops.add_site(
        doc,
        "Only",
        power_capacity_kw=200_000,
        cooling_capacity_kw=200_000,
        pue=1.25,
        energy_price_per_mwh=50,
        carbon_g_per_kwh=500,
    )
    hall = ops.add_hall(
        doc,
        site,
        "Hall",
        60_000,
        60_000,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=150_000,
        cooling_capacity_kw=150_000,
    )
    for row in range(14):
        ops.place_row(doc, hall, "nvidia-gb300-nvl72", 1_000, 1_000 + row * 3_000, 50)
    ops.place_row(doc, hall, "nvidia-sn5600-rack", 1_000, 43_000, 25)
    return doc


def test_the_reference_example_to_the_unit():
    doc = hundred_megawatts()
    energy = project_energy(doc.project, doc.rack_types, Assumptions(basis="max", load_factor=1))
    assert energy.sites[0].totals.it_max_kw == 100_000
    # 100 MW x 8,760 h = 876,000 MWh; x PUE 1.25 = 1,095,000 MWh
    assert round(energy.it_mwh) == 876_000
    assert round(energy.facility_mwh) == 1_095_000
    # x $50/MWh ($0.05/kWh) = $54.75 M; x 0.5 t/MWh = 547,500 t CO2
    assert round(energy.cost_usd) == 54_750_000
    assert round(energy.carbon_t) == 547_500
    # 700 x 72 = 50,400 GPUs
    assert energy.accelerators == 50_400
    assert energy.per_accelerator_year(energy.cost_usd) == pytest.approx(54_750_000 / 50_400)


def test_typical_power_and_a_load_factor():
    doc = hundred_megawatts()
    energy = project_energy(doc.project, doc.rack_types, Assumptions("typical", 0.5))
    # 700 x 135 kW + 25 x 24 kW = 95,100 kW typical, half the year
    assert energy.it_mwh == pytest.approx(95_100 * 0.5 * 8_760 / 1000)
    assert energy.facility_mwh == pytest.approx(95_100 * 0.5 * 8.76 * 1.25)


def test_cooling_mix_pue_and_water():
    doc = hundred_megawatts()
    energy = project_energy(
        doc.project, doc.rack_types, Assumptions("max", 1, "cooling", wue_l_per_kwh=0.3)
    )
    # GB300 NVL72: 87 % of 142 kW to liquid; the SN5600 racks all air
    liquid = 700 * 142 * 0.87
    air = 100_000 - liquid
    pue = 1 + (liquid * 0.15 + air * 0.5) / 100_000
    assert energy.sites[0].pue.value == pytest.approx(pue)
    assert "links:S145" in energy.sites[0].pue.source
    # WUE is litres per kWh of IT energy: 876,000 MWh x 0.3 L/kWh = 262,800 m3
    assert energy.water_m3 == pytest.approx(262_800)


def two_priced_sites():
    """The two-site example with North at PUE 1.3, $90/MWh, 345 g/kWh and South at PUE
    1.2, $57.50/MWh, 30 g/kWh."""
    doc = two_sites.build()
    north, south = list(doc.project.sites)
    ops.update(doc, north, energy_price_per_mwh=90, carbon_g_per_kwh=345)
    ops.update(doc, south, energy_price_per_mwh=57.5, carbon_g_per_kwh=30, pue=1.2)
    return doc


def test_two_sites_by_hand():
    doc = two_priced_sites()
    energy = project_energy(doc.project, doc.rack_types)
    north, south = energy.sites
    # North: 8 DGX B200 racks at 57.2 kW and 2 QM9700 racks at 13.2 kW typical = 484 kW
    assert north.it_mwh == pytest.approx(484 * 8.76)  # 4,239.84 MWh
    assert north.facility_mwh == pytest.approx(4_239.84 * 1.3)  # 5,511.792 MWh
    assert north.cost_usd == pytest.approx(5_511.792 * 90)  # $496,061.28
    assert north.carbon_t == pytest.approx(5_511.792 * 0.345)  # 1,901.57 t
    # South: 4 + 1 of them = 242 kW
    assert south.facility_mwh == pytest.approx(242 * 8.76 * 1.2)  # 2,543.904 MWh
    assert south.cost_usd == pytest.approx(2_543.904 * 57.5)  # $146,274.48
    assert south.carbon_t == pytest.approx(2_543.904 * 0.03)  # 76.32 t
    assert energy.cost_usd == pytest.approx(496_061.28 + 146_274.48)
    assert energy.carbon_t == pytest.approx(1_901.568_24 + 76.317_12)
    assert energy.accelerators == 12 * 32


def test_a_site_without_a_price_leaves_the_total_unknown_not_zero():
    doc = two_sites.build()
    north, _ = list(doc.project.sites)
    ops.update(doc, north, energy_price_per_mwh=90)
    energy = project_energy(doc.project, doc.rack_types)
    assert energy.sites[0].cost_usd == pytest.approx(484 * 8.76 * 1.3 * 90)
    assert energy.sites[1].cost_usd is None
    assert energy.cost_usd is None
    assert energy.price_missing == ("South",)
    assert energy.carbon_t is None


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"price_usd_per_mwh": -0.01}, "an energy price"),
        ({"price_usd_per_mwh": float("nan")}, "an energy price"),
        ({"price_usd_per_mwh": float("inf")}, "an energy price"),
        ({"price_usd_per_mwh": 100_001}, "an energy price"),
        ({"carbon_g_per_kwh": -1}, "a grid carbon intensity"),
        ({"carbon_g_per_kwh": float("nan")}, "a grid carbon intensity"),
        ({"carbon_g_per_kwh": float("-inf")}, "a grid carbon intensity"),
        ({"carbon_g_per_kwh": 5_001}, "a grid carbon intensity"),
    ],
)
def test_a_price_or_carbon_no_site_could_hold_is_refused(given, message):
    """The site settings' ranges; a nan, which compares false with any bound, too."""
    with pytest.raises(ValueError, match=message):
        Assumptions(**given)


def test_a_price_and_carbon_given_for_every_site_stand_in_for_each_sites_own():
    doc = two_priced_sites()
    south_id = list(doc.project.sites)[1]
    # South without a price of its own: the given one prices it all the same
    ops.update(doc, south_id, energy_price_per_mwh=None)
    given = Assumptions(price_usd_per_mwh=66, carbon_g_per_kwh=345)  # operations:O23, O26
    north, south = project_energy(doc.project, doc.rack_types, given).sites
    assert (north.price_per_mwh, south.price_per_mwh) == (66, 66)
    # North 5,511.792 MWh x $66 = $363,778.272 (not its own $90); South 2,543.904 MWh x $66
    assert north.cost_usd == pytest.approx(363_778.272)
    assert south.cost_usd == pytest.approx(167_897.664)
    # x 0.345 t/MWh: 1,901.56824 t and 877.64688 t (South's own was 30 g)
    assert south.carbon_t == pytest.approx(877.646_88)
    energy = project_energy(doc.project, doc.rack_types, given)
    assert energy.price_missing == () and energy.cost_usd == pytest.approx(531_675.936)
    assert energy.carbon_t == pytest.approx(1_901.568_24 + 877.646_88)


@pytest.mark.parametrize("load_factor", [0, -0.5, 1.01])
def test_a_load_factor_outside_the_year_is_refused(load_factor):
    with pytest.raises(ValueError, match="load factor"):
        Assumptions(load_factor=load_factor)


def test_each_sites_own_wue_and_the_one_given_for_every_site():
    doc = two_priced_sites()
    north_id = next(iter(doc.project.sites))
    # North at the US data centres' on-site mean of 1.8 L/kWh (operations:O27); South none
    ops.update(doc, north_id, wue_l_per_kwh=1.8)
    north, south = project_energy(doc.project, doc.rack_types).sites
    # 4,239.84 MWh of IT energy x 1.8 L/kWh = 7,631.712 m3
    assert (north.wue_l_per_kwh, north.water_m3) == (1.8, pytest.approx(7_631.712))
    assert (south.wue_l_per_kwh, south.water_m3) == (None, None)
    energy = project_energy(doc.project, doc.rack_types)
    assert energy.water_m3 is None and energy.water_missing == ("South",)
    # a WUE given for every site (energy --wue) stands in for each site's own
    given = project_energy(doc.project, doc.rack_types, Assumptions(wue_l_per_kwh=0.3))
    assert [s.wue_l_per_kwh for s in given.sites] == [0.3, 0.3]
    # South: 242 kW typical x 8,760 h = 2,119.92 MWh
    assert given.water_m3 == pytest.approx((4_239.84 + 2_119.92) * 0.3)
