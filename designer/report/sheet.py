"""One sheet of the drawing set as the page code sees it: millimetres in, vector out.

Wraps a QPainter on any paint device (a QPdfWriter page, a QImage) and converts sheet
millimetres to device units, so text stays text at its point size and lines stay lines.
"""

from __future__ import annotations

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
    """Draw on a page in millimetres; ``dpi`` is the paint device's resolution.

    ``shaped`` draws each text from glyphs shaped once per font and text: a PDF writes them
    as text all the same, and faster; an SVG would write them as outlines, so only the PDF
    writer asks for it.
    """

    def __init__(
        self, painter: QPainter, frame: SheetFrame, dpi: float, shaped: bool = False
    ) -> None:
        self.painter = painter
        self.frame = frame
        self.k = dpi / 25.4
        self.shaped = shaped
        self._metrics_cache: dict[int, QFontMetricsF] = {}
        self._elided: dict[tuple[float, bool, str, float], str] = {}
        self._advances: dict[tuple[int, str], float] = {}
        self._shaped: dict[tuple[int, str], tuple[list[QGlyphRun], float, float]] = {}
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
        shaped = self._shape(font, text) if self.shaped else None
        if width > 0 and align != "left":
            advance = shaped[2] if shaped is not None else self._advance(font, text)
            x += width - advance if align == "right" else (width - advance) / 2
        if font is not self._font:
            self.painter.setFont(font)
            self._font = font
        if colour is not self._colour:
            self.painter.setPen(colour)
            self._colour = colour
        if shaped is None:
            self.painter.drawText(QPointF(x * self.k, y * self.k), text)
            return
        runs, ascent, _ = shaped
        origin = QPointF(x * self.k, y * self.k - ascent)
        for run in runs:
            self.painter.drawGlyphRun(origin, run)

    def forget_state(self) -> None:
        """The painter's font and pen were changed behind this sheet's back (or restored)."""
        self._font = None
        self._colour = None

    def _fitted(self, text: str, width: float, size_pt: float, bold: bool) -> str:
        """``text``, cut to ``width`` mm as ``measure.fitted`` cuts it, once per font and width
        (measuring costs as much as drawing; tables repeat their figures)."""
        key = (size_pt, bold, text, width)
        found = self._elided.get(key)
        if found is None:
            found = self._elided[key] = measure.fitted(text, width, size_pt, bold)
        return found

    def _advance(self, font: QFont, text: str) -> float:
        """Width of ``text`` in mm, measured once per font: tables repeat their figures."""
        key = (id(font), text)
        found = self._advances.get(key)
        if found is None:
            found = self._advances[key] = self._metrics(font).horizontalAdvance(text) / self.k
        return found

    def _shape(self, font: QFont, text: str) -> tuple[list[QGlyphRun], float, float]:
        """The glyphs of ``text`` placed on one line, the line's ascent in device units and
        its width in mm (what aligning it right or centred needs, measured by the layout).

        Shaped once per font and text: a drawing set repeats its figures, labels and units
        thousands of times, and drawing the shaped glyphs skips laying the text out again.
        """
        key = (id(font), text)
        found = self._shaped.get(key)
        if found is None:
            layout = QTextLayout(text, font, self.painter.device())
            layout.beginLayout()
            line = layout.createLine()
            layout.endLayout()
            found = (layout.glyphRuns(), line.ascent(), line.naturalTextWidth() / self.k)
            self._shaped[key] = found
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
