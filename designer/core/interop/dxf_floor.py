"""A base plan from a CAD drawing: a hall's outline and its columns, read from a DXF by ezdxf.

The outline is the closed polyline on the outline layer (the largest, when the layer holds
more); columns are the blocks, circles, closed polylines and hatches' boundaries on the
columns layer, cut at the outline where drawn across it. Curves are followed to the
millimetre; a vertex drawn twice is one corner. Whatever else lies on those two layers, and
any layer named that the drawing lacks, is listed in ``BasePlan.skipped`` with its handle,
never guessed at. Points come back in hall coordinates: y turned to run down the page
(DXF's runs up) and shifted so the outline's lowest corner is the hall's origin, the way
rackplan writes its own DXF, so a hall written and read back is the same hall. Where that
origin lay in the drawing is kept (``BasePlan.drawing_origin``), for the hall to record and
its DXF to be written back there, over the drawing it came from.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import shapely
from shapely.geometry import Polygon

from designer.core.model.base import MAX_FLOOR_MM, Point
from designer.core.model.hall import MAX_DRAWING_MM

if TYPE_CHECKING:  # ezdxf costs every command and the designer's start-up ~0.3 s and ~30 MB:
    # it is imported where a drawing is read, not where this module is
    from ezdxf.document import Drawing
    from ezdxf.entities.dxfgfx import DXFGraphic
    from ezdxf.path import Path as Path2D
    from shapely.geometry.base import BaseGeometry

Units = Literal["mm", "m", "in", "ft"]

#: How a unit may be written, lower-cased: as the CAD programs and their users spell it
#: (a trial's ``--units IN`` and ``--units inch`` were refused while ``--paper a4`` passed).
_UNIT_SPELLINGS: dict[str, Units] = {
    **dict.fromkeys(("mm", "millimetre", "millimetres", "millimeter", "millimeters"), "mm"),
    **dict.fromkeys(("m", "metre", "metres", "meter", "meters"), "m"),
    **dict.fromkeys(("in", "inch", "inches"), "in"),
    **dict.fromkeys(("ft", "foot", "feet"), "ft"),
}

#: Millimetres per unit asked for, exact by definition (an inch is 25.4 mm).
_UNITS_MM = {"mm": 1.0, "m": 1000.0, "in": 25.4, "ft": 304.8}

#: Layers rackplan's own DXF export writes the outline and the columns on.
OUTLINE_LAYER, COLUMNS_LAYER = "OUTLINE", "OBSTACLES"

#: How far a curve's straight pieces may stray from it, in mm.
_FLATTEN_MM = 1.0

#: The most points an outline may have (``designer.core.model.hall.Outline``).
_MAX_POINTS = 10_000


#: Less floor than one 600 x 1,200 mm rack stands on (mm²) is no hall: a drawing read in
#: the wrong units (a trial's 1 mm square became a hall "of 0.0 m²").
SMALLEST_HALL_MM2 = 600 * 1_200

#: More floor than 100,000 m² is no one hall: 2.5 times the 38,988 m² that the 6,912 racks
#: of the 100,000-accelerator campus take laid out in one hall (benchmarks/hall_bench.py).
#: A square kilometre let a 600 m² hall drawn in inches and read as metres through as one
#: "of 930,002.1 m²" (a trial), where one in millimetres read so was refused. Now a drawing
#: in inches read as metres is refused unless its room is under 65 m², one in feet unless
#: under 9,290 m².
LARGEST_HALL_MM2 = 100_000 * 1_000_000

#: What each unit is called in a note.
_UNIT_NAMES = {
    1.0: "millimetres",
    10.0: "centimetres",
    1000.0: "metres",
    25.4: "inches",
    304.8: "feet",
}


def _insunits_mm(code: int) -> float | None:
    """Millimetres per drawing unit of the $INSUNITS ``code``, from ezdxf's table of the
    DXF's units (4 mm, 6 m, 1 inches, 2 feet, ...); None for 0 (unitless) or a code
    without a length. A drawing in inches was refused as saying no units (a trial)."""
    from ezdxf import units

    factors = units.METER_FACTOR
    per_metre = factors[code] if 0 < code < len(factors) else None
    return round(1000.0 / per_metre, 6) if per_metre else None


def units_named(text: str) -> Units:
    """The unit ``text`` names, in any case and any of its usual spellings ("IN", "inches",
    "Metre"); ValueError naming those there are."""
    named = _UNIT_SPELLINGS.get(text.strip().lower())
    if named is None:
        raise ValueError(
            f"{text!r} is no unit of length a drawing is read in: say mm, m, in or ft (or "
            "millimetres, metres, inches, feet; any case)"
        )
    return named


def _unit_name(mm: float) -> str:
    return _UNIT_NAMES.get(mm, f"units of {mm:g} mm")


class DxfFloorError(ValueError):
    """The drawing cannot give a base plan; the message says why and what to do."""


@dataclass(frozen=True)
class BasePlan:
    """What a drawing gives: the hall's outline and the columns' outlines (hall mm, y
    down), how far the drawing's points were shifted to put the hall at its origin (mm),
    and every entity left out, as a sentence each."""

    outline: list[Point]
    columns: list[list[Point]]
    shift: tuple[int, int]
    skipped: list[str] = field(default_factory=list)
    #: what the reader should know of how it was read (units asked for that the drawing
    #: contradicts)
    notes: list[str] = field(default_factory=list)

    @property
    def area_m2(self) -> float:
        return float(Polygon(self.outline).area) / 1e6

    @property
    def drawing_origin(self) -> tuple[int, int]:
        """Where the hall's origin, its top-left corner on the plan, lies in the drawing:
        mm in the drawing's own axes (y up), as a CAD user finds it there, not the shift in
        the plan's (y down), whose sign a CAD user read as wrong (a trial)."""
        return (-self.shift[0], self.shift[1])


def read_base_plan(
    path: Path,
    outline_layer: str = OUTLINE_LAYER,
    columns_layer: str | None = None,
    units: Units | None = None,
) -> BasePlan:
    """The base plan in the DXF at ``path``; ``units`` overrides the drawing's own.

    Raises ``DxfFloorError`` when the file is not a readable DXF, its units are unknown
    and none are given, no closed outline is on ``outline_layer``, or ``columns_layer``
    is named and not in the drawing (an audit's mistyped layer gave a hall with no
    columns and a note). Without it, the columns are on ``COLUMNS_LAYER`` if there is one.
    """
    named = columns_layer is not None
    columns_layer = columns_layer or COLUMNS_LAYER
    doc = _open(path)
    scale = _scale(doc, units, path)
    notes = _units_note(doc, scale)
    skipped: list[str] = []
    shapes: dict[str, list[DXFGraphic]] = {outline_layer.lower(): [], columns_layer.lower(): []}
    other: dict[str, int] = {}
    for entity in doc.modelspace():
        layer = entity.dxf.get("layer", "0")
        if layer.lower() in shapes:
            shapes[layer.lower()].append(entity)
        else:
            other[layer] = other.get(layer, 0) + 1
    # a layer is there when the layer table names it or something is drawn on it (a file
    # need not list its layers)
    layers = {layer.dxf.name.lower() for layer in doc.layers} | {k for k, v in shapes.items() if v}
    for what, name in (("outline", outline_layer), ("columns", columns_layer)):
        if name.lower() not in layers:
            skipped.append(f"the drawing has no layer {name!r} for the {what}")
    outlines = [(e, _closed_shape(e, scale)) for e in shapes[outline_layer.lower()]]
    found = [(e, s) for e, s in outlines if s is not None]
    skipped += [_not_closed(e, outline_layer) for e, s in outlines if s is None]
    if not found and outlines:  # drawn on the layer, but open: said so, not "no layer"
        shown = ", ".join(_what(e) for e, _ in outlines[:3])
        more = f" and {len(outlines) - 3} more" if len(outlines) > 3 else ""
        raise DxfFloorError(
            f"{path.name} has no closed shape on layer {outline_layer!r} to be the hall's "
            f"outline: {shown}{more} on it {'is' if len(outlines) == 1 else 'are'} not "
            "closed. Close the outline in the CAD program (a closed polyline)."
        )
    if not found:
        raise DxfFloorError(
            f"{path.name} has no closed polyline on layer {outline_layer!r} to be the hall's "
            f"outline{_layers_note(other)}. Name the layer with --layer-outline."
        )
    if named and columns_layer.lower() not in layers:
        raise DxfFloorError(
            f"{path.name} has no layer {columns_layer!r} for the columns"
            f"{_layers_note(other)}. Name the layer with --layer-columns, or leave it out "
            "for a hall without columns."
        )
    found.sort(key=lambda pair: -Polygon(pair[1]).area)
    (_, outline), others = found[0], found[1:]
    skipped += [
        f"{_what(e)} on layer {outline_layer!r}: a second closed shape, left out (the "
        "largest is the outline)"
        for e, _ in others
    ]
    hall = Polygon(outline)
    # asked of each column whether the hall holds it: prepared, a curved hall's 10,000 corners
    # and 900 columns take 0.01 s, against 3 s cutting every column at the outline
    shapely.prepare(hall)
    drawn_columns: list[tuple[DXFGraphic, Polygon]] = []
    for entity in (one for drawn in shapes[columns_layer.lower()] for one in _inserted(drawn)):
        found_shapes = _column(entity, scale)
        where = f"{_what(entity)} on layer {columns_layer!r}"
        if not found_shapes:
            skipped.append(_not_closed(entity, columns_layer))
        for shape in map(Polygon, found_shapes):
            if not shape.is_valid or shape.area <= 0:
                skipped.append(f"{where}: crosses itself, left out")
            elif not hall.contains(shape) and hall.intersection(shape).area <= 0:
                skipped.append(f"{where}: outside the hall's outline, left out")
            elif shape.area >= hall.area:
                # a trial's 10 km column over a 20 m hall took 22 GB to draw
                skipped.append(
                    f"{where}: as large as the hall or larger, left out (check the drawing's units)"
                )
            else:
                drawn_columns.append((entity, shape))
    low_x = min(x for x, _ in outline)
    low_y = min(-y for _, y in outline)

    def placed(points: Iterable[Sequence[float]]) -> list[Point]:
        return _corners([(round(x - low_x), round(-y - low_y)) for x, y in points])

    columns: list[list[Point]] = []
    for entity, shape in _once(drawn_columns, columns_layer, skipped):
        where = f"{_what(entity)} on layer {columns_layer!r}"
        parts = [shape]
        if not hall.contains(shape):
            inside = hall.intersection(shape)
            notes.append(_cut_at_the_wall(where, shape, inside))
            parts = _polygons(inside)
        for corners in (placed(part.exterior.coords) for part in parts):
            if len(corners) >= 3 and Polygon(corners).is_valid and Polygon(corners).area > 0:
                columns.append(corners)
            else:  # a hall cannot take it (a trial's 0.3 mm square ended in an internal error)
                skipped.append(f"{where}: no floor to the millimetre, left out")
    plan = BasePlan(
        placed(outline),
        columns,
        (round(-low_x), round(-low_y)),
        skipped,
        notes,
    )
    _check(plan, path)
    return plan


def drawing_layers(path: Path) -> tuple[list[str], bool]:
    """The layers something is drawn on in the DXF at ``path``, in drawing order, and
    whether the drawing says its units: what to offer before reading it."""
    doc = _open(path)
    layers = list(dict.fromkeys(e.dxf.get("layer", "0") for e in doc.modelspace()))
    return layers, _insunits_mm(int(doc.header.get("$INSUNITS", 0))) is not None


def _open(path: Path) -> Drawing:
    if path.is_dir():
        raise DxfFloorError(f"Cannot read {path}: that is a folder, not a drawing.")
    if not path.is_file():
        raise DxfFloorError(f"Cannot read {path}: there is no such file.")
    from ezdxf.filemanagement import readfile
    from ezdxf.lldxf.const import DXFError

    try:
        return readfile(path)
    # a file cut short ends ezdxf's reading with StopIteration (a trial)
    except (
        OSError,
        DXFError,
        UnicodeDecodeError,
        ValueError,
        EOFError,
        IndexError,
        StopIteration,
    ) as err:
        raise DxfFloorError(
            f"{path.name} is not a DXF drawing ezdxf can read ({str(err).rstrip('.') or type(err).__name__}). "
            "Save it from the CAD program as DXF (ASCII) and try again."
        ) from err


def _scale(doc: Drawing, units: Units | None, path: Path) -> float:
    """Millimetres per drawing unit: those asked for, else the drawing's own."""
    if units is not None:
        return _UNITS_MM[units]
    code = int(doc.header.get("$INSUNITS", 0))
    found = _insunits_mm(code)
    if found is None:
        said = "none" if code == 0 else f"code {code}, no length"
        raise DxfFloorError(
            f"{path.name} does not say its units ($INSUNITS is {said}). Say which with "
            "--units mm, m, in or ft."
        )
    return found


def _units_note(doc: Drawing, scale: float) -> list[str]:
    """A note when the units read by differ from those the drawing's $INSUNITS says (a
    template's wrong $INSUNITS is why --units exists; a slip of it should not pass unsaid)."""
    own = _insunits_mm(int(doc.header.get("$INSUNITS", 0)))
    if own is None or own == scale:
        return []
    times = scale / own
    size = f"{times:g} times as large as" if times > 1 else f"{1 / times:g} times smaller than"
    return [
        f"the drawing is read in {_unit_name(scale)}, where its $INSUNITS says "
        f"{_unit_name(own)}: the hall comes out {size} the drawing says"
    ]


def _what(entity: DXFGraphic) -> str:
    return f"{entity.dxftype()} (handle {entity.dxf.handle})"


def _not_closed(entity: DXFGraphic, layer: str) -> str:
    return f"{_what(entity)} on layer {layer!r}: not a closed shape, left out"


def _closed_shape(entity: DXFGraphic, scale: float) -> list[tuple[float, float]] | None:
    """The points of a closed polyline or circle (curves followed), in mm; None for
    anything else or anything open."""
    kind = entity.dxftype()
    if kind in ("LWPOLYLINE", "POLYLINE") and not (
        entity.is_closed or _ends_where_it_starts(entity)  # type: ignore[attr-defined]
    ):
        return None
    if kind not in ("LWPOLYLINE", "POLYLINE", "CIRCLE", "ELLIPSE"):
        return None
    from ezdxf import path as dxf_path
    from ezdxf.lldxf.const import DXFError

    try:
        drawn = dxf_path.make_path(entity)
    except (TypeError, ValueError, DXFError):
        return None
    points = _flattened(drawn, scale)
    return points if len(points) >= 3 else None


def _flattened(drawn: Path2D, scale: float) -> list[tuple[float, float]]:
    """A closed path's corners in mm, its curves in pieces that stray at most
    ``_FLATTEN_MM`` from them, the closing point (the first again) left off."""
    points = [(p.x * scale, p.y * scale) for p in drawn.flattening(_FLATTEN_MM / scale)]
    if len(points) > 1 and math.dist(points[0], points[-1]) < 1e-9:
        points.pop()
    return points


def _ends_where_it_starts(entity: DXFGraphic) -> bool:
    """A polyline not flagged closed whose last point is its first: closed as drawn (many
    CAD programs draw a room so; a trial's outline was refused as open)."""
    from ezdxf import path as dxf_path

    try:
        drawn = dxf_path.make_path(entity)
    except (TypeError, ValueError):
        return False
    return len(drawn) > 2 and drawn.start.isclose(drawn.end, abs_tol=1e-6)


def _column(entity: DXFGraphic, scale: float) -> list[list[tuple[float, float]]]:
    """The columns' outlines one entity draws, none when it draws no closed shape: a closed
    shape as drawn; the hull of a block's shapes, turned as the block is (a 600 mm square
    turned 45 degrees had been kept as its 848 mm box, twice its floor; a trial); a hatch's
    outer boundaries, one column each (CAD users fill columns solid; a trial's hatched
    column was "not a closed shape"). A hole in a hatch is still the column's floor: no rack
    stands inside a column's casing."""
    kind = entity.dxftype()
    if kind in ("HATCH", "MPOLYGON"):
        from ezdxf import path as dxf_path

        boundaries = dxf_path.make_polygon_structure(dxf_path.from_hatch(entity))  # type: ignore[arg-type]
        outer = (_flattened(polygon[0], scale) for polygon in boundaries)
        return [points for points in outer if len(points) >= 3]
    if kind != "INSERT":
        shape = _closed_shape(entity, scale)
        return [shape] if shape is not None else []
    from shapely.geometry import MultiPoint

    points = _block_points(entity, scale, NESTING)
    hull = MultiPoint(points).convex_hull if len(points) >= 3 else None
    if not isinstance(hull, Polygon) or hull.area <= 0:
        return []
    return [[(float(x), float(y)) for x, y in list(hull.exterior.coords)[:-1]]]


def _cut_at_the_wall(where: str, column: Polygon, inside: BaseGeometry) -> str:
    """What a note says of a column drawn across the hall's outline, cut at it.

    A column drawn across the outer wall is, on a CAD plan, a perimeter column set into the
    wall (its centre on the grid line, the wall's face through it): the floor it takes from
    the hall is its part inside, and that is what the architect sees of it in the room. Kept
    whole, its part outside stood beyond the wall, where no check looks (a trial's straddling
    column was taken without a word and the check found nothing). A column drawn across the
    wall by mistake is found by the note, which names where it stands in the drawing's own
    terms (y up), as the note of the hall's origin does."""
    centre = column.centroid
    return (
        f"{where} at the drawing's point ({centre.x:,.0f}, {centre.y:,.0f}) mm is partly "
        f"outside the hall: its {column.area / 1e6 - inside.area / 1e6:.2g} m² beyond the "
        f"outline are cut off, its {inside.area / 1e6:.2g} m² inside kept as the column"
    )


def _polygons(geometry: BaseGeometry) -> list[Polygon]:
    """The areas of a column cut at the outline (a column across a corner of an L-shaped
    hall's notch is cut in two), without the points and lines where they only touch."""
    parts = getattr(geometry, "geoms", [geometry])
    return [part for part in parts if isinstance(part, Polygon) and part.area > 0]


def _once(
    columns: list[tuple[DXFGraphic, Polygon]], layer: str, skipped: list[str]
) -> list[tuple[DXFGraphic, Polygon]]:
    """The columns, each drawn twice taken once, the later left out and said so in
    ``skipped``: a column's solid hatch lies on its outline, the two on the columns' layer.
    The same outline read twice differs by the curves' pieces, at most ``_FLATTEN_MM`` from
    the curve, so at most a band that wide along its edge."""
    from shapely import STRtree

    if not columns:  # an empty tree answers no query
        return []
    shapes = [shape for _, shape in columns]
    tree = STRtree(shapes)
    gone: set[int] = set()
    for later, first in sorted(zip(*tree.query(shapes, predicate="intersects"), strict=True)):
        if first >= later or first in gone or later in gone:
            continue
        a, b = shapes[later], shapes[first]
        if a.symmetric_difference(b).area <= max(a.length, b.length) * _FLATTEN_MM:
            gone.add(later)
            skipped.append(
                f"{_what(columns[later][0])} on layer {layer!r}: the same column as "
                f"{_what(columns[first][0])}, left out (taken once)"
            )
    return [column for i, column in enumerate(columns) if i not in gone]


def _corners(points: list[Point]) -> list[Point]:
    """``points`` without a vertex drawn again where it stands, nor a last one on the first:
    an outline's corners are its real ones (a trial's rectangle, each of two corners drawn
    twice, was "a hall with 6 corners")."""
    kept = [point for i, point in enumerate(points) if i == 0 or point != points[i - 1]]
    while len(kept) > 1 and kept[-1] == kept[0]:
        kept.pop()
    return kept


#: How deep blocks inside blocks are followed (a block that inserts itself would not end).
NESTING = 8


def _block_points(insert: DXFGraphic, scale: float, depth: int) -> list[tuple[float, float]]:
    """The points of a block's shapes where the insert puts them, through the blocks it
    holds (an audit's column block holding only another block's circle was "not a closed
    shape")."""
    from ezdxf import path as dxf_path
    from ezdxf.lldxf.const import DXFError

    points = []
    for part in insert.virtual_entities():  # type: ignore[attr-defined]
        if part.dxftype() == "INSERT":
            if depth > 0:
                # an array inside the block too, its spacing at the outer insert's scale
                # (ezdxf scales a nested insert but not its rows' and columns' spacing)
                part.dxf.row_spacing = part.dxf.get("row_spacing", 0) * insert.dxf.get("yscale", 1)
                part.dxf.column_spacing = part.dxf.get("column_spacing", 0) * insert.dxf.get(
                    "xscale", 1
                )
                for one in _inserted(part):
                    points += _block_points(one, scale, depth - 1)
            continue
        try:
            drawn = dxf_path.make_path(part)
        except (TypeError, ValueError, DXFError):
            continue
        points += [(p.x * scale, p.y * scale) for p in drawn.flattening(_FLATTEN_MM / scale)]
    return points


def _inserted(entity: DXFGraphic) -> list[DXFGraphic]:
    """An array insert (MINSERT) as its inserts, one a column (an audit's 2 x 3 array of
    columns came in as one); anything else as it is."""
    if entity.dxftype() == "INSERT" and entity.mcount > 1:  # type: ignore[attr-defined]
        return list(entity.multi_insert())  # type: ignore[attr-defined]
    return [entity]


def _layers_note(counts: dict[str, int]) -> str:
    if not counts:
        return " (the drawing has nothing on any other layer)"
    named = ", ".join(f"{name!r}" for name in sorted(counts)[:12])
    more = f" and {len(counts) - 12} more" if len(counts) > 12 else ""
    return f" (its entities are on {named}{more})"


def _check(plan: BasePlan, path: Path) -> None:
    """Refuse a base plan a hall cannot take, naming what is wrong."""
    problems = []
    if len(plan.outline) > _MAX_POINTS:
        problems.append(f"the outline has {len(plan.outline):,} points (at most {_MAX_POINTS:,})")
    extent = max(max(abs(x), abs(y)) for shape in (plan.outline, *plan.columns) for x, y in shape)
    if extent > MAX_FLOOR_MM:
        problems.append(
            f"a point lies {extent / 1e6:,.0f} km from the hall's corner: check the drawing's "
            "units (--units)"
        )
    far = max(map(abs, plan.drawing_origin))
    if far > MAX_DRAWING_MM:  # the hall records where it lies in the drawing
        problems.append(
            f"the hall lies {far / 1e6:,.0f} km from the drawing's origin, further than "
            f"{MAX_DRAWING_MM / 1e6:,.0f} km: check the drawing's units (--units)"
        )
    # an outline drawn along a line has fewer than three corners (a trial's ended in an
    # internal error)
    outline = Polygon(plan.outline if len(plan.outline) >= 3 else [])
    if not outline.is_valid or outline.area <= 0:
        problems.append("the outline crosses itself or encloses no area")
    elif outline.area < SMALLEST_HALL_MM2:
        problems.append(
            f"the outline encloses {outline.area / 1e6:.2g} m², less than one rack stands "
            "on: check the drawing's units (--units)"
        )
    elif outline.area > LARGEST_HALL_MM2:
        problems.append(
            f"the outline encloses {outline.area / 1e6:,.0f} m², more than "
            f"{LARGEST_HALL_MM2 / 1e6:,.0f} m², 2.5 times the floor of a 100,000-accelerator "
            "campus in one hall: check the drawing's units (--units)"
        )
    if problems:
        raise DxfFloorError(f"{path.name} gives no hall: " + "; ".join(problems) + ".")
