"""Racks seen from above: real footprints, the front edge marked, coloured by status or heat.

Racks are drawn in bulk, never one paint call per rack: ``RackArrays`` keeps the
footprints of a set of racks in numpy arrays, and ``draw_racks`` issues one ``drawRects``
per colour bucket, one per front-band colour and (only when zoomed in, only for racks in
view) the labels. The canvas keeps one ``RackArrays`` per spatial chunk of a hall; the
report one per hall.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

from designer.core.format import number
from designer.core.geometry.footprint import footprint
from designer.core.model.equipment import RackType
from designer.core.model.placement import Placement
from designer.drawing import style
from designer.drawing.arrays import draw_rects, in_clip
from designer.drawing.lod import DETAIL_LOD, FRONT_LOD, LABEL_LOD, OUTLINE_LOD, Context
from designer.drawing.text import draw_boxed_labels

#: Footprint drawn for a rack whose type is unknown (so the mistake is visible), in mm.
UNKNOWN_SIZE = (600, 1_200)
#: The front band is this deep on the floor, but never less than ``FRONT_MIN_PT`` points.
FRONT_BAND_MM = 110
FRONT_MIN_PT = 1.3

COLOUR_MODES = ("status", "heat")


def short_name(kind: RackType) -> str:
    """A rack type's name without its vendor and its parenthesis: "GB200 NVL72"."""
    name = kind.name.split(" (")[0]
    if kind.vendor and name.startswith(kind.vendor + " "):
        name = name[len(kind.vendor) + 1 :]
    return name


@dataclass
class RackArrays:
    """The footprints and drawing attributes of a set of racks, one row per rack.

    ``rects`` holds x, y, width, height in mm; ``depth`` the extent across the front edge;
    ``status`` and ``hidden`` change in place when findings arrive or a drag starts.
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

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def bounds(self) -> QRectF:
        """The box around every rack, empty when there is none."""
        if not len(self.ids):
            return QRectF()
        x0 = float(self.rects[:, 0].min())
        y0 = float(self.rects[:, 1].min())
        x1 = float((self.rects[:, 0] + self.rects[:, 2]).max())
        y1 = float((self.rects[:, 1] + self.rects[:, 3]).max())
        return QRectF(x0, y0, x1 - x0, y1 - y0)

    def set_status(self, worst: Mapping[str, int], checked: bool) -> bool:
        """Colour racks by the worst finding naming them; returns True if anything changed.

        ``checked`` False means no check has run yet: every rack shows as not checked.
        """
        default = style.OK if checked else style.UNCHECKED
        status = np.array([worst.get(i, default) for i in self.ids], dtype=np.int8)
        if np.array_equal(status, self.status):
            return False
        self.status = status
        return True

    def set_hidden(self, ids: Iterable[str]) -> None:
        """Hide these racks (while edit proxies stand in for them); show the rest."""
        wanted = set(ids)
        self.hidden = np.array([i in wanted for i in self.ids], dtype=bool)


def rack_arrays(
    placements: Iterable[Placement],
    rack_types: Mapping[str, RackType],
    status: Mapping[str, int] | None = None,
    checked: bool = False,
) -> RackArrays:
    """Build the arrays for ``placements``; ``status`` maps ids to a worst-finding bucket."""
    ids, rects, rotation, category, kws, labels = [], [], [], [], [], []
    for rack in placements:
        kind = rack_types.get(rack.type_id)
        width, depth = (kind.width_mm, kind.depth_mm) if kind else UNKNOWN_SIZE
        box = footprint(rack.x, rack.y, width, depth, rack.rotation)
        ids.append(rack.id)
        rects.append((box.x0, box.y0, box.width, box.height))
        rotation.append(rack.rotation)
        category.append(style.category_index(kind.category if kind else None))
        kws.append(kind.max_kw if kind else 0.0)
        labels.append(rack.label or (short_name(kind) if kind else f"? {rack.type_id}"))
    max_kw = np.array(kws, dtype=np.float64)
    arrays = RackArrays(
        ids=ids,
        rects=np.array(rects, dtype=np.float64).reshape(-1, 4),
        rotation=np.array(rotation, dtype=np.int16),
        category=np.array(category, dtype=np.int8),
        heat=np.array([style.heat_bucket(kw) for kw in kws], dtype=np.int8),
        max_kw=max_kw,
        status=np.full(len(ids), -1, dtype=np.int8),
        hidden=np.zeros(len(ids), dtype=bool),
        labels=labels,
    )
    arrays.set_status(status or {}, checked)
    return arrays


def front_bands(rects: np.ndarray, rotation: np.ndarray, band_mm: float) -> np.ndarray:
    """The strip ``band_mm`` deep inside each footprint along its front edge (x, y, w, h).

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


def draw_racks(
    painter: QPainter, racks: RackArrays, ctx: Context, colour_mode: str = "status"
) -> None:
    """Draw the visible racks: fills by status (or heat), front bands, outlines, labels."""
    if not len(racks):
        return
    visible = ~racks.hidden & in_clip(racks.rects, ctx.clip)
    if not visible.any():
        return
    rects = racks.rects
    lod = ctx.points_per_mm
    if colour_mode == "heat":
        codes, fills = racks.heat, [c for _, c in style.HEAT_STEPS]
    else:
        codes, fills = racks.status, list(style.STATUS_FILL)
    outline = lod >= OUTLINE_LOD
    painter.setPen(style.pen(style.RACK_EDGE, 0.6, ctx.px_per_point) if outline else style.NO_PEN)
    for code in np.unique(codes[visible]):
        painter.setBrush(style.brush(fills[int(code)]))
        draw_rects(painter, rects[visible & (codes == code)])
    if lod >= FRONT_LOD:
        band = max(FRONT_BAND_MM, ctx.millimetres(FRONT_MIN_PT))
        bands = front_bands(rects[visible], racks.rotation[visible], band)
        categories = racks.category[visible]
        painter.setPen(style.NO_PEN)
        for code in np.unique(categories):
            painter.setBrush(style.brush(style.FRONT_BAND[int(code)]))
            draw_rects(painter, bands[categories == code])
    if lod >= LABEL_LOD:
        detail = lod >= DETAIL_LOD
        labels = []
        for index in np.flatnonzero(visible):
            x, y, w, h = rects[index]
            text = racks.labels[index]
            if detail:
                text += f"\n{number(racks.max_kw[index], 0)} kW"
            labels.append((QRectF(x, y, w, h), text))
        draw_boxed_labels(painter, ctx, labels, 6.5 if detail else 5.5)
