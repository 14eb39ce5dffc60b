"""What the designer's form dialogs share: number fields and the OK/Cancel layout."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QLayout,
    QVBoxLayout,
    QWidget,
)


class _SelectOnClick(QObject):
    """Selects a number field's whole text when a click gives it the focus."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.FocusIn
            and isinstance(event, QFocusEvent)
            and event.reason() == Qt.FocusReason.MouseFocusReason
            and isinstance(watched, QAbstractSpinBox)
        ):
            # after the click's own press, which would put the cursor where it landed
            QTimer.singleShot(0, watched.selectAll)
        return False


def select_all_when_clicked(box: QAbstractSpinBox) -> None:
    """Make a click into ``box`` select its number, so what is typed replaces it (a
    newcomer clicked into "First rack at x", typed 2.4 and the field kept 1.20 m: the
    digits went in beside the old ones and were refused). Tab already selects it."""
    box.installEventFilter(_SelectOnClick(box))  # the box takes the focus, not its text


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
    select_all_when_clicked(box)
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
