"""Scale bar and legend of a plan, drawn in device coordinates at a fixed size in points.

The canvas draws them over the view's corner; a report draws them beside the plan. Both
call these with the painter's world transform reset (identity) and say where to draw.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter

from designer.core.findings import ERROR, OK, UNCHECKED, WARNING
from designer.drawing import style

#: Scale bar lengths to choose from, in metres.
BAR_LENGTHS_M = (0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000)


def scale_bar_length_m(px_per_mm: float, max_px: float) -> float:
    """The longest standard length in metres whose bar fits in ``max_px`` pixels."""
    best = BAR_LENGTHS_M[0]
    for metres in BAR_LENGTHS_M:
        if metres * 1000 * px_per_mm <= max_px:
            best = metres
    return best


def scale_bar_width(px_per_mm: float, px_per_point: float, max_px: float) -> float:
    """Width in pixels ``draw_scale_bar`` will use, label included."""
    metres = scale_bar_length_m(px_per_mm, max_px)
    label = QFontMetricsF(style.font(7.0, px_per_point)).horizontalAdvance(f"{metres:g} m")
    return metres * 1000 * px_per_mm + 5 * px_per_point + label


def draw_scale_bar(
    painter: QPainter, left_centre: QPointF, px_per_mm: float, px_per_point: float, max_px: float
) -> None:
    """A two-tone bar of a round length in metres followed by its length, from ``left_centre``."""
    metres = scale_bar_length_m(px_per_mm, max_px)
    length = metres * 1000 * px_per_mm
    height = 4 * px_per_point
    x, y = left_centre.x(), left_centre.y() - height / 2
    half = length / 2
    painter.setPen(style.pen(style.INK, 0.75, px_per_point))
    painter.setBrush(style.brush(style.INK))
    painter.drawRect(QRectF(x, y, half, height))
    painter.setBrush(style.brush(style.PAPER))
    painter.drawRect(QRectF(x + half, y, half, height))
    font = style.font(7.0, px_per_point)
    metrics = QFontMetricsF(font)
    painter.setFont(font)
    label = f"{metres:g} m"
    painter.drawText(
        QRectF(
            x + length + 5 * px_per_point,
            left_centre.y() - metrics.height() / 2,
            metrics.horizontalAdvance(label) + 2,
            metrics.height(),
        ),
        Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
        label,
    )


@dataclass(frozen=True)
class LegendEntry:
    """A swatch and its text; ``line`` draws the swatch as a line (busways) not a box."""

    colour: QColor
    text: str
    line: bool = False


def rack_entries(
    checked: bool = True, statuses: Collection[int] | None = None
) -> list[LegendEntry]:
    """Legend of the status colouring of racks and of their front edge: the ``statuses``
    the racks drawn have (a sheet of a clean hall listed Warning and Error; a review), or
    all three (None), as the designer's strip lists them.

    Before any check has run, racks show as "not checked" and the legend says so.
    """
    named = ((OK, "No findings"), (WARNING, "Warning"), (ERROR, "Error"))
    racks = (
        [
            LegendEntry(style.STATUS_FILL[status], text)
            for status, text in named
            if statuses is None or status in statuses
        ]
        if checked
        else [LegendEntry(style.STATUS_FILL[UNCHECKED], "Not checked")]
    )
    return [
        *racks,
        LegendEntry(style.FRONT_BAND[0], "Rack front"),
        LegendEntry(style.FRONT_BAND[1], "Network front"),
    ]


def status_entries(
    present: Collection[str], statuses: Collection[int], checked: bool = True
) -> list[LegendEntry]:
    """Legend of the status colouring and the services drawn on the floor (``present``:
    see ``service_entries``; ``statuses``: see ``rack_entries``)."""
    return [*rack_entries(checked, statuses), *service_entries(present)]


def heat_entries() -> list[LegendEntry]:
    """Legend of the heat colouring: each rack's max power."""
    entries = []
    lower = 0.0
    for upper, colour in style.HEAT_STEPS:
        text = f"≥ {lower:g} kW" if upper == float("inf") else f"< {upper:g} kW"
        entries.append(LegendEntry(colour, text))
        lower = upper
    return entries


#: The services a legend may list, by the key ``drawing.plan.services_in`` reports them.
SERVICE_ENTRIES = {
    "cdu": LegendEntry(style.CDU, "CDU"),
    "rear_door": LegendEntry(style.REAR_DOOR, "Rear-door heat exchanger"),
    "crah": LegendEntry(style.CRAH, "CRAH"),
    "inrow_cooler": LegendEntry(style.INROW, "In-row cooler"),
    "busway_A": LegendEntry(style.FEED_SIDE["A"], "Busway A", line=True),
    "busway_B": LegendEntry(style.FEED_SIDE["B"], "Busway B", line=True),
    "busway": LegendEntry(style.FEED_SIDE[None], "Busway, no side", line=True),
    "tray": LegendEntry(style.TRAY_SWATCH, "Tray"),
    "column": LegendEntry(style.COLUMN, "Column"),
    "keepout": LegendEntry(style.KEEPOUT_EDGE, "Keep-out"),
    "wall": LegendEntry(style.WALL_STUB, "Wall"),
}
#: What the designer's legend strip lists, whatever the hall holds.
USUAL_SERVICES = ("cdu", "crah", "busway_A", "busway_B", "busway", "tray", "column")


def service_entries(present: Collection[str]) -> list[LegendEntry]:
    """Legend of the services drawn on the floor: those ``present`` in a hall, as a drawing
    set lists them (a trial's sheets listed columns and unsided busways halls did not
    have); the designer's strip lists the usual ones (``strip_entries``)."""
    return [SERVICE_ENTRIES[key] for key in SERVICE_ENTRIES if key in present]


def strip_entries(cooling: Collection[str]) -> list[LegendEntry]:
    """The designer's legend strip's services: the usual ones, and the in-row coolers where
    the hall on screen has some (``cooling``: the kinds of its cooling units). A trial read
    a pod's in-row coolers as CRAHs: the strip named only the CRAH, in a colour near
    theirs."""
    keys = list(USUAL_SERVICES)
    if "inrow_cooler" in cooling:
        keys.insert(keys.index("crah") + 1, "inrow_cooler")
    return [SERVICE_ENTRIES[key] for key in keys]


def draw_legend_row(
    painter: QPainter,
    left_centre: QPointF,
    entries: list[LegendEntry],
    px_per_point: float,
    max_width: float = float("inf"),
) -> float:
    """``entries`` side by side, starting at ``left_centre``; returns the width used.

    One line of swatches and words fits under a plan (or along a sheet's edge) without
    covering it: entries that would reach past ``max_width`` pixels are left out, so list
    the ones that matter most first.
    """
    font = style.font(7.0, px_per_point)
    metrics = QFontMetricsF(font)
    swatch, gap = 9 * px_per_point, 12 * px_per_point
    height = metrics.height()
    x, y = left_centre.x(), left_centre.y()
    painter.setFont(font)
    for entry in entries:
        width = metrics.horizontalAdvance(entry.text)
        if x + swatch + 4 * px_per_point + width - left_centre.x() > max_width:
            break
        if entry.line:
            painter.setPen(style.pen(entry.colour, 2.2, px_per_point))
            painter.drawLine(QPointF(x, y), QPointF(x + swatch, y))
        else:
            painter.setPen(style.pen(style.RACK_EDGE, 0.6, px_per_point))
            painter.setBrush(style.brush(entry.colour))
            painter.drawRect(QRectF(x, y - swatch * 0.4, swatch, swatch * 0.8))
        x += swatch + 4 * px_per_point
        painter.setPen(style.INK)
        painter.drawText(
            QRectF(x, y - height / 2, width + 2, height),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            entry.text,
        )
        x += width + gap
    return max(0.0, x - left_centre.x() - gap)
