"""The protocol every canvas tool follows (orange-canvas-core's interaction objects).

The view hands mouse and key events to the active tool with positions already in hall
millimetres. A tool previews with stand-in items and, when the gesture ends, makes one
call to the editor, which makes one core operation: one undo step per gesture.

A tool knows the view only as a ``Canvas``: the few things it asks of it. The view makes
the tools and hands them events; the tools never name the view's class, so neither module
needs the other to be read first.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QWidget

from designer.core.geometry.footprint import snap
from designer.gui.canvas.scene import HallScene
from designer.gui.editor import Editor


class Canvas(Protocol):
    """What a tool asks of the view it works in (``CanvasView`` is one)."""

    @property
    def editor(self) -> Editor:
        """The edits the tool's gesture ends in."""
        ...

    @property
    def hall_scene(self) -> HallScene:
        """Where the tool's stand-ins are drawn."""
        ...

    def viewport(self) -> QWidget:
        """The widget whose cursor the tool sets."""
        ...

    def pixels_per_mm(self) -> float:
        """The zoom, for tolerances given in screen pixels."""
        ...

    @property
    def pick_kinds(self) -> frozenset[str] | None:
        """The kinds clicks and boxes take (the toolbar's filter); None: every kind."""
        ...


class Tool:
    """Base class: does nothing; subclasses override what their gesture needs."""

    #: Status-bar hint while the tool is active.
    hint = ""
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, view: Canvas) -> None:
        self.view = view
        self.editor = view.editor
        self.scene = view.hall_scene

    def activate(self) -> None:
        self.view.viewport().setCursor(self.cursor)
        if self.hint:
            self.editor.message.emit(self.hint)

    def deactivate(self) -> None:
        """Remove every stand-in this tool added; the model is untouched."""

    def press(self, pos: QPointF, event: QMouseEvent) -> None: ...

    def move(self, pos: QPointF, event: QMouseEvent) -> None: ...

    def release(self, pos: QPointF, event: QMouseEvent) -> None: ...

    def double_click(self, pos: QPointF, event: QMouseEvent) -> None: ...

    def key(self, event: QKeyEvent) -> bool:
        """Handle a key; True when it was used."""
        return False

    def hall_changed(self) -> None:
        """The canvas now shows another hall (or the same hall rebuilt)."""
        self.deactivate()

    def snapped(
        self, pos: QPointF, event: QMouseEvent | None = None, step: int | None = None
    ) -> tuple[int, int]:
        """``pos`` on the tile grid (or ``step``), or on a 50 mm grid while Ctrl is held."""
        fine = event is not None and bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        grid = 50 if fine else (step or self.editor.tile_mm)
        return snap(round(pos.x()), grid), snap(round(pos.y()), grid)
