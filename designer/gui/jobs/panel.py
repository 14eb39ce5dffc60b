"""The Jobs panel: the project's training jobs, where they run and what their traffic costs.

A table of the jobs (degrees, accelerators, step time, worst finding) as wide as its dock,
long names and findings cut short and whole in their tooltips; Add, Edit and
Delete, each one undo step through the editor; the racks coloured on the canvas
by job, PP stage, DP replica or TP domain on request, with the key under the table; and a
chart of the selected job's planes, each plane's time per step against the compute it
should hide behind. Selecting a job selects its racks (in the hall on screen when it
stands there, else in the first hall it uses).

Placements and estimates come from the design check (``FindingsService.jobs``), off the
GUI thread; the panel never places jobs itself.
"""

from __future__ import annotations

import html
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from designer.core.document.document import TransactionError
from designer.core.findings import SEVERITY_RANK, Finding
from designer.core.jobs.estimate import JobTraffic
from designer.core.jobs.formulas import pipeline_bubble
from designer.core.jobs.placement import room_in
from designer.core.jobs.roles import ROLE_NOUNS, Role, rack_roles
from designer.core.jobs.summary import (
    describe,
    order_text,
    placement_text,
    relayed_texts,
    sites_text,
)
from designer.core.jobs.text import bubble, degrees, duration
from designer.core.model.job import Job
from designer.drawing.jobs import role_entries
from designer.gui.editor import Editor
from designer.gui.jobs.chart import PlaneChart
from designer.gui.jobs.colouring import JobColouring
from designer.gui.jobs.dialog import JobDialog
from designer.gui.panels.fitted_text import FittedText

COLUMNS = ("Job", "Accelerators", "Step", "Worst finding")
#: The colourings the panel offers, as its list names them.
COLOURINGS: tuple[tuple[Role | None, str], ...] = (
    (None, "Racks as checked"),
    ("job", "Racks by job"),
    ("stage", "Racks by PP stage"),
    ("replica", "Racks by DP replica"),
    ("domain", "Racks by TP domain"),
)


class _JobsTable(QTableWidget):
    """The jobs' table asks for its header and one row: the room beyond what the selected
    job's details need goes to it (by its stretch), and past that it scrolls. Its columns
    fit its width (``fit_columns``): it never scrolls sideways."""

    def fit_columns(self) -> None:
        """The accelerators and the step as wide as their cells; the job's name and its
        worst finding share the rest, each whole when both fit, else each cut at its end
        and given at least half (the one needing less its need): a trial at 1600 x 1000
        scrolled the table sideways to read "error: no_room", the column as wide as it."""
        header = self.horizontalHeader()
        for column in (1, 2):
            header.resizeSection(column, self._need(column))
        free = self.viewport().width() - header.sectionSize(1) - header.sectionSize(2)
        name = min(self._need(0), max(free // 2, free - self._need(3)))
        header.resizeSection(0, max(name, header.minimumSectionSize()))

    def _need(self, column: int) -> int:
        """The width of the column's widest cell or its title."""
        return max(self.sizeHintForColumn(column), self.horizontalHeader().sectionSizeHint(column))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The viewport made wider or narrower (the dock resized, a scroll bar come or
        gone): the columns fit its new width."""
        super().resizeEvent(event)
        self.fit_columns()

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._one_row())

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self._one_row())

    def _one_row(self) -> int:
        """The height of the header, one row and the scroll bar under them when shown."""
        header = self.horizontalHeader()
        height = max(header.height(), header.sizeHint().height())
        height += self.verticalHeader().defaultSectionSize() + 2 * self.frameWidth()
        bar = self.horizontalScrollBar()
        return height + (bar.sizeHint().height() if bar.isVisible() else 0)


class JobsPanel(QWidget):
    """The jobs of the project open in ``editor``; ``colouring`` paints the canvas."""

    def __init__(
        self, editor: Editor, colouring: JobColouring, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.editor = editor
        self.colouring = colouring
        self.assessed: Any = None
        self.table = _JobsTable(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        # one line a cell, cut at its end; the worst finding takes the width the others
        # leave (``_JobsTable.fit_columns``)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        # tool buttons, as wide as their words: they share one row with the colouring list
        # and leave the height to the job's details
        self.add_button = _button("Add…", "Add a training job")
        self.edit_button = _button("Edit…", "Change the selected job")
        self.delete_button = _button("Delete", "Delete the selected job")
        self.colour_by = QComboBox()
        for role, text in COLOURINGS:
            self.colour_by.addItem(text, role)
        self.key = QLabel()
        self.key.setTextFormat(Qt.TextFormat.RichText)
        self.key.setWordWrap(True)
        self.where = QLabel()
        self.where.setWordWrap(True)
        self.where.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # the colours' key, and the placement, step and memory, run to several lines in a
        # low dock: they scroll rather than lose their first and last lines (trials: a job
        # of 12 PP stages lost the key's last line under the dock's edge)
        shown = QWidget()
        column = QVBoxLayout(shown)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.key)
        column.addWidget(self.where, 1)
        self.details = FittedText(shown)
        self.chart = PlaneChart()

        controls = QHBoxLayout()
        for button in (self.add_button, self.edit_button, self.delete_button):
            controls.addWidget(button)
        controls.addStretch(1)
        controls.addWidget(self.colour_by)
        # the details take the height they need (their size hint) before the table, which
        # asks for one row and takes the rest (its stretch)
        self.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        left = QVBoxLayout()
        left.addWidget(self.table, 1)
        left.addLayout(controls)
        left.addWidget(self.details)
        # side by side: the docks along the bottom are wide and low
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(left, 3)
        layout.addWidget(self.chart, 2)

        self.add_button.clicked.connect(self.add_job)
        self.edit_button.clicked.connect(self.edit_job)
        self.delete_button.clicked.connect(self.delete_job)
        self.colour_by.currentIndexChanged.connect(self._colour)
        self.table.itemSelectionChanged.connect(self._job_chosen)
        # a click on the job already shown selects its racks again (after the canvas
        # selection moved on)
        self.table.cellClicked.connect(lambda _row, _column: self._job_chosen())
        editor.bridge.changed.connect(lambda _changes: self.refresh())
        editor.bridge.replaced.connect(self.refresh)
        editor.findings_changed.connect(self.refresh)
        self.refresh()

    # --- what is shown ----------------------------------------------------------------

    def set_assessed(self, assessed: Any) -> None:
        """The jobs as the last check placed and estimated them."""
        self.assessed = assessed
        self.colouring.set_assessed(assessed)
        self.refresh()

    def current_job(self) -> str | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def refresh(self) -> None:
        project = self.editor.project
        chosen = self.current_job()
        worst = self._worst_findings()
        self.table.blockSignals(True)
        self.table.setRowCount(len(project.jobs))
        for row, job in enumerate(project.jobs.values()):
            traffic = self.assessed.traffic.get(job.id) if self._current() else None
            step = _step_s(job, traffic)
            finding = worst.get(job.id)
            cells = (
                job.name,
                f"{job.size:,}",
                duration(step) if step is not None else "—",
                _finding_text(finding) if finding else "none" if self._current() else "…",
            )
            # the name and the finding whole where their cells cut them, the finding's
            # message too
            tips = {0: job.name, 3: f"{cells[3]}\n{finding.message}" if finding else ""}
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, job.id)
                item.setToolTip(tips.get(column, ""))
                if column == 1:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, item)
            if job.id == chosen:
                self.table.selectRow(row)
        if chosen not in project.jobs and project.jobs:
            self.table.selectRow(0)
        self.table.blockSignals(False)
        self.table.fit_columns()
        has = bool(project.jobs)
        self.edit_button.setEnabled(has)
        self.delete_button.setEnabled(has)
        self._show_job()

    def _current(self) -> bool:
        """True when the assessment describes the project as it is."""
        return self.assessed is not None and self.assessed.plan.layout.jobs.keys() == set(
            self.editor.project.jobs
        )

    def _worst_findings(self) -> dict[str, Finding]:
        """The most severe of the jobs' own findings (``jobs.*``), by job."""
        worst: dict[str, Finding] = {}
        for finding in self.editor.findings:
            if not finding.code.startswith("jobs.") or finding.excluded or not finding.ids:
                continue
            for job_id in finding.ids:
                if job_id not in self.editor.project.jobs:
                    continue
                known = worst.get(job_id)
                if known is None or SEVERITY_RANK[finding.severity] < SEVERITY_RANK[known.severity]:
                    worst[job_id] = finding
        return worst

    def _show_job(self) -> None:
        project = self.editor.project
        job_id = self.current_job()
        job = project.jobs.get(job_id or "")
        if job is None or not self._current():
            self.where.setText("" if project.jobs else "No jobs yet: Add… puts one on the cluster.")
            self.chart.show_job(project, None)
            self._colour()
            return
        layout = self.assessed.plan.layout
        traffic = self.assessed.traffic.get(job.id)
        about = describe(project, job, layout, traffic)
        sites = sites_text(about)
        order = order_text(about)
        placed = "" if about["placed"] else "Not placed whole (see Findings). "
        memory = step = ""
        if traffic is not None:
            memory = (
                f" Memory {traffic.state_gb:,.0f} of {traffic.hbm_gb:,.0f} GB per accelerator "
                "(weights, gradients, optimizer state; activations not counted)."
            )
            if traffic.compute_s is not None:
                share = pipeline_bubble(job.pp, traffic.micro_batches)
                step = f" Step: compute {duration(traffic.compute_s)}" + (
                    bubble(traffic.compute_s, share) or " a step"
                )
                step += "."
        self.where.setText(
            f"{placed}{degrees(job)}: {placement_text(about)}."
            + (f" {sites}." if sites else "")
            + (f" {order}." if order else "")
            + "".join(f" {text}." for text in relayed_texts(about))
            + step
            + memory
        )
        self.chart.show_job(project, traffic)
        self._colour()

    def _colour(self) -> None:
        role = self.colour_by.currentData()
        job_id = self.current_job()
        self.colouring.show(role, job_id)
        if role is None or not self._current():
            self._set_key("")
            return
        project = self.editor.project
        if role == "job":
            names = [j.name for j in project.jobs.values()]
            entries = role_entries("Job", names, len(names))
        else:
            job = project.jobs.get(job_id or "")
            count = {"stage": job.pp, "replica": job.dp}.get(role) if job else 0
            if role == "domain" and job is not None:
                roles = rack_roles(self.assessed.plan.layout, role, job.id, job.dp)
                count = max(roles.values(), default=-1) + 1
            entries = role_entries(ROLE_NOUNS[role], None, count or 0)
        self._set_key(
            " &nbsp; ".join(
                f"<span style='color:{e.colour.name()}'>■</span>&nbsp;"
                + html.escape(e.text).replace(" ", "&nbsp;")
                for e in entries
            )
        )

    def _set_key(self, text: str) -> None:
        """Show the colours' key, none of its line when there is no key."""
        self.key.setText(text)
        self.key.setVisible(bool(text))
        self.details.updateGeometry()

    def _job_chosen(self) -> None:
        self._show_job()
        job_id = self.current_job()
        if job_id is None or not self._current():
            return
        racks = self.assessed.plan.layout.racks_of(job_id)
        placements = self.editor.project.placements
        here = [r for r in racks if placements[r].hall_id == self.editor.hall_id]
        if not here and racks:
            self.editor.set_hall(placements[racks[0]].hall_id)
            here = [r for r in racks if placements[r].hall_id == self.editor.hall_id]
        self.editor.selection.set(here)

    # --- edits ------------------------------------------------------------------------

    def _places(self) -> list[tuple[list[str], str]]:
        project = self.editor.project
        places: list[tuple[list[str], str]] = [
            ([s.id], f"Site: {s.name}") for s in project.sites.values()
        ]
        places += [([h.id], f"Hall: {h.name}") for h in project.halls.values()]
        racks = [i for i in self.editor.selected() if i in project.placements]
        if racks:
            places.append((racks, f"The {len(racks):,} selected racks"))
        return places

    def _dialog(self, job_id: str | None) -> JobDialog:
        job = self.editor.project.jobs.get(job_id or "")
        name = f"Job {len(self.editor.project.jobs) + 1}"
        doc = self.editor.doc
        return JobDialog(
            job,
            self._places(),
            name,
            self,
            lambda typed: room_in(typed, doc.project, doc.rack_types),
        )

    def add_job(self) -> str | None:
        """Ask for a job and add it: one undo step."""
        dialog = self._dialog(None)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return self.add(dialog.fields())

    def add(self, fields: dict[str, Any]) -> str | None:
        """Add a job of ``fields`` (as ``JobDialog.fields`` gives them): one undo step."""
        fields = dict(fields)
        name = fields.pop("name")
        return self._edit(lambda: self.editor.add_job(name, **fields))

    def edit_job(self) -> None:
        """Ask for new values of the selected job and apply them: one undo step."""
        job_id = self.current_job()
        if job_id is None:
            return
        dialog = self._dialog(job_id)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.change(job_id, dialog.fields())

    def change(self, job_id: str, fields: dict[str, Any]) -> None:
        """Give the job ``fields``: one undo step."""
        self._edit(lambda: self.editor.update(job_id, **fields))

    def delete_job(self) -> None:
        job_id = self.current_job()
        if job_id is not None:
            self.editor.delete([job_id])

    def _edit(self, edit: Any) -> Any:
        try:
            return edit()
        except (TransactionError, ValidationError) as err:
            text = str(err).splitlines()[0] if isinstance(err, TransactionError) else _first(err)
            self.editor.message.emit(f"The job was not changed: {text}")
            return None


def _button(text: str, tip: str) -> QToolButton:
    """A button as wide as ``text`` (a push button is at least 80 px in most styles)."""
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    return button


def _finding_text(finding: Finding) -> str:
    """A job's worst finding in its cell: how bad, and the rule ("error: no_room")."""
    return f"{finding.severity.value}: {finding.code.removeprefix('jobs.')}"


def _first(err: ValidationError) -> str:
    first = err.errors(include_url=False)[0]
    where = ".".join(str(p) for p in first["loc"])
    return f"{where}: {first['msg'].removeprefix('Value error, ')}"


def _step_s(job: Job, traffic: JobTraffic | None) -> float | None:
    """A step as the jobs command gives it: the compute and the pipeline's fill and drain
    ((PP - 1) / micro-batches, operations:O1); the panel gave the compute alone, half of a
    PP 16 job's step (a trial: 8.27 s beside the command's 16.03 s)."""
    if traffic is None or traffic.compute_s is None:
        return None
    return float(traffic.compute_s * (1 + pipeline_bubble(job.pp, traffic.micro_batches)))
