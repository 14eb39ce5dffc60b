"""The ends of a run (a busway or a cable tray) and moving one of them.

Runs are drawn orthogonal, as they are built: a point placed after another is squared up
to it unless the user asks for any angle. Dragging an end keeps that rule against the
point before it, so a busway shortened or lengthened along its row stays on its line.
"""

from __future__ import annotations

from collections.abc import Sequence

from designer.core.model.base import Point


def squared(point: Point, after: Point) -> Point:
    """``point`` moved onto the horizontal or vertical line through ``after``, whichever
    is nearer (the segment from ``after`` keeps its longer direction)."""
    (x, y), (ax, ay) = point, after
    return (x, ay) if abs(x - ax) >= abs(y - ay) else (ax, y)


def end_near(path: Sequence[Point], x: float, y: float, reach: float) -> int | None:
    """The index of the end of ``path`` (first or last point) within ``reach`` of
    ``(x, y)``, the nearer of the two when both are; None when neither is."""
    if len(path) < 2:
        return None
    distance, end = min(
        (max(abs(path[i][0] - x), abs(path[i][1] - y)), i) for i in (0, len(path) - 1)
    )
    return end if distance <= reach else None


def with_end_moved(
    path: Sequence[Point], end: int, point: Point, square: bool = True
) -> list[Point] | None:
    """``path`` with its end ``end`` (0 or the last index) at ``point`` (squared up to the
    point before it unless ``square`` is False); None when that leaves no run (the end on
    the point before it). An end brought back onto the point before it takes that point
    out when two remain."""
    points = list(path)
    last = end != 0
    if last:
        points.reverse()
    neighbour = points[1]
    moved = squared(point, neighbour) if square else point
    points[0] = moved
    if moved == neighbour:
        points.pop(0)
    if len(points) < 2:
        return None
    if last:
        points.reverse()
    return points
