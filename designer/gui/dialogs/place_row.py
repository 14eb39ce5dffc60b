"""Edit ▸ Place row: N racks of one type side by side, from a corner, in one undo step."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from designer.core.model.base import Rotation
from designer.core.model.equipment import RackType
from designer.core.naming import FACINGS
from designer.gui.dialogs.form import lay_out


@dataclass(frozen=True)
class RowSpec:
    """A row: type, count, facing, gap (mm), label prefix and first corner (mm)."""

    type_id: str
    count: int
    rotation: Rotation
    gap_mm: int
    label_prefix: str
    x: int
    y: int


class PlaceRowDialog(QDialog):
    """Asks how many racks of which type, facing which way, and where the row starts.

    ``last`` is the row placed before in this session: its count, facing and gap are
    offered again (the type, prefix and place follow the current choice).
    """

    def __init__(
        self,
        rack_types: dict[str, RackType],
        type_id: str,
        prefix: str,
        at: tuple[int, int],
        parent: QWidget | None = None,
        last: RowSpec | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Place a row of racks")
        self.kind = QComboBox()
        for kind in rack_types.values():
            self.kind.addItem(kind.name, kind.id)
        self.kind.setCurrentIndex(max(0, self.kind.findData(type_id)))
        self.count = QSpinBox()
        self.count.setRange(1, 500)
        self.count.setValue(last.count if last else 8)
        self.facing = QComboBox()
        for value, text in FACINGS:
            self.facing.addItem(text, value)
        self.facing.setCurrentIndex(self.facing.findData(last.rotation) if last else 2)
        self.gap = QSpinBox()
        self.gap.setRange(0, 5_000)
        self.gap.setSingleStep(100)
        self.gap.setSuffix(" mm")
        self.gap.setValue(last.gap_mm if last else 0)
        self.prefix = QLineEdit(prefix)
        self.x = QDoubleSpinBox()
        self.y = QDoubleSpinBox()
        for box, value in ((self.x, at[0]), (self.y, at[1])):
            box.setRange(-100_000, 100_000)
            box.setDecimals(2)
            box.setSuffix(" m")
            box.setValue(value / 1000)
        form = QFormLayout()
        form.addRow("Rack type", self.kind)
        form.addRow("Number of racks", self.count)
        form.addRow("Fronts face", self.facing)
        form.addRow("Gap between racks", self.gap)
        form.addRow("Label prefix", self.prefix)
        form.addRow("First rack at x", self.x)
        form.addRow("First rack at y", self.y)
        lay_out(self, form)

    def spec(self) -> RowSpec:
        return RowSpec(
            type_id=self.kind.currentData(),
            count=self.count.value(),
            rotation=self.facing.currentData(),
            gap_mm=self.gap.value(),
            label_prefix=self.prefix.text(),
            x=round(self.x.value() * 1000),
            y=round(self.y.value() * 1000),
        )
