"""CDUs, CRAHs and in-row coolers: footprints by kind with their front (discharge) bands,
in-rack CDUs as dots, and their names and capacities.

``cooling_geometries`` reads the units of every hall of a drawing set in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from operator import attrgetter

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter

from designer.core.format import number
from designer.core.model.hall import CoolingUnit
from designer.drawing import style
from designer.drawing.arrays import draw_rects, in_clip
from designer.drawing.grouped import group_bounds, sorted_runs, starts
from designer.drawing.lod import LABEL_LOD, UNIT_OUTLINE_LOD, Context
from designer.drawing.style import POINT_MARK_MM
from designer.drawing.text import draw_boxed_labels

#: Depth of the band marking the front (discharge side) of a cooling unit, in mm.
UNIT_FRONT_MM = 120


@dataclass(frozen=True)
class CoolingGeometry:
    """Footprints of cooling units by kind, their front bands, in-rack CDUs and labels."""

    rects: dict[str, np.ndarray]
    fronts: np.ndarray
    in_rack: np.ndarray
    bounds: QRectF
    #: The units standing on the floor and their footprints (x, y, w, h rows), which the
    #: labels are written from when first asked for: a sheet at 1:200 writes none.
    standing: list[CoolingUnit] = field(default_factory=list)
    footprints: np.ndarray = field(default_factory=lambda: np.zeros((0, 4)))
    #: The units mounted in racks, in the order of their marks (``in_rack``).
    racked: list[CoolingUnit] = field(default_factory=list)

    @cached_property
    def labels(self) -> list[tuple[QRectF, str]]:
        """Each standing unit's name and capacity, over its footprint."""
        return [
            (QRectF(*rect), f"{u.name}\n{number(u.liquid_capacity_kw or u.air_capacity_kw, 0)} kW")
            for u, rect in zip(self.standing, self.footprints.tolist(), strict=True)
        ]

    @cached_property
    def label_fills(self) -> list[QColor]:
        """Each label's unit fill: its text is set on a patch of it, so lines pass under it."""
        return [_UNIT_FILL[u.kind] for u in self.standing]


_UNIT_FILL = {"cdu": style.CDU, "crah": style.CRAH, "inrow_cooler": style.INROW}
_UNIT_EDGE = {"cdu": style.CDU_EDGE, "crah": style.CRAH_EDGE, "inrow_cooler": style.CRAH_EDGE}


def cooling_geometry(units: Iterable[CoolingUnit]) -> CoolingGeometry:
    """The units' footprints by kind and front bands, and in-rack CDUs as marks."""
    [geometry] = cooling_geometries([list(units)])
    return geometry


def cooling_geometries(groups: Sequence[Sequence[CoolingUnit]]) -> list[CoolingGeometry]:
    """``cooling_geometry`` of each group of units (each hall's, for a drawing set), all
    read in one pass: a campus has 28 CDUs in each of 24 halls, too few for arrays per hall."""
    units = list(chain.from_iterable(groups))
    start = starts(groups)
    n = len(units)
    columns = list(zip(*map(_UNIT_READ, units), strict=True)) or [()] * 6
    x, y, width, depth = (np.fromiter(c, dtype=np.float64, count=n) for c in columns[:4])
    rotation = np.fromiter(columns[4], dtype=np.int16, count=n)
    kinds = columns[5]
    floor = (width != 0) & (depth != 0)  # as ``cooling_box``: in a rack it has no footprint
    turned = (rotation == 90) | (rotation == 270)
    rects = np.column_stack([x, y, np.where(turned, depth, width), np.where(turned, width, depth)])
    half = POINT_MARK_MM / 2
    marks = np.column_stack([x - half, y - half, np.full((n, 2), POINT_MARK_MM)])
    bounds = group_bounds(np.where(floor[:, None], rects, marks), start)
    fronts = _fronts(rects, rotation)
    codes = {kind: code for code, kind in enumerate(dict.fromkeys(kinds))}
    kind = np.fromiter(map(codes.__getitem__, kinds), dtype=np.intp, count=n)
    # the units standing on the floor and those in racks, each a run of rows per group
    stand, in_rack = np.flatnonzero(floor), np.flatnonzero(~floor)
    stand_at, in_rack_at = np.searchsorted(stand, start).tolist(), np.searchsorted(in_rack, start)
    group = np.repeat(np.arange(len(groups)), np.diff(start))[stand]
    footprints, standing_fronts, points = rects[stand], fronts[stand], marks[in_rack]
    by_kind, kind_at = sorted_runs(
        footprints, group * len(codes) + kind[stand], len(groups) * len(codes)
    )
    standing = list(map(units.__getitem__, stand.tolist()))
    racked = list(map(units.__getitem__, in_rack.tolist()))
    found = []
    for k in range(len(groups)):
        a, b = stand_at[k], stand_at[k + 1]
        runs = {
            key: k * len(codes) + codes[key] for key in dict.fromkeys(u.kind for u in standing[a:b])
        }
        found.append(
            CoolingGeometry(
                {key: by_kind[kind_at[c] : kind_at[c + 1]] for key, c in runs.items()},
                standing_fronts[a:b],
                points[in_rack_at[k] : in_rack_at[k + 1]],
                bounds[k],
                standing[a:b],
                footprints[a:b],
                racked[in_rack_at[k] : in_rack_at[k + 1]],
            )
        )
    return found


#: What a cooling unit's drawing is made of, read from each unit at once.
_UNIT_READ = attrgetter("x", "y", "width_mm", "depth_mm", "rotation", "kind")


def _fronts(rects: np.ndarray, rotation: np.ndarray) -> np.ndarray:
    """The strip along the front edge inside each footprint (x, y, w, h rows), as deep as
    ``UNIT_FRONT_MM`` but never more than a third of the unit."""
    x, y, w, h = rects.T
    depth = np.minimum(np.minimum(UNIT_FRONT_MM, h / 3), w / 3)
    fronts = rects.copy()
    across = (rotation == 0) | (rotation == 180)  # the front runs along x
    fronts[across, 3] = depth[across]
    fronts[~across, 2] = depth[~across]
    down, right = rotation == 180, rotation == 90
    fronts[down, 1] = ((y + h) - depth)[down]
    fronts[right, 0] = ((x + w) - depth)[right]
    return fronts


def draw_cooling(painter: QPainter, geometry: CoolingGeometry, ctx: Context) -> None:
    """CDUs teal, CRAHs light blue, in-row coolers between; in-rack CDUs as teal dots."""
    outline = ctx.points_per_mm >= UNIT_OUTLINE_LOD
    for kind, rects in geometry.rects.items():
        painter.setPen(
            style.pen(_UNIT_EDGE[kind], 0.9, ctx.px_per_point) if outline else style.NO_PEN
        )
        painter.setBrush(style.brush(_UNIT_FILL[kind]))
        draw_rects(painter, rects[in_clip(rects, ctx.clip)])
    painter.setPen(style.NO_PEN)
    painter.setBrush(style.brush(style.CDU_EDGE))
    draw_rects(painter, geometry.fronts)
    if len(geometry.in_rack):
        painter.setPen(style.pen(style.CDU_EDGE, 0.9, ctx.px_per_point))
        painter.setBrush(style.brush(style.CDU))
        for x, y, w, h in geometry.in_rack:
            painter.drawEllipse(QRectF(x, y, w, h))


def draw_cooling_labels(painter: QPainter, geometry: CoolingGeometry, ctx: Context) -> None:
    """The units' names and capacities, drawn with the rack labels over the busways and
    links, each on a patch of its unit's fill (drawn with the units, the lines ran through
    them)."""
    if ctx.points_per_mm < LABEL_LOD:
        return
    shown = [
        index
        for index, (r, _) in enumerate(geometry.labels)
        if ctx.shows(r.left(), r.top(), r.right(), r.bottom())
    ]
    draw_boxed_labels(
        painter,
        ctx,
        [geometry.labels[i] for i in shown],
        6.0,
        style.INK,
        backgrounds=[geometry.label_fills[i] for i in shown],
    )
