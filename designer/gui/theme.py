"""The designer's look: Fusion with a calm light palette and a few touches of style."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

STYLE_SHEET = """
QMainWindow::separator { background: #d5dbe1; width: 1px; height: 1px; }
QDockWidget { font-weight: 600; }
QDockWidget::title { background: #eef1f4; padding: 5px 8px; border-bottom: 1px solid #d5dbe1; }
QToolBar { background: #f7f8fa; border-bottom: 1px solid #d5dbe1; spacing: 2px; padding: 2px 4px; }
QToolBar QToolButton { padding: 3px; border-radius: 4px; }
QToolBar QToolButton:checked { background: #dbe8fb; border: 1px solid #9dbff0; }
QToolBar QToolButton:hover { background: #e7edf4; }
QStatusBar { background: #f7f8fa; border-top: 1px solid #d5dbe1; }
QStatusBar QLabel { padding: 0 8px; color: #2b3540; }
QTreeWidget, QTableView, QListWidget { border: none; }
QHeaderView::section { background: #f3f5f7; border: none; border-bottom: 1px solid #d5dbe1; padding: 3px 6px; }
QLabel#propertiesTitle { font-size: 12pt; }
QLabel#propertiesSubtitle { color: #5f6b76; }
QComboBox#hallChooser { min-width: 220px; }
"""


def apply_theme(app: QApplication) -> None:
    """Fusion style, a light palette and the designer's style sheet, for the whole app."""
    app.setStyle("Fusion")
    palette = QPalette()
    colours = {
        QPalette.ColorRole.Window: "#f3f5f7",
        QPalette.ColorRole.Base: "#ffffff",
        QPalette.ColorRole.AlternateBase: "#f6f8fa",
        QPalette.ColorRole.Button: "#f3f5f7",
        QPalette.ColorRole.Text: "#1d252c",
        QPalette.ColorRole.WindowText: "#1d252c",
        QPalette.ColorRole.ButtonText: "#1d252c",
        QPalette.ColorRole.Highlight: "#1473e6",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.ToolTipBase: "#ffffff",
        QPalette.ColorRole.ToolTipText: "#1d252c",
        QPalette.ColorRole.PlaceholderText: "#8a949e",
    }
    for role, colour in colours.items():
        palette.setColor(role, QColor(colour))
    app.setPalette(palette)
    font = QFont("DejaVu Sans")
    font.setPointSizeF(9)
    app.setFont(font)
    app.setStyleSheet(STYLE_SHEET)
