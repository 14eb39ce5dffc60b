"""The cover: what the project is and its totals, the figures a reader looks for first."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QColor

from designer.core.format import plural
from designer.report.measure import text_width, wrap
from designer.report.page import Page
from designer.report.paper import Rect
from designer.report.sheet import ALERT, INK, MUTED, Sheet

TILE_FILL = QColor("#eef2f7")
ACCENT = QColor("#1f4e79")
#: The sheet index: its heading's depth and one sheet's line, in millimetres.
INDEX_HEADING_MM = 6.0
INDEX_ROW_MM = 4.4
INDEX_COLUMN_MM = 60.0
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


def cover_page(content: CoverContent) -> Page:
    """The first sheet of the set."""
    return Page("Cover and summary", "-", lambda sheet: _draw(sheet, content))


def _draw(sheet: Sheet, content: CoverContent) -> None:
    area = sheet.frame.content
    # a long name takes a second line rather than losing its end
    names = wrap(content.name, area.width, 24, bold=True)
    names = [names[0], " ".join(names[1:])] if len(names) > 2 else names
    for number, line in enumerate(names):
        y = area.y + 12 + number * TITLE_LINE_MM
        sheet.text(area.x, y, line, size_pt=24, bold=True, colour=ACCENT, width=area.width)
    below = (len(names) - 1) * TITLE_LINE_MM
    sheet.text(
        area.x, area.y + 20 + below, content.byline, size_pt=10, colour=MUTED, width=area.width
    )
    y = area.y + 28 + below
    for line in wrap(content.description, area.width * 0.62, 9.5)[:6]:
        sheet.text(area.x, y, line, size_pt=9.5)
        y += 4.8
    grid_top = max(y + 4, area.y + 50 + below)
    left_width = area.width * 0.62
    grid_bottom = _figure_grid(
        sheet, content.figures, Rect(area.x, grid_top, left_width, area.bottom - grid_top)
    )
    side_top = 28 + below
    side = Rect(
        area.x + left_width + 8,
        area.y + side_top,
        area.width - left_width - 8,
        area.height - side_top,
    )
    if not content.sheets:
        _side_lists(sheet, content, side)
        return
    top = grid_bottom + 9
    if area.bottom - top >= INDEX_HEADING_MM + 3 * INDEX_ROW_MM:
        _side_lists(sheet, content, side)
        # as many columns of about 60 mm as the width holds: a campus set lists 50-odd sheets
        columns = max(1, int(left_width // INDEX_COLUMN_MM))
        index_area = Rect(area.x, top, left_width, area.bottom - top)
        _sheet_index(sheet, content.sheets, index_area, columns)
        return
    # No room under the figures (A4, Letter): the index follows the lists at the side, which
    # leave it room for a few sheets.
    lists = Rect(side.x, side.y, side.width, side.height - INDEX_HEADING_MM - 6 * INDEX_ROW_MM)
    top = _side_lists(sheet, content, lists) + 9.6  # as the lists space their headings
    _sheet_index(sheet, content.sheets, Rect(side.x, top, side.width, area.bottom - top), 1)


def _figure_grid(sheet: Sheet, figures: Sequence[KeyFigure], area: Rect) -> float:
    """Draw the figures three to a row; returns the bottom of the grid."""
    columns = 3
    rows = max(1, -(-len(figures) // columns))
    gap = 3.0
    width = (area.width - gap * (columns - 1)) / columns
    height = min(24.0, (area.height - gap * (rows - 1)) / rows)
    for index, figure in enumerate(figures):
        row, column = divmod(index, columns)
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
    return area.y + rows * (height + gap) - gap


#: A sheet's title that is one of several: a plan's part, or one of a table's sheets.
_ONE_OF = re.compile(r"^(?P<base>.*?)(?:, part (?P<part>\d+) of \d+| \((?P<sheet>\d+) of \d+\))$")


def index_lines(sheets: Sequence[tuple[int, str, str]]) -> list[tuple[str, str]]:
    """The sheet index, one line per drawing: a hall's whole-hall sheet with its parts and
    a table's sheets share a line, with the range of their numbers (a campus set on A4 has
    over 200 sheets). Only a drawing's own sheets share: two halls of one name do not."""
    groups: list[list[tuple[int, str, str]]] = []
    last: tuple[str, int | None] | None = None
    for number, title, scale in sheets:
        base, index = _one_of(title)
        follows = (
            groups
            and last is not None
            and last[0] == base
            and groups[-1][-1][0] == number - 1
            and index is not None
            and index == (last[1] or 0) + 1
        )
        if follows:
            groups[-1].append((number, title, scale))
        else:
            groups.append([(number, title, scale)])
        last = (base, index)
    return [_index_line(group) for group in groups]


def _one_of(title: str) -> tuple[str, int | None]:
    """A sheet's drawing and which of its sheets it is (None: the drawing's only or whole
    sheet)."""
    found = _ONE_OF.match(title)
    if found is None:
        return title, None
    return found.group("base"), int(found.group("part") or found.group("sheet"))


def _index_line(group: list[tuple[int, str, str]]) -> tuple[str, str]:
    """The numbers and the label of a run of sheets of one drawing."""
    first, last = group[0][0], group[-1][0]
    numbers = str(first) if first == last else f"{first}–{last}"
    base = _one_of(group[0][1])[0]
    whole = [scale for _, title, scale in group if title == base]
    parts = [scale for _, title, scale in group if title != base]

    def scaled(text: str, scale: str) -> str:
        return f"{text} ({scale})" if scale not in ("-", "") else text

    if not parts:
        return numbers, scaled(base, whole[0])
    if parts[0] in ("-", ""):  # a table over several sheets
        return numbers, f"{base} ({len(group)} sheets)"
    counted = plural(len(parts), "part")
    if whole:
        return numbers, f"{scaled(base, whole[0])} and {scaled(counted, parts[0])}"
    return numbers, scaled(f"{base}, {counted}", parts[0])


def _sheet_index(
    sheet: Sheet, sheets: Sequence[tuple[int, str, str]], area: Rect, most_columns: int
) -> None:
    """The sheets of the set, one line per drawing, in as many columns as they need (up to
    ``most_columns``); what does not fit ends in "... and N more"."""
    sheet.text(area.x, area.y, "Sheets in this set", size_pt=11, bold=True)
    lines = index_lines(sheets)
    row_mm, top = INDEX_ROW_MM, area.y + INDEX_HEADING_MM
    per_column = max(1, int((area.bottom - top) // row_mm))
    columns = min(most_columns, -(-len(lines) // per_column))
    shown = lines[: per_column * most_columns]
    numbers = max(text_width(n, 8) for n, _ in shown) + 2 if shown else 6
    # each column as wide as its longest line when they all fit, else all alike
    wanted = [
        max(text_width(label, 8) for _, label in shown[c * per_column : (c + 1) * per_column])
        + numbers
        + 6
        for c in range(columns)
    ]
    widths = wanted if sum(wanted) <= area.width else [area.width / max(columns, 1)] * columns
    lefts = [area.x + sum(widths[:c]) for c in range(columns)]
    for index, (number, label) in enumerate(shown):
        column, row = divmod(index, per_column)
        x, y = lefts[column], top + row * row_mm
        if index == len(shown) - 1 and len(shown) < len(lines):
            more = sum(_count(n) for n, _ in lines[index:])
            sheet.text(x, y, f"... and {plural(more, 'more sheet')}", size_pt=8, colour=MUTED)
            break
        sheet.text(x, y, number, size_pt=8, align="right", width=numbers)
        sheet.text(x + numbers + 2, y, label, size_pt=8, width=widths[column] - numbers - 4)


def _count(numbers: str) -> int:
    """How many sheets "7" or "7–12" numbers."""
    first, _, last = numbers.partition("–")
    return int(last or first) - int(first) + 1


def _side_lists(sheet: Sheet, content: CoverContent, area: Rect) -> float:
    """Racks by type and the sites with their halls; returns the baseline of the last line."""
    y = area.y
    sheet.text(area.x, y, "Racks by type", size_pt=11, bold=True)
    y += 6
    # the types take at most half the lists' height, so the sites keep the other half
    types = content.racks_by_type
    room = max(1, int((area.height / 2 - 6) // 4.6))
    shown = types if len(types) <= room else types[: room - 1]
    if not types:
        sheet.text(area.x, y, "None placed yet", size_pt=8.5, colour=MUTED)
        y += 4.6
    for count, name in shown:
        sheet.text(area.x, y, count, size_pt=8.5, align="right", width=10)
        sheet.text(area.x + 13, y, name, size_pt=8.5, width=area.width - 13)
        y += 4.6
    if len(shown) < len(types):
        more = f"... and {len(types) - len(shown)} more types"
        sheet.text(area.x + 13, y, more, size_pt=8.5, colour=MUTED)
        y += 4.6
    y += 5
    sheet.text(area.x, y, "Sites and halls", size_pt=11, bold=True)
    y += 6
    if not content.sites:
        sheet.text(area.x, y, "None yet", size_pt=8.5, colour=MUTED)
        y += 4.6
    for line in content.sites:
        if y > area.bottom - 2:
            sheet.text(area.x, y, "...", size_pt=8.5)
            y += 4.6
            break
        sheet.text(area.x, y, line, size_pt=8.5, width=area.width)
        y += 4.6
    return y - 4.6
