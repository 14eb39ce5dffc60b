"""A sheet of the PDF set: the page code's calls written straight into the page's content.

The same calls as ``designer.report.sheet.Sheet`` (text, lines, boxes, polygons in sheet
millimetres), without a QPen, QBrush or QTextLayout between them and the PDF: the figures
of a campus's tables are ten thousand lines of text, each one ``Tj`` here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from itertools import chain, compress
from operator import itemgetter

import numpy as np
from PySide6.QtGui import QColor

from designer.report import measure
from designer.report.paper import Rect, SheetFrame
from designer.report.pdf.painter import Fill, PdfPainter, Stroke, TextStyle
from designer.report.sheet import INK, Sheet, T
from designer.report.typeface import typeface

#: Where a table cell starts on the page, and its character codes, as ``cells`` notes them.
_PLACE, _CODE = itemgetter(1), itemgetter(2)


class PdfSheet(Sheet):
    """Draw on a PDF page in millimetres, then on the next (``turn_to``); ``dpi`` is the
    pages' device resolution."""

    painter: PdfPainter  # type: ignore[assignment]

    def __init__(self, painter: PdfPainter, frame: SheetFrame, dpi: float) -> None:
        super().__init__(painter, frame, dpi)  # type: ignore[arg-type]
        self.px_per_pt = dpi / 72.0
        self._strokes: dict[tuple[int, float], Stroke] = {}
        self._fills: dict[int, Fill] = {}
        #: Each colour's text style by the colour's id (kept with it) and the font.
        self._styles: dict[tuple[int, float, bool], tuple[QColor, TextStyle]] = {}
        self._fits: dict[tuple[str, float, float, bool], tuple[str, float]] = {}
        #: For ``texts``, by font: each text fitted to a width and its offset for an
        #: alignment there, by text, width and alignment.
        self._placed: dict[tuple[float, bool], dict[tuple[str, float, str], tuple[str, float]]]
        self._placed = {}

    def turn_to(self, painter: PdfPainter) -> None:
        """Draw on the next page of the same document: what this sheet has measured and the
        styles it has made serve every page (a set's title blocks repeat their texts)."""
        self.painter = painter

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size_pt: float = 9,
        bold: bool = False,
        colour: QColor = INK,
        align: str = "left",
        width: float = 0.0,
    ) -> None:
        if width > 0:
            text, advance = self._fit(text, width, size_pt, bold)
            if align != "left":
                x += width - advance if align == "right" else (width - advance) / 2
        k = self.k
        self.painter.styled_text(
            round(x * k), round(y * k), text, self._style(colour, size_pt, bold)
        )

    def texts(
        self,
        lines: Sequence[tuple[float, float, str, str, float]],
        size_pt: float,
        bold: bool,
        colour: QColor,
    ) -> None:
        k = self.k
        place = self._placer(size_pt, bold)
        xs, ys, texts = [], [], []
        for x, y, text, align, width in lines:
            if width > 0:
                text, dx = place(text, width, align)
                x += dx
            xs.append(round(x * k))
            ys.append(round(y * k))
            texts.append(text)
        self.painter.styled_lines(xs, ys, texts, self._style(colour, size_pt, bold))

    def cells(
        self,
        columns: Sequence[tuple[float, str, float]],
        rows: Sequence[tuple[float, Sequence[str]]],
        size_pt: float,
        bold: bool,
        colour: QColor,
    ) -> None:
        if not rows:
            return
        k = self.k
        place = self._placer(size_pt, bold)
        # each column's texts as written: fitted, where on the page each starts, and their
        # character codes (None for no text), each distinct text placed once
        texts_of = list(zip(*(row for _, row in rows), strict=True))  # a tuple per column
        written: list[dict[str, tuple[str, int, str] | None]] = []
        for (x, align, width), texts in zip(columns, texts_of, strict=True):
            column: dict[str, tuple[str, int, str] | None] = {}
            for text in set(texts):
                if not text:
                    column[text] = None
                    continue
                fitted, dx = place(text, width, align) if width > 0 else (text, 0.0)
                column[text] = (fitted, round((x + dx) * k), fitted.encode("utf-16-be").hex())
            written.append(column)
        # then every cell looked up a column at a time, and read row after row
        placed = [
            list(map(column.__getitem__, texts))
            for column, texts in zip(written, texts_of, strict=True)
        ]
        cells = list(chain.from_iterable(zip(*placed, strict=True)))
        row_ys = [round(y * k) for y, _ in rows]
        ys = list(chain.from_iterable(zip(*[row_ys] * len(columns), strict=True)))
        if None in cells:  # cells with no text
            kept = [cell is not None for cell in cells]
            cells = list(compress(cells, kept))
            ys = list(compress(ys, kept))
        xs = list(map(_PLACE, cells))
        codes = list(map(_CODE, cells))
        if not codes:
            return
        style = self._style(colour, size_pt, bold)
        chars = "".join(cell[0] for column in written for cell in column.values() if cell)
        if style.face.covers(chars):
            self.painter.coded_lines(xs, ys, codes, chars, style)
        else:  # characters from other fonts: each line as it comes
            texts = [bytes.fromhex(code).decode("utf-16-be") for code in codes]
            self.painter.styled_lines(xs, ys, texts, style)

    def _placer(self, size_pt: float, bold: bool) -> Callable[[str, float, str], tuple[str, float]]:
        """What places a text in a column in this font: ``text`` fitted to ``width`` mm and
        how far right of the column's start ``align`` sets it, worked out once per text,
        width and alignment (tables repeat their figures)."""
        placed = self._placed.get((size_pt, bold))
        if placed is None:
            placed = self._placed[(size_pt, bold)] = {}

        def place(text: str, width: float, align: str) -> tuple[str, float]:
            found = placed.get((text, width, align))
            if found is None:
                fitted, advance = self._fit(text, width, size_pt, bold)
                offset = 0.0
                if align != "left":
                    offset = width - advance if align == "right" else (width - advance) / 2
                found = placed[(text, width, align)] = (fitted, offset)
            return found

        return place

    def _style(self, colour: QColor, size_pt: float, bold: bool) -> TextStyle:
        found = self._styles.get((id(colour), size_pt, bold))
        if found is None or found[0] is not colour:
            style = self.painter.text_style(typeface(bold), size_pt * self.px_per_pt, colour.rgba())
            found = self._styles[(id(colour), size_pt, bold)] = (colour, style)
        return found[1]

    def _fit(self, text: str, width: float, size_pt: float, bold: bool) -> tuple[str, float]:
        """``text`` cut to ``width`` mm (``measure.fitted``) and its width, once per text,
        width and font: tables repeat their figures."""
        key = (text, width, size_pt, bold)
        found = self._fits.get(key)
        if found is None:
            found = self._fits[key] = measure.fitted_width(text, width, size_pt, bold)
        return found

    def repeat(self, key: Hashable, draw: Callable[[], T]) -> T:
        return self.painter.repeat(key, draw)

    def forget_state(self) -> None:
        """Nothing to forget: the page's painter knows what the PDF holds."""

    def line(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        width_mm: float = 0.25,
        colour: QColor = INK,
    ) -> None:
        k = self.k
        self.painter.use(self._stroke(colour, width_mm), None)
        self.painter.line(x0 * k, y0 * k, x1 * k, y1 * k)

    def box(
        self,
        r: Rect,
        width_mm: float = 0.25,
        colour: QColor = INK,
        fill: QColor | None = None,
    ) -> None:
        k = self.k
        self._use(width_mm, colour, fill)
        self.painter.rect(r.x * k, r.y * k, r.width * k, r.height * k)

    def fills(self, rects: Sequence[Rect], fill: QColor) -> None:
        if not rects:
            return
        self._use(0, fill, fill)
        boxes = np.array([(r.x, r.y, r.width, r.height) for r in rects], dtype=np.float64)
        self.painter.rect_array(boxes * self.k)

    def polygon(
        self,
        points: list[tuple[float, float]],
        width_mm: float = 0.25,
        colour: QColor = INK,
        fill: QColor | None = None,
    ) -> None:
        k = self.k
        self._use(width_mm, colour, fill)
        self.painter.polygon([(x * k, y * k) for x, y in points])

    def _use(self, width_mm: float, colour: QColor, fill: QColor | None) -> None:
        stroke = self._stroke(colour, width_mm) if width_mm > 0 else None
        self.painter.use(stroke, self._fill(fill.rgba()) if fill is not None else None)

    def _fill(self, rgba: int) -> Fill:
        """The fill of colour ``rgba``, made once (a table's stripes are hundreds of boxes)."""
        found = self._fills.get(rgba)
        if found is None:
            found = self._fills[rgba] = Fill(rgba)
        return found

    def _stroke(self, colour: QColor, width_mm: float) -> Stroke:
        key = (colour.rgba(), width_mm)
        found = self._strokes.get(key)
        if found is None:
            found = self._strokes[key] = Stroke(key[0], width_mm * self.k, False)
        return found
