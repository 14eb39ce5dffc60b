"""Placing from the catalog: one item per click (or drop), or a whole row in one drag.

A ghost follows the cursor, blue where the item fits and red where it cannot stand, with
the reason in the status bar; R turns it. Palette drops use the same preview.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent

from designer.core.document import operations as ops
from designer.core.format import number
from designer.core.geometry.footprint import footprint, footprint_size
from designer.core.model.base import Rotation
from designer.core.placement.entry import PaletteEntry
from designer.core.placement.fit import PlacementPlan, obstruction
from designer.core.placement.labels import rack_tag
from designer.gui.canvas.preview import Ghost, boxes_path, fit_of
from designer.gui.canvas.tools.base import Canvas, Tool

SHIFT = Qt.KeyboardModifier.ShiftModifier


class PlacementPreview:
    """The ghost of a catalog item under the cursor, shared by the place tool and drops."""

    def __init__(self, view: Canvas) -> None:
        self.view = view
        self.ghost: Ghost | None = None

    def show(self, entry: PaletteEntry, pos: QPointF) -> PlacementPlan | None:
        plan = self.view.editor.plan(entry, pos.x(), pos.y())
        if plan is None:
            self.hide()
            return None
        if self.ghost is None:
            self.ghost = Ghost(self.view.hall_scene)
        self.ghost.show_shape(
            boxes_path(plan.boxes, plan.paths), fit_of(plan.problem, plan.overlaps)
        )
        self.view.editor.message.emit(plan.message())
        return plan

    def hide(self) -> None:
        if self.ghost is not None:
            self.ghost.remove()
            self.ghost = None


class PlaceTool(Tool):
    """Click to place the chosen catalog item; stays armed until Esc."""

    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, view: Canvas, entry: PaletteEntry) -> None:
        super().__init__(view)
        self.entry = entry
        self.preview = PlacementPreview(view)
        self._last: QPointF | None = None

    @property
    def hint(self) -> str:  # type: ignore[override]
        return "Click to place; R turns it; Esc stops."

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        self._last = pos
        self.preview.show(self.entry, pos)

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.editor.place(self.entry, pos.x(), pos.y())
            self.preview.show(self.entry, pos)

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_R:
            turns = 3 if event.modifiers() & SHIFT else 1
            self.editor.place_rotation = (self.editor.place_rotation + 90 * turns) % 360  # type: ignore[assignment]
            if self._last is not None:
                self.preview.show(self.entry, self._last)
            return True
        return False

    def deactivate(self) -> None:
        self.preview.hide()


class RowTool(Tool):
    """Drag along the floor to lay out a row of one rack type; release places it in one step."""

    cursor = Qt.CursorShape.CrossCursor
    hint = "Drag along the floor to lay out a row; R turns the fronts; Esc stops."

    def __init__(self, view: Canvas, type_id: str) -> None:
        super().__init__(view)
        self.type_id = type_id
        self.ghost: Ghost | None = None
        self._start: tuple[int, int] | None = None
        self._last: QPointF | None = None
        # fronts as a single rack dropped now would face (R turns both), so a row and the
        # racks placed one by one beside it face the same way
        turn = view.editor.place_rotation
        self._facing = {
            True: turn if turn in (0, 180) else 0,
            False: turn if turn in (90, 270) else 90,
        }
        self._row: tuple[int, int, int, Rotation] | None = None
        self._fine = False
        self._blocked = False

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._start = self.snapped(pos, event)
            self.move(pos, event)

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        self._last = pos
        self._fine = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if self._start is not None:
            self._lay_out(pos)

    def _lay_out(self, pos: QPointF) -> None:
        kind = self.editor.doc.rack_types[self.type_id]
        assert self._start is not None
        sx, sy = self._start
        ex, ey = self.snapped(pos, step=50 if self._fine else None)
        across = abs(ex - sx) >= abs(ey - sy)
        rotation: Rotation = self._facing[across]  # type: ignore[assignment]
        width, depth = footprint_size(kind.width_mm, kind.depth_mm, rotation)
        pitch = width if across else depth
        length = abs(ex - sx) if across else abs(ey - sy)
        count = max(1, math.floor(length / pitch + 0.5))
        x = sx - count * pitch if across and ex < sx else sx
        y = sy - count * pitch if not across and ey < sy else sy
        corners = ops.row_positions(kind.width_mm, kind.depth_mm, x, y, count, rotation)
        boxes = [footprint(cx, cy, kind.width_mm, kind.depth_mm, rotation) for cx, cy in corners]
        found = obstruction(
            self.editor.project, self.editor.hall_id or "", boxes, (), True, self.editor.picker()
        )
        if self.ghost is None:
            self.ghost = Ghost(self.scene)
        self.ghost.show_shape(boxes_path(boxes), fit_of(*found))
        self._row = (x, y, count, rotation)
        row = f"Row of {count} {kind.name}, {number(count * pitch / 1000, 2)} m"
        if found.refused:
            self.editor.message.emit(f"{row}: {found.refused}.")
        elif found.overlaps:
            self.editor.message.emit(
                f"{row} would overlap {found.overlaps}: release to place it anyway (the check "
                "reports the overlap)."
            )
        else:
            self.editor.message.emit(f"{row}. Release to place; R turns the fronts.")
        self._blocked = found.refused is not None

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._row is None:
            return
        x, y, count, rotation = self._row
        blocked = self._blocked
        self._clear()
        if blocked:
            self.editor.message.emit("Nothing placed: the row does not fit there.")
            return
        editor = self.editor
        kind = editor.doc.rack_types[self.type_id]
        ids = editor.place_row(self.type_id, x, y, count, rotation, 0, f"{rack_tag(kind)}-")
        if ids:
            # the row's last words were "Release to place": say what was placed instead
            labels = [editor.project.placements[i].label for i in ids]
            span = labels[0] if len(labels) == 1 else f"{labels[0]} to {labels[-1]}"
            self.editor.message.emit(f"Placed a row of {count} {kind.name}: {span}.")

    def key(self, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_R:
            for across in (True, False):
                self._facing[across] = (self._facing[across] + 180) % 360
            if self._last is not None and self._start is not None:
                self._lay_out(self._last)
            return True
        return False

    def _clear(self) -> None:
        if self.ghost is not None:
            self.ghost.remove()
            self.ghost = None
        self._start = None
        self._row = None

    def deactivate(self) -> None:
        self._clear()
