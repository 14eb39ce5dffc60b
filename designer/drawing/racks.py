"""Racks seen from above: real footprints, the front edge marked (and the rear where a rear-door
heat exchanger hangs), coloured by status or heat.

Racks are drawn in bulk, never one paint call per rack: ``RackArrays`` keeps the
footprints of a set of racks in numpy arrays, and ``draw_racks`` issues one ``drawRects``
per colour bucket and one per front-band colour; ``draw_rack_labels`` writes the labels
(only when zoomed in, only for racks in view) after what lies over the racks. The canvas
keeps one ``RackArrays`` per spatial chunk of a hall; the report one per hall.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise, repeat
from typing import Any

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from designer.core.findings import OK, UNCHECKED
from designer.core.format import number
from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.core.model.project import Project
from designer.core.naming import short_name
from designer.core.rack_columns import RackColumns, columns_of
from designer.drawing import style
from designer.drawing.arrays import by_code, draw_rects, in_clip
from designer.drawing.lod import (
    DETAIL_LOD,
    FRONT_LOD,
    LABEL_LOD,
    OUTLINE_LOD,
    SYSTEM_LABEL_LOD,
    Context,
)
from designer.drawing.text import draw_labels_in

#: Footprint drawn for a rack whose type is unknown (so the mistake is visible), in mm.
UNKNOWN_SIZE = (600, 1_200)
#: The front band is this deep on the floor, but never less than ``FRONT_MIN_PT`` points.
FRONT_BAND_MM = 110
FRONT_MIN_PT = 1.3


@dataclass
class RackArrays:
    """The footprints and drawing attributes of a set of racks, one row per rack.

    ``rects`` holds x, y, width, height in mm; ``status`` and ``hidden`` change (through
    ``set_status`` and ``set_hidden``) when findings arrive or a drag starts. The rectangles
    of each colour are kept sorted out per colouring, so a paint of a whole chunk is a few
    ``drawRects`` calls and no array work.
    """

    ids: list[str]
    rects: np.ndarray
    rotation: np.ndarray
    category: np.ndarray
    heat: np.ndarray
    max_kw: np.ndarray
    status: np.ndarray
    hidden: np.ndarray
    labels: list[str]
    #: Each rack's system, as the place of its label among ``system_names`` (-1 for a rack
    #: standing alone); the names are in order, as the systems' labels are drawn.
    system: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.intp))
    system_names: Sequence[str] = ()
    #: True where a rack carries a rear-door heat exchanger.
    rear_door: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    _groups: dict[str, list[tuple[int, np.ndarray]]] = field(
        default_factory=dict, repr=False, compare=False
    )
    _bands: tuple[float, list[tuple[int, np.ndarray]]] | None = field(
        default=None, repr=False, compare=False
    )

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def systems(self) -> list[str]:
        """Each rack's system label ("" for a rack standing alone)."""
        names = [*self.system_names, ""]  # -1, alone, reads the last
        return [names[code] for code in self.system.tolist()]

    @cached_property
    def bounds(self) -> QRectF:
        """The box around every rack, empty when there is none."""
        if not len(self.ids):
            return QRectF()
        x0 = float(self.rects[:, 0].min())
        y0 = float(self.rects[:, 1].min())
        x1 = float((self.rects[:, 0] + self.rects[:, 2]).max())
        y1 = float((self.rects[:, 1] + self.rects[:, 3]).max())
        return QRectF(x0, y0, x1 - x0, y1 - y0)

    def groups(self, colour_mode: str) -> list[tuple[int, np.ndarray]]:
        """(colour index, rectangles) of the shown racks, one entry per colour in use."""
        if colour_mode not in self._groups:
            codes = self.heat if colour_mode == "heat" else self.status
            shown = ~self.hidden
            self._groups[colour_mode] = by_code(self.rects[shown], codes[shown])
        return self._groups[colour_mode]

    def bands(self, band_mm: float) -> list[tuple[int, np.ndarray]]:
        """(category, front bands) of the shown racks for a band ``band_mm`` deep."""
        if self._bands is None or self._bands[0] != band_mm:
            shown = ~self.hidden
            bands = front_bands(self.rects[shown], self.rotation[shown], band_mm)
            self._bands = (band_mm, by_code(bands, self.category[shown]))
        return self._bands[1]

    def set_status(self, worst: Mapping[str, int], checked: bool) -> bool:
        """Colour racks by the worst finding naming them; returns True if anything changed.

        ``checked`` False means no check has run yet: every rack shows as not checked.
        """
        status = _statuses(self.ids, worst, checked)
        if np.array_equal(status, self.status):
            return False
        self.status = status
        self._groups.clear()
        return True

    def set_hidden(self, ids: Iterable[str]) -> None:
        """Hide these racks (while edit proxies stand in for them); show the rest."""
        wanted = set(ids)
        self.hidden = np.array([i in wanted for i in self.ids], dtype=bool)
        self._groups.clear()
        self._bands = None


def _statuses(ids: Sequence[str], worst: Mapping[str, int], checked: bool) -> np.ndarray:
    """The status bucket of each rack of ``ids``: its worst finding's, else "no findings",
    or "not checked" before any check has run."""
    default = OK if checked else UNCHECKED
    return np.fromiter(map(worst.get, ids, repeat(default)), dtype=np.int8, count=len(ids))


def system_labels(project: Project) -> dict[str, str]:
    """Each multi-rack system's label (its id when it has none), by group id."""
    return {g.id: g.label or g.id for g in project.groups.values()}


def rack_arrays(
    placements: Iterable[Placement],
    rack_types: Mapping[str, RackType],
    status: Mapping[str, int] | None = None,
    checked: bool = False,
    system_labels: Mapping[str, str] | None = None,
) -> RackArrays:
    """Build the arrays for ``placements``; ``status`` maps ids to a worst-finding bucket,
    ``system_labels`` group ids to the labels of their systems."""
    racks = columns_of(placements)
    columns = [getattr(racks, name) for name in _FIELDS]
    [arrays] = _arrays(columns, [0, len(racks.id)], rack_types, status, checked, system_labels)
    return arrays


def racks_by_hall(
    racks: RackColumns,
    hall_ids: Iterable[str],
    rack_types: Mapping[str, RackType],
    status: Mapping[str, int] | None = None,
    checked: bool = False,
    system_labels: Mapping[str, str] | None = None,
) -> dict[str, RackArrays]:
    """``rack_arrays`` of the racks of each of ``hall_ids`` (racks elsewhere are left out),
    in the order ``racks`` (the ``RackColumns`` an export has read) holds them: all built
    at once, as a drawing set needs them, from the racks' fields read once per export."""
    halls = list(dict.fromkeys(hall_ids))
    place = {hall_id: k for k, hall_id in enumerate(halls)}
    count = len(racks.hall_id)
    which = np.fromiter(map(place.get, racks.hall_id, repeat(-1)), dtype=np.intp, count=count)
    rows = np.flatnonzero(which >= 0)
    rows = rows[np.argsort(which[rows], kind="stable")]
    start = np.searchsorted(which[rows], np.arange(len(halls) + 1)).tolist()
    columns = [_taken(getattr(racks, name), rows) for name in _FIELDS]
    found = _arrays(columns, start, rack_types, status, checked, system_labels)
    return dict(zip(halls, found, strict=True))


def _taken(column: Sequence[Any], rows: np.ndarray) -> Sequence[Any]:
    """The ``rows`` of ``column``, in order: sliced when they follow each other (a project
    placed hall by hall, as the examples are), else taken through an object array (a
    Python loop over thousands of racks per column costs more)."""
    if not len(rows):
        return ()
    first, last = int(rows[0]), int(rows[-1])
    if last - first == len(rows) - 1 and bool(np.all(rows[1:] > rows[:-1])):
        return column[first : last + 1]
    return np.array(column, dtype=object)[rows].tolist()


#: The fields of ``RackColumns`` the arrays are built from.
_FIELDS = ("id", "type_id", "x", "y", "rotation", "label", "group_id", "rear_door_kw")


def _arrays(
    columns: Sequence[Sequence[Any]],
    start: Sequence[int],
    rack_types: Mapping[str, RackType],
    status: Mapping[str, int] | None,
    checked: bool,
    system_labels: Mapping[str, str] | None,
) -> list[RackArrays]:
    """The arrays of the racks whose ``_FIELDS`` are ``columns`` (one sequence per field,
    in the racks' order), one set per group of racks (``start[k]`` to ``start[k + 1]``);
    what racks of a type share is looked up once."""
    ids, type_ids, xs, ys, rotations, given, group_ids, doors = columns
    n = len(ids)
    kinds = {type_id: i for i, type_id in enumerate(dict.fromkeys(type_ids))}
    looks = [_look(type_id, rack_types.get(type_id)) for type_id in kinds]
    kind = np.fromiter(map(kinds.__getitem__, type_ids), dtype=np.intp, count=n)
    # width, depth, category, max kW, heat bucket of each rack
    table = np.array([look[:5] for look in looks], dtype=np.float64).reshape(-1, 5)[kind]
    rotation = np.fromiter(rotations, dtype=np.int16, count=n)
    sideways = (rotation == 90) | (rotation == 270)
    rects = np.empty((n, 4))
    rects[:, 0] = np.fromiter(xs, dtype=np.float64, count=n)
    rects[:, 1] = np.fromiter(ys, dtype=np.float64, count=n)
    rects[:, 2] = np.where(sideways, table[:, 1], table[:, 0])
    rects[:, 3] = np.where(sideways, table[:, 0], table[:, 1])
    category, heat = table[:, 2].astype(np.int8), table[:, 4].astype(np.int8)
    max_kw = table[:, 3].copy()
    ids = list(ids)
    worst = _statuses(ids, status or {}, checked)
    names = [look[5] for look in looks]
    # a rack without a label of its own is named by its type
    labels = (
        list(given)
        if all(given)
        else [label or names[k] for label, k in zip(given, kind.tolist(), strict=True)]
    )
    system, system_names = _systems(group_ids, system_labels or {})
    door = np.fromiter(map(bool, doors), dtype=bool, count=n)
    return [
        RackArrays(
            ids=ids[a:b],
            rects=rects[a:b],
            rotation=rotation[a:b],
            category=category[a:b],
            heat=heat[a:b],
            max_kw=max_kw[a:b],
            status=worst[a:b],
            hidden=np.zeros(b - a, dtype=bool),
            labels=labels[a:b],
            system=system[a:b],
            system_names=system_names,
            rear_door=door[a:b],
        )
        for a, b in pairwise(start)
    ]


def _systems(
    group_ids: Sequence[str | None], labels: Mapping[str, str]
) -> tuple[np.ndarray, list[str]]:
    """Each rack's system (see ``RackArrays.system``) from its group id, and the systems'
    labels in order; a group without a label (a rack standing alone has the group None)
    stands for no system. Systems of the same label are one."""
    groups = list(dict.fromkeys(group_ids))
    named = [labels.get(g, "") if g else "" for g in groups]
    names = sorted(set(named) - {""})
    place = {name: k for k, name in enumerate(names)}
    of_group = {g: place.get(name, -1) for g, name in zip(groups, named, strict=True)}
    code = np.fromiter(map(of_group.__getitem__, group_ids), dtype=np.intp, count=len(group_ids))
    return code, names


def _look(type_id: str, kind: RackType | None) -> tuple[int, int, int, float, int, str]:
    """What every rack of a type shares on the plan: size, category, power, heat, name."""
    if kind is None:
        return (*UNKNOWN_SIZE, style.category_index(None), 0.0, 0, f"? {type_id}")
    return (
        kind.width_mm,
        kind.depth_mm,
        style.category_index(kind.category),
        kind.max_kw,
        style.heat_bucket(kind.max_kw),
        short_name(kind),
    )


def front_bands(rects: np.ndarray, rotation: np.ndarray, band_mm: float) -> np.ndarray:
    """The strip ``band_mm`` deep inside each footprint along its front edge (x, y, w, h);
    turned by 180 degrees, along its rear edge.

    The band is capped at a third of the rack's depth so it never hides the rack.
    """
    x, y, w, h = rects[:, 0], rects[:, 1], rects[:, 2], rects[:, 3]
    across = np.where((rotation == 0) | (rotation == 180), h, w)
    depth = np.minimum(band_mm, across / 3)
    bands = rects.copy()
    down = rotation == 180
    right = rotation == 90
    left = rotation == 270
    vertical = (rotation == 0) | down
    bands[vertical, 3] = depth[vertical]
    bands[down, 1] = (y + h - depth)[down]
    bands[~vertical, 2] = depth[~vertical]
    bands[right, 0] = (x + w - depth)[right]
    bands[left, 0] = x[left]
    return bands


def rack_fills(colour_mode: str) -> list[QColor]:
    """Rack fill colours by code: heat steps in the heat view, else finding status."""
    return [c for _, c in style.HEAT_STEPS] if colour_mode == "heat" else list(style.STATUS_FILL)


def draw_racks(
    painter: QPainter, racks: RackArrays, ctx: Context, colour_mode: str = "status"
) -> None:
    """Draw the visible racks: fills by status (or heat), front bands, rear-door bands and
    outlines.

    When the clip holds every rack (a whole chunk in view) the pre-sorted colour groups are
    drawn as they are; otherwise only the racks meeting the clip are. Their labels are
    ``draw_rack_labels``, drawn after what lies over the racks (trays, busways, links).
    """
    if not len(racks):
        return
    lod = ctx.points_per_mm
    fills = rack_fills(colour_mode)
    outline = lod >= OUTLINE_LOD
    band = max(FRONT_BAND_MM, ctx.millimetres(FRONT_MIN_PT))
    whole = ctx.clip is None or ctx.clip.contains(racks.bounds)
    if whole:
        groups = racks.groups(colour_mode)
        bands = racks.bands(band) if lod >= FRONT_LOD else []
    else:
        visible = ~racks.hidden & in_clip(racks.rects, ctx.clip)
        if not visible.any():
            return
        codes = racks.heat if colour_mode == "heat" else racks.status
        groups = by_code(racks.rects[visible], codes[visible])
        bands = []
        if lod >= FRONT_LOD:
            shown = front_bands(racks.rects[visible], racks.rotation[visible], band)
            bands = by_code(shown, racks.category[visible])
    # each group filled, then outlined: a vector writer fills rectangles drawn with a pen
    # as one path by the even-odd rule, and two racks that overlap printed a white hole
    edge = style.pen(style.RACK_EDGE, 0.6, ctx.px_per_point) if outline else None
    for code, rects in groups:
        painter.setPen(style.NO_PEN)
        painter.setBrush(style.brush(fills[code]))
        draw_rects(painter, rects)
        if edge is not None:
            painter.setPen(edge)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            draw_rects(painter, rects)
    painter.setPen(style.NO_PEN)
    for category, rects in bands:
        painter.setBrush(style.brush(style.FRONT_BAND[category]))
        draw_rects(painter, rects)
    doors = racks.rear_door & ~racks.hidden
    if lod >= FRONT_LOD and doors.any():
        if not whole:
            doors &= in_clip(racks.rects, ctx.clip)
        painter.setBrush(style.brush(style.REAR_DOOR))
        draw_rects(
            painter, front_bands(racks.rects[doors], (racks.rotation[doors] + 180) % 360, band)
        )


#: The size of a rack's label, and of its label and power close in (``DETAIL_LOD``).
LABEL_PT = 5.5
DETAIL_LABEL_PT = 6.5


def draw_rack_labels(
    painter: QPainter, racks: RackArrays, ctx: Context, colour_mode: str = "status"
) -> None:
    """The labels of the visible racks meeting the clip, close enough in to read them.

    Apart from ``draw_racks`` so they stay readable over the trays, busways and links drawn
    across the racks: each is set on a patch of its rack's fill (as ``colour_mode`` colours
    it), which those lines pass under.
    """
    if ctx.points_per_mm < SYSTEM_LABEL_LOD or not len(racks):
        return
    lod = ctx.points_per_mm
    visible = ~racks.hidden & in_clip(racks.rects, ctx.clip)
    if lod < LABEL_LOD:
        _draw_system_labels(painter, racks, visible, ctx)
        return
    detail = lod >= DETAIL_LOD
    fills = rack_fills(colour_mode)
    codes = racks.heat if colour_mode == "heat" else racks.status
    chosen = np.flatnonzero(visible)
    texts = list(map(racks.labels.__getitem__, chosen.tolist()))
    if detail:
        powers = racks.max_kw[chosen].tolist()
        texts = [f"{text}\n{number(kw, 0)} kW" for text, kw in zip(texts, powers, strict=True)]
    backgrounds = list(map(fills.__getitem__, codes[chosen].tolist()))
    size = DETAIL_LABEL_PT if detail else LABEL_PT
    draw_labels_in(painter, ctx, racks.rects[chosen], texts, size, backgrounds=backgrounds)


def _draw_system_labels(
    painter: QPainter, racks: RackArrays, visible: np.ndarray, ctx: Context
) -> None:
    """Each system's label across the racks of it that are visible (no patch behind it: one
    per system is cheap enough that way on a campus sheet)."""
    shown = visible & (racks.system >= 0)
    if not shown.any():
        return
    code = racks.system[shown]
    order = np.argsort(code, kind="stable")
    code, rects = code[order], racks.rects[shown][order]
    first = np.flatnonzero(np.r_[True, code[1:] != code[:-1]])
    low = np.minimum.reduceat(rects[:, :2], first)
    high = np.maximum.reduceat(rects[:, :2] + rects[:, 2:], first)
    names = list(map(racks.system_names.__getitem__, code[first].tolist()))
    draw_labels_in(painter, ctx, np.column_stack([low, high - low]), names, 6.5, bold=True)
