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
