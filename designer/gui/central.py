"""The middle of the window: the hall canvas or the site map, one at a time.

Levels of detail from campus to rack: the site map shows the campus (and each hall's racks
when zoomed in on it), a hall opened from it fills the canvas, which zooms on to a rack's
label and ports. Fit and zoom act on whichever is shown. Choosing a drawing tool (or a
catalog item to place) brings the canvas back, since tools draw in a hall.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QStackedWidget, QWidget

from designer.gui.canvas.tools.base import Tool
from designer.gui.canvas.tools.select import SelectTool
from designer.gui.canvas.view import CanvasView
from designer.gui.sitemap.view import SiteMapView


class CentralViews(QStackedWidget):
    """The canvas and the site map; ``switched(map_shown)`` fires when the other shows."""

    switched = Signal(bool)

    def __init__(self, canvas: CanvasView, site_map: SiteMapView, parent: QWidget | None = None):
        super().__init__(parent)
        self.canvas = canvas
        self.site_map = site_map
        self.addWidget(canvas)
        self.addWidget(site_map)
        canvas.tool_changed.connect(self._tool_changed)

    @property
    def map_shown(self) -> bool:
        return self.currentWidget() is self.site_map

    def show_site_map(self, shown: bool = True) -> None:
        """Show the site map (``shown``) or the hall canvas, and give it the keys."""
        widget = self.site_map if shown else self.canvas
        if self.currentWidget() is not widget:
            self.setCurrentWidget(widget)
            self.switched.emit(shown)
        widget.setFocus()

    def fit(self) -> None:
        """Fit the hall, or the campus on the map (Ctrl+0)."""
        if self.map_shown:
            self.site_map.fit()
        else:
            self.canvas.fit_hall()

    def zoom_by(self, factor: float) -> None:
        (self.site_map if self.map_shown else self.canvas).zoom_by(factor)

    def _tool_changed(self, tool: Tool) -> None:
        if not isinstance(tool, SelectTool):
            self.show_site_map(False)
