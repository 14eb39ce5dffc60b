"""The findings panel: every problem the checker found, worst first, one click from its racks.

A table model over the editor's findings (thousands of rows cost nothing: the view asks
only for the visible ones). Clicking a row selects what the finding names, switches to
its hall and zooms to it; the picked finding's whole message shows under the table (a
row holds two lines, and the remedy comes last). Filters: this hall or every hall, and
whether notes show.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from designer.core.findings import Finding, Report, Severity, severity_name
from designer.core.format import number, plural
from designer.drawing import style
from designer.gui.editor import Editor
from designer.gui.panels.table import RowsModel, rows_view

COLUMNS = ("", "Finding", "Code", "Hall")
_ORDER = {"error": 0, "warning": 1, "info": 2}
_ICON = {"error": "✖", "warning": "▲", "info": "ℹ"}
#: What one finding of each severity is called, worst first.
NOUNS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def severity_counts(findings: Iterable[Finding]) -> dict[Severity, int]:
    """Findings per severity, accepted ones not counted (the core report's counts)."""
    return Report(tuple(findings)).counts()


def counts_text(findings: Iterable[Finding]) -> str:
    """``0 errors, 1 warning, 5 notes``: what a check found, accepted findings left out."""
    counts = severity_counts(findings)
    return ", ".join(plural(counts[s], noun) for s, noun in NOUNS.items())


def _counts_html(here: dict[Severity, int], every: dict[Severity, int]) -> str:
    """The panel's header: the findings of each severity the list holds, and, where the
    list holds one hall's, how many the project has ("3 of 5 notes in this hall"): the
    header counted the project's 5 notes over a list of this hall's 3."""
    parts = []
    for severity, noun in NOUNS.items():
        key = severity_name(severity)
        icon = f"<span style='color:{style.SEVERITY_COLOUR[key].name()}'>{_ICON[key]}</span>"
        count = plural(here[severity], noun)
        if here[severity] != every[severity]:
            count = f"{number(here[severity], 0)} of {plural(every[severity], noun)}"
        parts.append(f"{icon} {count}")
    where = " in this hall" if here != every else ""
    return " &nbsp; ".join(parts) + where


class FindingsModel(RowsModel):
    """Rows of findings, sorted worst first."""

    COLUMNS = COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.hall_names: dict[str, str] = {}

    def set_rows(self, rows: Sequence[Any], hall_names: dict[str, str]) -> None:
        self.beginResetModel()
        self.rows = sorted(
            rows, key=lambda f: (f.excluded, _ORDER[severity_name(f.severity)], f.code)
        )
        self.hall_names = hall_names
        self.endResetModel()

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        finding = self.rows[index.row()]
        severity = severity_name(finding.severity)
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return _ICON[severity]
            if column == 1:
                return finding.message + (" (accepted)" if finding.excluded else "")
            if column == 2:
                return finding.code
            return self.hall_names.get(finding.hall_id or "", "project")
        if role == Qt.ItemDataRole.ForegroundRole:
            if finding.excluded:
                return QBrush(QColor("#9aa3ab"))
            if column == 0:
                return QBrush(style.SEVERITY_COLOUR[severity])
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return finding.message + (
                f"\nAccepted: {finding.comment}" if finding.excluded and finding.comment else ""
            )
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return Qt.AlignmentFlag.AlignCenter
        return None


class FindingsPanel(QWidget):
    """Findings with filters.

    ``activated(finding)`` fires when the user clicks one; ``accept(finding)`` and
    ``reopen(finding)`` when they accept it with a reason, or take that back (right click).
    """

    activated = Signal(object)
    accept = Signal(object)
    reopen = Signal(object)

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.scope = QComboBox()
        self.scope.addItem("This hall", "hall")
        self.scope.addItem("All halls", "all")
        self.show_notes = QCheckBox("Notes")
        self.show_notes.setChecked(True)
        self.show_accepted = QCheckBox("Accepted")
        self.counts = QLabel()
        self.counts.setTextFormat(Qt.TextFormat.RichText)
        self.model = FindingsModel(self)
        self.table = rows_view(self.model)
        # two lines per finding: messages carry the measured value, the limit and a remedy
        self.table.verticalHeader().setDefaultSectionSize(36)
        self.table.setShowGrid(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.empty = QLabel(self.table.viewport())
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setStyleSheet("color: #5f6b76;")
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setColumnWidth(0, 26)
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 0)
        bar.addWidget(self.counts, 1)
        bar.addWidget(self.scope)
        bar.addWidget(self.show_notes)
        bar.addWidget(self.show_accepted)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setContentsMargins(6, 2, 6, 4)
        self.detail.hide()
        layout.addLayout(bar)
        layout.addWidget(self.table)
        layout.addWidget(self.detail)
        self.table.clicked.connect(self._clicked)
        self.table.selectionModel().currentRowChanged.connect(self._picked)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        for signal in (
            self.scope.currentIndexChanged,
            self.show_notes.toggled,
            self.show_accepted.toggled,
        ):
            signal.connect(self.refresh)
        editor.findings_changed.connect(self.refresh)
        editor.hall_changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        editor = self.editor
        whole = self.scope.currentData() == "all"
        self.table.setColumnHidden(3, not whole)
        every = list(editor.findings)
        in_scope = [
            f
            for f in every
            if whole
            or f.hall_id in (editor.hall_id, None)
            or editor.hall_id in f.ids  # two halls overlapping: shown with either
        ]
        shown = [
            f
            for f in in_scope
            if (self.show_notes.isChecked() or severity_name(f.severity) != "info")
            and (self.show_accepted.isChecked() or not f.excluded)
        ]
        names = {h.id: h.name for h in editor.project.halls.values()}
        current = self.table.currentIndex()
        picked = self.model.rows[current.row()] if current.isValid() else None
        self.model.set_rows(shown, names)
        self.detail.hide()
        if picked in shown:  # still there (a click that switched halls, a re-check): kept
            self.table.setCurrentIndex(self.model.index(self.model.rows.index(picked), 1))
        self._show_empty(shown, every)
        if not editor.checked:
            self.counts.setText("<span style='color:#5f6b76'>Not checked yet</span>")
        else:
            here, total = severity_counts(in_scope), severity_counts(every)
            self.counts.setText(_counts_html(here, total))
            self.counts.setToolTip(
                "This hall's findings and the project's own (its sites, the links between "
                "halls); All halls lists the other halls' too."
                if here != total
                else ""
            )

    def _show_empty(self, shown: list[Any], every: list[Any]) -> None:
        """Say why the table is empty: not checked yet, nothing to check (no hall or no
        racks: "passes every check" would claim a design there is not), all clear, or
        filtered away."""
        if shown:
            self.empty.hide()
            return
        if not self.editor.checked:
            text = "Checking…" if self.editor.hall_id else "Nothing to check yet"
        elif every:
            text = "No findings to show with these filters"
        elif not self.editor.project.halls:
            text = "Nothing to check yet: open a project or add a hall"
        elif not self.editor.project.placements:
            text = "Nothing to check yet: place racks in a hall"
        else:
            text = "✔ No findings: the design passes every check"
        self.empty.setText(text)
        self.empty.resize(self.table.viewport().size())
        self.empty.show()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.empty.resize(self.table.viewport().size())

    def _clicked(self, index: QModelIndex) -> None:
        self.activated.emit(self.model.rows[index.row()])

    def _picked(self, index: QModelIndex, _previous: QModelIndex) -> None:
        """Show the whole message of the finding picked (by a click or the arrow keys)."""
        if not index.isValid() or index.row() >= len(self.model.rows):
            self.detail.hide()
            return
        self.detail.setText(self.model.rows[index.row()].message)
        self.detail.show()

    def menu_for(self, finding: Any) -> QMenu:
        """The right-click menu of a finding: show it, accept it, or reopen it."""
        menu = QMenu(self)
        menu.addAction("Show on the Plan", lambda: self.activated.emit(finding))
        if finding.excluded:
            menu.addAction("Reopen (Withdraw the Acceptance)", lambda: self.reopen.emit(finding))
        else:
            menu.addAction("Accept with a Reason…", lambda: self.accept.emit(finding))
        return menu

    def _context_menu(self, pos: QPoint) -> None:
        index = self.table.indexAt(pos)
        if index.isValid():
            self.menu_for(self.model.rows[index.row()]).exec(self.table.viewport().mapToGlobal(pos))
