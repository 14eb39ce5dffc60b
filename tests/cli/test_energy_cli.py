"""``python main.py energy``: a year's figures per site, capital and moves; bad options."""

import json

import pytest

from designer.commands.energy import as_text, energy_data
from designer.core.document import operations as ops
from designer.core.energy.energy import Assumptions
from designer.core.examples import gb200_su
from designer.core.generate import ClusterRequest, generate
from designer.core.io.project_file import to_bytes
from tests.cli.test_summary import run
from tests.core.energy.test_energy_year import two_priced_sites


@pytest.fixture
def two_sites_file(tmp_path):
    path = tmp_path / "two.rackplan.json"
    path.write_bytes(to_bytes(two_priced_sites().project))
    return path


def test_json_of_two_priced_sites(two_sites_file):
    out = run("energy", str(two_sites_file), "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    north, south = data["sites"]
    # 484 kW typical x 8,760 h x PUE 1.3 x $90/MWh (hand-computed in the core tests)
    assert north["cost_usd_per_year"] == pytest.approx(496_061.28)
    assert south["carbon_t_per_year"] == pytest.approx(76.317, abs=1e-3)
    assert data["total"]["cost_usd_per_year"] == pytest.approx(496_061.28 + 146_274.48)
    assert data["per_accelerator_year"]["cost_usd"] == pytest.approx(642_335.76 / 384, abs=0.01)
    assert [(m["hall"], m["to"]) for m in data["siting"]] == [
        ("North hall 1", "South"),
        ("North hall 2", "South"),
        ("South hall 1", "North"),
    ]
    # the optics are priced, the DGX racks are not: listed, not zero
    assert data["capital"]["network_usd"] > 0
    assert {
        "category": "rack",
        "item": "NVIDIA DGX B200 rack (4 systems)",
        "length_m": None,
        "quantity": 12,
    } in data["capital"]["unpriced"]


def test_text_names_what_is_unknown():
    doc = two_priced_sites()
    text = as_text(energy_data(doc.project, Assumptions(basis="max", load_factor=0.8)))
    assert "each rack's max power x load factor 0.8" in text
    assert "at $90/MWh" in text and "at 345 g CO2/kWh" in text
    assert "North hall 1, North to South: energy cost −$" in text
    assert "not priced (no sourced price):" in text


def test_a_sites_own_wue_and_the_option_that_overrides_it():
    doc = two_priced_sites()
    north = next(iter(doc.project.sites))
    ops.update(doc, north, wue_l_per_kwh=1.8)  # operations:O27, the US on-site mean
    text = as_text(energy_data(doc.project, Assumptions()))
    # 4,239.84 MWh of IT energy x 1.8 L/kWh
    assert "water 7,632 m³ a year at WUE 1.8 L/kWh" in text
    assert "no WUE for: South" in text
    data = energy_data(doc.project, Assumptions(wue_l_per_kwh=0.3))
    assert [s["wue_l_per_kwh"] for s in data["sites"]] == [0.3, 0.3]
    assert data["total"]["sites_without_wue"] == []
    # no site with a WUE and none given: water goes unmentioned
    assert "WUE" not in as_text(energy_data(two_priced_sites().project, Assumptions()))


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--load-factor", "1.5", "not a load factor"),
        ("--wue", "500", "a WUE is litres"),
        ("--price", "-5", "an energy price is US dollars per MWh, 0 to 100,000, not -5"),
        ("--price", "nan", "an energy price is US dollars per MWh, 0 to 100,000, not nan"),
        ("--carbon", "inf", "a grid carbon intensity is grams of CO2 per kWh, 0 to 5,000, not inf"),
        ("--carbon", "-1", "a grid carbon intensity is grams of CO2 per kWh"),
    ],
)
def test_bad_assumptions_get_a_message(two_sites_file, option, value, message):
    out = run("energy", str(two_sites_file), option, value)
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr


def test_many_moves_that_do_not_fit_are_said_in_one_line():
    """A trial: the campus's page ended in 48 lines of "does not fit"."""
    data = energy_data(two_priced_sites().project, Assumptions())
    fits, misfit = dict(data["siting"][0], fits=True), dict(data["siting"][1], fits=False)
    # four short of power alone, three of heat rejection alone (a review: the line spoke
    # of power only)
    data["siting"] = [fits] + [
        dict(
            misfit,
            power_needed_kw=300.0 + i,
            power_spare_kw=200.0 - i if i < 4 else 900.0,
            heat_kw=250.0 + i,
            cooling_spare_kw=900.0 if i < 4 else 120.0 - i,
        )
        for i in range(7)
    ]
    lines = as_text(data).splitlines()
    moves = lines[lines.index(next(x for x in lines if x.startswith("Moving one hall"))) + 1 :]
    assert moves[0].startswith(f"  {fits['hall']}, {fits['from']} to {fits['to']}: ")
    assert moves[0].endswith(": fits")
    assert moves[1:] == [
        "  7 other moves do not fit: 4 need 300 kW of power or more, where no site has more "
        "than 200 kW spare; 3 need 254 kW of heat rejection or more, where no site has more "
        "than 116 kW spare (--format json lists each)"
    ]


def test_a_site_named_site_is_not_called_so_twice():
    """A trial read "Site Site 1: 2,576 racks" (and "What If Site Site 2 Fails")."""
    text = as_text(energy_data(gb200_su.build().project, Assumptions()))
    assert "\nSite 1: 11 racks, 576 accelerators" in text
    assert "Site Site" not in text


def test_the_year_per_accelerator_says_it_is_facility_energy():
    """An audit read "Per accelerator-year: 18.24 MWh" without knowing which energy. The
    GB200 SU: 999.6 kW typical x 8,760 h x PUE 1.2 = 10,507.8 MWh over 576 GPUs."""
    out = run("energy", "projects/gb200-nvl72-su.rackplan.json")
    assert out.returncode == 0, out.stderr
    per = 999.6 * 8_760 * 1.2 / 1000 / 576
    assert f"Per accelerator-year: {per:.2f} MWh of facility energy, " in out.stdout


#: The price and carbon intensity the options give below: Texas's 2023 industrial 6.60
#: cents/kWh (operations:O23) and the US grid's ~345 g CO2/kWh (operations:O26).
PRICE, CARBON = "66", "345"


@pytest.fixture(scope="module")
def unpriced_pods(tmp_path_factory):
    """A generated GB200 and GB300 scalable unit, their site with no energy price or grid
    carbon intensity set (as ``generate`` leaves every site)."""
    folder = tmp_path_factory.mktemp("pods")
    paths = []
    for preset in ("nvl72-su", "gb300-su"):
        project = generate(ClusterRequest(preset))
        assert [(s.energy_price_per_mwh, s.carbon_g_per_kwh) for s in project.sites.values()] == [
            (None, None)
        ]
        path = folder / f"{preset}.rackplan.json"
        path.write_bytes(to_bytes(project))
        paths.append(str(path))
    return paths


def test_a_price_and_carbon_given_for_every_site_of_an_unpriced_pod(unpriced_pods):
    """An architect's pod read "cost unknown, carbon unknown": its site had no price or
    carbon set, and the command line had no way to give them. The GB200 SU: 8 NVL72 at
    120 kW + 2 QM9700 racks at 13.2 kW + 1 at 3.3 kW typical = 989.7 kW; x 8,760 h =
    8,669.772 MWh of IT energy; x PUE 1.2 = 10,403.7264 MWh of facility energy; x $66/MWh
    = $686,645.94; x 345 g/kWh = 3,589.285608 t CO2; over 576 GPUs $1,192.09 and 6.23 t."""
    pod = unpriced_pods[0]
    out = run("energy", pod, "--price", PRICE, "--carbon", CARBON, "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["assumptions"]["price_usd_per_mwh"], data["assumptions"]["carbon_g_per_kwh"]) == (
        66,
        345,
    )
    (site,) = data["sites"]
    assert site["facility_mwh_per_year"] == pytest.approx(10_403.726, abs=1e-3)
    assert (site["price_usd_per_mwh"], site["carbon_g_per_kwh"]) == (66, 345)
    assert site["cost_usd_per_year"] == pytest.approx(686_645.94, abs=0.005)
    assert site["carbon_t_per_year"] == pytest.approx(3_589.286, abs=5e-4)
    total = data["total"]
    assert total["cost_usd_per_year"] == pytest.approx(686_645.94, abs=0.005)
    assert total["carbon_t_per_year"] == pytest.approx(3_589.286, abs=5e-4)
    assert total["sites_without_price"] == total["sites_without_carbon"] == []
    assert data["per_accelerator_year"]["cost_usd"] == pytest.approx(1_192.09, abs=0.005)
    assert data["capital"]["energy_cost_usd_per_year"] == pytest.approx(686_645.94, abs=0.005)

    text = run("energy", pod, "--price", PRICE, "--carbon", CARBON)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    # the page says the figures were given, not the site's own
    assert lines[2] == (
        "Given for every site, in place of its own: energy price $66/MWh, grid carbon 345 g CO2/kWh"
    )
    assert "  at $66/MWh $686,646 a year; at 345 g CO2/kWh 3,589 t CO2 a year" in lines
    assert (
        "Project a year: IT 8,670 MWh, facility 10,404 MWh, cost $686,646, carbon 3,589 t CO2"
        in lines
    )
    assert "Per accelerator-year: 18.06 MWh of facility energy, energy cost $1,192, 6.23 t CO2" in (
        lines
    )
    assert "unknown" not in text.stdout and "no price for" not in text.stdout


def test_a_given_price_and_carbon_stand_in_for_each_sites_own():
    """North's $90/MWh and 345 g/kWh and South's $57.50 and 30 g give way to $66 and 345 g
    for both; a given 0 (carbon-free power) stands, not read as none given. North 5,511.792
    MWh and South 2,543.904 MWh of facility energy (hand-computed in the core tests)."""
    doc = two_priced_sites()
    data = energy_data(doc.project, Assumptions(price_usd_per_mwh=66, carbon_g_per_kwh=0))
    north, south = data["sites"]
    assert [s["price_usd_per_mwh"] for s in data["sites"]] == [66, 66]
    assert north["cost_usd_per_year"] == pytest.approx(5_511.792 * 66)  # $363,778.27
    assert south["cost_usd_per_year"] == pytest.approx(2_543.904 * 66)  # $167,897.66
    assert [s["carbon_t_per_year"] for s in data["sites"]] == [0, 0]
    text = as_text(data)
    assert "Given for every site, in place of its own: energy price $66/MWh, grid carbon " in text
    # none given: no such line
    assert "Given for every site" not in as_text(energy_data(doc.project, Assumptions()))


def test_compare_counts_both_designs_at_the_given_price_and_carbon(unpriced_pods):
    """``compare`` takes the same options. The GB300 SU: 8 NVL72 at 135 kW + 4 Q3400 racks
    at 15 kW typical = 1,140 kW; x 8.76 x PUE 1.2 = 11,983.68 MWh; x $66 = $790,922.88;
    x 345 g/kWh = 4,134.3696 t. The GB200 SU's $686,645.94 and 3,589.285608 t as above;
    compare reads dollars whole and tonnes to the thousandth."""
    gb200, gb300 = unpriced_pods
    out = run("compare", gb200, gb300, "--price", PRICE, "--carbon", CARBON, "--format", "json")
    assert out.returncode == 0, out.stderr
    figures = {f["figure"]: f for f in json.loads(out.stdout)["figures"]}
    cost, carbon = figures["energy_cost_usd_per_year"], figures["carbon_t_per_year"]
    assert (cost["a"], cost["b"], cost["difference"]) == (686_646, 790_923, 104_277)
    assert (carbon["a"], carbon["b"], carbon["difference"]) == (3_589.286, 4_134.37, 545.084)

    text = run("compare", gb200, gb300, "--price", PRICE, "--carbon", CARBON)
    assert text.returncode == 0, text.stderr
    rows = {line.split("  ")[0]: line.split() for line in text.stdout.splitlines()}
    assert rows["Energy cost a year (USD)"][-3:] == ["686,646", "790,923", "+104,277"]
    assert rows["Carbon a year (t CO2)"][-3:] == ["3,589.29", "4,134.37", "+545.08"]

    refused = run("compare", gb200, gb300, "--carbon", "nan")
    assert refused.returncode == 2
    assert "a grid carbon intensity is grams of CO2 per kWh" in refused.stderr


def test_a_price_and_carbon_stored_on_every_site_reach_the_saved_project(unpriced_pods, tmp_path):
    """A trial: the price and carbon given to ``energy`` reached no export, whose energy
    sheet read "unknown". With ``-o`` they are stored on every site; the written project's
    own energy then reads the GB200 SU's $686,645.94 and 3,589.286 t (above) without them."""
    pod = unpriced_pods[0]
    priced = tmp_path / "priced.rackplan.json"
    out = run("energy", pod, "--price", PRICE, "--carbon", CARBON, "-o", str(priced))
    assert out.returncode == 0, out.stderr
    assert out.stdout.endswith(f"wrote {priced}\n")
    data = json.loads(run("energy", str(priced), "--format", "json").stdout)
    assert data["assumptions"]["price_usd_per_mwh"] is None  # the site's own, not given
    (site,) = data["sites"]
    assert (site["price_usd_per_mwh"], site["carbon_g_per_kwh"]) == (66, 345)
    assert site["cost_usd_per_year"] == pytest.approx(686_645.94, abs=0.005)
    assert site["carbon_t_per_year"] == pytest.approx(3_589.286, abs=5e-4)


@pytest.mark.parametrize(
    ("extra", "output", "said"),
    [
        ((), "out.rackplan.json", "give --price, --carbon or --wue to store on every site"),
        (("--price", "66"), "out.pdf", "a .pdf file is no project"),
    ],
)
def test_storing_nothing_or_into_no_project_file_is_refused(
    unpriced_pods, tmp_path, extra, output, said
):
    out = run("energy", unpriced_pods[0], *extra, "-o", str(tmp_path / output))
    assert out.returncode == 2 and said in out.stderr
    assert not (tmp_path / output).exists()
