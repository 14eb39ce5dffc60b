"""Sheets made of tables: as many tables per sheet as fit, the title numbering the parts."""

from __future__ import annotations

from collections.abc import Sequence

from designer.report.page import Page
from designer.report.paper import SheetFrame
from designer.report.sheet import Sheet
from designer.report.table import TITLE_PT, Table, draw_tables, table_pages


def tables_pages(
    title: str,
    tables: Sequence[Table],
    frame: SheetFrame,
    narrow: bool = False,
    empty: str = "Nothing to list yet.",
) -> list[Page]:
    """The sheets of ``tables`` under the drawing title ``title`` (``narrow``: see
    ``table_pages``); with no tables, one sheet that says ``empty``."""
    if not tables:
        area = frame.content

        def say_empty(sheet: Sheet) -> None:
            sheet.text(area.x, area.y + 6, title, size_pt=TITLE_PT, bold=True)
            sheet.text(area.x, area.y + 13, empty, size_pt=10)

        return [Page(title, "-", say_empty)]
    sheets = table_pages(tables, frame.content, narrow)
    total = len(sheets)
    return [
        Page(
            title + (f" ({n} of {total})" if total > 1 else ""),
            "-",
            lambda sheet, part=part: draw_tables(sheet, part),
        )
        for n, part in enumerate(sheets, start=1)
    ]
