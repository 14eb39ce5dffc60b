"""One sheet of the drawing set as the page code sees it: millimetres in, vector out.

Converts sheet millimetres to device units, so text stays text at its point size and lines
stay lines. ``Sheet`` paints with a QPainter (a PNG's image, an SVG); the PDF's
``designer.report.pdf.sheet.PdfSheet`` answers the same calls.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF

from designer.report import measure
from designer.report.paper import Rect, SheetFrame

T = TypeVar("T")

INK = QColor("#1a1a1a")
MUTED = QColor("#666666")
RULE = QColor("#9a9a9a")
#: A figure over its limit, as the checker reports it.
ALERT = QColor("#c62828")
#: A figure nearly at its limit: the designer's amber, dark enough to read as text.
CAUTION = QColor("#a85d00")


class Sheet:
    """Draw on a page in millimetres with a ``QPainter`` (a picture: a PNG's image, an
    SVG); ``dpi`` is the paint device's resolution. The PDF's sheets are ``PdfSheet``s,
    which write the same calls straight into the page."""

    def __init__(self, painter: QPainter, frame: SheetFrame, dpi: float) -> None:
        self.painter = painter
        self.frame = frame
        self.k = dpi / 25.4
        self._metrics_cache: dict[int, QFontMetricsF] = {}
        self._elided: dict[tuple[float, bool, str, float], str] = {}
        self._advances: dict[tuple[int, str], float] = {}
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
        the next column.
        """
        font = measure.font(size_pt, bold)
        if width > 0:
            text = self._fitted(text, width, size_pt, bold)
            if align != "left":
                advance = self._advance(font, text)
                x += width - advance if align == "right" else (width - advance) / 2
        if font is not self._font:
            self.painter.setFont(font)
            self._font = font
        if colour is not self._colour:
            self.painter.setPen(colour)
            self._colour = colour
        self.painter.drawText(QPointF(x * self.k, y * self.k), text)

    def texts(
        self,
        lines: Sequence[tuple[float, float, str, str, float]],
        size_pt: float,
        bold: bool,
        colour: QColor,
    ) -> None:
        """Many lines in one font and colour, each ``(x, y, text, align, width)`` as ``text``
        takes them: a table's rows (the PDF's sheet writes them in one run)."""
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
        text is left out (a table's body: the PDF's sheet writes it in one run)."""
        for y, texts in rows:
            for (x, align, width), text in zip(columns, texts, strict=True):
                if text:
                    self.text(x, y, text, size_pt, bold, colour, align, width)

    def repeat(self, key: Hashable, draw: Callable[[], T]) -> T:
        """Draw what ``draw`` draws and return what it returns: a part of a sheet that is
        the same on every sheet ``key`` is the same on (given the sheet's own calls: a
        title block, a plan's legend). A picture draws it; a PDF set writes it once and
        copies it after."""
        return draw()

    def forget_state(self) -> None:
        """The painter's font and pen were changed behind this sheet's back (or restored)."""
        self._font = None
        self._colour = None

    def _fitted(self, text: str, width: float, size_pt: float, bold: bool) -> str:
        """``text``, cut to ``width`` mm as ``measure.fitted`` cuts it, once per font and width
        (tables repeat their figures)."""
        key = (size_pt, bold, text, width)
        found = self._elided.get(key)
        if found is None:
            found = self._elided[key] = measure.fitted(text, width, size_pt, bold)
        return found

    def _advance(self, font: QFont, text: str) -> float:
        """Width of ``text`` in mm as this device draws it (a raster rounds each glyph's
        advance to its pixels), measured once per font: tables repeat their figures."""
        key = (id(font), text)
        found = self._advances.get(key)
        if found is None:
            found = self._advances[key] = self._metrics(font).horizontalAdvance(text) / self.k
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
        """Rectangles filled with ``fill``, unoutlined (a table's stripes): a PDF fills them
        as one path."""
        for r in rects:
            self.box(r, width_mm=0, fill=fill)

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
