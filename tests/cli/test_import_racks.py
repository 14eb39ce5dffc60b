"""``python main.py import-racks``: a sheet into a project, or every bad line and exit 2."""

from pathlib import Path

from designer.core.catalog import default_catalog
from designer.core.io.project_file import load
from tests.shell import run

POD = "projects/gb200-nvl72-su.rackplan.json"


def test_racks_exported_as_a_sheet_go_back_into_the_project(tmp_path):
    sheet = tmp_path / "racks.csv"
    done = run("export", POD, "-o", str(sheet), "--table", "racks")
    assert done.returncode == 0, done.stderr
    # UTF-8 after Excel's byte-order mark, which Excel needs to read "×" as "×"
    assert sheet.read_bytes().startswith(b"\xef\xbb\xbf")
    lines = sheet.read_text(encoding="utf-8-sig").splitlines()
    assert lines[0] == "label,type,hall,x,y,facing"
    assert len(lines) == 12  # the pod's 11 racks
    # the sheet as Excel saves it, its mark kept, with one rack more
    sheet.write_bytes(
        "\ufefflabel,type,hall,x,y,facing\nNEW-01,nvidia-gb200-nvl72,SU hall,600,4800,up\n".encode()
    )
    out = tmp_path / "more.rackplan.json"
    done = run("import-racks", str(sheet), "--into", POD, "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "1 rack added" in done.stdout
    project = load(out, default_catalog().racks).project
    assert [p.label for p in project.placements.values()][-1] == "NEW-01"


def test_a_bad_sheet_names_its_lines_and_writes_nothing(tmp_path):
    sheet = tmp_path / "racks.csv"
    sheet.write_text("label,type,hall,x,y,facing\nA,nvidia-gb200-nvl72,SU hall,abc,0,up\n")
    out = tmp_path / "x.rackplan.json"
    done = run("import-racks", str(sheet), "--into", POD, "-o", str(out))
    assert done.returncode == 2
    assert "line 2, column x: 'abc' is not a whole number of millimetres" in done.stderr
    assert not out.exists()
    sheet.write_bytes(b"label,type\n\xff\xfe")
    done = run("import-racks", str(sheet), "--into", POD, "-o", str(out))
    assert done.returncode == 2
    assert "is not UTF-8 text" in done.stderr


def test_a_project_with_a_dangling_reference_warns_once_the_racks_go_in(tmp_path):
    """A project whose rack names a CDU that is not there still takes racks, and says so;
    when the sheet is refused, the refusal is the one line (a robustness run: a warning
    above the error)."""
    import json

    data = json.loads(Path(POD).read_text(encoding="utf-8"))
    data["placements"][-1]["cdu_id"] = "no-such-cdu"
    project = tmp_path / "p.rackplan.json"
    project.write_text(json.dumps(data), encoding="utf-8")
    sheet, out = tmp_path / "racks.csv", tmp_path / "out.rackplan.json"
    sheet.write_text(
        "label,type,hall,x,y,facing\nNVL72-01,nvidia-gb200-nvl72,SU hall,600,4800,up\n"
    )
    done = run("import-racks", str(sheet), "--into", str(project), "-o", str(out))
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
    assert "'NVL72-01' is already the label of a rack of the project in 'SU hall'" in done.stderr
    sheet.write_text("label,type,hall,x,y,facing\nNEW-01,nvidia-gb200-nvl72,SU hall,600,4800,up\n")
    done = run("import-racks", str(sheet), "--into", str(project), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "no-such-cdu" in done.stderr and done.stderr.startswith("warning: ")


def test_a_sheet_of_its_header_alone_is_refused_and_writes_nothing(tmp_path):
    """A review's header-only sheet printed "wrote ... with 0 racks added" and exited 0."""
    sheet, out = tmp_path / "racks.csv", tmp_path / "out.rackplan.json"
    sheet.write_text("label,type,hall,x,y,facing\n")
    done = run("import-racks", str(sheet), "--into", POD, "-o", str(out))
    assert done.returncode == 2
    assert done.stderr.startswith("error: The sheet has no racks")
    assert done.stderr.count("\n") == 1 and not done.stdout
    assert not out.exists()


def test_a_type_id_in_upper_case_is_read_and_a_mistyped_one_is_told_the_closest(tmp_path):
    """A review: "NVIDIA-GB200-NVL72" was no rack type, though "nvidia gb200 nvl72" was."""
    sheet, out = tmp_path / "racks.csv", tmp_path / "out.rackplan.json"
    sheet.write_text("label,type,hall,x,y,facing\nNEW-01,NVIDIA-GB200-NVL73,SU hall,600,4800,up\n")
    done = run("import-racks", str(sheet), "--into", POD, "-o", str(out))
    assert done.returncode == 2
    assert (
        "line 2, column type: 'NVIDIA-GB200-NVL73' is no rack type of the catalog or the "
        "project (did you mean 'nvidia-gb200-nvl72'?)." in done.stderr
    )
    sheet.write_text("label,type,hall,x,y,facing\nNEW-01,NVIDIA-GB200-NVL72,SU hall,600,4800,up\n")
    done = run("import-racks", str(sheet), "--into", POD, "-o", str(out))
    assert done.returncode == 0, done.stderr
    project = load(out, default_catalog().racks).project
    assert [p.type_id for p in project.placements.values()][-1] == "nvidia-gb200-nvl72"
