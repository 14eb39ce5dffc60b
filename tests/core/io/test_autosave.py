"""Autosave snapshots sit beside the user's file, never over it, and restore what was lost."""

import json
import os
import stat
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from designer.core.catalog import default_catalog
from designer.core.io import autosave
from designer.core.io.project_file import ProjectFileError, save

RACKS = default_catalog().racks


def test_a_snapshot_of_a_saved_project_sits_beside_it_and_restores(
    tmp_path, hypothesis_free_project
):
    path = tmp_path / "hall.rackplan.json"
    save(hypothesis_free_project, path)
    original = path.read_bytes()
    edited = hypothesis_free_project.model_copy(
        update={"meta": hypothesis_free_project.meta.model_copy(update={"name": "Edited"})}
    )
    target = autosave.autosave_path(path, "s1")
    assert target == tmp_path / ".~hall.rackplan.json.s1.autosave"
    autosave.write_autosave(edited, path, target)
    assert path.read_bytes() == original
    os.utime(path, (1, 1))
    [pending] = autosave.left_behind(path)
    assert pending.original == path
    restored = autosave.restore(pending, RACKS)
    assert restored.project == edited
    autosave.discard(target)
    assert autosave.left_behind(path) == []


def test_a_snapshot_older_than_the_file_is_still_left_behind(tmp_path, hypothesis_free_project):
    # another window saved the file after this one crashed: its work is still unsaved
    path = tmp_path / "hall.rackplan.json"
    target = autosave.autosave_path(path, "s1")
    autosave.write_autosave(hypothesis_free_project, path, target)
    os.utime(target, (1, 1))
    save(hypothesis_free_project, path)
    assert [s.path for s in autosave.left_behind(path)] == [target]


def test_untitled_snapshots_go_to_the_recovery_folder(hypothesis_free_project):
    target = autosave.autosave_path(None, "abc")
    assert target.parent == autosave.recovery_dir()
    autosave.write_autosave(hypothesis_free_project, None, target)
    [found] = autosave.untitled_snapshots()
    assert found.path == target
    assert found.original is None
    assert autosave.restore(found, RACKS).project == hypothesis_free_project


def test_a_damaged_snapshot_is_left_behind_says_why_and_can_be_set_aside(tmp_path):
    path = tmp_path / "hall.rackplan.json"
    path.write_text("{}")
    damaged = tmp_path / ".~hall.rackplan.json.0123abcd.autosave"
    damaged.write_text("half a snapsh")
    # named alike, but another file's (hall.rackplan.json.bak's): not this file's
    (tmp_path / ".~hall.rackplan.json.bak.0123abcd.autosave").write_text("half a snapsh")
    [left] = autosave.left_behind(path)
    assert left.path == damaged and not left.in_use
    with pytest.raises(ProjectFileError, match=r"The recovery file .* cannot be read"):
        autosave.restore(left, RACKS)
    kept = autosave.set_aside(damaged)
    assert kept == tmp_path / ".~hall.rackplan.json.0123abcd.autosave.unreadable"
    assert kept.read_text() == "half a snapsh"  # kept for whoever can read it
    assert autosave.left_behind(path) == []
    damaged.write_text("half again")  # a second one of the same name keeps the first
    assert autosave.set_aside(damaged).name.endswith(".autosave.unreadable-2")
    assert kept.read_text() == "half a snapsh"


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("[" * 100_000 + "]" * 100_000, "nest 100,001 levels deep"),
        ("1" * 5_000, "has 5,000 digits"),
        ('{"a": 1, "a": 2}', 'the key "a" is written twice'),
    ],
)
def test_a_hostile_snapshot_is_said_not_a_crash(tmp_path, body, said):
    """A recovery file is read as strictly as a project: one nested past the interpreter's
    depth raised a RecursionError out of every start that found it (issue 21)."""
    path = tmp_path / "hall.rackplan.json"
    path.write_text("{}")
    hostile = tmp_path / ".~hall.rackplan.json.0123abcd.autosave"
    hostile.write_text('{"rackplan_autosave": 1, "project": ' + body + "}")
    [left] = autosave.left_behind(path)
    assert left.path == hostile
    with pytest.raises(ProjectFileError) as err:
        autosave.restore(left, RACKS)
    assert str(err.value).startswith(f"The recovery file {hostile} cannot be read: ")
    assert said in str(err.value)


def test_a_damaged_untitled_snapshot_is_left_behind():
    damaged = autosave.recovery_dir() / "untitled-0123abcd.autosave"
    damaged.parent.mkdir(parents=True, exist_ok=True)
    damaged.write_bytes(b"\x00\x01")
    assert [s.path for s in autosave.untitled_snapshots()] == [damaged]
    autosave.set_aside(damaged)
    assert autosave.untitled_snapshots() == []


def _owned_by(target, pid):
    """Make the snapshot at ``target`` look written by process ``pid``."""
    envelope = json.loads(target.read_text())
    envelope["owner"] = {**envelope["owner"], "pid": pid, "start": autosave._process_start(pid)}
    target.write_text(json.dumps(envelope))


def test_another_open_windows_snapshot_is_its_work_not_a_crash(tmp_path, hypothesis_free_project):
    path = tmp_path / "hall.rackplan.json"
    save(hypothesis_free_project, path)
    mine, theirs = autosave.autosave_path(path, "mine"), autosave.autosave_path(path, "theirs")
    assert mine != theirs  # two windows on one file never overwrite each other's snapshot
    untitled = autosave.autosave_path(None, "theirs")
    window = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        for target, original in ((theirs, path), (untitled, None)):
            autosave.write_autosave(hypothesis_free_project, original, target)
            _owned_by(target, window.pid)
        assert autosave.left_behind(path) == []
        assert autosave.open_elsewhere(path)
        assert autosave.untitled_snapshots() == []
    finally:
        window.kill()
        window.wait()
    # once that window is gone (killed: a crash), its work is offered back
    assert [s.path for s in autosave.left_behind(path)] == [theirs]
    assert not autosave.open_elsewhere(path)
    assert [s.path for s in autosave.untitled_snapshots()] == [untitled]


def test_a_snapshot_of_an_earlier_version_is_still_found(tmp_path, hypothesis_free_project):
    path = tmp_path / "hall.rackplan.json"
    old = tmp_path / ".~hall.rackplan.json.autosave"
    autosave.write_autosave(hypothesis_free_project, path, old)
    assert [s.path for s in autosave.left_behind(path)] == [old]


def test_a_snapshot_is_as_private_as_its_project(tmp_path, hypothesis_free_project):
    path = tmp_path / "hall.rackplan.json"
    save(hypothesis_free_project, path)
    path.chmod(0o600)
    target = autosave.autosave_path(path, "s1")
    autosave.write_autosave(hypothesis_free_project, path, target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    path.chmod(0o444)  # a read-only project: its snapshot can still be written again
    autosave.write_autosave(hypothesis_free_project, path, target)
    autosave.write_autosave(hypothesis_free_project, path, target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    untitled = autosave.autosave_path(None, "s1")  # only its owner may read it
    autosave.write_autosave(hypothesis_free_project, None, untitled)
    assert stat.S_IMODE(untitled.stat().st_mode) == 0o600


def test_a_full_disk_beside_the_file_falls_back_to_the_recovery_folder(tmp_path):
    path = tmp_path / "hall.rackplan.json"
    fallback = autosave.fallback_path(path, "s1")
    assert fallback.parent == autosave.recovery_dir()
    assert autosave.fallback_path(None, "s1") is None  # untitled: already there


def test_the_time_of_a_snapshot_reads_as_local_time(tmp_path):
    snapshot = autosave.Snapshot(tmp_path / "x", None, "2026-12-01T00:30:10+00:00")
    local = datetime.fromisoformat(snapshot.saved_at).astimezone()
    assert snapshot.when == local.strftime("%Y-%m-%d %H:%M")
    assert autosave.Snapshot(tmp_path / "x", None, "").when == "an earlier session"


@pytest.mark.skipif(os.name != "posix", reason="file modes")
def test_a_read_only_project_file_is_not_saved_over(tmp_path, hypothesis_free_project):
    from designer.core.io.project_file import ProjectFileError

    path = tmp_path / "hall.rackplan.json"
    save(hypothesis_free_project, path)
    before = path.read_bytes()
    path.chmod(0o444)
    edited = hypothesis_free_project.model_copy(
        update={"meta": hypothesis_free_project.meta.model_copy(update={"name": "Edited"})}
    )
    with pytest.raises(ProjectFileError, match="read-only"):
        save(edited, path)
    assert path.read_bytes() == before


def test_a_snapshot_is_found_however_its_file_is_spelled(
    tmp_path, hypothesis_free_project, monkeypatch
):
    # opened as "plan.rackplan.json" on the command line, reopened from Recent by its
    # absolute path; and a "[v2]" in a name is no pattern
    monkeypatch.chdir(tmp_path)
    for name in ("plan.rackplan.json", "hall [v2].rackplan.json"):
        relative = Path(name)
        save(hypothesis_free_project, relative)
        target = autosave.autosave_path(relative, "s1")
        autosave.write_autosave(hypothesis_free_project, relative, target)
        for spelled in (relative, tmp_path / name):
            assert [s.path.name for s in autosave.left_behind(spelled)] == [target.name]


def test_a_project_holding_a_lone_surrogate_is_refused_naming_the_field(
    tmp_path, hypothesis_free_project
):
    from designer.core.model import Obstacle, evolve

    project = hypothesis_free_project
    keepout = Obstacle(
        id="ob-1",
        hall_id=next(iter(project.halls)),
        kind="keepout",
        outline=[(0, 0), (1, 0), (1, 1)],
    )
    bad = evolve(project, obstacles={"ob-1": evolve(keepout, label="pasted \ud800")})
    target = tmp_path / ".~p.rackplan.json.0123abcd.autosave"
    with pytest.raises(ProjectFileError) as err:
        autosave.write_autosave(bad, tmp_path / "p.rackplan.json", target)
    assert str(err.value) == (
        f"Cannot write the recovery file {target}: the text of obstacles -> ob-1 -> label is "
        "not valid Unicode (half of a surrogate pair, alone); type it again."
    )
    assert list(tmp_path.iterdir()) == []
