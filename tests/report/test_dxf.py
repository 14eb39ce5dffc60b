"""DXF export: every example hall read back with ezdxf, as a CAD user would open it."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from pathlib import Path

import ezdxf
import pytest
from ezdxf import bbox
from ezdxf.addons.drawing import Frontend, RenderContext
from ezdxf.addons.drawing.config import BackgroundPolicy, Configuration
from ezdxf.addons.drawing.recorder import FilledPathsRecord, Recorder
from ezdxf.math import Vec3

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.core.geometry.footprint import footprint
from designer.core.model.project import Project
from designer.report.dxf import RACK_LAYER, dxf_paths, insert_point
from designer.report.interop import _plan, export_interop


@pytest.fixture(scope="module", params=sorted(EXAMPLES))
def written(request, tmp_path_factory) -> tuple[Project, dict[str, Path]]:
    """An example exported to DXF, one file per hall."""
    project = EXAMPLES[request.param]().project
    out = tmp_path_factory.mktemp("dxf") / f"{request.param}.dxf"
    told = export_interop(project, default_catalog(), out)
    paths = dxf_paths(project, out, None)
    assert told == [f"wrote {p}" for p in paths.values()]
    return project, paths


def _racks(project: Project, hall_id: str) -> list:
    return [p for p in project.placements.values() if p.hall_id == hall_id]


def test_every_hall_passes_the_audit_with_true_millimetres(written):
    _, paths = written
    for path in paths.values():
        doc = ezdxf.readfile(path)
        auditor = doc.audit()
        assert not auditor.has_errors, [e.message for e in auditor.errors]
        assert doc.header["$INSUNITS"] == 4  # millimetres


def test_a_drawing_opens_on_its_hall_and_says_its_extents(written):
    """A trial opened the SU hall on a 1 m square at the origin with no extents stated
    ($EXTMIN +1e20): the view is the hall with its dimensions and title, and the extents
    hold every entity but the racks' hidden attributes."""
    project, paths = written
    for hall_id, path in paths.items():
        doc = ezdxf.readfile(path)
        (x0, y0, _), (x1, y1, _) = doc.header["$EXTMIN"], doc.header["$EXTMAX"]
        outline = project.halls[hall_id].outline
        # the outline's corners, y up in the drawing, within the extents
        assert all(x0 < x < x1 and y0 < -y < y1 for x, y in outline)
        shown = [e for e in doc.modelspace() if e.dxftype() != "INSERT"]
        drawn = bbox.extents(shown, fast=True)
        assert x0 <= drawn.extmin.x and y0 <= drawn.extmin.y
        assert drawn.extmax.x <= x1 and drawn.extmax.y <= y1
        (view,) = doc.viewports.get("*Active")
        assert (view.dxf.center.x, view.dxf.center.y) == ((x0 + x1) / 2, (y0 + y1) / 2)
        assert view.dxf.height >= y1 - y0


def test_one_insert_per_rack_at_its_corner_covering_its_footprint(written):
    project, paths = written
    types = default_catalog().with_custom_racks(project.custom_types)
    for hall_id, path in paths.items():
        msp = ezdxf.readfile(path).modelspace()
        inserts = {i.get_attrib_text("LABEL"): i for i in msp.query("INSERT")}
        racks = _racks(project, hall_id)
        assert len(msp.query("INSERT")) == len(racks)
        for rack in racks:
            kind = types[rack.type_id]
            insert = inserts[rack.label]
            assert insert.dxf.layer == RACK_LAYER[kind.category]
            assert insert.get_attrib_text("TYPE") == kind.name
            assert float(insert.get_attrib_text("KW")) == kind.max_kw
            assert float(insert.get_attrib_text("KG")) == kind.weight_kg
            x, y = insert.dxf.insert.x, insert.dxf.insert.y
            if rack.rotation == 0:  # the placement's position, y negated (DXF's runs up)
                assert (x, y) == (rack.x, -rack.y)
            assert (x, -y) == insert_point(
                rack.x, rack.y, kind.width_mm, kind.depth_mm, rack.rotation
            )
            # the block, turned and placed, covers exactly the rack's floor
            drawn = bbox.extents(
                e for e in insert.virtual_entities() if e.dxftype() == "LWPOLYLINE"
            )
            box = footprint(rack.x, rack.y, kind.width_mm, kind.depth_mm, rack.rotation)
            assert drawn.extmin.x == pytest.approx(box.x0)
            assert drawn.extmax.x == pytest.approx(box.x1)
            assert drawn.extmin.y == pytest.approx(-box.y1)
            assert drawn.extmax.y == pytest.approx(-box.y0)


def test_each_layer_holds_the_halls_own_things(written):
    project, paths = written
    plan = _plan(project, default_catalog())
    legs = plan.columns().legs
    for hall_id, path in paths.items():
        layers = Counter(e.dxf.layer for e in ezdxf.readfile(path).modelspace())
        mine = [o for o in project.obstacles.values() if o.hall_id == hall_id]
        assert layers["OUTLINE"] == 1 + sum(o.kind == "wall" for o in mine)
        assert layers["OBSTACLES"] == sum(o.kind != "wall" for o in mine)
        assert layers["TRAYS"] == (
            sum(t.hall_id == hall_id for t in project.trays.values())
            + (project.halls[hall_id].cable_entry is not None)
        )
        feeds = [f for f in project.feeds.values() if f.hall_id == hall_id]
        for side in ("A", "B"):  # a layer a side, coloured by the layer
            assert layers[f"BUSWAYS-{side}"] == sum(f.side == side for f in feeds)
        assert layers["BUSWAYS"] == sum(f.side is None for f in feeds)
        drawing = ezdxf.readfile(path)
        busways = drawing.modelspace().query("LWPOLYLINE CIRCLE[layer ? 'BUSWAYS.*']")
        assert len(busways) == len(feeds) and all(e.dxf.color == 256 for e in busways)  # BYLAYER
        assert drawing.layers.get("BUSWAYS-A").color == 5
        assert layers["COOLING"] == sum(
            u.hall_id == hall_id for u in project.cooling_units.values()
        )
        assert layers["DIMENSIONS"] == 2
        # one polyline per bundle leg the router laid on this hall's trays
        index = plan.floors[hall_id].index
        assert layers["LINKS"] == int((legs[:, :, 0] == index).sum())
        assert layers["LINKS"] > 0


def test_a_link_run_follows_the_trays_and_says_what_it_carries(written):
    project, paths = written
    plan = _plan(project, default_catalog())
    table = plan.table()
    carried = Counter()
    for hall_id, path in paths.items():
        trays = [t for t in project.trays.values() if t.hall_id == hall_id]
        for line in ezdxf.readfile(path).modelspace().query('LWPOLYLINE[layer=="LINKS"]'):
            a, b, links, medium, at_a, at_b = (v for _, v in line.get_xdata("RACKPLAN"))
            carried[(a, b)] += links
            assert medium
            # where each end stands, as labels repeat from hall to hall (a trial)
            for name, at in ((a, at_a), (b, at_b)):
                racks = [
                    r
                    for r in project.placements.values()
                    if r.label == name
                    and f"{project.halls[r.hall_id].name}, "
                    f"{project.sites[project.halls[r.hall_id].site_id].name}"
                    == at
                ]
                assert len(racks) == 1 or name in {s.name for s in project.sites.values()}
            # every piece between its first and last lies along a tray's centre line
            points = [(x, -y) for x, y in line.get_points("xy")]
            for (x0, y0), (x1, y1) in pairwise(points[1:-1]):
                assert any(_on(t.path, (x0 + x1) / 2, (y0 + y1) / 2) for t in trays)
    # every leg of a bundle on the trays is drawn once, carrying the bundle's links
    legs = plan.columns().legs
    assert sum(carried.values()) == sum(
        int(table.count[i]) * int((legs[i, :, 0] >= 0).sum()) for i in range(len(table))
    )


def _on(path: list, x: float, y: float) -> bool:
    """Whether (x, y) lies on the polyline ``path``, to a millimetre."""
    for (x0, y0), (x1, y1) in pairwise(path):
        if min(x0, x1) - 1 <= x <= max(x0, x1) + 1 and min(y0, y1) - 1 <= y <= max(y0, y1) + 1:
            cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
            if abs(cross) <= max(abs(x1 - x0), abs(y1 - y0), 1):
                return True
    return False


def test_every_hall_has_its_own_file_named_after_it(tmp_path):
    project = EXAMPLES["two-sites"]().project
    names = sorted(p.name for p in dxf_paths(project, tmp_path / "set.dxf", None).values())
    assert names == ["set-north-hall-1.dxf", "set-north-hall-2.dxf", "set-south-hall-1.dxf"]


def test_a_long_label_runs_along_its_rack_where_it_reads_larger(tmp_path):
    """A campus's labels shrank to 44 mm across 600 mm racks, 0.4 mm on paper at 1:100 (a
    trial). An NVL72 is 600 mm wide and 1,068 mm deep: a 19-character label fits across at
    600 / (19 x 0.8) = 39.5 mm, along at 1,068 / 15.2 = 70.3 mm; a 2-character one fits
    across at the label's full 100 mm."""
    from designer.core.document import operations as ops
    from designer.core.document.new_project import NewProjectSpec, new_document

    doc = new_document(NewProjectSpec(hall_name="Hall", width_m=20, depth_m=14))
    hall = next(iter(doc.project.halls))
    ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 2_000, 2_000, 0, "S1H1-R12-compute-01")
    ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 4_000, 2_000, 0, "A1")
    out = tmp_path / "hall.dxf"
    export_interop(doc.project, default_catalog(), out)
    texts = {
        t.dxf.text: (t.dxf.rotation, t.dxf.height)
        for t in ezdxf.readfile(out).modelspace().query("TEXT")
        if t.dxf.layer == "LABELS"
    }
    rotation, height = texts["S1H1-R12-compute-01"]
    assert rotation == 90 and height == pytest.approx(1_068 / (19 * 0.8))
    assert texts["A1"] == (0, 100)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_an_imported_hall_is_drawn_back_where_its_drawing_has_it(name, tmp_path):
    """A DCIM engineer's exported hall lay 20 m below the drawing it was imported from: a
    hall that keeps where its origin lies in its drawing is drawn there, the same drawing
    moved by that one translation, every kind of thing with it (outline, columns, racks
    and their attributes, cooling, busways, trays, links, labels, dimensions), and opens
    there. The drawing's origin is a national grid's, thousands of km off, as a site plan's
    often is."""
    doc = EXAMPLES[name]()
    hall = next(iter(doc.project.halls))
    export_interop(doc.project, default_catalog(), tmp_path / "own.dxf", hall)
    dx, dy = 512_345_000, 5_401_234_000
    ops.update(doc, hall, drawing_origin=(dx, dy))
    export_interop(doc.project, default_catalog(), tmp_path / "placed.dxf", hall)
    own, placed = ezdxf.readfile(tmp_path / "own.dxf"), ezdxf.readfile(tmp_path / "placed.dxf")
    pairs = list(zip(own.modelspace(), placed.modelspace(), strict=True))
    shift = Vec3(dx, dy, 0)
    for was, now in pairs:
        assert (now.dxftype(), now.dxf.layer) == (was.dxftype(), was.dxf.layer)
        before, after = bbox.extents([was]), bbox.extents([now])
        assert after.extmin.isclose(before.extmin + shift, abs_tol=1e-3), now.dxf.layer
        assert after.extmax.isclose(before.extmax + shift, abs_tol=1e-3), now.dxf.layer
        if now.dxftype() == "INSERT":  # a rack's attributes go with it
            for a, b in zip(was.attribs, now.attribs, strict=True):
                assert b.dxf.insert.isclose(a.dxf.insert + shift, abs_tol=1e-3)
    assert {was.dxf.layer for was, _ in pairs} >= {"OUTLINE", "RACKS-COMPUTE", "LINKS"}
    for corner in ("$EXTMIN", "$EXTMAX"):
        assert placed.header[corner] == pytest.approx(
            (own.header[corner][0] + dx, own.header[corner][1] + dy, 0)
        )
    (view,) = placed.viewports.get("*Active")
    (was_view,) = own.viewports.get("*Active")
    assert view.dxf.center.x == pytest.approx(was_view.dxf.center.x + dx)
    assert view.dxf.center.y == pytest.approx(was_view.dxf.center.y + dy)


#: The least contrast a graphical object needs against what lies beside it: WCAG 2.1's 3:1
#: (success criterion 1.4.11, non-text contrast).
LEAST_CONTRAST = 3.0


def _luminance(colour: str) -> float:
    """WCAG's relative luminance of a ``#rrggbb`` colour."""
    channels = (int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5))
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize(
    "background",
    # ezdxf's stand-in for AutoCAD's dark model space (#212830), black, and paper
    [BackgroundPolicy.MODELSPACE, BackgroundPolicy.BLACK, BackgroundPolicy.WHITE],
)
def test_a_racks_front_band_shows_on_a_dark_and_a_light_background(written, background):
    """A DCIM engineer found the band along each rack's front, solid colour 250 (near
    black), invisible on the dark background CAD is used on. Drawn by ezdxf's drawing
    add-on as a CAD program draws it, each rack's band stands out from the background at
    3:1 at least, on a dark one and on paper alike."""
    project, paths = written
    for hall_id, path in paths.items():
        doc = ezdxf.readfile(path)
        recorder = Recorder()
        config = Configuration(background_policy=background)
        Frontend(RenderContext(doc), recorder, config=config).draw_layout(doc.modelspace())
        player = recorder.player()
        ground = _luminance(player.background[:7])
        bands = [
            properties.color
            for record, properties in player.recordings()
            # the only solid fills on a rack's layer: a rack block's front band
            if isinstance(record, FilledPathsRecord) and properties.layer in RACK_LAYER.values()
        ]
        assert len(bands) == len(_racks(project, hall_id))
        for colour in bands:
            bright, dark = sorted((_luminance(colour[:7]), ground), reverse=True)
            assert (bright + 0.05) / (dark + 0.05) >= LEAST_CONTRAST, (colour, player.background)
