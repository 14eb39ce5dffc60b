"""The drawing context: how large a millimetre of floor appears, and what needs drawing.

Level of detail is measured in typographic points per millimetre of floor rather than in
device pixels, so the same thresholds hold on a 96 dpi screen and on a 1,440 dpi PDF page:
a 600 mm rack drawn 45 points wide gets its label on both. Text and hairlines are sized in
points and converted to device pixels with ``px_per_point``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter

#: Below this a rack is a few points wide: fills only, no outlines or front marks.
OUTLINE_LOD = 0.012
#: From here the front edge of each rack is marked.
FRONT_LOD = 0.006
#: From here racks, units and feeds carry their labels: a drawing at 1:100 (0.028 pt per
#: mm, a 600 x 1,200 mm rack 17 x 34 pt) has them, running up racks too narrow for them.
LABEL_LOD = 0.025
#: From here, until rack labels take over, each multi-rack system (a CloudMatrix384) is
#: labelled across its racks: a campus plan at 1:200 (0.014 pt per mm) names its systems.
SYSTEM_LABEL_LOD = 0.012
#: From here columns and keep-outs are hatched, and cooling units outlined: fine detail a
#: whole-campus view (0.004 pt per mm) leaves out, so its repaint stays a fill per item.
HATCH_LOD = 0.01
UNIT_OUTLINE_LOD = 0.0067
#: From here labels get a second line with the rack's power.
DETAIL_LOD = 0.16
#: Smallest spacing, in points, at which grid lines are still drawn.
MIN_GRID_SPACING_PT = 8.0


@dataclass(frozen=True)
class Context:
    """What a drawing function needs to know besides the model.

    ``points_per_mm``: size in points of one millimetre of floor (the level of detail);
    ``px_per_point``: device pixels per point (4/3 on a 96 dpi screen, 20 on a 1,440 dpi
    PDF); ``clip``: the part of the hall, in millimetres, that needs drawing (None: all);
    ``part``: the part of the hall a sheet shows, when it shows only a part (a tiled
    plan), so what labels the whole hall, its overall dimensions, is set within the part
    (None: as the whole hall places it; the canvas's clip is only what is repainted).
    """

    points_per_mm: float
    px_per_point: float
    clip: QRectF | None = None
    part: QRectF | None = None

    @classmethod
    def of(
        cls, painter: QPainter, clip: QRectF | None = None, part: QRectF | None = None
    ) -> Context:
        """The context of ``painter`` as its world transform and device stand now."""
        transform = painter.worldTransform()
        px_per_mm = math.hypot(transform.m11(), transform.m12())
        device = painter.device()
        dpi = device.logicalDpiY() if device is not None else 96
        px_per_point = max(dpi, 1) / 72.0
        return cls(px_per_mm / px_per_point, px_per_point, clip, part)

    def pixels(self, points: float) -> float:
        """``points`` in device pixels."""
        return points * self.px_per_point

    def millimetres(self, points: float) -> float:
        """How many millimetres of floor ``points`` cover at this scale."""
        return points / self.points_per_mm if self.points_per_mm > 0 else 0.0

    def shows(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """True when the box ``[x0, x1] x [y0, y1]`` (mm) meets the clip."""
        if self.clip is None:
            return True
        c = self.clip
        return x0 <= c.right() and c.left() <= x1 and y0 <= c.bottom() and c.top() <= y1
