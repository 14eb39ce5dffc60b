"""A hall as a DXF drawing for CAD, written by ezdxf.

The drawing is in true millimetres ($INSUNITS 4) with one layer per kind of thing, so a CAD
user can switch kinds on and off: the outline and walls, columns and keep-outs, racks by
category, cooling, busways, trays, links, labels and dimensions (``LAYERS``). Every rack
type is a block whose attributes carry the label, the type, the kW and the kg (hidden:
a CAD user extracts them as data; the labels are drawn as text on their own layer), and
each rack is that block inserted at its front-left corner (left as the rack faces) with
its rotation. For a rack at rotation 0 that corner is the placement's position.

The hall's y runs down the page; DXF's runs up, so every point is written as (x, -y): the
drawing reads as on paper, north up, and a position is found again by negating y. A hall
imported from a CAD drawing is written back where it lay in that drawing: the whole hall's
drawing moved by one translation, its origin to the hall's ``drawing_origin``, so a point
is (ox + x, oy - y) and the file overlays the drawing as an xref (a trial's landed 20 m
below it). A hall drawn in rackplan has its origin at the drawing's (0, 0).
Link runs are polylines along the trays, one per bundle, with what they carry in XDATA.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import ezdxf
from ezdxf import units, zoom
from ezdxf.document import Drawing
from ezdxf.enums import TextEntityAlignment
from ezdxf.layouts import Modelspace
from shapely.geometry import LineString

from designer.core.geometry.footprint import footprint
from designer.core.interop.slugs import slug
from designer.core.model.base import Point, Rotation
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.naming import display_name
from designer.core.network.runs import hall_runs

if TYPE_CHECKING:
    from designer.core.network import NetworkPlan

#: Layer -> (ACI colour, what it holds). The names say the kind in words a CAD user reads.
LAYERS: dict[str, tuple[int, str]] = {
    "OUTLINE": (7, "hall outline and walls"),
    "OBSTACLES": (8, "columns and keep-outs"),
    "RACKS-COMPUTE": (3, "compute racks"),
    "RACKS-NETWORK": (6, "network racks"),
    "RACKS-STORAGE": (5, "storage racks"),
    "COOLING": (4, "CDUs, CRAHs and in-row coolers"),
    "BUSWAYS-A": (5, "busways and PDUs of side A"),
    "BUSWAYS-B": (30, "busways and PDUs of side B"),
    "BUSWAYS": (1, "busways and PDUs of no side"),
    "TRAYS": (32, "cable trays and the cable entry"),
    "LINKS": (140, "link runs along the trays"),
    "LABELS": (7, "labels"),
    "DIMENSIONS": (8, "overall dimensions of the hall"),
}

#: The layer of each rack category.
RACK_LAYER = {
    "compute": "RACKS-COMPUTE",
    "network": "RACKS-NETWORK",
    "storage": "RACKS-STORAGE",
}

#: The colour of the band along a rack's front: ACI 7, black on light, white on dark.
FRONT_ACI = 7

#: The application name under which link polylines carry their bundle in XDATA.
APP_ID = "RACKPLAN"

#: Attribute tags of a rack block, in order.
ATTRIBUTES = ("LABEL", "TYPE", "KW", "KG")

#: Text heights in mm: a rack's label reads at 1:50 (2 mm on paper), the hall's name above.
LABEL_MM, TITLE_MM = 100.0, 300.0

#: How wide a busway's line is drawn, in mm (a line that reads beside a tray's edge).
BUSWAY_MM = 40.0

#: A character's width for its height, about, in ezdxf's default font: a rack's label is
#: made smaller until it fits across the rack.
_WIDTH = 0.8

#: Where the corner a rack is inserted at sits on its footprint, by rotation (0 = the
#: footprint's low edge, 1 = its high edge), and the block's rotation in DXF's sense
#: (anticlockwise; the model turns clockwise on a page whose y runs down, which the flip of
#: y keeps clockwise on the drawing).
_CORNER = {0: (0, 0), 90: (1, 0), 180: (1, 1), 270: (0, 1)}


def dxf_paths(project: Project, path: Path, hall_id: str | None) -> dict[str, Path]:
    """The file each hall goes to: ``path`` for the hall asked for (or the only one), else
    one file per hall beside it, ``<stem>-<hall>.dxf`` (the hall's id told apart where two
    halls' names give one file name)."""
    if hall_id is not None:
        return {hall_id: path}
    halls = list(project.halls.values())
    if len(halls) == 1:
        return {halls[0].id: path}
    stems = [slug(h.name, h.id) for h in halls]
    twice = {s for s in stems if stems.count(s) > 1}
    return {
        h.id: path.with_name(f"{path.stem}-{s}{'-' + slug(h.id, 'hall') if s in twice else ''}.dxf")
        for h, s in zip(halls, stems, strict=True)
    }


def hall_dxf(
    project: Project, rack_types: dict[str, RackType], plan: NetworkPlan, hall_id: str
) -> bytes:
    """The DXF file of one hall: its bytes, UTF-8 (DXF R2018)."""
    doc = ezdxf.new("R2018", setup=True, units=units.MM)
    doc.header["$MEASUREMENT"] = 1  # metric
    for name, (colour, what) in LAYERS.items():
        doc.layers.add(name, color=colour).description = what
    doc.appids.add(APP_ID)
    hall = project.halls[hall_id]
    sheet = _Sheet(doc.modelspace(), hall.drawing_origin or (0, 0))
    _outline(sheet, project, hall_id)
    _racks(doc, sheet, project, rack_types, hall_id)
    _cooling(sheet, project, hall_id)
    _trays(sheet, project, hall_id)
    _busways(sheet, project, hall_id)  # over the trays' edges, where busways often run
    _links(sheet, project, plan, hall_id)
    _dimensions(sheet, hall.outline)
    low_x = min(x for x, _ in hall.outline)
    low_y = min(y for _, y in hall.outline)
    _text(sheet, hall.name, (low_x, low_y - 3 * TITLE_MM), TITLE_MM, TextEntityAlignment.LEFT)
    _opening_view(sheet, hall.outline)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")


def _opening_view(sheet: _Sheet, outline: Sequence[Sequence[float]]) -> None:
    """The drawing opens on the hall, its title and its dimensions, and says so in its
    extents ($EXTMIN, $EXTMAX): ezdxf leaves a new drawing's view on a 1 m square at the
    origin and its extents unset, and a CAD user opened the hall on an empty corner (a
    trial). The box is the hall's, widened by the dimensions and title drawn beside it,
    not measured from every entity (``ezdxf.zoom.extents``: slow on a campus hall)."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    # the dimensions at 2 titles out left and above, the title at 3 (and its height)
    beside, edge = 4 * TITLE_MM, TITLE_MM
    (x0, y0) = sheet.xy((min(xs) - beside, max(ys) + edge))
    (x1, y1) = sheet.xy((max(xs) + edge, min(ys) - beside))
    msp = sheet.msp
    # the header's $EXTMIN and $EXTMAX are written from the model space's own
    msp.dxf.extmin, msp.dxf.extmax = (x0, y0, 0.0), (x1, y1, 0.0)
    zoom.window(msp, (x0, y0), (x1, y1))


@dataclass(frozen=True)
class _Sheet:
    """The model space a hall is drawn in, and where the hall's origin lies on it: (0, 0),
    or the point of the CAD drawing the hall was imported from (its ``drawing_origin``)."""

    msp: Modelspace
    origin: tuple[int, int]

    def xy(self, point: Sequence[float]) -> tuple[float, float]:
        """A hall point on the drawing: y negated (DXF's y runs up), moved by the hall's
        origin. Every point drawn comes through here, so the whole hall's drawing moves by
        one translation and overlays the drawing it came from."""
        return (self.origin[0] + float(point[0]), self.origin[1] - float(point[1]))


def _closed(sheet: _Sheet, points: Iterable[Sequence[float]], layer: str) -> None:
    sheet.msp.add_lwpolyline([sheet.xy(p) for p in points], close=True, dxfattribs={"layer": layer})


def _text(
    sheet: _Sheet,
    text: str,
    at: Sequence[float],
    height: float,
    align: TextEntityAlignment = TextEntityAlignment.MIDDLE_CENTER,
    rotation: float = 0.0,
) -> None:
    attribs = {"layer": "LABELS", "rotation": rotation}
    sheet.msp.add_text(text, height=height, dxfattribs=attribs).set_placement(
        sheet.xy(at), align=align
    )


def _outline(sheet: _Sheet, project: Project, hall_id: str) -> None:
    _closed(sheet, project.halls[hall_id].outline, "OUTLINE")
    for obstacle in project.obstacles.values():
        if obstacle.hall_id == hall_id:
            _closed(sheet, obstacle.outline, "OUTLINE" if obstacle.kind == "wall" else "OBSTACLES")


def rack_block_name(type_id: str) -> str:
    """The block of a rack type (type ids are letters, digits, dots, dashes, underscores,
    which block names take)."""
    return f"RACK-{type_id}"


def insert_point(x: int, y: int, width: int, depth: int, rotation: Rotation) -> tuple[int, int]:
    """The hall point a rack's block is inserted at: its front-left corner, as it faces."""
    box = footprint(x, y, width, depth, rotation)
    along_x, along_y = _CORNER[rotation]
    return (box.x1 if along_x else box.x0, box.y1 if along_y else box.y0)


def _racks(
    doc: Drawing, sheet: _Sheet, project: Project, rack_types: dict[str, RackType], hall_id: str
) -> None:
    racks = [p for p in project.placements.values() if p.hall_id == hall_id]
    for type_id in dict.fromkeys(p.type_id for p in racks):
        _rack_block(doc, rack_types[type_id])
    for rack in racks:
        kind = rack_types[rack.type_id]
        at = insert_point(rack.x, rack.y, kind.width_mm, kind.depth_mm, rack.rotation)
        label = display_name(project, rack.id)
        insert = sheet.msp.add_blockref(
            rack_block_name(kind.id),
            sheet.xy(at),
            dxfattribs={"layer": RACK_LAYER[kind.category], "rotation": (-rack.rotation) % 360},
        )
        insert.add_auto_attribs(
            {
                "LABEL": label,
                "TYPE": kind.name,
                "KW": f"{kind.max_kw:g}",
                "KG": f"{kind.weight_kg:g}",
            }
        )
        box = footprint(rack.x, rack.y, kind.width_mm, kind.depth_mm, rack.rotation)
        # across the rack, or along it where that reads larger: a campus's long labels
        # shrank to 44 mm across 600 mm racks, 0.4 mm on paper at 1:100 (a trial)
        across, along = _fitted([label], box.width), _fitted([label], box.height)
        if along > across:
            _text(sheet, label, box.centre, along, rotation=90)
        else:
            _text(sheet, label, box.centre, across)


def _rack_block(doc: Drawing, kind: RackType) -> None:
    """The block of a rack type: its footprint with the front edge at the top (y = 0) from
    the base point rightwards, a band marking the front, and its hidden attributes. Drawn
    on layer 0, so each insert takes its category's layer.

    The band is ACI 7, CAD's foreground colour: black on a light background, as the plan
    draws its dark band, and white on a dark one. Its colour 250 (near black) was lost on
    the dark background CAD users work on (a trial), and the layer's colour would be too
    on the storage racks' blue (1.7:1 against AutoCAD's dark grey, where 7 gives 14:1)."""
    block = doc.blocks.new(rack_block_name(kind.id))
    w, d = kind.width_mm, kind.depth_mm
    block.add_lwpolyline([(0, 0), (w, 0), (w, -d), (0, -d)], close=True)
    band = min(60, d / 10)  # the front, as the plan draws it: a strip along the edge
    hatch = block.add_hatch(color=FRONT_ACI)
    hatch.paths.add_polyline_path([(0, 0), (w, 0), (w, -band), (0, -band)], is_closed=True)
    for k, tag in enumerate(ATTRIBUTES):
        block.add_attdef(
            tag, (w / 2, -d / 2 - k * LABEL_MM), dxfattribs={"height": LABEL_MM, "flags": 1}
        )


def _cooling(sheet: _Sheet, project: Project, hall_id: str) -> None:
    for unit in project.cooling_units.values():
        if unit.hall_id != hall_id:
            continue
        box = footprint(unit.x, unit.y, unit.width_mm, unit.depth_mm, unit.rotation)
        if box.width and box.height:
            corners = [(box.x0, box.y0), (box.x1, box.y0), (box.x1, box.y1), (box.x0, box.y1)]
            _closed(sheet, corners, "COOLING")
        else:  # an in-rack CDU has no floor of its own: a mark where it is
            sheet.msp.add_circle(sheet.xy(box.centre), LABEL_MM, dxfattribs={"layer": "COOLING"})
        capacity = unit.liquid_capacity_kw or unit.air_capacity_kw
        lines = [unit.name, f"{capacity:,.0f} kW"]
        if not box.width:  # on its mark, on one line
            _text(sheet, " ".join(lines), box.centre, LABEL_MM)
            continue
        # as the plan writes it: the name over the capacity, within the unit (a label wider
        # than a CDU ran over the racks beside it)
        height = _fitted(lines, box.width)
        for k, line in enumerate(lines):
            _text(sheet, line, (box.centre[0], box.centre[1] + (k - 0.5) * 1.4 * height), height)


def _fitted(lines: Sequence[str], width: float) -> float:
    """The text height, at most ``LABEL_MM``, at which the longest of ``lines`` fits across
    ``width`` mm."""
    return min(LABEL_MM, width / (_WIDTH * max(len(max(lines, key=len)), 1)))


def _busways(sheet: _Sheet, project: Project, hall_id: str) -> None:
    for feed in project.feeds.values():
        if feed.hall_id != hall_id:
            continue
        # a layer a side, blue and orange as the plan draws them, its colour the layer's (a
        # DCIM trial recoloured the busways' layer and nothing changed)
        attribs = {"layer": f"BUSWAYS-{feed.side}" if feed.side else "BUSWAYS"}
        if len(feed.path) > 1:
            line = sheet.msp.add_lwpolyline([sheet.xy(p) for p in feed.path], dxfattribs=attribs)
            line.dxf.const_width = BUSWAY_MM
        else:  # a PDU is a point
            sheet.msp.add_circle(sheet.xy(feed.path[0]), LABEL_MM / 2, dxfattribs=attribs)


def _trays(sheet: _Sheet, project: Project, hall_id: str) -> None:
    racks = [(p.x, p.y) for p in project.placements.values() if p.hall_id == hall_id]
    for tray in project.trays.values():
        if tray.hall_id != hall_id:
            continue
        # the tray's floor as a closed outline, square at its ends as a tray is
        band = LineString(tray.path).buffer(tray.width_mm / 2, cap_style="flat", join_style="mitre")
        _closed(sheet, list(band.exterior.coords)[:-1], "TRAYS")
        if tray.name:
            _tray_name(sheet, tray.name, tray.path, racks)
    entry = project.halls[hall_id].cable_entry
    if entry is not None:
        sheet.msp.add_circle(sheet.xy(entry), LABEL_MM, dxfattribs={"layer": "TRAYS"})
        _text(sheet, "Cable entry", (entry[0], entry[1] - 2 * LABEL_MM), LABEL_MM)


#: How a name beyond a tray's end is aligned, by the way the tray runs out there.
_BEYOND = {
    (1, 0): TextEntityAlignment.MIDDLE_LEFT,
    (-1, 0): TextEntityAlignment.MIDDLE_RIGHT,
    (0, 1): TextEntityAlignment.TOP_CENTER,  # down the page
    (0, -1): TextEntityAlignment.BOTTOM_CENTER,
}


def _tray_name(
    sheet: _Sheet, name: str, path: Sequence[Point], racks: Sequence[tuple[int, int]]
) -> None:
    """A tray's name beyond one of its ends, as the plan writes it: the end farther from
    the racks, so the name is not written over the racks the tray serves."""
    ends = []
    for (x, y), (px, py) in ((path[0], path[1]), (path[-1], path[-2])):
        dx, dy = x - px, y - py
        step = (
            (int(dx > 0) - int(dx < 0), 0) if abs(dx) >= abs(dy) else (0, int(dy > 0) - int(dy < 0))
        )
        at = (x + step[0] * LABEL_MM, y + step[1] * LABEL_MM)
        room = min((math.dist(at, r) for r in racks), default=0.0)
        ends.append((room, at, step))
    _, at, step = max(ends, key=lambda end: end[0])
    _text(sheet, name, at, LABEL_MM, _BEYOND.get(step, TextEntityAlignment.MIDDLE_LEFT))


def _links(sheet: _Sheet, project: Project, plan: NetworkPlan, hall_id: str) -> None:
    """Each bundle's run on this hall's trays, its XDATA: its ends, links and medium, then
    where each end stands, "hall, site" (a rack's label repeats from hall to hall: a
    trial's "NET-T05" named a rack in every hall of the campus)."""
    table, columns, media = plan.table(), plan.columns(), plan.media.media
    for run in hall_runs(plan, hall_id):
        line = sheet.msp.add_lwpolyline(
            [sheet.xy(p) for p in run.points], dxfattribs={"layer": "LINKS"}
        )
        medium = int(columns.medium[run.row])
        a, b = table.a[run.row], table.b[run.row]
        line.set_xdata(
            APP_ID,
            [
                (1000, display_name(project, a)),
                (1000, display_name(project, b)),
                (1071, run.links),
                (1000, media[medium].name if medium >= 0 else "no medium reaches"),
                (1000, _standing(project, a)),
                (1000, _standing(project, b)),
            ],
        )


def _standing(project: Project, node: str) -> str:
    """Where a bundle's end stands: its rack's "hall, site", or a site's name."""
    rack = project.placements.get(node)
    if rack is None:
        return display_name(project, node)
    hall = project.halls[rack.hall_id]
    site = project.sites.get(hall.site_id)
    return f"{hall.name}, {site.name}" if site is not None else hall.name


def _dimensions(sheet: _Sheet, outline: Sequence[Sequence[float]]) -> None:
    """The hall's overall width above it and its depth to its left."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    gap = 2 * TITLE_MM
    attribs = {"layer": "DIMENSIONS"}
    for base, p1, p2, angle in (
        ((x0, y0 - gap), (x0, y0), (x1, y0), 0),
        ((x0 - gap, y0), (x0, y0), (x0, y1), 90),
    ):
        dim = sheet.msp.add_linear_dim(
            base=sheet.xy(base),
            p1=sheet.xy(p1),
            p2=sheet.xy(p2),
            angle=angle,
            # measured in the drawing's own millimetres (ezdxf's default style scales by 100)
            override={
                "dimlfac": 1,
                "dimtxt": LABEL_MM * 1.5,
                "dimasz": LABEL_MM,
                "dimexe": LABEL_MM / 2,
                "dimpost": "<> mm",
            },
            dxfattribs=attribs,
        )
        dim.render()
