"""The Compare panel: two designs' figures side by side and where the second differs.

On the left each figure of both designs with B less A (``compare``), the rows that
differ shaded and bold (only those, unless asked for all), and in a tab beside the table
the same figures as a pyqtgraph chart of B against A (``designer.gui.compare.chart``); on
the right (in a third tab where the panel is too narrow for both) the racks and equipment
added, removed, moved or changed, each with its colour on the canvas. A click on one of
those selects it and zooms to it (``activated``); Stop Comparing (or Esc) ends the
comparison.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from designer.core.energy.compare import Row, scope_notes
from designer.core.energy.differences import Difference, counts, describe
from designer.core.energy.text import cells as row_cells
from designer.core.model.project import Project
from designer.drawing.compare import ADDED, CHANGED, COLOURS, MOVED_TO, REMOVED
from designer.gui.compare.chart import A_PERCENT, KEY, MOST_PERCENT, X_LABEL, comparison_bars
from designer.gui.panels.charts import BarChart

FIGURE_COLUMNS = ("Figure", "A", "B", "B − A")
DIFFERENCE_COLUMNS = ("", "What", "Name", "Where")
#: The shade of a figure that differs (pale amber, as the comparison sheet marks them).
DIFFERS = QColor("#fff1cc")
#: The panel's width from which the figures and the differences stand side by side, each
#: with its columns whole (pixels).
SIDE_BY_SIDE_PX = 900
#: The colour a difference's kind has on the canvas.
KIND_COLOUR = {"added": ADDED, "removed": REMOVED, "moved": MOVED_TO, "changed": CHANGED}


def _table(columns: tuple[str, ...], stretched: int) -> QTableWidget:
    """A read-only table of whole rows whose column ``stretched`` takes the room left."""
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(columns)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(stretched, QHeaderView.ResizeMode.Stretch)
    return table


class ComparePanel(QWidget):
    """Shows one comparison; ``activated(difference)`` when one of its rows is clicked and
    ``stop`` when Stop Comparing is pressed."""

    activated = Signal(object)
    stop = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel("Compare a second design with this one: File ▸ Compare With…")
        self.title.setWordWrap(True)
        # the figure's name takes the room left, cut short where the panel is narrow: the
        # differences, stretched instead, were cut to "−…" by a long name (a trial)
        self.figures = _table(FIGURE_COLUMNS, 0)
        self.differences = _table(DIFFERENCE_COLUMNS, 3)
        self.only_differing = QCheckBox("Only the figures that differ")
        self.only_differing.setChecked(True)
        self.stop_button = QPushButton("Stop Comparing")
        self.stop_button.setToolTip("Back to the design as it was coloured (Esc)")
        self.stop_button.setEnabled(False)
        self.found: list[Difference] = []
        self.rows: list[Row] = []
        # what the two capitals price differently, beside the figures it qualifies: the
        # note stood on the Chart tab alone, and the Figures tab read a GB300 pod as $18 M
        # cheaper for racks of no price (a trial)
        self.scope = QLabel()
        self.scope.setWordWrap(True)
        self.scope.setVisible(False)
        self.chart = BarChart(X_LABEL)
        self.chart.add_mark(A_PERCENT, QColor("#5f6b76"), dashed=True)
        self.figure_tabs = QTabWidget()
        self.figure_tabs.setDocumentMode(True)
        self.figure_tabs.addTab(self.figures, "Figures")
        self.figure_tabs.addTab(self.chart, "Chart")

        self.tables = tables = QSplitter(Qt.Orientation.Horizontal)
        tables.setChildrenCollapsible(False)
        tables.addWidget(self.figure_tabs)
        tables.addWidget(self.differences)
        tables.setStretchFactor(0, 5)
        tables.setStretchFactor(1, 4)
        buttons = QHBoxLayout()
        buttons.addWidget(self.only_differing)
        buttons.addStretch(1)
        buttons.addWidget(self.stop_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(tables, 1)
        layout.addWidget(self.scope)
        layout.addLayout(buttons)

        self.stop_button.clicked.connect(self.stop)
        self.only_differing.toggled.connect(lambda _on: self._hide_same())
        self.differences.cellClicked.connect(self._clicked)
        self._hide_same()  # the empty chart says how to fill it

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The list of differences beside the figures and their chart where both fit whole,
        else a third tab beside them (a dock that shares the bottom of the window with
        others: one over the other, neither the table nor the chart could be read)."""
        super().resizeEvent(event)
        tabs = self.figure_tabs
        wide = event.size().width() >= SIDE_BY_SIDE_PX
        tabbed = tabs.indexOf(self.differences) >= 0
        if wide and tabbed:
            tabs.removeTab(tabs.indexOf(self.differences))
            self.tables.addWidget(self.differences)
            self.differences.show()
        elif not wide and not tabbed:
            tabs.addTab(self.differences, self._differences_title())

    def _name_differences_tab(self) -> None:
        """The list's tab, when it is one, says how many differences it holds."""
        index = self.figure_tabs.indexOf(self.differences)
        if index >= 0:
            self.figure_tabs.setTabText(index, self._differences_title())

    def _differences_title(self) -> str:
        return f"Racks and equipment ({len(self.found):,})"

    def show_comparison(
        self,
        rows: list[Row],
        found: list[Difference],
        names: tuple[str, str],
        projects: tuple[Project, Project],
    ) -> None:
        """``rows`` of figures and ``found`` differences between the designs ``names``."""
        differing = sum(r.differs for r in rows)
        figures = f"{differing} of {len(rows)} figures differ" if differing else "no figure differs"
        kinds = ", ".join(f"{n:,} {kind}" for kind, n in counts(found).items() if n)
        things = f"racks and equipment: {kinds}" if kinds else "no rack or equipment differs"
        self.title.setText(f"A: {names[0]}    B: {names[1]}    ({figures}; {things})")
        self._show_rows(rows)
        self.show_differences(found, projects)
        self.stop_button.setEnabled(True)

    def show_differences(self, found: list[Difference], projects: tuple[Project, Project]) -> None:
        self.found = found
        self._name_differences_tab()
        table = self.differences
        table.setRowCount(len(found))
        for row, difference in enumerate(found):
            swatch = QTableWidgetItem(difference.kind.capitalize())
            swatch.setForeground(QBrush(COLOURS[KIND_COLOUR[difference.kind]]))
            bold = QFont(swatch.font())
            bold.setBold(True)
            swatch.setFont(bold)
            cells = (
                swatch,
                QTableWidgetItem(difference.what),
                QTableWidgetItem(difference.name),
                QTableWidgetItem(describe(difference, *projects)),
            )
            whole = " ".join(c.text() for c in cells)
            tip = f"{whole} ({_ids(difference)})"
            for column, item in enumerate(cells):
                item.setToolTip(tip)
                table.setItem(row, column, item)

    def clear(self) -> None:
        self.title.setText("Compare a second design with this one: File ▸ Compare With…")
        self.figures.setRowCount(0)
        self.rows = []
        self._hide_same()
        self.differences.setRowCount(0)
        self.found = []
        self._name_differences_tab()
        self.stop_button.setEnabled(False)

    def differing_rows(self) -> dict[str, tuple[str, str, str]]:
        """The rows shaded as differing: figure label to its A, B and B − A (for tests and
        for reading the panel back)."""
        table = self.figures
        return {
            table.item(r, 0).text(): tuple(table.item(r, c).text() for c in (1, 2, 3))  # type: ignore[misc]
            for r in range(table.rowCount())
            if table.item(r, 0).font().bold()
        }

    def _show_rows(self, rows: list[Row]) -> None:
        self.rows = rows
        table = self.figures
        table.setRowCount(len(rows))
        for n, row in enumerate(rows):
            cells = (row.label, *row_cells(row))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if row.differs:
                    item.setBackground(QBrush(DIFFERS))
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                table.setItem(n, column, item)
        self._hide_same()

    def _hide_same(self) -> None:
        """Hide the figures both designs share while asked to, unless none differs (then
        both designs' figures are the news)."""
        table = self.figures
        bold = [table.item(r, 0).font().bold() for r in range(table.rowCount())]
        hide = self.only_differing.isChecked() and any(bold)
        for row, differs in enumerate(bold):
            table.setRowHidden(row, hide and not differs)
        table.scrollToTop()
        charted = [r for n, r in enumerate(self.rows) if not table.isRowHidden(n)]
        self.chart.show_bars(*comparison_bars(charted), most_x=MOST_PERCENT)
        notes = scope_notes(self.rows)
        self.scope.setText(" ".join(notes))
        self.scope.setVisible(bool(notes))
        self.chart.note.setText(
            " ".join([KEY + ".", *notes]) if charted else "No comparison: File ▸ Compare With…"
        )

    def _clicked(self, row: int, _column: int) -> None:
        if 0 <= row < len(self.found):
            self.activated.emit(self.found[row])


def _ids(difference: Difference) -> str:
    """Its id, or both where the two designs number it differently (paired by label)."""
    if difference.before is not None and difference.id_b and difference.id_b != difference.id:
        return f"id {difference.id} in A, {difference.id_b} in B"
    return f"id {difference.id}"
