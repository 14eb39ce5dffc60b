"""Moving an end of a busway or tray: squared up to the point before it, as it was drawn."""

from designer.core.geometry.run_ends import end_near, squared, with_end_moved

RUN = [(1_200, 1_500), (9_600, 1_500), (9_600, 6_000)]


def test_an_end_is_found_within_reach_and_the_nearer_end_wins():
    assert end_near(RUN, 1_250, 1_460, reach=60) == 0
    assert end_near(RUN, 9_600, 5_900, reach=60) is None  # 100 mm short of the last point
    assert end_near(RUN, 9_600, 5_950, reach=60) == 2
    assert end_near(RUN, 5_000, 1_500, reach=60) is None  # the middle of the run
    assert end_near([(0, 0), (100, 0)], 60, 0, reach=100) == 1


def test_dragging_an_end_keeps_the_run_square_unless_asked_not_to():
    assert squared((5_000, 1_620), (9_600, 1_500)) == (5_000, 1_500)
    # the first end pulled in along its row, 120 mm of hand shake across it ignored
    assert with_end_moved(RUN, 0, (4_200, 1_620)) == [(4_200, 1_500), *RUN[1:]]
    assert with_end_moved(RUN, 2, (9_700, 3_000)) == [*RUN[:2], (9_600, 3_000)]
    assert with_end_moved(RUN, 2, (9_000, 3_000), square=False) == [*RUN[:2], (9_000, 3_000)]


def test_an_end_brought_onto_the_point_before_it_takes_that_point_out():
    assert with_end_moved(RUN, 2, (9_600, 1_500)) == RUN[:2]
    assert with_end_moved(RUN[:2], 1, (1_200, 1_500)) is None  # nothing left of the run
