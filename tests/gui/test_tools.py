"""Drawing and placing tools: each finished gesture is one operation, one undo step."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest

from designer.core.document import operations as ops
from designer.core.placement.entry import PaletteEntry
from designer.gui.dialogs.place_row import PlaceRowDialog, RowSpec
from tests.gui.helpers import click, drag, highlight, mouse, on_screen, use_tool


def new_hall_window(make_window):
    window = make_window()
    assert window.files.new()  # 24 m x 18 m
    return window


def test_the_outline_tool_redraws_the_hall_corner_by_corner(make_window):
    window = new_hall_window(make_window)
    view, doc = window.view, window.editor.doc
    use_tool(window, "tool_outline")
    # an L-shaped hall; the third click is off-axis and is squared up to the previous point
    for x, y in [
        (0, 0),
        (24_000, 0),
        (24_100, 9_100),
        (12_000, 9_000),
        (12_000, 18_000),
        (0, 18_000),
    ]:
        click(view.viewport(), on_screen(view, x, y))
    QTest.keyClick(view, Qt.Key.Key_Return)
    hall = next(iter(doc.project.halls.values()))
    assert hall.outline == [
        (0, 0),
        (24_000, 0),
        (24_000, 9_000),
        (12_000, 9_000),
        (12_000, 18_000),
        (0, 18_000),
    ]
    assert doc.history.undo_label == "Edit Hall 1"
    window.bridge.undo()
    assert next(iter(doc.project.halls.values())).outline[2] == (24_000, 18_000)


def test_a_column_is_drawn_as_a_dragged_rectangle(make_window):
    window = new_hall_window(make_window)
    view, doc = window.view, window.editor.doc
    use_tool(window, "tool_column")
    drag(view.viewport(), on_screen(view, 6_000, 6_000), on_screen(view, 6_600, 6_600))
    (column,) = doc.project.obstacles.values()
    assert column.kind == "column" and column.label == "C1"
    assert column.outline == [(6_000, 6_000), (6_600, 6_000), (6_600, 6_600), (6_000, 6_600)]


def test_trays_and_busways_are_drawn_along_their_route(make_window):
    window = new_hall_window(make_window)
    view, doc = window.view, window.editor.doc
    use_tool(window, "tool_tray")
    for x, y in [(1_200, 3_000), (12_000, 3_100), (12_000, 9_000)]:
        click(view.viewport(), on_screen(view, x, y))
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonDblClick, on_screen(view, 12_000, 9_000))
    (tray,) = doc.project.trays.values()
    assert tray.path == [(1_200, 3_000), (12_000, 3_000), (12_000, 9_000)]
    assert tray.name == "Tray 1"
    use_tool(window, "tool_busway")
    for x in (1_200, 9_600):
        click(view.viewport(), on_screen(view, x, 1_500))
    QTest.keyClick(view, Qt.Key.Key_Return)
    (feed,) = doc.project.feeds.values()
    assert feed.path == [(1_200, 1_500), (9_600, 1_500)] and feed.kind == "busway"
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert window.actions_by_name["tool_select"].isChecked()


def test_a_busway_or_tray_is_drawn_by_one_drag_and_a_click_is_not_a_drag(make_window):
    window = new_hall_window(make_window)
    view, doc = window.view, window.editor.doc
    use_tool(window, "tool_busway")
    drag(view.viewport(), on_screen(view, 1_200, 1_500), on_screen(view, 9_600, 1_620))
    (feed,) = doc.project.feeds.values()
    assert feed.path == [(1_200, 1_500), (9_600, 1_500)]  # squared, on half tiles
    use_tool(window, "tool_tray")
    click(view.viewport(), on_screen(view, 1_200, 3_000))  # a click starts a route ...
    drag(view.viewport(), on_screen(view, 6_000, 3_000), on_screen(view, 6_000, 6_000))
    assert doc.project.trays == {}  # ... which a drag from its second point goes on
    QTest.keyClick(view, Qt.Key.Key_Return)
    (tray,) = doc.project.trays.values()
    assert tray.path == [(1_200, 3_000), (6_000, 3_000), (6_000, 6_000)]
    window.actions_by_name["undo"].trigger()
    assert doc.project.trays == {}  # one drawing, one undo step


def test_the_row_tool_lays_out_as_many_racks_as_the_drag_covers(make_window):
    window = new_hall_window(make_window)
    view, doc = window.view, window.editor.doc
    use_tool(window, "tool_row")
    drag(view.viewport(), on_screen(view, 1_200, 2_400), on_screen(view, 6_000, 2_450))
    racks = sorted(doc.project.placements.values(), key=lambda r: r.x)
    assert [r.x for r in racks] == [1_200 + 600 * i for i in range(8)]
    # fronts as a single rack dropped now faces
    assert {(r.y, r.rotation, r.type_id) for r in racks} == {(2_400, 0, "nvidia-gb200-nvl72")}
    assert [r.label for r in racks] == [f"NVL72-{i:02d}" for i in range(1, 9)]
    assert doc.history.undo_label == "Place a row of 8 NVIDIA GB200 NVL72"
    # the status bar no longer asks to release the mouse: it says what was placed
    assert window.status.currentMessage() == (
        "Placed a row of 8 NVIDIA GB200 NVL72: NVL72-01 to NVL72-08."
    )


def test_the_row_tool_lays_out_the_rack_type_highlighted_in_the_catalog(make_window):
    window = new_hall_window(make_window)
    view, doc = window.view, window.editor.doc
    highlight(window, "nvidia-gb300-nvl72")  # by the keyboard or a drag's press, not a click
    window.editor.place_rotation = 180  # R pressed before: single racks face 180
    use_tool(window, "tool_row")
    drag(view.viewport(), on_screen(view, 1_200, 2_400), on_screen(view, 3_000, 2_450))
    racks = list(doc.project.placements.values())
    assert {(r.type_id, r.rotation) for r in racks} == {("nvidia-gb300-nvl72", 180)}


def test_the_place_row_dialog_places_n_racks(make_window, prompts):
    window = new_hall_window(make_window)
    doc = window.editor.doc
    prompts.row_answer = RowSpec("nvidia-dgx-b200-rack", 5, 0, 100, "B200-", 1_200, 6_000)
    window.actions_by_name["place_row"].trigger()
    racks = sorted(doc.project.placements.values(), key=lambda r: r.x)
    assert [r.x for r in racks] == [1_200 + 800 * i for i in range(5)]
    assert racks[-1].label == "B200-05"


def test_clicking_a_palette_entry_arms_placing_by_click_with_r_to_turn(make_window):
    window = new_hall_window(make_window)
    view, doc = window.view, window.editor.doc
    window.palette.activated.emit(PaletteEntry("cooling", "cdu-inrow-1368"))
    QTest.keyClick(view, Qt.Key.Key_R)
    mouse(
        view.viewport(),
        QMouseEvent.Type.MouseMove,
        on_screen(view, 3_000, 3_000),
        buttons=Qt.MouseButton.NoButton,
    )
    click(view.viewport(), on_screen(view, 3_000, 3_000))
    (unit,) = doc.project.cooling_units.values()
    assert (unit.name, unit.rotation) == ("CDU-1", 90)
    assert unit.x == 2_400 and unit.y == 2_400
    QTest.keyClick(view, Qt.Key.Key_Escape)
    assert window.actions_by_name["tool_select"].isChecked()


def test_place_row_offers_the_selected_racks_type_and_the_last_rows_count_and_facing(
    make_window, example, prompts, qtbot
):

    window = make_window(example("hgx-air-hall"))
    b200 = next(r for r in window.editor.project.placements.values() if "b200" in r.type_id)
    window.selection.set([b200.id])
    window.actions_by_name["place_row"].trigger()
    assert prompts.asked[-1] == f"place row {b200.type_id} B200-"
    # a rack the architect labelled: the row continues its labels, not the catalog's tag
    # (a trial's GB300-01 was offered "NVL72-")
    ops.update(window.editor.doc, b200.id, label="R7-GPU-03")
    window.actions_by_name["place_row"].trigger()
    assert prompts.asked[-1] == f"place row {b200.type_id} R7-GPU-"
    types = dict(window.editor.doc.rack_types)
    last = RowSpec("nvidia-dgx-b200-rack", 6, 0, 100, "B200-", 0, 0)
    dialog = PlaceRowDialog(types, "nvidia-gb200-nvl72", "NVL72-", (1_200, 2_400), last=last)
    qtbot.addWidget(dialog)
    spec = dialog.spec()
    assert (spec.type_id, spec.label_prefix) == ("nvidia-gb200-nvl72", "NVL72-")
    assert (spec.count, spec.rotation, spec.gap_mm, spec.x, spec.y) == (6, 0, 100, 1_200, 2_400)


def test_esc_leaves_a_tool_while_a_properties_field_has_the_keys(make_window):
    window = new_hall_window(make_window)
    window.activateWindow()
    use_tool(window, "tool_row")
    field = window.properties.fields["floor_rating"]
    field.setFocus()
    QTest.keyClick(field, Qt.Key.Key_Escape)
    assert window.actions_by_name["tool_select"].isChecked()
    # with Select the tool, Esc in a field changes nothing in the window
    QTest.keyClick(field, Qt.Key.Key_Escape)
    assert window.actions_by_name["tool_select"].isChecked() and not window.leave_tool.isEnabled()


def test_esc_in_a_properties_field_puts_its_text_back_before_leaving_the_tool(make_window):
    """A re-test typed into the hall's name with the row tool on: Esc left the tool but kept
    the text, and a click on the canvas then renamed the hall."""
    window = new_hall_window(make_window)
    window.activateWindow()
    hall = window.editor.hall_id
    name = window.editor.project.halls[hall].name
    use_tool(window, "tool_row")
    field = window.properties.fields["name"]
    field.setFocus()
    QTest.keyClicks(field, "X")
    assert field.text() == f"{name}X"
    QTest.keyClick(field, Qt.Key.Key_Escape)  # the field's: its text back, the tool kept
    assert field.text() == name and not field.isModified()
    assert not window.actions_by_name["tool_select"].isChecked()
    QTest.keyClick(field, Qt.Key.Key_Escape)  # then the window's: back to Select
    assert window.actions_by_name["tool_select"].isChecked()
    field.editingFinished.emit()
    assert window.editor.project.halls[hall].name == name


def test_the_busway_tool_draws_the_busway_highlighted_in_the_catalog(make_window):
    window = new_hall_window(make_window)
    view, doc = window.view, window.editor.doc
    highlight(window, "busway-1250a-415v")  # with the arrow keys: no click, no place tool
    use_tool(window, "tool_busway")
    assert window.status.currentMessage().startswith(
        "Drawing a Busway 1250 A, 415 V 3-phase: click along the route"
    )
    for x in (1_200, 9_600):
        click(view.viewport(), on_screen(view, x, 1_500))
    QTest.keyClick(view, Qt.Key.Key_Return)
    (feed,) = doc.project.feeds.values()
    assert (feed.type_id, feed.amps) == ("busway-1250a-415v", 1_250)
    assert feed.path == [(1_200, 1_500), (9_600, 1_500)]


def test_the_tray_tool_draws_the_tray_highlighted_in_the_catalog(make_window):
    window = new_hall_window(make_window)
    view, doc = window.view, window.editor.doc
    use_tool(window, "tool_tray")  # nothing highlighted: the catalog's first, 600 mm tray
    for x in (1_200, 9_600):
        click(view.viewport(), on_screen(view, x, 3_000))
    QTest.keyClick(view, Qt.Key.Key_Return)
    highlight(window, "tray-300x100")
    use_tool(window, "tool_tray")
    assert window.status.currentMessage().startswith("Drawing a Cable tray 300 mm: click")
    for x in (1_200, 9_600):
        click(view.viewport(), on_screen(view, x, 6_000))
    QTest.keyClick(view, Qt.Key.Key_Return)
    trays = sorted(doc.project.trays.values(), key=lambda t: t.name)
    assert [(t.name, t.width_mm, t.height_mm) for t in trays] == [
        ("Tray 1", 600, 2_700),
        ("Tray 2", 300, 2_700),
    ]


def test_a_click_into_a_number_field_then_typing_replaces_the_number(make_window, qtbot):
    """A newcomer clicked into "First rack at x" (1.20 m), typed 2.4 and the row still
    started at 1.20 m: the digits went in beside the old ones and were refused."""
    window = new_hall_window(make_window)
    types = dict(window.editor.doc.rack_types)
    dialog = PlaceRowDialog(types, "nvidia-gb200-nvl72", "NVL72-", (1_200, 2_400), window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow, timeout=5_000)
    field = dialog.x.lineEdit()
    QTest.mouseClick(field, Qt.MouseButton.LeftButton, pos=field.rect().center())
    qtbot.waitUntil(field.hasSelectedText, timeout=2_000)
    QTest.keyClicks(field, "2.4")
    assert dialog.spec().x == 2_400
