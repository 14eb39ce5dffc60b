"""Every question the designer asks the user, behind one object that tests replace.

``DialogPrompts`` asks with real dialogs; a test hands the window a scripted stand-in, so
no modal dialog is ever left open in an offscreen run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Protocol

from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox, QWidget

from designer.core.catalog import Catalog
from designer.core.document.document import Document
from designer.core.format import abridged
from designer.core.generate import ClusterRequest
from designer.core.io.project_file import SUFFIX
from designer.core.model.equipment import RackType
from designer.core.model.site import Site
from designer.gui.dialogs.add_site import AddSiteDialog, SiteSpec
from designer.gui.dialogs.export import ExportDialog, ExportSpec
from designer.gui.dialogs.insert_pod import InsertPodDialog, PodChoice, PodTarget
from designer.gui.dialogs.new_cluster import NewClusterDialog
from designer.gui.dialogs.new_project import NewProjectDialog, NewProjectSpec
from designer.gui.dialogs.place_row import PlaceRowDialog, RowExtension, RowSpec
from designer.gui.dialogs.project_settings import ProjectSettingsDialog
from designer.gui.editor import Editor

Answer = Literal["save", "discard", "cancel"]
#: The paragraphs an error shows before the rest goes under Show Details.
SHOWN_PARAGRAPHS = 6

FILTER = f"rackplan projects (*{SUFFIX});;JSON files (*.json);;All files (*)"


class Prompts(Protocol):
    """The questions; each returns the user's answer (None or "cancel" when they back out)."""

    def save_changes(self, name: str) -> Answer: ...

    def restore(self, what: str, when: str) -> bool: ...

    def open_path(self, folder: Path) -> Path | None: ...

    def save_path(self, suggested: Path) -> Path | None: ...

    def error(self, title: str, text: str) -> None: ...

    def new_project(self) -> NewProjectSpec | None: ...

    def new_hall(self, name: str) -> NewProjectSpec | None:
        """A new hall, suggested to be called ``name``."""
        ...

    def new_cluster(self, catalog: Catalog) -> ClusterRequest | None:
        """The cluster File ▸ New Cluster builds."""
        ...

    def pod(
        self, doc: Document, where: str, pue: float, target: PodTarget | None = None
    ) -> PodChoice | None:
        """The pod preset, and its fabric, Insert ▸ Pod drops ``where`` (a sentence saying
        where; ``target`` the hall and point, to say whether it fits there)."""
        ...

    def new_site(self, sites: dict[str, str], like: Site) -> SiteSpec | None:
        """A new site, its figures starting as ``like``'s, and its fibre route."""
        ...

    def info(self, title: str, text: str) -> None: ...

    def confirm(self, title: str, text: str, action: str) -> bool:
        """True when the user goes ahead with ``action`` (the button's text)."""
        ...

    def comment(self, finding: str) -> str | None: ...

    def place_row(
        self,
        rack_types: dict[str, RackType],
        type_id: str,
        prefix: str,
        at: tuple[int, int],
        extend: RowExtension | None = None,
    ) -> RowSpec | None:
        """A row to place: from ``at``, or carrying on the selected row ``extend``."""
        ...

    def export(
        self, folder: Path, stem: str, halls: dict[str, str], hall_id: str | None
    ) -> ExportSpec | None: ...

    def project_settings(self, editor: Editor) -> bool:
        """Edit the settings of the project ``editor`` edits; True when the user applied
        them (one undo step)."""
        ...


class DialogPrompts:
    """Asks with message boxes, file dialogs and the designer's own dialogs."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent
        #: The export, row, cluster and pod chosen last, which the next dialogs start from.
        self._last_export: ExportSpec | None = None
        self._last_row: RowSpec | None = None
        self._last_cluster: ClusterRequest | None = None
        self._last_pod = ""

    def save_changes(self, name: str) -> Answer:
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setText(f"Save the changes to {name}?")
        box.setInformativeText("Your changes are lost if you don't save them.")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return "save"
        if answer == QMessageBox.StandardButton.Discard:
            return "discard"
        return "cancel"

    def restore(self, what: str, when: str) -> bool:
        answer = QMessageBox.question(
            self.parent,
            "Recover unsaved work",
            f"rackplan did not close cleanly. There is unsaved work on {what} from {when}.\n\n"
            "Yes recovers it; No deletes the recovery file.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def open_path(self, folder: Path) -> Path | None:
        path, _ = QFileDialog.getOpenFileName(self.parent, "Open project", str(folder), FILTER)
        return Path(path) if path else None

    def save_path(self, suggested: Path) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(
            self.parent, "Save project as", str(suggested), FILTER
        )
        return Path(path) if path else None

    def error(self, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=self.parent)
        short = abridged(text, SHOWN_PARAGRAPHS)
        if short is not None:  # the rest under Show Details, which scrolls
            box.setText(short)
            box.setDetailedText(text)
        box.exec()

    def new_project(self) -> NewProjectSpec | None:
        dialog = NewProjectDialog(self.parent)
        return dialog.spec() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def new_hall(self, name: str) -> NewProjectSpec | None:
        dialog = NewProjectDialog(self.parent, NewProjectSpec(hall_name=name), hall_only=True)
        return dialog.spec() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def new_site(self, sites: dict[str, str], like: Site) -> SiteSpec | None:
        dialog = AddSiteDialog(sites, like, self.parent)
        return dialog.spec() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def new_cluster(self, catalog: Catalog) -> ClusterRequest | None:
        dialog = NewClusterDialog(catalog, self.parent, self._last_cluster)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        self._last_cluster = dialog.request()
        return self._last_cluster

    def pod(
        self, doc: Document, where: str, pue: float, target: PodTarget | None = None
    ) -> PodChoice | None:
        dialog = InsertPodDialog(doc, where, pue, self.parent, self._last_pod, target)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        self._last_pod = dialog.preset()
        return dialog.choice()

    def info(self, title: str, text: str) -> None:
        QMessageBox.information(self.parent, title, text)

    def confirm(self, title: str, text: str, action: str) -> bool:
        box = QMessageBox(self.parent)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(title)
        box.setText(text)
        go = box.addButton(action, QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is go

    def comment(self, finding: str) -> str | None:
        text, ok = QInputDialog.getText(
            self.parent,
            "Accept finding",
            f"{finding}\n\nWhy is this acceptable? (kept with the project)",
        )
        return text if ok else None

    def place_row(
        self,
        rack_types: dict[str, RackType],
        type_id: str,
        prefix: str,
        at: tuple[int, int],
        extend: RowExtension | None = None,
    ) -> RowSpec | None:
        dialog = PlaceRowDialog(
            rack_types, type_id, prefix, at, self.parent, self._last_row, extend
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        self._last_row = dialog.spec()
        return self._last_row

    def export(
        self, folder: Path, stem: str, halls: dict[str, str], hall_id: str | None
    ) -> ExportSpec | None:
        dialog = ExportDialog(folder, stem, halls, hall_id, self.parent, self._last_export)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        self._last_export = dialog.spec()
        return self._last_export

    def project_settings(self, editor: Editor) -> bool:
        dialog = ProjectSettingsDialog(editor, self.parent)
        return dialog.exec() == QDialog.DialogCode.Accepted
