"""The site map widget: the campus fitted in the window, zoom to the cursor, drag to pan.

A click on a hall makes it the hall the panels describe (the dashboard, the findings of
"This hall", the properties); a double-click, or Enter, opens it on the hall canvas
(``hall_opened``). The map is rebuilt from the document, the findings and the network plan
only while it is on screen (and once when it comes back after changes): the hall canvas
never pays for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QResizeEvent,
    QShowEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from designer.core.campus_map import campus_map
from designer.core.findings import ERROR, OK, UNCHECKED, WARNING
from designer.core.rack_columns import RackColumns, alike_racks, rack_columns
from designer.core.rules.loads import Load, loads
from designer.drawing import style
from designer.drawing.legend import (
    LegendEntry,
    draw_legend_row,
    draw_scale_bar,
    scale_bar_width,
)
from designer.drawing.plan import status_by_id
from designer.drawing.racks import RackArrays, racks_by_hall, system_labels
from designer.gui.editor import Editor
from designer.gui.panels.dashboard import project_limits
from designer.gui.sitemap.scene import BAR_FILL, BLOCK_FILL, FIBRE, SiteMapScene

#: The legend strip along the bottom, as the hall canvas has it (pixels).
STRIP_PX = 26
#: Room kept free round the fitted campus (left, top, right, bottom), pixels.
FIT_INSETS = (16, 16, 16, STRIP_PX + 16)
#: Closest zoom, in pixels per mm: a rack some 30 pixels wide (the hall canvas goes on).
MAX_ZOOM = 0.05
#: What the top left corner says of a map of several sites.
NOT_TO_SCALE = (
    "Each site to the scale of the bar; the sites are not to scale between them "
    "(their fibre routes give the distance). Double-click a hall to open it."
)
#: A press that moves less than this (pixels) is a click, not a pan.
CLICK_SLOP_PX = 4


class SiteMapView(QGraphicsView):
    """The campus map of the editor's document."""

    #: A hall was double-clicked (or Enter pressed): show it on the hall canvas.
    hall_opened = Signal(str)

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        self.map_scene = SiteMapScene()
        super().__init__(self.map_scene, parent)
        self.setObjectName("siteMap")
        self.editor = editor
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._stale = True
        self._fitted = True
        self._least_zoom = 0.0
        self._pressed: QPoint | None = None
        #: (document id and revision) with the racks' columns and loads read for it
        self._read: tuple[tuple[int, int], Any, Any] = ((0, -1), None, None)
        self._panning = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        editor.bridge.replaced.connect(self._replaced)
        editor.bridge.changed.connect(self._stale_now)
        editor.findings_changed.connect(self._stale_now)
        editor.network_changed.connect(self._stale_now)
        editor.hall_changed.connect(lambda: self.map_scene.set_current(editor.hall_id))

    # --- keeping up with the document -----------------------------------------------------

    def _replaced(self) -> None:
        self._fitted = True  # another project: its whole campus first
        self._stale_now()

    def _stale_now(self, _changes: Any = None) -> None:
        self._stale = True
        if self.isVisible():
            self._timer.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def _columns(self) -> tuple[RackColumns, list[Load]]:
        """The racks' columns and the project's loads, read once per revision of the
        document (new findings or a new plan redraw the map without reading them again)."""
        doc = self.editor.doc
        key = (id(doc), doc.revision)
        if self._read[0] != key:
            columns = rack_columns(doc.project)
            found = loads(
                doc.project,
                doc.rack_types,
                project_limits(self.editor),
                alike=alike_racks(columns),
            )
            self._read = (key, columns, found)
        return self._read[1], self._read[2]

    def refresh(self) -> None:
        """Rebuild the map from the document, its findings and its network plan."""
        editor = self.editor
        project = editor.project
        _, found = self._columns()
        content = campus_map(project, editor.findings, editor.checked, found, editor.network)
        self.map_scene.show_map(content, self._racks)
        self.map_scene.set_current(editor.hall_id)
        self._stale = False
        if self._fitted:
            self.fit()
        else:
            self._zoom_changed()

    def _racks(self) -> Mapping[str, RackArrays]:
        """Every hall's racks coloured by their findings, as the hall canvas draws them."""
        editor = self.editor
        project = editor.project
        return racks_by_hall(
            self._columns()[0],
            project.halls,
            editor.doc.rack_types,
            status_by_id(editor.findings),
            editor.checked,
            system_labels(project),
        )

    # --- zoom and pan -----------------------------------------------------------------------

    def pixels_per_mm(self) -> float:
        return self.transform().m11()

    def fit(self) -> None:
        """Show the whole campus (Ctrl+0)."""
        content = self.map_scene.content
        if content is None:
            return
        left, top, right, bottom = content.bounds()
        ins_left, ins_top, ins_right, ins_bottom = FIT_INSETS
        view = self.viewport().rect()
        room_w = view.width() - ins_left - ins_right
        room_h = view.height() - ins_top - ins_bottom
        if room_w < 10 or room_h < 10:
            return
        scale = min(room_w / max(right - left, 1.0), room_h / max(bottom - top, 1.0))
        scale = min(scale, MAX_ZOOM)
        self._least_zoom = scale / 2
        self.resetTransform()
        self.scale(scale, scale)
        shift = QPointF((ins_left - ins_right) / 2 / scale, (ins_top - ins_bottom) / 2 / scale)
        self.centerOn(QRectF(left, top, right - left, bottom - top).center() - shift)
        self._fitted = True
        self._zoom_changed()

    def zoom_by(self, factor: float, about: QPoint | None = None) -> None:
        """Zoom by ``factor`` keeping the map under ``about`` (viewport pixels) in place."""
        current = self.pixels_per_mm()
        least = self._least_zoom or current
        factor = min(max(current * factor, least), MAX_ZOOM) / current
        anchor = about if about is not None else self.viewport().rect().center()
        held = self.mapToScene(anchor)
        self.scale(factor, factor)
        drift = self.mapFromScene(held) - anchor
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + drift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + drift.y())
        self._fitted = False
        self._zoom_changed()

    def _whole_in_view(self) -> bool:
        """True while the campus is shown about whole (out to fitted, or a little closer)."""
        return self.pixels_per_mm() <= 2 * self._least_zoom * 1.25

    def _zoom_changed(self) -> None:
        px_per_mm = self.pixels_per_mm()
        self.map_scene.set_scale(px_per_mm, px_per_mm / (self.logicalDpiY() / 72.0))
        self.viewport().update()

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self.zoom_by(1.0015**delta, event.position().toPoint())
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self.fit()

    # --- mouse and keys ---------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus()
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self._pressed = event.position().toPoint()
            self._panning = event.button() == Qt.MouseButton.MiddleButton
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        now = event.position().toPoint()
        if self._pressed is not None:
            delta = now - self._pressed
            if self._panning or delta.manhattanLength() >= CLICK_SLOP_PX:
                self._panning = True
                self._pressed = now
                self._fitted = False
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
                bars = self.horizontalScrollBar(), self.verticalScrollBar()
                bars[0].setValue(bars[0].value() - delta.x())
                bars[1].setValue(bars[1].value() - delta.y())
            return
        over = self.map_scene.hall_at(self.mapToScene(now))
        self.viewport().setCursor(
            Qt.CursorShape.PointingHandCursor if over else Qt.CursorShape.ArrowCursor
        )
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pressed is None:
            super().mouseReleaseEvent(event)
            return
        clicked = not self._panning and event.button() == Qt.MouseButton.LeftButton
        self._pressed, self._panning = None, False
        self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
        if clicked:
            hall = self.map_scene.hall_at(self.mapToScene(event.position().toPoint()))
            if hall is not None:
                self.editor.set_hall(hall)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        hall = self.map_scene.hall_at(self.mapToScene(event.position().toPoint()))
        if hall is not None and event.button() == Qt.MouseButton.LeftButton:
            self.hall_opened.emit(hall)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        hall = self.editor.hall_id
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and hall is not None:
            self.hall_opened.emit(hall)
            return
        super().keyPressEvent(event)

    # --- legend and scale bar ---------------------------------------------------------------

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        """A strip along the bottom with the legend and the scale bar, fixed on screen; a
        line in the middle when there is no site to show."""
        px_per_point = self.logicalDpiY() / 72.0
        view = QRectF(self.viewport().rect())
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        content = self.map_scene.content
        painter.setPen(style.MUTED_INK)
        if content is not None and not content.sites:
            painter.setFont(style.font(10.0, px_per_point))
            painter.drawText(
                view, Qt.AlignmentFlag.AlignCenter, "No site yet: File ▸ New starts a project."
            )
        elif content is not None and len(content.sites) > 1 and self._whole_in_view():
            painter.setFont(style.font(7.5, px_per_point))
            painter.drawText(
                view.adjusted(10, 6, -10, 0),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                NOT_TO_SCALE,
            )
        strip = QRectF(view.left(), view.bottom() - STRIP_PX, view.width(), STRIP_PX)
        painter.setPen(style.pen(style.GRID_MAJOR, 0.75, px_per_point))
        painter.setBrush(style.brush(style.PAPER))
        painter.drawRect(strip.adjusted(-1, 0, 1, 1))
        middle = strip.center().y()
        bar_max = min(220.0, view.width() / 5)
        width = scale_bar_width(self.pixels_per_mm(), px_per_point, bar_max)
        left = strip.left() + 12
        room = strip.right() - 14 - width - 16 - left
        draw_legend_row(
            painter,
            QPointF(left, middle),
            legend_entries(self.editor.checked, self.map_scene.failed_colour),
            px_per_point,
            room,
        )
        draw_scale_bar(
            painter,
            QPointF(strip.right() - 14 - width, middle),
            self.pixels_per_mm(),
            px_per_point,
            bar_max,
        )
        painter.restore()


def legend_entries(checked: bool, failed: QColor | None = None) -> list[LegendEntry]:
    """What the map's colours mean; ``failed``, the colour a what-if marks what it takes
    out in, while one shows."""
    halls = (
        [
            LegendEntry(BLOCK_FILL[OK], "Hall without findings"),
            LegendEntry(BLOCK_FILL[WARNING], "Hall with warnings"),
            LegendEntry(BLOCK_FILL[ERROR], "Hall with errors"),
        ]
        if checked
        else [LegendEntry(BLOCK_FILL[UNCHECKED], "Not checked yet")]
    )
    return [
        # first while it shows: a narrow map's legend leaves off what does not fit at its end
        *([LegendEntry(failed, "Taken out by the what-if")] if failed is not None else []),
        *halls,
        LegendEntry(BAR_FILL, "IT load of the hall's power capacity"),
        LegendEntry(FIBRE, "DCI fibre route", line=True),
        LegendEntry(style.SELECTION, "Hall on the canvas", line=True),
    ]
