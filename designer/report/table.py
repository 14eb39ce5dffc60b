"""Tables that flow over as many sheets as they need, each sheet repeating the header."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate

from PySide6.QtGui import QColor

from designer.report import measure
from designer.report.paper import Rect
from designer.report.sheet import ALERT, CAUTION, INK, MUTED, RULE, Sheet

ROW_MM = 5.2
#: Each further line of a wrapped cell adds this to its row; a cell wraps to at most
#: ``WRAP_LINES`` lines, the last cut with an ellipsis.
WRAP_LINE_MM = 3.2
WRAP_LINES = 3
HEADER_MM = 7.0
TEXT_PT = 7.5
GAP_MM = 6.0
STRIPE = QColor("#f2f4f7")
HEADER_FILL = QColor("#dde3ea")
NOTE_PT = 6.5
TITLE_PT = 13
TITLE_LINE_MM = 5.6
NOTE_LINE_MM = 3.2
#: Room either side of a cell's text (the text starts 1.5 mm in), and how many of a
#: column's longest texts are measured for its width.
CELL_PAD_MM = 3.5
LONGEST_MEASURED = 4


@dataclass(frozen=True)
class Column:
    """A column: its caption, its share of the table width and how its cells align.

    A ``wrap`` column breaks a text too long for it over lines (names of media and modules
    on A4), where another would cut it with an ellipsis.
    """

    title: str
    share: float
    align: str = "left"
    wrap: bool = False


@dataclass(frozen=True)
class Table:
    """A titled table; ``rows`` are already formatted strings, one per column."""

    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""
    #: What each column's widest text needs (mm), measured on the whole table before it is
    #: split, so every sheet of it has the same columns.
    needs: tuple[float, ...] | None = None
    #: Rows to set in the alert colour (a load over its limit), by index into ``rows``.
    alerts: frozenset[int] = frozenset()
    #: Rows to set in the caution colour (a load nearly at its limit).
    cautions: frozenset[int] = frozenset()


#: The fewest rows a table's last part carries, taken from the part before where it has
#: rows to spare: a campus's "Power feeds (continued)" carried two rows alone (a review).
LEAST_LAST_ROWS = 5


def split(table: Table, area: Rect, first_mm: float | None = None) -> list[tuple[Table, float]]:
    """The table cut into sheet-sized parts, each with its rows' height (mm); later parts
    say they continue, and only the last carries the note (a campus's bill printed its
    totals under a part, before the rows that followed it). ``first_mm``: the height left
    for the first part where the table starts below others (else the area's)."""
    if table.needs is None:
        table = replace(table, needs=needs(table))
    around = height(table, area.width, 0.0)
    room = area.height - around
    heights = row_heights(table, area.width)
    starts = [0]
    used = 0.0
    for index, row_mm in enumerate(heights):
        fits = room if len(starts) > 1 or first_mm is None else first_mm - around
        if index > starts[-1] and used + row_mm > fits:
            starts.append(index)
            used = 0.0
        used += row_mm
    rows = len(table.rows)
    if len(starts) > 1 and rows - starts[-1] < LEAST_LAST_ROWS:
        # earlier only: the part before keeps at least as many, and never gains a row
        spare = max(starts[-2] + LEAST_LAST_ROWS, rows - LEAST_LAST_ROWS)
        starts[-1] = min(starts[-1], spare)
    ends = [*starts[1:], rows]
    return [
        _part(table, start, end, number > 0, number == len(starts) - 1, heights)
        for number, (start, end) in enumerate(zip(starts, ends, strict=True))
    ]


def _part(
    table: Table, start: int, end: int, continued: bool, last: bool, heights: Sequence[float]
) -> tuple[Table, float]:
    """Rows ``start`` to ``end`` of ``table`` and their height: the sum of theirs among
    the whole table's row ``heights``, as ``height`` would sum them again."""
    body = sum(heights[start:end])
    if start == 0 and end == len(table.rows):
        return table, body
    alerts = frozenset(i - start for i in table.alerts if start <= i < end)
    cautions = frozenset(i - start for i in table.cautions if start <= i < end)
    title = f"{table.title} (continued)" if continued else table.title
    part = replace(
        table,
        title=title,
        rows=table.rows[start:end],
        alerts=alerts,
        cautions=cautions,
        note=table.note if last else "",
    )
    return part, body


def cell_lines(table: Table, width: float) -> list[list[list[str]]]:
    """Each row's cells as the lines they are drawn in, the table ``width`` mm wide."""
    widths = _widths(table.columns, width, table.needs or needs(table))
    found = []
    for index, row in enumerate(table.rows):
        bold = index in table.alerts  # drawn bold, so broken as bold text is wide
        cells = []
        for column, column_mm, text in zip(table.columns, widths, row, strict=True):
            cells.append(_wrapped(text, column_mm - 3, bold) if column.wrap else [text])
        found.append(cells)
    return found


def _wrapped(text: str, room_mm: float, bold: bool = False) -> list[str]:
    """A wrapping cell's ``text`` as its lines in ``room_mm``, at most ``WRAP_LINES``: the
    last kept line runs on, to be cut when drawn."""
    lines = measure.wrap(text, room_mm, TEXT_PT, bold=bold)
    if len(lines) > WRAP_LINES:
        lines = [*lines[: WRAP_LINES - 1], " ".join(lines[WRAP_LINES - 1 :])]
    return lines


def row_heights(table: Table, width: float) -> list[float]:
    """Each body row's height (mm), the table ``width`` mm wide: its tallest wrapped cell's
    (``cell_lines``, of the wrapping columns only: the others are one line)."""
    wrapping = [index for index, column in enumerate(table.columns) if column.wrap]
    if not wrapping:
        return [ROW_MM] * len(table.rows)
    widths = _widths(table.columns, width, table.needs or needs(table))
    room = [(index, widths[index] - 3) for index in wrapping]
    return [
        ROW_MM
        + (max(len(_wrapped(row[i], mm, index in table.alerts)) for i, mm in room) - 1)
        * WRAP_LINE_MM
        for index, row in enumerate(table.rows)
    ]


def needs(table: Table) -> tuple[float, ...]:
    """The width (mm) each column needs for its caption and its widest cell.

    Only the longest few texts of a column are measured: at campus scale a column holds
    hundreds of figures, and the widest of them is among the longest.
    """
    rows, alerts = table.rows, table.alerts
    plain = [row for number, row in enumerate(rows) if number not in alerts] if alerts else rows
    # rows over their limit are set in bold, which is wider
    bold = [rows[number] for number in sorted(alerts)]
    texts = list(zip(*plain, strict=True)) or [()] * len(table.columns)
    bold_texts = list(zip(*bold, strict=True)) or [()] * len(table.columns)
    return tuple(
        max(
            [
                _text_width(column.title, True),
                *(_text_width(text, False) for text in _longest(plain_column)),
                *(_text_width(text, True) for text in _longest(bold_column)),
            ]
        )
        + CELL_PAD_MM
        for column, plain_column, bold_column in zip(table.columns, texts, bold_texts, strict=True)
    )


@lru_cache(maxsize=8192)
def _text_width(text: str, bold: bool) -> float:
    """``measure.text_width`` of a cell's text, once per text: a campus's tables repeat the
    same few figures (ratings, limits, uses) from hall to hall."""
    return measure.text_width(text, TEXT_PT, bold)


def _longest(texts: Sequence[str]) -> list[str]:
    """The ``LONGEST_MEASURED`` longest of ``texts``, the first of equally long ones first
    (``heapq.nlargest``'s choice, which sorting in C makes faster for a table's column)."""
    return sorted(texts, key=len, reverse=True)[:LONGEST_MEASURED]


def draw_table(sheet: Sheet, table: Table, area: Rect) -> None:
    """Draw ``table`` (one sheet's part of it) at the top of ``area``."""
    titles = _title_lines(table, area.width)
    for number, line in enumerate(titles):
        sheet.text(area.x, area.y + 6 + number * TITLE_LINE_MM, line, size_pt=TITLE_PT, bold=True)
    top = area.y + 10 + (len(titles) - 1) * TITLE_LINE_MM
    widths = _widths(table.columns, area.width, table.needs or needs(table))
    # each column's text: where it starts, how it aligns and the room it has
    places = []
    x = area.x
    for column, width in zip(table.columns, widths, strict=True):
        places.append((x + 1.5, column.align, width - 3))
        x += width
    sheet.box(Rect(area.x, top, area.width, HEADER_MM), width_mm=0, fill=HEADER_FILL)
    sheet.cells(places, [(top + 4.8, [c.title for c in table.columns])], TEXT_PT, True, INK)
    wrapped = any(c.wrap for c in table.columns)
    lines = cell_lines(table, area.width) if wrapped else None
    heights = row_heights(table, area.width)
    tops = list(accumulate(heights, initial=top + HEADER_MM))
    stripes = range(1, len(table.rows), 2)
    sheet.fills([Rect(area.x, tops[i], area.width, heights[i]) for i in stripes], STRIPE)
    # the rows' text after the stripes under them, in runs of rows of one colour
    for start, end, colour in _colour_runs(table, len(table.rows)):
        if lines is None:
            body = [(tops[index] + 3.7, table.rows[index]) for index in range(start, end)]
        else:  # a row's first lines, then the further lines of its wrapped cells
            body = [
                (
                    tops[index] + 3.7 + number * WRAP_LINE_MM,
                    [cell[number] if number < len(cell) else "" for cell in lines[index]],
                )
                for index in range(start, end)
                for number in range(max(map(len, lines[index])))
            ]
        sheet.cells(places, body, TEXT_PT, colour is ALERT, colour)
    y = tops[-1]
    sheet.line(area.x, y, area.right, y, width_mm=0.2, colour=RULE)
    for number, line in enumerate(_note_lines(table, area.width)):
        sheet.text(area.x, y + 4.5 + number * NOTE_LINE_MM, line, size_pt=NOTE_PT, colour=MUTED)


def _colour_runs(table: Table, count: int) -> list[tuple[int, int, QColor]]:
    """The table's first ``count`` rows as runs of one colour: (first, past the last, colour):
    red over the limit, amber near it, ink for the rest."""
    runs: list[tuple[int, int, QColor]] = []
    for index in range(count):
        colour = ALERT if index in table.alerts else CAUTION if index in table.cautions else INK
        if runs and runs[-1][2] is colour:
            runs[-1] = (runs[-1][0], index + 1, colour)
        else:
            runs.append((index, index + 1, colour))
    return runs


def _widths(columns: Sequence[Column], total: float, wanted: Sequence[float]) -> list[float]:
    """Column widths filling ``total`` mm: each what it ``wanted`` and the rest shared out by
    the columns' shares; when that is too much, columns wanting less than their share keep
    what they want and give the rest to those wanting more, in proportion to their lack."""
    shares = [c.share for c in columns]
    whole = sum(shares)
    if sum(wanted) <= total:
        extra = total - sum(wanted)
        return [need + extra * share / whole for need, share in zip(wanted, shares, strict=True)]
    fair = [total * share / whole for share in shares]
    spare = sum(max(0.0, f - need) for f, need in zip(fair, wanted, strict=True))
    lacking = [max(0.0, need - f) for f, need in zip(fair, wanted, strict=True)]
    short = sum(lacking)
    return [
        min(f, need) + (spare * lack / short if short else 0.0)
        for f, need, lack in zip(fair, wanted, lacking, strict=True)
    ]


def _title_lines(table: Table, width: float) -> list[str]:
    """The title over as many lines as the table's width needs (a long hall name), never
    into the next column of tables: a line of words was measured to fit as it was
    wrapped, and only a word alone on its line, wider than the table, is cut."""
    lines = measure.wrap(table.title, width, TITLE_PT, bold=True)
    return [
        line if " " in line else measure.fitted(line, width, TITLE_PT, bold=True) for line in lines
    ]


def _note_lines(table: Table, width: float) -> list[str]:
    return measure.wrap(table.note, width, NOTE_PT) if table.note else []


def height(table: Table, width: float, body: float | None = None) -> float:
    """Height of ``table`` drawn ``width`` mm wide, in millimetres, with its title and note;
    ``body``: its rows' height, when known (``split`` gives it; 0 for what the title,
    header and note take around the rows)."""
    if body is None:
        body = sum(row_heights(table, width))
    note = len(_note_lines(table, width))
    title = (len(_title_lines(table, width)) - 1) * TITLE_LINE_MM
    return 10 + title + HEADER_MM + body + (7 + (note - 1) * NOTE_LINE_MM if note else 2)


#: The narrowest a column of tables may be, in mm; paper wide enough for two such columns
#: takes narrow tables side by side instead of stretching them over the whole sheet.
MIN_COLUMN_MM = 180.0

Placed = list[tuple[Table, Rect]]
"""One sheet's tables, each with the rectangle it is drawn at the top of."""


def table_pages(tables: Sequence[Table], area: Rect, narrow: bool = False) -> list[Placed]:
    """Tables stacked on sheets of ``area``: as many per sheet as fit, long ones split.

    ``narrow`` tables (a few short columns) flow down one column of the sheet after another
    when the paper is wide enough, as a newspaper does, instead of being stretched across it.
    """
    columns = max(1, int((area.width + GAP_MM) // (MIN_COLUMN_MM + GAP_MM))) if narrow else 1
    width = (area.width - GAP_MM * (columns - 1)) / columns
    frames = [
        Rect(area.x + i * (width + GAP_MM), area.y, width, area.height) for i in range(columns)
    ]
    sheets: list[Placed] = [[]]
    frame, used = 0, 0.0
    for table in tables:
        parts = split(table, frames[0])
        if used > 0 and len(parts) > 1:
            # a long table starts in the room left below the others where some rows fit
            # there: a campus's site bills, each a sheet and five rows, took a sheet each
            # for their five rows
            flowed = split(table, frames[0], area.height - used - GAP_MM)
            first, body = flowed[0]
            if (
                len(first.rows) >= LEAST_LAST_ROWS
                and used + height(first, width, body) + GAP_MM <= area.height
            ):
                parts = flowed
        for part, body in parts:
            needed = height(part, width, body) + GAP_MM
            if used > 0 and used + needed > area.height:
                frame, used = frame + 1, 0.0
                if frame == columns:
                    sheets.append([])
                    frame = 0
            at = frames[frame]
            sheets[-1].append((part, Rect(at.x, at.y + used, at.width, at.height - used)))
            used += needed
    return [sheet for sheet in sheets if sheet] or [[]]


def draw_tables(sheet: Sheet, placed: Placed) -> None:
    """Draw one sheet's tables where ``table_pages`` placed them."""
    for table, area in placed:
        draw_table(sheet, table, area)
