"""``python main.py compare A B``: a saved copy against itself, a variant, bad input."""

import json
import subprocess

from designer.core.document import operations as ops
from designer.core.examples import gb200_su
from designer.core.io.project_file import to_bytes
from tests.cli.test_summary import run

SU = "projects/gb200-nvl72-su.rackplan.json"


def test_a_saved_copy_against_the_original_differs_in_nothing(tmp_path):
    copy = tmp_path / "copy.rackplan.json"
    copy.write_bytes(to_bytes(gb200_su.build().project))
    out = run("compare", SU, str(copy))
    assert out.returncode == 0, out.stderr
    assert out.stdout.rstrip().endswith("The two designs do not differ in any figure.")


def test_json_of_a_variant_less_one_nvl72(tmp_path):
    doc = gb200_su.build()
    ops.delete(doc, [r.id for r in doc.project.placements.values() if r.label == "NVL72-08"])
    smaller = tmp_path / "seven.rackplan.json"
    smaller.write_bytes(to_bytes(doc.project))
    out = run("compare", str(smaller), SU, "--format", "json", "--basis", "max")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    figures = {f["figure"]: f for f in data["figures"]}
    assert figures["accelerators"] == {
        "figure": "accelerators",
        "label": "Accelerators",
        "a": 504,
        "b": 576,
        "difference": 72,
    }
    assert figures["it_power_max_kw"]["difference"] == 132
    # at max power: 132 kW x 8,760 h
    assert figures["it_energy_mwh_per_year"]["difference"] == 1_156.32
    assert figures["findings/error"]["difference"] == 0
    assert data["b"]["project"] == "GB200 NVL72 SuperPOD scalable unit"


def test_text_marks_each_difference(tmp_path):
    out = run("compare", "projects/two-sites.rackplan.json", SU)
    assert out.returncode == 0, out.stderr
    lines = {line.split("  ")[0]: line for line in out.stdout.splitlines()}
    assert lines["Accelerators"].split()[-3:] == ["384", "576", "+192"]
    assert lines["Racks: NVIDIA DGX B200 rack (4 systems)"].split()[-3:] == ["12", "0", "−12"]
    assert "figures differ." in out.stdout


def test_a_missing_file_gets_a_message(tmp_path):
    out = run("compare", SU, str(tmp_path / "nope.rackplan.json"))
    assert out.returncode == 2
    assert "nope.rackplan.json" in out.stderr and "Traceback" not in out.stderr


def test_pdf_writes_the_comparison_sheet(tmp_path):
    pdf = tmp_path / "compared.pdf"
    out = run("compare", "projects/two-sites.rackplan.json", SU, "--pdf", str(pdf))
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"wrote {pdf}\n"
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    # 43 rows: the figures run onto a second sheet, its title block counting both
    assert "Comparison (1 of 2)" in text and "Comparison (2 of 2)" in text
    data = json.loads(
        run("compare", "projects/two-sites.rackplan.json", SU, "--format", "json").stdout
    )
    assert f"{data['differing']} of {len(data['figures'])} figures differ" in text
    row = next(line for line in text.splitlines() if "Racks: NVIDIA GB200 NVL72" in line)
    assert row.split()[-3:] == ["0", "8", "+8"]


def test_pdf_refuses_another_suffix_or_a_compared_project(tmp_path):
    out = run("compare", SU, SU, "--pdf", str(tmp_path / "x.png"))
    assert out.returncode == 2 and "must end in .pdf" in out.stderr
    copy = tmp_path / "named-as-a.pdf"  # a project file, whatever its name
    copy.write_bytes(to_bytes(gb200_su.build().project))
    out = run("compare", SU, str(copy), "--pdf", str(copy))
    assert out.returncode == 2 and "it is the project it reads" in out.stderr
