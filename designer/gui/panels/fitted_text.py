"""A box of text below a table that asks for the height its text needs.

The Jobs and Links panels show a table and, below it, the picked row's details. In a
splitter or at a fixed share of the dock, a trial at 1600 x 1000 read neither whole (a
six-line job summary in a box of four and a half; a bundle's detail down to its cost).
This box asks the layout for the height its text takes at its width, so the layout gives
it that before the table, stretched, takes the rest; it asks for no height at least, so a
low dock scrolls the text rather than squeeze the table to nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class FittedText(QScrollArea):
    """``shown`` (a word-wrapped label) in a frameless scroll area that never scrolls
    sideways and asks for the height ``shown`` needs at the area's width."""

    def __init__(self, shown: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(shown)

    def sizeHint(self) -> QSize:
        shown = self.widget()
        # the width without a scroll bar: the height asked for is the one that needs none
        frame = 2 * self.frameWidth()
        need = shown.heightForWidth(self.width() - frame) if shown is not None else -1
        if need < 0:
            return super().sizeHint()
        return QSize(super().sizeHint().width(), need + frame)

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # its text's height at the new width
