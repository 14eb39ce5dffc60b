"""The Fabric field that File ▸ New Cluster and Insert ▸ Pod share: the scale-out fabrics by
the names the dialogs give them, offered as a default first ("Preset's: InfiniBand", or a
pod's "Site's: Ethernet") and then each fabric by name, so both dialogs word it alike."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from designer.core.generate.presets import Fabric

FABRICS: dict[str, str] = {"infiniband": "InfiniBand", "ethernet": "Ethernet"}


def offer_fabrics(combo: QComboBox, whose: str, default: Fabric, chosen: Fabric | None) -> None:
    """Fill ``combo`` with the default first, worded as ``whose`` it is ("Preset's:
    InfiniBand"; its data None, what a request left blank takes), then each fabric by name;
    ``chosen`` shown (None: the default), without signalling a change."""
    combo.blockSignals(True)
    combo.clear()
    combo.addItem(f"{whose}: {FABRICS[default]}", None)
    for fabric, name in FABRICS.items():
        combo.addItem(name, fabric)
    combo.setCurrentIndex(max(0, combo.findData(chosen)))
    combo.blockSignals(False)
