"""The title block along the bottom of every sheet, and the sheet border."""

from __future__ import annotations

from dataclasses import dataclass

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


#: Column widths of the title block as shares of its width, with their captions.
COLUMNS = (
    ("Project", 0.34),
    ("Drawing", 0.30),
    ("Scale", 0.08),
    ("Revision", 0.07),
    ("Date", 0.09),
    ("Sheet", 0.12),
)


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
    for (caption, share), value in zip(COLUMNS, values, strict=True):
        width = block.width * share
        if x > block.x:
            sheet.line(x, block.y, x, block.bottom, width_mm=0.25)
        sheet.text(x + 2, block.y + 5, caption.upper(), size_pt=6, colour=MUTED)
        sheet.text(
            x + 2, block.y + 13, value, size_pt=10, bold=caption == "Project", width=width - 4
        )
        x += width
    sheet.text(
        block.x + 2,
        block.bottom - 2.5,
        "Drawn with rackplan. Figures with their sources in the catalog; estimates marked.",
        size_pt=5.5,
        colour=MUTED,
        width=block.width * 0.64 - 4,
    )
