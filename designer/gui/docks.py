"""A panel's dock, added as a tab beside a dock the window already has.

The Jobs, Compare and Resilience panels are installed after the window's own docks and
each goes in as a tab beside one of them, leaving that one in front.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget


def tabbed_dock(
    window: QMainWindow, title: str, name: str, widget: QWidget, beside: QDockWidget
) -> QDockWidget:
    """A movable, closable dock holding ``widget``, tabbed behind ``beside``."""
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    dock.setWidget(widget)
    dock.setFeatures(
        QDockWidget.DockWidgetFeature.DockWidgetMovable
        | QDockWidget.DockWidgetFeature.DockWidgetClosable
    )
    window.addDockWidget(
        window.dockWidgetArea(beside) or Qt.DockWidgetArea.BottomDockWidgetArea, dock
    )
    window.tabifyDockWidget(beside, dock)
    beside.raise_()
    return dock
