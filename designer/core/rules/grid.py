"""A mutable spatial hash of boxes per hall, for neighbour queries that follow each edit.

``designer.core.geometry.SpatialIndex`` wraps shapely's STRtree, which cannot change: after
moving one rack it would have to be built again for the whole hall. Checks that re-run
after every edit need an index that moves one entry instead, so this one buckets boxes in
square cells of the floor and updates the cells a box covers.

A full check asks about 80,000 questions of the campus's grids, so a query is written for
speed: each hall has its own cells, each cell holds its boxes (no second look-up per hit),
and a hall with nothing in it answers at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from designer.core.geometry.footprint import Box

#: Cell side in millimetres (ours): about two rack depths, so a rack's neighbourhood
#: spans a handful of cells.
CELL_MM = 2_400

Cells = dict[tuple[int, int], dict[str, Box]]


def _cells(box: Box) -> Iterator[tuple[int, int]]:
    x0, y0, x1, y1 = box
    for cx in range(x0 // CELL_MM, x1 // CELL_MM + 1):
        for cy in range(y0 // CELL_MM, y1 // CELL_MM + 1):
            yield cx, cy


class Grid:
    """Boxes by id, each in a hall; queries are per hall.

    Queries return ``{id: box}`` in no particular order: every check that uses them gives
    the same findings whatever the order (ties are broken by id).
    """

    def __init__(self) -> None:
        self._items: dict[str, tuple[str, Box]] = {}
        self._halls: dict[str, Cells] = {}

    def __contains__(self, key: str) -> bool:
        return key in self._items

    def entries(self) -> Iterator[tuple[str, str, Box]]:
        """Every stored ``(id, hall, box)``."""
        for key, (hall, box) in self._items.items():
            yield key, hall, box

    def box(self, key: str) -> Box | None:
        """The box stored for ``key``, if any."""
        item = self._items.get(key)
        return item[1] if item else None

    def put(self, key: str, hall: str, box: Box) -> None:
        """Store ``box`` for ``key`` in ``hall``, replacing what was there."""
        self.drop(key)
        self._store(key, hall, box)

    def fill(self, entries: Iterable[tuple[str, str, Box]]) -> None:
        """Store each ``(key, hall, box)`` of ``entries``, none of whose keys the grid holds
        yet: a floor is built so, without first looking for each key's old place."""
        for key, hall, box in entries:
            self._store(key, hall, box)

    def _store(self, key: str, hall: str, box: Box) -> None:
        self._items[key] = (hall, box)
        cells = self._halls.get(hall)
        if cells is None:
            cells = self._halls[hall] = {}
        x0, y0, x1, y1 = box
        rows = range(y0 // CELL_MM, y1 // CELL_MM + 1)
        for cx in range(x0 // CELL_MM, x1 // CELL_MM + 1):
            for cy in rows:
                members = cells.get((cx, cy))
                if members is None:
                    cells[cx, cy] = {key: box}
                else:
                    members[key] = box

    def drop(self, key: str) -> None:
        """Forget ``key`` (nothing happens when it is not stored)."""
        item = self._items.pop(key, None)
        if item is None:
            return
        hall, box = item
        cells = self._halls[hall]
        for cell in _cells(box):
            members = cells[cell]
            del members[key]
            if not members:
                del cells[cell]
        if not cells:
            del self._halls[hall]

    def touching(self, hall: str, box: Box) -> dict[str, Box]:
        """Ids and boxes that meet ``box``, edges included."""
        cells = self._halls.get(hall)
        if not cells:
            return {}
        x0, y0, x1, y1 = box
        found: dict[str, Box] = {}
        rows = range(y0 // CELL_MM, y1 // CELL_MM + 1)
        for cx in range(x0 // CELL_MM, x1 // CELL_MM + 1):
            for cy in rows:
                members = cells.get((cx, cy))
                if members:
                    for key, b in members.items():
                        if b[0] <= x1 and x0 <= b[2] and b[1] <= y1 and y0 <= b[3]:
                            found[key] = b
        return found

    def overlapping(self, hall: str, box: Box) -> dict[str, Box]:
        """Ids and boxes that share interior area with ``box`` (touching edges do not
        count)."""
        return overlapping(self.touching(hall, box), box)

    def near(self, hall: str, box: Box, margin: int) -> dict[str, Box]:
        """Ids and boxes that lie within ``margin`` millimetres of ``box``."""
        return self.touching(
            hall, Box(box.x0 - margin, box.y0 - margin, box.x1 + margin, box.y1 + margin)
        )


def overlapping(found: dict[str, Box], box: Box) -> dict[str, Box]:
    """Those of ``found`` that share interior area with ``box``: a check that asks about
    several zones around one rack fetches their surroundings once and sorts them here."""
    x0, y0, x1, y1 = box
    return {
        key: b for key, b in found.items() if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]
    }
