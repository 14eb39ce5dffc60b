"""The drawing set's typeface as numbers: which glyph draws each character, and how wide.

The PDF is written by ``designer.report.pdf``, which places every glyph itself, so the
widths a table is measured with must be the widths its text is written with. Both come
from here: the font's own tables (read once through Qt's font database, which finds the
font file), in thousandths of an em, unkerned, as the PDF draws them.

A character the report's font lacks is taken from another installed font that has it, as
Qt would (Chinese names on a machine with a CJK font); with none, the font's empty box.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from PySide6.QtGui import QFont, QFontDatabase, QRawFont

from designer.report.pdf import truetype

FONT_FAMILY = "DejaVu Sans"
#: Glyph space of a PDF font: widths and metrics in thousandths of an em.
EM = 1000.0

#: Every character of the Basic Multilingual Plane but the surrogates, to read a font's
#: character map in one call.
_BMP = "".join(map(chr, range(0x20, 0xD800))) + "".join(map(chr, range(0xE000, 0x10000)))


class _Widths(dict[str, float]):
    """Advance of each character in thousandths of an em, filled in on first use."""

    def __init__(self, face: Typeface) -> None:
        super().__init__()
        self.face = face

    def __missing__(self, char: str) -> float:
        found = self[char] = self.face.face_for(char).advance(char)
        return found


@dataclass(eq=False)
class Typeface:
    """One font file: its tables, its character map and its glyphs' advances.

    ``glyphs`` maps a character's code point to its glyph id. Only the Basic Multilingual
    Plane is read: the PDF names characters by two-byte codes, so an emoji prints as a box
    (and ``designer.report.fonts`` says so).
    """

    name: str
    units_per_em: int
    ascent: float
    descent: float
    cap_height: float
    bbox: tuple[float, float, float, float]
    glyphs: dict[int, int]
    advances: np.ndarray
    bold: bool
    #: The tables a PDF embeds, copied out of Qt when the font is read (a raw font's
    #: engine may not outlive the application that made it).
    tables: dict[str, bytes] = field(repr=False)
    widths: _Widths = field(init=False, repr=False)
    #: Whether the font draws every printable ASCII character.
    printable_ascii: bool = field(init=False, repr=False)
    _fallback: dict[str, Typeface] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.widths = _Widths(self)
        self.printable_ascii = all(code in self.glyphs for code in range(0x20, 0x7F))

    def table(self, tag: str) -> bytes:
        """The font's table ``tag`` ("glyf", "head", ...), empty when it has none."""
        return self.tables.get(tag, b"")

    def has(self, char: str) -> bool:
        return ord(char) in self.glyphs

    def glyph(self, char: str) -> int:
        """The glyph drawing ``char`` (0, the empty box, when the font has none)."""
        return self.glyphs.get(ord(char), 0)

    def advance(self, char: str) -> float:
        """Width of ``char`` in this font, thousandths of an em."""
        glyph = self.glyph(char)
        return float(self.advances[min(glyph, len(self.advances) - 1)]) * EM / self.units_per_em

    def width(self, text: str) -> float:
        """Width of ``text`` in thousandths of an em (characters from other fonts included)."""
        return sum(map(self.widths.__getitem__, text))

    def face_for(self, char: str) -> Typeface:
        """This font when it has ``char``; else another installed font that has it; else this."""
        if self.has(char):
            return self
        found = self._fallback.get(char)
        if found is None:
            found = self._fallback[char] = _fallback(char, self.bold) or self
        return found

    def covers(self, text: str) -> bool:
        """True when this font draws every character of ``text`` itself (asked of every
        line a PDF writes: printable ASCII, nearly all of them, is answered at once)."""
        if self.printable_ascii and text.isascii() and text.isprintable():
            return True
        glyphs = self.glyphs
        return all(ord(c) in glyphs for c in text)


#: The tables read out of a font: its metrics, and what a PDF embeds of it.
_TABLES = (*truetype.KEPT, *truetype.CFF_KEPT)


def _read(raw: QRawFont, bold: bool) -> Typeface:
    tables = {tag: bytes(raw.fontTable(tag).data()) for tag in dict.fromkeys(_TABLES)}
    head, hhea = tables["head"], tables["hhea"]
    units = struct.unpack(">H", head[18:20])[0]
    bbox = struct.unpack(">hhhh", head[36:44])
    ascent, descent = struct.unpack(">hh", hhea[4:8])
    metrics = struct.unpack(">H", hhea[34:36])[0]
    hmtx = np.frombuffer(tables["hmtx"], dtype=">u2")
    advances = hmtx[: 2 * metrics : 2].astype(np.int64)
    os2 = tables["OS/2"]
    cap = struct.unpack(">h", os2[88:90])[0] if len(os2) >= 90 else ascent
    ids = np.array(raw.glyphIndexesForString(_BMP), dtype=np.int64)
    present = np.flatnonzero(ids)
    codes = (present + 0x20 + np.where(present >= 0xD800 - 0x20, 0x800, 0)).tolist()
    found = ids[present].tolist()
    scale = EM / units
    style = raw.styleName()
    name = raw.familyName() + ("" if style in ("Book", "Regular") else f"-{style}")
    return Typeface(
        name=name.replace(" ", ""),
        units_per_em=units,
        ascent=ascent * scale,
        descent=-descent * scale,
        cap_height=cap * scale,
        bbox=tuple(v * scale for v in bbox),
        glyphs=dict(zip(codes, found, strict=True)),
        advances=advances,
        bold=bold,
        tables=tables,
    )


def qfont(bold: bool = False) -> QFont:
    """The report's font (its size set by whoever draws with it), without kerning or
    ligatures: the PDF writes each glyph at its own advance, so Qt drawing a PNG or an SVG
    must too, and "fi" stays two letters that pdftotext and a viewer's search find."""
    made = QFont(FONT_FAMILY)
    made.setBold(bold)
    made.setKerning(False)
    made.setFeature(QFont.Tag("liga"), 0)
    return made


@lru_cache(maxsize=2)
def typeface(bold: bool = False) -> Typeface:
    """The report's typeface, regular or bold (read once: a font's tables do not change)."""
    return _read(QRawFont.fromFont(qfont(bold)), bold)


def _fallback(char: str, bold: bool) -> Typeface | None:
    """An installed font other than the report's that draws ``char``."""
    for family in QFontDatabase.families():
        if _raw(family, bold).supportsCharacter(char):
            return _family(family, bold)
    return None


def _raw(family: str, bold: bool) -> QRawFont:
    font = QFont(family)
    font.setBold(bold)
    return QRawFont.fromFont(font)


@lru_cache(maxsize=64)
def _family(family: str, bold: bool) -> Typeface | None:
    """The typeface of an installed family (one per family, so a PDF embeds it once)."""
    raw = _raw(family, bold)
    return _read(raw, bold) if raw.isValid() and raw.fontTable("hmtx").size() else None
