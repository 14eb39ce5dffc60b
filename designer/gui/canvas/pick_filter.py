"""The toolbar's pick filter: which kind of thing clicks and boxes on the canvas take.

A row of racks with busways and trays over it is one tangle to a box; limited to busways,
the same box takes the busways alone, and a click takes the busway, not the rack under it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from designer.gui.canvas.view import CanvasView

#: The filter's choices: what the user reads, and the picker's kinds (None: all).
CHOICES: tuple[tuple[str, frozenset[str] | None], ...] = (
    ("Everything", None),
    ("Racks", frozenset({"rack"})),
    ("Cooling units", frozenset({"cooling"})),
    ("Busways and PDUs", frozenset({"feed"})),
    ("Cable trays", frozenset({"tray"})),
    ("Obstacles", frozenset({"obstacle"})),
)


class PickFilter(QComboBox):
    """Sets ``view.pick_kinds`` from the choice shown."""

    def __init__(self, view: CanvasView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._canvas = view
        for text, _kinds in CHOICES:
            self.addItem(text)
        self.setToolTip("Clicks and boxes on the floor take only this kind of thing")
        self.setObjectName("pickFilter")
        self.currentIndexChanged.connect(self._chosen)

    def _chosen(self, index: int) -> None:
        self._canvas.pick_kinds = CHOICES[index][1]
