"""Plan scales: the most detailed standard scale that fits, tiles when none is legible."""

from designer.report.paper import SheetFrame
from designer.report.scale import choose_layout, scale_bar_metres


def test_a_small_hall_gets_1_to_50_when_it_fits():
    # 9.6 x 7.2 m hall + 1 m margin each side = 11.6 x 9.2 m; at 1:50 that is 232 x 184 mm,
    # which fits A3's content area (392 x 241 mm) but not A4's (269 x 154 mm)
    a3 = SheetFrame.of("A3").content
    a4 = SheetFrame.of("A4").content
    hall = (0, 0, 9_600, 7_200)
    assert choose_layout(hall, (a3.width, a3.height)).denominator == 50
    assert choose_layout(hall, (a4.width, a4.height)).denominator == 100


def test_just_fitting_and_just_not_fitting_at_1_to_100():
    # an area of 200 x 100 mm holds 20 x 10 m at 1:100; with the 1 m margin a hall of
    # 18 x 8 m fits exactly, 18.001 m does not and drops to 1:200
    assert choose_layout((0, 0, 18_000, 8_000), (200, 100)).denominator == 100
    assert choose_layout((0, 0, 18_001, 8_000), (200, 100)).denominator == 200


def test_a_hall_too_big_for_1_to_250_is_tiled_at_1_to_250():
    # 100 x 30 m + margins = 102 x 32 m; at 1:250 that is 408 x 128 mm on a 200 x 100 mm
    # area: 3 columns x 2 rows, each tile 200 mm x 250 = 50 m wide
    layout = choose_layout((0, 0, 100_000, 30_000), (200, 100))
    assert layout.denominator == 250
    assert (layout.columns, layout.rows) == (3, 2)
    assert len(layout.tiles) == 6
    assert layout.tiles[0].x1 - layout.tiles[0].x0 == 200 * 250
    assert max(t.x1 for t in layout.tiles) == 101_000


def test_scale_bar_is_the_longest_round_length_that_fits():
    # at 1:100, 5 m is 50 mm (fits 60 mm), 10 m would be 100 mm
    assert scale_bar_metres(100, 60) == 5
    assert scale_bar_metres(200, 60) == 10


def test_a_single_picture_uses_an_overview_scale_instead_of_tiles():
    # 100 x 30 m + margins = 102 x 32 m on 200 x 100 mm: 1:250 gives 408 mm, 1:500 gives
    # 204 mm (too wide), 1:1000 gives 102 x 32 mm, which fits
    layout = choose_layout((0, 0, 100_000, 30_000), (200, 100), tiles=False)
    assert layout.denominator == 1_000
    assert not layout.tiled
