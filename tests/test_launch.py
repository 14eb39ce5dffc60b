"""Starting the designer where Qt cannot open a window gives one line, not Qt's abort."""

import ctypes.util
import json
import subprocess
import sys

from designer import launch
from designer.core.catalog import projects_dir
from tests.shell import ROOT, run


def test_a_missing_xcb_cursor_library_is_named(monkeypatch):
    monkeypatch.setenv("DISPLAY", ":9")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    assert launch.missing_x11_library() == "libxcb-cursor0"
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: f"lib{name}.so.0")
    assert launch.missing_x11_library() is None


def test_wayland_and_offscreen_need_no_xcb_library(monkeypatch):
    monkeypatch.setattr(ctypes.util, "find_library", lambda name: None)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert launch.missing_x11_library() is None
    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert launch.missing_x11_library() is None


def test_without_a_display_the_line_names_the_headless_commands(monkeypatch):
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    line = launch.why_no_window(["check", "export"])
    assert line is not None and "\n" not in line
    assert "no display found" in line
    assert "These commands work without one: check, export (python main.py --help)." in line
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert launch.why_no_window(["check"]) is None


def _opened(monkeypatch) -> list:
    """What the designer window was asked to open (it is not built)."""
    import designer.gui.app

    opened: list = []
    monkeypatch.setattr(designer.gui.app, "run", lambda path=None: opened.append(path) or 0)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    return opened


def test_a_mistyped_command_names_the_commands_and_opens_nothing(monkeypatch, capsys, tmp_path):
    opened = _opened(monkeypatch)
    project = tmp_path / "pod.rackplan.json"
    project.write_text("{}", encoding="utf-8")
    for args in (["chek", str(project)], ["chek"]):
        assert launch.main(args) == 2
        err = capsys.readouterr().err
        assert "'chek' is not a command. Did you mean check?" in err
        assert "The commands are: bom, check, compare, energy, export" in err
    assert opened == []


def test_a_file_still_opens_the_designer(monkeypatch, tmp_path):
    opened = _opened(monkeypatch)
    project = tmp_path / "pod.rackplan.json"
    project.write_text("{}", encoding="utf-8")
    assert launch.main([str(project)]) == 0
    # a file not there yet, named as one, is the designer's to refuse with its own message
    assert launch.main(["missing.rackplan.json"]) == 0
    # an existing file without a suffix is a file, not a command
    bare = tmp_path / "chek"
    bare.write_text("{}", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert launch.main(["chek"]) == 0
    assert opened == [str(project), "missing.rackplan.json", "chek"]


def test_a_command_ends_with_its_code_and_its_whole_output_through_a_pipe():
    # a command's process ends without the interpreter's teardown: its output, buffered in
    # a pipe, and its exit code must arrive whole all the same
    ran = run("check", str(projects_dir() / "mistakes.rackplan.json"), "--format", "json")
    assert ran.returncode == 1
    report = json.loads(ran.stdout)
    assert report["counts"] == {"error": 9, "warning": 1, "info": 0}
    missing = run("check", "missing.rackplan.json")
    assert missing.returncode == 2
    assert "Cannot open missing.rackplan.json: the file does not exist." in missing.stderr


def test_a_library_missing_from_this_python_is_named_with_the_setup_command():
    """Run with a Python lacking shapely (the system's, outside the virtual environment),
    the command says which library is missing and how to install them: no traceback."""
    script = (
        "import sys; sys.modules['shapely'] = None; "
        "sys.argv = ['main.py', 'check', 'x.rackplan.json']; "
        "from designer.launch import start; start()"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "the library 'shapely' is not installed" in done.stderr
    assert "pip install -e ." in done.stderr


def test_a_missing_module_of_rackplan_itself_is_not_called_a_library():
    err = ModuleNotFoundError("No module named 'designer.nothing'", name="designer.nothing")
    assert launch.missing_library(err) is None
    assert "'PySide6'" in launch.missing_library(ModuleNotFoundError(name="PySide6.QtGui"))
