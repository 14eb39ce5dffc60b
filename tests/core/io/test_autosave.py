"""Autosave snapshots sit beside the user's file, never over it, and restore what was lost."""

import os

from designer.core.catalog import default_catalog
from designer.core.io import autosave
from designer.core.io.project_file import save

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
    assert target == tmp_path / ".~hall.rackplan.json.autosave"
    autosave.write_autosave(edited, path, target)
    assert path.read_bytes() == original
    os.utime(path, (1, 1))
    pending = autosave.pending_for(path)
    assert pending is not None
    assert pending.original == path
    restored = autosave.restore(pending, RACKS)
    assert restored.project == edited
    autosave.discard(target)
    assert autosave.pending_for(path) is None


def test_a_snapshot_older_than_the_file_is_not_offered(tmp_path, hypothesis_free_project):
    path = tmp_path / "hall.rackplan.json"
    target = autosave.autosave_path(path, "s1")
    autosave.write_autosave(hypothesis_free_project, path, target)
    os.utime(target, (1, 1))
    save(hypothesis_free_project, path)
    assert autosave.pending_for(path) is None


def test_untitled_snapshots_go_to_the_recovery_folder(hypothesis_free_project):
    target = autosave.autosave_path(None, "abc")
    assert target.parent == autosave.recovery_dir()
    autosave.write_autosave(hypothesis_free_project, None, target)
    [found] = autosave.untitled_snapshots()
    assert found.path == target
    assert found.original is None
    assert autosave.restore(found, RACKS).project == hypothesis_free_project


def test_a_damaged_snapshot_is_ignored(tmp_path):
    path = tmp_path / "hall.rackplan.json"
    path.write_text("{}")
    (tmp_path / ".~hall.rackplan.json.autosave").write_text("half a snapsh")
    assert autosave.pending_for(path) is None
