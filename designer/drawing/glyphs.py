"""Small pictures of catalog items, in the plan's own colours: palette icons, legend chips.

Each glyph is the item seen from above, as the plan draws it (a rack with its front band,
a CloudMatrix384 as two facing rows, a busway in side-A blue), so the palette teaches the
plan's vocabulary. ``draw_glyph`` paints into any rectangle of any QPainter.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen

from designer.core.findings import OK, UNCHECKED
from designer.drawing import style

#: Every glyph ``draw_glyph`` knows.
GLYPHS = (
    "compute",
    "network",
    "storage",
    "system",
    "cdu",
    "crah",
    "inrow_cooler",
    "busway",
    "tray",
    "pdu",
    "column",
    "keepout",
    "wall",
)


def draw_glyph(painter: QPainter, kind: str, rect: QRectF) -> None:
    """Draw the glyph ``kind`` (one of ``GLYPHS``) centred in ``rect``."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    side = min(rect.width(), rect.height())
    box = QRectF(0, 0, side, side)
    box.moveCenter(rect.center())
    line = max(1.0, side / 28)
    edge = style.pen(style.RACK_EDGE, line * 0.75, 1.0)
    if kind in ("compute", "network", "storage"):
        fill = {
            "compute": style.STATUS_FILL[OK],
            "network": style.STATUS_FILL[UNCHECKED],
            "storage": style.HEAT_STEPS[1][1],
        }[kind]
        body = QRectF(0, 0, side * 0.42, side * 0.78)
        body.moveCenter(box.center())
        _rack(painter, body, fill, style.FRONT_BAND[style.category_index(kind)], edge)
    elif kind == "system":
        width = side * 0.84 / 8
        for row, (top, front_down) in enumerate(((0.1, True), (0.56, False))):
            for i in range(8):
                body = QRectF(
                    box.left() + side * 0.08 + i * width, box.top() + side * top, width, side * 0.34
                )
                network = i in (3, 4)
                fill = style.STATUS_FILL[UNCHECKED] if network else style.STATUS_FILL[OK]
                band = style.FRONT_BAND[1 if network else 0]
                _rack(painter, body, fill, band, edge, front_down=front_down if row == 0 else False)
    elif kind in ("cdu", "crah", "inrow_cooler"):
        fill = {"cdu": style.CDU, "crah": style.CRAH, "inrow_cooler": style.INROW}[kind]
        w, h = (0.84, 0.42) if kind == "crah" else (0.5, 0.74)
        body = QRectF(0, 0, side * w, side * h)
        body.moveCenter(box.center())
        _rack(painter, body, fill, style.CDU_EDGE, style.pen(style.CDU_EDGE, line * 0.75, 1.0))
        if kind == "cdu":
            painter.setPen(style.pen(style.PAPER, line * 1.2, 1.0))
            y = body.center().y()
            for dx in (-0.12, 0.12):
                x = body.center().x() + dx * side
                painter.drawLine(QPointF(x, y - side * 0.14), QPointF(x, y + side * 0.18))
    elif kind == "tray":
        # a run of ladder tray from above: two rails and the rungs between them
        body = QRectF(0, 0, side * 0.84, side * 0.34)
        body.moveCenter(box.center())
        painter.setPen(style.pen(style.TRAY_EDGE, line, 1.0))
        painter.setBrush(style.brush(style.TRAY_FAR))
        painter.drawRect(body)
        for i in range(1, 6):
            x = body.left() + body.width() * i / 6
            painter.drawLine(QPointF(x, body.top()), QPointF(x, body.bottom()))
    elif kind in ("busway", "pdu"):
        colour = style.FEED_SIDE["A"]
        painter.setPen(style.pen(colour, line * 2.2, 1.0))
        y = box.center().y()
        if kind == "busway":
            painter.drawLine(
                QPointF(box.left() + side * 0.12, y), QPointF(box.right() - side * 0.12, y)
            )
            painter.setPen(style.NO_PEN)
            painter.setBrush(style.brush(colour))
            for x in (box.left() + side * 0.12, box.center().x(), box.right() - side * 0.12):
                painter.drawRect(QRectF(x - side * 0.06, y - side * 0.06, side * 0.12, side * 0.12))
        else:
            body = QRectF(0, 0, side * 0.26, side * 0.7)
            body.moveCenter(box.center())
            painter.setBrush(style.brush(style.PAPER))
            painter.drawRoundedRect(body, side * 0.04, side * 0.04)
            painter.setPen(style.NO_PEN)
            painter.setBrush(style.brush(colour))
            for i in range(4):
                painter.drawEllipse(
                    QPointF(body.center().x(), body.top() + body.height() * (0.2 + 0.2 * i)),
                    side * 0.04,
                    side * 0.04,
                )
    else:
        body = QRectF(0, 0, side * 0.62, side * (0.2 if kind == "wall" else 0.62))
        body.moveCenter(box.center())
        fill, rim, pattern = {
            "column": (style.COLUMN, style.COLUMN_EDGE, Qt.BrushStyle.BDiagPattern),
            "keepout": (style.KEEPOUT, style.KEEPOUT_EDGE, Qt.BrushStyle.FDiagPattern),
            "wall": (style.WALL_STUB, style.WALL, Qt.BrushStyle.SolidPattern),
        }[kind]
        dash = Qt.PenStyle.DashLine if kind == "keepout" else Qt.PenStyle.SolidLine
        painter.setPen(style.pen(rim, line, 1.0, dash))
        painter.setBrush(style.brush(fill))
        painter.drawRect(body)
        painter.setBrush(QBrush(rim, pattern))
        painter.drawRect(body)
    painter.restore()


def _rack(
    painter: QPainter,
    body: QRectF,
    fill: QColor,
    band: QColor,
    edge: QPen,
    front_down: bool = False,
) -> None:
    painter.setPen(edge)
    painter.setBrush(style.brush(fill))
    painter.drawRect(body)
    depth = max(1.0, body.height() * 0.14)
    strip = QRectF(
        body.left(), body.bottom() - depth if front_down else body.top(), body.width(), depth
    )
    painter.setPen(style.NO_PEN)
    painter.setBrush(style.brush(band))
    painter.drawRect(strip)
