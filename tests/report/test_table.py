"""Tables flowed over sheets: every row once, in order, and nothing below the frame."""

from designer.report.paper import SheetFrame
from designer.report.table import Column, Table, height, table_pages

COLUMNS = (Column("Feed", 2), Column("Load (kW)", 1, "right"))
NOTE = " ".join(["A note long enough to wrap over several lines in a narrow column."] * 5)


def test_long_tables_with_long_notes_split_inside_the_frame():
    tables = [
        Table(f"Power feeds, hall {h}", COLUMNS, tuple((f"F{h}-{i}", str(i)) for i in n), NOTE)
        for h, n in ((1, range(130)), (2, range(7)), (3, range(61)))
    ]
    for paper, narrow in (("A3", True), ("A3", False), ("A4", True)):
        area = SheetFrame.of(paper).content
        sheets = table_pages(tables, area, narrow)
        rows = [row for sheet in sheets for part, _ in sheet for row in part.rows]
        assert rows == [row for table in tables for row in table.rows]
        for sheet in sheets:
            for part, at in sheet:
                assert at.x >= area.x and at.right <= area.right + 1e-9
                assert at.y + height(part, at.width) <= area.bottom + 1e-9
