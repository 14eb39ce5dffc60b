"""File ▸ New: the first hall's size, floor rating, power and cooling capacity.

``new_document(spec)`` (in the core, which the CLI shares) builds the project through the
core operations and hands back a document with an empty history, so Undo cannot take the
hall away again.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from designer.core.document.new_project import NewProjectSpec, new_document
from designer.gui.dialogs.form import lay_out, number_box

__all__ = ["NewProjectDialog", "NewProjectSpec", "new_document"]


class NewProjectDialog(QDialog):
    """Asks for the first hall of a new project."""

    def __init__(
        self,
        parent: QWidget | None = None,
        spec: NewProjectSpec | None = None,
        hall_only: bool = False,
    ) -> None:
        super().__init__(parent)
        spec = spec or NewProjectSpec()
        self.setWindowTitle("Add a hall" if hall_only else "New project")
        self.name = QLineEdit(spec.name)
        self.hall_name = QLineEdit(spec.hall_name)
        self.width = number_box(spec.width_m, 1.2, 5_000, "m", 2)
        self.depth = number_box(spec.depth_m, 1.2, 5_000, "m", 2)
        self.floor_type = QComboBox()
        self.floor_type.addItem("Slab", "slab")
        self.floor_type.addItem("Raised floor", "raised")
        self.floor_type.setCurrentIndex(0 if spec.floor_type == "slab" else 1)
        self.floor_rating = number_box(spec.floor_rating_kpa, 1, 1_000, "kPa")
        self.tile_rating = number_box(spec.tile_rating_kg or 0, 0, 100_000, "kg", 0)
        self.tile_rating.setSpecialValueText("not rated")
        self.power = number_box(spec.power_capacity_kw, 0, 10_000_000, "kW", 0)
        self.cooling = number_box(spec.cooling_capacity_kw, 0, 10_000_000, "kW", 0)
        form = QFormLayout()
        if not hall_only:
            form.addRow("Project name", self.name)
        form.addRow("Hall name", self.hall_name)
        form.addRow("Hall width", self.width)
        form.addRow("Hall depth", self.depth)
        form.addRow("Floor", self.floor_type)
        form.addRow("Floor rating", self.floor_rating)
        form.addRow("Raised-floor tile rating", self.tile_rating)
        form.addRow("Power capacity", self.power)
        form.addRow("Cooling capacity", self.cooling)
        note = QLabel(
            "The hall starts as a rectangle; redraw its outline with Tools ▸ Hall outline."
        )
        note.setWordWrap(True)
        note.setStyleSheet("color: #5f6b76;")
        lay_out(self, form, note)

    def spec(self) -> NewProjectSpec:
        return NewProjectSpec(
            name=self.name.text(),
            hall_name=self.hall_name.text(),
            width_m=self.width.value(),
            depth_m=self.depth.value(),
            floor_type=self.floor_type.currentData(),
            floor_rating_kpa=self.floor_rating.value(),
            tile_rating_kg=self.tile_rating.value() or None,
            power_capacity_kw=self.power.value(),
            cooling_capacity_kw=self.cooling.value(),
        )
