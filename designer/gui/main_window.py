"""The main window: for now a read-only view of a project's halls and racks."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPolygonF, QResizeEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QMainWindow, QMessageBox

from designer.core.catalog import default_catalog
from designer.core.geometry.floor import placement_box
from designer.core.io.project_file import ProjectFileError, load

#: Gap between halls drawn side by side, in millimetres.
HALL_GAP_MM = 3_000


class FitView(QGraphicsView):
    """A view that keeps the whole scene in sight as the window resizes."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


class MainWindow(QMainWindow):
    """Shows the halls of one project to scale; liquid-cooled racks blue, air-cooled orange."""

    def __init__(self) -> None:
        super().__init__()
        self.resize(1600, 1000)
        self.scene = QGraphicsScene(self)
        self.view = FitView(self.scene, self)
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setCentralWidget(self.view)

    def open_path(self, path: Path) -> bool:
        """Load and show ``path``; a file that cannot be read gets the loader's message."""
        catalog = default_catalog()
        try:
            result = load(path, catalog.racks)
        except ProjectFileError as err:
            QMessageBox.warning(self, "Cannot open project", str(err))
            return False
        project = result.project
        types = catalog.with_custom_racks(project.custom_types)
        self.scene.clear()
        offset = 0
        for hall in project.halls.values():
            outline = QPolygonF([QPointF(x + offset, y) for x, y in hall.outline])
            self.scene.addPolygon(outline, QPen(QColor("#333"), 40), QBrush(QColor("#f4f4f4")))
            for rack in project.placements.values():
                box = placement_box(rack, types) if rack.hall_id == hall.id else None
                if box is None:
                    continue
                liquid = types[rack.type_id].liquid_share > 0.5
                colour = QColor("#4a90d9") if liquid else QColor("#e07b39")
                rect = QRectF(box.x0 + offset, box.y0, box.width, box.height)
                self.scene.addRect(rect, QPen(QColor("#222"), 10), QBrush(colour))
            offset += max(x for x, _ in hall.outline) + HALL_GAP_MM
        self.setWindowTitle(f"{project.meta.name} - rackplan")
        self.scene.setSceneRect(self.scene.itemsBoundingRect().adjusted(-500, -500, 500, 500))
        self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        return True
