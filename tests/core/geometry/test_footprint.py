"""A rack's footprint: its width runs along its front, whichever way it faces."""

import numpy as np

from designer.core.geometry.footprint import Box, around, footprint, footprints


def test_a_turned_rack_covers_its_depth_along_x():
    # a 600 x 1,200 mm rack facing up or down is 600 wide on the plan, facing sideways 1,200
    assert footprint(1_000, 2_000, 600, 1_200, 0) == Box(1_000, 2_000, 1_600, 3_200)
    assert footprint(1_000, 2_000, 600, 1_200, 90) == Box(1_000, 2_000, 2_200, 2_600)


def test_many_footprints_at_once_are_each_rack_s_footprint():
    x, y = np.array([0, 10, 20, 30]), np.array([5, 6, 7, 8])
    width, depth = np.array([600, 600, 800, 800]), np.array([1_200, 1_200, 1_070, 1_070])
    rotation = np.array([0, 90, 180, 270])
    boxes = footprints(x, y, width, depth, rotation)
    assert [tuple(row) for row in boxes.tolist()] == [
        tuple(footprint(*args)) for args in zip(x, y, width, depth, rotation, strict=True)
    ]


def test_the_box_around_boxes_holds_each_of_them_and_no_more():
    boxes = [Box(1_200, 1_200, 1_800, 2_268), Box(-600, 3_000, 0, 3_600), Box(0, 0, 10, 10)]
    assert around(boxes) == Box(-600, 0, 1_800, 3_600)
    assert around(iter(boxes[:1])) == boxes[0]
    assert around([]) is None
