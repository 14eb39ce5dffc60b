"""The status bar: what just happened, where the cursor is, the hall's totals and findings."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QStatusBar, QWidget

from designer.core.findings import severity_name
from designer.core.format import number, plural
from designer.core.totals import hall_totals
from designer.drawing import style
from designer.gui.editor import Editor
from designer.gui.panels.findings import counts_text, severity_counts

#: How long a status message stays, in milliseconds.
MESSAGE_MS = 8_000


class StatusBar(QStatusBar):
    """Messages on the left; cursor position, hall totals and finding counts on the right."""

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.position = QLabel("x —  y —")
        self.position.setMinimumWidth(150)
        self.totals = QLabel()
        self.findings = QLabel()
        self.findings.setTextFormat(Qt.TextFormat.RichText)
        for label in (self.position, self.totals, self.findings):
            self.addPermanentWidget(label)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)
        self._timer.timeout.connect(self.refresh_totals)
        #: The message said until the check of the project open ends (``say_before_check``).
        self._awaiting: str | None = None
        editor.message.connect(self.say)
        editor.bridge.changed.connect(lambda _c: self._timer.start())
        editor.hall_changed.connect(self._timer.start)
        editor.findings_changed.connect(self.refresh_findings)
        editor.findings_changed.connect(self._say_checked)
        self.refresh_totals()
        self.refresh_findings()

    def say(self, text: str) -> None:
        self._awaiting = None
        self.showMessage(text, MESSAGE_MS)

    def say_before_check(self, text: str) -> None:
        """Say ``text`` and, when the project open is still being checked, keep it until
        the check ends, then say what the check found. A built campus's "checking it…"
        stayed on after its check had ended. A message said meanwhile is left alone."""
        if self.editor.checked:
            self.say(text)
            return
        self.showMessage(text)
        self._awaiting = text

    def _say_checked(self) -> None:
        """The check awaited has ended: what it found, unless another message was said."""
        if self._awaiting is None or not self.editor.checked:
            return
        if self.currentMessage() == self._awaiting:
            name = self.editor.project.meta.name
            self.say(f"Checked ‘{name}’: {counts_text(self.editor.findings)}.")
        self._awaiting = None

    def show_cursor(self, x_mm: float, y_mm: float) -> None:
        self.position.setText(f"x {x_mm / 1000:,.2f} m   y {y_mm / 1000:,.2f} m")

    def refresh_totals(self) -> None:
        editor = self.editor
        hall_id = editor.hall_id
        if hall_id is None or hall_id not in editor.project.halls:
            self.totals.setText("No hall")
            return
        hall = editor.project.halls[hall_id]
        t = hall_totals(editor.project, hall_id, editor.doc.rack_types)
        accelerators = (
            f" · {plural(t.accelerator_count, 'accelerator')}" if t.accelerator_count else ""
        )
        self.totals.setText(
            f"{hall.name}: {plural(t.racks, 'rack')}{accelerators} · {number(t.it_max_kw, 0)} of "
            f"{number(hall.power_capacity_kw, 0)} kW · {number(t.weight_kg / 1000, 1)} t"
        )

    def refresh_findings(self) -> None:
        editor = self.editor
        if not editor.checked:
            self.findings.setText("<span style='color:#5f6b76'>not checked</span>")
            return
        counts = {severity_name(s): n for s, n in severity_counts(editor.findings).items()}
        self.findings.setText(
            f"<span style='color:{style.SEVERITY_COLOUR['error'].name()}'>✖ {counts['error']}</span> &nbsp;"
            f"<span style='color:{style.SEVERITY_COLOUR['warning'].name()}'>▲ {counts['warning']}</span> &nbsp;"
            f"<span style='color:{style.SEVERITY_COLOUR['info'].name()}'>ℹ {counts['info']}</span>"
        )
