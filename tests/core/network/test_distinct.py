"""Grouping bundles by integer columns gives the rows numpy's own grouping gives."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from designer.core.network.distinct import distinct_rows


def test_a_small_table_by_hand() -> None:
    keys = np.array([[2, 1], [1, 5], [2, 1], [-1, 9]])
    rows, which = distinct_rows(keys)
    assert rows.tolist() == [[-1, 9], [1, 5], [2, 1]]
    assert which.tolist() == [2, 1, 2, 0]


def test_as_numpy_groups_them_even_with_values_near_the_int64_limit() -> None:
    rng = np.random.default_rng(7)
    keys = np.stack(
        [
            rng.integers(-1, 4, 5_000),
            rng.choice([400, 800, 1_600, 2**62], 5_000),
            rng.integers(0, 2**40, 5_000) // 2**38,
        ],
        axis=1,
    )
    rows, which = distinct_rows(keys)
    expected_rows, expected_which = np.unique(keys, axis=0, return_inverse=True)
    assert np.array_equal(rows, expected_rows)
    assert np.array_equal(which, expected_which.reshape(-1))
    assert np.array_equal(rows[which], keys)


def test_no_rows() -> None:
    rows, which = distinct_rows(np.zeros((0, 3), dtype=np.int64))
    assert rows.shape == (0, 3)
    assert len(which) == 0


@given(st.lists(st.integers(0, 2_000), max_size=200))
def test_codes_are_told_apart_as_a_sort_tells_them(codes) -> None:
    # marked in an array (many codes in a small range) or sorted (a large range, or a few
    # codes in a range of millions)
    from designer.core.network import distinct

    codes = np.array(codes, dtype=np.int64)
    expected, where = np.unique(codes, return_inverse=True)
    for size in (2_001, distinct._DENSE_FLOOR + 16 * 200 + 1, distinct._DENSE_CODES + 1):
        found, inverse = distinct.distinct_codes(codes, size)
        assert found.tolist() == expected.tolist()
        assert inverse.tolist() == where.ravel().tolist()
