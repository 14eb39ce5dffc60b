"""``python main.py compare A B``: a saved copy against itself, a variant, bad input."""

import json
import re
import subprocess

from designer.core.document import operations as ops
from designer.core.examples import gb200_su
from designer.core.io.project_file import to_bytes
from tests.cli.test_summary import run
from tests.core.jobs.helpers import cluster, with_job

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


def test_the_pdf_of_two_variants_of_one_name_tells_them_apart_by_their_files(tmp_path):
    """A trial's title block read "CloudMatrix384 campus, 125 systems compared with
    CloudMatrix384 campus, 125 systems": two variants generated alike share their name."""
    variant = tmp_path / "variant.rackplan.json"
    variant.write_bytes(to_bytes(gb200_su.build().project))
    pdf = tmp_path / "compared.pdf"
    assert run("compare", SU, str(variant), "--pdf", str(pdf)).returncode == 0
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert (
        "GB200 NVL72 SuperPOD scalable unit: gb200-nvl72-su.rackplan.json compared with "
        "variant.rackplan.json" in " ".join(text.split())
    )


def test_pdf_refuses_another_suffix_or_a_compared_project(tmp_path):
    out = run("compare", SU, SU, "--pdf", str(tmp_path / "x.png"))
    assert out.returncode == 2 and "must end in .pdf" in out.stderr
    copy = tmp_path / "named-as-a.pdf"  # a project file, whatever its name
    copy.write_bytes(to_bytes(gb200_su.build().project))
    out = run("compare", SU, str(copy), "--pdf", str(copy))
    assert out.returncode == 2 and "it is the project it reads" in out.stderr


def _with_job(tmp_path, name, oversubscription, job="llama70b"):
    """Two GB200 NVL72 at a leaf oversubscription, with a job of TP 8 x DP 18 (70B dense,
    144 sequences a step) named ``job``, saved as ``name``."""
    doc = cluster("nvl72-su", systems=2, oversubscription=oversubscription)
    with_job(doc, name=job, tp=8, dp=18, global_batch=144)
    path = tmp_path / name
    path.write_bytes(to_bytes(doc.project))
    return str(path)


def test_each_job_has_its_step_and_plane_times_in_text_json_and_pdf(tmp_path):
    """The job's DP all-reduce, 2 x 17 / 18 x 17.5 GB = 33.06 GB a GPU a step, over 400 Gb/s
    NICs at 2:1 takes 1,322.22 ms, at 1:1 661.11 ms; its step is 3.44 s in both."""
    two = _with_job(tmp_path, "two.rackplan.json", 2)
    one = _with_job(tmp_path, "one.rackplan.json", 1)
    out = run("compare", two, one)
    assert out.returncode == 0, out.stderr
    lines = {line.split("  ")[0]: line.split() for line in out.stdout.splitlines()}
    assert lines["Job llama70b: scale-out time a step (ms)"][-3:] == [
        "1,322.22",
        "661.11",
        "−661.11",
    ]
    assert lines["Job llama70b: step, compute with fill and drain (s)"][-3:] == [
        "3.44",
        "3.44",
        "=",
    ]

    data = json.loads(run("compare", two, one, "--format", "json").stdout)
    figures = {f["figure"]: f for f in data["figures"]}
    assert figures["jobs/llama70b/scale-out"] == {
        "figure": "jobs/llama70b/scale-out",
        "label": "Job llama70b: scale-out time a step (ms)",
        "a": 1_322.222,
        "b": 661.111,
        "difference": -661.111,
    }

    pdf = tmp_path / "compared.pdf"
    assert run("compare", two, one, "--pdf", str(pdf)).returncode == 0
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    row = next(line for line in text.splitlines() if "llama70b: scale-out" in line)
    assert row.split()[-3:] == ["1,322.22", "661.11", "−661.11"]


def test_a_job_only_one_design_holds_reads_as_absent_in_the_other(tmp_path):
    a = _with_job(tmp_path, "a.rackplan.json", 2)
    b = _with_job(tmp_path, "b.rackplan.json", 2, job="llama8b")
    out = run("compare", a, b)
    assert out.returncode == 0, out.stderr
    cells = {c[0]: c[1:] for c in (re.split(r"\s{2,}", x) for x in out.stdout.splitlines())}
    assert cells["Job llama70b: scale-out time a step (ms)"] == [
        "1,322.22",
        "no such job",
        "only in A",
    ]
    assert cells["Job llama8b: step, compute with fill and drain (s)"] == [
        "no such job",
        "3.44",
        "only in B",
    ]
    data = json.loads(run("compare", a, b, "--format", "json").stdout)
    figures = {f["figure"]: f for f in data["figures"]}
    assert figures["jobs/llama8b/step"]["a"] is None
    assert figures["jobs/llama8b/step"]["difference"] is None
    assert figures["jobs/llama8b/step"]["missing"] == {"a": "no such job"}
    assert figures["jobs/llama8b/step"]["b"] == 3.441
