"""Where a command writes: never over its own input, standard output by ``-o -`` or
``-o /dev/stdout``, never through another user's link in a shared folder (issue 21, item 5)."""

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from designer import cli
from designer.core.io.atomic import atomic_write_bytes

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "hall.rackplan.json"
    shutil.copy(ROOT / "projects" / "hgx-air-hall.rackplan.json", path)
    return path


@pytest.mark.parametrize("command", ["links", "bom"])
@pytest.mark.parametrize("spelling", ["same", "relative", "link"])
def test_a_table_written_over_its_own_project_is_refused(project, capsys, command, spelling):
    before = project.read_bytes()
    target = {"same": str(project), "relative": "./hall.rackplan.json", "link": "alias.json"}
    if spelling == "link":
        Path("alias.json").symlink_to(project)
    assert cli.main([command, str(project), "-o", target[spelling]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is the project it reads" in err
    assert project.read_bytes() == before


def test_an_export_over_its_own_project_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    odd = tmp_path / "hall.csv"  # a project named like a schedule
    shutil.copy(ROOT / "projects" / "hgx-air-hall.rackplan.json", odd)
    before = odd.read_bytes()
    assert cli.main(["export", str(odd), "-o", str(odd)]) == 2
    assert "is the project it reads" in capsys.readouterr().err
    assert odd.read_bytes() == before


@pytest.mark.parametrize("output", ["-", "/dev/stdout"])
@pytest.mark.parametrize("command", ["links", "bom"])
def test_a_table_to_standard_output(project, capsys, output, command):
    assert cli.main([command, str(project), "-o", output]) == 0
    out = capsys.readouterr().out
    assert out.split(",", 1)[0] in ("from", "category")
    assert "wrote" not in out
    assert not Path("-").exists()


@pytest.mark.parametrize("output", ["-", "/dev/stdout"])
def test_a_drawing_or_a_project_to_standard_output_is_refused_plainly(project, capsys, output):
    assert cli.main(["export", str(project), "-o", output]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "standard output" in err
    # where the tables do print (a trial read the README's "-o - prints a table" and tried
    # export --table cables)
    assert err.rstrip().endswith("The bom and links commands print their tables (-o - or no -o).")
    assert cli.main(["generate", "nvl72-su", "-o", output]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "standard output" in err
    assert not Path("-").exists()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown")
def test_another_users_link_in_a_shared_folder_is_not_followed(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777 | stat.S_ISVTX)  # as /tmp
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    link = shared / "out.csv"
    link.symlink_to(victim)
    os.lchown(link, 4242, 4242)  # planted by someone else
    with pytest.raises(PermissionError, match="another user's link"):
        atomic_write_bytes(link, b"overwritten")
    assert victim.read_text() == "keep me"
    os.lchown(link, os.geteuid(), os.getegid())  # the user's own link is followed
    atomic_write_bytes(link, b"written")
    assert victim.read_text() == "written"


@pytest.mark.parametrize("command", ["links", "bom"])
def test_a_table_written_over_another_project_is_refused(project, tmp_path, capsys, command):
    """A trial's bom -o other.rackplan.json replaced another project with CSV."""
    other = tmp_path / "other.rackplan.json"
    shutil.copy(ROOT / "projects" / "gb200-nvl72-su.rackplan.json", other)
    before = other.read_bytes()
    assert cli.main([command, str(project), "-o", str(other)]) == 2
    err = capsys.readouterr().err
    assert "the name is a project file's (.rackplan.json)" in err
    assert other.read_bytes() == before


def test_a_project_is_not_written_under_another_kind_of_files_name(project, tmp_path, capsys):
    """A trial's import-racks -o sheet.csv replaced the sheet it read with project JSON,
    and import-dxf -o x.dxf wrote a project no CAD program opens."""
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("label,type,hall,x,y,facing\n", encoding="utf-8")
    before = sheet.read_bytes()
    code = cli.main(["import-racks", str(sheet), "--into", str(project), "-o", str(sheet)])
    assert code == 2 and sheet.read_bytes() == before
    assert "it is the sheet it reads" in capsys.readouterr().err
    code = cli.main(["import-racks", str(sheet), "--into", str(project), "-o", "out.dxf"])
    assert code == 2 and not Path("out.dxf").exists()
    assert "a .dxf file is no project" in capsys.readouterr().err


def test_output_to_a_full_device_is_said_not_a_crash(project):
    """``summary FILE > /dev/full`` ended in an internal error (a trial)."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "summary", str(project)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr == (
        "error: Cannot write the output to standard output: No space left on device\n"
    )


def test_a_folder_given_for_a_file_is_called_a_folder(project, tmp_path, capsys):
    """import-dxf said "there is no such file" of a folder and export asked for a suffix."""
    folder = tmp_path / "plans"
    folder.mkdir()
    assert cli.main(["import-dxf", str(folder), "-o", "x.rackplan.json"]) == 2
    assert "that is a folder, not a drawing" in capsys.readouterr().err
    assert cli.main(["export", str(project), "-o", str(folder)]) == 2
    assert "that is a folder; give a file's name in it" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["links", "bom"])
def test_a_sheet_is_written_for_excel_and_json_is_not(project, tmp_path, command):
    """A trial's bill opened in Excel read "2 Ã— 400G": Excel takes a CSV without the
    byte-order mark as the local code page. A .csv gets the mark; JSON does not."""
    sheet, data = tmp_path / "out.csv", tmp_path / "out.json"
    assert cli.main([command, str(project), "--format", "csv", "-o", str(sheet)]) == 0
    assert cli.main([command, str(project), "--format", "json", "-o", str(data)]) == 0
    assert sheet.read_bytes()[:3] == b"\xef\xbb\xbf"
    assert sheet.read_text(encoding="utf-8-sig").split(",", 1)[0] in ("from", "category")
    assert data.read_bytes()[:1] in (b"{", b"[")
    # the format decides, not the name: JSON to a .csv name gets no mark (a review)
    assert cli.main([command, str(project), "--format", "json", "-o", str(sheet)]) == 0
    assert sheet.read_bytes()[:1] in (b"{", b"[")
    # a .txt name for the sheet still gets it
    text = tmp_path / "out.txt"
    assert cli.main([command, str(project), "--format", "csv", "-o", str(text)]) == 0
    assert text.read_bytes()[:3] == b"\xef\xbb\xbf"
