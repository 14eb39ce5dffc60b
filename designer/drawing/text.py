"""Text on a plan: placed in floor millimetres, sized in points, never scaled with the floor.

Labels are drawn with the world transform reset, so a rack label stays 7 pt whether the
hall is shown at 1:50 or 1:500; it is elided to the width of what it labels.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter

from designer.drawing import style
from designer.drawing.lod import Context

CENTRE = Qt.AlignmentFlag.AlignCenter


def draw_boxed_labels(
    painter: QPainter,
    ctx: Context,
    labels: Iterable[tuple[QRectF, str]],
    size_pt: float,
    colour: QColor = style.LABEL_ON_RACK,
    bold: bool = False,
    backgrounds: Sequence[QColor] | None = None,
) -> None:
    """Write each text centred in its floor rectangle (mm), elided to fit its width.

    Elided in the middle: labels of one row differ at their ends ("R1S1-compute-01", ...),
    so the end is kept with the beginning.

    A text too wide for a tall, narrow rectangle (a rack seen from above) runs up it instead.

    Lines of a text are separated by newlines; lines that do not fit the rectangle's
    height are dropped from the end. With ``backgrounds`` (one colour per label, usually
    its rectangle's fill) each text is set on a patch of that colour, so a link or tray
    drawn across the rectangle passes under the words instead of through them.
    """
    transform = painter.worldTransform()
    font = style.font(size_pt, ctx.px_per_point, bold)
    metrics = QFontMetricsF(font)
    line_height = metrics.height()
    painter.save()
    painter.resetTransform()
    painter.setFont(font)
    painter.setPen(colour)
    advances: dict[str, float] = {}  # labels repeat ("CDU-1", "1,368 kW"): measure each once

    def advance(line: str) -> float:
        found = advances.get(line)
        if found is None:
            found = advances[line] = metrics.horizontalAdvance(line)
        return found

    for index, (floor_rect, text) in enumerate(labels):
        box = transform.mapRect(floor_rect)
        width, height = box.width(), box.height()
        lines = text.split("\n")
        widest = max(map(advance, lines))
        upright = height > width * 1.25 and widest > width - 4
        if upright:
            centre = box.center()
            box = QRectF(-height / 2, -width / 2, height, width)
            width, height = height, width
            painter.save()
            painter.translate(centre)
            painter.rotate(-90)
        room = width - 4
        if len(lines) == 1 and widest <= room:  # one line that fits: most labels
            shown = lines if text else []
        else:
            fitting = max(1, int(height // line_height))
            shown = [
                line
                if advance(line) <= room
                else metrics.elidedText(line, Qt.TextElideMode.ElideMiddle, room)
                for line in lines[:fitting]
            ]
            shown = [line for line in shown if line]
            text = "\n".join(shown)
        if shown and backgrounds is not None:
            patch = QRectF(0, 0, max(map(advance, shown)) + 4, line_height * len(shown))
            patch.moveCenter(box.center())
            painter.setPen(style.NO_PEN)
            painter.setBrush(style.brush(backgrounds[index]))
            painter.drawRect(patch)
            painter.setPen(colour)
        if shown:
            painter.drawText(box, CENTRE, text)
        if upright:
            painter.restore()
    painter.restore()


def draw_text_at(
    painter: QPainter,
    ctx: Context,
    point_mm: QPointF,
    text: str,
    size_pt: float,
    colour: QColor = style.INK,
    align: Qt.AlignmentFlag = CENTRE,
    bold: bool = False,
    halo: bool = False,
    upright: bool = False,
) -> None:
    """Write ``text`` anchored at a floor point (mm), aligned as ``align`` says.

    ``halo`` paints a thin paper-coloured backing so the text reads over lines; ``upright``
    runs the text up the page (read from the right), as a vertical dimension is written.
    """
    anchor = painter.worldTransform().map(point_mm)
    font = style.font(size_pt, ctx.px_per_point, bold)
    metrics = QFontMetricsF(font)
    width, height = metrics.horizontalAdvance(text) + 2, metrics.height()
    # the box about the anchor, in device units along the text
    x = -width / 2
    if align & Qt.AlignmentFlag.AlignLeft:
        x = 0
    elif align & Qt.AlignmentFlag.AlignRight:
        x = -width
    y = -height / 2
    if align & Qt.AlignmentFlag.AlignTop:
        y = 0
    elif align & Qt.AlignmentFlag.AlignBottom:
        y = -height
    box = QRectF(x, y, width, height)
    painter.save()
    painter.resetTransform()
    painter.translate(anchor)
    if upright:
        painter.rotate(-90)
    if halo:
        painter.setPen(style.NO_PEN)
        painter.setBrush(style.brush(QColor(255, 255, 255, 210)))
        painter.drawRect(box.adjusted(-2, 0, 2, 0))
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(box, CENTRE, text)
    painter.restore()
