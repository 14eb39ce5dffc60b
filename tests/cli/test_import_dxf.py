"""``python main.py import-dxf``: a project from a drawing, or a sentence and exit 2."""

from pathlib import Path

import ezdxf
import pytest

from designer.core.catalog import default_catalog
from designer.core.io.project_file import load
from tests.shell import run


def _floor(path: Path) -> Path:
    """A 12 m x 9 m hall in millimetres with one 600 mm column, and an arc on the columns'
    layer that is no closed shape."""
    doc = ezdxf.new("R2018", units=ezdxf.units.MM)
    msp = doc.modelspace()
    msp.add_lwpolyline(
        [(0, 0), (12_000, 0), (12_000, 9_000), (0, 9_000)],
        close=True,
        dxfattribs={"layer": "WALLS"},
    )
    msp.add_lwpolyline(
        [(3_000, 3_000), (3_600, 3_000), (3_600, 3_600), (3_000, 3_600)],
        close=True,
        dxfattribs={"layer": "COLS"},
    )
    msp.add_arc((6_000, 6_000), 500, 0, 90, dxfattribs={"layer": "COLS"})
    doc.saveas(path)
    return path


def test_a_drawing_becomes_a_project_with_what_was_left_out_listed(tmp_path):
    out = tmp_path / "hall.rackplan.json"
    done = _walls_and_columns(_floor(tmp_path / "hall.dxf"), out)
    assert done.returncode == 0, done.stderr
    assert "108.0 m² with 4 corners and 1 column" in done.stdout
    assert "not read: ARC" in done.stderr
    # drawn from (0, 0) up to 9 m: the top-left corner (0, 9,000) is the hall's origin,
    # said in the drawing's terms (a trial read "moved by (-250,000, 194,000)" as wrong)
    assert "the hall's origin, its top-left corner on the plan, is the drawing's point " in (
        done.stderr
    )
    assert "point (0, 9,000) mm" in done.stderr
    # the hall takes the file's name, or the one asked for (a rack sheet names its hall)
    named = tmp_path / "named.rackplan.json"
    done = run(
        "import-dxf",
        str(tmp_path / "hall.dxf"),
        "-o",
        str(named),
        "--layer-outline",
        "WALLS",
        "--hall-name",
        "Data hall 3",
    )
    assert done.returncode == 0, done.stderr
    [hall] = load(named, default_catalog().racks).project.halls.values()
    assert hall.name == "Data hall 3"
    project = load(out, default_catalog().racks).project
    [hall] = project.halls.values()
    assert hall.area_m2 == pytest.approx(108)
    assert hall.name == "hall"
    [column] = project.obstacles.values()
    # drawn 3 m from the left and 5.4 to 6 m from the bottom of a 9 m hall: y runs down
    assert sorted(column.outline) == [
        (3_000, 5_400),
        (3_000, 6_000),
        (3_600, 5_400),
        (3_600, 6_000),
    ]


@pytest.mark.parametrize("content", [b"", b"garbage\x00\xff" * 40, b"0\nSECTION\n2\nENTITIES\n"])
def test_a_broken_drawing_is_one_sentence_and_exit_2(tmp_path, content):
    (tmp_path / "bad.dxf").write_bytes(content)
    done = run("import-dxf", str(tmp_path / "bad.dxf"), "-o", str(tmp_path / "x.rackplan.json"))
    assert done.returncode == 2
    assert done.stderr.startswith("error: bad.dxf")
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "x.rackplan.json").exists()


def _inches(path: Path) -> Path:
    """The 12 m x 9 m hall of ``_floor`` drawn in inches, its column 600 mm square."""
    doc = ezdxf.new("R2018", units=ezdxf.units.IN)
    inch = 25.4
    msp = doc.modelspace()
    msp.add_lwpolyline(
        [(0, 0), (12_000 / inch, 0), (12_000 / inch, 9_000 / inch), (0, 9_000 / inch)],
        close=True,
        dxfattribs={"layer": "WALLS"},
    )
    column = [(3_000, 3_000), (3_600, 3_000), (3_600, 3_600), (3_000, 3_600)]
    msp.add_lwpolyline(
        [(x / inch, y / inch) for x, y in column], close=True, dxfattribs={"layer": "COLS"}
    )
    doc.saveas(path)
    return path


def test_a_drawing_in_inches_read_as_metres_is_refused_and_no_file_written(tmp_path):
    """A trial's hall in inches read with --units m was written "of 930,002.1 m²" with exit
    0, where one in millimetres was refused: refused the same way, naming the bound."""
    out = tmp_path / "hall.rackplan.json"
    drawing = str(_inches(tmp_path / "hall.dxf"))
    done = run("import-dxf", drawing, "-o", str(out), "--layer-outline", "WALLS", "--units", "m")
    assert done.returncode == 2
    assert done.stderr.startswith("error: hall.dxf gives no hall: the outline encloses 167,400 m²")
    assert "more than 100,000 m², 2.5 times the floor of a 100,000-accelerator campus" in (
        done.stderr
    )
    assert not out.exists()


@pytest.mark.parametrize("unit", ["IN", "inch", "Inches"])
def test_the_units_are_taken_in_any_case_and_their_usual_spellings(tmp_path, unit):
    """A trial's ``--units IN`` and ``--units inch`` were refused by the option's choices,
    where ``--paper a4`` is taken."""
    out = tmp_path / "hall.rackplan.json"
    drawing = str(_inches(tmp_path / "hall.dxf"))
    done = run("import-dxf", drawing, "-o", str(out), "--layer-outline", "WALLS", "--units", unit)
    assert done.returncode == 0, done.stderr
    assert "108.0 m² with 4 corners" in done.stdout


def test_units_that_are_none_are_refused_naming_those_there_are(tmp_path):
    drawing = str(_inches(tmp_path / "hall.dxf"))
    done = run("import-dxf", drawing, "-o", str(tmp_path / "x.rackplan.json"), "--units", "yd")
    assert done.returncode == 2
    assert "argument --units: 'yd' is no unit of length a drawing is read in: say mm, m, in " in (
        done.stderr
    )
    assert "(or millimetres, metres, inches, feet; any case)" in done.stderr


def test_a_column_across_the_wall_and_a_hatched_one_are_said_and_read(tmp_path):
    """A trial: a column across the hall's wall was taken without comment, a hatched one was
    "not read", and a rectangle with corners drawn twice had 6 corners."""
    doc = ezdxf.new("R2018", units=ezdxf.units.MM)
    msp = doc.modelspace()
    corners = [(0, 0), (0, 0), (12_000, 0), (12_000, 9_000), (12_000, 9_000), (0, 9_000)]
    msp.add_lwpolyline(corners, close=True, dxfattribs={"layer": "WALLS"})
    across = [(11_800, 4_000), (12_400, 4_000), (12_400, 4_600), (11_800, 4_600)]
    msp.add_lwpolyline(across, close=True, dxfattribs={"layer": "COLS"})
    hatch = msp.add_hatch(dxfattribs={"layer": "COLS"})
    hatch.paths.add_polyline_path([(3_000, 3_000), (3_600, 3_000), (3_600, 3_600), (3_000, 3_600)])
    doc.saveas(tmp_path / "hall.dxf")
    out = tmp_path / "hall.rackplan.json"
    done = _walls_and_columns(tmp_path / "hall.dxf", out)
    assert done.returncode == 0, done.stderr
    assert "108.0 m² with 4 corners and 2 columns" in done.stdout
    assert "not read" not in done.stderr
    assert "at the drawing's point (12,100, 4,300) mm is partly outside the hall" in done.stderr
    project = load(out, default_catalog().racks).project
    cut = next(o for o in project.obstacles.values() if max(x for x, _ in o.outline) == 12_000)
    assert min(x for x, _ in cut.outline) == 11_800


def test_the_export_of_an_imported_hall_overlays_the_drawing_it_came_from(tmp_path):
    """A DCIM engineer's 30 m x 20 m hall drawn from (0, 0) m, y up, came back from
    ``export -o x.dxf`` drawn from (0, -20) m: as an xref it lay 20 m below the drawing.
    Drawn here from (5, 7) to (35, 27) m with a column at (10, 20) m: the hall keeps where
    its origin, the top-left corner, lies in the drawing, (5,000, 27,000) mm, and the
    export draws the outline, the column and a rack back at the drawing's coordinates."""
    doc = ezdxf.new("R2018", units=ezdxf.units.M)
    msp = doc.modelspace()
    outline = [(5, 7), (35, 7), (35, 27), (5, 27)]
    msp.add_lwpolyline(outline, close=True, dxfattribs={"layer": "OUTLINE"})
    column = [(10, 20), (10.6, 20), (10.6, 20.6), (10, 20.6)]
    msp.add_lwpolyline(column, close=True, dxfattribs={"layer": "OBSTACLES"})
    doc.saveas(tmp_path / "hall.dxf")
    pod = tmp_path / "pod.rackplan.json"
    done = run("import-dxf", str(tmp_path / "hall.dxf"), "-o", str(pod))
    assert done.returncode == 0, done.stderr
    assert "is the drawing's point (5,000, 27,000) mm, which the hall keeps" in done.stderr
    # a rack 2 m right of the hall's left wall and 3 m below its top one, facing up
    sheet = tmp_path / "racks.csv"
    sheet.write_text("label,type,hall,x,y,facing\nR1,nvidia-gb200-nvl72,hall,2000,3000,up\n")
    racked = tmp_path / "racked.rackplan.json"
    done = run("import-racks", str(sheet), "--into", str(pod), "-o", str(racked))
    assert done.returncode == 0, done.stderr
    done = run("export", str(racked), "-o", str(tmp_path / "x.dxf"))
    assert done.returncode == 0, done.stderr
    exported = ezdxf.readfile(tmp_path / "x.dxf")
    assert exported.header["$INSUNITS"] == 4  # millimetres: the drawing's metres x 1,000
    drawn = exported.modelspace()
    [wall] = drawn.query('LWPOLYLINE[layer=="OUTLINE"]')
    assert sorted(wall.get_points("xy")) == sorted((x * 1_000, y * 1_000) for x, y in outline)
    [pillar] = drawn.query('LWPOLYLINE[layer=="OBSTACLES"]')
    assert sorted(pillar.get_points("xy")) == sorted(
        (round(x * 1_000), round(y * 1_000)) for x, y in column
    )
    # the rack's front-left corner: 5 + 2 m across, 27 - 3 m up the drawing
    [rack] = drawn.query("INSERT")
    assert rack.get_attrib_text("LABEL") == "R1"
    assert tuple(rack.dxf.insert) == (7_000, 24_000, 0)
    # and the drawing opens on the hall where it now lies
    (x0, y0, _), (x1, y1, _) = exported.header["$EXTMIN"], exported.header["$EXTMAX"]
    assert x0 < 5_000 and y0 < 7_000 and x1 > 35_000 and y1 > 27_000


def test_a_site_plan_in_a_national_grids_coordinates_keeps_them(tmp_path):
    """Site plans are often drawn in a national grid's coordinates, thousands of km from
    its origin (here UTM's, in metres): the hall is imported and keeps where it lies."""
    doc = ezdxf.new("R2018", units=ezdxf.units.M)
    east, north = 512_345, 5_401_234
    outline = [(east, north), (east + 30, north), (east + 30, north + 20), (east, north + 20)]
    doc.modelspace().add_lwpolyline(outline, close=True, dxfattribs={"layer": "OUTLINE"})
    doc.saveas(tmp_path / "site.dxf")
    out = tmp_path / "site.rackplan.json"
    done = run("import-dxf", str(tmp_path / "site.dxf"), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "600.0 m² with 4 corners" in done.stdout
    [hall] = load(out, default_catalog().racks).project.halls.values()
    assert hall.drawing_origin == (512_345_000, 5_401_254_000)
    assert sorted(hall.outline) == [(0, 0), (0, 20_000), (30_000, 0), (30_000, 20_000)]


def _walls_and_columns(drawing, out):  # type: ignore[no-untyped-def]
    """``import-dxf`` of ``drawing`` to ``out``, its outline on WALLS and columns on COLS."""
    return run(
        "import-dxf",
        str(drawing),
        "-o",
        str(out),
        "--layer-outline",
        "WALLS",
        "--layer-columns",
        "COLS",
    )
