"""One sheet of the drawing set as the page code sees it: millimetres in, vector out.

Wraps a QPainter on any paint device (a QPdfWriter page, a PNG's image, an SVG) and
converts sheet millimetres to device units, so text stays text at its point size and lines
stay lines.
"""

from __future__ import annotations

from collections.abc import Sequence

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
        self._metrics_cache: dict[int, QFontMetricsF] = {}
        #: Each text as ``_place`` fitted and aligned it, by text, font, alignment and width.
        self._placed: dict[tuple[str, float, bool, str, float], tuple[str, float]] = {}
        #: Each table cell's text shaped into glyphs once, by text, size and weight.
        self._shaped: dict[tuple[str, float, bool], tuple[QGlyphRun, ...]] = {}
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
        takes them (a legend's meanings, a list's names)."""
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
        text is left out (a table's header and body)."""
        self._use(size_pt, bold, colour)
        draw, k = self.painter.drawGlyphRun, self.k
        # each column's texts placed and shaped once (a table repeats its figures down a
        # column): a campus's power tables draw a few hundred texts ten thousand times
        placed: list[dict[str, tuple[tuple[QGlyphRun, ...], float]]] = [{} for _ in columns]
        for y, texts in rows:
            at = y * k
            for (x, align, width), column, text in zip(columns, placed, texts, strict=True):
                if not text:
                    continue
                found = column.get(text)
                if found is None:
                    shown, offset = self._place(text, size_pt, bold, align, width)
                    found = column[text] = (self._glyphs(shown, size_pt, bold), (x + offset) * k)
                for run in found[0]:
                    draw(QPointF(found[1], at), run)

    def _glyphs(self, text: str, size_pt: float, bold: bool) -> tuple[QGlyphRun, ...]:
        """``text`` in the sheet's font of ``size_pt`` shaped for this sheet's device, its
        baseline at 0: one run of glyphs per font it takes (a fallback font for a script the
        first lacks). Drawing glyphs shaped once spares Qt shaping the text again at every
        cell; the PDF keeps them as text, with what each glyph reads as."""
        key = (text, size_pt, bold)
        found = self._shaped.get(key)
        if found is None:
            font = measure.font(size_pt, bold)
            layout = QTextLayout(text, font, self.painter.device())
            layout.beginLayout()
            line = layout.createLine()
            layout.endLayout()
            line.setPosition(QPointF(0, -line.ascent()))
            found = self._shaped[key] = tuple(layout.glyphRuns())
        return found

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
            shown = measure.fitted(text, width, size_pt, bold)
            offset = 0.0
            if align != "left":
                font = measure.font(size_pt, bold)
                advance = self._metrics(font).horizontalAdvance(shown) / self.k
                offset = width - advance if align == "right" else (width - advance) / 2
            found = self._placed[key] = (shown, offset)
        return found

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
