"""A hall's floor: the outline to scale, the tile grid, the walls, the overall dimensions and
the cable entry, where the links to other halls and sites leave the hall."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPainterPath, QPolygonF

from designer.core.format import number
from designer.core.model.hall import Hall
from designer.drawing import style
from designer.drawing.arrays import draw_lines
from designer.drawing.lod import LABEL_LOD, MIN_GRID_SPACING_PT, Context
from designer.drawing.text import draw_text_at, text_advance

#: Tiles between major grid lines (5 x 600 mm = 3 m).
MAJOR_EVERY = 5
#: How far the dimension lines stand off the walls, in points.
DIMENSION_OFFSET_PT = 11.0
#: The cable entry's mark: its radius and its name's size, in points.
ENTRY_RADIUS_PT = 3.2
ENTRY_LABEL_PT = 6.5
ENTRY_NAME = "Cable entry"


@dataclass(frozen=True)
class FloorGeometry:
    """What drawing a hall's floor needs, computed once per hall outline."""

    outline: QPolygonF
    bounds: QRectF
    tile_mm: int
    rectangular: bool
    name: str
    #: Where cables leave for other halls and sites (hall mm), if the hall says.
    cable_entry: QPointF | None = None

    @property
    def clip_path(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(self.outline)
        path.closeSubpath()
        return path


def floor_geometry(hall: Hall) -> FloorGeometry:
    """The outline polygon and bounds of ``hall``."""
    polygon = QPolygonF([QPointF(x, y) for x, y in hall.outline])
    bounds = polygon.boundingRect()
    xs = {x for x, _ in hall.outline}
    ys = {y for _, y in hall.outline}
    rectangular = len(hall.outline) == 4 and len(xs) == 2 and len(ys) == 2
    entry = QPointF(*hall.cable_entry) if hall.cable_entry is not None else None
    return FloorGeometry(polygon, bounds, hall.tile_mm, rectangular, hall.name, entry)


def dimension_margin_mm(floor: FloorGeometry) -> float:
    """Room to leave around the hall for its dimension lines (what a canvas item must cover)."""
    return max(3_000.0, 0.12 * max(floor.bounds.width(), floor.bounds.height()))


def draw_floor(
    painter: QPainter,
    floor: FloorGeometry,
    ctx: Context,
    grid: bool = True,
    dimensions: bool = True,
) -> None:
    """Fill the hall, draw its tile grid (clipped to the outline), walls and dimensions."""
    painter.setPen(style.NO_PEN)
    painter.setBrush(style.brush(style.FLOOR))
    painter.drawPolygon(floor.outline)
    if grid:
        _draw_grid(painter, floor, ctx)
    painter.setBrush(style.NO_BRUSH)
    painter.setPen(style.pen(style.WALL, 2.0, ctx.px_per_point))
    painter.drawPolygon(floor.outline)
    if dimensions:
        draw_dimensions(painter, floor, ctx)


def draw_cable_entry(
    painter: QPainter, floor: FloorGeometry, ctx: Context, off_the_line: bool = False
) -> None:
    """A round mark where cables leave the hall, named from 1:100 on towards the middle of
    the hall, so an architect setting it sees whether it meets a tray. Drawn with the
    labels, over the trays and the links that end at it. The name goes beside the mark, or
    ``off_the_line`` under it (over it on the far half of the hall), where a tray's name
    along the wall has taken the place beside it."""
    at = floor.cable_entry
    if at is None:
        return
    radius = ctx.millimetres(ENTRY_RADIUS_PT)
    reach = ctx.millimetres(60.0)  # the name's width, about
    if not ctx.shows(at.x() - reach, at.y() - reach, at.x() + reach, at.y() + reach):
        return
    painter.setPen(style.pen(style.PAPER, 0.8, ctx.px_per_point))
    painter.setBrush(style.brush(style.TRAY_EDGE))
    painter.drawEllipse(at, radius, radius)
    if ctx.points_per_mm < LABEL_LOD:
        return
    inward, down = _towards_middle(floor)
    side = Qt.AlignmentFlag.AlignLeft if inward else Qt.AlignmentFlag.AlignRight
    if off_the_line:
        anchor = QPointF(at.x() + (-radius if inward else radius), at.y())
        anchor.setY(at.y() + (radius * 1.3 if down else -radius * 1.3))
        align = side | (Qt.AlignmentFlag.AlignTop if down else Qt.AlignmentFlag.AlignBottom)
    else:
        gap = radius * 1.6
        anchor = QPointF(at.x() + (gap if inward else -gap), at.y())
        align = side | Qt.AlignmentFlag.AlignVCenter
    draw_text_at(
        painter, ctx, anchor, ENTRY_NAME, ENTRY_LABEL_PT, style.TRAY_EDGE, align=align, halo=True
    )


def entry_name_box(
    floor: FloorGeometry, points_per_mm: float, under: bool = False
) -> tuple[float, float, float, float] | None:
    """The floor box (x0, y0, x1, y1, mm) the cable entry's mark and its name beside it take
    at ``points_per_mm``: a tray's name keeps clear of it, and where it cannot, the name
    goes under the mark (a trial's "Cable entry" and "Entry tray" were written over each
    other); ``under``: the box of the name there, which a tray's name keeps clear of too."""
    at = floor.cable_entry
    if at is None:
        return None
    name_length, name_height = _entry_name_size()
    radius = ENTRY_RADIUS_PT / points_per_mm
    inward, down = _towards_middle(floor)
    if under:
        width = name_length / points_per_mm
        height = name_height / points_per_mm
        left = at.x() - radius if inward else at.x() + radius - width
        top = at.y() + radius * 1.3 if down else at.y() - radius * 1.3 - height
        return left, top, left + width, top + height
    length = name_length / points_per_mm + radius * 1.6
    half_height = max(name_height / points_per_mm, 2 * radius) / 2
    x0, x1 = (at.x() - radius, at.x() + length) if inward else (at.x() - length, at.x() + radius)
    return x0, at.y() - half_height, x1, at.y() + half_height


@lru_cache(maxsize=1)
def _entry_name_size() -> tuple[float, float]:
    """The length of the cable entry's name with its halo, and its height, in points
    (measured once: a drawing set keeps every hall's tray names clear of it)."""
    metrics = QFontMetricsF(style.font(ENTRY_LABEL_PT, 1.0))
    return metrics.horizontalAdvance(ENTRY_NAME) + 2, metrics.height()


def _towards_middle(floor: FloorGeometry) -> tuple[bool, bool]:
    """Whether the middle of the hall is right of the cable entry, and below it."""
    at, middle = floor.cable_entry or QPointF(), floor.bounds.center()
    return at.x() <= middle.x(), at.y() <= middle.y()


def _grid_lines(
    x0: float, x1: float, y0: float, y1: float, step: int, vertical: bool
) -> np.ndarray:
    """Lines every ``step`` mm (on multiples of ``step``) across ``[x0, x1] x [y0, y1]``."""
    lo, hi = (x0, x1) if vertical else (y0, y1)
    first = np.ceil(lo / step) * step
    positions = np.arange(first, hi + 0.5, step, dtype=np.float64)
    lines = np.empty((len(positions), 4))
    if vertical:
        lines[:, 0] = lines[:, 2] = positions
        lines[:, 1], lines[:, 3] = y0, y1
    else:
        lines[:, 1] = lines[:, 3] = positions
        lines[:, 0], lines[:, 2] = x0, x1
    return lines


def _draw_grid(painter: QPainter, floor: FloorGeometry, ctx: Context) -> None:
    tile = floor.tile_mm
    area = floor.bounds if ctx.clip is None else floor.bounds.intersected(ctx.clip)
    if area.isEmpty():
        return
    x0, y0, x1, y1 = area.left(), area.top(), area.right(), area.bottom()
    clipped = not floor.rectangular
    if clipped:
        painter.save()
        painter.setClipPath(floor.clip_path, Qt.ClipOperation.IntersectClip)
    for step, colour in ((tile, style.GRID_MINOR), (tile * MAJOR_EVERY, style.GRID_MAJOR)):
        if step * ctx.points_per_mm < MIN_GRID_SPACING_PT:
            continue
        painter.setPen(style.pen(colour, 0.75, ctx.px_per_point))
        draw_lines(painter, _grid_lines(x0, x1, y0, y1, step, vertical=True))
        draw_lines(painter, _grid_lines(x0, x1, y0, y1, step, vertical=False))
    if clipped:
        painter.restore()


def draw_dimensions(painter: QPainter, floor: FloorGeometry, ctx: Context) -> None:
    """Overall width above the hall and depth to its left, as on an architect's plan."""
    offset = ctx.millimetres(DIMENSION_OFFSET_PT)
    if offset <= 0 or offset > dimension_margin_mm(floor) * 0.8:
        return
    b = floor.bounds
    tick = ctx.millimetres(3.0)
    top = b.top() - offset
    left = b.left() - offset
    reach = ctx.millimetres(40.0)  # the labels' half width, about
    along_top = ctx.shows(b.left() - reach, top - reach, b.right() + reach, top + reach)
    along_left = ctx.shows(left - reach, b.top() - reach, left + reach, b.bottom() + reach)
    if not (along_top or along_left):
        return
    lines = np.array(
        [
            (b.left(), top, b.right(), top),
            (b.left(), top - tick, b.left(), top + tick),
            (b.right(), top - tick, b.right(), top + tick),
            (left, b.top(), left, b.bottom()),
            (left - tick, b.top(), left + tick, b.top()),
            (left - tick, b.bottom(), left + tick, b.bottom()),
        ],
        dtype=np.float64,
    )
    painter.setPen(style.pen(style.DIMENSION, 0.75, ctx.px_per_point))
    draw_lines(painter, lines)
    size = 7.5
    # on a part of a tiled plan, each label at the middle of the line's part on the sheet
    shown = b if ctx.part is None else b.intersected(ctx.part)
    # a line the part cuts says its figure is the hall's: a trial read "38.4 m" over the
    # 19.9 m of it one part shows as the length drawn
    width_text = _overall(b.width(), shown.width())
    depth_text = _overall(b.height(), shown.height())
    # a part showing too little of a line to hold its figure leaves it to the other parts
    if _holds(ctx, width_text, size, shown.width(), b.width()):
        draw_text_at(
            painter,
            ctx,
            QPointF(shown.center().x(), top),
            width_text,
            size,
            style.DIMENSION,
            halo=True,
        )
    if _holds(ctx, depth_text, size, shown.height(), b.height()):
        draw_text_at(
            painter,
            ctx,
            QPointF(left, shown.center().y()),
            depth_text,
            size,
            style.DIMENSION,
            halo=True,
            upright=True,  # along its line: no wider than the line's offset from the wall
        )


def _overall(whole_mm: float, shown_mm: float) -> str:
    """The figure of a dimension line of ``whole_mm``, ``shown_mm`` of it on the sheet."""
    figure = f"{number(whole_mm / 1000, 2)} m"
    return figure if shown_mm >= whole_mm else f"{figure} (whole hall)"


def _holds(ctx: Context, text: str, size_pt: float, shown_mm: float, whole_mm: float) -> bool:
    """Whether ``shown_mm`` of a dimension line (all ``whole_mm`` of it on an untiled plan)
    has room for its figure ``text``."""
    if shown_mm <= 0:
        return False
    if shown_mm >= whole_mm:
        return True
    advance = text_advance(text, size_pt, ctx.px_per_point)
    return ctx.millimetres(advance / ctx.px_per_point + 6) <= shown_mm
