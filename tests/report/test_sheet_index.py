"""The sheet index: one line per drawing, on the cover or, when the cover has no room for
all of it, on sheets of its own after the cover whose numbers match the sheets they list."""

import re
from itertools import pairwise

import pytest

from designer.core.catalog import default_catalog
from designer.report.export import export
from designer.report.page import Page
from designer.report.pages.sheet_index import index_lines, index_pages
from designer.report.paper import SheetFrame
from tests.core.rules.helpers import hall_doc, second_hall
from tests.report.drawn import texts_drawn
from tests.report.test_export import page_count, text_of


def pages_titled(titles: list[str]) -> list[Page]:
    return [Page(title, "-", lambda sheet: None) for title in titles]


def listed_numbers(lines: list[tuple[str, str]]) -> list[int]:
    """Every sheet number the index lines name, in order ("4–6" names 4, 5 and 6)."""
    found: list[int] = []
    for numbers, _ in lines:
        first, _, last = numbers.partition("–")
        found += range(int(first), int(last or first) + 1)
    return found


def test_a_cover_with_room_for_every_line_gets_no_index_sheet():
    pages = pages_titled(["Cover and summary", "Hall 1: floor plan", "Cabling"])
    assert index_pages(pages, SheetFrame.of("A4"), cover_room=2) == []


def drawn_lines(pages: list[Page], paper: str) -> list[tuple[str, str]]:
    """The (numbers, label) lines the index ``pages`` draw, in order."""
    written = texts_drawn(pages, paper)
    numbers = re.compile(r"^\d+(–\d+)?$")
    return [(text, label) for text, label in pairwise(written) if numbers.match(text)]


@pytest.mark.parametrize(("halls", "sheets"), [(30, 1), (250, 2), (300, 3)])
def test_index_sheets_list_every_sheet_once_under_its_own_number(halls, sheets, gui_app):
    """An A4 index sheet holds 4 columns of 34 lines: 250 halls need a second one."""
    frame = SheetFrame.of("A4")
    titles = ["Cover and summary"] + [f"Hall {n}: floor plan" for n in range(1, halls + 1)]
    pages = pages_titled([*titles, "Cabling"])
    index = index_pages(pages, frame, cover_room=3)
    assert [page.title for page in index] == (
        ["Sheet index"]
        if sheets == 1
        else [f"Sheet index ({n} of {sheets})" for n in range(1, sheets + 1)]
    )
    whole = [pages[0], *index, *pages[1:]]
    lines = drawn_lines(index, "A4")  # as the index sheets write them
    assert listed_numbers(lines) == list(range(1, len(whole) + 1))
    # each line's number is where its sheet stands in the set
    for numbers, label in lines:
        first = int(numbers.partition("–")[0])
        assert label.startswith(whole[first - 1].title.split(" (")[0])


def test_a_set_too_long_for_its_cover_lists_every_sheet_on_sheet_2(tmp_path, gui_app):
    """The campus on A4 (81 sheets) listed 3 of them on its cover, then "... and 78 more"."""
    doc, first = hall_doc(12_000, 9_000)
    for n in range(2, 13):
        second_hall(doc, doc.project.halls[first].site_id, f"Hall {n}")
    target = tmp_path / "set.pdf"
    export(doc.project, default_catalog(), target, "A4")
    total = page_count(target)
    cover = " ".join(text_of(target, 1).split())
    more = re.search(r"and (\d+) more sheets, all listed on sheet 2", cover)
    assert more is not None and 0 < int(more.group(1)) < total - 2
    index = text_of(target, 2)
    assert "Sheet index" in index and f"2 of {total}" in index
    for n in range(1, 13):
        # hall n's plan is sheet n + 2, after the cover and the index, and says so
        found = re.search(rf"^\s*(\d+)\s+Hall {n}: floor plan", index, re.MULTILINE)
        assert found is not None, f"Hall {n} is not in the index"
        assert f"Hall {n}: floor plan" in text_of(target, int(found.group(1)))


def test_the_sheet_index_gives_a_drawing_one_line_with_its_range_of_sheets():
    """A re-test's campus set on A4 had 225 sheets and its cover listed 2 of them."""
    sheets = (
        (2, "Site map and data-centre interconnect", "schematic"),
        (3, "S1 Hall 1: floor plan", "1:200"),
        (4, "S1 Hall 1: floor plan, part 1 of 2", "1:100"),
        (5, "S1 Hall 1: floor plan, part 2 of 2", "1:100"),
        (6, "Big hall: floor plan, part 1 of 2", "1:250"),
        (7, "Big hall: floor plan, part 2 of 2", "1:250"),
        (8, "Small hall: floor plan", "1:50"),
        (9, "Power and cooling (1 of 2)", "-"),
        (10, "Power and cooling (2 of 2)", "-"),
        (11, "Cabling", "-"),
    )
    assert index_lines(sheets) == [
        ("2", "Site map and data-centre interconnect (schematic)"),
        ("3–5", "S1 Hall 1: floor plan (1:200) and 2 parts (1:100)"),
        ("6–7", "Big hall: floor plan, 2 parts (1:250)"),
        ("8", "Small hall: floor plan (1:50)"),
        ("9–10", "Power and cooling (2 sheets)"),
        ("11", "Cabling"),
    ]


def test_two_halls_of_one_name_keep_a_line_each_in_the_sheet_index():
    """A review found the index giving two halls called "Hall 1" one line, '2–3'."""
    whole = ((2, "Hall 1: floor plan", "1:100"), (3, "Hall 1: floor plan", "1:100"))
    assert index_lines(whole) == [
        ("2", "Hall 1: floor plan (1:100)"),
        ("3", "Hall 1: floor plan (1:100)"),
    ]
    tiled = [
        (n, f"Hall 1: floor plan, part {k} of 2", "1:250")
        for n, k in zip(range(2, 6), (1, 2, 1, 2), strict=True)
    ]
    assert index_lines(tiled) == [
        ("2–3", "Hall 1: floor plan, 2 parts (1:250)"),
        ("4–5", "Hall 1: floor plan, 2 parts (1:250)"),
    ]
