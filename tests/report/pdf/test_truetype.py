"""A subset of DejaVu Sans keeps the glyphs a PDF draws, and only those."""

import struct

from PySide6.QtGui import QRawFont

from designer.report.pdf import truetype
from designer.report.typeface import qfont, typeface


def composite(face, glyph: int) -> bool:
    """True when ``glyph`` of ``face`` is built from other glyphs."""
    head, loca, glyf = face.table("head"), face.table("loca"), face.table("glyf")
    if struct.unpack(">h", head[50:52])[0] == 1:
        start = struct.unpack(">I", loca[4 * glyph : 4 * glyph + 4])[0]
    else:
        start = 2 * struct.unpack(">H", loca[2 * glyph : 2 * glyph + 2])[0]
    return struct.unpack(">h", glyf[start : start + 2])[0] < 0


def test_the_subset_draws_its_glyphs_and_the_accents_they_are_built_from():
    face = typeface()
    accented = face.glyph("é")
    assert composite(face, accented)  # "é" is an "e" and an acute accent in DejaVu Sans
    kept = [face.glyph(c) for c in "AB7"] + [accented]
    data = truetype.subset(face.table, kept)
    assert len(data) < len(face.table("glyf")) / 10
    cut = QRawFont(data, 100)
    assert cut.isValid()
    assert all(not cut.pathForGlyph(glyph).isEmpty() for glyph in kept)
    # the plain "e" the accented one is drawn from came along; a letter not asked for did not
    assert not cut.pathForGlyph(face.glyph("e")).isEmpty()
    assert cut.pathForGlyph(face.glyph("Z")).isEmpty()


def test_the_subset_keeps_each_glyphs_outline_and_advance():
    face = typeface(bold=True)
    glyph = face.glyph("W")
    cut = QRawFont(truetype.subset(face.table, [glyph]), 100)
    original = QRawFont.fromFont(qfont(bold=True))
    original.setPixelSize(100)
    assert cut.pathForGlyph(glyph).boundingRect() == original.pathForGlyph(glyph).boundingRect()
    assert cut.advancesForGlyphIndexes([glyph]) == original.advancesForGlyphIndexes([glyph])
