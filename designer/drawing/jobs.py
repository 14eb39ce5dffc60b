"""Racks coloured by what they do for the jobs: by job, PP stage, DP replica or TP domain.

The canvas shows it over the racks on request and the report's jobs sheet draws it under
each hall: one ``drawRects`` per colour, the front edges over them, racks that serve no
job in pale grey. Colours come from a fixed palette of twelve that stay apart on screen
and paper; beyond twelve values they repeat, which the legend says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from PySide6.QtGui import QColor, QPainter

from designer.core.geometry.footprint import footprint
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.drawing import style
from designer.drawing.arrays import by_code, draw_rects, in_clip
from designer.drawing.legend import LegendEntry
from designer.drawing.lod import FRONT_LOD, Context
from designer.drawing.racks import FRONT_BAND_MM, FRONT_MIN_PT, front_bands

#: Twelve colours told apart at a glance, from Paul Tol's qualitative colour schemes.
PALETTE = tuple(
    QColor(c)
    for c in (
        "#4477aa",
        "#ee6677",
        "#228833",
        "#ccbb44",
        "#66ccee",
        "#aa3377",
        "#ee8866",
        "#44aa99",
        "#999933",
        "#882255",
        "#bbcc33",
        "#332288",
    )
)
#: Racks with accelerators that no job uses.
IDLE = QColor("#e4e7eb")


@dataclass(frozen=True)
class RoleRects:
    """The footprints of a hall's accelerator racks by colour (an index into ``palette``;
    ``-1``: no job), and their front bands' geometry."""

    groups: tuple[tuple[int, np.ndarray], ...]
    rects: np.ndarray
    rotation: np.ndarray
    palette: tuple[QColor, ...] = PALETTE


def role_rects(
    project: Project,
    hall_id: str,
    rack_types: Mapping[str, RackType],
    roles: Mapping[str, int],
    palette: tuple[QColor, ...] = PALETTE,
    every_rack: bool = False,
) -> RoleRects:
    """Every accelerator rack of ``hall_id`` (or ``every_rack``) with its value in ``roles``
    (or -1), coloured from ``palette`` (another colouring of racks, a what-if's losses,
    brings its own)."""
    rows, values, turns = [], [], []
    for rack in project.placements.values():
        kind = rack_types.get(rack.type_id)
        if rack.hall_id != hall_id or kind is None:
            continue
        if not (every_rack or kind.accelerators or rack.id in roles):
            continue
        box = footprint(rack.x, rack.y, kind.width_mm, kind.depth_mm, rack.rotation)
        rows.append((box.x0, box.y0, box.width, box.height))
        values.append(roles.get(rack.id, -1))
        turns.append(rack.rotation)
    rects = np.array(rows, dtype=np.float64).reshape(-1, 4)
    codes = np.array(values, dtype=np.int64)
    colours = np.where(codes < 0, -1, codes % len(palette))
    groups = tuple(by_code(rects, colours))
    return RoleRects(groups, rects, np.array(turns, dtype=np.int64), palette)


def draw_roles(painter: QPainter, shown: RoleRects, ctx: Context) -> None:
    """Fill each rack in its role's colour, then mark its front."""
    painter.setPen(style.NO_PEN)
    for colour, rects in shown.groups:
        painter.setBrush(style.brush(IDLE if colour < 0 else shown.palette[colour]))
        draw_rects(painter, rects[in_clip(rects, ctx.clip)])
    if ctx.points_per_mm >= FRONT_LOD and len(shown.rects):
        band = max(FRONT_BAND_MM, ctx.millimetres(FRONT_MIN_PT))
        bands = front_bands(shown.rects, shown.rotation, band)
        painter.setBrush(style.brush(style.FRONT_BAND[0]))
        draw_rects(painter, bands[in_clip(bands, ctx.clip)])


def role_entries(noun: str, names: list[str] | None, count: int) -> list[LegendEntry]:
    """Legend of a colouring of ``count`` values: their ``names`` (jobs), or ``noun 1``,
    ``noun 2``...; one entry for the racks of no job. Repeating colours are said once."""
    shown = names if names is not None else [f"{noun} {n + 1}" for n in range(count)]
    entries = [LegendEntry(PALETTE[n % len(PALETTE)], text) for n, text in enumerate(shown)]
    if count > len(PALETTE):
        entries = entries[: len(PALETTE)]
        entries.append(LegendEntry(style.PAPER, f"... colours repeat every {len(PALETTE)}"))
    return [*entries, LegendEntry(IDLE, "No job")]
