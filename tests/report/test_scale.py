"""Plan scales: the most detailed standard scale that fits, tiles when none is legible."""

from designer.report.paper import SheetFrame
from designer.report.scale import choose_layout, scale_bar_metres


def test_a_small_hall_gets_1_to_50_when_it_fits():
    # 9.6 x 7.2 m hall + 7 mm of paper each side (0.35 m at 1:50) = 10.3 x 7.9 m; at 1:50
    # that is 206 x 158 mm, which fits A3's plan area beside the legend (319.8 x 247 mm)
    # but not A4's (198 x 160 mm)
    from designer.report.pages.plan import _plan_area

    a3 = _plan_area(SheetFrame.of("A3"))
    a4 = _plan_area(SheetFrame.of("A4"))
    hall = (0, 0, 9_600, 7_200)
    assert choose_layout(hall, (a3.width, a3.height)).denominator == 50
    assert choose_layout(hall, (a4.width, a4.height)).denominator == 100


def test_just_fitting_and_just_not_fitting_at_1_to_100():
    # an area of 200 x 100 mm holds 20 x 10 m at 1:100; with 7 mm of paper (0.7 m) each
    # side a hall of 18.6 x 8.6 m fits exactly, 18.601 m does not and drops to 1:200
    assert choose_layout((0, 0, 18_600, 8_600), (200, 100)).denominator == 100
    assert choose_layout((0, 0, 18_601, 8_600), (200, 100)).denominator == 200


def test_the_trials_30_m_hall_is_drawn_at_1_to_100_on_a3():
    # 30 x 15 m; A3's plan area beside the legend is 319.8 x 247 mm: 31.4 m at 1:100 fits
    from designer.report.pages.plan import _plan_area

    area = _plan_area(SheetFrame.of("A3"))
    assert choose_layout((0, 0, 30_000, 15_000), (area.width, area.height)).denominator == 100


def test_a_hall_too_big_for_1_to_250_is_tiled_at_1_to_250():
    # 100 x 30 m + 7 mm of paper (1.75 m) each side = 103.5 x 33.5 m; at 1:250 that is
    # 414 x 134 mm on a 200 x 100 mm area: 3 columns x 2 rows, each a third of 103.5 m
    # (34.5 m, 138 mm on paper) by half of 33.5 m, not two full tiles and a sliver
    layout = choose_layout((0, 0, 100_000, 30_000), (200, 100))
    assert layout.denominator == 250
    assert (layout.columns, layout.rows) == (3, 2)
    assert len(layout.tiles) == 6
    assert {round(t.x1 - t.x0) for t in layout.tiles} == {34_500}
    assert {round(t.y1 - t.y0) for t in layout.tiles} == {16_750}
    assert min(t.x0 for t in layout.tiles) == -1_750
    assert max(t.x1 for t in layout.tiles) == 101_750


def test_scale_bar_is_the_longest_round_length_that_fits():
    # at 1:100, 5 m is 50 mm (fits 60 mm), 10 m would be 100 mm
    assert scale_bar_metres(100, 60) == 5
    assert scale_bar_metres(200, 60) == 10


def test_a_single_picture_uses_an_overview_scale_instead_of_tiles():
    # 100 x 30 m on 200 x 100 mm, with 7 mm of paper each side: 1:500 gives 107 m = 214 mm
    # (too wide), 1:1000 gives 114 x 44 m = 114 x 44 mm, which fits
    layout = choose_layout((0, 0, 100_000, 30_000), (200, 100), tiles=False)
    assert layout.denominator == 1_000
    assert not layout.tiled
