"""File ▸ Export: what to write (the PDF set, a picture of one hall, a schedule, a hall for
CAD, NetBox's import files), on what paper, and where.

The choice becomes an ``ExportSpec``, the arguments of ``designer.report.export.export``:
the file's suffix names the format, so the dialog keeps the suffix in step with the choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QWidget,
)

from designer.core.naming import file_stem
from designer.gui.dialogs.form import lay_out
from designer.report.paper import PAPER_MM

#: What can be exported: (what the menu says, file suffix, CSV table or "").
KINDS = {
    "pdf": ("PDF drawing set (every sheet)", ".pdf", ""),
    "png": ("PNG picture of one hall's plan", ".png", ""),
    "svg": ("SVG drawing of one hall's plan", ".svg", ""),
    "links": ("CSV cable schedule", ".csv", "links"),
    "cables": ("CSV cable list (a row a cable, with its ports and label)", ".csv", "cables"),
    "bom": ("CSV bill of materials", ".csv", "bom"),
    "racks": ("CSV rack sheet (File ▸ Import Racks… reads it)", ".csv", "racks"),
    "dxf": ("DXF drawing of one hall, for CAD", ".dxf", ""),
    "netbox": ("NetBox bulk-import files (CSVs in a zip)", ".zip", "netbox"),
}


@dataclass(frozen=True)
class ExportSpec:
    """One export: the file (its suffix names the format), the paper, the hall drawn (PNG,
    SVG and DXF), and the table written (CSV: "links", "cables", "bom" or "racks"; "netbox"
    a zip)."""

    path: Path
    paper: str = "A3"
    hall_id: str | None = None
    table: str = "links"
    #: A PDF set: halls drawn too coarse to name racks followed by their parts at 1:100 or 1:50.
    enlarged: bool = False


def suggested_name(stem: str, kind: str, hall: str = "") -> str:
    """A file name for ``kind`` from the project's file stem (and the hall's, for pictures)."""
    _, suffix, _ = KINDS[kind]
    tail = {
        "png": f"-{hall}",
        "svg": f"-{hall}",
        "dxf": f"-{hall}",
        "links": "-cable-schedule",
        "cables": "-cables",
        "bom": "-bom",
        "racks": "-racks",
        "netbox": "-netbox",
    }
    return f"{stem}{tail.get(kind, '')}{suffix}"


class ExportDialog(QDialog):
    """Asks what to export, on which paper, and where to write it.

    ``last`` is the export chosen before in this session: the dialog starts on its kind,
    paper and folder, so a second export (or one again after a wrong folder) asks for
    nothing twice. A folder that does not exist is refused here, with the dialog open.
    """

    def __init__(
        self,
        folder: Path,
        stem: str,
        halls: dict[str, str],
        hall_id: str | None,
        parent: QWidget | None = None,
        last: ExportSpec | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export")
        self._stem = stem
        self._halls = halls
        self._browsed: Path | None = None
        self.kind = QComboBox()
        for key, (text, _, _) in KINDS.items():
            self.kind.addItem(text, key)
        self.paper = QComboBox()
        self.paper.addItems(list(PAPER_MM))
        self.paper.setCurrentText(last.paper if last else "A3")
        self.hall = QComboBox()
        for key, name in halls.items():
            self.hall.addItem(name, key)
        self.hall.setCurrentIndex(max(0, self.hall.findData(hall_id)))
        self.enlarged = QCheckBox(
            "Add parts at 1:100 or 1:50 where a hall is too large to name its racks"
        )
        self.enlarged.setChecked(last.enlarged if last else False)
        self.file = QLineEdit(str(folder / suggested_name(stem, "pdf")))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        where = QHBoxLayout()
        where.addWidget(self.file, 1)
        where.addWidget(browse)
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #c62828;")
        self.problem.hide()
        self.form = form = QFormLayout()
        form.addRow("Export", self.kind)
        form.addRow("Paper", self.paper)
        form.addRow("Hall", self.hall)
        form.addRow("Racks", self.enlarged)
        form.addRow("File", where)
        lay_out(self, form, self.problem, accept=self._accept, ok_text="Export")
        self.setMinimumWidth(520)
        if last is not None:
            self.kind.setCurrentIndex(max(0, self.kind.findData(_kind_of(last))))
            if last.path.parent.is_dir():
                self.file.setText(str(last.path.parent / Path(self.file.text()).name))
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.hall.currentIndexChanged.connect(self._kind_changed)
        self._kind_changed()

    def _kind_changed(self) -> None:
        kind = self.kind.currentData()
        # a choice that does not apply is not shown at all (greyed out, it read as a choice)
        self.form.setRowVisible(self.paper, kind in ("pdf", "png", "svg"))
        self.form.setRowVisible(self.hall, kind in ("png", "svg", "dxf"))
        self.form.setRowVisible(self.enlarged, kind == "pdf")
        current = Path(self.file.text().strip() or suggested_name(self._stem, kind))
        hall = self._halls.get(self.hall.currentData() or "", "")
        name = suggested_name(self._stem, kind, file_stem(hall, "hall"))
        self.file.setText(str(current.with_name(name)))

    def _browse(self) -> None:
        _, suffix, _ = KINDS[self.kind.currentData()]
        path, _ = QFileDialog.getSaveFileName(
            self, "Export to", self.file.text(), f"{suffix[1:].upper()} files (*{suffix})"
        )
        if path:
            self.file.setText(path)
            spec = self.spec()  # the file dialog asked about replacing it (its suffix added)
            self._browsed = spec.path if spec else None

    def _accept(self) -> None:
        spec = self.spec()
        typed = Path(self.file.text().strip()).expanduser()
        if spec is None:
            self._refuse("Name the file to write.")
        elif typed.is_dir():  # not the folder's name with the suffix, beside it (a trial)
            name = suggested_name(self._stem, self.kind.currentData())
            self._refuse(f"{typed} is a folder; give a file's name in it, such as {typed / name}.")
        elif not spec.path.parent.is_dir():
            self._refuse(f"The folder {spec.path.parent} does not exist. Choose one that does.")
        elif spec.path.exists() and spec.path != self._browsed and not self._may_replace(spec.path):
            self._refuse(f"{spec.path.name} is kept; give another name to export.")
        else:
            self.accept()

    def _may_replace(self, path: Path) -> bool:
        """Ask before writing over a file typed in (Browse… asks by itself)."""
        answer = QMessageBox.question(
            self,
            "Replace file",
            f"{path.name} already exists in {path.parent}. Replace it?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _refuse(self, message: str) -> None:
        self.problem.setText(message)
        self.problem.show()

    def spec(self) -> ExportSpec | None:
        """The export asked for, the file's suffix made to match; None without a file name."""
        text = self.file.text().strip()
        if not text or text.endswith(("/", "\\")):
            return None
        kind = self.kind.currentData()
        _, suffix, table = KINDS[kind]
        path = Path(text).expanduser()
        if path.suffix.lower() != suffix:
            path = path.with_name(path.name + suffix)
        hall = self.hall.currentData() if kind in ("png", "svg", "dxf") else None
        enlarged = kind == "pdf" and self.enlarged.isChecked()
        return ExportSpec(path, self.paper.currentText(), hall, table or "links", enlarged)


def _kind_of(spec: ExportSpec) -> str:
    """The menu entry ``spec`` was made from."""
    suffix = spec.path.suffix.lower()
    if suffix == ".csv":
        return spec.table
    if suffix == ".zip":
        return "netbox"
    return suffix.removeprefix(".")
