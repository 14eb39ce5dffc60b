"""A base plan from a DXF: outline and columns drawn with ezdxf here, read back as a hall."""

from __future__ import annotations

from pathlib import Path

import ezdxf
import pytest
from ezdxf import units
from shapely.geometry import Polygon

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.new_project import NewProjectSpec, new_document
from designer.core.examples import EXAMPLES
from designer.core.interop.dxf_floor import DxfFloorError, read_base_plan
from designer.report.interop import export_interop


def _drawing(path: Path, unit: int = units.M) -> Path:
    """An L-shaped hall in metres on layer A-WALL, and on S-COLS a round column, a square
    column as a block, a square one as a closed polyline, and a line that is no column."""
    doc = ezdxf.new("R2018", units=unit)
    msp = doc.modelspace()
    # 30 m x 20 m less a 10 m x 8 m corner: 600 - 80 = 520 m², drawn away from the origin
    outline = [(100, 50), (130, 50), (130, 70), (110, 70), (110, 62), (100, 62)]
    msp.add_lwpolyline(outline, close=True, dxfattribs={"layer": "A-WALL"})
    msp.add_circle((105, 55), 0.3, dxfattribs={"layer": "S-COLS"})
    block = doc.blocks.new("COL")
    block.add_lwpolyline([(-0.3, -0.3), (0.3, -0.3), (0.3, 0.3), (-0.3, 0.3)], close=True)
    msp.add_blockref("COL", (120, 60), dxfattribs={"layer": "S-COLS"})
    square = [(125, 65), (125.6, 65), (125.6, 65.6), (125, 65.6)]
    msp.add_lwpolyline(square, close=True, dxfattribs={"layer": "S-COLS"})
    msp.add_line((101, 51), (102, 52), dxfattribs={"layer": "S-COLS"})
    msp.add_text("not read", dxfattribs={"layer": "A-ANNO"})
    doc.saveas(path)
    return path


def test_an_l_shaped_hall_and_its_columns_come_where_they_were_drawn(tmp_path):
    plan = read_base_plan(_drawing(tmp_path / "floor.dxf"), "A-WALL", "S-COLS")
    assert plan.area_m2 == pytest.approx(520)
    # the top-left corner (100 m, 70 m) is the hall's origin; y runs down the page
    assert plan.shift == (-100_000, 70_000)
    # where the hall keeps it, as the drawing has it: mm, y up
    assert plan.drawing_origin == (100_000, 70_000)
    assert sorted(plan.outline) == sorted(
        [(0, 20_000), (30_000, 20_000), (30_000, 0), (10_000, 0), (10_000, 8_000), (0, 8_000)]
    )
    centres = sorted(
        (round(Polygon(c).centroid.x), round(Polygon(c).centroid.y)) for c in plan.columns
    )
    # drawn at (105, 55), (120, 60) and (125.3, 65.3) m: x - 100 m, 70 m - y
    assert centres == [(5_000, 15_000), (20_000, 10_000), (25_300, 4_700)]
    areas = sorted(round(Polygon(c).area / 1e4) for c in plan.columns)
    assert areas == [28, 36, 36]  # a 0.3 m radius circle (0.28 m²), two 0.6 m squares
    assert len(plan.skipped) == 1
    assert "LINE" in plan.skipped[0] and "not a closed shape" in plan.skipped[0]


def test_the_units_asked_for_win_and_unknown_units_are_asked_for(tmp_path):
    path = _drawing(tmp_path / "floor.dxf", unit=units.MM)
    # drawn in metres' numbers but declared mm: 520 mm², far too small, unless told "m"
    assert read_base_plan(path, "A-WALL", "S-COLS", "m").area_m2 == pytest.approx(520)
    path = _drawing(tmp_path / "bare.dxf", unit=0)
    with pytest.raises(
        DxfFloorError, match=r"\(\$INSUNITS is none\)\. Say which with --units mm, m, in or ft"
    ):
        read_base_plan(path, "A-WALL", "S-COLS")


def test_a_drawing_in_inches_or_feet_is_read_in_them(tmp_path):
    """A trial's drawing in inches was refused as saying no units. The L-shaped hall drawn
    with metres' numbers, in feet: 520 ft² is 48.31 m² (exact: 0.3048 m a foot), to the
    millimetre the outline is kept in; asked for in feet, a drawing in metres is said to
    come out 3.28 times smaller."""
    in_feet = read_base_plan(_drawing(tmp_path / "ft.dxf", unit=units.FT), "A-WALL", "S-COLS")
    assert in_feet.area_m2 == pytest.approx(520 * 0.3048**2, rel=1e-4)
    assert in_feet.notes == []
    asked = read_base_plan(_drawing(tmp_path / "m.dxf", unit=units.M), "A-WALL", "S-COLS", "ft")
    assert asked.area_m2 == pytest.approx(in_feet.area_m2)
    assert asked.notes == [
        "the drawing is read in feet, where its $INSUNITS says metres: the hall comes out "
        "3.28084 times smaller than the drawing says"
    ]


def test_units_asked_for_against_the_drawings_are_said_and_a_hall_past_100_000_m2_refused(
    tmp_path,
):
    """A trial read a hall drawn in mm with --units m: "a hall of 280,000,000.0 m²", which
    then checked clean. Units that contradict $INSUNITS are said; a hall of more than
    100,000 m² is no hall."""
    # metres' numbers declared mm (a template's wrong $INSUNITS): read as metres, said so
    in_mm = _drawing(tmp_path / "mm.dxf", unit=units.MM)
    plan = read_base_plan(in_mm, "A-WALL", "S-COLS", "m")
    assert plan.notes == [
        "the drawing is read in metres, where its $INSUNITS says millimetres: the hall "
        "comes out 1000 times as large as the drawing says"
    ]
    in_inches = _drawing(tmp_path / "in.dxf", unit=units.IN)
    assert read_base_plan(in_inches, "A-WALL", "S-COLS", "m").notes == [
        "the drawing is read in metres, where its $INSUNITS says inches: the hall comes out "
        "39.3701 times as large as the drawing says"
    ]
    in_m = _drawing(tmp_path / "m.dxf")
    assert read_base_plan(in_m, "A-WALL", "S-COLS").notes == []
    assert read_base_plan(in_m, "A-WALL", "S-COLS", "m").notes == []
    doc = ezdxf.new("R2018", units=units.MM)
    hall = [(0, 0), (20_000, 0), (20_000, 14_000), (0, 14_000)]
    doc.modelspace().add_lwpolyline(hall, close=True)
    doc.saveas(tmp_path / "hall.dxf")
    with pytest.raises(DxfFloorError) as err:
        read_base_plan(tmp_path / "hall.dxf", "0", units="m")
    assert "encloses 280,000,000 m², more than 100,000 m²" in str(err.value)
    assert str(err.value).endswith("check the drawing's units (--units).")


def _hall(path: Path, unit: int, per_metre: float) -> Path:
    """A 30 m x 20 m hall (600 m²) on layer 0, drawn in ``unit``, ``per_metre`` of them a
    metre, with one 600 mm column."""
    doc = ezdxf.new("R2018", units=unit)
    msp = doc.modelspace()
    msp.add_lwpolyline(
        [(0, 0), (30 * per_metre, 0), (30 * per_metre, 20 * per_metre), (0, 20 * per_metre)],
        close=True,
    )
    msp.add_circle((10 * per_metre, 10 * per_metre), 0.3 * per_metre, dxfattribs={"layer": "C"})
    doc.saveas(path)
    return path


def test_a_hall_in_inches_read_as_metres_is_refused_as_one_in_millimetres_is(tmp_path):
    """A trial's 600 m² hall drawn in inches and read with --units m became a hall "of
    930,002.1 m²" with a note, where the same hall in millimetres was refused: both are
    refused, by the same bound, named with its reason."""
    in_inches = _hall(tmp_path / "in.dxf", units.IN, 1000 / 25.4)
    in_mm = _hall(tmp_path / "mm.dxf", units.MM, 1000)
    assert read_base_plan(in_inches, "0", "C").area_m2 == pytest.approx(600)
    for path, area in ((in_inches, "930,002"), (in_mm, "600,000,000")):
        with pytest.raises(DxfFloorError) as err:
            read_base_plan(path, "0", "C", "m")
        assert str(err.value) == (
            f"{path.name} gives no hall: the outline encloses {area} m², more than 100,000 m², "
            "2.5 times the floor of a 100,000-accelerator campus in one hall: check the "
            "drawing's units (--units)."
        )


def test_hatched_columns_are_columns_and_one_hatched_over_its_outline_is_one(tmp_path):
    """A trial's solid-hatched column was "not a closed shape, left out". A hatch's outer
    boundaries are columns, one each (a hole in one is its casing's, still the column's
    floor); a hatch filling a column drawn as a polyline too is that column, once."""
    doc = ezdxf.new("R2018", units=units.M)
    msp = doc.modelspace()
    msp.add_lwpolyline([(0, 0), (30, 0), (30, 20), (0, 20)], close=True, dxfattribs={"layer": "W"})
    # one hatch over two 0.6 m square columns, the second a casing with a 0.2 m hole
    two = msp.add_hatch(dxfattribs={"layer": "C"})
    two.paths.add_polyline_path([(5, 5), (5.6, 5), (5.6, 5.6), (5, 5.6)])
    two.paths.add_polyline_path([(10, 5), (10.6, 5), (10.6, 5.6), (10, 5.6)])
    two.paths.add_polyline_path([(10.2, 5.2), (10.4, 5.2), (10.4, 5.4), (10.2, 5.4)])
    # a round column drawn as a circle, and filled by a hatch whose edge is its arc
    msp.add_circle((20, 10), 0.3, dxfattribs={"layer": "C"})
    fill = msp.add_hatch(dxfattribs={"layer": "C"})
    fill.paths.add_edge_path().add_arc((20, 10), 0.3, 0, 360)
    doc.saveas(tmp_path / "hatched.dxf")
    plan = read_base_plan(tmp_path / "hatched.dxf", "W", "C")
    areas = sorted(round(Polygon(c).area / 1e4) for c in plan.columns)
    assert areas == [28, 36, 36]  # the 0.3 m round one (0.28 m²), two 0.6 m squares
    [told] = plan.skipped
    assert told.startswith("HATCH (handle ") and "the same column as CIRCLE (handle " in told


def test_a_corner_drawn_twice_is_one_corner(tmp_path):
    """A trial's rectangle, two of its corners drawn twice and its first again at its end,
    was "a hall with 6 corners"."""
    doc = ezdxf.new("R2018", units=units.M)
    corners = [(0, 0), (0, 0), (30, 0), (30, 20), (30, 20), (0, 20), (0, 0)]
    doc.modelspace().add_lwpolyline(corners, close=True)
    doc.saveas(tmp_path / "twice.dxf")
    plan = read_base_plan(tmp_path / "twice.dxf", "0")
    assert plan.outline == [(0, 20_000), (30_000, 20_000), (30_000, 0), (0, 0)]
    # drawn there and back along a line, two corners left: no hall, said so
    doc = ezdxf.new("R2018", units=units.M)
    doc.modelspace().add_lwpolyline([(0, 0), (30, 0), (30, 0), (0, 0)], close=True)
    doc.saveas(tmp_path / "flat.dxf")
    with pytest.raises(DxfFloorError, match="the outline crosses itself or encloses no area"):
        read_base_plan(tmp_path / "flat.dxf", "0")


def test_a_column_under_a_millimetre_is_left_out_and_said_so(tmp_path):
    """A trial's 0.3 mm square column became a column of no floor, which the hall refused
    with an internal error."""
    doc = ezdxf.new("R2018", units=units.MM)
    msp = doc.modelspace()
    msp.add_lwpolyline([(0, 0), (10_000, 0), (10_000, 10_000), (0, 10_000)], close=True)
    speck = [(5_000, 5_000), (5_000.3, 5_000), (5_000.3, 5_000.3), (5_000, 5_000.3)]
    msp.add_lwpolyline(speck, close=True, dxfattribs={"layer": "C"})
    doc.saveas(tmp_path / "speck.dxf")
    plan = read_base_plan(tmp_path / "speck.dxf", "0", "C")
    assert plan.columns == []
    assert plan.skipped[0].endswith("on layer 'C': no floor to the millimetre, left out")


def test_a_column_across_the_outer_wall_is_cut_at_it_and_said_where(tmp_path):
    """A trial's column drawn across the hall's east wall was taken whole, its part outside
    beyond the wall, without a word (and the check found nothing). Its part inside is the
    column, and a note names it and where it stands in the drawing."""
    doc = ezdxf.new("R2018", units=units.M)
    msp = doc.modelspace()
    msp.add_lwpolyline([(0, 0), (30, 0), (30, 20), (0, 20)], close=True, dxfattribs={"layer": "W"})
    # 29.8 to 30.5 m across the wall at x 30 m: 0.2 of its 0.7 m² inside
    column = msp.add_lwpolyline(
        [(29.8, 10), (30.5, 10), (30.5, 11), (29.8, 11)], close=True, dxfattribs={"layer": "C"}
    )
    doc.saveas(tmp_path / "wall.dxf")
    plan = read_base_plan(tmp_path / "wall.dxf", "W", "C")
    [cut] = plan.columns
    assert sorted(cut) == [(29_800, 9_000), (29_800, 10_000), (30_000, 9_000), (30_000, 10_000)]
    assert plan.notes == [
        f"LWPOLYLINE (handle {column.dxf.handle}) on layer 'C' at the drawing's point (30,150, "
        "10,500) mm is partly outside the hall: its 0.5 m² beyond the outline are cut off, its "
        "0.2 m² inside kept as the column"
    ]


def test_a_missing_layer_is_named_with_the_layers_there_are(tmp_path):
    path = _drawing(tmp_path / "floor.dxf")
    with pytest.raises(DxfFloorError, match=r"no closed polyline on layer 'WALLS'.*'A-WALL'"):
        read_base_plan(path, "WALLS", "S-COLS")
    # a columns layer named and not there is refused (an audit's mistyped one gave a hall
    # with no columns and a note); layer names are case-blind in DXF
    with pytest.raises(DxfFloorError, match=r"no layer 'COLUMNS' for the columns.*'S-COLS'"):
        read_base_plan(path, "a-wall", "COLUMNS")
    assert len(read_base_plan(path, "a-wall", "s-cols").columns) == 3
    # left to the default, the drawing may have none
    plan = read_base_plan(path, "a-wall")
    assert plan.columns == []
    assert plan.skipped[0] == "the drawing has no layer 'OBSTACLES' for the columns"


def test_an_outline_drawn_open_is_said_to_be_open_not_missing(tmp_path):
    """A trial's open polyline on OUTLINE read "no closed polyline on layer 'OUTLINE' (the
    drawing has nothing on any other layer). Name the layer with --layer-outline.\""""
    doc = ezdxf.new("R2018", units=units.M)
    doc.modelspace().add_lwpolyline(
        [(0, 0), (30, 0), (30, 20), (0, 20)], dxfattribs={"layer": "OUTLINE"}
    )
    path = tmp_path / "open.dxf"
    doc.saveas(path)
    with pytest.raises(DxfFloorError) as raised:
        read_base_plan(path, "OUTLINE", "COLUMNS")
    message = str(raised.value)
    assert "LWPOLYLINE (handle " in message and "is not closed" in message
    assert "--layer-outline" not in message


@pytest.mark.parametrize(
    "content",
    [b"", b"\x89PNG\r\n\x1a\n" + bytes(range(256)), b"0\nSECTION\n2\nHEADER\n0\nENDSEC\n"],
    ids=["empty", "binary", "no-entities"],
)
def test_a_file_that_is_no_drawing_is_refused_in_a_sentence(tmp_path, content):
    path = tmp_path / "broken.dxf"
    path.write_bytes(content)
    with pytest.raises(DxfFloorError) as err:
        read_base_plan(path)
    assert "broken.dxf" in str(err.value)


def test_a_hall_exported_and_read_back_is_the_same_hall(tmp_path):
    project = EXAMPLES["mistakes"]().project
    export_interop(project, default_catalog(), tmp_path / "hall.dxf")
    plan = read_base_plan(tmp_path / "hall.dxf")
    [hall] = project.halls.values()
    assert plan.shift == (0, 0)
    assert plan.outline == list(hall.outline)
    drawn = sorted(sorted(o.outline) for o in project.obstacles.values() if o.kind != "wall")
    assert sorted(sorted(c) for c in plan.columns) == drawn


def test_the_import_into_a_hall_is_one_undo_step(tmp_path):
    plan = read_base_plan(_drawing(tmp_path / "floor.dxf"), "A-WALL", "S-COLS")
    doc = new_document(NewProjectSpec())
    before = doc.project
    [hall] = doc.project.halls
    ops.import_base_plan(doc, hall, plan.outline, plan.columns, plan.drawing_origin)
    assert doc.project.halls[hall].area_m2 == pytest.approx(520)
    assert len(doc.project.obstacles) == 3
    # where the hall lies in the drawing comes in with the outline (the GUI's import too)
    assert doc.project.halls[hall].drawing_origin == plan.drawing_origin
    doc.undo()
    assert doc.project == before


def test_a_plan_imported_again_replaces_the_drawing_origin_of_the_first(tmp_path):
    """A hall imported from one drawing and then from a drawing of its own axes (or drawn
    in rackplan, no origin) keeps no origin of the first: its DXF would land where the
    first drawing had it."""
    plan = read_base_plan(_drawing(tmp_path / "floor.dxf"), "A-WALL", "S-COLS")
    doc = new_document(NewProjectSpec())
    [hall] = doc.project.halls
    ops.import_base_plan(doc, hall, plan.outline, plan.columns, (5_000, 27_000))
    assert doc.project.halls[hall].drawing_origin == (5_000, 27_000)
    ops.import_base_plan(doc, hall, plan.outline, [])
    assert doc.project.halls[hall].drawing_origin is None
    doc.undo()
    assert doc.project.halls[hall].drawing_origin == (5_000, 27_000)


def test_a_drawing_cut_short_is_refused_in_a_sentence(tmp_path):
    """A trial's DXF cut to 3 kB ended in an internal error (ezdxf's StopIteration)."""
    whole = _drawing(tmp_path / "whole.dxf").read_bytes()
    path = tmp_path / "cut.dxf"
    path.write_bytes(whole[:3_000])
    with pytest.raises(DxfFloorError) as err:
        read_base_plan(path, "A-WALL", "S-COLS")
    assert str(err.value).startswith("cut.dxf is not a DXF drawing ezdxf can read")


def test_columns_outside_the_hall_or_larger_than_it_are_left_out_and_said_so(tmp_path):
    """A trial's 10 km column in a 20 m hall (a drawing in the wrong units) was taken in,
    and drawing the hall took 22 GB. A column away from the outline is left out too."""
    doc = ezdxf.new("R2018", units=units.M)
    msp = doc.modelspace()
    msp.add_lwpolyline([(0, 0), (20, 0), (20, 10), (0, 10)], close=True, dxfattribs={"layer": "W"})
    msp.add_circle((5, 5), 10_000, dxfattribs={"layer": "C"})
    msp.add_circle((50, 50), 0.3, dxfattribs={"layer": "C"})
    msp.add_circle((10, 5), 0.3, dxfattribs={"layer": "C"})
    doc.saveas(tmp_path / "cols.dxf")
    plan = read_base_plan(tmp_path / "cols.dxf", "W", "C")
    assert len(plan.columns) == 1
    assert [s.split(": ", 1)[1] for s in plan.skipped] == [
        "as large as the hall or larger, left out (check the drawing's units)",
        "outside the hall's outline, left out",
    ]


def test_an_outline_smaller_than_a_rack_is_no_hall(tmp_path):
    doc = ezdxf.new("R2018", units=units.MM)
    doc.modelspace().add_lwpolyline([(0, 0), (1, 0), (1, 1), (0, 1)], close=True)
    doc.saveas(tmp_path / "tiny.dxf")
    with pytest.raises(DxfFloorError) as err:
        read_base_plan(tmp_path / "tiny.dxf", "0")
    assert "less than one rack stands on: check the drawing's units (--units)" in str(err.value)


def test_a_new_halls_cable_entry_stands_on_its_west_wall_and_moves_onto_an_imported_one():
    """File ▸ New's hall had no cable entry, so its links to a second hall were never
    planned (a trial); a drawing's outline may have no wall where the entry stood."""
    doc = new_document(NewProjectSpec())
    (hall,) = doc.project.halls.values()
    assert hall.cable_entry == (0, 1_800)
    # a hall whose west wall starts 5 m down: the entry moves to the wall's nearest point
    outline = [(0, 5_000), (20_000, 5_000), (20_000, 15_000), (0, 15_000)]
    ops.import_base_plan(doc, hall.id, outline, [])
    assert doc.project.halls[hall.id].cable_entry == (0, 5_000)


def test_an_outline_ending_where_it_starts_is_closed_and_a_turned_block_keeps_its_floor(tmp_path):
    """A trial's outline drawn back to its first point, not flagged closed, was refused as
    open; its 600 mm square column block turned 45 degrees became an 848 mm box, twice its
    0.36 m² of floor."""
    doc = ezdxf.new("R2018", units=units.MM)
    msp = doc.modelspace()
    corners = [(0, 0), (20_000, 0), (20_000, 14_000), (0, 14_000), (0, 0)]
    msp.add_lwpolyline(corners, close=False, dxfattribs={"layer": "WALLS"})
    block = doc.blocks.new("COL")
    block.add_lwpolyline([(-300, -300), (300, -300), (300, 300), (-300, 300)], close=True)
    msp.add_blockref("COL", (10_000, 7_000), dxfattribs={"layer": "COLS", "rotation": 45})
    doc.saveas(tmp_path / "hall.dxf")
    plan = read_base_plan(tmp_path / "hall.dxf", "WALLS", "COLS")
    assert plan.area_m2 == pytest.approx(280)
    [column] = plan.columns
    assert Polygon(column).area / 1e6 == pytest.approx(0.36, abs=0.001)  # corners to the mm
    # its corners on the axes through its centre, 424 mm out (300 x sqrt 2)
    assert max(x for x, _ in column) - 10_000 == pytest.approx(424.26, abs=0.5)


def test_an_array_of_columns_and_a_block_inside_a_block_are_read_as_columns(tmp_path):
    """An audit's 2 x 3 array insert (MINSERT) of a column block came in as one column, and
    a block holding only another block's circle was "not a closed shape"."""
    doc = ezdxf.new("R2018", units=units.M)
    msp = doc.modelspace()
    msp.add_lwpolyline(
        [(0, 0), (30, 0), (30, 20), (0, 20)], close=True, dxfattribs={"layer": "A-WALL"}
    )
    square = doc.blocks.new("SQ")
    square.add_lwpolyline([(-0.3, -0.3), (0.3, -0.3), (0.3, 0.3), (-0.3, 0.3)], close=True)
    array = msp.add_blockref("SQ", (5, 5), dxfattribs={"layer": "S-COLS"})
    array.grid(size=(2, 3), spacing=(4, 3))  # 2 rows 4 m apart, 3 columns 3 m apart
    inner = doc.blocks.new("INNER")
    inner.add_circle((0, 0), 0.3)
    outer = doc.blocks.new("OUTER")
    outer.add_blockref("INNER", (0, 0))
    msp.add_blockref("OUTER", (20, 10), dxfattribs={"layer": "S-COLS"})
    path = tmp_path / "blocks.dxf"
    doc.saveas(path)
    plan = read_base_plan(path, "A-WALL", "S-COLS")
    assert plan.skipped == []
    centres = sorted(
        (
            round(sum(x for x, _ in c) / len(c) / 1000, 1),
            round(sum(y for _, y in c) / len(c) / 1000, 1),
        )
        for c in plan.columns
    )
    # the array's six at x 5, 8, 11 and y 5, 9 up the drawing (15, 11 down the plan from
    # its top at y 20), and the nested circle at (20, 10)
    assert len(centres) == 7
    assert {(x, y) for x, y in centres if x < 15} == {(x, y) for x in (5, 8, 11) for y in (15, 11)}
    assert (20.0, 10.0) in centres


def test_an_array_inside_a_scaled_turned_block_keeps_its_spacing_at_the_blocks_scale(tmp_path):
    """A review: a block holding a 2 x 3 array (rows 1 m apart, columns 2 m) of 100 mm
    circles, inserted at twice its size and turned 90 degrees, was read with its copies at
    the array's own spacing. Twice: rows 2 m apart, columns 4 m; turned, the copies run 8 m
    up the drawing and 2 m to the left of the insert at (10 m, 5 m)."""
    doc = ezdxf.new("R2018", units=units.MM)
    msp = doc.modelspace()
    msp.add_lwpolyline(
        [(0, 0), (30_000, 0), (30_000, 20_000), (0, 20_000)],
        close=True,
        dxfattribs={"layer": "A-WALL"},
    )
    dot = doc.blocks.new("DOT")
    dot.add_circle((0, 0), 100)
    group = doc.blocks.new("G")
    array = group.add_blockref("DOT", (0, 0))
    array.grid(size=(2, 3), spacing=(1_000, 2_000))
    msp.add_blockref(
        "G",
        (10_000, 5_000),
        dxfattribs={"layer": "S-COLS", "xscale": 2, "yscale": 2, "rotation": 90},
    )
    path = tmp_path / "nested.dxf"
    doc.saveas(path)
    [column] = read_base_plan(path, "A-WALL", "S-COLS").columns
    xs, ys = [x for x, _ in column], [y for _, y in column]
    # drawing x 10,000 - 2,000 - 200 to 10,000 + 200; y 5,000 - 200 to 5,000 + 8,000 + 200,
    # down the plan from the hall's top at 20,000
    assert (min(xs), max(xs)) == pytest.approx((7_800, 10_200), abs=2)
    assert (min(ys), max(ys)) == pytest.approx((20_000 - 13_200, 20_000 - 4_800), abs=2)


def test_a_hall_further_from_its_drawings_origin_than_any_grid_is_refused(tmp_path):
    """The hall keeps where it lies in its drawing; 200,000 km out is no national grid's
    point (UTM's northings run to 10,000 km) but units read wrong, and is said so."""
    doc = ezdxf.new("R2018", units=units.M)
    x, y = 200_000_000, 0  # metres
    outline = [(x, y), (x + 30, y), (x + 30, y + 20), (x, y + 20)]
    doc.modelspace().add_lwpolyline(outline, close=True, dxfattribs={"layer": "OUTLINE"})
    doc.saveas(tmp_path / "far.dxf")
    with pytest.raises(
        DxfFloorError,
        match=r"the hall lies 200,000 km from the drawing's origin, further than 100,000 km: "
        r"check the drawing's units \(--units\)",
    ):
        read_base_plan(tmp_path / "far.dxf")
