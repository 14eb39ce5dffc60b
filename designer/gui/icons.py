"""Icons drawn in code: palette items from ``designer.drawing.glyphs``, toolbar symbols here.

No image files: every icon is a few vector strokes rendered at the sizes Qt asks for, so
they stay sharp on any screen and match the plan's colours.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QIcon,
    QIconEngine,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)

from designer.core.findings import OK, WARNING
from designer.drawing import style
from designer.drawing.glyphs import draw_glyph

INK = QColor("#2b3540")
ACCENT = style.SELECTION


class _PaintedIcon(QIconEngine):
    """A QIcon that paints itself at whatever size and state it is drawn."""

    def __init__(self, paint: Callable[[QPainter, QRectF], None]) -> None:
        super().__init__()
        self._paint = paint

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if mode == QIcon.Mode.Disabled:
            painter.setOpacity(0.35)
        self._paint(painter, QRectF(rect))
        painter.restore()

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        pixmap = QPixmap(size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        self.paint(painter, pixmap.rect(), mode, state)
        painter.end()
        return pixmap

    def clone(self) -> QIconEngine:
        return _PaintedIcon(self._paint)


def glyph_icon(kind: str) -> QIcon:
    """The palette icon of a catalog item (see ``designer.drawing.glyphs``)."""
    return QIcon(_PaintedIcon(lambda p, r: draw_glyph(p, kind, r)))


def _stroke(painter: QPainter, r: QRectF, width: float = 1.6, colour: QColor = INK) -> float:
    unit = r.width() / 24
    pen = QPen(colour, width * unit)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    return unit


def _pt(r: QRectF, u: float, x: float, y: float) -> QPointF:
    return QPointF(r.left() + x * u, r.top() + y * u)


def _poly(
    painter: QPainter, r: QRectF, u: float, points: list[tuple[float, float]], closed: bool = False
) -> None:
    polygon = QPolygonF([_pt(r, u, x, y) for x, y in points])
    if closed:
        painter.drawPolygon(polygon)
    else:
        painter.drawPolyline(polygon)


def _new(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r)
    _poly(p, r, u, [(6, 3), (14, 3), (19, 8), (19, 21), (6, 21)], closed=True)
    _poly(p, r, u, [(14, 3), (14, 8), (19, 8)])


def _open(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r)
    _poly(p, r, u, [(3, 6), (9, 6), (11, 8), (20, 8), (20, 19), (3, 19)], closed=True)
    _poly(p, r, u, [(3, 12), (20, 12)])


def _save(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r)
    _poly(p, r, u, [(4, 4), (17, 4), (20, 7), (20, 20), (4, 20)], closed=True)
    _poly(p, r, u, [(8, 4), (8, 9), (15, 9), (15, 4)])
    p.drawRect(QRectF(_pt(r, u, 8, 13), _pt(r, u, 16, 20)))


def _arrow(p: QPainter, r: QRectF, mirror: bool) -> None:
    u = _stroke(p, r)
    path = QPainterPath(_pt(r, u, 6, 10))
    path.cubicTo(_pt(r, u, 10, 5), _pt(r, u, 19, 6), _pt(r, u, 19, 13))
    path.cubicTo(_pt(r, u, 19, 18), _pt(r, u, 15, 20), _pt(r, u, 11, 20))
    if mirror:
        p.translate(r.center().x() * 2, 0)
        p.scale(-1, 1)
    p.drawPath(path)
    _poly(p, r, u, [(5, 4), (6, 10), (12, 10)])


def _select(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r, 1.4)
    p.setBrush(INK)
    _poly(p, r, u, [(6, 3), (6, 19), (10, 15), (13, 21), (15, 20), (12, 14), (18, 14)], closed=True)


def _row(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r, 1.2)
    for i in range(4):
        p.setBrush(style.STATUS_FILL[OK])
        p.drawRect(QRectF(_pt(r, u, 3 + i * 4.6, 6), _pt(r, u, 7.2 + i * 4.6, 16)))
    p.setPen(QPen(ACCENT, 1.6 * u))
    _poly(p, r, u, [(3, 20), (21, 20)])
    _poly(p, r, u, [(18, 18), (21, 20), (18, 22)])


def _outline(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r)
    _poly(p, r, u, [(3, 4), (21, 4), (21, 13), (13, 13), (13, 20), (3, 20)], closed=True)
    p.setBrush(ACCENT)
    p.setPen(Qt.PenStyle.NoPen)
    for x, y in [(3, 4), (21, 4), (21, 13), (13, 13), (13, 20), (3, 20)]:
        p.drawEllipse(_pt(r, u, x, y), 1.6 * u, 1.6 * u)


def _glyph(kind: str) -> Callable[[QPainter, QRectF], None]:
    return lambda p, r: draw_glyph(p, kind, r)


def _tray(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r, 1.2, style.TRAY_EDGE)
    p.setBrush(style.TRAY)
    pen = p.pen()
    pen.setStyle(Qt.PenStyle.DashLine)
    p.setPen(pen)
    _poly(p, r, u, [(3, 9), (15, 9), (15, 21), (21, 21), (21, 3), (3, 3)], closed=False)
    _poly(p, r, u, [(3, 15), (9, 15), (9, 21)])


def _rotate(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r)
    p.drawArc(QRectF(_pt(r, u, 4, 4), _pt(r, u, 20, 20)), 100 * 16, 290 * 16)
    _poly(p, r, u, [(10, 1.5), (13, 4), (10, 7)])


def _delete(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r)
    _poly(p, r, u, [(4, 6), (20, 6)])
    _poly(p, r, u, [(9, 6), (10, 3), (14, 3), (15, 6)])
    _poly(p, r, u, [(6, 6), (7, 21), (17, 21), (18, 6)])
    _poly(p, r, u, [(10, 10), (10, 17)])
    _poly(p, r, u, [(14, 10), (14, 17)])


def _fit(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r)
    for x, y, dx, dy in [(3, 3, 1, 1), (21, 3, -1, 1), (3, 21, 1, -1), (21, 21, -1, -1)]:
        _poly(p, r, u, [(x, y + 5 * dy), (x, y), (x + 5 * dx, y)])
    p.drawRect(QRectF(_pt(r, u, 8, 8), _pt(r, u, 16, 16)))


def _heat(p: QPainter, r: QRectF) -> None:
    u = r.width() / 24
    p.setPen(Qt.PenStyle.NoPen)
    for i, (_, colour) in enumerate(style.HEAT_STEPS[1:6]):
        p.setBrush(colour)
        p.drawRect(QRectF(_pt(r, u, 3 + i * 3.8, 4), _pt(r, u, 6.6 + i * 3.8, 20)))


def _dashboard(p: QPainter, r: QRectF) -> None:
    u = _stroke(p, r, 1.2)
    for i, (length, colour) in enumerate(
        [(14, style.STATUS_FILL[1]), (18, style.STATUS_FILL[2]), (10, style.STATUS_FILL[1])]
    ):
        p.setBrush(colour)
        p.drawRect(QRectF(_pt(r, u, 3, 4 + i * 6), _pt(r, u, 3 + length, 8 + i * 6)))
    pen = QPen(style.STATUS_FILL[3], 1.4 * u, Qt.PenStyle.DashLine)
    p.setPen(pen)
    _poly(p, r, u, [(18, 2), (18, 22)])


def _links(p: QPainter, r: QRectF) -> None:
    u = r.width() / 24
    for width, colour, at in (
        (1.4, style.LINK_FAMILY["copper"], 6.0),
        (2.4, style.LINK_FAMILY["multimode"], 11.0),
        (3.4, style.LINK_FAMILY["single-mode"], 17.0),
    ):
        pen = QPen(colour, width * u)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        _poly(p, r, u, [(2, at), (at, at), (at, 22)])


def _site_map(p: QPainter, r: QRectF) -> None:
    """Three sites as a triangle, joined by their fibre."""
    u = r.width() / 24
    pen = QPen(style.LINK_FAMILY["coherent"], 1.6 * u)
    p.setPen(pen)
    _poly(p, r, u, [(6.5, 6.5), (17.5, 6.5), (12, 17.5)], closed=True)
    _stroke(p, r, 1.2)
    for x, y, status in ((2, 3, OK), (15, 3, OK), (8.5, 14, WARNING)):
        p.setBrush(style.STATUS_FILL[status])
        p.drawRect(QRectF(_pt(r, u, x, y), _pt(r, u, x + 7, y + 7)))


_PAINTERS: dict[str, Callable[[QPainter, QRectF], None]] = {
    "new": _new,
    "open": _open,
    "save": _save,
    "undo": lambda p, r: _arrow(p, r, False),
    "redo": lambda p, r: _arrow(p, r, True),
    "select": _select,
    "row": _row,
    "outline": _outline,
    "column": _glyph("column"),
    "keepout": _glyph("keepout"),
    "wall": _glyph("wall"),
    "tray": _tray,
    "busway": _glyph("busway"),
    "rotate": _rotate,
    "delete": _delete,
    "fit": _fit,
    "heat": _heat,
    "links": _links,
    "dashboard": _dashboard,
    "site_map": _site_map,
}


@cache
def icon(name: str) -> QIcon:
    """The toolbar icon ``name`` (a key of the painters above)."""
    return QIcon(_PaintedIcon(_PAINTERS[name]))
