"""Select and move: click, Shift/Ctrl-click, rubber band, and drag with one undo step.

While the mouse is down only stand-ins move: the dragged racks are hidden in their chunks
and an edit proxy (one stock path item) follows the cursor, snapped so the grabbed item's
corner stays on the tile grid. Release commits one ``move``; Esc puts everything back.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsRectItem

from designer.core.format import number
from designer.core.geometry.footprint import Box, snap
from designer.core.placement.fit import Obstruction, obstruction
from designer.drawing import style
from designer.gui.canvas.layers import Z_EDIT
from designer.gui.canvas.preview import Ghost, fit_of
from designer.gui.canvas.tools.base import Canvas, Tool

#: Moving more than this many boxes skips the live clearance check (it would lag).
LIVE_CHECK_LIMIT = 200
#: How close to a thing, in screen pixels, a click still picks it.
PICK_TOLERANCE_PX = 3


class DragSession:
    """One drag of the selection: proxy, hidden originals, and the pending offset.

    The selection moves by whole tiles (50 mm steps with Ctrl), so it keeps its place
    against what it was aligned with: racks in a row beside an 800 mm CDU stand off the
    600 mm grid, and snapping their corner to the grid would move them off their row.
    """

    def __init__(self, tool: SelectTool, ids: list[str], start: QPointF) -> None:
        self.tool = tool
        self.ids = ids
        self.start = start
        self.offset = (0, 0)
        scene = tool.scene
        self.proxy = Ghost(scene, dashed=False)
        self.proxy.show_shape(scene.outline_path(ids))
        scene.selection_item.setVisible(False)
        scene.set_hidden(ids)
        picker = tool.editor.picker()
        self.boxes = [
            b for b in (picker.box(i) for i in ids if picker.kind(i) in ("rack", "cooling")) if b
        ]

    def move(self, pos: QPointF, fine: bool) -> None:
        grid = 50 if fine else self.tool.editor.tile_mm
        dx = snap(round(pos.x() - self.start.x()), grid)
        dy = snap(round(pos.y() - self.start.y()), grid)
        if (dx, dy) == self.offset:
            return
        self.offset = (dx, dy)
        self.proxy.setPos(dx, dy)
        found = self._obstruction(dx, dy)
        self.proxy.set_fit(fit_of(*found))
        moved = f"Move by {number(dx / 1000, 2)} m, {number(dy / 1000, 2)} m"
        problem = found.refused or (found.overlaps and f"it would overlap {found.overlaps}")
        self.tool.editor.message.emit(
            f"{moved}: {problem}." if problem else f"{moved}. Esc cancels."
        )

    def _obstruction(self, dx: int, dy: int) -> Obstruction:
        if len(self.boxes) > LIVE_CHECK_LIMIT or not self.boxes:
            return Obstruction()
        editor = self.tool.editor
        moved = [b.moved(dx, dy) for b in self.boxes]
        return obstruction(
            editor.project,
            editor.hall_id or "",
            moved,
            (),
            True,
            editor.picker(),
            frozenset(self.ids),
        )

    def finish(self, commit: bool) -> None:
        scene = self.tool.scene
        self.proxy.remove()
        scene.set_hidden([])
        scene.selection_item.setVisible(True)
        editor = self.tool.editor
        if commit and self.offset != (0, 0):
            if editor.move(self.ids, *self.offset):
                dx, dy = self.offset
                editor.message.emit(f"Moved by {number(dx / 1000, 2)} m, {number(dy / 1000, 2)} m.")
        elif self.offset != (0, 0):
            editor.message.emit("Move cancelled.")  # not the drag's "Esc cancels" any more


class SelectTool(Tool):
    """The default tool."""

    hint = (
        "Click to select, drag to move. Drag across the floor to select an area "
        "(left to right: wholly inside; right to left: touching). Shift adds, Ctrl toggles."
    )

    def __init__(self, view: Canvas) -> None:
        super().__init__(view)
        self._grabbed: str | None = None
        self._press: QPointF | None = None
        self._press_px: QPointF | None = None
        self._drag: DragSession | None = None
        self._band: QGraphicsRectItem | None = None
        self._band_adds = False
        self._narrow_to: str | None = None

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        editor = self.editor
        tolerance = PICK_TOLERANCE_PX / max(self.view.pixels_per_mm(), 1e-9)
        hit = editor.picker().at(pos.x(), pos.y(), tolerance)
        mods = event.modifiers()
        self._press, self._press_px = pos, event.position()
        self._grabbed = None
        self._narrow_to = None
        if hit is None:
            self._band_adds = bool(
                mods & (Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.ControlModifier)
            )
            if not self._band_adds:
                editor.selection.clear()
            return
        if mods & Qt.KeyboardModifier.ControlModifier:
            editor.selection.toggle([hit])
            return
        if mods & Qt.KeyboardModifier.ShiftModifier:
            editor.selection.add([hit])
        elif hit not in editor.selected():
            editor.selection.set([hit])
        else:
            self._narrow_to = hit
        self._grabbed = hit

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        if not event.buttons() & Qt.MouseButton.LeftButton or self._press is None:
            return
        fine = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if self._drag is not None:
            self._drag.move(pos, fine)
            return
        travelled = (event.position() - self._press_px).manhattanLength() if self._press_px else 0
        if travelled < QApplication.startDragDistance():
            return
        if self._grabbed is not None:
            self._drag = DragSession(self, self.editor.selected(), self._press)
            self._drag.move(pos, fine)
        else:
            self._show_band(self._press, pos)

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if self._drag is not None:
            drag, self._drag = self._drag, None
            drag.finish(commit=True)
        elif self._band is not None and self._press is not None:
            crossing = pos.x() < self._press.x()
            box = Box(
                round(min(pos.x(), self._press.x())),
                round(min(pos.y(), self._press.y())),
                round(max(pos.x(), self._press.x())),
                round(max(pos.y(), self._press.y())),
            )
            found = self.editor.picker().in_rect(box, crossing)
            if self._band_adds:
                self.editor.selection.add(found)
            else:
                self.editor.selection.set(found)
            self._remove_band()
        elif self._narrow_to is not None:
            self.editor.selection.set([self._narrow_to])
        self._press = None
        self._grabbed = None

    def key(self, event: QKeyEvent) -> bool:
        if event.key() != Qt.Key.Key_Escape:
            return False
        if self._drag is not None:
            drag, self._drag = self._drag, None
            drag.finish(commit=False)
            self.editor.message.emit("Move cancelled.")
        elif self._band is not None:
            self._remove_band()
        else:
            self.editor.selection.clear()
        self._press = None
        return True

    def deactivate(self) -> None:
        if self._drag is not None:
            self._drag.finish(commit=False)
            self._drag = None
        self._remove_band()
        self._press = None

    def _show_band(self, a: QPointF, b: QPointF) -> None:
        if self._band is None:
            self._band = QGraphicsRectItem()
            self._band.setZValue(Z_EDIT)
            self.scene.addItem(self._band)
        crossing = b.x() < a.x()
        dash = Qt.PenStyle.DashLine if crossing else Qt.PenStyle.SolidLine
        colour = style.FEED_SIDE["B"] if crossing else style.SELECTION
        self._band.setPen(style.pen(colour, 0.9, 4 / 3, dash))
        self._band.setBrush(style.brush(style.SELECTION_FILL))
        self._band.setRect(QRectF(a, b).normalized())

    def _remove_band(self) -> None:
        if self._band is not None:
            self.scene.removeItem(self._band)
            self._band = None
