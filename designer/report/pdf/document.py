"""A PDF file written page by page: objects, page tree, embedded fonts, cross-reference.

Each page's content is compressed as soon as the page is done, on two threads beside the
one drawing (zlib lets go of the interpreter while it works, so the next page is drawn
meanwhile, and the fonts made last are compressed side by side), and goes to the file once
compressed: a set of a hundred sheets never sits whole in memory, only what its sheets
repeat (``PdfPainter``: the paths and parts they share). What pages share
(fonts, hatchings, transparencies) is one resource dictionary written at the end, when the
glyphs every page used are known and each font can be cut down to them
(``truetype.subset``).
"""

from __future__ import annotations

import datetime
import hashlib
import zlib
from collections import deque
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from types import TracebackType
from typing import Any, BinaryIO

import numpy as np
from PySide6.QtCore import Qt

from designer.report.pdf import truetype
from designer.report.pdf.painter import PdfPainter, colour_ops
from designer.report.typeface import EM, Typeface

#: Page content is compressed fast rather than small: zlib's level 1 takes a fifth of the
#: time of its default for a tenth more bytes.
COMPRESSION = 1
#: Threads compressing streams beside the drawing thread, which waits on them only at the
#: end: two keep up with the pages, and compress the fonts, made last, side by side.
COMPRESSORS = 2
#: Hatching lines: their spacing and weight on paper, in points.
HATCH_PITCH_PT = 2.5
HATCH_LINE_PT = 0.35
#: Each hatching's direction, as Qt's brush styles name them: the line across one cell.
_HATCHES = {
    Qt.BrushStyle.BDiagPattern: ((0, 0), (1, 1)),
    Qt.BrushStyle.FDiagPattern: ((0, 1), (1, 0)),
    Qt.BrushStyle.HorPattern: ((0, 0.5), (1, 0.5)),
    Qt.BrushStyle.VerPattern: ((0.5, 0), (0.5, 1)),
}


def pdf_string(text: str) -> str:
    """``text`` as a PDF text string: UTF-16 with its byte-order mark, in hex."""
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


class Resources:
    """The fonts, hatchings and transparencies pages name, by the names they use."""

    def __init__(self) -> None:
        self.fonts: dict[Typeface, tuple[str, set[str]]] = {}
        self.alphas: dict[tuple[str, int], str] = {}
        self.hatches: dict[tuple[Qt.BrushStyle, int], str] = {}
        #: Drawings the pages share, by their content (``form``).
        self.forms: dict[str, str] = {}

    def font(self, face: Typeface, text: str) -> str:
        """The name of ``face`` on the page, noting the characters of ``text`` it draws."""
        found = self.fonts.get(face)
        if found is None:
            found = self.fonts[face] = (f"F{len(self.fonts) + 1}", set())
        found[1].update(text)
        return found[0]

    def chars(self, face: Typeface) -> set[str]:
        """The characters of ``face`` the pages draw so far (``font`` names it first)."""
        return self.fonts[face][1]

    def alpha(self, kind: str, alpha: int) -> str:
        """A graphics state setting the fill (``kind`` "fa") or stroke ("sa") opacity."""
        key = (kind, alpha)
        found = self.alphas.get(key)
        if found is None:
            found = self.alphas[key] = f"G{kind}{alpha}"
        return found

    def form(self, content: str) -> str:
        """A form XObject drawing ``content``: operators that draw with the graphics state
        of the page that names the form, and set any state of their own inside ``q`` and
        ``Q``."""
        found = self.forms.get(content)
        if found is None:
            found = self.forms[content] = f"X{len(self.forms) + 1}"
        return found

    def hatch(self, style: Qt.BrushStyle, rgba: int) -> str:
        """A tiling pattern of lines in ``rgba``, as Qt's hatching ``style`` draws them."""
        key = (style if style in _HATCHES else Qt.BrushStyle.BDiagPattern, rgba)
        found = self.hatches.get(key)
        if found is None:
            found = self.hatches[key] = f"P{len(self.hatches) + 1}"
        return found


class PdfDocument:
    """Write pages of ``width_pt`` x ``height_pt`` points drawn at ``dpi`` to ``stream``;
    ``close`` finishes the file. Used as a context manager, it stops its compression
    threads however the block ends (an export that fails or is cancelled never closes)."""

    def __init__(
        self,
        stream: BinaryIO,
        width_pt: float,
        height_pt: float,
        dpi: float,
        title: str = "",
        creator: str = "",
    ) -> None:
        self.stream = stream
        self.size = (width_pt, height_pt)
        self.dpi = dpi
        self.title = title
        self.creator = creator
        self.resources = Resources()
        #: The Qt pens, brushes and fonts the pages have used, converted (``PdfPainter``).
        self._known: dict[int, tuple[object, object]] = {}
        #: What drew the rectangle and line arrays of the pages (``PdfPainter``).
        self._arrays: dict[tuple[object, ...], str] = {}
        #: What the pages' repeated parts wrote (``PdfPainter.repeat``).
        self._repeats: dict[tuple[object, ...], tuple[str, Any]] = {}
        self._offsets: dict[int, int] = {}
        self._next = 1
        self._pages: list[int] = []
        self._catalog, self._tree, self._shared = self._reserve(), self._reserve(), self._reserve()
        self._at = 0
        #: The streams being compressed, under their object numbers, with their dictionaries'
        #: further entries, in the order they were made.
        self._compressing: deque[tuple[int, Future[bytes], str]] = deque()
        self._compressor = ThreadPoolExecutor(COMPRESSORS, thread_name_prefix="pdf-compress")
        self._write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")

    def __enter__(self) -> PdfDocument:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._compressor.shutdown(cancel_futures=True)

    def page(self) -> PdfPainter:
        """A painter for the next page; hand it to ``end_page`` once it is drawn."""
        painter = PdfPainter(self.resources, self.dpi, self._known, self._arrays, self._repeats)
        k = 72.0 / self.dpi
        painter.ops.append(f"{k:.6g} 0 0 {-k:.6g} 0 {self.size[1]:.6g} cm\n")
        return painter

    def end_page(self, painter: PdfPainter) -> None:
        """Write the page ``painter`` drew (its content once compressed)."""
        content = self._stream(painter.finish().encode("latin-1"))
        page = self._reserve()
        width, height = self.size
        self._object(
            page,
            f"<< /Type /Page /Parent {self._tree} 0 R /MediaBox [0 0 {width:.6g} {height:.6g}] "
            f"/Resources {self._shared} 0 R /Contents {content} 0 R >>",
        )
        self._pages.append(page)

    def close(self) -> None:
        """Write what the pages share, the page tree, the catalogue and the cross-reference."""
        resources = self.resources
        # the fonts are cut while the last pages are still being compressed
        fonts = {name: self._font(face, chars) for face, (name, chars) in resources.fonts.items()}
        alphas = {
            name: f"<< /{'ca' if kind == 'fa' else 'CA'} {alpha / 255:.3g} >>"
            for (kind, alpha), name in resources.alphas.items()
        }
        hatches = {name: self._hatch(*key) for key, name in resources.hatches.items()}
        forms = {name: self._form(content) for content, name in resources.forms.items()}
        self._write_compressed(wait=True)
        self._compressor.shutdown()
        self._object(
            self._shared,
            "<< /ProcSet [/PDF /Text] "
            f"/Font {_dictionary((n, f'{i} 0 R') for n, i in fonts.items())} "
            f"/ExtGState {_dictionary(alphas.items())} "
            f"/Pattern {_dictionary((n, f'{i} 0 R') for n, i in hatches.items())} "
            f"/XObject {_dictionary((n, f'{i} 0 R') for n, i in forms.items())} >>",
        )
        kids = " ".join(f"{page} 0 R" for page in self._pages)
        self._object(self._tree, f"<< /Type /Pages /Kids [{kids}] /Count {len(self._pages)} >>")
        self._object(self._catalog, f"<< /Type /Catalog /Pages {self._tree} 0 R >>")
        now = datetime.datetime.now(datetime.UTC).strftime("D:%Y%m%d%H%M%SZ")
        info = self._add(
            f"<< /Title {pdf_string(self.title)} /Creator {pdf_string(self.creator)} "
            f"/Producer {pdf_string('rackplan')} /CreationDate ({now}) >>"
        )
        count = self._next
        xref = [f"xref\n0 {count}\n0000000000 65535 f \n"]
        xref += [f"{self._offsets[number]:010d} 00000 n \n" for number in range(1, count)]
        start = self._at
        self._write("".join(xref).encode("latin-1"))
        self._write(
            f"trailer\n<< /Size {count} /Root {self._catalog} 0 R /Info {info} 0 R >>\n"
            f"startxref\n{start}\n%%EOF\n".encode("latin-1")
        )

    # --- objects ------------------------------------------------------------------------

    def _reserve(self) -> int:
        number = self._next
        self._next += 1
        return number

    def _write(self, data: bytes) -> None:
        self.stream.write(data)
        self._at += len(data)

    def _object(self, number: int, body: str, stream: bytes | None = None) -> None:
        self._offsets[number] = self._at
        head = f"{number} 0 obj\n{body}\n".encode("latin-1")
        if stream is None:
            self._write(head + b"endobj\n")
        else:
            self._write(head + b"stream\n" + stream + b"\nendstream\nendobj\n")

    def _add(self, body: str) -> int:
        number = self._reserve()
        self._object(number, body)
        return number

    def _stream(self, data: bytes, extra: str = "") -> int:
        """The number of a compressed stream object of ``data``, written once compressed
        (``extra`` entries join its dictionary)."""
        number = self._reserve()
        packing = self._compressor.submit(zlib.compress, data, COMPRESSION)
        self._compressing.append((number, packing, extra))
        self._write_compressed(wait=False)
        return number

    def _write_compressed(self, wait: bool) -> None:
        """Write the streams compressed so far, in order (``wait``: all of them)."""
        compressing = self._compressing
        while compressing and (wait or compressing[0][1].done()):
            number, packing, extra = compressing.popleft()
            packed = packing.result()
            self._object(
                number, f"<< /Length {len(packed)} /Filter /FlateDecode{extra} >>", stream=packed
            )

    # --- fonts and patterns -------------------------------------------------------------

    def _font(self, face: Typeface, chars: set[str]) -> int:
        """A Type 0 font of ``face`` embedding the glyphs of ``chars`` (a TrueType subset).

        Its character codes are the characters' own (UTF-16 code units of the Basic
        Multilingual Plane: a line of text is written by encoding it, with no lookup per
        character); the ``CIDToGIDMap`` turns each into the font's glyph.
        """
        codes = sorted(ord(c) for c in chars if ord(c) < 0x10000)
        glyphs = [face.glyph(chr(code)) for code in codes]
        tag = "".join(chr(65 + b % 26) for b in hashlib.sha1(repr(glyphs).encode()).digest()[:6])
        name = f"{tag}+{face.name}"
        truetype_outlines = truetype.is_truetype(face.table)
        if truetype_outlines:
            data = truetype.subset(face.table, glyphs)
            file = self._stream(data, f" /Length1 {len(data)}")
            embedded = f"/FontFile2 {file} 0 R"
        else:  # CFF outlines: the font whole, as OpenType
            data = truetype.whole(face.table)
            file = self._stream(data, " /Subtype /OpenType")
            embedded = f"/FontFile3 {file} 0 R"
        x0, y0, x1, y1 = face.bbox
        descriptor = self._add(
            f"<< /Type /FontDescriptor /FontName /{name} /Flags 32 "
            f"/FontBBox [{x0:.0f} {y0:.0f} {x1:.0f} {y1:.0f}] /ItalicAngle 0 "
            f"/Ascent {face.ascent:.0f} /Descent {-face.descent:.0f} "
            f"/CapHeight {face.cap_height:.0f} /StemV {120 if face.bold else 80} {embedded} >>"
        )
        gid_map = np.zeros((codes[-1] + 1) if codes else 1, dtype=">u2")
        gid_map[codes] = glyphs
        to_gid = self._stream(gid_map.tobytes())
        subtype = "CIDFontType2" if truetype_outlines else "CIDFontType0"
        widths = _widths(face, codes)
        cid_font = self._add(
            f"<< /Type /Font /Subtype /{subtype} /BaseFont /{name} "
            "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
            f"/FontDescriptor {descriptor} 0 R /DW {EM:.0f} /W [{widths}] "
            f"/CIDToGIDMap {to_gid} 0 R >>"
        )
        to_unicode = self._stream(_to_unicode(codes))
        return self._add(
            f"<< /Type /Font /Subtype /Type0 /BaseFont /{name} /Encoding /Identity-H "
            f"/DescendantFonts [{cid_font} 0 R] /ToUnicode {to_unicode} 0 R >>"
        )

    def _form(self, content: str) -> int:
        """A form XObject of ``content``, drawn in the space of the page that names it (its
        box wide enough for anything a sheet holds), with the pages' fonts."""
        reach = 1_000_000  # device pixels: far beyond any sheet
        return self._stream(
            content.encode("latin-1"),
            f" /Type /XObject /Subtype /Form /BBox [-{reach} -{reach} {reach} {reach}]"
            f" /Resources {self._shared} 0 R",
        )

    def _hatch(self, style: Qt.BrushStyle, rgba: int) -> int:
        """Lines ``HATCH_PITCH_PT`` apart in ``rgba``, tiled over the page."""
        pitch = HATCH_PITCH_PT
        (ax, ay), (bx, by) = _HATCHES[style]
        colour = colour_ops(rgba)
        # the line through this cell and its neighbours', so tiles meet without gaps
        lines = "".join(
            f"{(ax + dx) * pitch:.3g} {(ay + dy) * pitch:.3g} m "
            f"{(bx + dx) * pitch:.3g} {(by + dy) * pitch:.3g} l "
            for dx, dy in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))
        )
        content = f"{colour} RG {HATCH_LINE_PT} w 0 J {lines}S".encode("latin-1")
        return self._stream(
            content,
            f" /Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 "
            f"/BBox [0 0 {pitch} {pitch}] /XStep {pitch} /YStep {pitch} /Resources << >>",
        )


def _dictionary(entries: Iterable[tuple[str, str]]) -> str:
    return "<< " + " ".join(f"/{name} {value}" for name, value in entries) + " >>"


def _widths(face: Typeface, codes: list[int]) -> str:
    """The ``/W`` array of the characters ``codes``: runs of consecutive codes with their
    widths, in thousandths of an em."""
    runs: list[list[int]] = []
    for code in codes:
        if runs and runs[-1][-1] == code - 1:
            runs[-1].append(code)
        else:
            runs.append([code])
    return " ".join(
        f"{run[0]} [" + " ".join(f"{face.advance(chr(c)):.0f}" for c in run) + "]" for run in runs
    )


def _to_unicode(codes: list[int]) -> bytes:
    """The CMap that turns character codes back into characters: what search and copy
    read (each code is its character's, but a reader must be told)."""
    blocks = []
    for start in range(0, len(codes), 100):
        part = codes[start : start + 100]
        entries = "\n".join(f"<{c:04X}> <{c:04X}>" for c in part)
        blocks.append(f"{len(part)} beginbfchar\n{entries}\nendbfchar\n")
    return (
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
        "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
        "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
        + "".join(blocks)
        + "endcmap\nCMapName currentdict /CIDInit /ProcSet findresource /DefineResource pop\n"
        "end\nend\n"
    ).encode("latin-1")
