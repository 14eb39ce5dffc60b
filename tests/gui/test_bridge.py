"""Undo and redo through the bridge: the change set comes back to the caller and goes out once."""

from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.gui.bridge import DocumentBridge
from designer.gui.editor import Editor
from designer.gui.selection import Selection


def test_undo_and_redo_hand_back_the_change_set_they_applied(qtbot):
    doc = EXAMPLES["gb200-nvl72-su"]()
    bridge = DocumentBridge(doc)
    heard = []
    bridge.changed.connect(lambda changes: heard.append(changes.ids))
    hall = next(iter(doc.project.halls))
    rack = ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 6_000, 4_800, 0, "NEW-01")
    heard.clear()
    undone = bridge.undo()
    assert undone is not None and undone.ids == {rack}
    assert rack not in doc.project.placements
    redone = bridge.redo()
    assert redone is not None and redone.ids == {rack}
    assert heard == [{rack}, {rack}]  # each step told once
    assert bridge.redo() is None  # nothing left to redo


def test_the_editor_selects_what_an_undone_delete_brings_back(qtbot):
    doc = EXAMPLES["gb200-nvl72-su"]()
    bridge, selection = DocumentBridge(doc), Selection()
    editor = Editor(bridge, selection)
    racks = [r.id for r in doc.project.placements.values() if r.hall_id == editor.hall_id][:2]
    selection.set(racks)
    editor.delete_selection()
    assert not selection.ids and racks[0] not in doc.project.placements
    editor.undo()
    assert sorted(selection.ids) == sorted(racks)
