"""Insert ▸ Pod: which pod preset to drop into the hall on screen, and what it brings.

Each preset is described before it is inserted: what ``outline`` says it builds (racks,
network racks, power) and the floor it takes, with where it will go (centred at the
cursor, or on the hall's first free floor), whether it fits there (Insert is offered only
where it does) and what the hall then draws against its power. Where its ports make the
site's fabric outgrow the switch slots its network racks hold, it says so, and the racks,
power and floor it states count the network racks the pod brings for it (``pod_fabric``).

Its scale-out Fabric is asked as File ▸ New Cluster asks it (``fabric.offer_fabrics``): by
default the fabric of the switches that stand on the hall's site, which the pod joins, or
the preset's where the site has none yet (or both). The other fabric is offered too: the
core gives a pod whose switches the site's network racks do not hold a fabric of its own,
beside the site's (an Ethernet GB300 SU beside an InfiniBand one checks clean), and the
dialog says so before Insert; a fabric no switch of the catalog takes the pod's NICs on is refused in New
Cluster's words (``refusal``), Insert disabled. What it brings, the floor it takes and
whether that fits all follow the fabric chosen (a GB300 SU on Ethernet stands on its
Spectrum-X racks and SN5600 switches).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.core.document.document import Document
from designer.core.format import number
from designer.core.generate import PRESETS, ClusterRequest, GenerateError, Outline, outline
from designer.core.generate.pod import (
    POD_PRESETS,
    PodError,
    pod_fabric,
    pod_origin,
    pod_size,
    site_switches,
)
from designer.core.generate.presets import Fabric
from designer.core.totals import totals_by_hall
from designer.gui.dialogs.fabric import FABRICS, offer_fabrics
from designer.gui.dialogs.form import lay_out
from designer.gui.dialogs.new_cluster import refusal

GREY = "color: #5f6b76;"
ALERT = "color: #c62828;"
OK = QDialogButtonBox.StandardButton.Ok


@dataclass(frozen=True)
class PodTarget:
    """Where Insert ▸ Pod puts the pod: the hall on screen, and the point under the cursor
    (None: the hall's first free floor)."""

    hall_id: str
    at: tuple[int, int] | None = None


@dataclass(frozen=True)
class PodChoice:
    """What Insert ▸ Pod inserts: a pod preset on ``fabric`` (None: the preset's)."""

    preset: str
    fabric: Fabric | None = None


class InsertPodDialog(QDialog):
    """Asks for a pod preset and its fabric; ``choice()`` is the pod chosen."""

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
        #: the switches of the site's fabric, and its fabric where they are all of one
        self.site = site_switches(doc, target.hall_id if target is not None else "")
        protocols = {switch.protocol for switch in self.site.values()}
        self.site_fabric: Fabric | None = protocols.pop() if len(protocols) == 1 else None
        self.fabric = QComboBox()
        self.fabric.setObjectName("podFabric")
        self.fabric.setToolTip("generate --fabric")
        self.fabric_note = QLabel()
        self.fabric_note.setObjectName("podFabricNote")
        self.fabric_note.setWordWrap(True)
        self.fabric_note.setStyleSheet(GREY)
        # as long as its longest, so the dialog keeps its height from preset to preset
        self.fabric_note.setMinimumHeight(self.fabric_note.fontMetrics().lineSpacing() * 3)
        self.fabric_note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.presets.currentRowChanged.connect(self._preset_changed)
        self.presets.itemDoubleClicked.connect(lambda _item: self._insert())
        self.fabric.currentIndexChanged.connect(self._describe)
        pod = QGroupBox("Pod")
        pod_layout = QVBoxLayout(pod)
        pod_layout.addWidget(self.presets)
        form = QFormLayout()
        form.addRow("Fabric", self.fabric)
        pod_layout.addLayout(form)
        pod_layout.addWidget(self.fabric_note)
        self.fabric_label = form.labelForField(self.fabric)
        brings = QGroupBox("What it brings")
        QVBoxLayout(brings).addWidget(self.details)
        column = QVBoxLayout()
        column.addWidget(pod)
        column.addWidget(brings)
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

    def chosen_fabric(self) -> Fabric:
        """The fabric chosen: the one named, else the site's, else the preset's."""
        return self.fabric.currentData() or self.site_fabric or PRESETS[self.preset()].fabric

    def choice(self) -> PodChoice:
        return PodChoice(self.preset(), self.chosen_fabric())

    def _preset_changed(self) -> None:
        """Offer the fabrics for the preset chosen (a fabric named stays named), then
        describe it."""
        whose = "Site's" if self.site_fabric is not None else "Preset's"
        default = self.site_fabric or PRESETS[self.preset()].fabric
        offer_fabrics(self.fabric, whose, default, self.fabric.currentData())
        self._describe()

    def _describe(self) -> None:
        name, fabric = self.preset(), self.chosen_fabric()
        hall = self.target.hall_id if self.target is not None else ""
        try:
            plan = outline(ClusterRequest(name, fabric=fabric), self.doc.catalog)
        except GenerateError as err:  # no switch of the catalog takes its NICs on it
            self._refuse(refusal(err, PRESETS[name]))
            return
        if self.fabric_label is not None:
            self.fabric_label.setStyleSheet("")
        self.details.setStyleSheet("")
        grown = pod_fabric(self.doc, hall, name, fabric)
        more = grown.racks if grown is not None else 0
        # what it builds, less its title (listed above) and its site and hall (the one shown)
        lines = plan.lines(self.pue, True, more)[1:]
        width, depth = pod_size(self.doc, name, hall, fabric)
        shown = [line for line in lines if not line.startswith("Sites:")]
        shown.append(f"Floor: {width / 1000:g} x {depth / 1000:g} m")
        if grown is not None:
            shown.append(grown.line())
        self.details.setText("\n".join(shown))
        self.fabric_note.setText(self._joins(plan, fabric))
        if self.buttons is not None:
            self.buttons.button(OK).setEnabled(True)  # unless it does not fit (_say_fit)
        self._say_fit(name, fabric, plan, more)

    def _refuse(self, why: str) -> None:
        """Say why the pod cannot be built on the fabric chosen, as New Cluster says it,
        and offer no Insert."""
        self.details.setText(why)
        self.details.setStyleSheet(ALERT)
        if self.fabric_label is not None:
            self.fabric_label.setStyleSheet(ALERT)
        self.fabric_note.setText("")
        self.fit.hide()
        if self.buttons is not None:
            self.buttons.button(OK).setEnabled(False)

    def _joins(self, plan: Outline, fabric: Fabric) -> str:
        """Whether the pod on ``fabric`` (as ``plan`` outlines it) starts the site's
        fabric, joins it, or builds its own beside it: pods on other switches share no
        scale-out link with the site's."""
        fit = plan.network.switches
        assert fit is not None  # outline chose the rack for its switches
        ours = f"{plan.switch_name} switches ({FABRICS[fabric]})"
        if not self.site:
            return f"The site has no scale-out fabric yet: the pod's {ours} start it."
        if fit.switch_id in self.site:
            return f"It joins the site's fabric of {ours}."
        theirs = " and ".join(
            sorted(f"{s.name} switches ({FABRICS[s.protocol]})" for s in self.site.values())
        )
        fabrics = "fabrics are" if len(self.site) > 1 else "fabric is"
        return (
            f"The site's {fabrics} of {theirs}: the pod builds its own of {ours}, and no "
            "scale-out link joins them."
        )

    def _say_fit(self, name: str, fabric: Fabric, plan: Outline, more_network: int) -> None:
        """Whether the pod ``plan`` outlines (``name`` on ``fabric``) fits where it would go,
        and what the hall then draws (with the ``more_network`` racks it brings for its
        site's grown fabric): a trial's fourth pod was offered as going "on the first free
        floor" of a full hall, refused only after Insert, and its second and third took the
        hall past its power unsaid."""
        if self.target is None or self.buttons is None:
            self.fit.hide()
            return
        hall = self.doc.project.halls[self.target.hall_id]
        try:
            x, y = pod_origin(self.doc, hall.id, name, self.target.at, fabric)
        except PodError as err:
            self.fit.setText(f"It does not fit: {err}")
            self.fit.setStyleSheet(ALERT)
            self.fit.show()
            self.buttons.button(OK).setEnabled(False)
            return
        pod_kw = plan.full_racks_it_kw(more_network)
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
