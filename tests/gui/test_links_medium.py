"""The Links panel's Medium column: a medium's name is read from its start, so it is shown
whole when the panel has room and cut at its end when it has not."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStyleOptionViewItem

from designer.gui.panels.links import SWATCH_PX
from tests.gui.conftest import wait_checked


def test_the_medium_column_shows_nvlink_copper_spine_whole_and_elides_at_the_right(
    qtbot, make_window, example
):
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    nvl = next(r for r in window.editor.project.placements.values() if r.label == "NVL72-01")
    window.selection.set([nvl.id])
    panel = window.links_panel
    qtbot.waitUntil(lambda: bool(panel.model.rows), timeout=5_000)
    table = panel.table
    index = panel.model.index(0, 2)
    assert index.data() == "NVLink copper spine"
    needed = table.fontMetrics().horizontalAdvance("NVLink copper spine") + SWATCH_PX
    assert table.horizontalHeader().sectionSize(2) >= needed
    # when it must be cut, it is cut at the end ("NVLink copper sp…"), not in the middle
    option = QStyleOptionViewItem()
    table.itemDelegateForIndex(index).initStyleOption(option, index)
    assert option.textElideMode == Qt.TextElideMode.ElideRight
    # where a bundle goes keeps its middle elision (rack names end in their number)
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle
