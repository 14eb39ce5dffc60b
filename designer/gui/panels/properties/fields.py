"""What a properties field takes: numbers as the designer writes them, and Esc to go back.

A value the field itself cannot take (a blank where a number is needed, "1,2") is refused
with ``InputError`` before the model is asked, in the field's words.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QKeySequence, QTextCursor
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit

from designer.core.format import number
from designer.core.model.base import MAX_FLOOR_MM


class InputError(ValueError):
    """A value typed in a field is not what the field takes; the message says what is."""


#: A number whose commas group thousands, as the designer writes them ("1,200.5").
_GROUPED = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$")


def parse_number(text: str, what: str, blank: Any = InputError) -> float | None:
    """``text`` as a finite number; a blank field gives ``blank`` (or refuses when it must
    be filled).

    Commas may group thousands, as the designer shows numbers; any other comma is refused
    rather than guessed at, since "1,2" meant as 1.2 would otherwise become 12.
    """
    text = text.strip()
    if not text:
        if blank is InputError:
            raise InputError(f"{what} needs a value")
        return blank
    if "," in text:
        if not _GROUPED.match(text):
            raise InputError(
                f"{what} must be a number, not {text!r}: write decimals with a point (1.2); "
                "a comma may only group thousands (1,200)"
            )
        text = text.replace(",", "")
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"{what} must be a number, not {text!r}") from None
    if not math.isfinite(value):
        raise InputError(f"{what} must be a finite number, not {text!r}")
    return value


def parse_mm_from_m(text: str, what: str) -> int:
    """A length typed in metres, in the model's millimetres; refused, in metres, beyond the
    floor the model allows (the model would name its limit in millimetres)."""
    value = parse_number(text, what)
    assert value is not None
    if abs(value) * 1000 > MAX_FLOOR_MM:
        raise InputError(f"{what} must be within {number(MAX_FLOOR_MM / 1000, 0)} m of the corner")
    return round(value * 1000)


class RevertingEdit(QLineEdit):
    """A field whose Esc puts back the value it showed, until Enter or leaving it commits.

    The first Esc is the field's while it has typed text (the window's Esc, which leaves a
    tool, asks ``revert`` first), as in any form. Undo and Redo are the field's while it
    has typed text; with none (just after Enter) they are the design's, ``history``'s
    (undo, redo): a field keeps the keyboard after Enter and took a trial's Ctrl+Z, which
    then undid nothing. (No ``event`` override: Python would be called for every event of
    the field, its last ones during the window's teardown too.)
    """

    def __init__(
        self, value: str, history: tuple[Callable[[], None], Callable[[], None]] | None = None
    ) -> None:
        super().__init__(value)
        self._shown = value
        self._history = history

    def revert(self) -> bool:
        """Put back the value shown, if text was typed; True when there was some."""
        if not self.isModified():
            return False
        self.setText(self._shown)
        self.setModified(False)
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not _answered(self, event, self._history):
            super().keyPressEvent(event)


def _answered(
    field: RevertingEdit | RevertingText,
    event: QKeyEvent,
    history: tuple[Callable[[], None], Callable[[], None]] | None,
) -> bool:
    """Whether ``event`` was a field's Esc that put back the value shown, or an Undo or a
    Redo of the design's (``history``'s) with nothing typed, which it then did."""
    if event.key() == Qt.Key.Key_Escape and field.revert():
        return True
    if history is None or field.isModified():
        return False
    undo, redo = history
    if event.matches(QKeySequence.StandardKey.Undo):
        undo()
        return True
    if event.matches(QKeySequence.StandardKey.Redo):
        redo()
        return True
    return False


class RevertingText(QPlainTextEdit):
    """A field of several lines (the project's description) that commits as a line field
    does, through ``editingFinished``: when it is left, or on Ctrl+Enter, since Enter starts
    a new line. It answers as ``RevertingEdit`` does (``text``, ``isModified``, ``revert``),
    so a form commits, refuses and reverts it alike; Undo and Redo are the field's while it
    has typed text, else the design's (``history``'s).

    Tab leaves it, as it leaves a line field, rather than typing a tab. It is ``lines``
    lines deep: a description read through a one-line slit could not be corrected.
    """

    editingFinished = Signal()

    def __init__(
        self,
        value: str,
        history: tuple[Callable[[], None], Callable[[], None]] | None = None,
        lines: int = 4,
    ) -> None:
        super().__init__(value)
        self._shown = value
        self._history = history
        self.setTabChangesFocus(True)
        # focused again after a commit (the form is rebuilt), typing goes on at the end
        self.moveCursor(QTextCursor.MoveOperation.End)
        margins = self.contentsMargins()
        depth = lines * self.fontMetrics().lineSpacing() + 2 * self.document().documentMargin()
        self.setFixedHeight(round(depth) + margins.top() + margins.bottom() + 2)

    def text(self) -> str:
        return self.toPlainText()

    def setText(self, text: str) -> None:
        self.setPlainText(text)

    def isModified(self) -> bool:
        return self.document().isModified()

    def setModified(self, modified: bool) -> None:
        self.document().setModified(modified)

    def revert(self) -> bool:
        """Put back the value shown, if text was typed; True when there was some."""
        if not self.isModified():
            return False
        self.setPlainText(self._shown)
        self.moveCursor(QTextCursor.MoveOperation.End)
        return True

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.editingFinished.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.editingFinished.emit()
            return
        if not _answered(self, event, self._history):
            super().keyPressEvent(event)
