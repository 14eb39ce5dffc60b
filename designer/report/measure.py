"""Text measurement in millimetres, before anything is painted.

Sheets are split (a long findings list over several sheets) before they are numbered, so
text must be measured without a page. Widths in millimetres do not depend on the device,
so one small image at the PDF's resolution serves.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF, QImage

FONT_FAMILY = "DejaVu Sans"
MEASURE_DPI = 1200


@lru_cache(maxsize=1)
def _device() -> QImage:
    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    dots_per_metre = round(MEASURE_DPI / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    return image


@lru_cache(maxsize=64)
def font(size_pt: float, bold: bool = False) -> QFont:
    """The report's font at ``size_pt``."""
    made = QFont(FONT_FAMILY)
    made.setPointSizeF(size_pt)
    made.setBold(bold)
    # Without ligatures "fi" stays two letters, so pdftotext and a viewer's search find words.
    made.setFeature(QFont.Tag("liga"), 0)
    return made


@lru_cache(maxsize=64)
def _metrics(size_pt: float, bold: bool) -> QFontMetricsF:
    return QFontMetricsF(font(size_pt, bold), _device())


def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """Width of ``text`` in millimetres."""
    return _metrics(size_pt, bold).horizontalAdvance(text) * 25.4 / MEASURE_DPI


def fitted(text: str, width_mm: float, size_pt: float, bold: bool = False) -> str:
    """``text``, cut to ``width_mm`` with an ellipsis if it is wider.

    Measured here, not on the paint device, so a PDF, a PNG and an SVG cut the same texts:
    a raster rounds glyph advances to its pixels and would cut a column's widest value,
    which the column was made exactly wide enough to hold.
    """
    metrics = _metrics(size_pt, bold)
    limit = width_mm * MEASURE_DPI / 25.4
    if len(text) * metrics.maxWidth() <= limit:  # even the widest glyphs fit: no measuring
        return text
    if metrics.horizontalAdvance(text) <= limit + 0.5:  # a column made exactly this wide
        return text
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, limit)


def wrap(text: str, width_mm: float, size_pt: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width_mm`` at ``size_pt`` (a word wider
    than that alone stays whole on its line)."""
    return list(_wrapped(text, width_mm, size_pt, bold))


@lru_cache(maxsize=4096)
def _wrapped(text: str, width_mm: float, size_pt: float, bold: bool) -> tuple[str, ...]:
    """``wrap``, once per text, width and font: a table's title and note are wrapped again
    for every sheet it runs over, when the sheets are counted and when they are drawn,
    measuring each word each time."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size_pt, bold) > width_mm:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)
