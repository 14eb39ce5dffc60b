"""The Resilience panel: the figures of the what-if on the canvas, and the N-1 ranking.

"What If": what the failure asked about takes down, as the ``whatif`` command writes it
(racks and accelerators lost by kind, jobs hit, survivors over their limits, what is left);
the canvas's legend strip names the racks' colours. "N-1 Ranking": every component failed
alone and ranked by what it takes down, the worst explained under the table; clicking a
row selects its component and zooms to it, double-clicking it (or What If It Fails) shows
its what-if there. "Expected Failures": the interruptions to expect of the design and of
each job, its MTBI and checkpoint interval, as the ``whatif --sweep`` command gives them.
The ranking is worked out off the GUI thread while the panel shows, after each check.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from designer.core.format import plural
from designer.core.resilience.expected import expected_failures
from designer.core.resilience.impact import Impact
from designer.core.resilience.sweep import Ranked, Swept
from designer.core.resilience.text import (
    RANKING_HEADINGS,
    expected_text,
    impact_text,
    ranking_rows,
)
from designer.gui.editor import Editor

#: Rows of the ranking the table lists (a campus has thousands of components).
SHOWN_ROWS = 200
#: The columns that hold names; the others hold figures, right-aligned.
NAME_COLUMNS = (1, 2)

HINT = (
    "Right-click a component on the canvas (a rack, busway, CDU, cooler or tray) ▸ "
    "What If This Fails to see what its failure takes down; Esc returns to the design."
)


def _text_box() -> QPlainTextEdit:
    box = QPlainTextEdit()
    box.setReadOnly(True)
    box.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
    return box


class ResiliencePanel(QTabWidget):
    """``go_to(component_id)`` selects a component of the ranking and zooms to it;
    ``fail(component_id)`` shows its what-if; ``back()`` ends the what-if on the canvas."""

    def __init__(
        self,
        editor: Editor,
        go_to: Callable[[str], None],
        fail: Callable[[str], None],
        back: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.editor = editor
        self.go_to = go_to
        self.fail = fail
        self.ranked: list[Ranked] = []
        self.setDocumentMode(True)

        self.title = QLabel(HINT)
        self.title.setWordWrap(True)
        self.back = QPushButton("Back to the Design (Esc)")
        self.back.clicked.connect(back)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.back, 0, Qt.AlignmentFlag.AlignTop)
        self.figures = _text_box()
        what_if = QWidget()
        column = QVBoxLayout(what_if)
        column.setContentsMargins(6, 6, 6, 6)
        column.addLayout(top)
        column.addWidget(self.figures, 1)
        self.addTab(what_if, "What If")

        self.status = QLabel("The N-1 ranking follows the first design check.")
        self.status.setWordWrap(True)
        self.fail_button = QPushButton("What If It Fails")
        self.fail_button.setToolTip("Show the chosen component's what-if (or double-click it)")
        self.fail_button.setEnabled(False)
        self.fail_button.clicked.connect(self._fail_chosen)
        self.table = QTableWidget(0, len(RANKING_HEADINGS))
        # headings of two words over two lines: one line each left the component's name,
        # the column that stretches, a few pixels in a dock of the default window (a trial)
        self.table.setHorizontalHeaderLabels(
            [h.replace(" ", "\n", 1) if len(h) > len("Component") else h for h in RANKING_HEADINGS]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        self.table.setToolTip("Click a row to go to it, double-click it for its what-if")
        rows_high = self.table.verticalHeader()
        rows_high.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows_high.setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(24)
        self.table.cellClicked.connect(lambda row, _column: self._row_clicked(row))
        self.table.cellDoubleClicked.connect(lambda row, _column: self._fail_row(row))
        self.table.itemSelectionChanged.connect(
            lambda: self.fail_button.setEnabled(bool(self.table.selectedItems()))
        )
        self.explained = _text_box()
        self.explained.setPlaceholderText("The worst single failure, explained.")
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.explained)
        # the ranking first: in a dock of the window's default height the two halves showed
        # two rows of it (a trial); the explanation keeps three lines and scrolls
        lines = self.fontMetrics().lineSpacing()
        self.explained.setMinimumHeight(3 * lines + 12)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        split.setSizes([40 * lines, 4 * lines])
        ranking = QWidget()
        rows = QVBoxLayout(ranking)
        rows.setContentsMargins(6, 6, 6, 6)
        heading = QHBoxLayout()
        heading.addWidget(self.status, 1)
        heading.addWidget(self.fail_button, 0, Qt.AlignmentFlag.AlignTop)
        rows.addLayout(heading)
        rows.addWidget(split, 1)
        self.addTab(ranking, "N-1 Ranking")

        self.expected = _text_box()
        self.expected.setPlaceholderText("The failures to expect follow the N-1 ranking.")
        expected = QWidget()
        column = QVBoxLayout(expected)
        column.setContentsMargins(6, 6, 6, 6)
        column.addWidget(self.expected, 1)
        self.addTab(expected, "Expected Failures")
        self.show_impact(None)

    # --- the what-if on the canvas ----------------------------------------------------------

    def show_impact(self, impact: Impact | None) -> None:
        """The figures of ``impact`` (None: the hint how to ask for one)."""
        shown = impact is not None
        for widget in (self.figures, self.back):
            widget.setVisible(shown)
        if impact is None:
            self.title.setText(HINT)
            self.figures.clear()
            return
        self.setCurrentIndex(0)
        lines = impact_text(self.editor.project, impact).splitlines()
        self.title.setText(
            f"<b>What if it fails:</b> {html.escape(lines[0].removeprefix('Failing ').rstrip(':'))}"
        )
        self.figures.setPlainText("\n".join(lines[1:]))

    # --- the N-1 ranking ---------------------------------------------------------------------

    def set_ranking(self, swept: Swept) -> None:
        """Show the sweep's ranking, the worst first, and explain the worst; and the
        failures to expect of the design, as the command line's sweep gives them."""
        ranked = swept.ranked
        self.ranked = ranked[:SHOWN_ROWS]
        single = sum(1 for r in ranked if r.single_point)
        listed = f"; the {SHOWN_ROWS} worst listed" if len(ranked) > SHOWN_ROWS else ""
        # one line: in a dock of the default window the table showed one row under three
        self.status.setText(
            f"N-1: {plural(len(ranked), 'component')} failed one at a time, "
            f"{plural(single, 'single point')} of failure{listed}."
        )
        project = self.editor.project
        self.expected.setPlainText(expected_text(project, expected_failures(swept.topology)))
        table = self.table
        table.setUpdatesEnabled(False)
        table.setRowCount(len(self.ranked))
        for row, cells in enumerate(ranking_rows(self.ranked)):
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column not in NAME_COLUMNS:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                else:  # the whole name, where a narrow dock cuts it short
                    item.setToolTip(text)
                table.setItem(row, column, item)
        table.setUpdatesEnabled(True)
        self.explained.setPlainText(
            "The worst single failure:\n" + impact_text(project, ranked[0].impact) if ranked else ""
        )

    def set_busy(self, busy: bool) -> None:
        if busy:
            self.status.setText("Working out the N-1 ranking…")

    def _row_clicked(self, row: int) -> None:
        if 0 <= row < len(self.ranked):
            self.go_to(self.ranked[row].component.id)

    def _fail_row(self, row: int) -> None:
        if 0 <= row < len(self.ranked):
            self.fail(self.ranked[row].component.id)

    def _fail_chosen(self) -> None:
        rows = {index.row() for index in self.table.selectedIndexes()}
        if rows:
            self._fail_row(min(rows))
