"""Where a rack stands: its axis-aligned footprint, its front edge and its service zones.

A placement's ``(x, y)`` is the footprint's corner nearest the hall's origin, so every
edge is an integer; rotation only decides which edge is the front. Rotating in place keeps
the centre, rounded to the millimetre.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import numpy as np

from designer.core.model.base import Rotation

#: The direction a front faces for each rotation, as a unit step in hall coordinates
#: (y grows down the page).
FRONT_DIRECTION: dict[int, tuple[int, int]] = {0: (0, -1), 90: (1, 0), 180: (0, 1), 270: (-1, 0)}


class Box(NamedTuple):
    """An axis-aligned rectangle ``[x0, x1] x [y0, y1]`` in millimetres."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0

    @property
    def centre(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    @property
    def area_m2(self) -> float:
        return self.width * self.height / 1e6

    def moved(self, dx: int, dy: int) -> Box:
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)

    def overlaps(self, other: Box) -> bool:
        """True when the interiors intersect (touching edges do not overlap)."""
        return (
            self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1
        )

    def union(self, other: Box) -> Box:
        return Box(
            min(self.x0, other.x0),
            min(self.y0, other.y0),
            max(self.x1, other.x1),
            max(self.y1, other.y1),
        )


def around(boxes: Iterable[Box]) -> Box | None:
    """The smallest box holding all of ``boxes``; None for none."""
    boxes = list(boxes)
    if not boxes:
        return None
    return Box(
        min(b.x0 for b in boxes),
        min(b.y0 for b in boxes),
        max(b.x1 for b in boxes),
        max(b.y1 for b in boxes),
    )


def footprint_size(width_mm: int, depth_mm: int, rotation: Rotation) -> tuple[int, int]:
    """The footprint's extent along x and y: the width runs along the front edge."""
    return (width_mm, depth_mm) if rotation in (0, 180) else (depth_mm, width_mm)


def footprint(x: int, y: int, width_mm: int, depth_mm: int, rotation: Rotation) -> Box:
    """The floor a rack of ``width_mm`` x ``depth_mm`` covers with its corner at ``(x, y)``."""
    sx, sy = footprint_size(width_mm, depth_mm, rotation)
    return Box(x, y, x + sx, y + sy)


def footprints(
    x: np.ndarray, y: np.ndarray, width_mm: np.ndarray, depth_mm: np.ndarray, rotation: np.ndarray
) -> np.ndarray:
    """``footprint`` of many racks at once, as an ``(n, 4)`` array of ``x0, y0, x1, y1``."""
    along_x = (rotation == 0) | (rotation == 180)
    return np.stack(
        [
            x,
            y,
            x + np.where(along_x, width_mm, depth_mm),
            y + np.where(along_x, depth_mm, width_mm),
        ],
        axis=1,
    )


def service_zone(box: Box, rotation: Rotation, depth_mm: int, *, rear: bool = False) -> Box:
    """The strip of floor ``depth_mm`` deep in front of (or behind) a footprint."""
    dx, dy = FRONT_DIRECTION[rotation]
    if rear:
        dx, dy = -dx, -dy
    if dy < 0:
        return Box(box.x0, box.y0 - depth_mm, box.x1, box.y0)
    if dy > 0:
        return Box(box.x0, box.y1, box.x1, box.y1 + depth_mm)
    if dx > 0:
        return Box(box.x1, box.y0, box.x1 + depth_mm, box.y1)
    return Box(box.x0 - depth_mm, box.y0, box.x0, box.y1)


def front_line(box: Box, rotation: int) -> int:
    """The coordinate of the footprint's front edge (a y for 0/180, an x for 90/270): racks
    of one row share it."""
    return {0: box.y0, 90: box.x1, 180: box.y1, 270: box.x0}[rotation]


def corner_keeping_centre(box: Box, size: tuple[int, int]) -> tuple[int, int]:
    """The corner of a ``size`` footprint with the same centre as ``box``.

    Used when a rack turns: a quarter turn swaps its extents. The corner is rounded down
    to the millimetre, so an odd-sized rack may drift by 1 mm over several turns.
    """
    return (box.x0 + box.x1 - size[0]) // 2, (box.y0 + box.y1 - size[1]) // 2


def snap(value: int, grid: int) -> int:
    """``value`` rounded to the nearest multiple of ``grid`` (half-way rounds up)."""
    return ((value + grid // 2) // grid) * grid
