"""Select and move: click, Shift/Ctrl-click, rubber band, drag, and a run's end handles.

A click takes the topmost thing under the cursor; a click again on the one thing selected
takes the next one lying there (a busway over a rack, a tray over both), as
``core.geometry.stack`` decides, and the status bar names it. The toolbar's filter limits
clicks and boxes to one kind.

While the mouse is down only stand-ins move: the dragged racks are hidden in their chunks
and an edit proxy (one stock path item) follows the cursor, snapped so the grabbed item's
corner stays on the tile grid. A drag starts only once the mouse has travelled the
platform's drag distance, so a click that shakes moves nothing. Release commits one
``move``; Esc puts everything back. The end handles of one selected busway or tray are
looked at before anything on the floor, so they answer over racks too.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsRectItem

from designer.core.format import number
from designer.core.geometry.footprint import Box, snap
from designer.core.geometry.run_ends import end_near, with_end_moved
from designer.core.geometry.stack import Stack
from designer.core.model.base import Point
from designer.core.model.hall import path_length_mm
from designer.core.placement.fit import Obstruction, obstruction
from designer.drawing import style
from designer.gui.canvas.handles import HANDLE_PX
from designer.gui.canvas.layers import Z_EDIT
from designer.gui.canvas.preview import Ghost, boxes_path, fit_of
from designer.gui.canvas.tools.base import Canvas, Tool

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier

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
        scene.set_selection_visible(False)
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
        scene.set_selection_visible(True)
        editor = self.tool.editor
        if commit and self.offset != (0, 0):
            if editor.move(self.ids, *self.offset):
                dx, dy = self.offset
                editor.message.emit(f"Moved by {number(dx / 1000, 2)} m, {number(dy / 1000, 2)} m.")
        elif self.offset != (0, 0):
            editor.message.emit("Move cancelled.")  # not the drag's "Esc cancels" any more


class EndDrag:
    """One drag of a busway's or tray's end handle: a ghost of the new run follows the
    cursor (half tiles, 50 mm with Ctrl, squared up to the point before unless Shift is
    held); release commits one edit of its path."""

    def __init__(self, tool: SelectTool, run_id: str, end: int) -> None:
        self.tool = tool
        self.run_id = run_id
        self.end = end
        line = tool.editor.project.feeds.get(run_id) or tool.editor.project.trays.get(run_id)
        assert line is not None
        self.name = line.name
        self.before: list[Point] = list(line.path)
        self.path: list[Point] | None = self.before
        self.half_width = getattr(line, "width_mm", 300) / 2
        self.ghost = Ghost(tool.scene, dashed=False)
        tool.scene.selection_item.setVisible(False)  # the ghost stands in; the handles stay

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        point = self.tool.snapped(pos, event, self.tool.editor.tile_mm // 2)
        square = not event.modifiers() & SHIFT
        self.path = with_end_moved(self.before, self.end, point, square)
        if self.path is None:
            self.ghost.setVisible(False)
            self.tool.editor.message.emit(f"{self.name} needs two points: release elsewhere.")
            return
        self.ghost.show_shape(boxes_path((), [self.path], self.half_width))
        self.tool.scene.handles.place([self.path[0], self.path[-1]])
        self.tool.editor.message.emit(f"{self.name}: {_length(self.path)}. Esc cancels.")

    def finish(self, commit: bool) -> None:
        self.ghost.remove()
        self.tool.scene.selection_item.setVisible(True)
        editor, path = self.tool.editor, self.path
        changed = path is not None and path != self.before
        if commit and path is not None and changed:
            revision, new = editor.doc.revision, path
            editor.run(lambda: editor.update(self.run_id, path=new))
            if editor.doc.revision != revision:
                editor.message.emit(f"{self.name} is now {_length(new)} long.")
        elif changed:
            editor.message.emit(f"{self.name} left as it was.")
        self.tool.scene.show_selection(editor.selected())


def _length(path: list[Point]) -> str:
    return f"{number(path_length_mm(path) / 1000, 2)} m"


class SelectTool(Tool):
    """The default tool."""

    hint = (
        "Click to select, click again for what lies beneath, drag to move. Drag across the "
        "floor to select an area (left to right: wholly inside; right to left: touching). "
        "Shift adds, Ctrl toggles."
    )

    def __init__(self, view: Canvas) -> None:
        super().__init__(view)
        self._grabbed: str | None = None
        self._press: QPointF | None = None
        self._press_px: QPointF | None = None
        self._drag: DragSession | None = None
        self._end: EndDrag | None = None
        self._band: QGraphicsRectItem | None = None
        self._band_adds = False
        #: What a click (a press and release without a drag) selects on release.
        self._on_click: str | None = None
        self._stack = Stack(())

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        editor = self.editor
        mods = event.modifiers()
        self._press, self._press_px = pos, event.position()
        self._grabbed = self._on_click = None
        if not mods & (SHIFT | CTRL) and self._press_handle(pos):
            return
        tolerance = PICK_TOLERANCE_PX / max(self.view.pixels_per_mm(), 1e-9)
        stack = Stack(
            tuple(editor.picker().stack_at(pos.x(), pos.y(), tolerance, self.view.pick_kinds))
        )
        self._stack = stack
        if not stack:
            self._band_adds = bool(mods & (SHIFT | CTRL))
            if not self._band_adds:
                editor.selection.clear()
            return
        selected = editor.selected()
        if mods & CTRL:
            toggled = stack.toggled(selected)
            editor.selection.toggle([toggled])
            name = stack.name(editor.project, toggled, editor.picker().kind(toggled))
            taken = toggled in editor.selection
            editor.message.emit(
                f"Added {name} to the selection." if taken else f"Took {name} out of the selection."
            )
            return
        if mods & SHIFT:
            added = stack.first_unselected(selected)
            if added is not None:
                editor.selection.add([added])
                self._say(added)
            self._grabbed = added or stack.top_selected(selected)
            return
        grabbed = stack.top_selected(selected)
        if grabbed is None:
            grabbed = stack.ids[0]
            editor.selection.set([grabbed])
            self._say(grabbed)
        elif len(editor.selection.ids) == 1:
            self._on_click = stack.after(grabbed)  # again on the one selected: the next
        else:
            self._on_click = grabbed  # one of several selected: that one alone
        self._grabbed = grabbed

    def _press_handle(self, pos: QPointF) -> bool:
        """Start dragging an end of the one busway or tray selected when ``pos`` is on it."""
        run_id, project = self.scene.handles.run, self.editor.project
        line = (project.feeds.get(run_id) or project.trays.get(run_id)) if run_id else None
        if line is None:
            return False
        reach = (HANDLE_PX / 2 + PICK_TOLERANCE_PX) / max(self.view.pixels_per_mm(), 1e-9)
        end = end_near(line.path, pos.x(), pos.y(), reach)
        if end is None:
            return False
        self._end = EndDrag(self, line.id, end)
        return True

    def _say(self, entity_id: str) -> None:
        """Name what was picked in the status bar, and where it stands among the others here."""
        editor = self.editor
        kind = editor.picker().kind(entity_id)
        editor.message.emit(self._stack.describe(editor.project, entity_id, kind))

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        if not event.buttons() & Qt.MouseButton.LeftButton or self._press is None:
            return
        fine = bool(event.modifiers() & CTRL)
        if self._drag is not None:
            self._drag.move(pos, fine)
            return
        travelled = (event.position() - self._press_px).manhattanLength() if self._press_px else 0
        if travelled < QApplication.startDragDistance():
            return
        if self._end is not None:
            self._end.move(pos, event)
        elif self._grabbed is not None:
            self._on_click = None
            self._drag = DragSession(self, self.editor.selected(), self._press)
            self._drag.move(pos, fine)
        else:
            self._show_band(self._press, pos)

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if self._end is not None:
            end, self._end = self._end, None
            end.finish(commit=True)
        elif self._drag is not None:
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
            found = self.editor.picker().in_rect(box, crossing, self.view.pick_kinds)
            if self._band_adds:
                self.editor.selection.add(found)
            else:
                self.editor.selection.set(found)
            self._remove_band()
        elif self._on_click is not None:
            self.editor.selection.set([self._on_click])
            self._say(self._on_click)
        self._press = None
        self._grabbed = self._on_click = None

    def key(self, event: QKeyEvent) -> bool:
        if event.key() != Qt.Key.Key_Escape:
            return False
        if self._end is not None:
            end, self._end = self._end, None
            end.finish(commit=False)
        elif self._drag is not None:
            drag, self._drag = self._drag, None
            drag.finish(commit=False)
            self.editor.message.emit("Move cancelled.")
        elif self._band is not None:
            self._remove_band()
        else:
            self.editor.selection.clear()
        self._press = None
        self._on_click = None
        return True

    def deactivate(self) -> None:
        if self._end is not None:
            self._end.finish(commit=False)
            self._end = None
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
