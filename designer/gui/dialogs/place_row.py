"""Edit ▸ Place row: N racks of one type side by side, from a corner, in one undo step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
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
from designer.gui.dialogs.form import lay_out, select_all_when_clicked


@dataclass(frozen=True)
class RowExtension:
    """The selected row, offered to be carried on: what it is called in the dialog, and
    where racks of a type go after its far end with a gap (``row_extension`` of the core)."""

    text: str
    place: Callable[[str, int], tuple[int, int, Rotation]]


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
    offered again (the type, prefix and place follow the current choice). ``extend`` is
    the selected row: "Extend the selected row" is then ticked, and the row's end gives the
    first corner and the facing, which follow the type and gap chosen.
    """

    def __init__(
        self,
        rack_types: dict[str, RackType],
        type_id: str,
        prefix: str,
        at: tuple[int, int],
        parent: QWidget | None = None,
        last: RowSpec | None = None,
        extend: RowExtension | None = None,
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
        for box in (self.count, self.gap, self.x, self.y):
            select_all_when_clicked(box)
        self.extend = QCheckBox(f"Extend the selected row ({extend.text})" if extend else "")
        self._extension = extend
        form = QFormLayout()
        if extend is not None:
            self.extend.setChecked(True)
            self.extend.setToolTip(
                "Carry the row on from its far end, facing its way with the fronts on its "
                "line; untick to start a new row where you say."
            )
            form.addRow(self.extend)
            for signal in (
                self.extend.toggled,
                self.kind.currentIndexChanged,
                self.gap.valueChanged,
            ):
                signal.connect(self._follow_row)
            self._follow_row()
        form.addRow("Rack type", self.kind)
        form.addRow("Number of racks", self.count)
        form.addRow("Fronts face", self.facing)
        form.addRow("Gap between racks", self.gap)
        form.addRow("Label prefix", self.prefix)
        form.addRow("First rack at x", self.x)
        form.addRow("First rack at y", self.y)
        lay_out(self, form)

    def _follow_row(self) -> None:
        """While extending, the first corner and the facing are the row's end's."""
        on = self._extension is not None and self.extend.isChecked()
        for field in (self.x, self.y, self.facing):
            field.setEnabled(not on)
        if on and self._extension is not None:
            x, y, rotation = self._extension.place(self.kind.currentData(), self.gap.value())
            self.x.setValue(x / 1000)
            self.y.setValue(y / 1000)
            self.facing.setCurrentIndex(self.facing.findData(rotation))

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
