"""One sheet of the drawing set as the page code sees it: millimetres in, vector out.

Wraps a QPainter on any paint device (a QPdfWriter page, a PNG's image, an SVG) and
converts sheet millimetres to device units, so text stays text at its point size and lines
stay lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGlyphRun,
    QPainter,
    QPen,
    QPolygonF,
    QRawFont,
    QTextLayout,
)

from designer.report import measure
from designer.report.paper import Rect, SheetFrame

INK = QColor("#1a1a1a")
MUTED = QColor("#666666")
RULE = QColor("#9a9a9a")
#: A figure over its limit, as the checker reports it.
ALERT = QColor("#c62828")
#: A figure nearly at its limit: the designer's amber, dark enough to read as text.
CAUTION = QColor("#a85d00")


class Sheet:
    """Draw on a page in millimetres with a ``QPainter``; ``dpi`` is the paint device's
    resolution. ``glyph_text``: the device keeps text drawn as shaped glyphs as text (a
    PDF does; an SVG generator writes such glyphs as outlines, so there text is drawn as
    text)."""

    def __init__(
        self, painter: QPainter, frame: SheetFrame, dpi: float, glyph_text: bool = False
    ) -> None:
        self.painter = painter
        self.frame = frame
        self.k = dpi / 25.4
        self.glyph_text = glyph_text
        #: Glyphs shaped here advance as ``measure`` measures text (a PDF's page is at its
        #: resolution): a text's width then comes with its glyphs, not from measuring again.
        self._measures_as_shaped = glyph_text and dpi == measure.DPI
        self._metrics_cache: dict[int, QFontMetricsF] = {}
        #: Each text as ``_place`` fitted and aligned it, by text, font, alignment and width.
        self._placed: dict[tuple[str, float, bool, str, float], tuple[str, float]] = {}
        #: Each text shaped into glyphs once, with its advance, by text, size and weight.
        self._shaped: dict[tuple[str, float, bool], tuple[tuple[QGlyphRun, ...], float]] = {}
        #: Each row of ``cells`` joined into runs (empty: met once), by its columns and
        #: font, then its texts; each call of ``texts`` likewise, by its lines and font.
        self._rows: dict[tuple, dict[tuple[str, ...], tuple[QGlyphRun, ...]]] = {}
        self._lines: dict[tuple, tuple[QGlyphRun, ...]] = {}
        #: Each text placed in a column (``_cell``) and its glyphs there (``_placed_glyphs``),
        #: by column, text and font; and the fonts (with their runs' flags) of those glyphs.
        self._cells: dict[tuple, tuple[QPointF, tuple[QGlyphRun, ...]]] = {}
        self._cell_glyphs: dict[tuple, list[tuple[int, list[int], list[QPointF]]]] = {}
        self._fonts: list[tuple[QRawFont, QGlyphRun.GlyphRunFlag]] = []
        # What the painter holds now, so runs of text in one style set it once.
        self._font: QFont | None = None
        self._colour: QColor | None = None

    def mm(self, value: float) -> float:
        """Sheet millimetres to device units."""
        return value * self.k

    def rect(self, r: Rect) -> QRectF:
        return QRectF(r.x * self.k, r.y * self.k, r.width * self.k, r.height * self.k)

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
        """Draw one line whose baseline is at ``y``; ``align`` within ``width`` if given.

        Text wider than ``width`` is cut with an ellipsis, so a long label never runs into
        the next column. With ``glyph_text``, drawn as the glyphs ``_glyphs`` shaped: a
        title block's captions repeat on every sheet, and Qt draws shaped glyphs in half the
        time it takes to draw the text.
        """
        text, offset = self._place(text, size_pt, bold, align, width)
        self._use(size_pt, bold, colour)
        at = QPointF((x + offset) * self.k, y * self.k)
        if not self.glyph_text:
            self.painter.drawText(at, text)
            return
        for run in self._glyphs(text, size_pt, bold):
            self.painter.drawGlyphRun(at, run)

    def texts(
        self,
        lines: Sequence[tuple[float, float, str, str, float]],
        size_pt: float,
        bold: bool,
        colour: QColor,
    ) -> None:
        """Many lines in one font and colour, each ``(x, y, text, align, width)`` as ``text``
        takes them (a legend's meanings, a list's names, a title block's captions). Where
        the sheet draws glyphs, lines drawn before on the sheet are drawn as one run of
        glyphs per font, as ``cells`` draws a row met again: a set's plan sheets repeat
        their legends and lists, and every sheet its title block's captions."""
        if self.glyph_text:
            key = (tuple(lines), size_pt, bold)
            runs = self._lines.get(key)
            if runs is not None:  # met before
                if not runs:
                    k = self.k
                    placed = (((x, a, w), text, y * k) for x, y, text, a, w in lines)
                    runs = self._lines[key] = self._join(placed, size_pt, bold)
                self._use(size_pt, bold, colour)
                origin = QPointF(0.0, 0.0)
                for run in runs:
                    self.painter.drawGlyphRun(origin, run)
                return
            self._lines[key] = ()
        for x, y, text, align, width in lines:
            self.text(x, y, text, size_pt, bold, colour, align, width)

    def cells(
        self,
        columns: Sequence[tuple[float, str, float]],
        rows: Sequence[tuple[float, Sequence[str]]],
        size_pt: float,
        bold: bool,
        colour: QColor,
    ) -> None:
        """Rows of one-line cells in one font and colour: each row's baseline and its texts,
        one a column, each column ``(x, align, width)`` as ``text`` takes them; an empty
        text is left out (a table's header and body).

        A row drawn before on the sheet is drawn as one run of glyphs per font (``_join``):
        Qt writes every run as a text object of its own, with its colour and font, and a
        campus's tables repeat their rows from hall to hall (2,081 rows of 12,393 cells,
        378 of the rows distinct). A row met the first time is drawn cell by cell: most
        rows met once are met only once, and joining one costs what drawing its cells
        would, a few times over."""
        self._use(size_pt, bold, colour)
        draw, k = self.painter.drawGlyphRun, self.k
        joined = self._rows.setdefault((tuple(columns), size_pt, bold), {})
        baseline = QPointF(0.0, 0.0)  # moved down to each row: a fifth of making a point
        for y, texts in rows:
            at = y * k
            key = tuple(texts)
            runs = joined.get(key)
            if runs is None:
                joined[key] = ()
                for spec, text in zip(columns, key, strict=True):
                    if text:
                        point, cell_runs = self._cell(spec, text, size_pt, bold)
                        point.setY(at)
                        for run in cell_runs:
                            draw(point, run)
                continue
            if not runs:
                placed = ((spec, text, 0.0) for spec, text in zip(columns, key, strict=True))
                runs = joined[key] = self._join(placed, size_pt, bold)
            baseline.setY(at)
            for run in runs:
                draw(baseline, run)

    def _cell(
        self, spec: tuple[float, str, float], text: str, size_pt: float, bold: bool
    ) -> tuple[QPointF, tuple[QGlyphRun, ...]]:
        """Where a cell's text starts in column ``spec`` (device units; on the baseline,
        which the caller moves to the row) and its ``_glyphs``, placed once per column and
        text: a table repeats its figures down a column."""
        key = (spec, text, size_pt, bold)
        found = self._cells.get(key)
        if found is None:
            x, align, width = spec
            shown, offset = self._place(text, size_pt, bold, align, width)
            found = self._cells[key] = (
                QPointF((x + offset) * self.k, 0.0),
                self._glyphs(shown, size_pt, bold),
            )
        return found

    def _join(
        self,
        placed: Iterable[tuple[tuple[float, str, float], str, float]],
        size_pt: float,
        bold: bool,
    ) -> tuple[QGlyphRun, ...]:
        """The glyphs of texts, each ``(column, text, down)``: as ``_cell`` places it in its
        column and ``down`` device units below the baseline (0 for a row of ``cells``, drawn
        at the row's), joined into one run per font they take, in the texts' order."""
        glyphs: dict[int, list[int]] = {}
        points: dict[int, list[QPointF]] = {}
        for spec, text, down in placed:
            if not text:
                continue
            for font, indexes, positions in self._placed_glyphs(spec, text, size_pt, bold):
                if down:
                    positions = [QPointF(p.x(), down + p.y()) for p in positions]
                if font in glyphs:
                    glyphs[font] += indexes
                    points[font] += positions
                else:
                    glyphs[font] = list(indexes)
                    points[font] = list(positions)
        made = []
        for font, indexes in glyphs.items():
            raw, flags = self._fonts[font]
            run = QGlyphRun()
            run.setRawFont(raw)
            run.setFlags(flags)
            run.setGlyphIndexes(indexes)
            run.setPositions(points[font])
            made.append(run)
        return tuple(made)

    def _placed_glyphs(
        self, spec: tuple[float, str, float], text: str, size_pt: float, bold: bool
    ) -> list[tuple[int, list[int], list[QPointF]]]:
        """A cell's glyphs (``_cell``) on its row's baseline: per run, its font (its place
        in ``_fonts``), its glyphs and where they stand, where the run drawn at the cell's
        place would put them (the same sums, so the same positions; a line of ``texts``
        adds its height to each, as drawing the run at the line's place would)."""
        key = (spec, text, size_pt, bold)
        found = self._cell_glyphs.get(key)
        if found is None:
            point, runs = self._cell(spec, text, size_pt, bold)
            left = point.x()
            found = self._cell_glyphs[key] = [
                (
                    self._font_of(run),
                    run.glyphIndexes(),
                    [QPointF(left + p.x(), p.y()) for p in run.positions()],
                )
                for run in runs
            ]
        return found

    def _font_of(self, run: QGlyphRun) -> int:
        """The place in ``_fonts`` of the font (and flags) of ``run``, added if new."""
        font = (run.rawFont(), run.flags())
        for index, known in enumerate(self._fonts):
            if known == font:
                return index
        self._fonts.append(font)
        return len(self._fonts) - 1

    def _glyphs(self, text: str, size_pt: float, bold: bool) -> tuple[QGlyphRun, ...]:
        """``text`` in the sheet's font of ``size_pt`` shaped for this sheet's device, its
        baseline at 0: one run of glyphs per font it takes (a fallback font for a script the
        first lacks). Drawing glyphs shaped once spares Qt shaping the text again at every
        cell; the PDF keeps them as text, with what each glyph reads as."""
        return self._shape(text, size_pt, bold)[0]

    def _shape(self, text: str, size_pt: float, bold: bool) -> tuple[tuple[QGlyphRun, ...], float]:
        """``_glyphs`` of ``text`` and its advance in device units, the one
        ``QFontMetricsF.horizontalAdvance`` measures on this device (a line's advance)."""
        key = (text, size_pt, bold)
        found = self._shaped.get(key)
        if found is None:
            font = measure.font(size_pt, bold)
            layout = QTextLayout(text, font, self.painter.device())
            layout.beginLayout()
            line = layout.createLine()
            layout.endLayout()
            line.setPosition(QPointF(0, -line.ascent()))
            found = self._shaped[key] = (tuple(layout.glyphRuns()), line.horizontalAdvance())
        return found

    def text_width(self, text: str, size_pt: float, bold: bool = False) -> float:
        """``measure.text_width`` of ``text``, taken from its glyphs where this sheet shapes
        text as ``measure`` measures it (a title block's value is measured, then drawn)."""
        if self._measures_as_shaped:
            return self._shape(text, size_pt, bold)[1] * 25.4 / measure.DPI
        return measure.text_width(text, size_pt, bold)

    def forget_state(self) -> None:
        """The painter's font and pen were changed behind this sheet's back (or restored)."""
        self._font = None
        self._colour = None

    def _use(self, size_pt: float, bold: bool, colour: QColor) -> None:
        """Set the painter's font and pen for text, unless they are set already."""
        font = measure.font(size_pt, bold)
        if font is not self._font:
            self.painter.setFont(font)
            self._font = font
        if colour is not self._colour:
            self.painter.setPen(colour)
            self._colour = colour

    def _place(
        self, text: str, size_pt: float, bold: bool, align: str, width: float
    ) -> tuple[str, float]:
        """``text`` cut to ``width`` mm as ``measure.fitted`` cuts it, and how far right of
        the start of ``width`` it begins to stand as ``align`` says, measured as this device
        draws it (a raster rounds each glyph's advance to its pixels); as it is, where it
        is, without a width. Worked out once per text, font, alignment and width: tables
        repeat their figures."""
        if width <= 0:
            return text, 0.0
        key = (text, size_pt, bold, align, width)
        found = self._placed.get(key)
        if found is None:
            whole = self._shape(text, size_pt, bold)[1] if self._measures_as_shaped else None
            shown = measure.fitted(text, width, size_pt, bold, whole)
            offset = 0.0
            if align != "left":
                advance = self._advance(shown, size_pt, bold) / self.k
                offset = width - advance if align == "right" else (width - advance) / 2
            found = self._placed[key] = (shown, offset)
        return found

    def _advance(self, text: str, size_pt: float, bold: bool) -> float:
        """How far ``text`` advances on this device, in device units: from its glyphs where
        the sheet draws glyphs, which then need no measuring apart."""
        if self.glyph_text:
            return self._shape(text, size_pt, bold)[1]
        return self._metrics(measure.font(size_pt, bold)).horizontalAdvance(text)

    def _metrics(self, font: QFont) -> QFontMetricsF:
        found = self._metrics_cache.get(id(font))
        if found is None:
            found = self._metrics_cache[id(font)] = QFontMetricsF(font, self.painter.device())
        return found

    def line(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        width_mm: float = 0.25,
        colour: QColor = INK,
    ) -> None:
        self._colour = None
        self.painter.setPen(QPen(colour, width_mm * self.k))
        self.painter.drawLine(QLineF(x0 * self.k, y0 * self.k, x1 * self.k, y1 * self.k))

    def box(
        self,
        r: Rect,
        width_mm: float = 0.25,
        colour: QColor = INK,
        fill: QColor | None = None,
    ) -> None:
        self._colour = None
        self.painter.setPen(QPen(colour, width_mm * self.k) if width_mm > 0 else Qt.PenStyle.NoPen)
        self.painter.setBrush(QBrush(fill) if fill is not None else Qt.BrushStyle.NoBrush)
        self.painter.drawRect(self.rect(r))

    def fills(self, rects: Sequence[Rect], fill: QColor) -> None:
        """Rectangles filled with ``fill``, unoutlined (a table's stripes), in one call."""
        if not rects:
            return
        self._colour = None
        self.painter.setPen(Qt.PenStyle.NoPen)
        self.painter.setBrush(QBrush(fill))
        self.painter.drawRects([self.rect(r) for r in rects])

    def polygon(
        self,
        points: list[tuple[float, float]],
        width_mm: float = 0.25,
        colour: QColor = INK,
        fill: QColor | None = None,
    ) -> None:
        """A closed outline through ``points`` (sheet millimetres)."""
        self._colour = None
        self.painter.setPen(QPen(colour, width_mm * self.k) if width_mm > 0 else Qt.PenStyle.NoPen)
        self.painter.setBrush(QBrush(fill) if fill is not None else Qt.BrushStyle.NoBrush)
        self.painter.drawPolygon(QPolygonF([QPointF(x * self.k, y * self.k) for x, y in points]))
