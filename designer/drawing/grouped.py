"""Things of many halls read into one set of arrays, hall after hall.

A drawing set builds every hall's plan at once: the trays, busways and cooling units of 24
halls are read in one pass and cut into each hall's rows afterwards, rather than 24 passes
of a few dozen rows each. Group ``k``'s rows run from ``start[k]`` to ``start[k + 1]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import NamedTuple

import numpy as np
from PySide6.QtCore import QRectF


def starts(groups: Sequence[Sequence[object]]) -> np.ndarray:
    """Where each group begins among the groups' members one after another, and the end."""
    return np.concatenate([[0], np.cumsum([len(g) for g in groups], dtype=np.intp)])


def group_bounds(rects: np.ndarray, start: np.ndarray) -> list[QRectF]:
    """The box around each group of the rectangles ``rects`` (x, y, width, height rows), in
    a few array operations: the boxes ``QRectF.united`` gives, as the floor's whole and half
    millimetres add up exactly. Every rectangle here is at least a mark across, never a null
    one that ``QRectF.united`` would pass over; a group without rows has a null box.
    """
    x, y, w, h = rects.reshape(-1, 4).T
    filled = start[1:] > start[:-1]
    first = start[:-1][filled]
    found = [QRectF() for _ in range(len(start) - 1)]
    if len(first):
        x0, y0 = np.minimum.reduceat(x, first), np.minimum.reduceat(y, first)
        x1, y1 = np.maximum.reduceat(x + w, first), np.maximum.reduceat(y + h, first)
        for k, box in zip(
            np.flatnonzero(filled).tolist(), zip(x0, y0, x1 - x0, y1 - y0, strict=True), strict=True
        ):
            found[k] = QRectF(*box)
    return found


class Paths(NamedTuple):
    """The points of many paths in one array: ``first`` holds the row of each path's first
    point and ``count`` its number of points; ``segments`` the lines between consecutive
    points of each path (x1, y1, x2, y2 rows, in path order), ``owner`` the path of each."""

    points: np.ndarray
    first: np.ndarray
    count: np.ndarray
    segments: np.ndarray
    owner: np.ndarray


def read_paths(paths: Sequence[Sequence[tuple[int, int]]]) -> Paths:
    """``paths`` read into arrays at once (a hall has hundreds of trays and busways)."""
    count = np.fromiter(map(len, paths), dtype=np.intp, count=len(paths))
    points = np.fromiter(
        chain.from_iterable(chain.from_iterable(paths)),
        dtype=np.float64,
        count=2 * int(count.sum()),
    ).reshape(-1, 2)
    first = np.cumsum(count) - count
    begins = np.ones(len(points), dtype=bool)  # the points a segment starts at
    begins[first + count - 1] = False
    begin = np.flatnonzero(begins)
    segments = np.hstack([points[begin], points[begin + 1]])
    return Paths(points, first, count, segments, np.repeat(np.arange(len(paths)), count - 1))


def sorted_runs(rows: np.ndarray, code: np.ndarray, count: int) -> tuple[np.ndarray, list[int]]:
    """``rows`` sorted by ``code`` (integers below ``count``), each code's in their order,
    and where the run of each code starts, and the end: the rows of each hall and kind (or
    side) cut out of one array."""
    order = np.argsort(code, kind="stable")
    return rows[order], np.searchsorted(code[order], np.arange(count + 1)).tolist()
