"""Insert ▸ Pod: which pod preset to drop into the hall on screen, and what it brings.

Each preset is described before it is inserted: what ``outline`` says it builds (racks,
network racks, power) and the floor it takes, with where it will go (centred at the
cursor, or on the hall's first free floor), whether it fits there (Insert is offered only
where it does) and what the hall then draws against its power. Where its ports make the
site's fabric outgrow the switch slots its network racks hold, it says so, and the racks,
power and floor it states count the network racks the pod brings for it (``pod_fabric``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.core.document.document import Document
from designer.core.format import number
from designer.core.generate import PRESETS, ClusterRequest, outline
from designer.core.generate.pod import POD_PRESETS, PodError, pod_fabric, pod_origin, pod_size
from designer.core.totals import totals_by_hall
from designer.gui.dialogs.form import lay_out

GREY = "color: #5f6b76;"
ALERT = "color: #c62828;"
OK = QDialogButtonBox.StandardButton.Ok


@dataclass(frozen=True)
class PodTarget:
    """Where Insert ▸ Pod puts the pod: the hall on screen, and the point under the cursor
    (None: the hall's first free floor)."""

    hall_id: str
    at: tuple[int, int] | None = None


class InsertPodDialog(QDialog):
    """Asks for a pod preset; ``preset()`` is the one chosen."""

    def __init__(
        self,
        doc: Document,
        where: str,
        pue: float,
        parent: QWidget | None = None,
        chosen: str = "",
        target: PodTarget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Insert pod")
        self.doc = doc
        self.pue = pue  # the site it goes into: its facility power is at that site's PUE
        #: the hall and point it goes to, to say before inserting whether it fits there
        self.target = target
        self.buttons: QDialogButtonBox | None = None
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
        self.fit = QLabel()
        self.fit.setObjectName("podFit")
        self.fit.setWordWrap(True)
        self.presets.currentRowChanged.connect(self._describe)
        self.presets.itemDoubleClicked.connect(lambda _item: self._insert())
        column = QVBoxLayout()
        for title, widget in (("Pod", self.presets), ("What it brings", self.details)):
            group = QGroupBox(title)
            QVBoxLayout(group).addWidget(widget)
            column.addWidget(group)
        self.buttons = lay_out(self, column, self.where, self.fit, ok_text="Insert")
        index = POD_PRESETS.index(chosen) if chosen in POD_PRESETS else 0
        self.presets.setCurrentRow(index)
        self.setMinimumWidth(460)

    def _insert(self) -> None:
        """Accept, unless the pod chosen does not fit where it would go."""
        if self.buttons is None or self.buttons.button(OK).isEnabled():
            self.accept()

    def preset(self) -> str:
        return self.presets.currentItem().data(Qt.ItemDataRole.UserRole)

    def _describe(self) -> None:
        name = self.preset()
        hall = self.target.hall_id if self.target is not None else ""
        grown = pod_fabric(self.doc, hall, name)
        more = grown.racks if grown is not None else 0
        # what it builds, less its title (listed above) and its site and hall (the one shown)
        lines = outline(ClusterRequest(name), self.doc.catalog).lines(self.pue, True, more)[1:]
        width, depth = pod_size(self.doc, name, hall)
        shown = [line for line in lines if not line.startswith("Sites:")]
        shown.append(f"Floor: {width / 1000:g} x {depth / 1000:g} m")
        if grown is not None:
            shown.append(grown.line())
        self.details.setText("\n".join(shown))
        self._say_fit(name, more)

    def _say_fit(self, name: str, more_network: int) -> None:
        """Whether the pod fits where it would go, and what the hall then draws (with the
        ``more_network`` racks it brings for its site's grown fabric): a trial's fourth pod
        was offered as going "on the first free floor" of a full hall, refused only after
        Insert, and its second and third took the hall past its power unsaid."""
        if self.target is None or self.buttons is None:
            self.fit.hide()
            return
        hall = self.doc.project.halls[self.target.hall_id]
        try:
            x, y = pod_origin(self.doc, hall.id, name, self.target.at)
        except PodError as err:
            self.fit.setText(f"It does not fit: {err}")
            self.fit.setStyleSheet(ALERT)
            self.fit.show()
            self.buttons.button(OK).setEnabled(False)
            return
        self.buttons.button(OK).setEnabled(True)
        pod_kw = outline(ClusterRequest(name), self.doc.catalog).full_racks_it_kw(more_network)
        drawn = totals_by_hall(self.doc.project, self.doc.rack_types)[hall.id].it_max_kw
        after, capacity = drawn + pod_kw, hall.power_capacity_kw
        text = (
            f"It fits, from x {x / 1000:g} m, y {y / 1000:g} m. {hall.name} then draws up to "
            f"{number(after, 0)} kW of its {number(capacity, 0)} kW"
        )
        if capacity:
            text += f" ({after / capacity:.0%})"
        over = after > capacity
        self.fit.setText(text + (": more than it has, see Findings after." if over else "."))
        self.fit.setStyleSheet(ALERT if over else GREY)
        self.fit.show()
