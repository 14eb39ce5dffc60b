"""A crash is told apart from a finding and from a bad file: exit 3, one line naming a log
that holds the traceback, and no partial output (issue 21, item 4)."""

import os
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from designer import cli
from designer.commands import check, links
from designer.core.io.crash_log import report_crash

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "projects" / "hgx-air-hall.rackplan.json")


@pytest.fixture
def crash_dir(tmp_path, monkeypatch):
    folder = tmp_path / "crashes"
    monkeypatch.setenv("RACKPLAN_CRASH_DIR", str(folder))
    return folder


def _half_then_boom(*args, **kwargs):
    print("half of the output")
    raise RuntimeError("the planner lost a rack")


def test_a_crash_exits_3_with_one_line_and_a_log(crash_dir, monkeypatch, capsys):
    monkeypatch.setattr(check, "as_text", _half_then_boom)
    code = cli.main(["check", EXAMPLE])
    out, err = capsys.readouterr()
    assert code == 3
    assert out == ""  # the half printed before the crash is not shown
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "a bug in rackplan" in err and "RuntimeError: the planner lost a rack" in err
    [log] = crash_dir.iterdir()
    assert str(log) in err
    text = log.read_text()
    assert "Traceback" in text and "the planner lost a rack" in text and "_half_then_boom" in text
    assert "check" in text.splitlines()[0]


def test_a_crash_writes_no_output_file(crash_dir, monkeypatch, tmp_path, capsys):
    def boom(*args, **kwargs):
        raise ValueError("inf is not a length")

    monkeypatch.setattr(links, "schedule_csv", boom)
    out_file = tmp_path / "links.csv"
    assert cli.main(["links", EXAMPLE, "-o", str(out_file)]) == 3
    assert not out_file.exists()
    assert "ValueError: inf is not a length" in capsys.readouterr().err


def test_a_crash_without_a_writable_log_folder_still_says_it_is_a_bug(
    monkeypatch, tmp_path, capsys
):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("RACKPLAN_CRASH_DIR", str(blocker / "crashes"))
    monkeypatch.setattr(check, "as_text", _half_then_boom)
    assert cli.main(["check", EXAMPLE]) == 3
    err = capsys.readouterr().err
    assert "a bug in rackplan" in err and "could not be written" in err
    assert "Traceback" in err


def test_output_of_a_command_that_ends_well_is_all_there(capsys):
    assert cli.main(["check", EXAMPLE]) in (0, 1)
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1].endswith("info")  # the tally, last


def test_the_process_exits_3(tmp_path):
    script = (
        "import sys\n"
        "import designer.commands.check as check\n"
        "def boom(*a, **k): raise KeyError('rk-404')\n"
        "check.as_text = boom\n"
        "from designer.launch import main\n"
        f"sys.exit(main(['check', {EXAMPLE!r}]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"RACKPLAN_CRASH_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 3, done.stderr
    assert done.stdout == ""
    assert "KeyError: 'rk-404'" in done.stderr and done.stderr.count("\n") == 1
    assert len(list(tmp_path.glob("crash-*.log"))) == 1


def test_two_crashes_in_one_second_each_get_a_log(crash_dir):
    """A trial's window met two bugs in one second: the second log's name was taken, so
    its dialog showed a raw traceback instead of a log's path. This second's and the next
    few seconds' names are taken first, so the clash happens whenever the test runs."""
    crash_dir.mkdir()
    now = datetime.now()
    taken = {
        crash_dir / f"crash-{(now + timedelta(seconds=s)):%Y%m%d-%H%M%S}-{os.getpid()}.log"
        for s in range(3)
    }
    for path in taken:
        path.write_text("an earlier crash")
    line = report_crash(RuntimeError("two"), "a test")
    assert "Traceback" not in line
    [log] = set(crash_dir.iterdir()) - taken
    assert log.name.endswith("-2.log") and str(log) in line
