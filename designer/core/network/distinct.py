"""The distinct rows of an integer table, and which of them each row is.

``np.unique(keys, axis=0)`` sorts the rows as opaque byte strings, ten times slower than
sorting integers; the planner and the report group tens of thousands of bundles by two or
three small integer columns (plane, medium, rate; tray nodes), so they number the rows here.
"""

from __future__ import annotations

import numpy as np


def distinct_rows(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``keys`` (rows of integers) in ascending order, and for each row
    the index of its distinct row: what ``np.unique(keys, axis=0, return_inverse=True)`` gives.

    Each column in turn refines a row number that stays below the number of rows, so the
    numbers never overflow however large the values are.
    """
    code = np.zeros(len(keys), dtype=np.int64)
    first = np.zeros(0, dtype=np.int64)
    for column in keys.T:
        values, rank = np.unique(column, return_inverse=True)
        _, first, code = np.unique(
            code * len(values) + rank.reshape(-1), return_index=True, return_inverse=True
        )
    return keys[first], code.reshape(-1)
