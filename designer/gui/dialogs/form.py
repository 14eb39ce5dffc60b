"""What the designer's form dialogs share: number fields and the OK/Cancel layout."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QLayout,
    QVBoxLayout,
    QWidget,
)


def number_box(
    value: float, low: float, high: float, suffix: str, decimals: int = 1
) -> QDoubleSpinBox:
    """A number field with its unit, its range and thousands separators."""
    box = QDoubleSpinBox()
    box.setRange(low, high)
    box.setDecimals(decimals)
    box.setValue(value)
    box.setSuffix(f" {suffix}")
    box.setGroupSeparatorShown(True)
    return box


def lay_out(
    dialog: QDialog,
    form: QLayout,
    *below: QWidget,
    accept: Callable[[], object] | None = None,
    ok_text: str = "",
) -> QDialogButtonBox:
    """Put ``form`` (a form, or columns of them), then ``below``, then OK and Cancel into
    ``dialog``; returns the buttons.

    OK calls ``accept`` (the dialog's own ``accept`` unless the dialog checks first).
    """
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    if ok_text:
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    buttons.accepted.connect(accept or dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addLayout(form)
    for widget in below:
        layout.addWidget(widget)
    layout.addWidget(buttons)
    return buttons
