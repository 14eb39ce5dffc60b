"""The README's "A pod by hand", action by action, ends in a design with no error and no
warning: eight GB200 NVL72, three network racks, two CDUs in N+1, two CRAHs, busways A and
B of 1,250 A, one tray (issue 22: at most 40 actions).

Placing through the Place Row dialog, palette drops, the Busway and Tray tools' drags on
the canvas, the Edit menu's actions and the properties panel, as the README says.
"""

from designer.core.placement.entry import PaletteEntry
from designer.gui.dialogs.new_project import NewProjectDialog
from designer.gui.dialogs.place_row import PlaceRowDialog
from designer.gui.panels.palette import mime_data
from tests.gui.conftest import wait_checked
from tests.gui.helpers import drag, drag_drop, highlight, on_screen, use_tool


def test_the_hand_built_pod_of_the_readme_is_clean(qtbot, make_window, prompts):
    window = make_window()
    view, editor = window.view, window.editor
    # 1. Ctrl+N, Enter: a 24 x 18 m hall
    prompts.new_answer = NewProjectDialog().spec()
    window.actions_by_name["new"].trigger()
    # 2. Ctrl+Shift+W, 2.4 in "First rack at x", Enter: the dialog's eight GB200 NVL72
    # facing down from (2.4, 1.2) m, room at the west end for a CDU and a walkway
    types = dict(editor.doc.rack_types)
    prompts.row_answer = PlaceRowDialog(
        types, "nvidia-gb200-nvl72", "NVL72-", (2_400, 1_200)
    ).spec()
    window.actions_by_name["place_row"].trigger()
    row = list(window.selection.ids)
    assert len(row) == 8  # x 2,400-7,200, fronts at y = 2,268
    # 3. three network racks dropped one after another at the row's east end
    for x in (7_500, 8_100, 8_700):
        assert drag_drop(
            view.viewport(),
            mime_data(PaletteEntry("rack", "nvidia-qm9700-rack")),
            on_screen(view, x, 1_700),
        )
    # 4. a CDU dropped at each end of the row
    cdu = mime_data(PaletteEntry("cooling", "cdu-inrow-1368"))
    assert drag_drop(view.viewport(), cdu, on_screen(view, 2_100, 1_700))
    assert drag_drop(view.viewport(), cdu, on_screen(view, 9_300, 1_700))
    project = editor.project
    assert {(r.rotation, r.y) for r in project.placements.values() if r.id not in row} == {
        (180, 1_068)
    }
    assert {(u.rotation, u.y) for u in project.cooling_units.values()} == {(180, 1_068)}
    # 5. click one CDU, Shift-click the other, Edit ▸ Group CDUs as N+1
    window.selection.set(list(project.cooling_units))
    window.actions_by_name["group_cdus"].trigger()
    # 6. two CRAHs dropped on the open floor
    for x in (4_000, 10_000):
        assert drag_drop(
            view.viewport(),
            mime_data(PaletteEntry("cooling", "crah-150")),
            on_screen(view, x, 9_000),
        )
    # 7. the 1,250 A busway highlighted, B: two runs dragged per side over the row, each
    # one's side set in the properties panel
    highlight(window, "busway-1250a-415v")
    use_tool(window, "tool_busway")
    for side, y in {"A": 1_500, "B": 2_100}.items():
        for x0, x1 in ((2_400, 5_400), (5_400, 9_000)):  # five NVL72, then the rest
            drag(view.viewport(), on_screen(view, x0, y), on_screen(view, x1, y))
            field = window.properties.fields["side"]
            field.activated.emit(field.findData(side))
            view.setFocus()
    feeds = sorted(editor.project.feeds.values(), key=lambda f: (f.side, f.path))
    assert [(f.side, f.type_id, f.path) for f in feeds] == [
        (side, "busway-1250a-415v", [(x0, y), (x1, y)])
        for side, y in (("A", 1_500), ("B", 2_100))
        for x0, x1 in ((2_400, 5_400), (5_400, 9_000))
    ]
    # 8. Ctrl+A, Edit ▸ Feed From Busways Above; 9. Edit ▸ Assign Nearest CDU
    window.actions_by_name["select_all"].trigger()
    window.actions_by_name["feed_above"].trigger()
    assert window.status.currentMessage().startswith("Fed 11 racks from Busway 1")
    window.actions_by_name["nearest_cdu"].trigger()
    # 10. T, a tray dragged along the row's fronts
    use_tool(window, "tool_tray")
    drag(view.viewport(), on_screen(view, 2_400, 2_700), on_screen(view, 9_000, 2_700))
    assert [t.path for t in editor.project.trays.values()] == [[(2_400, 2_700), (9_000, 2_700)]]
    wait_checked(qtbot, window)
    assert editor.checked and len(editor.project.placements) == 11
    found = [(f.severity, f.message) for f in editor.findings if f.severity != "info"]
    assert found == []
