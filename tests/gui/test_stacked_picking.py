"""Picking on the canvas where things lie over each other: a busway over a row of racks is
reached by clicking again, its end handles answer over the racks, Ctrl toggles whatever is
under the cursor, a box can be limited to one kind, and a press moves nothing before the
mouse has travelled the drag distance.

The example's busway A1 runs over racks NVL72-01 to NVL72-04 along y = 1.5 m, from
x = 2.1 m to 4.5 m (its end over NET-01); the row's tray runs along y = 1.8 m.
"""

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.gui.helpers import LEFT, click, drag, mouse, on_screen

CTRL = Qt.KeyboardModifier.ControlModifier
#: On rack NVL72-01 and under busway A1 (1,350 to 1,650 mm), clear of the tray.
STACKED = (2_400, 1_420)


def named(window, name):
    project = window.editor.project
    for entity in (*project.placements.values(), *project.feeds.values()):
        if name in (getattr(entity, "label", None), getattr(entity, "name", None)):
            return entity.id
    for unit in project.cooling_units.values():
        if unit.name == name:
            return unit.id
    raise KeyError(name)


def at(window, x, y):
    return on_screen(window.view, x, y)


def test_clicking_again_walks_down_to_the_busway_and_its_handle_shortens_it(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view, doc, status = window.view, window.editor.doc, window.status
    rack, busway = named(window, "NVL72-01"), named(window, "Busway A1")
    spot = at(window, *STACKED)
    click(view.viewport(), spot)
    assert window.selection.ids == [rack]
    assert status.currentMessage() == (
        "Selected NVL72-01 (rack), 1 of 2 here: click again for the next."
    )
    assert view.hall_scene.handles.run is None  # a rack has no end handles
    click(view.viewport(), spot)
    assert window.selection.ids == [busway]
    assert status.currentMessage() == (
        "Selected Busway A1 (busway), 2 of 2 here: click again for the next."
    )
    assert view.hall_scene.handles.run == busway
    click(view.viewport(), spot)
    assert window.selection.ids == [rack]  # round again
    click(view.viewport(), spot)
    assert doc.revision == 0  # clicks select; they edit nothing

    # its far end lies over rack NET-01 (and where busway A2 starts): the handle answers
    # first, and pulled back 0.6 m along the row the busway ends over NVL72-04
    drag(view.viewport(), at(window, 4_500, 1_500), at(window, 3_900, 1_540))
    assert doc.project.feeds[busway].path == [(2_100, 1_500), (3_900, 1_500)]
    assert doc.project.placements[named(window, "NET-01")].x == 4_500  # nothing else moved
    assert status.currentMessage() == "Busway A1 is now 1.8 m long."
    assert doc.history.undo_label == "Edit Busway A1"
    assert window.selection.ids == [busway]
    window.bridge.undo()
    assert doc.project.feeds[busway].path == [(2_100, 1_500), (4_500, 1_500)]


def test_ctrl_click_toggles_what_is_under_the_cursor_a_selected_busway_first(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view, status = window.view, window.status
    rack, busway = named(window, "NVL72-01"), named(window, "Busway A1")
    other = named(window, "NVL72-03")
    spot = at(window, *STACKED)
    click(view.viewport(), spot)
    click(view.viewport(), spot)
    assert window.selection.ids == [busway]
    click(view.viewport(), spot, CTRL)  # the selected busway goes, not the rack over it
    assert window.selection.ids == []
    assert status.currentMessage() == "Took Busway A1 (busway) out of the selection."
    click(view.viewport(), spot, CTRL)
    click(view.viewport(), at(window, 3_600, 2_350), CTRL)
    assert window.selection.ids == [rack, other]
    assert status.currentMessage() == "Added NVL72-03 (rack) to the selection."
    click(view.viewport(), at(window, 3_600, 2_350), CTRL)
    assert window.selection.ids == [rack]


def test_a_box_limited_to_busways_takes_the_busways_over_the_racks_and_nothing_else(
    make_window, example
):
    window = make_window(example("gb200-nvl72-su"))
    view = window.view
    a1, b1 = named(window, "Busway A1"), named(window, "Busway B1")
    racks = [named(window, f"NVL72-0{n}") for n in (1, 2, 3, 4)]
    # left to right around the first half of the row: wholly inside are four racks and
    # the two busways over them
    corners = at(window, 1_900, 1_000), at(window, 4_700, 2_700)
    drag(view.viewport(), *corners)
    assert sorted(window.selection.ids) == sorted([*racks, a1, b1])
    filter_box = window.pick_filter
    filter_box.setCurrentIndex(filter_box.findText("Busways and PDUs"))
    click(view.viewport(), at(window, 1_500, 5_000))  # the floor: nothing
    drag(view.viewport(), *corners)
    assert sorted(window.selection.ids) == sorted([a1, b1])
    click(view.viewport(), at(window, *STACKED))  # a click too takes the busway first
    assert window.selection.ids == [a1]


def test_a_press_on_a_selected_rack_moves_it_only_past_the_drag_distance(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view, doc = window.view, window.editor.doc
    rack = named(window, "NVL72-01")
    start = at(window, 2_400, 2_350)  # the rack alone: below the busways and the tray
    click(view.viewport(), start)
    assert window.selection.ids == [rack]
    shake = QPoint(QApplication.startDragDistance() - 2, 0)
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonPress, start)
    mouse(view.viewport(), QMouseEvent.Type.MouseMove, start + shake, buttons=LEFT)
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonRelease, start + shake)
    assert doc.revision == 0 and window.selection.ids == [rack]
    # a real drag, a little more than a tile to the right, moves it by one tile
    drag(view.viewport(), start, at(window, 2_400 + 700, 2_350))
    assert doc.project.placements[rack].x == 2_100 + 600


def test_a_drag_from_the_floor_inside_the_selections_box_draws_a_box(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view, doc = window.view, window.editor.doc
    crah = named(window, "CRAH-1")
    click(view.viewport(), at(window, 2_400, 2_350))
    click(view.viewport(), at(window, 3_600, 6_700), Qt.KeyboardModifier.ShiftModifier)
    assert window.selection.ids == [named(window, "NVL72-01"), crah]
    # from the aisle between them (inside the box around both) across CRAH-1
    drag(view.viewport(), at(window, 2_200, 4_000), at(window, 5_200, 7_260))
    assert doc.revision == 0  # nothing moved
    assert window.selection.ids == [crah]


def test_esc_while_dragging_an_end_leaves_the_busway_as_it_was(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view, doc = window.view, window.editor.doc
    busway = named(window, "Busway A1")
    click(view.viewport(), at(window, *STACKED))
    click(view.viewport(), at(window, *STACKED))
    start = at(window, 2_100, 1_500)
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonPress, start)
    mouse(view.viewport(), QMouseEvent.Type.MouseMove, start + QPoint(60, 0), buttons=LEFT)
    QTest.keyClick(view, Qt.Key.Key_Escape)
    mouse(view.viewport(), QMouseEvent.Type.MouseButtonRelease, start + QPoint(60, 0))
    assert doc.revision == 0
    assert window.status.currentMessage() == "Busway A1 left as it was."
    assert window.selection.ids == [busway]


def test_a_busway_picked_over_racks_is_what_a_drag_moves(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view, doc = window.view, window.editor.doc
    busway = named(window, "Busway A1")
    racks_before = dict(doc.project.placements)
    spot = at(window, *STACKED)
    click(view.viewport(), spot)
    click(view.viewport(), spot)
    drag(view.viewport(), spot, at(window, STACKED[0], STACKED[1] + 620))
    # one tile down, and the racks under it stay where they stood
    assert doc.project.feeds[busway].path == [(2_100, 2_100), (4_500, 2_100)]
    assert doc.project.placements == racks_before
    assert doc.history.undo_label == "Move Busway A1"
