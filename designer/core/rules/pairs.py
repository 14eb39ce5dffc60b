"""Boxes of one hall that meet, found for a whole floor at once.

The grid (``grid.py``) answers one rack's question at a time, as an edit needs; a full
check asks the same question of every rack, and asking it thousands of times from Python
costs most of the check. Here shapely's STRtree answers all of them in one call.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain

import numpy as np
import shapely

from designer.core.geometry.footprint import Box

Boxes = np.ndarray
"""An (n, 4) integer array of boxes ``x0, y0, x1, y1`` in millimetres."""


def pairs(
    queries: Boxes, query_halls: np.ndarray, boxes: Boxes, halls: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Indexes ``(i, j)`` of every query box ``i`` and box ``j`` of the same hall (hall
    numbers ``query_halls[i] == halls[j]``) that meet, edges included; perhaps a few more
    that do not quite: callers test exactly what they need."""
    if len(queries) == 0 or len(boxes) == 0:
        empty = np.zeros(0, dtype=np.intp)
        return empty, empty
    # Every hall has its own coordinates: lay the halls side by side along x, so one tree
    # holds them all and boxes of different halls never meet. The shift is exact in floats.
    low = min(queries[:, 0].min(), boxes[:, 0].min())
    stride = max(queries[:, 2].max(), boxes[:, 2].max()) - low + 1

    def shapes(found: Boxes, codes: np.ndarray) -> np.ndarray:
        shift = (codes * stride - low).astype(float)
        return shapely.box(found[:, 0] + shift, found[:, 1], found[:, 2] + shift, found[:, 3])

    i, j = shapely.STRtree(shapes(boxes, halls)).query(shapes(queries, query_halls))
    return i, j


def box_array(boxes: Iterable[Box], count: int) -> Boxes:
    """``count`` boxes as an (n, 4) array (``np.array`` on a list of named tuples takes
    five times as long)."""
    flat = np.fromiter(chain.from_iterable(boxes), dtype=np.int64, count=4 * count)
    return flat.reshape(-1, 4)


def hall_numbers(halls: list[str], known: dict[str, int]) -> np.ndarray:
    """Each hall id as a number, numbering new ones in ``known`` as they come."""
    return np.array([known.setdefault(h, len(known)) for h in halls], dtype=np.int64)
