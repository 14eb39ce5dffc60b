"""Trays that do not connect the racks are a finding naming them, never an infinite length
(issue 21, item 3): in the HGX example, tray-003 moved to run along the top of the hall
leaves the rack rows' trays joined to nothing that reaches the network rack."""

import csv
import io
import json
import re
from pathlib import Path

import pytest

from designer import cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cut_off(tmp_path):
    data = json.loads((ROOT / "projects" / "hgx-air-hall.rackplan.json").read_text())
    [tray] = [t for t in data["trays"] if t["id"] == "tray-003"]
    tray["path"] = [[600, 600], [4800, 600]]
    path = tmp_path / "cut-off.rackplan.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_check_names_the_racks_whose_trays_do_not_connect(cut_off, capsys):
    assert cli.main(["check", str(cut_off), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert not re.search(r"\binf\b|Infinity|NaN", json.dumps(report))
    cut = [f for f in report["findings"] if f["code"] == "cabling.trays_not_connected"]
    assert cut and all(f["severity"] == "error" for f in cut)
    named = {name for f in cut for name in f["names"]}
    assert {"H100-01", "NET-01"} <= named
    first = next(f for f in cut if "H100-01" in f["names"])
    assert "H100-01" in first["message"] and "NET-01" in first["message"]
    assert "do not connect to each other" in first["message"]
    assert not any(f["code"] == "cabling.no_medium" and "H100" in f["message"] for f in cut)


def test_check_text_never_says_inf(cut_off, capsys):
    cli.main(["check", str(cut_off)])
    out = capsys.readouterr().out
    assert "inf km" not in out and "cabling.trays_not_connected" in out


def test_links_json_lists_the_bundles_as_not_routed(cut_off, capsys):
    assert cli.main(["links", str(cut_off), "--format", "json"]) == 0
    schedule = json.loads(capsys.readouterr().out)
    h100 = [b for b in schedule["bundles"] if b["from"].startswith("H100")]
    assert h100 and all(b["routed_m"] is None and not b["medium"] for b in h100)
    assert all("do not connect" in b["reason"] for b in h100)


def test_links_csv_writes_no_inf(cut_off, capsys):
    assert cli.main(["links", str(cut_off)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows
    for row in rows:
        assert "inf" not in (row["routed_m"], row["order_m"]), row
        assert "nan" not in (row["routed_m"], row["order_m"]), row


def test_summary_and_bom_end_well(cut_off, capsys):
    assert cli.main(["summary", str(cut_off), "--format", "json"]) == 0
    links = json.loads(capsys.readouterr().out)["links"]
    assert links["links_without_route_or_medium"] > 0
    assert cli.main(["bom", str(cut_off), "--format", "json"]) == 0
    assert "Infinity" not in capsys.readouterr().out
