"""The Links panel's Medium column: a medium's name is read from its start, so it is shown
whole, the column as wide as the view measures its widest cell, beside where the bundles
go (cut in their middle); cut at its end only in a dock too narrow for both.

What a cell shows is worked out as the view's style paints it (``shown``): the text cut to
the width the style leaves it, beside the medium's swatch and inside the cell's margins.
"""

from PySide6.QtCore import QModelIndex, QSize, Qt
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QTableView

from designer.gui.panels.links import TO_LEAST_SHARE
from tests.gui.conftest import wait_checked


def shown(table: QTableView, index: QModelIndex) -> str:
    """The text the cell at ``index`` shows: whole, or cut as the style cuts it."""
    option = QStyleOptionViewItem()
    option.initFrom(table)
    style = table.style()
    small = style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, table)
    icon = table.iconSize()
    option.decorationSize = icon if icon.isValid() else QSize(small, small)
    table.itemDelegateForIndex(index).initStyleOption(option, index)
    option.rect = table.visualRect(index)
    text = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, option, table)
    # the style's room around the text inside its rect (QCommonStyle's viewItemDrawText)
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    return option.fontMetrics.elidedText(
        option.text, option.textElideMode, text.width() - 2 * margin
    )


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
    assert shown(table, index) == "NVLink copper spine"
    assert table.horizontalHeader().sectionSize(2) >= table.fontMetrics().horizontalAdvance(
        "NVLink copper spine"
    )
    # when it must be cut, it is cut at the end ("NVLink copper sp…"), not in the middle
    option = QStyleOptionViewItem()
    table.itemDelegateForIndex(index).initStyleOption(option, index)
    assert option.textElideMode == Qt.TextElideMode.ElideRight
    # where a bundle goes keeps its middle elision (rack names end in their number)
    assert table.textElideMode() == Qt.TextElideMode.ElideMiddle


def test_a_supernodes_media_read_whole_beside_its_long_far_ends(qtbot, make_window, example):
    """A trial at 1600 x 1000 selected a CloudMatrix384 and read "multimo…" on every row:
    the column was held to 30 % of the table for far ends ("CM384-compute-01 ↔
    CM384-ub-switch-01") too long to show whole anyway. It read the same after the dock
    was made wider: the column was fitted only when the selection changed."""
    window = make_window(example("cm384-supernode"))
    wait_checked(qtbot, window)
    compute = next(
        r for r in window.editor.project.placements.values() if r.label == "CM384-compute-01"
    )
    window.selection.set([compute.id])  # the whole supernode: 16 racks
    panel = window.links_panel
    table, model = panel.table, panel.model
    qtbot.waitUntil(lambda: model.rowCount() > 10, timeout=5_000)
    header = table.horizontalHeader()

    def media_whole() -> list[tuple[str, str]]:
        """The media cut as shown, with what they should read."""
        cells = [model.index(r, 2) for r in range(model.rowCount())]
        return [(shown(table, i), i.data()) for i in cells if shown(table, i) != i.data()]

    assert {model.index(r, 2).data() for r in range(model.rowCount())} == {"multimode SR"}
    widest = max(
        table.fontMetrics().horizontalAdvance(model.index(r, 2).data())
        for r in range(model.rowCount())
    )
    assert header.sectionSize(2) >= widest
    assert media_whole() == []
    # where the bundles go keeps its share, cut in its middle
    assert header.sectionSize(0) >= TO_LEAST_SHARE * table.viewport().width() - 1
    far = shown(table, model.index(0, 0))
    assert far.startswith("CM384-") and "…" in far and far.endswith("-01")
    # a dock made narrower and then wider again: the column is fitted to the new width
    before = table.viewport().width()
    for width in (300, 480):
        window.resizeDocks([window.links_dock], [width], Qt.Orientation.Horizontal)
        qtbot.waitUntil(lambda: table.viewport().width() != before, timeout=5_000)  # noqa: B023
        before = table.viewport().width()
        assert media_whole() == []
        assert header.sectionSize(0) + header.sectionSize(1) + header.sectionSize(2) <= before
