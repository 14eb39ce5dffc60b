"""A second design's differences drawn on the first: added, removed, moved and changed.

The first design's racks are coloured in the jobs' layer (``rack_codes``: every rack
pale, the removed, changed and moved ones in their colour where they stand); what the
first design cannot colour, because it stands only in the second (racks added, racks
moved to), and the equipment that is no rack, is drawn over it by ``draw_comparison``:
racks as the jobs' layer fills them, equipment as outlined boxes, and a dashed line from
where a moved one stood to where it stands.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter

from designer.core.energy.differences import Difference, Kind, counts
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.drawing import style
from designer.drawing.arrays import draw_lines, draw_rects, in_clip
from designer.drawing.jobs import IDLE, RoleRects, draw_roles, role_rects
from designer.drawing.legend import LegendEntry
from designer.drawing.lod import Context

#: Where each colour sits in ``COLOURS``.
ADDED, REMOVED, MOVED_FROM, MOVED_TO, CHANGED = range(5)
#: Mostly from Paul Tol's schemes: apart from one another, from the pale racks that do
#: not differ and from the blues and teals of CDUs and CRAHs, on screen and on paper.
COLOURS = tuple(
    QColor(c)
    for c in (
        "#228833",  # added
        "#cc3311",  # removed
        "#e3b3d0",  # moved: where it stood (a pale tint of the next)
        "#aa3377",  # moved: where it stands
        "#ee7733",  # changed
    )
)
#: The colour a difference has in the design it is drawn from.
_IN_A: dict[Kind, int] = {"removed": REMOVED, "moved": MOVED_FROM, "changed": CHANGED}
_IN_B: dict[Kind, int] = {"added": ADDED, "moved": MOVED_TO}


def rack_codes(project_a: Project, found: Iterable[Difference]) -> dict[str, int]:
    """Every rack of the first design with its colour in ``COLOURS``: -1 (pale) for those
    that do not differ (for the jobs' layer, ``JobColouring.show_racks``)."""
    codes = dict.fromkeys(project_a.placements, -1)
    for difference in found:
        if difference.is_rack and difference.kind in _IN_A:
            codes[difference.id] = _IN_A[difference.kind]
    return codes


@dataclass(frozen=True)
class ComparisonShapes:
    """What is drawn over the first design's hall: the second's racks it lacks or has
    elsewhere, equipment boxes by colour (n x 4: x, y, width, height), and moves as lines
    (n x 4: from x, y, to x, y)."""

    racks: RoleRects
    boxes: tuple[tuple[int, np.ndarray], ...]
    moves: np.ndarray


def comparison_shapes(
    found: Iterable[Difference],
    hall_id: str,
    project_b: Project,
    types_b: Mapping[str, RackType],
) -> ComparisonShapes:
    """The shapes of ``found`` in ``hall_id`` that the first design's racks cannot show."""
    racks_b: dict[str, int] = {}
    boxes: dict[int, list[tuple[int, int, int, int]]] = {}
    moves = []
    for difference in found:
        before, after = difference.before, difference.after
        if difference.is_rack:
            if after is not None and after.hall_id == hall_id and difference.kind in _IN_B:
                racks_b[difference.id] = _IN_B[difference.kind]
        else:
            sides = ((before, _IN_A), (after, _IN_B))
            for place, colours in sides:
                if place is not None and place.hall_id == hall_id and difference.kind in colours:
                    box = place.box
                    boxes.setdefault(colours[difference.kind], []).append(
                        (box.x0, box.y0, box.width, box.height)
                    )
        if (
            difference.kind == "moved"
            and before is not None
            and after is not None
            and before.hall_id == after.hall_id == hall_id
        ):
            moves.append((*before.box.centre, *after.box.centre))
    only = project_b.model_copy(
        update={"placements": {i: project_b.placements[i] for i in racks_b}}
    )
    return ComparisonShapes(
        role_rects(only, hall_id, types_b, racks_b, COLOURS),
        tuple(
            (colour, np.array(rows, dtype=np.float64).reshape(-1, 4))
            for colour, rows in sorted(boxes.items())
        ),
        np.array(moves, dtype=np.float64).reshape(-1, 4),
    )


def draw_comparison(painter: QPainter, shapes: ComparisonShapes, ctx: Context) -> None:
    """The second design's racks and equipment over the first's, and the moves between."""
    draw_roles(painter, shapes.racks, ctx)
    for colour, rects in shapes.boxes:
        fill = QColor(COLOURS[colour])
        fill.setAlpha(110)
        # where a moved one stood: outlined dashed in its colour where it stands
        edge = COLOURS[MOVED_TO] if colour == MOVED_FROM else COLOURS[colour]
        dash = Qt.PenStyle.DashLine if colour == MOVED_FROM else Qt.PenStyle.SolidLine
        painter.setPen(style.pen(edge, 2.0, ctx.px_per_point, dash))
        painter.setBrush(style.brush(fill))
        draw_rects(painter, rects[in_clip(rects, ctx.clip)])
    if len(shapes.moves):
        painter.setPen(style.pen(COLOURS[MOVED_TO], 1.5, ctx.px_per_point, Qt.PenStyle.DashLine))
        draw_lines(painter, shapes.moves)


#: How the legend names each colour.
NAMES = ("Added", "Removed", "Moved: stood here", "Moved: stands here", "Changed")


def comparison_entries(found: Iterable[Difference]) -> list[LegendEntry]:
    """The legend of a comparison: each kind with how many there are, then the rest."""
    n = counts(found)
    shown = (
        (ADDED, n["added"]),
        (REMOVED, n["removed"]),
        (MOVED_FROM, n["moved"]),
        (MOVED_TO, n["moved"]),
        (CHANGED, n["changed"]),
    )
    entries = [LegendEntry(COLOURS[c], f"{NAMES[c]} ({count:,})") for c, count in shown]
    return [*entries, LegendEntry(IDLE, "Same in both")]
