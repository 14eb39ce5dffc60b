"""Floor-plan sheets: each hall to a stated scale, tiled over several sheets when it must be.

The plan itself is ``designer.drawing.plan.draw_hall_plan``, the same functions the canvas
paints with, under a transform that maps hall millimetres to the sheet at 1:n; given the
network plan, it draws the links along the trays as the canvas's links layer does. Beside
it stand the north arrow, the scale bar (its length on paper is exactly its length in
metres at the stated scale), the legend of colours, services and link media (with a key to
the line widths), and the rack types and link media of the hall.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor

from designer.core.format import number, plural
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.network.media import format_length
from designer.core.network.network_plan import NetworkPlan
from designer.core.rack_columns import RackColumns
from designer.core.totals import Totals
from designer.drawing.legend import LegendEntry, status_entries
from designer.drawing.links import example_widths, lane_scale, link_entries
from designer.drawing.lod import Context
from designer.drawing.plan import HallPlan, draw_hall_plan, hall_plan, hall_plans, services_in
from designer.drawing.racks import LABEL_PT, RackArrays, short_name
from designer.report.measure import text_width, wrap
from designer.report.page import Page
from designer.report.paper import Rect, SheetFrame
from designer.report.scale import (
    LABELLED_SCALE,
    STANDARD_SCALES,
    PlanLayout,
    Tile,
    choose_layout,
    scale_bar_metres,
    tiles_meeting,
)
from designer.report.scale_bar import draw_scale_bar
from designer.report.sheet import INK, MUTED, Sheet

#: Width of the strip beside the plan (north arrow, scale bar, legend): a sixth of the sheet,
#: and never so narrow that the legend's names and the link-width key are cut (A4, Letter).
SIDE_SHARE = 0.16
SIDE_MIN_MM = 66.0
SIDE_GAP_MM = 5.0
LIST_ROW_MM = 3.4
#: Sheets with less drawing height than this (A4, Letter landscape) get a two-column legend.
SHORT_SHEET_MM = 200.0


#: The outline and number of each enlarged part on the whole-hall sheet.
PART_OUTLINE = QColor("#b0306a")
PAPER = QColor("white")


@dataclass(frozen=True)
class HallSheetInfo:
    """What the side strip lists: rack types with counts, link media with link counts."""

    rack_types: tuple[tuple[str, str], ...]
    media: tuple[tuple[str, str], ...]
    #: What the plan leaves off (``left_off_note``), "" when nothing.
    left_off: str = ""


def hall_info(
    racks_by_type: Mapping[str, int], rack_types: Mapping[str, RackType], media: Mapping[str, int]
) -> HallSheetInfo:
    """The rack types standing in a hall (from its totals) and the media of its links.

    Each type by its short name, or by its whole name where two share a short one: an
    audit's legend listed "Quantum-X800 Q3400 network rack" twice, a rack of 3 switches at
    21 kW and one of 1 at 7 kW."""
    short = {type_id: short_name(rack_types[type_id]) for type_id in racks_by_type}
    shared = {name for name, n in Counter(short.values()).items() if n > 1}
    named = {
        type_id: rack_types[type_id].name if name in shared else name
        for type_id, name in short.items()
    }
    types = tuple(
        (
            f"{count} × {named[type_id]}",
            f"{rack_types[type_id].width_mm:,} × {rack_types[type_id].depth_mm:,} mm, "
            f"{number(rack_types[type_id].max_kw)} kW",
        )
        for type_id, count in sorted(racks_by_type.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    by_count = sorted(media.items(), key=lambda kv: (-kv[1], kv[0]))
    return HallSheetInfo(types, tuple((name, plural(links, "link")) for name, links in by_count))


def plan_pages(
    project: Project,
    rack_types: Mapping[str, RackType],
    findings: Sequence[object],
    frame: SheetFrame,
    links_by_hall: Mapping[str, Mapping[str, int]],
    by_hall: Mapping[str, Totals],
    network: NetworkPlan | None = None,
    enlarged: bool = False,
    racks: RackColumns | None = None,
) -> list[Page]:
    """The plan sheets of every hall, in the order of the project's halls (with the links
    of ``network`` along the trays, when given; ``enlarged``: see ``hall_pages``;
    ``racks``: the project's ``rack_columns``, when the caller has read them).

    Every hall's plan is built in one pass (``hall_plans``), and each label is measured
    once for the whole set: the halls of a campus are named alike."""
    plans = hall_plans(project, rack_types, findings, network, racks=racks)
    measured: dict[str, float] = {}
    return [
        page
        for hall_id in project.halls
        for page in hall_pages(
            project,
            hall_id,
            rack_types,
            findings,
            frame,
            links_by_hall.get(hall_id, {}),
            by_hall[hall_id],
            network=network,
            drawn=plans[hall_id],
            enlarged=enlarged,
            measured=measured,
        )
    ]


def hall_pages(
    project: Project,
    hall_id: str,
    rack_types: Mapping[str, RackType],
    findings: Sequence[object],
    frame: SheetFrame,
    media: Mapping[str, int],
    totals: Totals,
    tiles: bool = True,
    network: NetworkPlan | None = None,
    drawn: HallPlan | None = None,
    enlarged: bool = False,
    measured: dict[str, float] | None = None,
) -> list[Page]:
    """The plan sheets of one hall; with ``tiles`` False, one sheet at whatever scale fits.

    With the ``network`` plan the links along the trays are drawn and their media listed
    in the legend. With ``enlarged``, a hall drawn coarser than its racks' labels allow
    is followed by its parts at 1:100, or 1:50 where a label is too long for its rack at
    1:100, which name every rack. ``drawn`` is the hall's plan when the caller built every
    hall's at once; ``measured``, the widths of labels measured for other halls (see
    ``_naming_scale``).
    """
    hall = project.halls[hall_id]
    area = _plan_area(frame)
    plan = (
        drawn if drawn is not None else hall_plan(project, hall_id, rack_types, findings, network)
    )
    bounds = plan.bounds
    box = (bounds.left(), bounds.top(), bounds.right(), bounds.bottom())
    room = (area.width, area.height)
    layout = choose_layout(box, room, tiles=tiles)
    left_off = left_off_note(plan, hall.name)
    info = replace(hall_info(totals.racks_by_type, rack_types, media), left_off=left_off)
    parts: PlanLayout | None = None
    # the scale that names every rack: only worked out where it may differ (labels are
    # measured one by one), at 1:100 and finer or for enlarged parts
    fine = layout.denominator <= LABELLED_SCALE
    named = _naming_scale(plan.racks, measured) if (enlarged and tiles) or fine else LABELLED_SCALE
    unnamed = len(plan.racks) > 0 and layout.denominator > named  # no rack: none to name
    if enlarged and tiles and unnamed:
        # Too coarse for rack labels: the whole hall on one sheet, with the parts outlined,
        # then the parts at the scale that names every rack.
        layout = choose_layout(box, room, tiles=False)
        parts = tiles_meeting(box, room, named, plan.racks.rects)
    title = f"{hall.name}: floor plan"
    pages = [
        Page(
            _part_title(title, layout, tile),
            f"1:{layout.denominator}",
            lambda sheet, tile=tile: _draw(sheet, plan, layout, tile, info, parts, unnamed),
            unnamed,
            left_off if tile is layout.tiles[0] else "",
        )
        for tile in layout.tiles
    ]
    if parts is not None:
        pages += [
            Page(
                _part_title(title, parts, tile, always=True),
                f"1:{parts.denominator}",
                lambda sheet, tile=tile: _draw(sheet, plan, parts, tile, info),
            )
            for tile in parts.tiles
        ]
    return pages


#: The things a sheet names that its plan leaves off; the findings name the rest.
LEFT_OFF_NAMED = 4


def left_off_note(plan: HallPlan, hall_name: str) -> str:
    """The sentence saying what ``plan`` leaves off, reaching too far outside the hall
    (``HallPlan.beyond``), farthest first; "" when nothing does."""
    beyond = plan.beyond
    if not beyond:
        return ""
    named = [str(b) for b in beyond[:LEFT_OFF_NAMED]]
    if len(beyond) > LEFT_OFF_NAMED:
        named.append(f"and {number(len(beyond) - LEFT_OFF_NAMED, 0)} more")
    reach = format_length(plan.reach_mm / 1000)
    return (
        f"Left off the plan of {hall_name}, reaching more than {reach} outside it: "
        + "; ".join(named)
        + "."
    )


#: Paper a rack's label keeps clear of its ends: the few device pixels ``draw_boxed_labels``
#: leaves, with room to spare for a raster's rounding.
LABEL_ROOM_MM = 0.5


def _naming_scale(racks: RackArrays, measured: dict[str, float] | None = None) -> int:
    """The coarsest standard scale, from 1:100 down, at which every rack's whole label fits
    its top (run up a tall, narrow top, as ``draw_boxed_labels`` writes it); the finest
    when none does. "R1S1-compute-01" is 17 mm long, and a 600 mm rack 6 by 12 mm at 1:100:
    a trial's 1:100 parts named every rack "R1S1…e-01".

    Each distinct label is measured once, and kept in ``measured`` for the next hall: a
    campus's 24 halls name their racks alike.
    """
    scales = sorted((d for d in STANDARD_SCALES if d <= LABELLED_SCALE), reverse=True)
    if not len(racks):
        return scales[0]
    width, depth = racks.rects[:, 2], racks.rects[:, 3]
    along = np.where(depth > width * 1.25, np.maximum(width, depth), width)  # floor mm
    widths = {} if measured is None else measured
    for label in dict.fromkeys(racks.labels):
        if label not in widths:
            widths[label] = text_width(label, LABEL_PT)
    needed = np.fromiter(map(widths.__getitem__, racks.labels), dtype=np.float64, count=len(racks))
    for denominator in scales:
        if np.all(along / denominator >= needed + LABEL_ROOM_MM):
            return denominator
    return scales[-1]


def _part_number(layout: PlanLayout, tile: Tile) -> int:
    return layout.numbers[tile]


def _part_title(title: str, layout: PlanLayout, tile: Tile, always: bool = False) -> str:
    """``title``, with which part ``tile`` is when ``layout`` has several (or ``always``:
    the enlarged parts after a whole-hall sheet, however many)."""
    if not (layout.tiled or always):
        return title
    return f"{title}, part {_part_number(layout, tile)} of {len(layout.tiles)}"


def side_width(frame: SheetFrame) -> float:
    """Width of the strip beside the plan on ``frame``, in mm."""
    return max(frame.width * SIDE_SHARE, SIDE_MIN_MM)


def _plan_area(frame: SheetFrame) -> Rect:
    content = frame.content
    return Rect(
        content.x, content.y, content.width - side_width(frame) - SIDE_GAP_MM, content.height
    )


#: What a plan sheet tells beside the drawing: the hall's types and media, the parts that
#: follow a whole-hall sheet (None on the parts themselves), and whether its racks are drawn
#: too small to name.
_Drawn = tuple[HallSheetInfo, "PlanLayout | None", bool]


def _draw(
    sheet: Sheet,
    plan: HallPlan,
    layout: PlanLayout,
    tile: Tile,
    info: HallSheetInfo,
    parts: PlanLayout | None = None,
    unnamed: bool = False,
) -> None:
    """One sheet of a hall's plan: ``tile`` of it at ``layout``'s scale, the legend beside;
    ``parts``, the enlarged part plans that follow, outlined and numbered on it; ``unnamed``,
    its racks are drawn too small to name."""
    area = _plan_area(sheet.frame)
    painter = sheet.painter
    k = sheet.k
    scale = k / layout.denominator
    width = (tile.x1 - tile.x0) * scale
    height = (tile.y1 - tile.y0) * scale
    left = area.x * k + (area.width * k - width) / 2
    top = area.y * k + (area.height * k - height) / 2
    painter.save()
    painter.setClipRect(QRectF(left, top, width, height))
    painter.translate(left, top)
    painter.scale(scale, scale)
    painter.translate(-tile.x0, -tile.y0)
    clip = QRectF(tile.x0, tile.y0, tile.x1 - tile.x0, tile.y1 - tile.y0)
    draw_hall_plan(painter, plan, Context.of(painter, clip, part=clip))
    painter.restore()
    sheet.forget_state()
    if layout.tiled:
        sheet.box(Rect(left / k, top / k, width / k, height / k), width_mm=0.3, colour=MUTED)
    if parts is not None:
        to_sheet = 1 / layout.denominator  # hall mm to sheet mm

        def at(x: float, y: float) -> tuple[float, float]:
            return left / k + (x - tile.x0) * to_sheet, top / k + (y - tile.y0) * to_sheet

        # each part outlined over the hall only, clear of the dimension lines around it
        hall = plan.bounds
        for part in parts.tiles:
            (x0, y0) = at(max(part.x0, hall.left()), max(part.y0, hall.top()))
            (x1, y1) = at(min(part.x1, hall.right()), min(part.y1, hall.bottom()))
            sheet.box(Rect(x0, y0, x1 - x0, y1 - y0), width_mm=0.5, colour=PART_OUTLINE)
            label = f"Part {_part_number(parts, part)}"
            sheet.box(Rect(x0 + 0.6, y0 + 0.6, text_width(label, 8, True) + 2, 4.2), 0, fill=PAPER)
            sheet.text(x0 + 1.6, y0 + 3.8, label, size_pt=8, bold=True, colour=PART_OUTLINE)
    _side(sheet, plan, layout, tile, (info, parts, unnamed))


def _side(sheet: Sheet, plan: HallPlan, layout: PlanLayout, tile: Tile, drawn: _Drawn) -> None:
    """The strip beside the plan: north, scale, where this part lies, legend and lists."""
    info, parts, unnamed = drawn
    content = sheet.frame.content
    side = side_width(sheet.frame)
    x = content.right - side
    y = content.y
    short = content.height < SHORT_SHEET_MM
    if short:  # the arrow beside the scale, leaving the lists its height (A4, Letter)
        y += 4
        _north_arrow(sheet, x + side - 5, y + 4)
        sheet.text(x + side - 7, y - 4.5, "N", size_pt=7, bold=True, align="center", width=4)
    else:
        _north_arrow(sheet, x + 8, y + 12)
        sheet.text(x + 18, y + 9, "North", size_pt=8, bold=True)
        sheet.text(x + 18, y + 13.5, "up the page", size_pt=7, colour=MUTED)
        y += 26
    sheet.text(x, y, f"Scale 1:{layout.denominator}", size_pt=10, bold=True)
    metres = scale_bar_metres(layout.denominator, side - (16 if short else 14))
    draw_scale_bar(sheet, x, y + 4, metres, layout.denominator)
    y += 16
    note = ""
    if parts is not None:
        note = (
            f"Racks are named on the {plural(len(parts.tiles), 'part')} at "
            f"1:{parts.denominator} that follow, outlined here."
        )
    elif unnamed:
        systems = " Each system's name spans its racks." if (plan.racks.system >= 0).any() else ""
        note = (
            f"Rack names do not fit at 1:{layout.denominator}.{systems} A set exported with "
            "enlarged parts adds parts at a larger scale that name every rack."
        )
    # what the plan leaves off, in ink: unlike the notes on scale, it is a fault to mend
    for text, colour in ((note, MUTED), (info.left_off, INK)):
        if text:
            for line in wrap(text, side, 7):
                sheet.text(x, y, line, size_pt=7, colour=colour)
                y += 3.4
            y += 3.6
    if layout.tiled:
        sheet.text(
            x,
            y,
            f"Part {_part_number(layout, tile)}: column {tile.column + 1} of {layout.columns}, "
            f"row {tile.row + 1} of {layout.rows} of the key plan's grid",
            size_pt=7,
            colour=MUTED,
            width=side,
        )
        sheet.text(
            x,
            y + 4,
            f"x {number(tile.x0 / 1000)}–{number(tile.x1 / 1000)} m, y {number(tile.y0 / 1000)}–{number(tile.y1 / 1000)} m",
            size_pt=7,
            colour=MUTED,
            width=side,
        )
        y += 11
    families = plan.links.families if plan.links is not None else ()
    statuses = set(plan.racks.status[~plan.racks.hidden].tolist())
    entries = [*status_entries(services_in(plan), statuses), *link_entries(families)]
    # short sheets (A4, Letter) set the legend in two columns to leave the lists room
    columns = 2 if content.height < SHORT_SHEET_MM else 1
    y = _legend(sheet, x, y, entries, side, columns)
    if families:
        y = _width_key(sheet, x, y, side, lane_scale(72 / 25.4 / layout.denominator))
    bottom = content.bottom
    y = _list(sheet, x, y + 4, "Rack types", info.rack_types, side, bottom)
    if info.media and y + 4 + 5 + 2 * LIST_ROW_MM < bottom:
        _list(sheet, x, y + 4, "Link media", info.media, side, bottom)


def _north_arrow(sheet: Sheet, cx: float, cy: float) -> None:
    """An arrow pointing up the page, its left half white, its right half ink."""
    tip, base, notch = (cx, cy - 7), cy + 5, (cx, cy + 2.5)
    sheet.polygon([tip, (cx + 3.5, base), notch], width_mm=0.06, fill=INK)
    sheet.polygon([tip, (cx - 3.5, base), notch], width_mm=0.06, fill=PAPER)


def _legend(
    sheet: Sheet,
    x: float,
    y: float,
    entries: Sequence[LegendEntry],
    width: float,
    columns: int = 1,
) -> float:
    """The swatches and their meanings, down ``columns`` columns, a meaning too long for its
    column on two lines (a two-column A4 legend cut "Rear-door heat exchanger"); returns
    the next line."""
    sheet.text(x, y, "Legend", size_pt=9, bold=True)
    y += 5
    per_column = -(-len(entries) // columns)
    column_width = width / columns
    meanings = []
    bottom = y
    for column in range(columns):
        left, at = x + column * column_width, y
        for entry in entries[column * per_column : (column + 1) * per_column]:
            if entry.line:
                sheet.line(left, at - 1.2, left + 6, at - 1.2, width_mm=0.9, colour=entry.colour)
            else:
                sheet.box(Rect(left, at - 3, 6, 3.4), width_mm=0.15, fill=entry.colour)
            lines = wrap(entry.text, column_width - 9, 7.5)
            for k, line in enumerate(lines):
                meanings.append((left + 8, at + k * 3.2, line, "left", column_width - 9))
            at += 4.6 + (len(lines) - 1) * 3.2
        bottom = max(bottom, at)
    sheet.texts(meanings, 7.5, False, INK)
    return bottom


def _width_key(sheet: Sheet, x: float, y: float, width: float, scale: float) -> float:
    """A row of link lines at 1, 10, 100 and 1,000 links, as wide as the plan draws them
    (``scale``: the share of their width the plan's scale keeps)."""
    sheet.text(x, y, "Links along a tray:", size_pt=7.5, colour=MUTED, width=width)
    y += 4.2
    step = width / 4
    counts = []
    for i, (links, width_pt) in enumerate(example_widths(scale)):
        left = x + i * step
        sheet.line(left, y - 1.2, left + 5, y - 1.2, width_mm=width_pt * 25.4 / 72, colour=INK)
        counts.append((left + 6.5, y, f"{links:,}", "left", step - 6.5))
    sheet.texts(counts, 7, False, INK)
    return y + 4.6


def _list(
    sheet: Sheet,
    x: float,
    y: float,
    title: str,
    rows: Sequence[tuple[str, str]],
    width: float,
    bottom: float,
) -> float:
    """A titled list of names (wrapped to two lines) with a detail under each, stopping with
    "... and N more" where ``bottom`` comes; returns where the next block may start."""
    sheet.text(x, y, title, size_pt=9, bold=True)
    y += 5
    if not rows:  # a heading over nothing reads as a list that failed to print
        sheet.text(x, y, "None placed yet", size_pt=7.5, colour=MUTED, width=width)
        return y + LIST_ROW_MM
    names: list[tuple[float, float, str, str, float]] = []
    details: list[tuple[float, float, str, str, float]] = []
    for index, (head, detail) in enumerate(rows):
        lines = wrap(head, width, 7.5)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        if y + (len(lines) + 1) * LIST_ROW_MM > bottom:
            more = f"... and {len(rows) - index} more"
            sheet.text(x, y, more, size_pt=7.5, colour=MUTED, width=width)
            y += LIST_ROW_MM
            break
        for line in lines:
            names.append((x, y, line, "left", width))
            y += LIST_ROW_MM
        details.append((x + 3, y + 0.2, detail, "left", width - 3))
        y += LIST_ROW_MM + 1.2
    sheet.texts(names, 7.5, False, INK)
    sheet.texts(details, 6.5, False, MUTED)
    return y
