import numpy as np

from designer.drawing.arrays import by_code


def test_rows_are_grouped_by_their_codes_in_rising_order_negative_codes_too():
    rows = np.arange(16, dtype=np.float64).reshape(4, 4)
    groups = by_code(rows, np.array([2, -1, 2, 0], dtype=np.int8))
    assert [code for code, _ in groups] == [-1, 0, 2]
    assert [shown.tolist() for _, shown in groups] == [
        [rows[1].tolist()],
        [rows[3].tolist()],
        [rows[0].tolist(), rows[2].tolist()],
    ]
    assert all(shown.flags.c_contiguous for _, shown in groups)
    assert by_code(rows[:0], np.array([], dtype=np.int8)) == []
