"""``python main.py check``: exit codes, text for a person, JSON for a script."""

import json

import pytest

from designer.cli import main
from designer.core.catalog import projects_dir
from designer.core.document import operations as ops
from designer.core.examples import mistakes
from designer.core.io.project_file import save
from designer.core.model.rule_settings import Exclusion, RuleSettings

MISTAKES = str(projects_dir() / "mistakes.rackplan.json")
CLEAN = str(projects_dir() / "gb200-nvl72-su.rackplan.json")


def test_a_clean_project_exits_0(capsys):
    assert main(["check", CLEAN]) == 0
    # the SU hall's power and cooling are 93 % used: two notes, which pass
    assert capsys.readouterr().out.splitlines()[-1] == "0 errors, 0 warnings, 2 info"


def test_a_project_with_errors_exits_1_with_a_line_per_finding(capsys):
    assert main(["check", MISTAKES]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 11
    assert lines[-1] == "9 errors, 1 warning, 0 info"
    overload = next(line for line in lines if "power.feed_overload" in line)
    assert overload.startswith("error")
    assert "Busway 1 carries 352.4 kW" in overload


def test_an_unreadable_file_exits_2(tmp_path, capsys):
    assert main(["check", str(tmp_path / "missing.rackplan.json")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_json_output(capsys):
    assert main(["check", MISTAKES, "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["counts"] == {"error": 9, "warning": 1, "info": 0}
    assert len(data["findings"]) == 10
    overload = next(f for f in data["findings"] if f["code"] == "power.feed_overload")
    assert set(overload) == {
        "code",
        "severity",
        "message",
        "items",
        "names",
        "measured",
        "limit",
        "unit",
    }
    assert overload["severity"] == "error"
    assert overload["unit"] == "kW"
    assert overload["measured"] == pytest.approx(352.4)
    # 0.8 x sqrt(3) x 415 V x 400 A = 230.016 kW
    assert overload["limit"] == pytest.approx(230.016, abs=0.001)
    assert overload["items"][0] == "feed-001"
    # the labels the message names, beside the ids (a trial's script got only "rk-003")
    assert overload["names"][0] == "Busway 1"


def test_the_severity_filter_lists_fewer_but_the_exit_code_still_counts_errors(capsys):
    assert main(["check", MISTAKES, "--format", "json", "--severity", "info"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["findings"] == []
    assert data["counts"]["error"] == 9
    # as text, the empty list is said before the whole report's counts; in any case, as
    # --paper is
    assert main(["check", MISTAKES, "--severity", "Info"]) == 1
    assert capsys.readouterr().out == (
        "No findings of severity info; the whole report:\n9 errors, 1 warning, 0 info\n"
    )


def test_excluded_errors_do_not_fail_the_check(tmp_path, capsys):
    doc = mistakes.build()
    main(["check", MISTAKES, "--format", "json"])
    listed = json.loads(capsys.readouterr().out)["findings"]
    accepted = [Exclusion(code=f["code"], ids=f["items"], comment="training") for f in listed]
    ops.update_settings(doc, "Accept all", rules=RuleSettings(exclusions=accepted))
    path = tmp_path / "accepted.rackplan.json"
    save(doc.project, path)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "0 errors, 0 warnings, 0 info; 10 excluded"
    assert all("[excluded: training]" in line for line in out[:-1])


def test_the_collector_is_paused_for_the_whole_command_and_resumed_after(monkeypatch):
    """The cycle collector does not resume between the load and the check (each resume
    walked the whole project), and a caller of ``main`` gets it back as it was."""
    import gc

    from designer.commands import check

    seen = []
    run = check.run

    def watched(args):
        seen.append(gc.isenabled())
        return run(args)

    monkeypatch.setattr(check, "run", watched)
    assert gc.isenabled()
    assert main(["check", CLEAN]) == 0
    assert seen == [False]
    assert gc.isenabled()
