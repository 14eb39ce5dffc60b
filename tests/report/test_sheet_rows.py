"""A row of a table met again on a PDF's sheet is drawn as one run of glyphs per font, and a
repeated call's lines of text likewise, each glyph where drawing the texts one by one put
it: the PDF writes every run as a text object of its own, with its colour and font, and a
campus's drawing set repeats its power tables' rows from hall to hall and every sheet its
title block's captions."""

from PySide6.QtCore import QBuffer, QIODevice, QPointF
from PySide6.QtGui import QGlyphRun, QPainter, QPdfWriter

from designer.report import measure
from designer.report.paper import SheetFrame
from designer.report.sheet import INK, MUTED, Sheet
from designer.report.writer import PDF_DPI

#: Glyph: its font's family, its index in the font and where it stands on the page.
Glyph = tuple[str, int, float, float]


class Recording(QPainter):
    """A painter on a PDF that keeps each run of glyphs it draws, as glyphs on the page."""

    def __init__(self, device: QPdfWriter) -> None:
        super().__init__(device)
        self.runs: list[list[Glyph]] = []

    def drawGlyphRun(self, position: QPointF, run: QGlyphRun) -> None:
        family = run.rawFont().familyName()
        self.runs.append(
            [
                (family, glyph, position.x() + at.x(), position.y() + at.y())
                for glyph, at in zip(run.glyphIndexes(), run.positions(), strict=True)
            ]
        )
        super().drawGlyphRun(position, run)


def _drawn(draw) -> list[list[Glyph]]:
    """The runs ``draw(sheet)`` draws on an A3 PDF sheet."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(PDF_DPI)
    painter = Recording(writer)
    try:
        draw(Sheet(painter, SheetFrame.of("A3"), PDF_DPI, glyph_text=True))
    finally:
        painter.end()
    return painter.runs


COLUMNS = [(20.0, "left", 40.0), (62.0, "right", 20.0), (84.0, "center", 30.0)]


def test_a_row_met_again_is_one_run_with_its_glyphs_where_its_cells_put_them():
    row = ["Busway A2.2b1", "898.5", "78 %"]
    runs = _drawn(lambda sheet: sheet.cells(COLUMNS, [(50.0, row), (50.0, row)], 7.5, False, INK))
    first, again = runs[:3], runs[3:]
    assert len(first) == 3  # met the first time: cell by cell
    assert len(again) == 1
    assert again[0] == [glyph for cell in first for glyph in cell]


def test_a_row_in_two_fonts_is_a_run_per_font_with_the_same_glyphs():
    """DejaVu has no Chinese: the second cell's glyphs come from a fallback font."""
    row = ["Hall 1", "机房", "1,368"]
    runs = _drawn(lambda sheet: sheet.cells(COLUMNS, [(50.0, row), (50.0, row)], 7.5, False, INK))
    first, again = runs[:3], runs[3:]
    assert len(again) == 2
    assert len({glyph[0] for glyph in again[0]}) == len({glyph[0] for glyph in again[1]}) == 1
    assert sorted(glyph for run in again for glyph in run) == sorted(
        glyph for run in first for glyph in run
    )


def test_a_row_below_another_is_drawn_at_its_own_baseline():
    row = ["Busway B1", "718.8", "53 %"]
    runs = _drawn(
        lambda sheet: sheet.cells(
            COLUMNS, [(50.0, row), (55.2, ["x", "", ""]), (60.4, row)], 7.5, False, INK
        )
    )
    first, again = runs[:3], runs[4]
    k = PDF_DPI / 25.4
    assert [(f, g, x) for f, g, x, _ in again] == [
        (f, g, x) for cell in first for f, g, x, _ in cell
    ]
    baseline = {y - 60.4 * k for _, _, _, y in again}
    assert baseline == {y - 50.0 * k for cell in first for _, _, _, y in cell}


def test_lines_drawn_again_are_one_run_with_their_glyphs_where_each_line_put_them():
    lines = [
        (20.0, 50.0, "PROJECT", "left", 0.0),
        (60.0, 50.0, "DRAWING", "left", 0.0),
        (20.0, 54.0, "Rack types", "left", 30.0),
    ]
    runs = _drawn(
        lambda sheet: (sheet.texts(lines, 6, False, MUTED), sheet.texts(lines, 6, False, MUTED))
    )
    first, again = runs[:3], runs[3:]
    assert len(again) == 1
    assert again[0] == [glyph for line in first for glyph in line]


def test_a_pdf_sheet_measures_a_text_from_its_glyphs_as_measure_does():
    """The title block asks a value's width, then draws it: on a PDF's sheet the width comes
    from the glyphs shaped to draw it, and must be the very width ``measure`` gives."""
    texts = ["Rev. 3", "2026-11-30", "17 of 62", "Hall 1: floor plan ", "机房 A", "AVAWAY", ""]

    def widths(sheet: Sheet) -> None:
        for text in texts:
            for size, bold in ((10.0, False), (10.0, True), (8.0, False)):
                assert sheet.text_width(text, size, bold) == measure.text_width(text, size, bold)

    _drawn(widths)
