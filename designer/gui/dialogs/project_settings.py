"""Edit ▸ Project settings: the cabling and network choices and the design-rule thresholds.

OK applies every field in one ``Editor.update_settings`` call, so the whole dialog is one
undo step ("Project settings") and the live check and the network plan follow it as they
follow any edit. The core decides what is allowed: a value it refuses keeps the dialog
open with the core's reason, in the dialog's words and units, and nothing is applied.

A threshold left at its default in ``resources/catalog/rules.json`` is not stored as an
override, so the project keeps following a corrected default.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from designer.core.document.document import TransactionError
from designer.core.model.network_settings import NetworkSettings
from designer.core.rules.limits import default_thresholds
from designer.core.settings_fields import (
    BOX_HIGH,
    FABRIC_IN_SCOPE,
    NETWORK,
    NETWORK_FIELDS,
    NVIDIA_ONLY,
    THRESHOLD_FIELDS,
    THRESHOLDS,
    WAVELENGTH,
    Setting,
    broken_bound,
    refusal,
)
from designer.gui.dialogs.form import lay_out, number_box
from designer.gui.editor import Editor

#: What the undo entry is called.
LABEL = "Project settings"
#: DCI wavelengths the media catalog knows (``NetworkSettings.dci_wavelength_gbps``).
WAVELENGTHS = {400: "400 (400ZR)", 800: "800 (800ZR)"}
GREY = "color: #5f6b76;"
#: Which racks the project holds to Tier III (``RuleSettings.tier_iii_racks``).
TIER_III_CHOICES = {
    "liquid_cooled": "liquid-cooled racks (default)",
    "all": "every rack",
    "none": "no rack",
}
#: The network settings' own defaults, for the tooltips.
_DEFAULT_NETWORK = NetworkSettings()


class ProjectSettingsDialog(QDialog):
    """The project's network settings and rule thresholds, applied together on OK.

    ``boxes`` holds every number field by where it lives in the settings (``network.slack``,
    ``rules.thresholds.hot_aisle_mm``), the names the core's refusals use.
    """

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Project settings")
        self.editor = editor
        self.boxes: dict[str, QDoubleSpinBox] = {}
        network = editor.project.settings.network
        self.nvidia_only = QCheckBox(NVIDIA_ONLY)
        self.nvidia_only.setChecked(network.nvidia_only)
        self.nvidia_only.setToolTip(
            "Between two NVIDIA racks, choose only cables and optics NVIDIA supports."
        )
        self.fabric_in_scope = QCheckBox(FABRIC_IN_SCOPE)
        self.fabric_in_scope.setChecked(network.fabric_in_scope)
        self.fabric_in_scope.setToolTip(
            "Unchecked when the scale-out fabric is designed elsewhere: racks whose scale-out "
            "ports are not connected are then not warned about (the summary still counts them)."
        )
        self.wavelength = QComboBox()
        for gbps, text in WAVELENGTHS.items():
            self.wavelength.addItem(text, gbps)
        self.wavelength.setCurrentIndex(self.wavelength.findData(network.dci_wavelength_gbps))
        self.wavelength.setToolTip("400ZR or 800ZR coherent optics between sites (links:S82, S31).")
        self._defaults = default_thresholds()
        columns = QHBoxLayout()
        columns.addWidget(self._network_group(), 1)
        columns.addWidget(self._threshold_group(), 1)
        self.problem = QLabel()
        self.problem.setObjectName("settingsProblem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b3261e; font-weight: 600;")
        self.problem.hide()
        self.buttons = lay_out(self, columns, self.problem, accept=self.apply)

    # --- building -----------------------------------------------------------------------

    def _box(self, path: str, setting: Setting, stored: float, tip: str) -> QDoubleSpinBox:
        """A number field showing ``stored``; its unit is in its label, not in the box."""
        box = number_box(setting.shown(stored), 0, BOX_HIGH, "", setting.decimals)
        box.setSuffix("")
        box.setToolTip(tip)
        self.boxes[path] = box
        return box

    def _network_group(self) -> QGroupBox:
        network = self.editor.project.settings.network
        form = QFormLayout()
        for setting in NETWORK_FIELDS:
            current = getattr(network, setting.key)
            tip = f"Default {setting.text(getattr(_DEFAULT_NETWORK, setting.key))}. {setting.tip}"
            form.addRow(setting.label, self._box(NETWORK + setting.key, setting, current, tip))
        form.addRow(self.nvidia_only)
        form.addRow(self.fabric_in_scope)
        form.addRow(f"{WAVELENGTH} (Gb/s)", self.wavelength)
        return _group("Cabling && network", form)

    def _threshold_group(self) -> QGroupBox:
        """One row per threshold: its name and unit, the field, and the default beside it."""
        overrides = self.editor.project.settings.rules.thresholds
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        for row, setting in enumerate(THRESHOLD_FIELDS):
            default = getattr(self._defaults.values, setting.key)
            current = _or(getattr(overrides, setting.key), default)
            tip = f"Default {setting.text(default)}. Source: {self._defaults.sources[setting.key]}"
            box = self._box(THRESHOLDS + setting.key, setting, current, tip)
            label = QLabel(setting.label)
            label.setBuddy(box)
            note = QLabel(f"default {setting.text(default)}")
            note.setStyleSheet(GREY)
            for column, widget in enumerate((label, box, note)):
                widget.setToolTip(tip)
                grid.addWidget(widget, row, column)
        self.tier_iii = QComboBox()
        for value, text in TIER_III_CHOICES.items():
            self.tier_iii.addItem(text, value)
        rules = self.editor.project.settings.rules
        self.tier_iii.setCurrentIndex(self.tier_iii.findData(rules.tier_iii_racks))
        self.tier_iii.setToolTip(
            "Racks held to Tier III, concurrent maintainability, are warned of when they lack "
            "a side A and a side B feed (links B40; NVIDIA asks it of a GB200 SuperPOD's "
            "site, links B41). A hall fed from A and B asks it of every rack anyway."
        )
        label = QLabel("Two power paths (Tier III) for")
        label.setBuddy(self.tier_iii)
        grid.addWidget(label, len(THRESHOLD_FIELDS), 0)
        grid.addWidget(self.tier_iii, len(THRESHOLD_FIELDS), 1, 1, 2)
        note = QLabel("A threshold at its default is not stored with the project.")
        note.setWordWrap(True)
        note.setStyleSheet(GREY)
        self.reset = QPushButton("Use the Defaults")
        self.reset.setToolTip("Put every threshold back to its default from rules.json")
        self.reset.clicked.connect(self.use_default_thresholds)
        below = len(THRESHOLD_FIELDS) + 1
        grid.addWidget(note, below, 0, 1, 2)
        grid.addWidget(self.reset, below, 2)
        return _group("Design-rule thresholds", grid)

    # --- reading ------------------------------------------------------------------------

    def use_default_thresholds(self) -> None:
        for setting in THRESHOLD_FIELDS:
            self.boxes[THRESHOLDS + setting.key].setValue(
                setting.shown(getattr(self._defaults.values, setting.key))
            )

    def network_changes(self) -> dict[str, Any]:
        """The network settings the user changed, by field name."""
        network = self.editor.project.settings.network
        values = {
            setting.key: self._read(NETWORK, setting, getattr(network, setting.key))
            for setting in NETWORK_FIELDS
        }
        values["nvidia_only"] = self.nvidia_only.isChecked()
        values["fabric_in_scope"] = self.fabric_in_scope.isChecked()
        values["dci_wavelength_gbps"] = self.wavelength.currentData()
        return {key: value for key, value in values.items() if value != getattr(network, key)}

    def threshold_overrides(self) -> dict[str, Any]:
        """The thresholds the project is to override: those that differ from the default."""
        thresholds = self.editor.project.settings.rules.thresholds
        stored: dict[str, Any] = {}
        for setting in THRESHOLD_FIELDS:
            default = getattr(self._defaults.values, setting.key)
            if not setting.same(self.boxes[THRESHOLDS + setting.key].value(), default):
                current = _or(getattr(thresholds, setting.key), default)
                stored[setting.key] = self._read(THRESHOLDS, setting, current)
        return stored

    def _read(self, group: str, setting: Setting, current: float) -> float:
        """The box's value in stored units; ``current`` itself while the box still shows it
        (so a value the box rounds for display is not changed by opening the dialog)."""
        box = self.boxes[group + setting.key]
        if setting.same(box.value(), current):
            return current
        return setting.stored(box.value(), isinstance(current, int))

    # --- applying -----------------------------------------------------------------------

    def apply(self) -> None:
        """Apply everything as one undo step and close; on a refusal, say why and stay.

        Nothing changed closes without an edit, so OK alone leaves no undo step.
        """
        settings = self.editor.project.settings
        changes, overrides = self.network_changes(), self.threshold_overrides()
        tier_iii = self.tier_iii.currentData()
        if (
            not changes
            and overrides == settings.rules.thresholds.model_dump()
            and tier_iii == settings.rules.tier_iii_racks
        ):
            self.accept()
            return
        try:
            self.editor.update_settings(
                LABEL,
                network={**settings.network.model_dump(), **changes},
                rules={
                    **settings.rules.model_dump(),
                    "thresholds": overrides,
                    "tier_iii_racks": tier_iii,
                },
            )
        except TransactionError as err:
            path, text = refusal(str(err), broken_bound(err))
            self.problem.setText(text)
            self.problem.show()
            fields = {
                **self.boxes,
                f"{NETWORK}nvidia_only": self.nvidia_only,
                f"{NETWORK}fabric_in_scope": self.fabric_in_scope,
                f"{NETWORK}dci_wavelength_gbps": self.wavelength,
            }
            field = fields.get(path)
            if field is not None:
                field.setFocus()
            if isinstance(field, QDoubleSpinBox):
                field.selectAll()
            return
        self.accept()


def _or(value: Any, default: Any) -> Any:
    return default if value is None else value


def _group(title: str, form: QLayout) -> QGroupBox:
    group = QGroupBox(title)
    layout = QVBoxLayout(group)
    layout.addLayout(form)
    layout.addStretch(1)
    return group
