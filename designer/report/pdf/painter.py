"""A painter that writes a PDF page's content itself, as ``QPainter`` would paint it.

The floor plans are drawn by ``designer.drawing``, the functions the canvas paints with;
they call a ``QPainter``. This class answers the part of ``QPainter`` they use (pens,
brushes, fonts, the world transform, save and restore, clips, rectangles, lines, polygons,
paths, ellipses and text) by appending PDF operators to the page, and takes whole numpy
arrays of rectangles and lines (``designer.drawing.arrays``) in one call. Qt's PDF engine
writes each glyph with its own positioning operators and each shape through its generic
path code; here a row of racks is one formatted string and a line of text one ``Tj``.

Coordinates are the device's: pixels at ``dpi``, y down the page, as on a ``QPdfWriter``;
the page's matrix turns them into PDF points once. They are written as whole pixels (a
1,200 dpi pixel is 0.02 mm). Pens are cosmetic or not as Qt's are: a cosmetic pen's width
is in device pixels whatever the transform, another's scales with it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, islice
from operator import sub
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF, QTransform

from designer.report.typeface import EM, Typeface, typeface

if TYPE_CHECKING:
    from designer.report.pdf.document import Resources

T = TypeVar("T")

_CAPS = {Qt.PenCapStyle.FlatCap: 0, Qt.PenCapStyle.RoundCap: 1, Qt.PenCapStyle.SquareCap: 2}
_JOINS = {Qt.PenJoinStyle.MiterJoin: 0, Qt.PenJoinStyle.RoundJoin: 1}
#: Qt's dash patterns, in pen widths.
_DASHES = {
    Qt.PenStyle.SolidLine: (),
    Qt.PenStyle.DashLine: (4, 2),
    Qt.PenStyle.DotLine: (1, 2),
    Qt.PenStyle.DashDotLine: (4, 2, 1, 2),
    Qt.PenStyle.DashDotDotLine: (4, 2, 1, 2, 1, 2),
}
#: A drawing repeated in a document (an array's path, a repeated part) at least this long
#: is named as a form the second time: shorter, naming the form saves too little.
FORM_MIN_CHARS = 200
#: Bezier handles of a quarter circle, as a share of its radius.
_KAPPA = 0.5522847498
#: Within ``drawText``'s rectangle: which flags place the lines how.
_RIGHT, _HCENTRE = Qt.AlignmentFlag.AlignRight, Qt.AlignmentFlag.AlignHCenter
_BOTTOM, _VCENTRE = Qt.AlignmentFlag.AlignBottom, Qt.AlignmentFlag.AlignVCenter


@dataclass(frozen=True, eq=False)
class Stroke:
    """A pen as the PDF strokes it: colour, width and whether it is cosmetic, dashes (in
    widths), cap and join. Told apart by identity, which hashes at once (a plan strokes
    with a few pens, each converted once, a thousand times)."""

    rgba: int
    width: float
    cosmetic: bool
    dashes: tuple[float, ...] = ()
    cap: int = 2
    join: int = 2


@dataclass(frozen=True, eq=False)
class TextStyle:
    """A font, size and colour of text, with the PDF operators that select them made once
    (``PdfPainter.text_style``), and the set of characters the document's subset of the
    font must hold."""

    face: Typeface
    size: float
    rgba: int
    fill: str
    font: str
    chars: set[str]


@dataclass(frozen=True)
class Fill:
    """A brush as the PDF fills with it: a colour, and a hatching pattern's Qt style."""

    rgba: int
    hatch: Qt.BrushStyle | None = None


class Device:
    """What ``designer.drawing.lod.Context`` asks of a painter's device: its resolution."""

    def __init__(self, dpi: float) -> None:
        self.dpi = dpi

    def logicalDpiX(self) -> float:
        return self.dpi

    def logicalDpiY(self) -> float:
        return self.dpi


def colour_ops(rgba: int) -> str:
    """The three components of a colour as PDF writes them (its alpha aside)."""
    r, g, b = (rgba >> 16) & 255, (rgba >> 8) & 255, rgba & 255
    return f"{r / 255:.3g} {g / 255:.3g} {b / 255:.3g}"


@lru_cache(maxsize=1024)
def _colour_op(operator: str, rgba: int) -> str:
    """Set the fill ("rg") or stroke ("RG") colour: one string per colour, so the state
    cache compares it by identity."""
    return f"{colour_ops(rgba)} {operator}\n"


@lru_cache(maxsize=64)
def _placement(flags: Qt.AlignmentFlag) -> tuple[int, int]:
    """Where ``drawText`` sets lines in its rectangle, in halves of the room left: across
    (0 left, 1 centred, 2 right) and down (0 top, 1 centred, 2 bottom). Worked out once per
    flags: Python's enum arithmetic is slow, and plans write hundreds of labels."""
    across = 2 if flags & _RIGHT else 1 if flags & _HCENTRE else 0
    down = 2 if flags & _BOTTOM else 1 if flags & _VCENTRE else 0
    return across, down


@lru_cache(maxsize=1024)
def _stroke_ops(pen: Stroke, scale: float) -> tuple[str, str, str, str]:
    """The width, dash, cap and join operators of ``pen`` under a transform scaling by
    ``scale`` (1 for a cosmetic pen), made once: a plan sets a few pens hundreds of times."""
    width = max(pen.width, 1.0) if pen.cosmetic else pen.width * scale
    dashes = " ".join(_num(max(width, 1.0) * v) for v in pen.dashes)
    return f"{_num(width)} w\n", f"[{dashes}] 0 d\n", f"{pen.cap} J\n", f"{pen.join} j\n"


@lru_cache(maxsize=1024)
def _font_op(name: str, size: float) -> str:
    return f"/{name} {_num(size)} Tf\n"


#: A new painter's pen, as Qt's: black, one unit wide.
_BLACK_PEN = Stroke(0xFF000000, 1.0, False)


class _State:
    """What ``save`` keeps and ``restore`` brings back: Qt's state and what the PDF holds."""

    __slots__ = ("brush", "emitted", "font", "pen", "transform")

    def __init__(self) -> None:
        self.pen: Stroke | None = _BLACK_PEN
        self.brush: Fill | None = None
        self.font: tuple[Typeface, float] | None = None
        self.transform = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        #: The PDF graphics state set so far, by operator ("rg", "RG", "w", ...).
        self.emitted: dict[str, str] = {}

    def copy(self) -> _State:
        other = _State.__new__(_State)  # every field set here: no defaults to make first
        other.pen, other.brush, other.font = self.pen, self.brush, self.font
        other.transform = self.transform
        other.emitted = dict(self.emitted)
        return other


class PdfPainter:
    """Paint one PDF page; ``ops`` collects its content, ``resources`` the fonts, patterns
    and transparencies it names, shared by every page of the document."""

    def __init__(
        self,
        resources: Resources,
        dpi: float,
        known: dict[int, tuple[object, object]] | None = None,
        arrays: dict[tuple[object, ...], str] | None = None,
        repeats: dict[tuple[object, ...], tuple[str, Any]] | None = None,
    ) -> None:
        self.resources = resources
        self.ops: list[str] = []
        self._device = Device(dpi)
        self._state = _State()
        self._saved: list[_State] = []
        #: Converted pens, brushes and fonts by the id of the Qt object, which is kept with
        #: them so the id cannot pass to another object while this page is drawn.
        #: (``known``: those of the document's earlier pages, which use the same few.)
        self._known: dict[int, tuple[object, object]] = {} if known is None else known
        #: Whether a text object (``BT``) is open, and the start of its last line when that
        #: was placed unturned and unscaled (the next one is placed from it with ``Td``).
        self._in_text = False
        self._origin: tuple[int, int] | None = None
        self._styles: dict[tuple[Typeface, float, int], TextStyle] = {}
        #: What draws the rectangle and line arrays drawn so far (their path and painting),
        #: by what made the path, the transform, the arrays' bytes and the painting
        #: (``arrays``: those of the document's earlier pages).
        self._arrays: dict[tuple[object, ...], str] = {} if arrays is None else arrays
        #: What ``repeat`` wrote so far and what its drawing returned, by key and state
        #: (``repeats``: those of the document's earlier pages).
        self._repeats: dict[tuple[object, ...], tuple[str, Any]] = (
            {} if repeats is None else repeats
        )

    # --- what drawing code asks of a QPainter ------------------------------------------

    def device(self) -> Device:
        return self._device

    def paintEngine(self) -> None:
        """No Qt engine: this painter writes the PDF itself."""
        return

    def setRenderHint(self, *_: object) -> None:
        """Vectors have no antialiasing to set: a viewer smooths them as it draws."""

    def save(self) -> None:
        self._end_text()
        self.ops.append("q\n")
        self._saved.append(self._state.copy())

    def restore(self) -> None:
        self._end_text()
        self.ops.append("Q\n")
        self._state = self._saved.pop()

    def worldTransform(self) -> QTransform:
        a, b, c, d, e, f = self._state.transform
        return QTransform(a, b, c, d, e, f)

    def setTransform(self, transform: QTransform, combine: bool = False) -> None:
        found = (
            transform.m11(),
            transform.m12(),
            transform.m21(),
            transform.m22(),
            transform.dx(),
            transform.dy(),
        )
        self._state.transform = _compose(found, self._state.transform) if combine else found

    def resetTransform(self) -> None:
        self._state.transform = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

    def translate(self, dx: float | QPointF, dy: float = 0.0) -> None:
        if isinstance(dx, QPointF):
            dx, dy = dx.x(), dx.y()
        self._state.transform = _compose((1.0, 0.0, 0.0, 1.0, dx, dy), self._state.transform)

    def scale(self, sx: float, sy: float) -> None:
        self._state.transform = _compose((sx, 0.0, 0.0, sy, 0.0, 0.0), self._state.transform)

    def rotate(self, degrees: float) -> None:
        cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        self._state.transform = _compose((cos, sin, -sin, cos, 0.0, 0.0), self._state.transform)

    def setPen(self, pen: QPen | QColor | Qt.PenStyle | Qt.GlobalColor) -> None:
        self._state.pen = self._convert(pen, _stroke)

    def setBrush(self, brush: QBrush | QColor | Qt.BrushStyle | Qt.GlobalColor) -> None:
        self._state.brush = self._convert(brush, _fill)

    def setFont(self, font: QFont) -> None:
        self._state.font = self._convert(font, self._font)

    def setClipRect(self, rect: QRectF) -> None:
        """Clip what follows to ``rect`` until the next ``restore`` (a PDF clip only ever
        narrows: callers set one inside ``save``, as every caller here does)."""
        self._end_text()
        self.ops.append(self._rect_path(rect.x(), rect.y(), rect.width(), rect.height()))
        self.ops.append("W n\n")

    def setClipPath(self, path: QPainterPath, _operation: object = None) -> None:
        """Clip what follows to ``path`` until the next ``restore`` (see ``setClipRect``)."""
        self._end_text()
        self.ops.append(self._path(path))
        self.ops.append("W n\n" if path.fillRule() == Qt.FillRule.WindingFill else "W* n\n")

    def drawRect(self, rect: QRectF) -> None:
        self.rect(rect.x(), rect.y(), rect.width(), rect.height())

    def drawLine(self, a: QLineF | QPointF, b: QPointF | None = None) -> None:
        if isinstance(a, QLineF):
            a, b = a.p1(), a.p2()
        assert b is not None
        self.line(a.x(), a.y(), b.x(), b.y())

    def drawPolygon(self, polygon: QPolygonF) -> None:
        self.polygon([(p.x(), p.y()) for p in polygon])

    def drawPath(self, path: QPainterPath) -> None:
        self._paint(self._path(path), even_odd=path.fillRule() == Qt.FillRule.OddEvenFill)

    def drawEllipse(self, centre: QRectF | QPointF, rx: float = 0.0, ry: float = 0.0) -> None:
        if isinstance(centre, QRectF):
            rx, ry = centre.width() / 2, centre.height() / 2
            centre = centre.center()
        self._paint(self._ellipse(centre.x(), centre.y(), rx, ry))

    def drawText(self, at: QPointF | QRectF, flags: object, text: str = "") -> None:
        """Text from a baseline point (``drawText(point, text)``), or the lines of ``text``
        aligned in a rectangle by ``flags`` (``drawText(rect, flags, text)``)."""
        if self._state.font is None:
            self.setFont(QFont())
        face, size = self._state.font  # type: ignore[misc]
        if isinstance(at, QPointF):
            self.text(at.x(), at.y(), str(flags), face, size)
            return
        across, down = _placement(flags)
        lines = text.split("\n")
        height = (face.ascent + face.descent) * size / EM
        block = height * len(lines)
        top = at.y() + (at.height() - block) * down / 2
        ascent = face.ascent * size / EM
        for number, line in enumerate(lines):
            x = at.x()
            if across:
                x += (at.width() - face.width(line) * size / EM) * across / 2
            self.text(x, top + number * height + ascent, line, face, size)

    # --- what the report's sheets and the drawing arrays call directly -----------------

    @property
    def brush(self) -> Fill | None:
        return self._state.brush

    def use(self, pen: Stroke | None, brush: Fill | None) -> None:
        """Paint with ``pen`` and ``brush`` (None: no pen, no brush), already converted."""
        self._state.pen, self._state.brush = pen, brush

    def line(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """One line from ``(x0, y0)`` to ``(x1, y1)`` with the pen."""
        if self._state.pen is None:
            return
        (ax, ay), (bx, by) = self._map(x0, y0), self._map(x1, y1)
        self._end_text()
        self._stroke_state()
        self.ops.append(f"{round(ax)} {round(ay)} m {round(bx)} {round(by)} l S\n")

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        """One rectangle, filled with the brush and outlined with the pen."""
        self._paint(self._rect_path(x, y, width, height))

    def polygon(self, points: list[tuple[float, float]]) -> None:
        """A closed outline through ``points``, filled (even-odd, as Qt) and outlined."""
        if points:
            self._paint(self._polyline(points) + "h\n", even_odd=True)

    def text(self, x: float, y: float, text: str, face: Typeface, size: float) -> None:
        """``text`` in ``face`` at ``size`` device pixels, its baseline from ``(x, y)``
        (mapped by the world transform), in the pen's colour (none with no pen, as Qt)."""
        pen = self._state.pen
        if not text or pen is None:
            return
        a, b, c, d, e, f = self._state.transform
        if a == d == 1.0 and b == c == 0.0:
            self.line_of_text(round(x + e), round(y + f), text, face, size, pen.rgba)
            return
        self._begin_text(pen.rgba)
        px, py = round(a * x + c * y + e), round(b * x + d * y + f)
        self.ops.append(f"{_num(a)} {_num(b)} {_num(-c)} {_num(-d)} {px} {py} Tm\n")
        self._origin = None
        self._runs(text, face, size)

    def line_of_text(
        self, px: int, py: int, text: str, face: Typeface, size: float, rgba: int
    ) -> None:
        """``text`` unturned from the baseline point ``(px, py)`` in device pixels, in
        ``face`` at ``size`` and ``rgba``."""
        self.styled_text(px, py, text, self._style_of(face, size, rgba))

    def _style_of(self, face: Typeface, size: float, rgba: int) -> TextStyle:
        """``text_style`` of ``face`` at ``size`` in ``rgba``, made once per page."""
        key = (face, size, rgba)
        style = self._styles.get(key)
        if style is None:
            style = self._styles[key] = self.text_style(face, size, rgba)
        return style

    def text_style(self, face: Typeface, size: float, rgba: int) -> TextStyle:
        """What ``styled_text`` writes lines of ``face`` at ``size`` in ``rgba`` with."""
        name = self.resources.font(face, "")
        return TextStyle(
            face,
            size,
            rgba,
            _colour_op("rg", rgba),
            _font_op(name, size),
            self.resources.chars(face),
        )

    def styled_text(self, px: int, py: int, text: str, style: TextStyle) -> None:
        """``text`` unturned from the baseline point ``(px, py)`` in device pixels, in
        ``style``: the report's sheets write their ten thousand lines through this."""
        face = style.face
        if not face.covers(text):
            self._start_line(px, py, style, with_font=False)
            self._runs(text, face, style.size)
            return
        self._start_line(px, py, style, with_font=True)
        style.chars.update(text)
        self.ops.append(f"<{text.encode('utf-16-be').hex()}>Tj\n")

    def styled_lines(
        self, xs: list[int], ys: list[int], texts: list[str], style: TextStyle
    ) -> None:
        """Lines of ``texts`` from the baseline points ``(xs, ys)`` in ``style``, as
        ``styled_text`` writes them one by one: a table's rows at once."""
        if not texts:
            return
        joined = "".join(texts)
        if not style.face.covers(joined):
            for px, py, text in zip(xs, ys, texts, strict=True):
                self.styled_text(px, py, text, style)
            return
        codes = [text.encode("utf-16-be").hex() for text in texts]
        self.coded_lines(xs, ys, codes, joined, style)

    def coded_lines(
        self, xs: list[int], ys: list[int], codes: list[str], chars: str, style: TextStyle
    ) -> None:
        """``styled_lines`` of lines already encoded: ``codes`` holds each line's character
        codes in hex (four digits a character), ``chars`` their characters, all of which
        the face of ``style`` has. Each line after the first moves from the one before."""
        self._start_line(xs[0], ys[0], style, with_font=True)
        style.chars.update(chars)
        ops = self.ops
        ops.append(f"<{codes[0]}>Tj\n")
        if len(codes) > 1:
            dx, dy = map(sub, xs[1:], xs), map(sub, ys, ys[1:])
            moves = zip(dx, dy, islice(codes, 1, None), strict=True)
            ops.append(
                ("%d %d Td\n<%s>Tj\n" * (len(codes) - 1)) % tuple(chain.from_iterable(moves))
            )
        self._origin = (xs[-1], ys[-1])

    def _start_line(self, px: int, py: int, style: TextStyle, with_font: bool) -> None:
        """Open a text object if none is, set ``style``'s colour (and ``with_font``, its
        font) unless set already, and move to ``(px, py)``: from the last line's start when
        it has one (two figures instead of six)."""
        ops = self.ops
        if self._in_text:
            origin = self._origin
        else:
            ops.append("BT\n")
            self._in_text = True
            origin = None
        emitted = self._state.emitted
        if style.rgba < 0xFF000000 or "fa" in emitted:  # translucent, or after translucency
            self._colour("rg", "fa", style.rgba)
        elif emitted.get("rg") is not style.fill:
            emitted["rg"] = style.fill
            ops.append(style.fill)
        if origin is None:
            ops.append(f"1 0 0 -1 {px} {py} Tm\n")
        else:
            ops.append(f"{px - origin[0]} {origin[1] - py} Td\n")
        self._origin = (px, py)
        if with_font and emitted.get("Tf") is not style.font:
            emitted["Tf"] = style.font
            ops.append(style.font)

    def _begin_text(self, rgba: int) -> None:
        """Open a text object if none is, and fill its glyphs with ``rgba``."""
        if not self._in_text:
            self.ops.append("BT\n")
            self._in_text = True
            self._origin = None
        self._colour("rg", "fa", rgba)

    def _runs(self, text: str, face: Typeface, size: float) -> None:
        """Show ``text`` in runs of the fonts that have its characters."""
        run, run_face = "", face
        for char in text:
            owner = face.face_for(char)
            if owner is not run_face and run:
                self._show(run_face, size, run)
                run = ""
            run += char
            run_face = owner
        self._show(run_face, size, run)

    def _show(self, face: Typeface, size: float, text: str) -> None:
        self._font_op(face, size, text)
        self.ops.append(f"<{_codes(text)}>Tj\n")

    def _font_op(self, face: Typeface, size: float, text: str) -> None:
        """Select ``face`` at ``size`` for ``text`` (noting its characters for the subset)."""
        name = self.resources.font(face, text)
        op = _font_op(name, size)
        if self._state.emitted.get("Tf") is not op:
            self.ops.append(op)
            self._state.emitted["Tf"] = op

    def rect_array(self, rects: np.ndarray) -> None:
        """Rectangles (n x 4: x, y, width, height), filled and outlined in one path."""
        if self._state.transform[1] or self._state.transform[2]:
            for x, y, w, h in rects.tolist():
                self._paint(self._rect_path(x, y, w, h))
            return
        paint = self._paint_state()
        if paint is not None:
            self.ops.append(self._array_ops(rects, _rects_path, paint))

    def line_array(self, lines: np.ndarray) -> None:
        """Lines (n x 4: x1, y1, x2, y2) stroked with the pen, in one path."""
        if self._state.pen is None or not len(lines):
            return
        self._end_text()
        self._stroke_state()
        self.ops.append(self._array_ops(lines, _lines_path, "S\n"))

    def _array_ops(
        self,
        rows: np.ndarray,
        make: Callable[[np.ndarray, tuple[float, ...]], str],
        paint: str,
    ) -> str:
        """What draws ``rows`` as the path ``make`` writes of them under the world
        transform, painted by ``paint`` (with the graphics state set already).

        The path is made once per document for alike rows and transform (a link's casing
        and its line; the halls of a campus, built to one design, draw their racks, trays
        and links alike). Drawn again, it is ``_again``: the sheets of alike halls share
        their drawing, written, stored and compressed once.
        """
        key = (make, self._state.transform, rows.tobytes(), paint)
        content = self._arrays.get(key)
        if content is None:
            content = self._arrays[key] = make(rows, self._state.transform) + paint
            return content
        return self._again(content)

    def _again(self, content: str) -> str:
        """What draws ``content``, drawn before in this document, once more: a form
        holding it (``Resources.form``) when it is long, else itself. Never a form where
        hatching is in the content or in effect: a form lays its pattern out in its own
        space, not the page's."""
        if len(content) < FORM_MIN_CHARS or "/Pattern" in content:
            return content
        if self._state.emitted.get("rg", "").startswith("/Pattern"):
            return content
        return f"/{self.resources.form(content)} Do\n"

    def repeat(self, key: Hashable, draw: Callable[[], T]) -> T:
        """What ``draw`` draws and returns, which is the same wherever ``key`` is (a sheet's
        title block, a plan's legend, a campus hall's racks): drawn the first time, inside
        ``save`` and ``restore``, and after that under the same transform and graphics
        state, ``_again``."""
        self._end_text()
        state = self._state
        drawing_with = (state.transform, state.pen, state.brush, state.font)
        full = (key, *drawing_with, tuple(state.emitted.items()))
        found = self._repeats.get(full)
        if found is None:
            start = len(self.ops)
            self.save()
            drawn = draw()
            self.restore()
            self._repeats[full] = ("".join(self.ops[start:]), drawn)
            return drawn
        content, drawn = found
        self.ops.append(self._again(content))
        return drawn  # type: ignore[return-value]

    def centred_lines(self, boxes: np.ndarray, texts: Sequence[str]) -> None:
        """One-line ``texts`` each centred in its box of ``boxes`` (n x 4: x, y, width,
        height, device pixels, no transform), in the pen's colour and the font: as
        ``drawText(box, AlignCenter, text)`` places each, written in one run."""
        pen = self._state.pen
        if pen is None or not len(texts):
            return
        if self._state.font is None:
            self.setFont(QFont())
        face, size = self._state.font  # type: ignore[misc]
        widths = np.fromiter(map(face.width, texts), dtype=np.float64, count=len(texts))
        block = (face.ascent + face.descent) * size / EM
        ascent = face.ascent * size / EM
        x, y, width, height = boxes.T
        xs = np.rint(x + (width - widths * size / EM) / 2).astype(np.int64).tolist()
        ys = np.rint(y + (height - block) / 2 + ascent).astype(np.int64).tolist()
        self.styled_lines(xs, ys, list(texts), self._style_of(face, size, pen.rgba))

    def finish(self) -> str:
        """The page's content, once everything is drawn."""
        self._end_text()
        return "".join(self.ops)

    # --- building paths -----------------------------------------------------------------

    def _map(self, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = self._state.transform
        return a * x + c * y + e, b * x + d * y + f

    def _rect_path(self, x: float, y: float, w: float, h: float) -> str:
        a, b, c, d, e, f = self._state.transform
        if not (b or c):
            return f"{round(a * x + e)} {round(d * y + f)} {round(a * w)} {round(d * h)} re\n"
        return self._polyline([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]) + "h\n"

    def _polyline(self, points: list[tuple[float, float]]) -> str:
        mapped = [self._map(x, y) for x, y in points]
        first, *rest = mapped
        return f"{round(first[0])} {round(first[1])} m\n" + "".join(
            f"{round(x)} {round(y)} l\n" for x, y in rest
        )

    def _path(self, path: QPainterPath) -> str:
        ops = []
        curve: list[float] = []
        for index in range(path.elementCount()):
            element = path.elementAt(index)
            x, y = self._map(element.x, element.y)
            kind = element.type
            if kind == QPainterPath.ElementType.MoveToElement:
                ops.append(f"{round(x)} {round(y)} m\n")
            elif kind == QPainterPath.ElementType.LineToElement:
                ops.append(f"{round(x)} {round(y)} l\n")
            else:  # a curve's first control point, then its two data points
                curve += (x, y)
                if len(curve) == 6:
                    ops.append(_curve(curve))
                    curve = []
        return "".join(ops)

    def _ellipse(self, cx: float, cy: float, rx: float, ry: float) -> str:
        kx, ky = rx * _KAPPA, ry * _KAPPA
        quarters = (
            ((cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry)),
            ((cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy)),
            ((cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry)),
            ((cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy)),
        )
        sx, sy = self._map(cx + rx, cy)
        ops = [f"{sx:.1f} {sy:.1f} m\n"]
        for quarter in quarters:
            mapped = [v for point in quarter for v in self._map(*point)]
            ops.append(_curve(mapped))
        return "".join(ops) + "h\n"

    # --- painting with the pen and brush ------------------------------------------------

    def _paint(self, path: str, even_odd: bool = False) -> None:
        """Fill ``path`` with the brush and stroke it with the pen, as Qt paints a shape."""
        paint = self._paint_state(even_odd)
        if paint is not None:
            self.ops.append(path)
            self.ops.append(paint)

    def _paint_state(self, even_odd: bool = False) -> str | None:
        """Set the fill and stroke state of the brush and the pen, and return the operator
        that paints a path with them (None with neither)."""
        state = self._state
        fill, stroke = state.brush, state.pen
        if fill is None and stroke is None:
            return None
        self._end_text()
        if fill is not None:
            if fill.hatch is None:
                self._colour("rg", "fa", fill.rgba)
            else:
                self._pattern(fill)
        if stroke is not None:
            self._stroke_state()
        star = "*" if even_odd else ""
        if fill is None:
            return "S\n"
        return f"f{star}\n" if stroke is None else f"B{star}\n"

    def _stroke_state(self) -> None:
        pen = self._state.pen
        assert pen is not None
        self._colour("RG", "sa", pen.rgba)
        scale = 1.0
        if not pen.cosmetic:
            a, b, c, d, _, _ = self._state.transform
            scale = math.sqrt(abs(a * d - b * c))
        emitted, ops = self._state.emitted, self.ops
        for key, op in zip("wdJj", _stroke_ops(pen, scale), strict=True):
            if emitted.get(key) is not op:
                emitted[key] = op
                ops.append(op)

    def _colour(self, operator: str, alpha: str, rgba: int) -> None:
        emitted = self._state.emitted
        op = _colour_op(operator, rgba)
        if emitted.get(operator) is not op:
            emitted[operator] = op
            self.ops.append(op)
        if rgba < 0xFF000000 or alpha in emitted:  # opaque is the PDF's default
            self._set(alpha, f"/{self.resources.alpha(alpha, rgba >> 24)} gs\n")

    def _pattern(self, fill: Fill) -> None:
        assert fill.hatch is not None
        self._set("rg", f"/Pattern cs /{self.resources.hatch(fill.hatch, fill.rgba)} scn\n")
        if "fa" in self._state.emitted:
            self._set("fa", f"/{self.resources.alpha('fa', 255)} gs\n")

    def _set(self, key: str, op: str) -> None:
        emitted = self._state.emitted
        if emitted.get(key) != op:
            emitted[key] = op
            self.ops.append(op)

    def _end_text(self) -> None:
        if self._in_text:
            self.ops.append("ET\n")
            self._in_text = False

    # --- Qt objects to PDF state ---------------------------------------------------------

    def _convert(self, thing: object, how):
        known = self._known.get(id(thing))
        if known is None or known[0] is not thing:
            known = self._known[id(thing)] = (thing, how(thing))
        return known[1]

    @staticmethod
    def _font(font: QFont) -> tuple[Typeface, float]:
        size = font.pixelSize()
        return typeface(font.bold()), float(size if size > 0 else font.pointSizeF())


def _stroke(pen: QPen | QColor | Qt.PenStyle | Qt.GlobalColor) -> Stroke | None:
    if isinstance(pen, Qt.PenStyle):
        return None if pen == Qt.PenStyle.NoPen else _BLACK_PEN
    if not isinstance(pen, QPen):
        return Stroke(QColor(pen).rgba(), 1.0, False)
    style = pen.style()
    if style == Qt.PenStyle.NoPen:
        return None
    width = pen.widthF()
    return Stroke(
        pen.color().rgba(),
        width,
        pen.isCosmetic() or width == 0,
        _DASHES.get(style, ()),
        _CAPS.get(pen.capStyle(), 2),
        _JOINS.get(pen.joinStyle(), 2),
    )


def _fill(brush: QBrush | QColor | Qt.BrushStyle | Qt.GlobalColor) -> Fill | None:
    if isinstance(brush, Qt.BrushStyle):
        return None if brush == Qt.BrushStyle.NoBrush else Fill(0xFF000000)
    if not isinstance(brush, QBrush):
        return Fill(QColor(brush).rgba())
    style = brush.style()
    if style == Qt.BrushStyle.NoBrush:
        return None
    hatch = None if style == Qt.BrushStyle.SolidPattern else style
    return Fill(brush.color().rgba(), hatch)


def _rects_path(rects: np.ndarray, transform: tuple[float, ...]) -> str:
    """The path of ``rects`` (n x 4: x, y, width, height) under an unturned ``transform``."""
    a, _, _, d, e, f = transform
    mapped = np.rint(rects * (a, d, a, d) + (e, f, 0.0, 0.0)).astype(np.int64)
    return ("%d %d %d %d re\n" * len(mapped)) % tuple(mapped.ravel().tolist())


def _lines_path(lines: np.ndarray, transform: tuple[float, ...]) -> str:
    """The path of ``lines`` (n x 4: x1, y1, x2, y2) mapped by ``transform``."""
    a, b, c, d, e, f = transform
    if b or c:
        x0, y0, x1, y1 = lines[:, 0], lines[:, 1], lines[:, 2], lines[:, 3]
        mapped = np.empty((len(lines), 4))
        mapped[:, 0], mapped[:, 1] = a * x0 + c * y0 + e, b * x0 + d * y0 + f
        mapped[:, 2], mapped[:, 3] = a * x1 + c * y1 + e, b * x1 + d * y1 + f
    else:  # scaled and shifted, as a plan is: one product and one sum
        mapped = lines * (a, d, a, d) + (e, f, e, f)
    values = tuple(np.rint(mapped).astype(np.int64).ravel().tolist())
    return ("%d %d m %d %d l\n" * len(lines)) % values


def _compose(
    inner: tuple[float, ...], outer: tuple[float, ...]
) -> tuple[float, float, float, float, float, float]:
    """The transform applying ``inner`` first, then ``outer`` (Qt's ``inner * outer``)."""
    a1, b1, c1, d1, e1, f1 = inner
    a2, b2, c2, d2, e2, f2 = outer
    return (
        a1 * a2 + b1 * c2,
        a1 * b2 + b1 * d2,
        c1 * a2 + d1 * c2,
        c1 * b2 + d1 * d2,
        e1 * a2 + f1 * c2 + e2,
        e1 * b2 + f1 * d2 + f2,
    )


def _codes(text: str) -> str:
    """``text`` as the PDF's two-byte character codes, in hex: a code is the character's
    own (each font's ``CIDToGIDMap`` turns it into the glyph); beyond the Basic
    Multilingual Plane, the empty box."""
    if text.isascii():
        return text.encode("utf-16-be").hex()
    return "".join(f"{ord(c):04x}" if ord(c) < 0x10000 else "0000" for c in text)


def _num(value: float) -> str:
    """``value`` with at most four decimals and never an exponent (PDF has none)."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _curve(values: list[float]) -> str:
    """A Bezier curve to its last point, through the two before (six figures)."""
    return " ".join(f"{v:.1f}" for v in values) + " c\n"
