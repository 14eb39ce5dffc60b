"""The findings of the design-rule check, as many sheets as they need, errors first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QColor

from designer.report.measure import wrap
from designer.report.page import Page
from designer.report.paper import Rect, SheetFrame
from designer.report.sheet import MUTED, Sheet

TEXT_PT = 8.0
LINE_MM = 4.0
CHIP_MM = 17.0
COLOURS = {"error": QColor("#c62828"), "warning": QColor("#ef8f00"), "info": QColor("#1f6fb2")}


@dataclass(frozen=True)
class FindingEntry:
    """One finding as printed: severity, code, message, the items it names, any exclusion."""

    severity: str
    code: str
    message: str
    items: str
    excluded_comment: str | None = None


@dataclass(frozen=True)
class _Laid:
    entry: FindingEntry
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        return (len(self.lines) + 1) * LINE_MM + 2.5


def findings_pages(entries: Sequence[FindingEntry], summary: str, frame: SheetFrame) -> list[Page]:
    """The findings laid out over sheets of ``frame``; one sheet saying so when there are none."""
    area = frame.content
    text_width = area.width - CHIP_MM - 3
    laid = [_layout(entry, text_width) for entry in entries]
    pages: list[list[_Laid]] = [[]]
    used = 0.0
    room = area.height - 14
    for item in laid:
        if pages[-1] and used + item.height > room:
            pages.append([])
            used = 0.0
        pages[-1].append(item)
        used += item.height
    total = len(pages)
    return [
        Page(
            "Design-rule findings" + (f" ({n} of {total})" if total > 1 else ""),
            "-",
            lambda sheet, part=part: _draw(sheet, part, summary),
        )
        for n, part in enumerate(pages, start=1)
    ]


def _layout(entry: FindingEntry, width: float) -> _Laid:
    lines = wrap(entry.message, width, TEXT_PT)
    if entry.excluded_comment is not None:
        lines.append(f"Accepted: {entry.excluded_comment or 'no comment given'}")
    return _Laid(entry, tuple(lines))


def _draw(sheet: Sheet, part: Sequence[_Laid], summary: str) -> None:
    area = sheet.frame.content
    sheet.text(area.x, area.y + 6, "Design-rule findings", size_pt=13, bold=True)
    sheet.text(area.x, area.y + 11.5, summary, size_pt=8.5, colour=MUTED, width=area.width)
    y = area.y + 17
    if not part:
        sheet.text(area.x, y + 4, "The check found nothing to report.", size_pt=10)
        return
    for item in part:
        entry = item.entry
        colour = COLOURS.get(entry.severity, MUTED)
        muted = entry.excluded_comment is not None
        sheet.box(
            Rect(area.x, y, CHIP_MM - 2, LINE_MM), width_mm=0, fill=MUTED if muted else colour
        )
        sheet.text(
            area.x,
            y + 2.9,
            entry.severity.upper(),
            size_pt=6.5,
            bold=True,
            colour=QColor("white"),
            align="center",
            width=CHIP_MM - 2,
        )
        x = area.x + CHIP_MM
        width = area.width - CHIP_MM
        sheet.text(x, y + 3, entry.code, size_pt=TEXT_PT, bold=True, width=width * 0.4)
        sheet.text(
            x + width * 0.42, y + 3, entry.items, size_pt=7, colour=MUTED, width=width * 0.58
        )
        for index, line in enumerate(item.lines, start=1):
            sheet.text(
                x,
                y + 3 + index * LINE_MM,
                line,
                size_pt=TEXT_PT,
                colour=MUTED if muted else QColor("#1a1a1a"),
            )
        y += item.height
