"""Text measurement in millimetres, before anything is painted.

Sheets are split (a long findings list over several sheets) before they are numbered, so
text must be measured without a page. Qt measures it as it lays it out on the PDF's page
(shaped and kerned, in the report's font or the installed font it falls back to), on an
image of the PDF's resolution: a column made as wide as its widest figure holds it, and a
PDF, a PNG and an SVG cut the same texts.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF, QImage

FONT_FAMILY = "DejaVu Sans"
#: The resolution text is measured at, and the PDF drawn at (``writer.PDF_DPI``): a point
#: is 20 device pixels. Qt's font engine sizes a font in whole pixels, so every size of a
#: twentieth of a point (the report's are in half points) is set as it is: at 1,200 dpi an
#: 8 pt text was set at 7.98 pt, its lines a fraction of a millimetre short. A glyph's
#: advance measured here is the one the PDF's page places it with.
DPI = 1440
ELLIPSIS = "…"
#: How much wider than its column a text may measure and still be written whole: a column
#: made exactly as wide as its widest text, with the rounding of the sums.
SLACK_MM = 0.01


@lru_cache(maxsize=64)
def font(size_pt: float, bold: bool = False) -> QFont:
    """The report's font at ``size_pt``."""
    made = QFont(FONT_FAMILY)
    made.setPointSizeF(size_pt)
    made.setBold(bold)
    # Without ligatures "fi" stays two letters, so pdftotext and a viewer's search find words.
    made.setFeature(QFont.Tag("liga"), 0)
    return made


#: What each thread has made for itself (``_metrics``), gone with the thread: an export
#: measures on its worker while the window measures on its own (Qt's metrics and images
#: are not to be shared between threads).
_thread = threading.local()


def _metrics(size_pt: float, bold: bool) -> QFontMetricsF:
    """The metrics of ``font(size_pt, bold)`` at ``DPI``, made once per font and thread."""
    made: dict[tuple[float, bool], QFontMetricsF] | None = getattr(_thread, "metrics", None)
    if made is None:
        image = QImage(1, 1, QImage.Format.Format_ARGB32)
        dots_per_metre = round(DPI / 0.0254)
        image.setDotsPerMeterX(dots_per_metre)
        image.setDotsPerMeterY(dots_per_metre)
        _thread.image = image  # the metrics' device lives as long as they do
        made = _thread.metrics = {}
    found = made.get((size_pt, bold))
    if found is None:
        found = made[(size_pt, bold)] = QFontMetricsF(font(size_pt, bold), _thread.image)
    return found


def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """Width of ``text`` in millimetres."""
    return _metrics(size_pt, bold).horizontalAdvance(text) * 25.4 / DPI


def fitted(
    text: str, width_mm: float, size_pt: float, bold: bool = False, advance: float | None = None
) -> str:
    """``text``, cut to ``width_mm`` with an ellipsis if it is wider (empty when not even
    the ellipsis fits). ``advance``: the text's advance at ``DPI`` when the caller has it
    (a PDF's sheet shapes the text to draw it, and the shaped line advances as measured)."""
    metrics = _metrics(size_pt, bold)
    limit = width_mm * DPI / 25.4
    if len(text) * metrics.maxWidth() <= limit:  # even the widest glyphs fit: no measuring
        return text
    if advance is None:
        advance = metrics.horizontalAdvance(text)
    if advance <= limit + SLACK_MM * DPI / 25.4:
        return text
    if metrics.horizontalAdvance(ELLIPSIS) > limit:
        return ""
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, limit)


def wrap(text: str, width_mm: float, size_pt: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width_mm`` at ``size_pt`` (a word wider
    than that alone stays whole on its line)."""
    return list(_wrapped(text, width_mm, size_pt, bold))


@lru_cache(maxsize=4096)
def _wrapped(text: str, width_mm: float, size_pt: float, bold: bool) -> tuple[str, ...]:
    """``wrap``, once per text, width and font: a table's title and note are wrapped again
    for every sheet it runs over, when the sheets are counted and when they are drawn."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        # broken at spaces only: a no-break space keeps a figure with its unit
        for word in filter(None, paragraph.split(" ")):
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size_pt, bold) > width_mm:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)
