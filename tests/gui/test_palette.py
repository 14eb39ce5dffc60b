"""The catalog palette as a user reads it: every entry's whole name, however narrow its dock.

Trials read "NVIDIA GB200 NV…" and "Huawei CloudMatrix384 com…", and could not tell two
entries apart. The names are checked as painted: each ``drawText`` the palette makes is
recorded while its rows are drawn.
"""

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics, QPainter
from PySide6.QtWidgets import QTreeWidgetItem

from designer.gui.main_window import SIDE_DOCK_MIN_PX
from designer.gui.panels.palette import ENTRY_ROLE


def _entries(tree) -> list[QTreeWidgetItem]:
    return [
        tree.topLevelItem(g).child(i)
        for g in range(tree.topLevelItemCount())
        for i in range(tree.topLevelItem(g).childCount())
        if tree.topLevelItem(g).child(i).data(0, ENTRY_ROLE) is not None
    ]


def _painted_names(tree, monkeypatch) -> dict[str, list[tuple[QRect, QRect, bool]]]:
    """Per text the palette paints: the rect it was painted in, the room the text takes
    there (by the painter's font), and the row's rect, for every entry scrolled into view."""
    painted: dict[str, list[tuple[QRect, QRect, bool]]] = {}
    row = QRect()
    draw = QPainter.drawText

    def recording(painter: QPainter, *args):  # type: ignore[no-untyped-def]
        if len(args) == 3 and isinstance(args[0], QRect) and isinstance(args[2], str):
            rect, flags, text = QRect(args[0]), args[1], args[2]
            metrics = QFontMetrics(painter.font())
            needs = metrics.boundingRect(rect, int(flags), text)
            painted.setdefault(text, []).append((rect, needs, row.contains(rect)))
        return draw(painter, *args)

    monkeypatch.setattr(QPainter, "drawText", recording)
    for item in _entries(tree):
        tree.scrollToItem(item)
        row = tree.visualItemRect(item)
        tree.viewport().grab(row)
    monkeypatch.setattr(QPainter, "drawText", draw)
    return painted


def _assert_whole_names(tree, monkeypatch) -> None:
    painted = _painted_names(tree, monkeypatch)
    for item in _entries(tree):
        name = item.text(0)
        assert name in painted, f"{name!r} is not painted whole (painted: {sorted(painted)})"
        for rect, needs, in_row in painted[name]:
            # the text's lines fit the rect they were painted in, inside the entry's row
            assert rect.contains(needs), f"{name!r} needs {needs} in {rect}"
            assert in_row, f"{name!r} painted outside its row"
        assert name in item.toolTip(0)


def test_every_entry_shows_its_whole_name_at_1600_by_1000_and_in_a_narrow_dock(
    qtbot, make_window, monkeypatch
):
    window = make_window()
    tree = window.palette.tree
    names = [item.text(0) for item in _entries(tree)]
    # the similar entries trials could not tell apart
    assert {"NVIDIA GB200 NVL72", "NVIDIA GB300 NVL72"} <= set(names)
    assert any(n.startswith("Huawei CloudMatrix384 ") and n.endswith("rack") for n in names)
    _assert_whole_names(tree, monkeypatch)
    # a dock made wide (names on one line each), then as narrow as it goes: the names wrap
    # onto more lines, each still whole
    for width in (2 * SIDE_DOCK_MIN_PX, SIDE_DOCK_MIN_PX):
        before = tree.viewport().width()
        window.resizeDocks([window.palette_dock], [width], Qt.Orientation.Horizontal)
        qtbot.waitUntil(lambda: tree.viewport().width() != before, timeout=5_000)  # noqa: B023
        qtbot.wait(50)  # the rows are measured again on the next turn of the event loop
        _assert_whole_names(tree, monkeypatch)
