"""The rows of a floor: items joined in pairs, gathered into connected parts."""

import numpy as np

from designer.core.rules.rows import _components


def test_items_joined_in_pairs_are_gathered_under_their_smallest_item():
    # 0-5-3 joined out of order, 1-4 and 4-6, 2 alone; the chain 7-8-9-10 given backwards
    # needs names followed more than one step
    a = np.array([5, 3, 4, 6, 10, 9, 8])
    b = np.array([0, 5, 1, 4, 9, 8, 7])
    assert _components(11, a, b).tolist() == [0, 1, 2, 0, 1, 0, 1, 7, 7, 7, 7]


def test_items_joined_to_nothing_are_their_own_part():
    none = np.zeros(0, dtype=np.int64)
    assert _components(3, none, none).tolist() == [0, 1, 2]
