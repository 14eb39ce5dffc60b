"""The distinct rows of an integer table (or the distinct codes of an array), and which of
them each row is.

``np.unique(keys, axis=0)`` sorts the rows as opaque byte strings, ten times slower than
sorting integers; the planner and the report group tens of thousands of bundles by two or
three small integer columns (plane, medium, rate; tray nodes), so they number the rows here.
"""

from __future__ import annotations

import numpy as np

#: The codes stay below this, so no code or product of codes overflows int64.
_LIMIT = 2**62
#: Codes are told apart by marking an array of all their possible values when there are at
#: most ``_DENSE_CODES`` of those (32 MB of places: the node pairs of a tray graph of 2,048
#: nodes) and the codes are not far fewer than them (at most ``_DENSE_FLOOR`` places, or
#: ``_DENSE_PER_CODE`` per code); else they are sorted.
_DENSE_CODES, _DENSE_FLOOR, _DENSE_PER_CODE = 1 << 22, 1 << 16, 16


def distinct_rows(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``keys`` (rows of integers) in ascending order, and for each row
    the index of its distinct row: what ``np.unique(keys, axis=0, return_inverse=True)`` gives.

    Each row gets one integer code, its columns' values as the digits of a number (the first
    column the most significant), so one sort of integers orders the rows. A column of
    values spread too wide for the code is first replaced by the ranks of its values, and
    the code so far by its own ranks: both below the number of rows.
    """
    code = np.zeros(len(keys), dtype=np.int64)
    size = 1  # every code so far is below this
    for column in keys.T:
        column = column.astype(np.int64)
        low, high = (int(column.min()), int(column.max())) if len(column) else (0, 0)
        span = high - low + 1
        if size * span >= _LIMIT:
            _, code = np.unique(code, return_inverse=True)
            values, column = np.unique(column, return_inverse=True)
            size, span, low = len(keys), len(values), 0
        code = code * span + (column.reshape(-1) - low)
        size *= span
    _, first, code = np.unique(code, return_index=True, return_inverse=True)
    return keys[first], code.reshape(-1)


def distinct_codes(codes: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values of ``codes`` (each from 0 to ``size`` - 1) in order, and each
    code's place among them, as ``np.unique(codes, return_inverse=True)`` gives them.

    Many codes in a small range are marked in an array of ``size`` rather than sorted (the
    300,000 runs asked of a hall's 1,296-node tray graph: 4 ms against the sort's 20); a
    few, as a drag asks, are sorted rather than an array of millions gone through.
    """
    if size > min(_DENSE_CODES, _DENSE_FLOOR + _DENSE_PER_CODE * len(codes)):
        found, inverse = np.unique(codes, return_inverse=True)
        return found, inverse.ravel()
    place = np.zeros(size, dtype=np.int64)
    place[codes] = 1
    found = np.flatnonzero(place)
    place[found] = np.arange(len(found))
    return found, place[codes]
