"""Text measurement in millimetres, before anything is painted.

Sheets are split (a long findings list over several sheets) before they are numbered, so
text must be measured without a page. The widths are the typeface's own advances
(``designer.report.typeface``), the ones the PDF writes its glyphs with, so a column made
as wide as its widest figure holds it exactly; a PNG or an SVG cuts the same texts.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import accumulate

from PySide6.QtGui import QFont

from designer.report.typeface import EM, qfont, typeface

ELLIPSIS = "…"
#: How much wider than its column a text may measure and still be written whole: a column
#: made exactly as wide as its widest text, with the rounding of the sums.
SLACK_MM = 0.01
#: Millimetres per thousandth of an em of a one-point font.
_MM_PER_EM_PT = 25.4 / 72 / EM


@lru_cache(maxsize=64)
def font(size_pt: float, bold: bool = False) -> QFont:
    """The report's font at ``size_pt``, for a QPainter drawing a picture (PNG, SVG)."""
    made = qfont(bold)
    made.setPointSizeF(size_pt)
    return made


def text_width(text: str, size_pt: float, bold: bool = False) -> float:
    """Width of ``text`` in millimetres."""
    return typeface(bold).width(text) * size_pt * _MM_PER_EM_PT


def fitted(text: str, width_mm: float, size_pt: float, bold: bool = False) -> str:
    """``text``, cut to ``width_mm`` with an ellipsis if it is wider (empty when not even
    the ellipsis fits)."""
    return fitted_width(text, width_mm, size_pt, bold)[0]


def fitted_width(
    text: str, width_mm: float, size_pt: float, bold: bool = False
) -> tuple[str, float]:
    """``fitted`` of ``text`` and its width in millimetres (a text that fits is measured
    once)."""
    face = typeface(bold)
    limit = width_mm / (size_pt * _MM_PER_EM_PT)
    whole = face.width(text)
    if whole <= limit + SLACK_MM / (size_pt * _MM_PER_EM_PT):
        return text, whole * size_pt * _MM_PER_EM_PT
    advances = accumulate(map(face.widths.__getitem__, text))
    room = limit - face.width(ELLIPSIS)
    kept = sum(1 for used in advances if used <= room)
    cut = text[:kept].rstrip() + ELLIPSIS if room >= 0 else ""
    return cut, face.width(cut) * size_pt * _MM_PER_EM_PT


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
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size_pt, bold) > width_mm:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return tuple(lines)
