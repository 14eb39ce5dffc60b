"""``python main.py bom``: modules, cables, switches, fibre and amplifiers, with totals."""

import csv
import io
import json

import pytest

from designer.core.network.bom import CATEGORIES
from tests.shell import run

TWO_SITES = "projects/two-sites.rackplan.json"


def test_csv_bom_ends_with_the_totals():
    out = run("bom", TWO_SITES)
    assert out.returncode == 0, out.stderr
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert list(rows[0]) == [
        "category",
        "item",
        "length_m",
        "quantity",
        "unit_power_w",
        "power_w",
        "unit_usd",
        "cost_usd",
    ]
    assert [r["category"] for r in rows] == sorted(
        (r["category"] for r in rows),
        key=[*CATEGORIES, "total"].index,
    )
    total = rows[-1]
    assert total["category"] == "total"
    # the power of every module and active cable line adds up to the total
    assert float(total["power_w"]) == pytest.approx(
        sum(float(r["power_w"] or 0) for r in rows[:-1])
    )
    # 192 twin-port SR at the DGX NICs' cages and 192 at the QM9700s', 128 twin-port DR
    # (two 400G links each), 32 ZR, 128 twin-port DACs (two links each)
    assert float(total["power_w"]) == pytest.approx(
        (192 + 192) * 15 + 128 * 17 + 32 * 15 + 128 * 0.2
    )


def test_json_bom():
    out = run("bom", TWO_SITES, "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["totals"]["cost_confidence"] == "low"
    pairs = [x for x in data["lines"] if x["category"] == "fibre_pair"]
    assert pairs == [
        {
            "category": "fibre_pair",
            "item": "fibre pair North – South",
            "length_m": 40000.0,
            "quantity": 1,
            "unit_power_w": None,
            "power_w": None,
            "unit_usd": None,
            "cost_usd": None,
        }
    ]


def test_bom_to_a_file_and_to_nowhere(tmp_path):
    target = tmp_path / "bom.json"
    out = run("bom", TWO_SITES, "--format", "json", "-o", str(target))
    assert out.returncode == 0
    assert out.stdout == f"wrote {target}\n"  # as export says it
    assert json.loads(target.read_text())["project"] == "Two sites, 40 km apart"
    blocked = tmp_path / "bom.json" / "inside.csv"  # a file cannot hold a file
    out = run("bom", TWO_SITES, "-o", str(blocked))
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1
    assert out.stderr.startswith(f"error: Cannot save to {blocked}")
    assert [p.name for p in tmp_path.iterdir()] == ["bom.json"]


def test_a_missing_input_exits_2(tmp_path):
    out = run("bom", str(tmp_path / "none.rackplan.json"))
    assert out.returncode == 2
    assert "does not exist" in out.stderr


def test_one_sites_part_of_the_bom_by_its_name_in_any_case():
    """South has one hall of four DGX B200 racks and a QM9700 rack: 4 x 32 links to its
    leaves (64 twin-port modules at the NICs, whose 400G ports share cages in twos, and 64
    at the leaves) and its end of the 16 ZR wavelengths to North."""
    out = run("bom", TWO_SITES, "--site", " south", "--format", "json")
    assert out.returncode == 0, out.stderr
    bom = json.loads(out.stdout)
    assert bom["site"] == "South"
    quantity = {line["item"]: line["quantity"] for line in bom["lines"]}
    assert quantity["NVIDIA DGX B200 rack (4 systems)"] == 4
    assert "400G SR multimode transceiver (400G SR4 or SR8, 800G 2xSR4)" not in quantity
    twin = "800G twin-port 2xSR4 multimode transceiver (OSFP, two MPO-12), 2 x 400G links each"
    assert quantity[twin] == 64 + 64
    assert quantity["400G coherent ZR pluggable (QSFP-DD / OSFP) on a DWDM line"] == 16
    assert not [line for line in bom["lines"] if line["category"] == "fibre_pair"]
    missing = run("bom", TWO_SITES, "--site", "West")
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr == "error: There is no site named 'West'; the sites are: North, South.\n"
