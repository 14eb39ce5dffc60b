"""Undo puts a project back as it was, down to the bytes of its saved file."""

from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.core.io.project_file import save


def test_undoing_a_delete_saves_the_file_it_was_before(tmp_path):
    doc = EXAMPLES["gb200-nvl72-su"]()
    before, after = tmp_path / "before.rackplan.json", tmp_path / "after.rackplan.json"
    save(doc.project, before)
    second, fifth = list(doc.project.placements)[1], list(doc.project.placements)[4]
    ops.delete(doc, [fifth, second])
    doc.undo()
    assert list(doc.project.placements)[1] == second
    assert list(doc.project.placements)[4] == fifth
    save(doc.project, after)
    assert after.read_bytes() == before.read_bytes()


def test_an_edit_that_changes_nothing_is_no_undo_step():
    doc = EXAMPLES["gb200-nvl72-su"]()
    revision, last_step = doc.revision, doc.history.undo_label
    settings = doc.project.settings
    ops.update_settings(doc, "Project settings", network=settings.network)
    rack = next(iter(doc.project.placements.values()))
    ops.update(doc, rack.id, label=rack.label)
    assert (doc.revision, doc.history.undo_label) == (revision, last_step)


def test_nudges_that_cancel_out_leave_no_step_and_a_clean_project(tmp_path):
    doc = EXAMPLES["gb200-nvl72-su"]()
    doc.mark_saved(tmp_path / "su.rackplan.json")
    last_step = doc.history.undo_label
    rack = next(iter(doc.project.placements))
    ops.move(doc, [rack], 100, 0, merge_key="nudge")
    assert doc.is_dirty
    ops.move(doc, [rack], -100, 0, merge_key="nudge")
    assert not doc.is_dirty
    assert doc.history.undo_label == last_step


def test_removals_are_never_merged_into_one_step():
    from designer.core.document.changes import Change, ChangeSet
    from designer.core.document.history import History

    history = History()
    project = EXAMPLES["gb200-nvl72-su"]().project
    first, second = list(project.placements.values())[1:3]
    history.push(ChangeSet("a", {first.id: Change("placements", first, None, 1)}), "key")
    history.push(ChangeSet("b", {second.id: Change("placements", second, None, 1)}), "key")
    # two steps: merged, the second index (counted without the first rack) would misplace it
    assert history.undo().label == "b"
    assert history.undo().label == "a"
