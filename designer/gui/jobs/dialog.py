"""The job dialog: a training job's model, degrees, batch and where it runs, checked as typed.

Every value is checked by the job's own model (``designer.core.model.job``), the same
rules a file is read by: a value it refuses keeps the dialog open with the reason under
the fields, and nothing reaches the project until it is whole. The line under the degrees
says how many accelerators they make and what a scale-up group needs, as they change; the
order the groups are laid in (stage by stage, or pipelines together) follows them, as it
decides which of PP and DP stays inside a domain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QToolButton,
    QWidget,
)

from designer.core.format import plural
from designer.core.jobs.formulas import batch_streams
from designer.core.jobs.placement import Room
from designer.core.model.job import Job, JobOrder, TransformerModel
from designer.gui.dialogs.form import lay_out, number_box, select_all_when_clicked

PRECISIONS = ("bf16", "fp8", "fp4", "int8")
#: The orders a job's groups may be laid in, as the dialog offers them.
ORDERS: tuple[tuple[JobOrder, str], ...] = (
    ("stages", "Stage by stage: each stage's DP replicas side by side"),
    ("pipelines", "Pipelines together: each replica's PP stages side by side"),
)
_DEGREES = ("tp", "cp", "ep", "pp", "dp")
ERROR_STYLE = "color: #c0392b;"
_BILLION = 1e9


def _count(value: int, low: int, high: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setGroupSeparatorShown(True)
    select_all_when_clicked(box)
    return box


class JobDialog(QDialog):
    """Asks for a job; ``places`` are ``(id, name)`` of what it may be kept to (sites,
    halls, "the selected racks") after "the whole cluster"; ``room`` tells what a job as
    typed leaves room for (``placement.room_in``), for DP's Most."""

    def __init__(
        self,
        job: Job | None,
        places: Sequence[tuple[list[str], str]],
        default_name: str = "Job 1",
        parent: QWidget | None = None,
        room: Callable[[Job], Room] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Edit job" if job else "Add a job")
        self._job = job
        self._room = room
        model = job.model if job else None
        self.name = QLineEdit(job.name if job else default_name)
        self.parameters = number_box(
            model.parameters / _BILLION if model else 70, 0.001, 100_000, "billion", 3
        )
        self.layers = _count(model.layers if model else 80, 1, 100_000)
        self.hidden = _count(model.hidden if model else 8_192, 1, 10_000_000)
        self.sequence = _count(model.sequence if model else 8_192, 1, 100_000_000)
        self.precision = QComboBox()
        for precision in PRECISIONS:
            self.precision.addItem(precision.upper(), precision)
        self.precision.setCurrentIndex(PRECISIONS.index(model.precision if model else "bf16"))
        self.experts = _count(model.experts if model else 1, 1, 100_000)
        self.top_k = _count(model.top_k if model else 1, 1, 100_000)
        self.expert_parameters = number_box(
            model.expert_parameters / _BILLION if model else 0, 0, 100_000, "billion", 3
        )
        self.degrees = {d: _count(getattr(job, d) if job else 1, 1, 1_000_000) for d in _DEGREES}
        self.micro_batch = _count(job.micro_batch if job else 1, 1, 100_000_000)
        self.global_batch = _count(job.global_batch if job else 1, 1, 100_000_000)
        self.zero = QComboBox()
        for stage, text in enumerate(
            ("None", "1: optimizer state", "2: and gradients", "3: and weights (FSDP)")
        ):
            self.zero.addItem(text, stage)
        self.zero.setCurrentIndex(job.zero if job else 0)
        self.order = QComboBox()
        for order, text in ORDERS:
            self.order.addItem(text, order)
        self.order.setCurrentIndex(self.order.findData(job.order if job else "stages"))
        self.order.setToolTip(
            "Stage by stage keeps each stage's all-reduce inside a scale-up domain and runs "
            "the pipeline from domain to domain; pipelines together keeps a pipeline that "
            "fits a domain on its scale-up links and runs the all-reduce across domains."
        )
        self.utilisation = number_box((job.utilisation or 0) * 100 if job else 0, 0, 100, "%", 1)
        self.utilisation.setSpecialValueText("catalog default (40 %)")
        self.where = QComboBox()
        self.where.addItem("The whole cluster", [])
        for ids, text in places:
            self.where.addItem(text, ids)
        if job and job.where:
            found = self.where.findData(job.where)
            if found < 0:
                self.where.addItem(f"As set ({len(job.where)} places)", job.where)
                found = self.where.count() - 1
            self.where.setCurrentIndex(found)
        self.total = QLabel()
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(ERROR_STYLE)

        form = QFormLayout()
        form.addRow("Name", self.name)
        form.addRow("Parameters", self.parameters)
        form.addRow("Layers", self.layers)
        form.addRow("Hidden size", self.hidden)
        form.addRow("Sequence length", self.sequence)
        form.addRow("Precision", self.precision)
        form.addRow("Experts (1: dense)", self.experts)
        form.addRow("Top-k", self.top_k)
        form.addRow("Parameters in experts", self.expert_parameters)
        row = QHBoxLayout()
        for name, box in self.degrees.items():
            row.addWidget(QLabel(name.upper()))
            row.addWidget(box)
        # DP as the rest of the cluster, as planners take it (an architect worked out by
        # hand that 46 replicas of TP 8 x EP 16 x PP 8 fit 48,000 NPUs)
        self.most = QToolButton()
        self.most.setText("Most")
        self.most.setToolTip("DP: the most replicas of these degrees that where it runs holds")
        self.most.setEnabled(room is not None)
        self.most.clicked.connect(self._most_dp)
        row.addWidget(self.most)
        form.addRow("Degrees", row)
        form.addRow("", self.total)
        form.addRow("Groups laid", self.order)
        form.addRow("Micro-batch", self.micro_batch)
        form.addRow("Global batch", self.global_batch)
        form.addRow("ZeRO", self.zero)
        form.addRow("Utilisation (MFU)", self.utilisation)
        form.addRow("Runs on", self.where)
        lay_out(self, form, self.error, accept=self._accept, ok_text="Save" if job else "Add")
        for box in (*self.degrees.values(), self.micro_batch, self.global_batch):
            box.valueChanged.connect(self._show_total)
        self._show_total()

    def _streams(self) -> int:
        """The sequences one micro-batch of every data stream takes: the global batch must
        be a whole number of them (micro-batch x EP x DP)."""
        return batch_streams(
            self.micro_batch.value(), self.degrees["ep"].value(), self.degrees["dp"].value()
        )

    def _show_total(self) -> None:
        d = {name: box.value() for name, box in self.degrees.items()}
        group = d["tp"] * d["cp"] * d["ep"]
        size = group * d["pp"] * d["dp"]
        streams = self._streams()
        batch = self.global_batch.value()
        split = (
            f"{batch // streams:,} micro-batches per data stream"
            if batch % streams == 0
            else f"the global batch must be a multiple of {streams:,} (micro-batch x EP x DP)"
        )
        self.total.setText(
            f"= {size:,} accelerators; a scale-up group (TP x CP x EP) of {group:,}; {split}"
        )

    def fields(self) -> dict[str, Any]:
        """The job's fields as typed (the model as a ``TransformerModel`` once valid)."""
        utilisation = self.utilisation.value() / 100
        return {
            "name": self.name.text().strip(),
            "model": {
                "parameters": round(self.parameters.value() * _BILLION),
                "layers": self.layers.value(),
                "hidden": self.hidden.value(),
                "sequence": self.sequence.value(),
                "precision": self.precision.currentData(),
                "experts": self.experts.value(),
                "top_k": self.top_k.value(),
                "expert_parameters": round(self.expert_parameters.value() * _BILLION),
            },
            **{name: box.value() for name, box in self.degrees.items()},
            "micro_batch": self.micro_batch.value(),
            "global_batch": self.global_batch.value(),
            "zero": self.zero.currentData(),
            "utilisation": utilisation or None,
            "where": list(self.where.currentData()),
            "order": self.order.currentData(),
        }

    def job(self, job_id: str) -> Job:
        """The job as typed with ``job_id``; raises ``ValidationError`` when refused."""
        fields = self.fields()
        fields["model"] = TransformerModel(**fields["model"])
        if self._job is not None and self._job.accelerators is not None:
            fields["accelerators"] = self._job.accelerators
        return Job(id=job_id, **fields)

    def _most_dp(self) -> None:
        """DP set to the most replicas the job's scope holds, or the reason none fits."""
        if self._room is None:
            return
        try:
            job = self.job(self._job.id if self._job else "new")
        except ValidationError as err:
            self._say(_refused(err))
            return
        room = self._room(job)
        if room.replicas:
            self.degrees["dp"].setValue(room.replicas)
            if self.global_batch.value() % self._streams():  # as the command line takes it
                self.global_batch.setValue(self._streams())
            self._say(room.taken(job), error=False)
        else:
            self._say(f"DP: {room.why_none(job)}")

    def _say(self, text: str, error: bool = True) -> None:
        """``text`` under the fields: in red when it keeps the job from being saved."""
        self.error.setStyleSheet(ERROR_STYLE if error else "")
        self.error.setText(text)

    def _accept(self) -> None:
        streams = self._streams()
        if self.global_batch.value() % streams:  # refused here, not as a finding after
            self._say(
                f"Global batch: {plural(self.global_batch.value(), 'sequence')} is not a whole number "
                f"of micro-batches of {self.micro_batch.value():,} for EP x DP = "
                f"{streams // self.micro_batch.value():,} data streams; make it a multiple of "
                f"{streams:,}."
            )
            return
        try:
            self.job(self._job.id if self._job else "new")
        except ValidationError as err:
            self._say(_refused(err))
            return
        self.accept()


def _refused(err: ValidationError) -> str:
    """The first value the job refused, named by its field."""
    first = err.errors(include_url=False)[0]
    where = ".".join(str(p) for p in first["loc"] if p != "model")
    message = first["msg"].removeprefix("Value error, ")
    return f"{where}: {message}" if where else message
