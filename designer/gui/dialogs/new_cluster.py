"""File ▸ New Cluster: a whole cluster from a preset and a few options, as ``generate`` does.

Every option left blank takes the preset's default, which the field shows greyed. While the
user types, the dialog says what the request builds (``Outline.lines()``, as the command
prints it) or, for a request that cannot be built, the ``GenerateError`` naming the option,
with that option's label marked and OK disabled: nothing is built that the dialog did not
show first. A refusal names the dialog's fields as their labels do ("choose Fabric:
InfiniBand"), never the command line's options (``refusal``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from designer.core.catalog import Catalog
from designer.core.generate import PRESETS, ClusterRequest, GenerateError, Outline, outline
from designer.core.generate.cluster import Mention, default_per_row, oversubscription_of
from designer.core.generate.presets import Preset
from designer.gui.dialogs.fabric import FABRICS, offer_fabrics
from designer.gui.dialogs.form import lay_out

GREY = "color: #5f6b76;"
RED = "color: #b3261e; font-weight: 600;"
#: A field's label marked: red only, as bold widened the label column and moved the
#: group's fields (a trial).
RED_LABEL = "color: #b3261e;"

T = TypeVar("T", int, float)
#: The outline's five lines, or an error's message, without the dialog changing height:
#: one more for a line that wraps (a campus's racks line ran under the note below; a trial).
SUMMARY_LINES = 7


def field_labels(preset: Preset) -> dict[str, str]:
    """The label of each option's field, by the name ``GenerateError.option`` gives it, for
    ``preset`` (which counts systems or racks)."""
    noun = "Systems" if preset.is_system else "Racks"
    return {
        "preset": "Preset",
        "systems": noun,
        "accelerators": "or accelerators",
        "per-row": f"{noun} per row pair",
        "sites": "Sites",
        "site-power": "Power per site, MW",
        "site-km": "Fibre between sites, km",
        "halls-per-site": "Halls per site",
        "fabric": "Fabric",
        "oversubscription": "Oversubscription",
    }


def refusal(err: GenerateError, preset: Preset) -> str:
    """``err`` as the dialog says it: its field's label, then what is wrong, each option it
    names besides worded as the dialog shows it ("choose Fabric: InfiniBand", not the command
    line's "--fabric infiniband"; a trial)."""
    labels = field_labels(preset)

    def named(mention: Mention) -> str:
        shown = FABRICS if mention.option == "fabric" else {}
        values = " or ".join(shown.get(v, v) for v in mention.values)
        # in a sentence, the accelerators' "or accelerators" (under Systems) without its "or"
        label = labels.get(mention.option, mention.option).removeprefix("or ")
        if mention.bare:
            return values
        return f"{label}: {values}" if values else label

    return f"{labels.get(err.option, err.option)}: {err.worded(named)}"


def _number(text: str, option: str, kind: Callable[[str], T]) -> T | None:
    """The number typed (thousands separators allowed), None when blank; ``GenerateError``
    naming ``option`` when it is not a number of ``kind`` (int or float)."""
    typed = text.strip().replace(",", "").replace("_", "").replace(" ", "")
    if not typed:
        return None
    try:
        return kind(typed)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise GenerateError(option, f"{text.strip()!r} is not {what}") from None


class NewClusterDialog(QDialog):
    """Asks for a preset and its options; ``request()`` is what OK builds."""

    def __init__(
        self,
        catalog: Catalog,
        parent: QWidget | None = None,
        start: ClusterRequest | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New cluster")
        self.catalog = catalog
        self.preset = QComboBox()
        for name, preset in PRESETS.items():
            self.preset.addItem(f"{preset.title} ({name})", name)
        self.systems = QLineEdit()
        self.accelerators = QLineEdit()
        self.per_row = QLineEdit()
        self.sites = QLineEdit()
        self.site_power = QLineEdit()
        self.site_km = QLineEdit()
        self.halls = QLineEdit()
        self.fabric = QComboBox()
        self.oversubscription = QLineEdit()
        #: Each option's field, by the name ``GenerateError.option`` gives it.
        self.fields: dict[str, QWidget] = {
            "preset": self.preset,
            "systems": self.systems,
            "accelerators": self.accelerators,
            "per-row": self.per_row,
            "sites": self.sites,
            "site-power": self.site_power,
            "site-km": self.site_km,
            "halls-per-site": self.halls,
            "fabric": self.fabric,
            "oversubscription": self.oversubscription,
        }
        for option, field in self.fields.items():
            field.setToolTip(f"generate --{option}" if option != "preset" else "generate PRESET")
        build = self._group("Cluster", ["preset", "systems", "accelerators", "per-row"])
        sites = self._group("Sites", ["sites", "site-power", "site-km", "halls-per-site"])
        network = self._group("Scale-out network", ["fabric", "oversubscription"])
        self.outline_text = QLabel()
        self.outline_text.setObjectName("clusterOutline")
        self.outline_text.setWordWrap(True)
        self.outline_text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.outline_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.outline_text.setMinimumHeight(
            self.outline_text.fontMetrics().lineSpacing() * SUMMARY_LINES
        )
        summary = QGroupBox("What will be built")
        summary_layout = QVBoxLayout(summary)
        summary_layout.addWidget(self.outline_text)
        note = QLabel(
            "Blank fields take the preset's default, shown in grey. The cluster opens as a new "
            "untitled project and is checked as usual."
        )
        note.setWordWrap(True)
        note.setStyleSheet(GREY)
        summary_layout.addWidget(note)
        # one column of labels through the three groups, as wide as the widest label
        labels = [self._label(option) for option in self.fields]
        widest = max(label.sizeHint().width() for label in labels if label is not None)
        for label in labels:
            if label is not None:
                label.setMinimumWidth(widest)
        stacked = QVBoxLayout()
        for group in (build, sites, network, summary):
            stacked.addWidget(group)
        self.buttons = lay_out(self, stacked, accept=self._accept, ok_text="Build")
        self.ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self._fill(start or ClusterRequest("cm384"))
        self.preset.currentIndexChanged.connect(self._preset_changed)
        self.fabric.currentIndexChanged.connect(self.refresh)
        for field in self.fields.values():
            if isinstance(field, QLineEdit):
                field.textChanged.connect(self.refresh)
        self._preset_changed()

    def _group(self, title: str, options: list[str]) -> QGroupBox:
        """The fields of ``options``, labelled as ``field_labels`` names them (set again for
        each preset chosen)."""
        labels = field_labels(PRESETS[next(iter(PRESETS))])
        group = QGroupBox(title)
        form = QFormLayout(group)
        for option in options:
            form.addRow(labels[option], self.fields[option])
        return group

    def _label(self, option: str) -> QLabel | None:
        """The form label of ``option``'s field."""
        field = self.fields[option]
        form = field.parentWidget().layout()
        label = form.labelForField(field) if isinstance(form, QFormLayout) else None
        return label if isinstance(label, QLabel) else None

    def _fill(self, request: ClusterRequest) -> None:
        """Show ``request`` in the fields (its ``None`` options blank)."""
        self.preset.setCurrentIndex(max(0, self.preset.findData(request.preset)))
        shown: dict[QLineEdit, float | None] = {
            self.systems: request.systems,
            self.accelerators: request.accelerators,
            self.per_row: request.per_row,
            self.sites: request.sites,
            self.site_power: request.site_power_mw,
            self.site_km: request.site_km,
            self.halls: request.halls_per_site,
        }
        for field, value in shown.items():
            field.setText("" if value is None else f"{value:.12g}")
        # as the tool prints it (summary, the fabric's note): 2:1
        over = request.oversubscription
        self.oversubscription.setText("" if over == 1 else f"{over:.12g}:1")
        offer_fabrics(self.fabric, "Preset's", PRESETS[request.preset].fabric, request.fabric)

    def _preset_changed(self) -> None:
        """The defaults of the preset chosen, shown greyed in the blank fields."""
        preset = PRESETS[self.preset.currentData()]
        placeholders: dict[str, str] = {
            "systems": f"{preset.systems:,}",
            "accelerators": "",  # what the outline builds (refresh)
            "per-row": f"{preset.per_row:,}",  # what the size asked takes (refresh)
            "sites": "the fewest that carry it",
            "site-power": f"{preset.site_power_mw:g}" if preset.campus else "sized to the design",
            "site-km": f"{preset.site_km:g}",
            "halls-per-site": f"enough for {preset.per_hall:,} each",
            "oversubscription": "1:1 (non-blocking)",
        }
        for option, placeholder in placeholders.items():
            field = self.fields[option]
            assert isinstance(field, QLineEdit)
            field.setPlaceholderText(placeholder)
        for option, label in field_labels(preset).items():
            shown = self._label(option)
            if shown is not None:
                shown.setText(label)
        offer_fabrics(self.fabric, "Preset's", preset.fabric, self.fabric.currentData())
        self.refresh()

    # --- the request ------------------------------------------------------------------------

    def request(self) -> ClusterRequest:
        """The request the fields describe; ``GenerateError`` naming a field that does not
        hold a number."""
        over = self.oversubscription.text().strip()
        return ClusterRequest(
            self.preset.currentData(),
            systems=_number(self.systems.text(), "systems", int),
            accelerators=_number(self.accelerators.text(), "accelerators", int),
            sites=_number(self.sites.text(), "sites", int),
            site_power_mw=_number(self.site_power.text(), "site-power", float),
            site_km=_number(self.site_km.text(), "site-km", float),
            halls_per_site=_number(self.halls.text(), "halls-per-site", int),
            per_row=_number(self.per_row.text(), "per-row", int),
            oversubscription=oversubscription_of(over) if over else 1.0,
            fabric=self.fabric.currentData(),
        )

    def outline(self) -> Outline:
        """What the request builds; ``GenerateError`` when it cannot be built."""
        return outline(self.request(), self.catalog)

    def refresh(self) -> None:
        """Show what will be built, or why it cannot be, and allow OK only for the former."""
        for option in self.fields:
            label = self._label(option)
            if label is not None:
                label.setStyleSheet("")
        self.per_row.setPlaceholderText(f"{self._default_per_row():,}")
        try:
            built = self.outline()
        except GenerateError as err:
            self.outline_text.setStyleSheet(RED)
            label = self._label(err.option) if err.option in self.fields else None
            # the field as the form names it, not the command line's option (a trial read
            # "site-km: ..." beside "Fibre between sites, km"), nor the options it names
            self.outline_text.setText(refusal(err, PRESETS[self.preset.currentData()]))
            if label is not None:
                label.setStyleSheet(RED_LABEL)
            self.ok.setEnabled(False)
            return
        self.outline_text.setStyleSheet("")
        self.outline_text.setText("\n".join(built.lines()))
        # the greyed systems and accelerators say what this request builds, not the
        # preset's default: 24 systems typed left "165,888" under accelerators
        self.systems.setPlaceholderText(f"{built.systems:,}")
        self.accelerators.setPlaceholderText(f"{built.accelerators:,}")
        self.ok.setEnabled(True)

    def _default_per_row(self) -> int:
        """What a blank row pair takes for the size typed: a GB300 SU's 8, but 32 once
        9,000 GPUs scale it to a cluster (greyed 8 beside plans of 16 a line; a trial); the
        preset's own while the size is refused."""
        preset = self.preset.currentData()
        try:
            sized = ClusterRequest(
                preset,
                systems=_number(self.systems.text(), "systems", int),
                accelerators=_number(self.accelerators.text(), "accelerators", int),
            )
            return default_per_row(sized, self.catalog)
        except GenerateError:
            return PRESETS[preset].per_row

    def _accept(self) -> None:
        if self.ok.isEnabled():
            self.accept()
