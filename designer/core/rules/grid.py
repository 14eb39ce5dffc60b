"""A mutable spatial hash of boxes per hall, for neighbour queries that follow each edit.

``designer.core.geometry.SpatialIndex`` wraps shapely's STRtree, which cannot change: after
moving one rack it would have to be built again for the whole hall. Checks that re-run
after every edit need an index that moves one entry instead, so this one buckets boxes in
square cells of the floor and updates the cells a box covers.
"""

from __future__ import annotations

from designer.core.geometry.footprint import Box

#: Cell side in millimetres (ours): about two rack depths, so a rack's neighbourhood
#: spans a handful of cells.
CELL_MM = 2_400


def _cells(hall: str, box: Box) -> list[tuple[str, int, int]]:
    return [
        (hall, cx, cy)
        for cx in range(box.x0 // CELL_MM, box.x1 // CELL_MM + 1)
        for cy in range(box.y0 // CELL_MM, box.y1 // CELL_MM + 1)
    ]


class Grid:
    """Boxes by id, each in a hall; queries are per hall.

    Queries return ids in no particular order: every check that uses them gives the same
    findings whatever the order (ties are broken by id).
    """

    def __init__(self) -> None:
        self._items: dict[str, tuple[str, Box]] = {}
        self._cells: dict[tuple[str, int, int], set[str]] = {}

    def __contains__(self, key: str) -> bool:
        return key in self._items

    def box(self, key: str) -> Box | None:
        """The box stored for ``key``, if any."""
        item = self._items.get(key)
        return item[1] if item else None

    def put(self, key: str, hall: str, box: Box) -> None:
        """Store ``box`` for ``key`` in ``hall``, replacing what was there."""
        self.drop(key)
        self._items[key] = (hall, box)
        for cell in _cells(hall, box):
            self._cells.setdefault(cell, set()).add(key)

    def drop(self, key: str) -> None:
        """Forget ``key`` (nothing happens when it is not stored)."""
        item = self._items.pop(key, None)
        if item is None:
            return
        for cell in _cells(*item):
            members = self._cells[cell]
            members.discard(key)
            if not members:
                del self._cells[cell]

    def touching(self, hall: str, box: Box) -> list[str]:
        """Ids whose box meets ``box``, edges included, in no particular order."""
        x0, y0, x1, y1 = box
        cells = self._cells
        found: set[str] = set()
        for cell in _cells(hall, box):
            members = cells.get(cell)
            if members:
                found.update(members)
        items = self._items
        return [
            key
            for key in found
            if (b := items[key][1]).x0 <= x1 and x0 <= b.x1 and b.y0 <= y1 and y0 <= b.y1
        ]

    def overlapping(self, hall: str, box: Box) -> list[str]:
        """Ids whose box shares interior area with ``box`` (touching edges do not count)."""
        return [key for key in self.touching(hall, box) if self._items[key][1].overlaps(box)]

    def near(self, hall: str, box: Box, margin: int) -> list[str]:
        """Ids whose box lies within ``margin`` millimetres of ``box``."""
        return self.touching(
            hall, Box(box.x0 - margin, box.y0 - margin, box.x1 + margin, box.y1 + margin)
        )
