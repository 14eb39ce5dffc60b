"""The floor-plan view: zoom to the cursor, pan, fit, tool dispatch, palette drops, hover.

The wheel zooms about the cursor; the middle button, or the left button with Space held,
pans. Mouse events go to the active tool in hall millimetres; drops from the palette are
previewed with a ghost and placed through the editor. The view keeps the scene in step
with the document: a change set updates only the layers it touches.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QContextMenuEvent,
    QDragEnterEvent,
    QDragLeaveEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPixmapCache,
    QResizeEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QMenu, QToolTip, QWidget

from designer.core.geometry.footprint import Box
from designer.core.geometry.stack import Stack
from designer.core.hover_text import hover_text
from designer.core.placement.entry import PaletteEntry
from designer.drawing import style
from designer.drawing.legend import (
    LegendEntry,
    draw_legend_row,
    draw_scale_bar,
    heat_entries,
    rack_entries,
    scale_bar_width,
    strip_entries,
)
from designer.drawing.links import link_entries
from designer.gui.canvas.scene import HallScene
from designer.gui.canvas.tools.base import Tool
from designer.gui.canvas.tools.place import PlacementPreview
from designer.gui.canvas.tools.select import SelectTool
from designer.gui.editor import Editor

#: Zoom limits in screen pixels per millimetre of floor.
MIN_ZOOM, MAX_ZOOM = 0.002, 1.5
#: Viewport-sized images the item caches may take: floor, services, markers, rack chunks.
CACHED_VIEWPORTS = 6
#: Height of the legend strip along the bottom of the view, in pixels.
STRIP_PX = 26
#: Room kept free around a fitted hall (left, top, right, bottom) in pixels: the dimension
#: lines on the left and top, the legend strip at the bottom.
FIT_INSETS = (64, 44, 28, STRIP_PX + 30)


def _room_for_caches(width: int, height: int) -> None:
    """Let Qt's pixmap cache hold the canvas layers' caches (a few viewport-sized images)."""
    needed_kb = CACHED_VIEWPORTS * width * height * 4 // 1024
    if QPixmapCache.cacheLimit() < needed_kb:
        QPixmapCache.setCacheLimit(needed_kb)


class CanvasView(QGraphicsView):
    """The canvas: one hall at a time, edited through tools."""

    #: The cursor's position on the floor in millimetres (x, y).
    cursor_moved = Signal(float, float)
    #: Another tool became active.
    tool_changed = Signal(object)

    def __init__(self, editor: Editor, parent: QWidget | None = None) -> None:
        self.hall_scene = HallScene()
        super().__init__(self.hall_scene, parent)
        self.editor = editor
        self.colour_mode = "status"
        #: What the legend strip says in place of the racks' colours (a comparison's).
        self.legend: list[LegendEntry] | None = None
        self.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setMouseTracking(True)
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        #: What the right-click menu offers (None: a separator); the window fills it in.
        self.context_actions: list[QAction | None] = []
        #: The kinds clicks and boxes take (the toolbar's filter); None: every kind.
        self.pick_kinds: frozenset[str] | None = None
        self._tool: Tool = SelectTool(self)
        self._panning: QPoint | None = None
        self._space = False
        self._hovered: str | None = None
        self._drop = PlacementPreview(self)
        self._fitted = False
        self._overlay_timer = QTimer(self)
        self._overlay_timer.setSingleShot(True)
        self._overlay_timer.setInterval(0)
        self._overlay_timer.timeout.connect(self.viewport().update)
        editor.hall_changed.connect(self.show_hall)
        editor.bridge.changed.connect(self._document_changed)
        editor.selection.changed.connect(self._selection_changed)
        editor.findings_changed.connect(self._findings_changed)
        editor.network_changed.connect(self._network_changed)
        self.show_hall()

    # --- keeping the scene in step ------------------------------------------------------

    def show_hall(self) -> None:
        """Rebuild the scene for the editor's hall and fit it in view."""
        self._tool.hall_changed()
        editor = self.editor
        if editor.hall_id is None:
            self.hall_scene.show_nothing()
            return
        self.hall_scene.show_hall(editor.project, editor.hall_id, editor.doc.rack_types)
        self.hall_scene.set_colour_mode(self.colour_mode)
        self.hall_scene.set_findings(editor.findings, editor.checked)
        self._network_changed()
        self._selection_changed()
        self.fit_hall()

    def _document_changed(self, changes: Any) -> None:
        editor = self.editor
        if editor.hall_id is None or editor.hall_id != self.hall_scene.hall_id:
            return
        rect = self.sceneRect()
        self.hall_scene.apply(editor.project, changes, editor.doc.rack_types)
        self._selection_changed()
        if self.sceneRect() != rect:
            self.fit_hall()

    def _selection_changed(self) -> None:
        if self.hall_scene.project is not None:
            self.hall_scene.show_selection(self.editor.selected())

    def _findings_changed(self) -> None:
        self.hall_scene.set_findings(self.editor.findings, self.editor.checked)
        self._legend_changed()

    def _network_changed(self) -> None:
        """Show the links of the new plan (built only while the layer is on)."""
        hall = self.editor.hall_id
        shown = self.hall_scene.links_visible and hall is not None
        self.hall_scene.set_links(self.editor.hall_links(hall) if shown and hall else None)
        self._legend_changed()

    def show_links(self, visible: bool) -> None:
        """Show or hide the links along the trays."""
        self.hall_scene.set_links_visible(visible)
        self._network_changed()

    def _legend_changed(self) -> None:
        view = self.viewport().rect()
        self.viewport().update(view.adjusted(0, view.height() - STRIP_PX, 0, 0))

    def set_legend(self, entries: list[LegendEntry] | None) -> None:
        """Name ``entries`` in the legend strip in place of the racks' colours (None: back)."""
        self.legend = entries
        self._legend_changed()

    def set_colour_mode(self, mode: str) -> None:
        """Colour racks by ``"status"`` (worst finding) or ``"heat"`` (max power)."""
        self.colour_mode = mode
        self.hall_scene.set_colour_mode(mode)
        self.viewport().update()

    # --- tools ---------------------------------------------------------------------------

    @property
    def tool(self) -> Tool:
        return self._tool

    def set_tool(self, tool: Tool | None) -> None:
        """Make ``tool`` active (None: back to select)."""
        self._tool.deactivate()
        self._tool = tool or SelectTool(self)
        self._tool.activate()
        self.tool_changed.emit(self._tool)

    # --- zoom and pan --------------------------------------------------------------------

    def pixels_per_mm(self) -> float:
        return self.transform().m11()

    def fit_hall(self) -> None:
        """Show the whole hall, its dimensions clear of the legend strip (Ctrl+0)."""
        floor = self.hall_scene.floor
        if floor is not None:
            self.zoom_to(floor.bounds, FIT_INSETS)
            self._fitted = True

    def zoom_to(self, rect: QRectF, insets: tuple[int, int, int, int]) -> None:
        """Show ``rect`` (mm) as large as fits inside the viewport less ``insets`` (pixels)."""
        left, top, right, bottom = insets
        view = self.viewport().rect()
        room_w, room_h = view.width() - left - right, view.height() - top - bottom
        if room_w < 10 or room_h < 10:
            return
        scale = min(room_w / max(rect.width(), 1.0), room_h / max(rect.height(), 1.0))
        scale = min(max(scale, MIN_ZOOM), MAX_ZOOM)
        self.resetTransform()
        self.scale(scale, scale)
        # centre the rectangle in the free area, not in the whole viewport
        shift = QPointF((left - right) / 2 / scale, (top - bottom) / 2 / scale)
        self.centerOn(rect.center() - shift)
        self._zoom_changed()

    def zoom_to_box(self, box: Box) -> None:
        """Show ``box`` (a finding's racks) with room around it to see its neighbours."""
        grown = QRectF(box.x0, box.y0, box.width, box.height).adjusted(-2_400, -2_400, 2_400, 2_400)
        self.zoom_to(grown, (40, 40, 40, STRIP_PX + 40))
        self._fitted = False

    def shows(self, box: Box) -> bool:
        """True when all of ``box`` (mm) is inside the viewport."""
        seen = self.mapToScene(self.viewport().rect()).boundingRect()
        return seen.contains(QRectF(box.x0, box.y0, box.width, box.height))

    def zoom_by(self, factor: float, about: QPoint | None = None) -> None:
        """Zoom by ``factor`` keeping the floor under ``about`` (viewport pixels) in place.

        Without ``about`` the centre of the view stays put (menu and keyboard zoom).
        """
        current = self.pixels_per_mm()
        factor = min(max(current * factor, MIN_ZOOM), MAX_ZOOM) / current
        anchor = about if about is not None else self.viewport().rect().center()
        held = self.mapToScene(anchor)
        self.scale(factor, factor)
        drift = self.mapFromScene(held) - anchor
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + drift.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + drift.y())
        self._zoom_changed()

    def _zoom_changed(self) -> None:
        self.hall_scene.racks.zoomed(self.pixels_per_mm() / (self.logicalDpiY() / 72.0))
        self.viewport().update()  # the scale bar follows the zoom

    def wheelEvent(self, event: QWheelEvent) -> None:
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self._fitted = False
            self.zoom_by(1.0015**delta, event.position().toPoint())
        event.accept()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        _room_for_caches(self.viewport().width(), self.viewport().height())
        if self._fitted:
            self.fit_hall()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self._overlay_timer.start()

    # --- mouse ---------------------------------------------------------------------------

    def _floor_pos(self, event: QMouseEvent) -> QPointF:
        return self.mapToScene(event.position().toPoint())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus()
        pans = event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self._space
        )
        if pans:
            self._panning = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        QToolTip.hideText()
        self._tool.press(self._floor_pos(event), event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = self._floor_pos(event)
        self.cursor_moved.emit(pos.x(), pos.y())
        if self._panning is not None:
            now = event.position().toPoint()
            delta = now - self._panning
            self._panning = now
            self._fitted = False
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            return
        self._tool.move(pos, event)
        if event.buttons() == Qt.MouseButton.NoButton and isinstance(self._tool, SelectTool):
            self._hover(pos, event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._panning is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._panning = None
            self.viewport().setCursor(
                Qt.CursorShape.OpenHandCursor if self._space else self._tool.cursor
            )
            return
        self._tool.release(self._floor_pos(event), event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self._tool.double_click(self._floor_pos(event), event)

    def under(self, pos: QPointF) -> str | None:
        """What the mouse at floor ``pos`` points at: of what lies there (of the filter's
        kinds), the topmost selected thing, else the topmost thing."""
        return self._top(self._stack_at(pos))

    def _top(self, stack: Stack) -> str | None:
        """Of ``stack``, the topmost selected thing, else the topmost thing (None: empty)."""
        if not stack:
            return None
        return stack.top_selected(self.editor.selection) or stack.ids[0]

    def _stack_at(self, pos: QPointF) -> Stack:
        """Everything of the filter's kinds at floor ``pos``, topmost first."""
        tolerance = 3 / max(self.pixels_per_mm(), 1e-9)
        return Stack(
            tuple(self.editor.picker().stack_at(pos.x(), pos.y(), tolerance, self.pick_kinds))
        )

    def _hover(self, pos: QPointF, event: QMouseEvent) -> None:
        hit = self.under(pos)
        if hit == self._hovered:
            return
        self._hovered = hit
        if hit is None:
            QToolTip.hideText()
            return
        QToolTip.showText(event.globalPosition().toPoint(), self.tooltip(hit), self.viewport())

    def tooltip(self, entity_id: str) -> str:
        """What hovering over ``entity_id`` shows, with the findings of the latest check."""
        editor = self.editor
        findings = editor.findings_of(entity_id)
        return hover_text(
            editor.project, editor.doc.rack_types, entity_id, findings, editor.checked
        )

    def menu_at(self, pos: QPoint) -> QMenu:
        """The right-click menu at viewport ``pos``: what is under it gets selected first.
        Where several things lie there (a busway over its racks, a tray over a row), its
        Select Here submenu names each: the one chosen stays selected, and the next
        right-click there acts on it (What If This Fails reaches a busway drawn over its
        racks)."""
        stack = self._stack_at(self.mapToScene(pos))
        hit = self._top(stack)
        if hit is not None and hit not in self.editor.selected():
            self.editor.selection.set([hit])
        menu = QMenu(self)
        for action in self.context_actions:
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        if len(stack.ids) > 1:
            menu.addSeparator()
            here = menu.addMenu("Select Here")
            project, picker = self.editor.project, self.editor.picker()
            for entity_id in stack.ids:
                action = here.addAction(stack.name(project, entity_id, picker.kind(entity_id)))
                action.setCheckable(True)
                action.setChecked(entity_id in self.editor.selected())
                action.triggered.connect(
                    lambda _checked=False, chosen=entity_id: self.editor.selection.set([chosen])
                )
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.menu_at(event.pos()).exec(event.globalPos())

    def leaveEvent(self, event: Any) -> None:
        self._hovered = None
        super().leaveEvent(event)

    # --- keys ----------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if self._tool.key(event):
            return
        if event.key() == Qt.Key.Key_Escape and not isinstance(self._tool, SelectTool):
            self.set_tool(None)
            return
        super().keyPressEvent(event)

    def escape(self) -> None:
        """Esc pressed while another part of the window had the keys (a properties field):
        the tool takes its step back as on the canvas, or hands over to Select."""
        self.keyPressEvent(
            QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
        )

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self._panning = None
            self.viewport().setCursor(self._tool.cursor)
            return
        super().keyReleaseEvent(event)

    # --- drops from the palette ------------------------------------------------------------

    @staticmethod
    def _entry(event: QDropEvent | QDragMoveEvent | QDragEnterEvent) -> PaletteEntry | None:
        data = event.mimeData()
        if not data.hasFormat(PaletteEntry.MIME):
            return None
        return PaletteEntry.from_bytes(data.data(PaletteEntry.MIME).data())

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._entry(event) is not None and self.editor.hall_id is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        entry = self._entry(event)
        if entry is None:
            event.ignore()
            return
        self._drop.show(entry, self.mapToScene(event.position().toPoint()))
        event.acceptProposedAction()

    def dragLeaveEvent(self, event: QDragLeaveEvent) -> None:
        self._drop.hide()
        event.accept()

    def dropEvent(self, event: QDropEvent) -> None:
        self._drop.hide()
        entry = self._entry(event)
        if entry is None:
            event.ignore()
            return
        pos = self.mapToScene(event.position().toPoint())
        placed = self.editor.place(entry, pos.x(), pos.y())
        if placed:
            event.acceptProposedAction()
            self.setFocus()
        else:
            event.ignore()

    # --- legend and scale bar ------------------------------------------------------------

    def strip_legend(self) -> list[LegendEntry]:
        """What the strip along the bottom explains: a what-if's or a comparison's colours,
        the heat steps, or the status colours, the links drawn and the hall's services."""
        links = self.hall_scene.links
        shown = links.families if self.hall_scene.links_visible and links is not None else ()
        if self.legend is not None:
            return [*self.legend, *link_entries(shown, short=True)]
        if self.colour_mode == "heat":
            return heat_entries() + link_entries(shown, short=True)
        return [
            *rack_entries(self.editor.checked),
            *link_entries(shown, short=True),
            *strip_entries(self.hall_scene.cooling_kinds),
        ]

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        """A strip along the bottom with the legend and the scale bar, fixed on screen."""
        px_per_point = self.logicalDpiY() / 72.0
        view = QRectF(self.viewport().rect())
        strip = QRectF(view.left(), view.bottom() - STRIP_PX, view.width(), STRIP_PX)
        if not strip.intersects(self.mapFromScene(rect).boundingRect().toRectF()):
            return
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(style.pen(style.GRID_MAJOR, 0.75, px_per_point))
        painter.setBrush(style.brush(QColor(255, 255, 255, 230)))
        painter.drawRect(strip.adjusted(-1, 0, 1, 1))
        entries = self.strip_legend()
        middle = strip.center().y()
        bar_max = min(220.0, view.width() / 5)
        width = scale_bar_width(self.pixels_per_mm(), px_per_point, bar_max)
        left = strip.left() + 12
        room = strip.right() - 14 - width - 16 - left
        draw_legend_row(painter, QPointF(left, middle), entries, px_per_point, room)
        draw_scale_bar(
            painter,
            QPointF(strip.right() - 14 - width, middle),
            self.pixels_per_mm(),
            px_per_point,
            bar_max,
        )
        painter.restore()
