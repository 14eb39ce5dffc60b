"""What else stands in a hall: obstacles, overhead trays and busways, CDUs and CRAHs.

Each kind has a geometry builder (model entities -> arrays and paths, done once per change)
and a draw function (geometry -> painter, done every paint), so a canvas layer rebuilds
only when its entities change and a 6,912-rack hall's 800 busways are three ``drawLines``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPainterPathStroker, QPolygonF

from designer.core.format import number
from designer.core.geometry.floor import cooling_box
from designer.core.geometry.footprint import FRONT_DIRECTION, Box
from designer.core.model.hall import CableTray, CoolingUnit, Obstacle, PowerFeed
from designer.drawing import style
from designer.drawing.arrays import draw_lines, draw_rects, in_clip
from designer.drawing.lod import DETAIL_LOD, HATCH_LOD, LABEL_LOD, UNIT_OUTLINE_LOD, Context
from designer.drawing.text import draw_boxed_labels, draw_text_at

#: Size of the square drawn for a PDU or the end of a busway, and of an in-rack CDU, in mm.
POINT_MARK_MM = 300
#: Depth of the band marking the front (discharge side) of a cooling unit, in mm.
UNIT_FRONT_MM = 120


def _bounds(boxes: Iterable[QRectF]) -> QRectF:
    total = QRectF()
    for box in boxes:
        total = total.united(box)
    return total


# --- obstacles -----------------------------------------------------------------------


@dataclass(frozen=True)
class ObstacleGeometry:
    """Outlines of obstacles by kind, with their labels."""

    paths: dict[str, QPainterPath]
    labels: list[tuple[QRectF, str]]
    bounds: QRectF


def obstacle_geometry(obstacles: Iterable[Obstacle]) -> ObstacleGeometry:
    paths: dict[str, QPainterPath] = {}
    labels = []
    boxes = []
    for obstacle in obstacles:
        polygon = QPolygonF([QPointF(x, y) for x, y in obstacle.outline])
        path = paths.setdefault(obstacle.kind, QPainterPath())
        path.addPolygon(polygon)
        path.closeSubpath()
        box = polygon.boundingRect()
        boxes.append(box)
        text = obstacle.label or ("KEEP OUT" if obstacle.kind == "keepout" else "")
        if text:
            labels.append((box, text))
    return ObstacleGeometry(paths, labels, _bounds(boxes))


_OBSTACLE_LOOK = {
    "column": (style.COLUMN, style.COLUMN_EDGE, Qt.BrushStyle.BDiagPattern),
    "keepout": (style.KEEPOUT, style.KEEPOUT_EDGE, Qt.BrushStyle.FDiagPattern),
    "wall": (style.WALL_STUB, style.WALL, None),
}
_HATCH = {
    kind: QBrush(edge, pattern) for kind, (_, edge, pattern) in _OBSTACLE_LOOK.items() if pattern
}


def draw_obstacles(painter: QPainter, geometry: ObstacleGeometry, ctx: Context) -> None:
    """Columns hatched grey, keep-outs hatched red with a dashed edge, walls solid."""
    for kind, path in geometry.paths.items():
        fill, edge, _ = _OBSTACLE_LOOK[kind]
        dashed = Qt.PenStyle.DashLine if kind == "keepout" else Qt.PenStyle.SolidLine
        painter.setPen(style.pen(edge, 1.0, ctx.px_per_point, dashed))
        painter.setBrush(style.brush(fill))
        painter.drawPath(path)
        if kind in _HATCH and ctx.points_per_mm >= HATCH_LOD:
            painter.setPen(style.NO_PEN)
            painter.setBrush(_HATCH[kind])
            painter.drawPath(path)
    if ctx.points_per_mm >= LABEL_LOD:
        draw_boxed_labels(painter, ctx, geometry.labels, 6.5, style.INK, bold=True)


# --- cable trays ---------------------------------------------------------------------


def _segments(path: list[tuple[int, int]]) -> list[tuple[float, float, float, float]]:
    return [(a[0], a[1], b[0], b[1]) for a, b in pairwise(path)]


@dataclass(frozen=True)
class TrayGeometry:
    """Each tray's floor band (stroked outline) with its bounds, and the centre lines.

    ``runs`` groups the centre segments by tray width, for views too far out to see a
    band's edges.
    """

    bands: list[tuple[QRectF, QPainterPath]]
    centre: np.ndarray
    runs: dict[int, np.ndarray]
    labels: list[tuple[QPointF, str]]
    bounds: QRectF


def tray_geometry(trays: Iterable[CableTray]) -> TrayGeometry:
    bands = []
    centre: list[tuple[float, float, float, float]] = []
    runs: dict[int, list] = {}
    labels = []
    for tray in trays:
        line = QPainterPath(QPointF(*tray.path[0]))
        for x, y in tray.path[1:]:
            line.lineTo(x, y)
        stroker = QPainterPathStroker()
        stroker.setWidth(tray.width_mm)
        stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
        stroker.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        band = stroker.createStroke(line).simplified()
        bands.append((band.boundingRect(), band))
        segments = _segments(tray.path)
        centre.extend(segments)
        runs.setdefault(tray.width_mm, []).extend(segments)
        if tray.name:
            (ax, ay), (bx, by) = max(
                pairwise(tray.path),
                key=lambda ends: abs(ends[1][0] - ends[0][0]) + abs(ends[1][1] - ends[0][1]),
            )
            labels.append((QPointF((ax + bx) / 2, (ay + by) / 2), tray.name))
    return TrayGeometry(
        bands,
        np.array(centre, dtype=np.float64).reshape(-1, 4),
        {w: np.array(v, dtype=np.float64).reshape(-1, 4) for w, v in runs.items()},
        labels,
        _bounds(r for r, _ in bands),
    )


#: Below this width on the page, in points, a tray is drawn as a plain band of its width.
TRAY_EDGE_PT = 6.0


def draw_trays(painter: QPainter, geometry: TrayGeometry, ctx: Context) -> None:
    """Overhead trays the way plans show things above the floor: a light band, dashed edges.

    Far out, where the edges would merge, each tray is one translucent stroke of its width.
    """
    if not geometry.bands:
        return
    widest = max(geometry.runs)
    if widest * ctx.points_per_mm < TRAY_EDGE_PT:
        for width, lines in geometry.runs.items():
            painter.setPen(style.floor_pen(style.TRAY_FAR, width))
            draw_lines(painter, lines)
        return
    painter.setPen(style.pen(style.TRAY_EDGE, 0.9, ctx.px_per_point, Qt.PenStyle.DashLine))
    painter.setBrush(style.brush(style.TRAY))
    for rect, band in geometry.bands:
        if ctx.shows(rect.left(), rect.top(), rect.right(), rect.bottom()):
            painter.drawPath(band)
    if ctx.points_per_mm >= LABEL_LOD and len(geometry.centre):
        painter.setPen(style.pen(style.TRAY_EDGE, 0.5, ctx.px_per_point, Qt.PenStyle.DashDotLine))
        draw_lines(painter, geometry.centre)
    if ctx.points_per_mm >= LABEL_LOD * 2:
        for anchor, name in geometry.labels:
            if ctx.shows(anchor.x(), anchor.y(), anchor.x(), anchor.y()):
                draw_text_at(painter, ctx, anchor, name, 6.0, style.TRAY_EDGE, halo=True)


# --- power feeds ---------------------------------------------------------------------


@dataclass(frozen=True)
class FeedGeometry:
    """Busway segments and end marks per A/B side; PDUs as squares; labels."""

    segments: dict[str | None, np.ndarray]
    marks: dict[str | None, np.ndarray]
    labels: list[tuple[QPointF, str]]
    bounds: QRectF


def feed_geometry(feeds: Iterable[PowerFeed]) -> FeedGeometry:
    segments: dict[str | None, list] = {}
    marks: dict[str | None, list] = {}
    labels = []
    half = POINT_MARK_MM / 2
    boxes = []
    for feed in feeds:
        side = feed.side
        segments.setdefault(side, []).extend(_segments(feed.path))
        ends = [feed.path[0], feed.path[-1]] if len(feed.path) > 1 else [feed.path[0]]
        size = POINT_MARK_MM if len(feed.path) == 1 else POINT_MARK_MM / 2
        marks.setdefault(side, []).extend((x - size / 2, y - size / 2, size, size) for x, y in ends)
        xs = [p[0] for p in feed.path]
        ys = [p[1] for p in feed.path]
        boxes.append(
            QRectF(
                min(xs) - half,
                min(ys) - half,
                max(xs) - min(xs) + 2 * half,
                max(ys) - min(ys) + 2 * half,
            )
        )
        labels.append((QPointF(*feed.path[0]), f"{feed.name}  {number(feed.rating_kw, 0)} kW"))
    return FeedGeometry(
        {k: np.array(v, dtype=np.float64).reshape(-1, 4) for k, v in segments.items()},
        {k: np.array(v, dtype=np.float64).reshape(-1, 4) for k, v in marks.items()},
        labels,
        _bounds(boxes),
    )


#: From this level of detail busways are drawn at full weight with their end marks.
FEED_FULL_LOD = 0.01


def in_lines(lines: np.ndarray, ctx: Context) -> np.ndarray:
    """Mask of the segments (x1, y1, x2, y2) whose bounding boxes meet the clip."""
    if ctx.clip is None or not len(lines):
        return np.ones(len(lines), dtype=bool)
    c = ctx.clip
    x0, x1 = np.minimum(lines[:, 0], lines[:, 2]), np.maximum(lines[:, 0], lines[:, 2])
    y0, y1 = np.minimum(lines[:, 1], lines[:, 3]), np.maximum(lines[:, 1], lines[:, 3])
    return (x0 <= c.right()) & (x1 >= c.left()) & (y0 <= c.bottom()) & (y1 >= c.top())


def draw_feeds(painter: QPainter, geometry: FeedGeometry, ctx: Context) -> None:
    """Busways as lines in their side's colour (A blue, B orange), PDUs as squares.

    Far out the lines thin and the end marks go, so racks' colours stay readable under them.
    """
    weight = 2.2 if ctx.points_per_mm >= FEED_FULL_LOD else 0.9
    marks = POINT_MARK_MM / 2 * ctx.points_per_mm >= 1.5
    for side, lines in geometry.segments.items():
        colour = style.FEED_SIDE.get(side, style.FEED_SIDE[None])
        painter.setPen(style.pen(colour, weight, ctx.px_per_point))
        draw_lines(painter, lines[in_lines(lines, ctx)])
        if marks:
            painter.setPen(style.NO_PEN)
            painter.setBrush(style.brush(colour))
            draw_rects(painter, geometry.marks[side])
    if ctx.points_per_mm >= DETAIL_LOD:
        offset = ctx.millimetres(2.0)
        for anchor, text in geometry.labels:
            if ctx.shows(anchor.x(), anchor.y(), anchor.x(), anchor.y()):
                draw_text_at(
                    painter,
                    ctx,
                    QPointF(anchor.x() + offset, anchor.y() - offset),
                    text,
                    5.5,
                    style.MUTED_INK,
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom,
                    halo=True,
                )


# --- cooling units -------------------------------------------------------------------


@dataclass(frozen=True)
class CoolingGeometry:
    """Footprints of cooling units by kind, their front bands, in-rack CDUs and labels."""

    rects: dict[str, np.ndarray]
    fronts: np.ndarray
    in_rack: np.ndarray
    labels: list[tuple[QRectF, str]]
    bounds: QRectF
    #: Each label's unit fill: its text is set on a patch of it, so lines pass under it.
    label_fills: list[QColor] = field(default_factory=list)


def front_band(box: Box, rotation: int, depth: float) -> tuple[float, float, float, float]:
    """The strip ``depth`` mm deep along the front edge inside ``box`` (x, y, w, h)."""
    dx, dy = FRONT_DIRECTION[rotation]
    if dy < 0:
        return (box.x0, box.y0, box.width, depth)
    if dy > 0:
        return (box.x0, box.y1 - depth, box.width, depth)
    if dx > 0:
        return (box.x1 - depth, box.y0, depth, box.height)
    return (box.x0, box.y0, depth, box.height)


_UNIT_FILL = {"cdu": style.CDU, "crah": style.CRAH, "inrow_cooler": style.INROW}
_UNIT_EDGE = {"cdu": style.CDU_EDGE, "crah": style.CRAH_EDGE, "inrow_cooler": style.CRAH_EDGE}


def cooling_geometry(units: Iterable[CoolingUnit]) -> CoolingGeometry:
    rects: dict[str, list] = {}
    fronts = []
    in_rack = []
    labels = []
    fills: list[QColor] = []
    boxes = []
    for unit in units:
        box = cooling_box(unit)
        if box is None:
            half = POINT_MARK_MM / 2
            in_rack.append((unit.x - half, unit.y - half, POINT_MARK_MM, POINT_MARK_MM))
            boxes.append(QRectF(unit.x - half, unit.y - half, POINT_MARK_MM, POINT_MARK_MM))
            continue
        rect = (box.x0, box.y0, box.width, box.height)
        rects.setdefault(unit.kind, []).append(rect)
        fronts.append(
            front_band(box, unit.rotation, min(UNIT_FRONT_MM, box.height / 3, box.width / 3))
        )
        boxes.append(QRectF(*rect))
        capacity = unit.liquid_capacity_kw or unit.air_capacity_kw
        labels.append((QRectF(*rect), f"{unit.name}\n{number(capacity, 0)} kW"))
        fills.append(_UNIT_FILL[unit.kind])
    return CoolingGeometry(
        {k: np.array(v, dtype=np.float64) for k, v in rects.items()},
        np.array(fronts, dtype=np.float64).reshape(-1, 4),
        np.array(in_rack, dtype=np.float64).reshape(-1, 4),
        labels,
        _bounds(boxes),
        fills,
    )


def draw_cooling(painter: QPainter, geometry: CoolingGeometry, ctx: Context) -> None:
    """CDUs teal, CRAHs light blue, in-row coolers between; in-rack CDUs as teal dots."""
    outline = ctx.points_per_mm >= UNIT_OUTLINE_LOD
    for kind, rects in geometry.rects.items():
        painter.setPen(
            style.pen(_UNIT_EDGE[kind], 0.9, ctx.px_per_point) if outline else style.NO_PEN
        )
        painter.setBrush(style.brush(_UNIT_FILL[kind]))
        draw_rects(painter, rects[in_clip(rects, ctx.clip)])
    painter.setPen(style.NO_PEN)
    painter.setBrush(style.brush(style.CDU_EDGE))
    draw_rects(painter, geometry.fronts)
    if len(geometry.in_rack):
        painter.setPen(style.pen(style.CDU_EDGE, 0.9, ctx.px_per_point))
        painter.setBrush(style.brush(style.CDU))
        for x, y, w, h in geometry.in_rack:
            painter.drawEllipse(QRectF(x, y, w, h))


def draw_cooling_labels(painter: QPainter, geometry: CoolingGeometry, ctx: Context) -> None:
    """The units' names and capacities, drawn with the rack labels over the busways and
    links, each on a patch of its unit's fill (drawn with the units, the lines ran through
    them)."""
    if ctx.points_per_mm < LABEL_LOD:
        return
    shown = [
        index
        for index, (r, _) in enumerate(geometry.labels)
        if ctx.shows(r.left(), r.top(), r.right(), r.bottom())
    ]
    draw_boxed_labels(
        painter,
        ctx,
        [geometry.labels[i] for i in shown],
        6.0,
        style.INK,
        backgrounds=[geometry.label_fills[i] for i in shown],
    )
