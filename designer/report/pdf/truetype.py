"""A TrueType font cut down to the glyphs a PDF uses, for embedding.

The glyphs keep their ids (a PDF's text names glyphs by id, written before the set of
glyphs is known): every other glyph is left empty, which costs the location table four
bytes a glyph and nothing more. Composite glyphs (accented letters built from a base and
an accent) bring the glyphs they are built from. The tables a PDF viewer reads are kept,
the rest (names, character map, kerning) dropped: the PDF says which glyph to draw.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable

import numpy as np

#: The tables a TrueType font embedded in a PDF needs (PDF 1.7, 9.9, table 126).
KEPT = ("cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "prep")

# Composite glyph flags (OpenType 'glyf' table).
_ARGS_ARE_WORDS = 0x0001
_HAVE_SCALE = 0x0008
_MORE_COMPONENTS = 0x0020
_HAVE_XY_SCALE = 0x0040
_HAVE_TWO_BY_TWO = 0x0080


#: The tables of an OpenType font with CFF outlines that a PDF viewer may read.
CFF_KEPT = ("CFF ", "OS/2", "cmap", "head", "hhea", "hmtx", "maxp", "name", "post")


def is_truetype(table: Callable[[str], bytes]) -> bool:
    """True when the font's outlines are TrueType's own (a ``glyf`` table), which this
    module can cut; an OpenType font with CFF outlines is embedded whole (``whole``)."""
    return bool(table("glyf")) and bool(table("loca"))


def whole(table: Callable[[str], bytes]) -> bytes:
    """An OpenType font with CFF outlines, uncut: its outlines are not this module's to cut,
    and such a font is only ever a fallback for characters DejaVu Sans lacks."""
    tables = {tag: table(tag) for tag in CFF_KEPT}
    return _font_file({tag: data for tag, data in tables.items() if data}, b"OTTO")


def subset(table: Callable[[str], bytes], glyphs: Iterable[int]) -> bytes:
    """A font file with only ``glyphs`` (and glyph 0, the empty box) drawn; ``table(tag)``
    gives the original font's table ``tag`` (empty bytes when it has none)."""
    head = bytearray(table("head"))
    count = struct.unpack(">H", table("maxp")[4:6])[0]
    long_offsets = struct.unpack(">h", head[50:52])[0] == 1
    raw_loca = table("loca")
    offsets = np.frombuffer(raw_loca, dtype=">u4" if long_offsets else ">u2").astype(np.int64)
    if not long_offsets:
        offsets = offsets * 2
    glyf = table("glyf")
    wanted = _with_components(glyf, offsets, {0, *(g for g in glyphs if 0 <= g < count)})
    kept = np.zeros(count, dtype=bool)
    kept[sorted(wanted)] = True
    lengths = np.diff(offsets[: count + 1])
    # each kept glyph padded to four bytes; the others take none
    padded = np.where(kept, (lengths + 3) // 4 * 4, 0)
    loca = np.concatenate([[0], np.cumsum(padded)])
    pieces = []
    for glyph in sorted(wanted):
        data = glyf[offsets[glyph] : offsets[glyph + 1]]
        pieces.append(data + b"\0" * (int(padded[glyph]) - len(data)))
    head[50:52] = struct.pack(">h", 1)  # long offsets
    head[8:12] = b"\0\0\0\0"  # checkSumAdjustment, set once the file is whole
    tables = {tag: table(tag) for tag in KEPT if tag not in ("glyf", "loca", "head")}
    tables = {tag: data for tag, data in tables.items() if data}
    tables["glyf"] = b"".join(pieces)
    tables["loca"] = loca.astype(">u4").tobytes()
    tables["head"] = bytes(head)
    return _font_file(tables)


def _with_components(glyf: bytes, offsets: np.ndarray, wanted: set[int]) -> set[int]:
    """``wanted`` with every glyph its composite glyphs are built from, to any depth."""
    found = set(wanted)
    todo = list(wanted)
    while todo:
        glyph = todo.pop()
        start, end = int(offsets[glyph]), int(offsets[glyph + 1])
        if end - start < 10 or struct.unpack(">h", glyf[start : start + 2])[0] >= 0:
            continue  # empty, or a simple glyph
        at = start + 10
        while True:
            flags, component = struct.unpack(">HH", glyf[at : at + 4])
            if component not in found:
                found.add(component)
                todo.append(component)
            at += 4 + (4 if flags & _ARGS_ARE_WORDS else 2)
            if flags & _HAVE_SCALE:
                at += 2
            elif flags & _HAVE_XY_SCALE:
                at += 4
            elif flags & _HAVE_TWO_BY_TWO:
                at += 8
            if not flags & _MORE_COMPONENTS:
                break
    return found


def _checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    return int(np.frombuffer(padded, dtype=">u4").sum(dtype=np.uint64)) & 0xFFFFFFFF


def _font_file(tables: dict[str, bytes], version: bytes = b"\0\1\0\0") -> bytes:
    """An sfnt file of ``tables``, each 4-byte aligned, with its directory and checksums."""
    tags = sorted(tables)
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    directory = version + struct.pack(
        ">HHHH", count, power * 16, power.bit_length() - 1, count * 16 - power * 16
    )
    at = 12 + 16 * count
    entries, bodies = [], []
    for tag in tags:
        data = tables[tag]
        entries.append(struct.pack(">4sIII", tag.encode("latin-1"), _checksum(data), at, len(data)))
        padded = data + b"\0" * (-len(data) % 4)
        bodies.append(padded)
        at += len(padded)
    whole = bytearray(directory + b"".join(entries) + b"".join(bodies))
    head_at = 12 + 16 * count + sum(len(b) for b in bodies[: tags.index("head")])
    adjustment = (0xB1B0AFBA - _checksum(bytes(whole))) & 0xFFFFFFFF
    whole[head_at + 8 : head_at + 12] = struct.pack(">I", adjustment)
    return bytes(whole)
