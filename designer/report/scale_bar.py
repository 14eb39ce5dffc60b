"""A scale bar on a sheet: what a reader measures a drawing against, whatever its scale."""

from __future__ import annotations

from PySide6.QtGui import QColor

from designer.core.format import number
from designer.report.paper import Rect
from designer.report.sheet import INK, Sheet


def draw_scale_bar(sheet: Sheet, x: float, y: float, metres: float, denominator: float) -> None:
    """A bar ``metres`` long at 1:``denominator`` (a plan's standard scale, or the scale a
    site map fits its site to), in five alternating parts, labelled."""
    length = metres * 1000 / denominator
    part = length / 5
    for i in range(5):
        sheet.box(
            Rect(x + i * part, y, part, 2.2),
            width_mm=0.2,
            fill=INK if i % 2 == 0 else QColor("white"),
        )
    sheet.text(x - 2, y + 6.5, "0", size_pt=6.5, align="center", width=4)
    sheet.text(
        x + length - 6, y + 6.5, f"{number(metres)} m", size_pt=6.5, align="center", width=12
    )
