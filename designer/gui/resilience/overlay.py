"""A what-if on the canvas: the racks a failure takes down or cuts off, coloured by what they
lose, in the jobs' colouring layer (``JobColouring.show_racks``), every other rack pale,
the canvas's legend strip naming the colours; Esc, or any edit, returns to the design as
it was coloured before.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

from designer.core.format import plural
from designer.core.resilience.impact import LOSSES, Impact
from designer.drawing.jobs import IDLE
from designer.drawing.legend import LegendEntry
from designer.gui.canvas.view import CanvasView
from designer.gui.editor import Editor
from designer.gui.jobs.colouring import JobColouring

#: A colour per loss, in ``LOSSES`` order, from Paul Tol's vibrant scheme (apart from one
#: another and from the pale racks left standing, on screen and on paper).
LOSS_COLOURS = tuple(
    QColor(c)
    for c in (
        "#333333",  # failed: the racks failed themselves
        "#cc3311",  # power
        "#0077bb",  # liquid cooling
        "#33bbee",  # air cooling
        "#ee3377",  # scale-up domain
        "#ee7733",  # scale-out links
    )
)

#: How the legend names each loss.
LOSS_NAMES = {
    "failed": "Failed",
    "power": "No power",
    "liquid": "No liquid cooling",
    "air": "No air cooling",
    "scale_up": "No scale-up domain",
    "scale_out": "Scale-out links cut",
}


def loss_codes(impact: Impact) -> dict[str, int]:
    """Each rack hit, with the index in ``LOSSES`` of what it loses first."""
    return {rack: LOSSES.index(what) for what, racks in impact.losses.items() for rack in racks}


def loss_entries(impact: Impact) -> list[LegendEntry]:
    """The legend of a what-if: each loss it causes with its racks, then the racks it
    leaves standing."""
    entries = [
        LegendEntry(
            LOSS_COLOURS[index], f"{LOSS_NAMES[what]} ({plural(len(impact.losses[what]), 'rack')})"
        )
        for index, what in enumerate(LOSSES)
        if impact.losses.get(what)
    ]
    return [*entries, LegendEntry(IDLE, "Unaffected")]


class WhatIfOverlay(QObject):
    """Shows one what-if on the canvas until Esc or an edit; ``shown(impact or None)``
    follows."""

    shown = Signal(object)

    def __init__(
        self, window: QWidget, view: CanvasView, editor: Editor, colouring: JobColouring
    ) -> None:
        super().__init__(window)
        self.view = view
        self.editor = editor
        self.colouring = colouring
        self.impact: Impact | None = None
        # Esc while a what-if shows, wherever the keys are (a tool's Esc shortcut, if one is
        # on too, makes it ambiguous: that Esc still ends the what-if first)
        self.escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), window)
        self.escape.setContext(Qt.ShortcutContext.WindowShortcut)
        self.escape.activated.connect(self.clear)
        self.escape.activatedAmbiguously.connect(self.clear)
        self.escape.setEnabled(False)
        editor.bridge.changed.connect(lambda _changes: self.clear())
        editor.bridge.replaced.connect(self.clear)

    def show(self, impact: Impact) -> None:
        self.impact = impact
        self.colouring.show_racks(loss_codes(impact), LOSS_COLOURS)
        self.view.set_legend(loss_entries(impact))
        self.escape.setEnabled(True)
        self.shown.emit(impact)

    def clear(self) -> None:
        """Back to the design as it was coloured before the what-if."""
        if self.impact is None:
            return
        self.impact = None
        self.colouring.show_racks(None, LOSS_COLOURS)
        self.view.set_legend(None)
        self.escape.setEnabled(False)
        self.editor.message.emit("Back to the design.")
        self.shown.emit(None)
