"""Text on a plan: placed in floor millimetres, sized in points, never scaled with the floor.

Labels are drawn with the world transform reset, so a rack label stays 7 pt whether the
hall is shown at 1:50 or 1:500; it is elided to the width of what it labels.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QTransform

from designer.drawing import style
from designer.drawing.lod import Context

CENTRE = Qt.AlignmentFlag.AlignCenter
#: The paper-coloured backing of a text written over lines (``draw_text_at``'s halo).
HALO = QColor(255, 255, 255, 210)


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
    found = list(labels)
    rects = np.array([rect.getRect() for rect, _ in found], dtype=np.float64).reshape(-1, 4)
    texts = [text for _, text in found]
    draw_labels_in(painter, ctx, rects, texts, size_pt, colour, bold, backgrounds)


def draw_labels_in(
    painter: QPainter,
    ctx: Context,
    rects: np.ndarray,
    texts: Sequence[str],
    size_pt: float,
    colour: QColor = style.LABEL_ON_RACK,
    bold: bool = False,
    backgrounds: Sequence[QColor] | None = None,
) -> None:
    """``draw_boxed_labels`` of ``texts`` in the floor rectangles ``rects`` (x, y, width,
    height rows, mm), as the racks' arrays hold them: the rectangles are mapped to the
    device, and which texts run up theirs and which fit, worked out for all at once."""
    if not texts:
        return
    font = style.font(size_pt, ctx.px_per_point, bold)
    metrics = style.metrics(size_pt, ctx.px_per_point, bold)
    line_height = metrics.height()

    def advance(line: str) -> float:
        return text_advance(line, size_pt, ctx.px_per_point, bold)

    boxes = _device_boxes(painter.worldTransform(), rects)
    lines = [text.split("\n") for text in texts]
    widest = np.fromiter(
        (max(map(advance, parts)) for parts in lines), dtype=np.float64, count=len(texts)
    )
    width, height = boxes[:, 2], boxes[:, 3]
    upright = (height > width * 1.25) & (widest > width - 4)
    # one line that fits its rectangle (or runs up it): most labels, written as they are
    room = np.where(upright, height, width) - 4
    single = np.fromiter(map(len, lines), dtype=np.intp, count=len(lines)) == 1
    whole = (single & (widest <= room)).tolist()
    upright = upright.tolist()
    painter.save()
    painter.resetTransform()
    painter.setFont(font)
    painter.setPen(colour)
    for index, (x, y, w, h) in enumerate(boxes.tolist()):
        text, parts = texts[index], lines[index]
        if upright[index]:
            painter.save()
            painter.translate(QPointF(x + w / 2, y + h / 2))
            painter.rotate(-90)
            x, y, w, h = -h / 2, -w / 2, h, w
        room = w - 4
        if whole[index]:
            shown = parts if text else []
        else:
            fitting = max(1, int(h // line_height))
            shown = [
                line
                if advance(line) <= room
                else metrics.elidedText(line, Qt.TextElideMode.ElideMiddle, room)
                for line in parts[:fitting]
            ]
            shown = [line for line in shown if line]
            text = "\n".join(shown)
        if shown and backgrounds is not None:
            patch_w, patch_h = max(map(advance, shown)) + 4, line_height * len(shown)
            painter.setPen(style.NO_PEN)
            painter.setBrush(style.brush(backgrounds[index]))
            painter.drawRect(
                QRectF((x + w / 2) - patch_w / 2, (y + h / 2) - patch_h / 2, patch_w, patch_h)
            )
            painter.setPen(colour)
        if shown:
            painter.drawText(QRectF(x, y, w, h), CENTRE, text)
        if upright[index]:
            painter.restore()
    painter.restore()


def _device_boxes(transform: QTransform, rects: np.ndarray) -> np.ndarray:
    """``rects`` (x, y, width, height rows) as ``transform.mapRect`` maps each: for a plan's
    scale and shift, the same arithmetic on every row at once."""
    if transform.m12() or transform.m21() or not transform.isAffine():
        return np.array(
            [transform.mapRect(QRectF(*r)).getRect() for r in rects.tolist()], dtype=np.float64
        ).reshape(-1, 4)
    sx, sy = transform.m11(), transform.m22()
    boxes = rects * (sx, sy, sx, sy) + (transform.dx(), transform.dy(), 0.0, 0.0)
    if (boxes[:, 2:] < 0).any():
        for size, corner in ((2, 0), (3, 1)):  # a mirrored axis: the corner on its other side
            flipped = boxes[:, size] < 0
            boxes[flipped, size] *= -1
            boxes[flipped, corner] -= boxes[flipped, size]
    return boxes


@lru_cache(maxsize=8192)
def text_advance(line: str, size_pt: float, px_per_point: float, bold: bool = False) -> float:
    """The advance of ``line`` in device pixels in ``style.font(size_pt, px_per_point,
    bold)``, measured once: a set's halls name their racks, systems and units alike, and
    the canvas writes the same labels on every repaint."""
    return style.metrics(size_pt, px_per_point, bold).horizontalAdvance(line)


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
    width = text_advance(text, size_pt, ctx.px_per_point, bold) + 2
    height = style.metrics(size_pt, ctx.px_per_point, bold).height()
    # the box about the anchor, in device units along the text
    across, down = _sides(align)
    x = -width / 2 if across == 1 else 0 if across == 0 else -width
    y = -height / 2 if down == 1 else 0 if down == 0 else -height
    box = QRectF(x, y, width, height)
    painter.save()
    painter.resetTransform()
    painter.translate(anchor)
    if upright:
        painter.rotate(-90)
    if halo:
        painter.setPen(style.NO_PEN)
        painter.setBrush(style.brush(HALO))
        painter.drawRect(box.adjusted(-2, 0, 2, 0))
    painter.setFont(font)
    painter.setPen(colour)
    painter.drawText(box, CENTRE, text)
    painter.restore()


@lru_cache(maxsize=64)
def _sides(align: Qt.AlignmentFlag) -> tuple[int, int]:
    """Where ``align`` puts a text about its anchor: across (0 from it, 1 centred on it,
    2 up to it) and down (0 below it, 1 centred, 2 above). Worked out once per flags:
    Python's arithmetic on Qt's flags is slow, and a sheet writes hundreds of names."""
    left, right = Qt.AlignmentFlag.AlignLeft, Qt.AlignmentFlag.AlignRight
    top, bottom = Qt.AlignmentFlag.AlignTop, Qt.AlignmentFlag.AlignBottom
    across = 0 if align & left else 2 if align & right else 1
    down = 0 if align & top else 2 if align & bottom else 1
    return across, down
