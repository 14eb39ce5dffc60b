"""The title block along the bottom of every sheet, and the sheet border."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from designer.report.measure import text_width, wrap
from designer.report.sheet import MUTED, Sheet


@dataclass(frozen=True)
class TitleFields:
    """What the title block says; ``sheet`` and ``sheets`` number the set."""

    project: str
    title: str
    revision: str
    date: str
    scale: str
    sheet: int
    sheets: int


#: The narrow columns and the widest value each must hold (dates are ISO, scales 1:N or
#: "schematic"); each is as wide as that value at the value size, on any paper.
NARROW = (
    ("Scale", "schematic"),
    ("Revision", "Rev."),
    ("Date", "0000-00-00"),
    ("Sheet", "000 of 000"),
)
#: How the project and drawing columns share what the narrow ones leave.
WIDE_SHARES = (("Project", 34), ("Drawing", 30))
VALUE_PT = 10.0
#: A project or drawing name too long for one line takes two at this size, this far apart.
TWO_LINE_PT = 8.0
TWO_LINE_MM = 3.6
CAPTION_PT = 6.0
PAD_MM = 2.0


@lru_cache(maxsize=16)
def column_widths(width: float, revision: str) -> tuple[tuple[str, float], ...]:
    """Caption and width (mm) of each column of a title block ``width`` mm wide (worked out
    once per paper and revision: every sheet of a set has the same title block)."""
    narrow = []
    for caption, sample in NARROW:
        values = (sample, revision) if caption == "Revision" else (sample,)
        widest = max(
            text_width(caption.upper(), CAPTION_PT),
            *(text_width(value, VALUE_PT) for value in values),
        )
        narrow.append((caption, widest + 2 * PAD_MM))
    left = width - sum(w for _, w in narrow)
    total = sum(share for _, share in WIDE_SHARES)
    return (*((caption, left * share / total) for caption, share in WIDE_SHARES), *narrow)


def draw_frame(sheet: Sheet, fields: TitleFields) -> None:
    """Draw the border and the title block with ``fields``."""
    frame = sheet.frame
    sheet.box(frame.border, width_mm=0.5)
    block = frame.title_block
    sheet.line(block.x, block.y, block.right, block.y, width_mm=0.5)
    values = (
        fields.project,
        fields.title,
        fields.scale,
        fields.revision,
        fields.date,
        f"{fields.sheet} of {fields.sheets}",
    )
    x = block.x
    columns = column_widths(block.width, fields.revision)
    for (caption, width), value in zip(columns, values, strict=True):
        if x > block.x:
            sheet.line(x, block.y, x, block.bottom, width_mm=0.25)
        sheet.text(x + PAD_MM, block.y + 5, caption.upper(), size_pt=CAPTION_PT, colour=MUTED)
        bold = caption == "Project"
        room = width - 2 * PAD_MM
        lines = [value]
        size = VALUE_PT
        if sheet.text_width(value, VALUE_PT, bold) > room:  # a long name: two smaller lines
            size = TWO_LINE_PT
            lines = wrap(value, room, size, bold)
            lines = [lines[0], " ".join(lines[1:])] if len(lines) > 2 else lines
        top = block.y + (13 if len(lines) == 1 else 10.8)
        for number, line in enumerate(lines):
            y = top + number * TWO_LINE_MM
            sheet.text(x + PAD_MM, y, line, size_pt=size, bold=bold, width=room)
        x += width
    sheet.text(
        block.x + 2,
        block.bottom - 2.5,
        "Drawn with rackplan. Figures with their sources in the catalog; estimates marked.",
        size_pt=6.5,  # 5.5 pt grey read as a smudge on a printed A3
        colour=MUTED,
        width=columns[0][1] + columns[1][1] - 2 * PAD_MM,
    )
