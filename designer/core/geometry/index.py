"""A spatial index of boxes by id, for hit tests, rubber bands and neighbour checks.

It wraps shapely's STRtree, which is immutable: build one per hall and revision, and ask it
which ids a box or point touches instead of scanning every rack.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import shapely

from designer.core.geometry.footprint import Box


class SpatialIndex:
    """Ids of boxes, queryable by the floor area they cover."""

    def __init__(self, boxes: Mapping[str, Box]) -> None:
        self._ids = list(boxes)
        self._boxes = list(boxes.values())
        coords = np.array(self._boxes, dtype=float).reshape(-1, 4)
        self._tree = shapely.STRtree(
            shapely.box(coords[:, 0], coords[:, 1], coords[:, 2], coords[:, 3])
        )

    def __len__(self) -> int:
        return len(self._ids)

    def overlapping(self, box: Box) -> list[str]:
        """Ids whose box shares interior area with ``box`` (touching edges do not count)."""
        hits = self._tree.query(shapely.box(*box))
        return [self._ids[i] for i in sorted(hits) if self._boxes[i].overlaps(box)]

    def near(self, box: Box, margin: int) -> list[str]:
        """Ids whose box lies within ``margin`` millimetres of ``box``."""
        grown = Box(box.x0 - margin, box.y0 - margin, box.x1 + margin, box.y1 + margin)
        hits = self._tree.query(shapely.box(*grown))
        return [self._ids[i] for i in sorted(hits)]

    def at(self, x: float, y: float) -> list[str]:
        """Ids whose box contains the point ``(x, y)``, edges included."""
        hits = self._tree.query(shapely.Point(x, y), predicate="intersects")
        return [self._ids[i] for i in sorted(hits)]
