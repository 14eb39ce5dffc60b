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
from PySide6.QtGui import QPainter


def _c_array(values: np.ndarray) -> np.ndarray:
    """``values`` as contiguous (n, 4) doubles: the array itself when it is one already
    (``reshape`` would make a new view of it each time)."""
    shaped = values.ndim == 2 and values.shape[1] == 4
    if shaped and values.dtype == np.float64 and values.flags.c_contiguous:
        return values
    return np.ascontiguousarray(values, dtype=np.float64).reshape(-1, 4)


def _address(data: np.ndarray) -> int:
    """Where ``data``'s buffer starts: read off its array interface, which costs half of
    ``data.ctypes.data`` (that makes a ctypes helper object, and goes through an import,
    at every call; a sheet of a campus draws a thousand batches of lines)."""
    return data.__array_interface__["data"][0]


def draw_rects(painter: QPainter, rects: np.ndarray) -> None:
    """Draw ``rects`` (n x 4: x, y, width, height) with the painter's pen and brush."""
    data = _c_array(rects)
    if len(data):
        painter.drawRects(shiboken6.wrapInstance(_address(data), QRectF), len(data))


def draw_lines(painter: QPainter, lines: np.ndarray) -> None:
    """Draw ``lines`` (n x 4: x1, y1, x2, y2) with the painter's pen."""
    data = _c_array(lines)
    if len(data):
        painter.drawLines(shiboken6.wrapInstance(_address(data), QLineF), len(data))


def in_clip(rects: np.ndarray, clip: QRectF | None) -> np.ndarray:
    """Boolean mask of the ``rects`` (x, y, w, h) that meet ``clip`` (all when None)."""
    if clip is None:
        return np.ones(len(rects), dtype=bool)
    x, y, w, h = rects[:, 0], rects[:, 1], rects[:, 2], rects[:, 3]
    return (
        (x <= clip.right()) & (x + w >= clip.left()) & (y <= clip.bottom()) & (y + h >= clip.top())
    )


def in_lines(lines: np.ndarray, clip: QRectF | None) -> np.ndarray:
    """Boolean mask of the segments (x1, y1, x2, y2) whose bounding boxes meet ``clip``
    (all when None)."""
    if clip is None or not len(lines):
        return np.ones(len(lines), dtype=bool)
    x0, x1 = np.minimum(lines[:, 0], lines[:, 2]), np.maximum(lines[:, 0], lines[:, 2])
    y0, y1 = np.minimum(lines[:, 1], lines[:, 3]), np.maximum(lines[:, 1], lines[:, 3])
    return (x0 <= clip.right()) & (x1 >= clip.left()) & (y0 <= clip.bottom()) & (y1 >= clip.top())


def by_code(rows: np.ndarray, codes: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """``rows`` grouped by their integer ``codes`` (a colour, a category): (code, its rows as
    a contiguous array) for each code in use, in rising order, ready for ``draw_rects``.

    The codes in use are read off a ``bincount`` rather than ``np.unique``: codes are a few
    small integers, and ``np.unique`` imports ``numpy.ma`` the first time it runs, a tenth
    to a fifth of a second spent in the window's first paint.
    """
    if not len(codes):
        return []
    low = int(codes.min())
    present = np.flatnonzero(np.bincount(codes.astype(np.intp) - low)) + low
    return [(int(c), np.ascontiguousarray(rows[codes == c])) for c in present.tolist()]
