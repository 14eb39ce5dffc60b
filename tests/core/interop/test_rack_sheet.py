"""Racks from a spreadsheet: rows checked like typed values, all or nothing, one undo step,
and the same columns written back byte for byte."""

from __future__ import annotations

import pytest

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.document.new_project import NewProjectSpec, new_document
from designer.core.examples import EXAMPLES
from designer.core.interop.rack_sheet import RackSheetError, rack_sheet, read_rack_sheet

HEADER = "label,type,hall,x,y,facing\n"


def _import(doc: Document, text: str) -> list[str]:
    racks = read_rack_sheet(text, doc.project, doc.rack_types)
    return ops.place_racks(
        doc, ((r.hall_id, r.type_id, r.x, r.y, r.rotation, r.label) for r in racks)
    )


def _empty_hall(width_m: float = 120, depth_m: float = 80) -> Document:
    return new_document(NewProjectSpec(hall_name="Data hall", width_m=width_m, depth_m=depth_m))


def thousand_racks() -> str:
    """1,000 GB200 NVL72 in 20 rows of 50, 600 mm apart, rows 2.4 m apart, facing in turn."""
    rows = [
        f"R{row:02d}-{k:02d},nvidia-gb200-nvl72,Data hall,{600 + 600 * k},{1200 + 2400 * row},"
        + ("up" if row % 2 else "down")
        for row in range(20)
        for k in range(50)
    ]
    return HEADER + "\n".join(rows) + "\n"


def test_a_thousand_racks_go_into_an_empty_hall_and_come_back_identically():
    doc = _empty_hall()
    text = thousand_racks()
    ids = _import(doc, text)
    assert len(ids) == len(doc.project.placements) == 1_000
    assert rack_sheet(doc.project) == text
    # one undo step takes all of them away
    doc.undo()
    assert doc.project.placements == {}


def test_an_examples_racks_written_and_read_into_its_empty_halls_are_the_same_racks():
    project = EXAMPLES["two-sites"]().project
    text = rack_sheet(project)
    doc = Document(project.model_copy(update={"placements": {}, "groups": {}, "bundles": {}}))
    _import(doc, text)
    assert rack_sheet(doc.project) == text
    placed = sorted(
        (p.hall_id, p.type_id, p.x, p.y, p.rotation, p.label)
        for p in doc.project.placements.values()
    )
    assert placed == sorted(
        (p.hall_id, p.type_id, p.x, p.y, p.rotation, p.label) for p in project.placements.values()
    )


def test_every_bad_row_is_named_by_its_line_and_nothing_is_imported():
    doc = _empty_hall()
    before = doc.project
    text = (
        HEADER
        + "A-01,nvidia-gb200-nvl72,Data hall,600,1200,up\n"
        + "A-02,no-such-rack,Data hall,1200,1200,up\n"
        + "A-03,NVIDIA GB200 NVL72,Hall 9,1800,1200,up\n"
        + "A-04,nvidia-gb200-nvl72,Data hall,2.5 m,1200,up\n"
        + "\n"
        + "A-05,nvidia-gb200-nvl72,Data hall,3000,1200,sideways\n"
        + "A-06,nvidia-gb200-nvl72,Data hall,3600,200000000,up\n"
        + "A-07,nvidia-gb200-nvl72,Data hall,4200\n"
        + "A-08,nvidia-gb200-nvl72,Data hall,4800,1200,up,extra\n"
        + "A-09,,Data hall,600.5,,north\n"
        + ("L" * 201)
        + ",nvidia-gb200-nvl72,Data hall,5400,-200000000,up\n"
    )
    with pytest.raises(RackSheetError) as err:
        _import(doc, text)
    said = str(err.value)
    assert said.startswith("9 of the sheet's rows cannot be imported, so none is: line 3, ")
    assert "line 3, column type: 'no-such-rack' is no rack type of the catalog" in said
    assert "line 4, column hall: there is no hall named 'Hall 9'; the halls are: Data hall;" in said
    assert "line 5, column x: '2.5 m' is not a whole number of millimetres;" in said
    assert "line 7, column facing: 'sideways' is none of up, right, down, left" in said
    # in the sheet's words, not the validator's (an audit)
    assert "line 8, column y: 200000000 is past the most rackplan takes, 100,000,000;" in said
    assert "line 9: 4 values for 6 columns, none for y, facing;" in said
    assert "line 10: 7 values for 6 columns, 1 past the last (facing);" in said
    # every cell of a row is checked, each told with its column
    assert (
        "line 11, column type: '' is no rack type of the catalog or the project; "
        "line 11, column x: '600.5' is not a whole number of millimetres; "
        "line 11, column y: '' is not a whole number of millimetres; "
        "line 11, column facing: 'north' is none of up, right, down, left (or 0, 90, 180, "
        "270);"
    ) in said
    assert (
        f"line 12, column label: '{'L' * 38}… is longer than the 200 characters it may have" in said
    )
    assert "line 12, column y: -200000000 is below the least rackplan takes, -100,000,000" in said
    assert doc.project is before


def test_a_column_named_twice_is_refused_before_any_row():
    with pytest.raises(RackSheetError, match="it names x twice"):
        _import(_empty_hall(), "label,type,hall,x,y,facing,x\n")


def test_the_header_is_checked_and_the_columns_may_come_in_any_order():
    doc = _empty_hall()
    with pytest.raises(
        RackSheetError,
        match="no column facing and it has columns rackplan does not read: 'rotation'",
    ):
        _import(doc, "label,type,hall,x,y,rotation\n")
    # label may be left out, columns come in any order, names in any case, Excel's BOM
    _import(doc, "\ufeffFacing,Y,X,Hall,Type\nleft,1200,600,data hall,nvidia-gb200-nvl72\n")
    [rack] = doc.project.placements.values()
    assert (rack.x, rack.y, rack.rotation, rack.label) == (600, 1200, 270, "")


def test_a_label_a_spreadsheet_would_run_is_kept_as_text_and_read_back():
    doc = _empty_hall()
    _import(doc, HEADER + "'=SUM(A1),nvidia-gb200-nvl72,Data hall,600,1200,up\n")
    [rack] = doc.project.placements.values()
    assert rack.label == "=SUM(A1)"
    assert rack_sheet(doc.project).splitlines()[1].startswith("'=SUM(A1),")


def test_a_cell_longer_than_the_csv_reader_takes_is_named_by_its_line():
    """A trial's 10 MB label ended in an internal error (the CSV reader's field limit)."""
    doc = _empty_hall()
    text = HEADER + "A,nvidia-gb200-nvl72,Data hall,600,1200,up\n"
    text += '"' + "x" * 200_000 + '",nvidia-gb200-nvl72,Data hall,1200,1200,up\n'
    with pytest.raises(RackSheetError) as err:
        _import(doc, text)
    assert str(err.value).startswith("Line 3 of the sheet cannot be read as CSV")
    assert not doc.project.placements


@pytest.mark.parametrize("part", [";", "\t"])
def test_a_sheet_parted_by_semicolons_or_tabs_reads_as_one_parted_by_commas(part):
    """A European spreadsheet saves "CSV" with semicolons: a trial's sheet was read as one
    unknown column 'label;type;hall;x;y;facing'."""
    doc = _empty_hall()
    row = ["A-01", "nvidia-gb200-nvl72", "Data hall", "600", "1200", "down"]
    _import(doc, part.join(HEADER.strip().split(",")) + "\n" + part.join(row) + "\n")
    [rack] = doc.project.placements.values()
    assert (rack.label, rack.x, rack.y, rack.rotation) == ("A-01", 600, 1200, 180)


def test_a_rack_outside_its_hall_or_under_a_label_its_hall_has_is_a_bad_row():
    """A trial's sheet put racks at x -500 and x 50,000 of a 20 m hall and one label on two
    rows, and "9 racks added" said nothing of it. A 20 x 14 m hall; an NVL72 covers 600 x
    1,068 mm."""
    doc = _empty_hall(20, 14)
    ops.place_rack(doc, next(iter(doc.project.halls)), "nvidia-gb200-nvl72", 600, 6_000, 0, "B-01")
    before = doc.project
    text = (
        HEADER
        + "A-01,nvidia-gb200-nvl72,Data hall,600,1200,up\n"
        + "A-02,nvidia-gb200-nvl72,Data hall,19500,1200,up\n"  # 19,500 + 600 > 20,000
        + "A-03,nvidia-gb200-nvl72,Data hall,-500,1200,up\n"
        + "A-01,nvidia-gb200-nvl72,Data hall,1800,1200,up\n"  # line 2's
        + "B-01,nvidia-gb200-nvl72,Data hall,2400,1200,up\n"  # the project's rack's
        + "A-05,nvidia-gb200-nvl72,Data hall,19400,12932,up\n"  # 19,400 + 600, 12,932 + 1,068
        + "A-02,nvidia-gb200-nvl72,Data hall,3000,1200,up\n"  # line 3's, which was refused
        + "a-05,nvidia-gb200-nvl72,Data hall,3600,1200,up\n"  # labels differ in case, as the
        # check's duplicate-label rule tells them apart
    )
    with pytest.raises(RackSheetError) as err:
        _import(doc, text)
    said = str(err.value)
    assert said.startswith("4 of the sheet's rows cannot be imported, so none is: ")
    assert (
        "line 3: the rack at x 19,500, y 1,200 (600 x 1,068 mm) stands outside hall "
        "'Data hall'" in said
    )
    assert "line 4: the rack at x -500, y 1,200" in said
    assert (
        "line 5, column label: 'A-01' is already the label of the rack of line 2 in 'Data hall'"
        in said
    )
    assert (
        "line 6, column label: 'B-01' is already the label of a rack of the project in "
        "'Data hall'" in said
    )
    assert "line 7" not in said  # flush with the walls is within the hall
    assert "line 8" not in said and "line 9" not in said
    assert doc.project is before


def test_a_mistake_on_many_lines_is_told_once_with_its_lines():
    doc = _empty_hall()
    rows = [f"A-{k},nvidia-gb200-nvl72,Small hall,{600 * k},1200,up" for k in range(1, 9)]
    with pytest.raises(RackSheetError) as err:
        _import(doc, HEADER + "\n".join(rows) + "\n")
    said = str(err.value)
    assert said.count("there is no hall named 'Small hall'") == 1
    assert said.startswith(
        "8 of the sheet's rows cannot be imported, so none is: lines 2, 3, 4, 5, 6 and 3 "
        "more, column hall: there is no hall named 'Small hall'"
    )


def test_a_rack_standing_on_another_a_cooling_unit_or_a_column_is_a_bad_row():
    """An audit's sheet put a rack 300 mm into another and one on a column, and both were
    imported without a word (the check flagged them after); a review, one on an in-row CDU.
    A 20 x 14 m hall with a rack at (600, 6,000), a 600 mm column at (6,000, 6,000) and an
    800 x 1,200 mm CDU at (10,000, 1,000); an NVL72 covers 600 x 1,068 mm."""
    doc = _empty_hall(20, 14)
    hall = next(iter(doc.project.halls))
    ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 600, 6_000, 0, "B-01")
    ops.add_obstacle(doc, hall, "column", ops.rectangle(6_000, 6_000, 600, 600), "C1")
    ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 10_000, 1_000, "CDU-1")
    before = doc.project
    text = (
        HEADER
        + "A-01,nvidia-gb200-nvl72,Data hall,600,1200,up\n"
        + "A-02,nvidia-gb200-nvl72,Data hall,900,1200,up\n"  # 300 mm into line 2's
        + "A-03,nvidia-gb200-nvl72,Data hall,1200,6500,up\n"  # beside B-01, touching: fine
        + "A-04,nvidia-gb200-nvl72,Data hall,600,6800,up\n"  # into B-01 (y 6,000 to 7,068)
        + "A-05,nvidia-gb200-nvl72,Data hall,5800,5800,up\n"  # on the column
        + "A-06,nvidia-gb200-nvl72,Data hall,10200,1500,up\n"  # on the CDU
        + "A-07,nvidia-gb200-nvl72,Data hall,900,1300,up\n"  # into lines 2 and 3: the first
    )
    with pytest.raises(RackSheetError) as err:
        _import(doc, text)
    said = str(err.value)
    assert said == (
        "5 of the sheet's rows cannot be imported, so none is: "
        "lines 3 and 8: the rack stands on the rack of line 2; "
        "line 5: the rack stands on rack 'B-01' of the project; "
        "line 6: the rack stands on column 'C1'; "
        "line 7: the rack stands on cooling unit 'CDU-1'."
    )
    assert doc.project is before


@pytest.mark.parametrize(
    ("row", "what"),
    [
        ("A-01,nvidia-gb200-nvl72,Data hall,1_6000,1200,up", "'1_6000' is not a whole number"),
        (
            'A-01,"nvidia-gb200-nvl72,Data hall,600,1200,up\nA-02,x,Data hall,1,1,up',
            'line 2: a quote (") opened on it is never closed, so the rest of the sheet reads '
            "as one cell",
        ),
    ],
    ids=["underscore", "unclosed-quote"],
)
def test_a_number_or_a_quote_a_spreadsheet_would_not_write_is_named(row, what):
    """An audit: x "1_6000" was read as 16,000 (Python's int takes underscores), and a quote
    left open was said to be "1 values for 6 columns"."""
    with pytest.raises(RackSheetError) as err:
        _import(_empty_hall(), HEADER + row + "\n")
    assert what in str(err.value)


def test_racks_piled_on_one_spot_are_each_told_the_first_they_stand_on():
    """A sheet written in metres where millimetres are asked for piles its racks within
    centimetres of one another: a review's 5,000 such rows were each told of every earlier
    one. Each is told once, of the first."""
    text = HEADER + "".join(
        f"R{i},nvidia-gb200-nvl72,Data hall,5000,5000,up\n" for i in range(2_000)
    )
    with pytest.raises(RackSheetError) as err:
        _import(_empty_hall(), text)
    assert str(err.value) == (
        "1999 of the sheet's rows cannot be imported, so none is: lines 3, 4, 5, 6, 7 and "
        "1994 more: the rack stands on the rack of line 2."
    )


def test_a_type_is_read_by_its_id_or_name_in_any_case_and_a_miss_is_told_the_closest():
    """A review's sheet had "nvidia gb200 nvl72" taken but "NVIDIA-GB200-NVL72" refused,
    and "nvidia-gb200-nvl73" or "GB200 NVL72" told nothing of what was meant."""
    doc = _empty_hall()
    _import(
        doc,
        HEADER
        + "K01,nvidia gb200 nvl72,Data hall,600,1200,up\n"
        + "K02,NVIDIA-GB200-NVL72,Data hall,1200,1200,up\n"
        + "K03,Nvidia-GB300-Nvl72,Data hall,1800,1200,up\n",
    )
    assert [p.type_id for p in doc.project.placements.values()] == [
        "nvidia-gb200-nvl72",
        "nvidia-gb200-nvl72",
        "nvidia-gb300-nvl72",
    ]
    text = (
        HEADER
        + "M01,nvidia-gb200-nvl73,Data hall,600,4800,up\n"
        + "M02,GB200 NVL72,Data hall,1200,4800,up\n"
        + "M03,NVL72,Data hall,1800,4800,up\n"  # as like the GB200 as the GB300: both told
        + "M04,no-such-rack,Data hall,2400,4800,up\n"
    )
    with pytest.raises(RackSheetError) as err:
        _import(doc, text)
    said = str(err.value)
    assert (
        "line 2, column type: 'nvidia-gb200-nvl73' is no rack type of the catalog or the "
        "project (did you mean 'nvidia-gb200-nvl72'?); "
        "line 3, column type: 'GB200 NVL72' is no rack type of the catalog or the project "
        "(did you mean 'nvidia-gb200-nvl72'?); "
        "line 4, column type: 'NVL72' is no rack type of the catalog or the project "
        "(did you mean 'nvidia-gb200-nvl72' or 'nvidia-gb300-nvl72'?); "
        "line 5, column type: 'no-such-rack' is no rack type of the catalog or the project."
    ) in said


def test_a_type_two_types_answer_to_in_any_case_is_refused_with_their_ids():
    """Read in any case, an id may be another type's name: neither is picked."""
    doc = _empty_hall()
    gb200 = doc.rack_types["nvidia-gb200-nvl72"]
    mine = gb200.model_copy(update={"id": "my-rack", "name": "NVIDIA-GB200-NVL72"})
    rack_types = {**doc.rack_types, mine.id: mine}
    row = "A-01,{},Data hall,600,1200,up\n"
    # exactly as written, the id is the catalog's type
    [rack] = read_rack_sheet(HEADER + row.format("nvidia-gb200-nvl72"), doc.project, rack_types)
    assert rack.type_id == "nvidia-gb200-nvl72"
    with pytest.raises(RackSheetError) as err:
        read_rack_sheet(HEADER + row.format("Nvidia-GB200-NVL72"), doc.project, rack_types)
    assert (
        "line 2, column type: 'Nvidia-GB200-NVL72' names 2 types; give its id as written "
        "(nvidia-gb200-nvl72, my-rack)."
    ) in str(err.value)


def test_the_bad_rows_are_told_in_the_order_of_their_lines_and_columns():
    """A review's sheet was told of lines 4, 6 and 7, then of 2, 3 and 5: the racks standing
    on something were told after every other mistake."""
    doc = _empty_hall(20, 14)
    hall = next(iter(doc.project.halls))
    ops.add_obstacle(doc, hall, "column", ops.rectangle(6_000, 6_000, 600, 600), "C1")
    text = (
        HEADER
        + "A-01,nvidia-gb200-nvl72,Data hall,5800,5800,up\n"  # on the column
        + "A-02,nvidia-gb200-nvl72,Data hall,19500,1200,up\n"  # outside the hall
        + "A-03,nvidia-gb200-nvl72,Data hall,5900,6000,up\n"  # on the column
        + "A-04,no-such-rack,Data hall,x,1200,sideways\n"  # three bad cells
    )
    with pytest.raises(RackSheetError) as err:
        _import(doc, text)
    told = str(err.value).split(": ", 1)[1]
    assert [part.split(":")[0] for part in told.split("; ")] == [
        "lines 2 and 4",
        "line 3",
        "line 5, column type",
        "line 5, column x",
        "line 5, column facing",
    ]


def test_a_sheet_with_no_rack_is_refused():
    """A review's sheet of its header alone was "imported" as 0 racks."""
    for text in (HEADER, HEADER + "\n,,,,,\n\n"):
        with pytest.raises(RackSheetError) as err:
            _import(_empty_hall(), text)
        assert str(err.value).startswith("The sheet has no racks: ")


def test_a_whole_number_written_with_a_decimal_point_is_whole():
    """pandas writes a column of floats as "13200.0": a review's sheet had it refused as not
    a whole number of millimetres."""
    doc = _empty_hall()
    _import(doc, HEADER + "A-01,nvidia-gb200-nvl72,Data hall,13200.0,-0.00,up\n")
    [rack] = doc.project.placements.values()
    assert (rack.x, rack.y) == (13_200, 0)
    with pytest.raises(RackSheetError) as err:
        _import(doc, HEADER + "A-02,nvidia-gb200-nvl72,Data hall,13200.5,1200,up\n")
    assert "line 2, column x: '13200.5' is not a whole number of millimetres" in str(err.value)
