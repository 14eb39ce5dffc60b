"""Many rectangles or lines in one painter call, straight from a numpy array.

``QPainter.drawRects(const QRectF *, int)`` takes a C array; a QRectF is four doubles
(x, y, width, height) and a QLineF four doubles (x1, y1, x2, y2), so a C-contiguous
``float64`` array of shape (n, 4) *is* such an array. Wrapping its buffer avoids building
one Python ``QRectF`` per rack (pyqtgraph's ``PrimitiveArray`` does the same).

A painter that writes vectors itself (the PDF report's, ``VectorPainter``) takes the array
as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, TypeVar

import numpy as np
import shiboken6
from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QPaintEngine, QPainter

T = TypeVar("T")


class VectorPainter(Protocol):
    """A painter that answers QPainter's drawing calls by writing vectors itself, and takes
    arrays whole: ``rect_array`` and ``line_array`` of (n, 4) rows in its world
    coordinates, with its pen and brush, and ``centred_lines``, one-line texts centred in
    (n, 4) boxes of device pixels, in its font and pen; and it can ``repeat`` a drawing it
    has made before. Anything passed for a painter that is not a
    ``QPainter`` is one."""

    def rect_array(self, rects: np.ndarray) -> None: ...

    def line_array(self, lines: np.ndarray) -> None: ...

    def centred_lines(self, boxes: np.ndarray, texts: Sequence[str]) -> None: ...

    def repeat(self, key: Hashable, draw: Callable[[], T]) -> T: ...


_VECTOR_ENGINES = (QPaintEngine.Type.Pdf, QPaintEngine.Type.SVG, QPaintEngine.Type.Picture)


def is_vector(painter: QPainter | VectorPainter) -> bool:
    """True when ``painter`` draws vectors (a PDF, an SVG, a picture), not pixels."""
    if not isinstance(painter, QPainter):
        return True
    engine = painter.paintEngine()
    return engine is not None and engine.type() in _VECTOR_ENGINES


def _c_array(values: np.ndarray) -> np.ndarray:
    """``values`` as contiguous (n, 4) doubles: the array itself when it is one already
    (``reshape`` would make a new view of it each time)."""
    shaped = values.ndim == 2 and values.shape[1] == 4
    if shaped and values.dtype == np.float64 and values.flags.c_contiguous:
        return values
    return np.ascontiguousarray(values, dtype=np.float64).reshape(-1, 4)


def draw_rects(painter: QPainter | VectorPainter, rects: np.ndarray) -> None:
    """Draw ``rects`` (n x 4: x, y, width, height) with the painter's pen and brush."""
    data = _c_array(rects)
    if not len(data):
        return
    if not isinstance(painter, QPainter):
        painter.rect_array(data)
        return
    painter.drawRects(shiboken6.wrapInstance(data.ctypes.data, QRectF), len(data))


def draw_lines(painter: QPainter | VectorPainter, lines: np.ndarray) -> None:
    """Draw ``lines`` (n x 4: x1, y1, x2, y2) with the painter's pen."""
    data = _c_array(lines)
    if not len(data):
        return
    if not isinstance(painter, QPainter):
        painter.line_array(data)
        return
    painter.drawLines(shiboken6.wrapInstance(data.ctypes.data, QLineF), len(data))


def in_clip(rects: np.ndarray, clip: QRectF | None) -> np.ndarray:
    """Boolean mask of the ``rects`` (x, y, w, h) that meet ``clip`` (all when None)."""
    if clip is None:
        return np.ones(len(rects), dtype=bool)
    x, y, w, h = rects[:, 0], rects[:, 1], rects[:, 2], rects[:, 3]
    return (
        (x <= clip.right()) & (x + w >= clip.left()) & (y <= clip.bottom()) & (y + h >= clip.top())
    )


def draw_centred_texts(
    painter: QPainter | VectorPainter, boxes: np.ndarray, texts: Sequence[str]
) -> None:
    """Each one-line text of ``texts`` centred in its box of ``boxes`` (n x 4: x, y, width,
    height, in device pixels: the painter's transform reset), in the painter's font and
    pen, as ``drawText(box, AlignCenter, text)`` draws it; a vector painter writes them
    in one run."""
    if not isinstance(painter, QPainter):
        painter.centred_lines(boxes, texts)
        return
    for (x, y, w, h), text in zip(boxes.tolist(), texts, strict=True):
        painter.drawText(QRectF(x, y, w, h), Qt.AlignmentFlag.AlignCenter, text)


def repeated(
    painter: QPainter | VectorPainter, key: Callable[[], Hashable], draw: Callable[[], None]
) -> None:
    """Draw what ``draw`` draws, a part of a plan that is the same wherever ``key()`` is:
    the key holds everything the part is drawn from (its geometry, texts and context), so a
    vector painter writes it once per document and copies it after (the alike halls of a
    campus, sheet after sheet); a QPainter draws it each time, without making the key."""
    if isinstance(painter, QPainter):
        draw()
    else:
        painter.repeat(key(), draw)
