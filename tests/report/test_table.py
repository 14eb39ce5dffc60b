"""Tables flowed over sheets: every row once, in order, and nothing below the frame."""

import re
import subprocess

from designer.report.paper import Rect, SheetFrame
from designer.report.table import Column, Table, height, row_heights, split, table_pages

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


def test_a_row_over_its_limit_stays_marked_on_the_sheet_it_lands_on():
    rows = tuple((f"F{i}", str(i)) for i in range(130))
    over = frozenset({3, 90, 129})
    table = Table("Power feeds", COLUMNS, rows, alerts=over)
    sheets = table_pages([table], SheetFrame.of("A4").content)
    assert len(sheets) > 1
    marked = [part.rows[i][0] for sheet in sheets for part, _ in sheet for i in part.alerts]
    assert marked == ["F3", "F90", "F129"]


def test_the_power_tables_mark_a_feed_carrying_more_than_it_may():
    from designer.core.rules.loads import Load
    from designer.report.pages.power_cooling import load_tables

    feeds = [
        Load("feed", "f1", "Busway A1", "h", 500.0, 718.8, 898.5),
        Load("feed", "f2", "Busway B1", "h", 1_100.0, 718.8, 898.5),  # 153 %
    ]
    [table] = load_tables(feeds, {"h": "Hall 1"}, {"f1": "A", "f2": "B"})
    assert table.rows[1][-1] == "153 %"
    assert table.alerts == frozenset({1})


def test_a_wrapping_column_breaks_long_names_over_lines_and_sheets_still_hold_their_rows(
    gui_app,
):
    from designer.report.table import ROW_MM, WRAP_LINE_MM, cell_lines, row_heights

    name = "Coherent 400ZR / 800ZR on an amplified DWDM span"
    columns = (Column("Medium", 1, wrap=True), Column("Links", 1, "right"))
    rows = tuple((name if i % 3 == 0 else "DAC", str(i)) for i in range(120))
    table = Table("Cable schedule summary", columns, rows)
    narrow = 60.0  # mm: the medium's column gets 30 - 3 mm, too little for the name
    heights = row_heights(table, narrow)
    assert heights[1] == ROW_MM and heights[0] > ROW_MM  # one line for "DAC", more for it
    lines = cell_lines(table, narrow)[0][0]
    assert heights[0] == ROW_MM + (len(lines) - 1) * WRAP_LINE_MM
    assert " ".join(lines) == name  # every word kept, none cut
    area = SheetFrame.of("A4").content
    for width in (narrow, area.width):
        sheets = table_pages([table], area.__class__(area.x, area.y, width, area.height))
        assert [row for sheet in sheets for part, _ in sheet for row in part.rows] == list(rows)
        for sheet in sheets:
            for part, at in sheet:
                assert at.y + height(part, at.width) <= area.bottom + 1e-9


def test_a_wrapping_cell_of_a_row_over_its_limit_breaks_as_its_bold_text_is_wide(gui_app):
    """A review's two-sites sheet cut "unknown (a site has no figure)" to "unknown (a site
    has no figu…" in red rows: the cell was broken as regular text and drawn bold."""
    from designer.report import measure
    from designer.report.table import TEXT_PT, _widths, cell_lines, needs

    text = "unknown (a site has no figure)"
    columns = (Column("Hall", 1), Column("Energy cost a year", 1, "right", wrap=True))
    table = Table("Moving a hall", columns, (("North hall 1", text),), alerts=frozenset({0}))
    # a column in which the text fits regular but not bold
    regular = measure.text_width(text, TEXT_PT)
    assert measure.text_width(text, TEXT_PT, bold=True) > regular
    for width in range(40, 160, 4):
        room = _widths(columns, float(width), needs(table))[1] - 3
        lines = cell_lines(table, float(width))[0][1]
        assert " ".join(lines) == text
        assert all(measure.text_width(line, TEXT_PT, bold=True) <= room for line in lines) or (
            len(lines) == len(text.split())  # a word wider than its room stays whole
        ), width


def test_loads_nearly_at_their_limit_are_marked_as_the_designer_marks_them():
    from designer.core.rules.loads import Load
    from designer.report.pages.power_cooling import load_tables

    feeds = [
        Load("feed", "f1", "Busway A1", "h", 500.0, 718.8, 898.5),  # 70 %: plain
        Load("feed", "f2", "Busway A2", "h", 589.2, 718.8, 898.5),  # 82 %: nearly there
        Load("feed", "f3", "Busway B1", "h", 718.8, 718.8, 898.5),  # 100 %: still allowed
        Load("feed", "f4", "Busway B2", "h", 1_100.0, 718.8, 898.5),  # 153 %: over
    ]
    [table] = load_tables(feeds, {"h": "Hall 1"}, {})
    assert [row[-1] for row in table.rows] == ["70 %", "82 %", "100 %", "153 %"]
    assert table.cautions == frozenset({1, 2}) and table.alerts == frozenset({3})
    assert "amber: above 80 %" in table.note


def test_a_long_title_wraps_and_a_bold_figure_over_its_limit_is_never_cut(tmp_path):
    """A trial's A3 sheet cut a site's 139 % to '139…' (set in bold, wider than the column
    was measured for) and ran a long hall name's heading into the next column."""
    from designer.core.rules.loads import Load
    from designer.report.page import Page
    from designer.report.pages.power_cooling import load_tables
    from designer.report.pages.tables import tables_pages
    from designer.report.writer import SetInfo, write_pdf
    from tests.report.test_pdf import pdftotext

    name = "Hall one with a name as long as the north wing, level 3, zone B, cage 12"
    found = [
        Load("feed", "f1", "Busway A1", "h", 500.0, 718.8, 898.5),
        Load("hall_power", "h", name, "h", 1_117.2, 1_200.0, 1_200.0),
        Load("site_power", "s", "Site 1", None, 2_777.3, 2_000.0, 2_000.0),  # 139 %
    ]
    tables = load_tables(found, {"h": name}, {})
    pages: list[Page] = tables_pages("Power and cooling", tables, SheetFrame.of("A3"), narrow=True)
    path = tmp_path / "power.pdf"
    write_pdf(pages, path, "A3", SetInfo("P", "A", ""))
    text = " ".join(pdftotext(path).split())
    assert "2,777.3 2,000 2,000 139 %" in text
    assert "Power feeds, Hall one with a name as long as the north wing, level 3, zone B," in text
    assert "cage 12" in text  # on the title's second line, not under the next column


def test_a_table_of_names_the_font_lacks_still_prints_every_cell_in_its_column(tmp_path):
    """A row naming a hall in characters DejaVu lacks goes through the PDF's slower path
    (each line on its own, in runs of the fonts that have its characters): every cell is
    still found, the figures still right-aligned in their column."""
    from designer.report.page import Page
    from designer.report.pages.tables import tables_pages
    from designer.report.writer import SetInfo, write_pdf

    rows = (("Busway A1", "500"), ("\u0378 hall feed", "1,100"), ("Busway B1", "7"))
    pages: list[Page] = tables_pages(
        "Power and cooling", [Table("Power feeds", COLUMNS, rows)], SheetFrame.of("A4")
    )
    path = tmp_path / "feeds.pdf"
    write_pdf(pages, path, "A4", SetInfo("P", "A", ""))
    words = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    found = re.findall(r'xMax="([\d.]+)" yMax="[\d.]+">([^<]+)</word>', words)
    text = " ".join(word for _, word in found)
    assert "Busway A1 500" in text
    assert "hall feed 1,100" in text
    assert "Busway B1 7" in text
    right = {word: float(x) for x, word in found if word in ("500", "1,100", "7")}
    assert max(right.values()) - min(right.values()) < 0.5  # points: one right edge


def test_a_tables_last_part_takes_five_rows_and_the_note():
    """A campus's "Power feeds (continued)" carried two rows alone, and its bill printed
    its totals (the note) under a part before the rows that followed it."""
    area = Rect(0, 0, 200, 120)
    probe = Table("Feeds", COLUMNS, (("B", "1"),))
    room = area.height - height(probe, area.width, 0.0)
    per_sheet = int(room // row_heights(probe, area.width)[0])
    rows = tuple((f"B{i}", "1") for i in range(per_sheet + 2))  # two rows over one sheet
    parts = split(Table("Feeds", COLUMNS, rows, note="Totals."), area)
    assert [len(part.rows) for part, _ in parts] == [per_sheet - 3, 5]
    assert [part.note for part, _ in parts] == ["", "Totals."]
    assert parts[1][0].title == "Feeds (continued)"


def test_a_long_table_starts_in_the_room_a_short_one_leaves():
    """A campus's site bills, each a sheet and five rows long, started each on a sheet of
    its own below the five rows of the one before: three sheets nearly empty. A table
    longer than a sheet begins below the table before it where rows fit there."""
    area = SheetFrame.of("A4").content
    per_sheet = len(
        split(Table("Feeds", COLUMNS, tuple(("F", "1") for _ in range(500))), area)[0][0].rows
    )
    short = Table("Power feeds, hall 1", COLUMNS, tuple((f"F1-{i}", str(i)) for i in range(7)))
    rows = tuple((f"F2-{i}", str(i)) for i in range(per_sheet + 10))
    long = Table("Power feeds, hall 2", COLUMNS, rows, note="Totals.")
    sheets = table_pages([short, long], area)
    assert len(sheets) == 2
    assert [part.title for part, _ in sheets[0]] == ["Power feeds, hall 1", "Power feeds, hall 2"]
    assert [row for sheet in sheets for part, _ in sheet for row in part.rows] == [
        *short.rows,
        *rows,
    ]
    for sheet in sheets:
        for part, at in sheet:
            assert at.y + height(part, at.width) <= area.bottom + 1e-9
    # a table that fits on a sheet is not cut to start in the room left: it moves whole
    whole = Table("Power feeds, hall 3", COLUMNS, rows[: per_sheet - 2])
    sheets = table_pages([short, whole], area)
    assert [[part.title for part, _ in sheet] for sheet in sheets] == [
        ["Power feeds, hall 1"],
        ["Power feeds, hall 3"],
    ]


def test_a_figure_joined_to_its_unit_by_a_no_break_space_stays_on_one_line(gui_app):
    """An audit's "Moving a hall" cell broke "245 µs to 0 µs" before its last "µs"."""
    from designer.report.measure import text_width, wrap

    kept = "Job: 245\u00a0µs to 0\u00a0µs"
    room = text_width("Job: 245\u00a0µs to 0", 7) + 0.1  # the last "µs" would not fit
    assert wrap(kept, room, 7) == ["Job: 245\u00a0µs to", "0\u00a0µs"]
    assert wrap(kept.replace("\u00a0", " "), room, 7) == ["Job: 245 µs to 0", "µs"]


def test_a_title_word_wider_than_its_table_is_cut_and_a_title_of_words_wraps_whole():
    """A title's lines of words were measured to fit as they were wrapped; only a word alone
    on its line, wider than the table, is cut."""
    from designer.report import measure
    from designer.report.table import TITLE_PT, Column, Table, _title_lines

    word = Table("Hall-" + "north-wing-level-3-zone-B-cage-12-" * 3 + "end", (Column("A", 1),), ())
    [line] = _title_lines(word, 60.0)
    assert line.endswith("…")
    assert measure.text_width(line, TITLE_PT, True) <= 60.0
    name = "Power feeds, Hall one with a name as long as the north wing, level 3, zone B, cage 12"
    words = Table(name, (Column("A", 1),), ())
    lines = _title_lines(words, 60.0)
    assert len(lines) > 2
    assert " ".join(lines) == name
    assert all(measure.text_width(line, TITLE_PT, True) <= 60.0 for line in lines)
