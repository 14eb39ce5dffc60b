"""The sheet index: every sheet of the set, one line per drawing.

The cover lists the sheets when it has room. When it has not (the campus on A4 has 81
sheets, and 225 with its enlarged parts, beside a cover with room for three lines), sheets
of their own follow the cover and list them all, and the cover says where they are: a
drawing set whose index stops at "... and 78 more" cannot be checked for completeness.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from designer.core.format import plural
from designer.report.measure import text_width
from designer.report.page import Page
from designer.report.paper import Rect, SheetFrame
from designer.report.sheet import MUTED, Sheet

INDEX_TITLE = "Sheet index"
#: The index's heading depth, one line's depth and the width a column is given, in mm.
INDEX_HEADING_MM = 6.0
INDEX_ROW_MM = 4.4
INDEX_COLUMN_MM = 60.0

#: A sheet as the index knows it: its number, its title, its scale.
Numbered = tuple[int, str, str]
#: One line of the index: the numbers ("7" or "7–12") and the drawing's label.
IndexLine = tuple[str, str]

#: A sheet's title that is one of several: a plan's part, or one of a table's sheets.
_ONE_OF = re.compile(r"^(?P<base>.*?)(?:, part (?P<part>\d+) of \d+| \((?P<sheet>\d+) of \d+\))$")


def numbered(pages: Sequence[Page], first: int) -> tuple[Numbered, ...]:
    """``pages`` as the index lists them, numbered from ``first``."""
    return tuple((n, page.title, page.scale) for n, page in enumerate(pages, start=first))


def index_lines(sheets: Sequence[Numbered]) -> list[IndexLine]:
    """The sheet index, one line per drawing: a hall's whole-hall sheet with its parts and
    a table's sheets share a line, with the range of their numbers (a campus set on A4 has
    over 200 sheets). Only a drawing's own sheets share: two halls of one name do not."""
    groups: list[list[Numbered]] = []
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


def _index_line(group: list[Numbered]) -> IndexLine:
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


def index_room(area: Rect, most_columns: int) -> int:
    """How many lines the index holds in ``area`` under its heading, in up to
    ``most_columns`` columns."""
    return _rows(area) * most_columns


def _rows(area: Rect) -> int:
    return max(1, int((area.height - INDEX_HEADING_MM) // INDEX_ROW_MM))


def columns_in(width: float) -> int:
    """As many columns of about ``INDEX_COLUMN_MM`` as ``width`` holds."""
    return max(1, int(width // INDEX_COLUMN_MM))


def draw_index(
    sheet: Sheet,
    lines: Sequence[IndexLine],
    area: Rect,
    most_columns: int,
    heading: str = "Sheets in this set",
    listed_on: int | None = None,
) -> None:
    """``lines`` under ``heading``, in as many columns as they need (up to
    ``most_columns``); what does not fit ends in "... and N more sheets", with the sheet
    ``listed_on`` that lists them all, if there is one."""
    sheet.text(area.x, area.y, heading, size_pt=11, bold=True)
    top = area.y + INDEX_HEADING_MM
    per_column = _rows(area)
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
        x, y = lefts[column], top + row * INDEX_ROW_MM
        if index == len(shown) - 1 and len(shown) < len(lines):
            more = plural(sum(_count(n) for n, _ in lines[index:]), "more sheet")
            where = f", all listed on sheet {listed_on}" if listed_on is not None else ""
            text = f"... and {more}{where}"
            sheet.text(x, y, text, size_pt=8, colour=MUTED, width=area.right - x)
            break
        sheet.text(x, y, number, size_pt=8, align="right", width=numbers)
        sheet.text(x + numbers + 2, y, label, size_pt=8, width=widths[column] - numbers - 4)


def _count(numbers: str) -> int:
    """How many sheets "7" or "7–12" numbers."""
    first, _, last = numbers.partition("–")
    return int(last or first) - int(first) + 1


def index_pages(pages: Sequence[Page], frame: SheetFrame, cover_room: int) -> list[Page]:
    """The sheets to put after the cover (``pages[0]``) that list every sheet of the set,
    when the cover's index holds fewer than ``cover_room`` of its lines; none when it
    holds them all.

    The index sheets are numbered in the set, so how many there are changes the numbers
    they list: they are counted until they hold their own lines too.
    """
    cover, rest = pages[0], pages[1:]
    if len(index_lines(numbered(rest, 2))) <= cover_room:
        return []
    # the heading's baseline where a table sheet's title stands
    content = frame.content
    area = Rect(content.x, content.y + 6, content.width, content.height - 6)
    most_columns = columns_in(area.width)
    room = index_room(area, most_columns)
    count = 1
    while True:
        titles = [
            INDEX_TITLE + (f" ({n} of {count})" if count > 1 else "") for n in range(1, count + 1)
        ]
        own = tuple((n, title, "-") for n, title in enumerate(titles, start=2))
        lines = index_lines(((1, cover.title, cover.scale), *own, *numbered(rest, 2 + count)))
        if len(lines) <= room * count:
            break
        count += 1
    parts = [lines[n * room : (n + 1) * room] for n in range(count)]
    return [
        Page(title, "-", lambda sheet, part=part: draw_index(sheet, part, area, most_columns))
        for title, part in zip(titles, parts, strict=True)
    ]
