"""Insert ▸ Pod: which pod preset to drop into the hall on screen, and what it brings.

Each preset is described before it is inserted: what ``outline`` says it builds (racks,
network racks, power) and the floor it takes, with where it will go (centred at the
cursor, or on the hall's first free floor).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.core.document.document import Document
from designer.core.generate import PRESETS, ClusterRequest, outline
from designer.core.generate.pod import POD_PRESETS, pod_size
from designer.gui.dialogs.form import lay_out

GREY = "color: #5f6b76;"


class InsertPodDialog(QDialog):
    """Asks for a pod preset; ``preset()`` is the one chosen."""

    def __init__(
        self,
        doc: Document,
        where: str,
        pue: float,
        parent: QWidget | None = None,
        chosen: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Insert pod")
        self.doc = doc
        self.pue = pue  # the site it goes into: its facility power is at that site's PUE
        self.presets = QListWidget()
        self.presets.setObjectName("podPresets")
        for name in POD_PRESETS:
            item = QListWidgetItem(f"{PRESETS[name].title} ({name})")
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.presets.addItem(item)
        rows = self.presets.count()  # every preset in view, none scrolled away
        self.presets.setSpacing(2)
        self.presets.setFixedHeight(
            (self.presets.sizeHintForRow(0) + 4) * rows + 2 * self.presets.frameWidth() + 4
        )
        self.details = QLabel()
        self.details.setObjectName("podDetails")
        self.details.setWordWrap(True)
        self.where = QLabel(where)
        self.where.setWordWrap(True)
        self.where.setStyleSheet(GREY)
        self.presets.currentRowChanged.connect(self._describe)
        index = POD_PRESETS.index(chosen) if chosen in POD_PRESETS else 0
        self.presets.setCurrentRow(index)
        self.presets.itemDoubleClicked.connect(lambda _item: self.accept())
        column = QVBoxLayout()
        for title, widget in (("Pod", self.presets), ("What it brings", self.details)):
            group = QGroupBox(title)
            QVBoxLayout(group).addWidget(widget)
            column.addWidget(group)
        lay_out(self, column, self.where, ok_text="Insert")
        self.setMinimumWidth(460)

    def preset(self) -> str:
        return self.presets.currentItem().data(Qt.ItemDataRole.UserRole)

    def _describe(self) -> None:
        name = self.preset()
        # what it builds, less its title (listed above) and its site and hall (the one shown)
        lines = outline(ClusterRequest(name), self.doc.catalog).lines(self.pue)[1:]
        width, depth = pod_size(self.doc, name)
        shown = [line for line in lines if not line.startswith("Sites:")]
        self.details.setText("\n".join([*shown, f"Floor: {width / 1000:g} x {depth / 1000:g} m"]))
