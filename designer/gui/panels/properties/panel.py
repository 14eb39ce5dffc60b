"""The properties panel: the form of what is selected, or of the hall when nothing is.

A value the model refuses leaves the project unchanged and shows the reason under the
form; the form is rebuilt from the project as it stayed, the refused text put back in its
field to be corrected.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from designer.gui.editor import Editor
from designer.gui.panels.properties.cooling_unit import cooling_unit_form
from designer.gui.panels.properties.feed import feed_form
from designer.gui.panels.properties.fields import RevertingEdit, RevertingText
from designer.gui.panels.properties.form import Form
from designer.gui.panels.properties.hall import hall_form
from designer.gui.panels.properties.obstacle import obstacle_form
from designer.gui.panels.properties.racks import rack_form
from designer.gui.panels.properties.site import show_routes
from designer.gui.panels.properties.tray import tray_form

#: The form of one selected item, by the collection it is in (racks have their own, for
#: one or many).
SINGLE_FORMS: dict[str, Callable[[Form, str], None]] = {
    "cooling_units": cooling_unit_form,
    "feeds": feed_form,
    "trays": tray_form,
    "obstacles": obstacle_form,
}


class PropertiesPanel(QWidget):
    """Shows and edits the selection (or the hall when nothing is selected)."""

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.title = QLabel()
        self.title.setObjectName("propertiesTitle")
        self.title.setWordWrap(True)
        self.subtitle = QLabel()
        self.subtitle.setObjectName("propertiesSubtitle")
        self.subtitle.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setObjectName("propertiesProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828;")
        self.problem.hide()
        self.summary = QLabel()
        self.summary.setObjectName("propertiesSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.form = self._new_form()
        inner = QWidget()
        self.column = column = QVBoxLayout(inner)
        column.setContentsMargins(10, 8, 10, 8)
        column.addWidget(self.title)
        column.addWidget(self.subtitle)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        column.addWidget(line)
        column.addWidget(self.form.host)
        column.addWidget(self.summary)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        # under the scrolled form, so a refusal is in sight whichever field was edited
        self.problem.setContentsMargins(10, 4, 10, 6)
        outer.addWidget(self.problem)
        #: Route id -> the line under its fibre field saying what it carries; updated in
        #: place when a new network plan arrives (a rebuild would take a field being typed in).
        self.route_notes: dict[str, QLabel] = {}
        editor.selection.changed.connect(self._selection_changed)
        editor.hall_changed.connect(self._selection_changed)
        editor.bridge.changed.connect(self._changed)
        editor.bridge.replaced.connect(self.refresh)
        editor.network_changed.connect(lambda: show_routes(self.route_notes, self.editor))
        self.refresh()

    @property
    def fields(self) -> dict[str, QWidget]:
        """The fields of the form shown, by key (``label``, ``x``, ``site_power``, ...)."""
        return self.form.fields

    def _selection_changed(self) -> None:
        self.problem.hide()
        self.refresh()

    def _changed(self, changes: Any) -> None:
        shown = set(self.editor.selected()) | {self.editor.hall_id or ""}
        if shown & changes.ids or not self.editor.selection:
            self.refresh()

    def refresh(self) -> None:
        """Rebuild the form for the current selection, keeping the focused field focused."""
        focused = next((k for k, w in self.fields.items() if w.hasFocus()), None)
        self._replace_form()
        self.summary.clear()
        self.route_notes = {}
        form = self.form
        ids = self.editor.selected()
        kinds = {self._kind(i) for i in ids}
        if not ids:
            self.route_notes = hall_form(form)
        elif kinds == {"placements"}:
            rack_form(form, ids)
        elif len(ids) == 1 and kinds <= SINGLE_FORMS.keys():
            SINGLE_FORMS[kinds.pop()](form, ids[0])
        else:
            form.heading(
                f"{len(ids)} items selected", "Select items of one kind to edit them together."
            )
        if focused in self.fields:
            self.fields[focused].setFocus()

    def _new_form(self) -> Form:
        return Form(
            self.editor, self.title, self.subtitle, self.summary, self._refused, self.problem.hide
        )

    def _replace_form(self) -> None:
        """Put an empty form where the old one was; the old one is deleted later, not now.

        A refresh usually runs inside a signal of one of the old fields (the feed list's
        ``itemChanged``, a line edit's ``editingFinished``, a combo's ``activated``), and
        Qt's own code goes on using that widget when the signal returns
        (``QAbstractItemView::mouseReleaseEvent``, ``QLineEdit::focusOutEvent``): deleting
        it now is a use-after-free that crashes the program. The old fields are silenced
        first, so hiding a focused one cannot commit its text a second time.
        """
        old = self.form.host
        for widget in self.fields.values():
            widget.blockSignals(True)
        self.form = self._new_form()
        self.column.insertWidget(self.column.indexOf(old), self.form.host)
        self.column.removeWidget(old)
        old.hide()
        old.deleteLater()

    def _kind(self, entity_id: str) -> str:
        for name in ("placements", "cooling_units", "feeds", "trays", "obstacles"):
            if entity_id in getattr(self.editor.project, name):
                return name
        return ""

    def _refused(self, sentence: str, key: str | None, typed: str | None) -> None:
        """Say why an edit was refused under the form, and rebuild the form from the project
        as it stayed.

        What was typed goes back in the rebuilt field ``key``, selected, to be corrected (a
        trial's "1e9" went back to "-5" with the refusal, the text typed lost). It is not
        marked as typed: leaving it, or the form being rebuilt for another selection, must
        not offer the refused value again.
        """
        self.problem.setText(sentence)
        self.problem.show()
        self.refresh()
        field = self.fields.get(key or "")
        if typed is not None and isinstance(field, RevertingEdit | RevertingText):
            field.setText(typed)
            field.selectAll()
