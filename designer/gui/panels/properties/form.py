"""One item's form: its rows, each committing through one of the editor's field edits.

A refusal (the model's ``TransactionError``, or a field's own ``InputError``) is not the
form's to show: it goes to the panel, named by the field's label, and the panel rebuilds
the form from the project as it stayed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QWidget

from designer.core.document.document import TransactionError
from designer.core.format import number
from designer.core.refusal import BOUNDS
from designer.core.settings_fields import broken_bound
from designer.gui.editor import Editor
from designer.gui.panels.properties.fields import InputError, RevertingEdit, RevertingText

#: What a choice shows when the selected items differ.
MIXED = "—"
#: A model refusal starts with the field's name ("rear_door_kw: Input should be ...").
_FIELD_PREFIX = re.compile(r"^[a-z_][a-z0-9_.]*: (.+)$")

#: Told of a refusal: the sentence, and the text field's key and what was typed in it.
Refused = Callable[[str, str | None, str | None], None]


class Note(QLabel):
    """A grey line of words under a field, wrapped, its row as deep as its words: the form
    in its scroll area laid a note out one line deep and cut its other lines (a fibre
    route's "3.2 Tb/s on 8 links ..." read as half-hidden lines)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("propertiesNote")
        self.setWordWrap(True)
        self.setStyleSheet("color: #5f6b76;")

    def setText(self, text: str) -> None:  # type: ignore[override]
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        self.setMinimumHeight(self.heightForWidth(self.width()))


class Form:
    """The fields of one form, keyed (``fields``) for the panel to keep the focus on.

    ``title``, ``subtitle`` and ``summary`` are the panel's labels above and below the rows;
    ``refused`` is told of a refusal, ``accepted`` of an edit made.
    """

    def __init__(
        self,
        editor: Editor,
        title: QLabel,
        subtitle: QLabel,
        summary: QLabel,
        refused: Refused,
        accepted: Callable[[], None],
    ) -> None:
        self.editor = editor
        self.title, self.subtitle, self.summary = title, subtitle, summary
        self._refused, self._accepted = refused, accepted
        self.host = QWidget()
        self.layout = QFormLayout(self.host)
        self.layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.layout.setLabelAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.layout.setContentsMargins(0, 4, 0, 4)
        self.fields: dict[str, QWidget] = {}

    def heading(self, title: str, subtitle: str) -> None:
        self.title.setText(title)
        self.subtitle.setText(subtitle)

    def note(self) -> Note:
        """A note under the row above, its words set later (``Note.setText``)."""
        note = Note()
        self.layout.addRow("", note)
        return note

    def row(self, key: str, label: str, widget: QWidget, wide: bool = False) -> QWidget:
        """``widget`` beside its label, or under it across the form's width when ``wide`` (a
        box of lines beside the labels' column was a slit of a few words a line)."""
        self.fields[key] = widget
        widget.setObjectName(f"field_{key}")
        if wide:
            self.layout.addRow(QLabel(label))
            self.layout.addRow(widget)
        else:
            self.layout.addRow(label, widget)
        return widget

    def text_field(
        self,
        key: str,
        label: str,
        value: str,
        commit: Callable[[str], None],
        tip: str = "",
        lines: int = 1,
    ) -> RevertingEdit | RevertingText:
        """A field of one line, or of ``lines`` lines (``RevertingText``), committing the
        text typed when it is finished with."""
        history = (self.editor.undo, self.editor.redo)
        field = RevertingText(value, history, lines) if lines > 1 else RevertingEdit(value, history)
        field.setToolTip(tip)

        def finished() -> None:
            if field.isModified():
                field.setModified(False)
                typed = field.text()
                self.apply(lambda: commit(typed), label, key, typed)

        field.editingFinished.connect(finished)
        self.row(key, label, field, wide=lines > 1)
        return field

    def choice_field(
        self,
        key: str,
        label: str,
        options: Sequence[tuple[str, Any]],
        current: Any,
        commit: Callable[[Any], None],
    ) -> QComboBox:
        field = QComboBox()
        # long catalog names elide instead of widening the panel past its dock
        field.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        field.setMinimumContentsLength(12)
        values = [v for _, v in options]
        for text, value in options:
            field.addItem(text, value)
        if current in values:
            field.setCurrentIndex(values.index(current))
        else:
            field.insertItem(0, MIXED, None)
            field.setCurrentIndex(0)

        def chosen(index: int) -> None:
            value = field.itemData(index)
            if value is not None and value != current:
                self.apply(lambda: commit(value), label)

        field.activated.connect(chosen)
        self.row(key, label, field)
        return field

    def apply(
        self,
        edit: Callable[[], None],
        label: str = "",
        key: str | None = None,
        typed: str | None = None,
    ) -> None:
        """Run one edit; a refusal is told, named by the field's label, with the text typed
        in the field ``key`` for the rebuilt form to show again."""
        try:
            edit()
        except (TransactionError, InputError) as err:
            text = str(err)
            field = _FIELD_PREFIX.match(text)
            bound = broken_bound(err)
            if bound is not None and label:
                text = f"{label} must be {BOUNDS[bound[0]]} {number(bound[1], 3)}"
            elif field and label:
                reason = field.group(1)
                text = f"{label}: {reason[:1].lower()}{reason[1:]}"
            sentence = text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")
            self._refused(sentence, key, typed)
            return
        self._accepted()
