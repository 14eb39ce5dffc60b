"""The toolbar's hall chooser: every hall, grouped under its site, marked by its worst finding.

With more than one site each site's name heads its halls (a header row that cannot be
chosen); each hall carries a square of the colour the site map tints it (no findings,
warnings, errors, not checked yet), so a campus's troubled halls show in the list too. The
chooser keeps itself in step with the document, the shown hall and the findings.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QWidget

from designer.core.campus_map import worst_findings
from designer.drawing import style
from designer.gui.editor import Editor
from designer.gui.sitemap.scene import BLOCK_EDGE, BLOCK_FILL

#: The role holding a row's hall id (None on a site's header row).
HALL_ROLE = Qt.ItemDataRole.UserRole
#: The side of a hall's status square (pixels).
SWATCH_PX = 12


def status_icon(status: int) -> QIcon:
    """A square tinted as the site map tints a hall of ``status``."""
    pixmap = QPixmap(SWATCH_PX, SWATCH_PX)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setPen(BLOCK_EDGE[status])
    painter.setBrush(BLOCK_FILL[status])
    painter.drawRect(1, 1, SWATCH_PX - 3, SWATCH_PX - 3)
    painter.end()
    return QIcon(pixmap)


class HallChooser(QComboBox):
    """Chooses the hall on the canvas; ``chosen(hall_id)`` fires when the user picks one."""

    chosen = Signal(str)

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hallChooser")
        # as wide as the longest hall name, not cut to a few letters
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.editor = editor
        self.rows = QStandardItemModel(self)
        self.setModel(self.rows)
        self._icons = [status_icon(status) for status in range(len(BLOCK_FILL))]
        self.activated.connect(self._activated)
        editor.bridge.replaced.connect(self.refresh)
        editor.bridge.changed.connect(self._changed)
        editor.hall_changed.connect(self._sync)
        editor.findings_changed.connect(self._mark)
        self.refresh()

    def hall_ids(self) -> list[str]:
        """The halls listed, in order (the site headers left out)."""
        ids = (self.rows.item(row).data(HALL_ROLE) for row in range(self.rows.rowCount()))
        return [hall_id for hall_id in ids if hall_id is not None]

    def grouped(self) -> list[tuple[str, list[str]]]:
        """(site header, the names of its halls) as listed; one untitled group with one site."""
        groups: list[tuple[str, list[str]]] = []
        for row in range(self.rows.rowCount()):
            item = self.rows.item(row)
            if item.data(HALL_ROLE) is None:
                groups.append((item.text(), []))
            else:
                if not groups:
                    groups.append(("", []))
                groups[-1][1].append(item.text())
        return groups

    def _changed(self, changes: Any) -> None:
        # a hall or site added, renamed, moved to another site or deleted
        if any(c.collection in ("halls", "sites") for c in changes.changes.values()):
            self.refresh()

    def refresh(self) -> None:
        """List every hall under its site (headers only with several sites)."""
        project = self.editor.project
        by_site: dict[str, list[Any]] = {site_id: [] for site_id in project.sites}
        for hall in project.halls.values():
            by_site.setdefault(hall.site_id, []).append(hall)
        headed = len(project.sites) > 1
        self.blockSignals(True)
        self.rows.clear()
        for site_id, halls in by_site.items():
            site = project.sites.get(site_id)
            if headed and halls:
                header = QStandardItem(site.name if site is not None else site_id)
                header.setFlags(Qt.ItemFlag.NoItemFlags)  # a heading, never chosen
                header.setData(None, HALL_ROLE)
                font = header.font()
                font.setBold(True)
                header.setFont(font)
                header.setForeground(style.INK)
                self.rows.appendRow(header)
            for hall in halls:
                row = QStandardItem(hall.name)
                row.setData(hall.id, HALL_ROLE)
                where = f" in {site.name}" if site is not None and headed else ""
                row.setToolTip(f"{hall.name}{where}")
                self.rows.appendRow(row)
        self.blockSignals(False)
        self._mark()
        self._sync()

    def _mark(self) -> None:
        """Give each hall the square of its worst finding."""
        editor = self.editor
        worst = worst_findings(editor.project, editor.findings, editor.checked)
        for row in range(self.rows.rowCount()):
            item = self.rows.item(row)
            hall_id = item.data(HALL_ROLE)
            if hall_id is not None and hall_id in worst:
                item.setIcon(self._icons[worst[hall_id][0]])

    def _sync(self) -> None:
        """Show the editor's hall as the current one."""
        index = self.findData(self.editor.hall_id, HALL_ROLE)
        if index >= 0:
            self.blockSignals(True)
            self.setCurrentIndex(index)
            self.blockSignals(False)
        hall = self.editor.project.halls.get(self.editor.hall_id or "")
        self.setToolTip(
            "The hall shown on the canvas" + (f": {hall.name}" if hall is not None else "")
        )

    def _activated(self, index: int) -> None:
        hall_id = self.itemData(index, HALL_ROLE)
        if hall_id is not None:
            self.chosen.emit(hall_id)
