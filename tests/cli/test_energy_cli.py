"""``python main.py energy``: a year's figures per site, capital and moves; bad options."""

import json

import pytest

from designer.commands.energy import as_text, energy_data
from designer.core.document import operations as ops
from designer.core.energy.energy import Assumptions
from designer.core.examples import gb200_su
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
    [("--load-factor", "1.5", "not a load factor"), ("--wue", "500", "a WUE is litres")],
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
