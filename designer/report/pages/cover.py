"""The cover: what the project is and its totals, the figures a reader looks for first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QColor

from designer.core.format import plural
from designer.report.measure import wrap
from designer.report.page import Page
from designer.report.pages.sheet_index import (
    INDEX_HEADING_MM,
    INDEX_ROW_MM,
    columns_in,
    draw_index,
    index_lines,
    index_room,
)
from designer.report.paper import Rect, SheetFrame
from designer.report.sheet import ALERT, INK, MUTED, Sheet

TILE_FILL = QColor("#eef2f7")
ACCENT = QColor("#1f4e79")
FIGURE_COLUMNS = 3
FIGURE_GAP_MM = 3.0
#: The depth of a second line of the project's name.
TITLE_LINE_MM = 9.5


@dataclass(frozen=True)
class KeyFigure:
    """One figure of the summary grid: a caption, a value with its unit, a footnote."""

    caption: str
    value: str
    note: str = ""
    alert: bool = False


@dataclass(frozen=True)
class CoverContent:
    """Everything the cover shows, already formatted."""

    name: str
    description: str
    byline: str
    figures: tuple[KeyFigure, ...]
    racks_by_type: tuple[tuple[str, str], ...]
    sites: tuple[str, ...]
    sheets: tuple[tuple[int, str, str], ...] = ()
    #: The sheet that lists every sheet, when the cover has no room for all of them.
    index_on: int | None = None


def cover_page(content: CoverContent) -> Page:
    """The first sheet of the set."""
    return Page("Cover and summary", "-", lambda sheet: _draw(sheet, content))


@dataclass(frozen=True)
class _Text:
    """One line of the cover's side lists, placed."""

    x: float
    y: float
    text: str
    bold: bool = False
    size_pt: float = 8.5
    muted: bool = False
    align: str = "left"
    width: float = 0.0


@dataclass(frozen=True)
class _Layout:
    """Where the cover puts its parts on one paper (mm)."""

    names: list[str]
    below: float
    description: list[str]
    grid: Rect
    lists: list[_Text]
    index: Rect | None
    index_columns: int


def _layout(content: CoverContent, frame: SheetFrame) -> _Layout:
    """The cover's parts placed: the name, the figures under it, the lists at the side and
    the sheet index under the figures or, where there is no room for it there (A4, Letter),
    under the lists."""
    area = frame.content
    # a long name takes a second line rather than losing its end
    names = wrap(content.name, area.width, 24, bold=True)
    names = [names[0], " ".join(names[1:])] if len(names) > 2 else names
    below = (len(names) - 1) * TITLE_LINE_MM
    description = wrap(content.description, area.width * 0.62, 9.5)[:6]
    left_width = area.width * 0.62
    grid_top = max(area.y + 28 + below + len(description) * 4.8 + 4, area.y + 50 + below)
    grid = Rect(area.x, grid_top, left_width, area.bottom - grid_top)
    side_top = 28 + below
    side = Rect(
        area.x + left_width + 8,
        area.y + side_top,
        area.width - left_width - 8,
        area.height - side_top,
    )
    if not content.sheets:
        return _Layout(names, below, description, grid, _side_lists(content, side), None, 1)
    top = _grid_bottom(len(content.figures), grid) + 9
    if area.bottom - top >= INDEX_HEADING_MM + 3 * INDEX_ROW_MM:
        index = Rect(area.x, top, left_width, area.bottom - top)
        lists = _side_lists(content, side)
        return _Layout(names, below, description, grid, lists, index, columns_in(left_width))
    # No room under the figures (A4, Letter): the index follows the lists at the side, which
    # leave it room for a few sheets.
    room = Rect(side.x, side.y, side.width, side.height - INDEX_HEADING_MM - 6 * INDEX_ROW_MM)
    lists = _side_lists(content, room)
    top = lists[-1].y + 9.6  # as the lists space their headings
    index = Rect(side.x, top, side.width, area.bottom - top)
    return _Layout(names, below, description, grid, lists, index, 1)


def cover_index_room(content: CoverContent, frame: SheetFrame) -> int:
    """How many lines of the sheet index the cover of ``content`` holds on ``frame``'s
    paper (0 when it shows none)."""
    layout = _layout(content, frame)
    return 0 if layout.index is None else index_room(layout.index, layout.index_columns)


def _draw(sheet: Sheet, content: CoverContent) -> None:
    area = sheet.frame.content
    layout = _layout(content, sheet.frame)
    for number, line in enumerate(layout.names):
        y = area.y + 12 + number * TITLE_LINE_MM
        sheet.text(area.x, y, line, size_pt=24, bold=True, colour=ACCENT, width=area.width)
    sheet.text(
        area.x,
        area.y + 20 + layout.below,
        content.byline,
        size_pt=10,
        colour=MUTED,
        width=area.width,
    )
    for number, line in enumerate(layout.description):
        sheet.text(area.x, area.y + 28 + layout.below + number * 4.8, line, size_pt=9.5)
    _figure_grid(sheet, content.figures, layout.grid)
    for t in layout.lists:
        colour = MUTED if t.muted else INK
        sheet.text(
            t.x,
            t.y,
            t.text,
            size_pt=t.size_pt,
            bold=t.bold,
            colour=colour,
            align=t.align,
            width=t.width,
        )
    if layout.index is not None:
        draw_index(
            sheet,
            index_lines(content.sheets),
            layout.index,
            layout.index_columns,
            listed_on=content.index_on,
        )


def _grid_shape(count: int, area: Rect) -> tuple[int, float]:
    """The figure grid's rows and each row's depth, three figures to a row."""
    rows = max(1, -(-count // FIGURE_COLUMNS))
    return rows, min(24.0, (area.height - FIGURE_GAP_MM * (rows - 1)) / rows)


def _grid_bottom(count: int, area: Rect) -> float:
    rows, height = _grid_shape(count, area)
    return area.y + rows * (height + FIGURE_GAP_MM) - FIGURE_GAP_MM


def _figure_grid(sheet: Sheet, figures: Sequence[KeyFigure], area: Rect) -> None:
    """Draw the figures three to a row from the top of ``area``."""
    _, height = _grid_shape(len(figures), area)
    gap = FIGURE_GAP_MM
    width = (area.width - gap * (FIGURE_COLUMNS - 1)) / FIGURE_COLUMNS
    for index, figure in enumerate(figures):
        row, column = divmod(index, FIGURE_COLUMNS)
        x = area.x + column * (width + gap)
        y = area.y + row * (height + gap)
        sheet.box(Rect(x, y, width, height), width_mm=0, fill=TILE_FILL)
        sheet.text(
            x + 3, y + 5.5, figure.caption.upper(), size_pt=6.5, colour=MUTED, width=width - 6
        )
        colour = ALERT if figure.alert else INK
        sheet.text(
            x + 3, y + 13.5, figure.value, size_pt=14, bold=True, colour=colour, width=width - 6
        )
        if figure.note:
            sheet.text(x + 3, y + height - 3, figure.note, size_pt=6, colour=MUTED, width=width - 6)


def _side_lists(content: CoverContent, area: Rect) -> list[_Text]:
    """Racks by type and the sites with their halls, placed in ``area``."""
    placed: list[_Text] = []
    y = area.y
    placed.append(_Text(area.x, y, "Racks by type", bold=True, size_pt=11))
    y += 6
    # the types take at most half the lists' height, so the sites keep the other half
    types = content.racks_by_type
    room = max(1, int((area.height / 2 - 6) // 4.6))
    shown = types if len(types) <= room else types[: room - 1]
    if not types:
        placed.append(_Text(area.x, y, "None placed yet", muted=True))
        y += 4.6
    for count, name in shown:
        placed.append(_Text(area.x, y, count, align="right", width=10))
        placed.append(_Text(area.x + 13, y, name, width=area.width - 13))
        y += 4.6
    if len(shown) < len(types):
        more = f"... and {len(types) - len(shown)} more types"
        placed.append(_Text(area.x + 13, y, more, muted=True))
        y += 4.6
    y += 5
    placed.append(_Text(area.x, y, "Sites and halls", bold=True, size_pt=11))
    y += 6
    if not content.sites:
        placed.append(_Text(area.x, y, "None yet", muted=True))
    for index, line in enumerate(content.sites):
        rest = content.sites[index:]
        if len(rest) > 1 and y + 4.6 > area.bottom - 2:
            # the last line's room says where the rest is: a trial's A4 cover ended "..."
            # at its sixth hall of three sites
            halls = sum(part.startswith(" ") for part in rest)
            sites = len(rest) - halls
            counted = [plural(n, f"more {what}") for n, what in ((sites, "site"), (halls, "hall"))]
            listed = " and ".join(c for c in counted if not c.startswith("0 "))
            more = f"... and {listed}: each is in the power and cooling tables"
            placed.append(_Text(area.x, y, more, muted=True, width=area.width))
            break
        placed.append(_Text(area.x, y, line, width=area.width))
        y += 4.6
    return placed
