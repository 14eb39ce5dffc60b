"""Drawing tools: the hall's outline, obstacles (column, keep-out, wall) and overhead runs.

Points snap to the tile grid (busways and trays to half tiles; Ctrl for 50 mm) and runs
stay orthogonal unless Shift is held, as trays and busways are built. Each finished shape
is one operation: one undo step.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainterPath, QPolygonF
from PySide6.QtWidgets import QApplication

from designer.core.format import number
from designer.core.geometry.footprint import Box
from designer.core.geometry.run_ends import squared
from designer.core.placement.entry import PaletteEntry, entry_name
from designer.gui.canvas.preview import Ghost, boxes_path
from designer.gui.canvas.tools.base import Canvas, Tool

SHIFT = Qt.KeyboardModifier.ShiftModifier


class _PointsTool(Tool):
    """Collects clicked points; Enter or a double click finishes, Backspace takes one back.

    A piece may also be dragged: a release past the system's drag distance from its press
    adds the point it is released at. A drag that starts a route draws a whole straight run
    in one gesture, as a line is drawn in any drawing program; a drag from a route's last
    point goes on along it, and Enter finishes as ever.
    """

    cursor = Qt.CursorShape.CrossCursor
    minimum = 2
    closed = False

    def __init__(self, view: Canvas) -> None:
        super().__init__(view)
        self.points: list[tuple[int, int]] = []
        self.ghost: Ghost | None = None
        self._hover: tuple[int, int] | None = None
        self._step: int | None = None
        self._press_px: QPointF | None = None
        self._press_started_route = False

    def _constrained(self, pos: QPointF, event: QMouseEvent) -> tuple[int, int]:
        point = self.snapped(pos, event, self._step)
        if self.points and not event.modifiers() & SHIFT:
            return squared(point, self.points[-1])
        return point

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        point = self._constrained(pos, event)
        if not self.points or point != self.points[-1]:
            self.points.append(point)
        self._press_px = event.position()
        self._press_started_route = len(self.points) == 1
        self._show()

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        self._hover = self._constrained(pos, event) if self.points else None
        self._show()

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        start, self._press_px = self._press_px, None
        if start is None or not self.points or event.button() != Qt.MouseButton.LeftButton:
            return
        if (event.position() - start).manhattanLength() < QApplication.startDragDistance():
            return
        end = self._constrained(pos, event)
        if end != self.points[-1]:
            self.points.append(end)
        if self._press_started_route and len(self.points) >= self.minimum:
            self._finish()
        else:
            self._show()

    def double_click(self, pos: QPointF, event: QMouseEvent) -> None:
        self._finish()

    def key(self, event: QKeyEvent) -> bool:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._finish()
        elif event.key() == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._show()
        elif event.key() == Qt.Key.Key_Escape and self.points:
            self._reset()
            self.editor.message.emit("Drawing cancelled.")
        else:
            return False
        return True

    def _show(self) -> None:
        points = self.points + ([self._hover] if self._hover else [])
        if not points:
            return
        path = QPainterPath()
        polygon = QPolygonF([QPointF(x, y) for x, y in points])
        path.addPolygon(polygon)
        if self.closed and len(points) > 2:
            path.closeSubpath()
        if self.ghost is None:
            self.ghost = Ghost(self.scene)
        self.ghost.show_shape(self._preview(path, points))

    def _preview(self, path: QPainterPath, points: list[tuple[int, int]]) -> QPainterPath:
        return path

    def _finish(self) -> None:
        if len(self.points) < self.minimum:
            self.editor.message.emit(f"Click at least {self.minimum} points, then press Enter.")
            return
        points = list(self.points)
        self._reset()
        self.commit(points)

    def commit(self, points: list[tuple[int, int]]) -> None:
        raise NotImplementedError

    def _reset(self) -> None:
        self.points = []
        self._hover = None
        self._press_px = None
        if self.ghost is not None:
            self.ghost.remove()
            self.ghost = None

    def deactivate(self) -> None:
        self._reset()


class OutlineTool(_PointsTool):
    """Redraw the shown hall's outline: click its corners, Enter to finish."""

    minimum = 3
    closed = True
    hint = "Click the corners of the hall (Shift: any angle); Enter finishes, Backspace undoes a corner."

    def commit(self, points: list[tuple[int, int]]) -> None:
        self.editor.set_outline(points)


class RunTool(_PointsTool):
    """Draw a cable tray or a busway: click along its route, Enter or double-click to finish.

    The run is of the catalog type it is given (the palette's highlighted busway or tray),
    and the hint names it, so the user sees what is drawn before the first click.
    """

    def __init__(self, view: Canvas, entry: PaletteEntry) -> None:
        super().__init__(view)
        self.entry = entry
        self._step = self.editor.tile_mm // 2
        tray = self.editor.doc.catalog.trays.get(entry.type_id)
        self._half_width = tray.width_mm / 2 if entry.kind == "tray" and tray else 120

    @property
    def hint(self) -> str:  # type: ignore[override]
        what = entry_name(self.editor.doc, self.entry)
        return f"Drawing a {what}: click along the route (Shift: any angle); double-click or Enter finishes."

    def _preview(self, path: QPainterPath, points: list[tuple[int, int]]) -> QPainterPath:
        return boxes_path((), [points], self._half_width)

    def commit(self, points: list[tuple[int, int]]) -> None:
        self.editor.add_run(points, self.entry)


class ObstacleTool(Tool):
    """Drag a rectangle to add a column, keep-out zone or wall; a click adds the catalog size."""

    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, view: Canvas, kind: str) -> None:
        super().__init__(view)
        self.kind = kind
        self.ghost: Ghost | None = None
        self._start: tuple[int, int] | None = None
        self._box: Box | None = None

    @property
    def hint(self) -> str:  # type: ignore[override]
        what = {"column": "a column", "keepout": "a keep-out zone", "wall": "a wall"}[self.kind]
        return f"Drag a rectangle to add {what}; a click adds the standard size. Esc stops."

    def press(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._start = self.snapped(pos, event)
            self._box = None

    def move(self, pos: QPointF, event: QMouseEvent) -> None:
        if self._start is None:
            return
        (ax, ay), (bx, by) = self._start, self.snapped(pos, event)
        self._box = Box(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        if self.ghost is None:
            self.ghost = Ghost(self.scene)
        self.ghost.show_shape(boxes_path([self._box]))
        self.editor.message.emit(
            f"{number(self._box.width / 1000, 2)} m × {number(self._box.height / 1000, 2)} m"
        )

    def release(self, pos: QPointF, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._start is None:
            return
        box = self._box
        if box is None or box.width == 0 or box.height == 0:
            size = self._standard_size()
            x, y = self._start
            box = Box(
                x - size[0] // 2,
                y - size[1] // 2,
                x + size[0] - size[0] // 2,
                y + size[1] - size[1] // 2,
            )
        self._clear()
        self.editor.add_obstacle(self.kind, box)

    def _standard_size(self) -> tuple[int, int]:
        for structure in self.editor.doc.catalog.structures.values():
            if structure.kind == self.kind:
                return structure.width_mm, structure.depth_mm
        return 200, 2_400

    def _clear(self) -> None:
        if self.ghost is not None:
            self.ghost.remove()
            self.ghost = None
        self._start = None
        self._box = None

    def deactivate(self) -> None:
        self._clear()
