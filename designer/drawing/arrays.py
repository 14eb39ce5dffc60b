"""Many rectangles or lines in one QPainter call, straight from a numpy array.

``QPainter.drawRects(const QRectF *, int)`` takes a C array; a QRectF is four doubles
(x, y, width, height) and a QLineF four doubles (x1, y1, x2, y2), so a C-contiguous
``float64`` array of shape (n, 4) *is* such an array. Wrapping its buffer avoids building
one Python ``QRectF`` per rack (pyqtgraph's ``PrimitiveArray`` does the same).
"""

from __future__ import annotations

import numpy as np
import shiboken6
from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QPaintEngine, QPainter, QTransform

#: Transforms that map a rectangle to a rectangle by multiplying and adding.
_SCALES = (QTransform.TransformationType.TxTranslate, QTransform.TransformationType.TxScale)


def _c_array(values: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(values, dtype=np.float64).reshape(-1, 4)


def draw_rects(painter: QPainter, rects: np.ndarray) -> None:
    """Draw ``rects`` (n x 4: x, y, width, height) with the painter's pen and brush.

    Into a PDF under a scaling transform (a floor plan drawn to scale), the rectangles are
    mapped to the page here and drawn without it: Qt's PDF engine writes an outlined
    rectangle as one compact ``re`` only when no transform applies, and otherwise as a
    five-point path, which made rack outlines four times the bytes and five times the time.
    The pens are cosmetic, so the lines weigh the same either way.
    """
    data = _c_array(rects)
    if not len(data):
        return
    transform = painter.worldTransform()
    engine = painter.paintEngine()
    if (
        engine is not None
        and engine.type() == QPaintEngine.Type.Pdf
        and transform.type() in _SCALES
    ):
        sx, sy = transform.m11(), transform.m22()
        data = np.ascontiguousarray(
            data * (sx, sy, sx, sy) + (transform.dx(), transform.dy(), 0.0, 0.0)
        )
        painter.save()
        painter.resetTransform()
        painter.drawRects(shiboken6.wrapInstance(data.ctypes.data, QRectF), len(data))
        painter.restore()
        return
    painter.drawRects(shiboken6.wrapInstance(data.ctypes.data, QRectF), len(data))


def draw_lines(painter: QPainter, lines: np.ndarray) -> None:
    """Draw ``lines`` (n x 4: x1, y1, x2, y2) with the painter's pen."""
    data = _c_array(lines)
    if len(data):
        painter.drawLines(shiboken6.wrapInstance(data.ctypes.data, QLineF), len(data))


def in_clip(rects: np.ndarray, clip: QRectF | None) -> np.ndarray:
    """Boolean mask of the ``rects`` (x, y, w, h) that meet ``clip`` (all when None)."""
    if clip is None:
        return np.ones(len(rects), dtype=bool)
    x, y, w, h = rects[:, 0], rects[:, 1], rects[:, 2], rects[:, 3]
    return (
        (x <= clip.right()) & (x + w >= clip.left()) & (y <= clip.bottom()) & (y + h >= clip.top())
    )
