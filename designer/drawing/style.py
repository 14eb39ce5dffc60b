"""Every colour, pen, brush and font of a floor plan, made once and shared.

Pens that must look the same on any device are sized in points and cached per device
resolution (``pen(colour, width_pt, px_per_point)``); brushes do not depend on the device
and are module constants. Building a ``QPen`` or ``QColor`` inside a paint call is what
this module exists to avoid.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPen

FONT_FAMILY = "DejaVu Sans"

# --- the floor -----------------------------------------------------------------------
BACKDROP = QColor("#d9dee4")
FLOOR = QColor("#fbfcfd")
GRID_MINOR = QColor("#e3e7ec")
GRID_MAJOR = QColor("#c9d0d8")
WALL = QColor("#27313b")
DIMENSION = QColor("#55616d")
INK = QColor("#1d252c")
MUTED_INK = QColor("#5f6b76")
PAPER = QColor("#ffffff")

# --- structures ----------------------------------------------------------------------
COLUMN = QColor("#8a939d")
COLUMN_EDGE = QColor("#3d4650")
KEEPOUT = QColor(214, 69, 65, 40)
KEEPOUT_EDGE = QColor("#c8403c")
WALL_STUB = QColor("#46515c")

# --- overhead and services -----------------------------------------------------------
TRAY = QColor(176, 141, 87, 38)
#: A tray seen from far out: one stroke of its width, a little stronger than the band.
TRAY_FAR = QColor(176, 141, 87, 70)
TRAY_EDGE = QColor("#9a7744")
#: A tray in a legend: its floor band as the plan shows it over paper, at full strength (a
#: line in the tray's edge colour read as something else; a review).
TRAY_SWATCH = QColor(241, 234, 223)
FEED_SIDE = {"A": QColor("#2f6fd1"), "B": QColor("#d9652b"), None: QColor("#66727e")}
#: Size of the square drawn for a PDU or the end of a busway, and of an in-rack CDU, in mm.
POINT_MARK_MM = 300
#: Links along the trays, by medium family (``designer.core.network.mix.FAMILIES``):
#: copper brown, pink active optics, aqua multimode and gold single-mode (as the jackets),
#: violet coherent DCI, slate NVLink, red where no medium reaches.
LINK_FAMILY = {
    "copper": QColor("#a9521b"),
    "aoc": QColor("#c2409a"),
    "multimode": QColor("#10a9c2"),
    "single-mode": QColor("#c99a00"),
    "coherent": QColor("#6a3d9a"),
    "nvlink": QColor("#44505c"),
    "none": QColor("#d62d20"),
}
CDU = QColor("#1596a8")
#: A rack's rear-door heat exchanger, a band along its rear edge: water-cooled, as a CDU, darker.
REAR_DOOR = QColor("#127a8a")
CDU_EDGE = QColor("#0c5f6b")
CRAH = QColor("#9cc6e4")
CRAH_EDGE = QColor("#3f7ca8")
INROW = QColor("#72b7d6")

# --- racks ---------------------------------------------------------------------------
#: The colour of each status bucket (``designer.core.findings``: unchecked, OK, warning,
#: error).
STATUS_FILL = (
    QColor("#a9b4c0"),
    QColor("#5fa77a"),
    QColor("#f0b03f"),
    QColor("#dc4a3d"),
)
RACK_EDGE = QColor("#26313b")
#: Front-edge band colour by rack category (compute, network, storage, unknown type).
CATEGORIES = ("compute", "network", "storage")
FRONT_BAND = (QColor("#1f2a33"), QColor("#5b3fb0"), QColor("#7a5a2a"), QColor("#c0392b"))
LABEL_ON_RACK = QColor("#0f1419")

#: Heat buckets: upper bound in kW (max power) and colour, cool to hot.
HEAT_STEPS: tuple[tuple[float, QColor], ...] = (
    (10.0, QColor("#fff5c2")),
    (25.0, QColor("#fde08a")),
    (45.0, QColor("#f9b75a")),
    (70.0, QColor("#f08a3e")),
    (100.0, QColor("#e0582f")),
    (130.0, QColor("#c42d2a")),
    (float("inf"), QColor("#7d1024")),
)

# --- selection and findings ----------------------------------------------------------
SELECTION = QColor("#1473e6")
SELECTION_FILL = QColor(20, 115, 230, 45)
INVALID = QColor("#d62d20")
INVALID_FILL = QColor(214, 45, 32, 50)
VALID_FILL = QColor(20, 115, 230, 40)
#: What is placed or moved over other racks (allowed; the check reports the overlap).
OVERLAP = QColor("#d98a00")
OVERLAP_FILL = QColor(240, 170, 40, 60)
SEVERITY_COLOUR = {
    "error": QColor("#d32f2f"),
    "warning": QColor("#f5a623"),
    "info": QColor("#2d7dd2"),
}


def brush(colour: QColor) -> QBrush:
    """A solid brush of ``colour`` (cached: brushes are shared, never built per paint)."""
    return _brush(colour.rgba())


@lru_cache(maxsize=256)
def _brush(rgba: int) -> QBrush:
    return QBrush(QColor.fromRgba(rgba))


def pen(
    colour: QColor,
    width_pt: float,
    px_per_point: float,
    style: Qt.PenStyle = Qt.PenStyle.SolidLine,
) -> QPen:
    """A cosmetic pen ``width_pt`` points wide on a device with ``px_per_point``.

    Cosmetic, so a wall stays one line weight however far the user zooms; sized in points,
    so the printed plan has the same line weights as the screen.
    """
    return _pen(colour.rgba(), round(width_pt * px_per_point, 3), style)


@lru_cache(maxsize=512)
def _pen(rgba: int, width_px: float, style: Qt.PenStyle) -> QPen:
    result = QPen(QColor.fromRgba(rgba), width_px, style)
    result.setCosmetic(True)
    result.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return result


def floor_pen(
    colour: QColor, width_mm: float, cap: Qt.PenCapStyle = Qt.PenCapStyle.FlatCap
) -> QPen:
    """A pen whose width is a real width on the floor (a tray, a busway), in millimetres."""
    return _floor_pen(colour.rgba(), float(width_mm), cap)


@lru_cache(maxsize=128)
def _floor_pen(rgba: int, width_mm: float, cap: Qt.PenCapStyle) -> QPen:
    result = QPen(QColor.fromRgba(rgba), width_mm)
    result.setCapStyle(cap)
    result.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return result


NO_PEN = QPen(Qt.PenStyle.NoPen)
NO_BRUSH = QBrush(Qt.BrushStyle.NoBrush)


def font(size_pt: float, px_per_point: float, bold: bool = False) -> QFont:
    """The plan's font at ``size_pt`` points, sized in device pixels for the painter."""
    return _font(round(size_pt * px_per_point, 2), bold)


@lru_cache(maxsize=64)
def _font(size_px: float, bold: bool) -> QFont:
    result = QFont(FONT_FAMILY)
    result.setPixelSize(max(1, round(size_px)))
    result.setBold(bold)
    # Without ligatures "fi" stays two letters, so pdftotext and a viewer's search find
    # words such as "fill" on a printed plan.
    result.setFeature(QFont.Tag("liga"), 0)
    return result


#: What each thread has made for itself (``metrics``), gone with the thread.
_thread = threading.local()


def metrics(size_pt: float, px_per_point: float, bold: bool = False) -> QFontMetricsF:
    """The metrics of ``font(size_pt, px_per_point, bold)``, made once per font and thread:
    a sheet measures its labels in a few fonts, hundreds of times, and an export measures
    on its own thread while the canvas measures on the GUI's (Qt's metrics are not to be
    shared between threads)."""
    made: dict[tuple[float, bool], QFontMetricsF] | None = getattr(_thread, "metrics", None)
    if made is None:
        made = _thread.metrics = {}
    key = (round(size_pt * px_per_point, 2), bold)
    found = made.get(key)
    if found is None:
        found = made[key] = QFontMetricsF(QFont(_font(*key)))
    return found


def heat_bucket(max_kw: float) -> int:
    """The index into ``HEAT_STEPS`` of a rack drawing ``max_kw``."""
    for index, (upper, _) in enumerate(HEAT_STEPS):
        if max_kw < upper:
            return index
    return len(HEAT_STEPS) - 1


def category_index(category: str | None) -> int:
    """The index into ``FRONT_BAND`` of a rack category (3 for an unknown type)."""
    return CATEGORIES.index(category) if category in CATEGORIES else len(CATEGORIES)
