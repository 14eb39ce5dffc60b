"""The site map: each site with the halls on its plan, and the fibre between sites.

Schematic, not to scale between sites (a site plan is metres, a fibre route kilometres):
sites sit on a circle, each drawn with its halls inside its box, every box to the one scale
of the bar, so halls of one size look alike; every fibre route is a line labelled with its
length and what the DCI plan puts on it, every run between two halls of a site a line
between their cable entries labelled with its length and links.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtGui import QColor

from designer.core.format import bandwidth, number, plural, power
from designer.core.model.project import Project
from designer.core.network.dci import RouteDemand, carried_text
from designer.drawing import style
from designer.drawing.legend import scale_bar_length_m
from designer.report.measure import text_width, wrap
from designer.report.page import Page
from designer.report.paper import Rect
from designer.report.scale_bar import draw_scale_bar
from designer.report.sheet import MUTED, Sheet

SITE_FILL = QColor("#eef2f7")
#: See-through, so halls standing on one another on the site plan show where they overlap.
HALL_FILL = QColor(150, 176, 207, 120)
FIBRE = QColor("#7b3fa0")
#: The widest a site's box is drawn (mm), with up to four sites and with more, and its
#: height to width.
MOST_BOX_MM = 130.0
CROWDED_BOX_MM = 78.0
BOX_ASPECT = 0.62
HALL_NAME_MM = 3.2
#: The least a hall is drawn (mm): halls far apart on a site plan would be specks.
LEAST_HALL_MM = 7.0
#: A cable entry's mark on the map (mm across).
ENTRY_MM = 2.2


@dataclass(frozen=True)
class SiteBox:
    """A site as the map shows it: name, a line of figures, its halls as outlines (site mm)."""

    id: str
    name: str
    figures: str
    halls: tuple[tuple[str, tuple[tuple[float, float], ...]], ...]
    #: Where the halls' cables leave them, on the site plan (mm): links between halls run
    #: from one to another.
    entries: tuple[tuple[float, float], ...] = ()
    #: The runs between two of its halls that carry links.
    runs: tuple[HallRun, ...] = ()


@dataclass(frozen=True)
class HallRun:
    """Links between two halls of a site: from one cable entry to the other (site mm),
    across and then along, as the corridors run and the cable lengths are measured."""

    start: tuple[float, float]
    end: tuple[float, float]
    label: str


@dataclass(frozen=True)
class FibreLine:
    """The fibre routes between two sites with their label: ``paths`` routes on separate
    paths, drawn side by side."""

    site_a: str
    site_b: str
    label: str
    paths: int = 1


def site_map_content(
    project: Project,
    site_kw: Mapping[str, tuple[float, float]],
    routes: Sequence[RouteDemand],
    media: Sequence[str],
    us_per_km: float,
    between: Mapping[tuple[str, str], int] | None = None,
) -> tuple[list[SiteBox], list[FibreLine]]:
    """The sites and routes of ``project``; ``site_kw`` is each site's max IT power and the
    facility power it draws at its PUE (what the site's power capacity is for), ``media``
    the medium of each of ``routes`` ("" where none reaches), ``between`` the links between
    each two halls (by id) that have any."""
    sites = []
    runs = _hall_runs(project, between or {})
    for site in project.sites.values():
        halls = tuple(
            (h.name, tuple((x + h.site_origin[0], y + h.site_origin[1]) for x, y in h.outline))
            for h in project.halls.values()
            if h.site_id == site.id
        )
        entries = tuple(
            (h.site_origin[0] + h.cable_entry[0], h.site_origin[1] + h.cable_entry[1])
            for h in project.halls.values()
            if h.site_id == site.id and h.cable_entry is not None
        )
        it, facility = site_kw.get(site.id, (0.0, 0.0))
        figures = (
            f"{plural(len(halls), 'hall')}, {power(it)} IT; facility {power(facility)} of "
            f"{power(site.power_capacity_kw)}{_percent(facility, site.power_capacity_kw)}"
        )
        sites.append(SiteBox(site.id, site.name, figures, halls, entries, runs.get(site.id, ())))
    demand = {r.route_id: (r, m) for r, m in zip(routes, media, strict=True)}
    by_pair: dict[frozenset[str], list[tuple[str, str]]] = {}
    ends: dict[frozenset[str], tuple[str, str]] = {}
    for route in project.fibre_routes.values():
        carried, medium = demand.get(route.id, (None, ""))
        head = f"{number(route.distance_km)} km fibre, {number(route.distance_km * us_per_km)} µs one way in the fibre"
        rest = ""
        if carried is not None and carried.links and not medium:
            rest = f"{bandwidth(carried.tbps)} needed, but no medium reaches"
        elif carried is not None and carried.links:
            rest = f"{carried_text(carried, medium)}, {plural(carried.pairs, 'fibre pair')}"
        pair = frozenset((route.site_a, route.site_b))
        ends.setdefault(pair, (route.site_a, route.site_b))
        by_pair.setdefault(pair, []).append((head, rest))
    lines = [
        FibreLine(*ends[pair], _pair_label(labels), len(labels)) for pair, labels in by_pair.items()
    ]
    return sites, lines


def _pair_label(labels: list[tuple[str, str]]) -> str:
    """The label of the routes joining two sites, from each one's length and what it
    carries (``""``: nothing): ``length; carried``, said once for several routes alike."""
    head, rest = labels[0]
    if len(labels) == 1:
        return head + (f"; {rest}" if rest else "")
    n = len(labels)
    if len(set(labels)) == 1:
        return f"{n} routes, each {head}" + (f"; each {rest}" if rest else "")
    # a paragraph per route, so that each reads on lines of its own
    paths = (f"Path {k}: {h}" + (f", {r}" if r else "") for k, (h, r) in enumerate(labels, 1))
    return f"{n} routes on separate paths; " + "\n".join(paths)


def _hall_runs(
    project: Project, between: Mapping[tuple[str, str], int]
) -> dict[str, tuple[HallRun, ...]]:
    """Each site's runs between halls with cable entries, longest first, labelled with the
    rectilinear distance between the entries the cable lengths are measured over."""
    found: dict[str, list[tuple[float, HallRun]]] = {}
    for (a, b), links in between.items():
        first, second = project.halls.get(a), project.halls.get(b)
        if first is None or second is None or first.site_id != second.site_id:
            continue
        if first.cable_entry is None or second.cable_entry is None:
            continue
        start = (
            first.site_origin[0] + first.cable_entry[0],
            first.site_origin[1] + first.cable_entry[1],
        )
        end = (
            second.site_origin[0] + second.cable_entry[0],
            second.site_origin[1] + second.cable_entry[1],
        )
        metres = (abs(end[0] - start[0]) + abs(end[1] - start[1])) / 1000
        label = f"{number(metres)} m, {plural(links, 'link')}"
        found.setdefault(first.site_id, []).append((metres, HallRun(start, end, label)))
    return {
        site: tuple(run for _, run in sorted(runs, key=lambda r: -r[0]))
        for site, runs in found.items()
    }


def site_map_page(sites: Sequence[SiteBox], lines: Sequence[FibreLine]) -> Page:
    """The site map sheet: of the sites and the fibre between them, or of one site's halls,
    where the halls' places on the site, which the links between them are measured from,
    can be checked."""
    if len(sites) > 1:
        return Page(
            "Site map and data-centre interconnect",
            "schematic",
            lambda sheet: _draw(sheet, sites, lines),
        )
    # one site is drawn to a scale of its own, which its bar shows
    return Page("Site map", "as shown", lambda sheet: _draw(sheet, sites, lines))


def _box_size(count: int, area: Rect) -> tuple[float, float]:
    """How large each site's box is: as large as the sheet allows for ``count`` sites on a
    circle without two boxes meeting, up to ``MOST_BOX_MM`` wide, so the halls in it can be
    named."""
    if count == 1:  # one site: its halls as large as the sheet allows
        width = min(area.width - 40, (area.height - 40) / BOX_ASPECT)
        return width, width * BOX_ASPECT
    across = 2 if count <= 2 else 3
    most = MOST_BOX_MM if count <= 4 else CROWDED_BOX_MM  # five or more share the circle
    width = min(most, (area.width - 40) / across, (area.height - 40) / 2 / BOX_ASPECT)
    # a smaller sheet or more sites: smaller boxes, which also leave the circle wider
    while width > 1 and _overlap(_centres(count, area, (width, width * BOX_ASPECT)), width):
        width *= 0.97
    return width, width * BOX_ASPECT


def _overlap(centres: Sequence[tuple[float, float]], width: float) -> bool:
    """True when two boxes ``width`` wide centred on ``centres`` meet (with a gap of 4 mm
    between them for the fibre lines)."""
    gap = 4.0
    for i, (ax, ay) in enumerate(centres):
        for bx, by in centres[i + 1 :]:
            if abs(ax - bx) < width + gap and abs(ay - by) < width * BOX_ASPECT + gap:
                return True
    return False


def _ring_centre(area: Rect) -> tuple[float, float]:
    """The middle of the circle the sites stand on (mm)."""
    return area.x + area.width / 2, area.y + area.height / 2 + 4


def _centres(count: int, area: Rect, box: tuple[float, float]) -> list[tuple[float, float]]:
    cx, cy = _ring_centre(area)
    if count == 1:
        return [(cx, cy)]
    rx, ry = (area.width - box[0]) / 2 - 6, (area.height - box[1]) / 2 - 12
    return [
        (
            cx + rx * math.cos(math.pi + 2 * math.pi * i / count),
            cy + ry * math.sin(math.pi + 2 * math.pi * i / count),
        )
        for i in range(count)
    ]


def _percent(load_kw: float, capacity_kw: float) -> str:
    """`` (81 %)``: how much of its capacity a site draws, or "" where none is given."""
    return f" ({number(load_kw / capacity_kw * 100, 0)} %)" if capacity_kw > 0 else ""


#: The note under the sheet's heading, in points: made smaller, down to the least, before
#: it takes a second line (on A4 and Letter it ran past the sheet's edge).
NOTE_PT, NOTE_LEAST_PT = 8.0, 6.5


def _draw(sheet: Sheet, sites: Sequence[SiteBox], lines: Sequence[FibreLine]) -> None:
    area = sheet.frame.content
    least = f"the smallest at least {number(LEAST_HALL_MM, 0)} mm wide"
    heading, note = (
        (
            "Sites and the fibre between them",
            "Not to scale between sites; within each box its halls stand where the site plan "
            f"has them, to the scale of the bar ({least}), with their cable entries (●) and "
            "the runs between them.",
        )
        if len(sites) > 1
        else (
            "The site and its halls",
            f"The halls stand where the site plan has them, to the scale of the bar ({least}); "
            "the links between halls run from one cable entry (●) to another"
            + ("." if any(site.entries for site in sites) else ", and none is given yet."),
        )
    )
    sheet.text(area.x, area.y + 6, heading, size_pt=13, bold=True)
    size = max(NOTE_LEAST_PT, min(NOTE_PT, NOTE_PT * area.width / text_width(note, NOTE_PT)))
    for k, line in enumerate(wrap(note, area.width, size)[:2]):
        sheet.text(area.x, area.y + 11.5 + k * 3.2, line, size_pt=size, colour=MUTED)
    box_w, box_h = _box_size(len(sites), area)
    where = dict(
        zip((s.id for s in sites), _centres(len(sites), area, (box_w, box_h)), strict=True)
    )
    boxes = {
        site_id: Rect(cx - box_w / 2, cy - box_h / 2, box_w, box_h)
        for site_id, (cx, cy) in where.items()
    }
    plans = {site.id: _plan_area(boxes[site.id]) for site in sites}
    # one scale for every box, so halls of one size are drawn alike whatever their sites
    scale = min((_fit_scale(site, plans[site.id]) for site in sites if site.halls), default=0.0)
    shown = [line for line in lines if line.site_a in where and line.site_b in where]
    for line in shown:
        (ax, ay), (bx, by) = where[line.site_a], where[line.site_b]
        length = math.hypot(bx - ax, by - ay) or 1.0
        # routes on separate paths side by side, square to the line between the sites
        nx, ny = (ay - by) / length, (bx - ax) / length
        for k in range(line.paths):
            off = (k - (line.paths - 1) / 2) * PARALLEL_MM
            sheet.line(
                ax + nx * off,
                ay + ny * off,
                bx + nx * off,
                by + ny * off,
                width_mm=0.8,
                colour=FIBRE,
            )
    for site in sites:
        box = boxes[site.id]
        sheet.box(box, width_mm=0.35, fill=SITE_FILL)
        sheet.text(box.x + 3, box.y + 6, site.name, size_pt=10, bold=True, width=box_w - 6)
        sheet.text(
            box.x + 3, box.y + 10.5, site.figures, size_pt=6.5, colour=MUTED, width=box_w - 6
        )
        if site.halls:
            unlabelled = _draw_halls(sheet, site, plans[site.id], len(sites) == 1, scale)
            if unlabelled:  # said under the halls, in the box's bottom margin
                sheet.text(
                    box.x + 3,
                    box.bottom - 1.0,
                    f"{plural(unlabelled, 'run')} between halls not labelled here (each "
                    "label would cover another); the cable schedule lists every run.",
                    size_pt=5.5,
                    colour=MUTED,
                    width=box_w - 6,
                )
    if scale:
        metres = scale_bar_length_m(scale, box_w / 3)
        if len(sites) == 1:  # under its box
            draw_scale_bar(
                sheet, boxes[sites[0].id].x, boxes[sites[0].id].bottom + 5, metres, 1 / scale
            )
        else:  # top right, above every box
            length = metres * 1000 * scale
            draw_scale_bar(sheet, area.right - length - 8, area.y + 1.5, metres, 1 / scale)
    # the labels last, over the boxes' edges if they must be, never under them; every
    # patch first, so none clips the words of a line above it
    words: list[_Words] = []
    for line in shown:
        a, b = where[line.site_a], where[line.site_b]
        (x0, y0), (x1, y1) = _outside(a, b, boxes[line.site_a], boxes[line.site_b])
        middle = ((x0 + x1) / 2, (y0 + y1) / 2)
        spread = (line.paths - 1) * PARALLEL_MM / 2  # the outer lines' distance from the middle
        words += _fibre_label(
            area, middle, (x1 - x0, y1 - y0), _ring_centre(area), line.label, spread
        )
    for _, left, baseline, width, _ in words:
        sheet.box(Rect(left, baseline - 2.9, width, 3.4), width_mm=0, fill=QColor("white"))
    for text, left, baseline, width, size in words:
        sheet.text(left, baseline, text, size_pt=size, colour=FIBRE, align="center", width=width)


def _outside(
    a: tuple[float, float], b: tuple[float, float], box_a: Rect, box_b: Rect
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the line from ``a`` to ``b`` leaves ``box_a`` and enters ``box_b`` (mm)."""
    leave = _exit(a, b, box_a)
    enter = 1 - _exit(b, a, box_b)
    if enter < leave:  # the boxes meet along the line: its middle
        leave = enter = 0.5
    return tuple(  # type: ignore[return-value]
        (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for t in (leave, enter)
    )


def _exit(a: tuple[float, float], b: tuple[float, float], box: Rect) -> float:
    """How far along the line from ``a`` (the box's centre) to ``b`` it leaves ``box`` (0-1)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    limits = [
        (box.width / 2) / abs(dx) if dx else math.inf,
        (box.height / 2) / abs(dy) if dy else math.inf,
    ]
    return min(1.0, *limits)


#: How far apart the lines of routes joining the same two sites are drawn (mm).
PARALLEL_MM = 1.6

#: A route's label lines: their size, and the depth of each under the line.
LABEL_PT = (7.0, 6.5)
LABEL_LINE_MM = 3.1


#: A route drawn shorter than this between its sites (mm) is labelled beside it, not across.
SHORT_ROUTE_MM = 40.0


#: A line of a route's label placed: its text, left edge, baseline and width (mm), size (pt).
_Words = tuple[str, float, float, float, float]


def _fibre_label(
    area: Rect,
    middle: tuple[float, float],
    run: tuple[float, float],
    ring: tuple[float, float],
    label: str,
    spread: float = 0.0,
) -> list[_Words]:
    """A route's length and what it carries, by the ``middle`` of the part of its line
    between the sites, which runs ``run`` (dx, dy mm); routes side by side reach ``spread``
    mm either side of it. Across a long line that runs
    sideways: the length above it, the rest under it, broken to the room between the sites
    and standing off the line as far as it slopes. Beside a line that runs up the sheet or
    is short (sites close together): outwards from the middle of the ``ring`` of sites,
    where no site stands. Each text stands on a white patch as wide as its words, so the
    line shows past them; nothing leaves the drawing ``area``."""
    (x, y), (dx, dy) = middle, run
    head, _, rest = label.partition(";")
    # (text, its left edge, its baseline): where each line of words would go
    placed: list[tuple[str, float, float]] = []
    if abs(dx) < abs(dy) / 2 or math.hypot(dx, dy) < SHORT_ROUTE_MM:
        ux, uy = x - ring[0], y - ring[1]
        norm = math.hypot(ux, uy) or 1.0
        ux, uy = ux / norm, uy / norm
        off = abs(dx * ux + dy * uy) / 2 + 3 + spread  # past the line's run that way
        ax, ay = x + ux * off, y + uy * off
        lines = _label_lines(
            head, rest, min(60.0, (area.right - ax if ux >= 0 else ax - area.x) - 1)
        )
        depth = len(lines) * LABEL_LINE_MM
        top = ay - depth if uy < -0.3 else ay if uy > 0.3 else ay - depth / 2
        for row, text in enumerate(lines):
            width = _label_width(text, row)
            placed.append((text, ax if ux >= 0 else ax - width, top + 2.6 + row * LABEL_LINE_MM))
    else:
        lines = _label_lines(head, rest, max(abs(dx) - 4, 30.0))
        # each line of words stands off the line as far as the line rises under it
        rise = [min(10.0, _label_width(t, row) / 2 * abs(dy / dx)) for row, t in enumerate(lines)]
        under = max(rise[1:], default=0.0)
        for row, text in enumerate(lines):
            baseline = (
                y - 1.3 - rise[0] - spread
                if row == 0
                else y + 1.8 + under + spread + row * LABEL_LINE_MM
            )
            placed.append((text, x - _label_width(text, row) / 2, baseline))
    fitted = []  # kept inside the drawing area
    for row, (text, left, baseline) in enumerate(placed):
        width = _label_width(text, row)
        left = min(max(left, area.x), area.right - width)
        fitted.append((text, left, baseline, width, LABEL_PT[min(row, 1)]))
    return fitted


def _label_lines(head: str, rest: str, room: float) -> list[str]:
    """A route's length, then what it carries broken to ``room`` mm."""
    return [head, *(wrap(rest.strip(), room, LABEL_PT[1]) if rest.strip() else [])]


def _label_width(text: str, row: int) -> float:
    """How wide a line of a route's label and its patch are (mm): its words and a margin."""
    return text_width(text, LABEL_PT[min(row, 1)]) + 2


def _plan_area(box: Rect) -> Rect:
    """Where a site's box draws its halls: under its name and figures."""
    return Rect(box.x + 3, box.y + 14, box.width - 6, box.height - 17)


def _inner(area: Rect) -> Rect:
    """``area`` less half the least hall size all round (and a hall name's depth below), so
    a hall drawn larger than its scale stays in its box."""
    return Rect(
        area.x + LEAST_HALL_MM / 2,
        area.y + LEAST_HALL_MM / 2,
        area.width - LEAST_HALL_MM,
        area.height - LEAST_HALL_MM - HALL_NAME_MM,
    )


def _extent(site: SiteBox) -> tuple[float, float, float, float]:
    """The corners of the site plan its halls cover (site mm): left, top, right, bottom."""
    xs = [x for _, outline in site.halls for x, _ in outline]
    ys = [y for _, outline in site.halls for _, y in outline]
    return min(xs), min(ys), max(xs), max(ys)


def _fit_scale(site: SiteBox, area: Rect) -> float:
    """The largest scale (sheet mm per site mm) at which the site's halls fit ``area``."""
    inner = _inner(area)
    x0, y0, x1, y1 = _extent(site)
    return min(inner.width / max(x1 - x0, 1), inner.height / max(y1 - y0, 1))


def _draw_halls(sheet: Sheet, site: SiteBox, area: Rect, alone: bool, scale: float) -> int:
    """The site's halls where the site plan has them at ``scale``, centred in ``area``, each
    named under its outline (cut to the room it has), the runs between them and their cable
    entries; one too small to see is drawn as a square ``LEAST_HALL_MM`` wide. A site
    ``alone`` on its sheet names its halls larger."""
    halls = site.halls
    name_pt = 8.0 if alone else 6.0
    inner = _inner(area)
    x0, y0, x1, y1 = _extent(site)
    left0 = inner.x + (inner.width - (x1 - x0) * scale) / 2
    top0 = inner.y + (inner.height - (y1 - y0) * scale) / 2

    def at(x: float, y: float) -> tuple[float, float]:
        return left0 + (x - x0) * scale, top0 + (y - y0) * scale

    drawn_halls = []
    for name, outline in halls:
        drawn = [at(x, y) for x, y in outline]
        left, right = min(x for x, _ in drawn), max(x for x, _ in drawn)
        top, bottom = min(y for _, y in drawn), max(y for _, y in drawn)
        if max(right - left, bottom - top) < LEAST_HALL_MM:
            mx, my, half = (left + right) / 2, (top + bottom) / 2, LEAST_HALL_MM / 2
            drawn = [(mx - half, my - half), (mx + half, my - half), (mx + half, my + half)]
            drawn.append((mx - half, my + half))
        sheet.polygon(drawn, width_mm=0.2, fill=HALL_FILL)
        drawn_halls.append((name, drawn))
    # each name centred under its hall, as wide as the distance to the next hall beside it
    # (one whose name shares the line) allows
    spans = [
        (min(x for x, _ in d), max(x for x, _ in d), max(y for _, y in d)) for _, d in drawn_halls
    ]
    names: list[tuple[str, Rect]] = []
    for index, (name, _) in enumerate(drawn_halls):
        left, right, bottom = spans[index]
        centre = (left + right) / 2
        beside = [
            abs((a + b) / 2 - centre)
            for other, (a, b, low) in enumerate(spans)
            if other != index and abs(low - bottom) < HALL_NAME_MM
        ]
        room = min(text_width(name, name_pt) + 1, min(beside, default=area.width), area.width)
        start = min(max(centre - room / 2, area.x), area.right - room)
        names.append((name, Rect(start, bottom, room, HALL_NAME_MM + (name_pt - 6) * 0.35)))
    # the runs, off the lines of others and clear of the halls and their names
    outlines = [drawn for _, drawn in drawn_halls]
    names_at = [(box.x, box.y, box.right, box.bottom) for _, box in names]
    paths = _run_paths([(at(*run.start), at(*run.end)) for run in site.runs], outlines, names_at)
    for path in paths:
        _draw_run(sheet, path)
    entries = []
    for ex, ey in site.entries:
        cx, cy = at(ex, ey)
        r = ENTRY_MM / 2
        entries.append(Rect(cx - r, cy - r, 2 * r, 2 * r))
        sheet.polygon(
            [
                (cx + r * math.cos(a / 8 * math.tau), cy + r * math.sin(a / 8 * math.tau))
                for a in range(8)
            ],
            width_mm=0,
            fill=style.TRAY_EDGE,
        )
    # the runs' labels where they cover no hall, no name and no other label: runs between
    # halls that are not neighbours lie along the same line (a campus's labels covered the
    # tops of its halls)
    halls_at = [Rect(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in _boxes_of(outlines)]
    taken = [_corners(box) for box in (*entries, *halls_at, *(box for _, box in names))]
    labelled = sum(
        _label_run(sheet, path, run.label, taken, area)
        for run, path in zip(site.runs, paths, strict=True)
    )
    for name, box in names:
        sheet.text(
            box.x,
            box.bottom - 0.8,
            name,
            size_pt=name_pt,
            colour=MUTED,
            align="center",
            width=box.width,
        )
    return len(site.runs) - labelled


#: A run between halls: its line's width (mm) and its label's size (pt); how far a run is
#: lifted off the line of another it would lie along (mm).
RUN_MM = 0.35
RUN_LABEL_PT = 6.0
RUN_LIFT_MM = 3.6
#: How near a lifted run may come to a hall's edge along it (mm), and so how far more it
#: is lifted when it would run along one.
RUN_CLEAR_MM = 1.2
#: How many lines beside its own, on each side, a run may be moved to (the first few may
#: lie inside the halls its cable entries stand in, at a coarse scale).
MOST_LIFTS = 8

Point = tuple[float, float]


def _run_paths(
    runs: Sequence[tuple[Point, Point]],
    outlines: Sequence[Sequence[Point]],
    names: Sequence[tuple[float, float, float, float]],
) -> list[list[Point]]:
    """Each run's path between its cable entries (sheet mm): across, then along. A
    straight run that would lie along a stretch of another's line (halls in a row: the
    first's run to the third passes the second's entry, over the runs to it) is moved off
    that line to one beside it, to one side or the other, the nearest that is clear of the
    runs there, of the halls' edges along it, of their insides and of their ``names``
    (boxes: left, top, right, bottom; shortest runs first);
    where none is, it stays on its line. On a trial's site map three runs were one line
    and none could be told from another."""
    boxes = _boxes_of(outlines) + list(names)
    edges = (_edges_along(outlines, 0), _edges_along(outlines, 1))
    paths: list[list[Point]] = [[] for _ in runs]
    # the stretches of line taken down the sheet and across it: (where, from, to) each; a
    # bent run cannot move, so its legs are taken first, and every leg of every run as it
    # is laid
    taken: tuple[list[Stretch], list[Stretch]] = ([], [])
    straight = []
    for index, (start, end) in enumerate(runs):
        if abs(start[1] - end[1]) >= 0.01 and abs(start[0] - end[0]) >= 0.01:
            paths[index] = [start, (end[0], start[1]), end]  # bent: across, then along
            _take(taken, paths[index])
        else:
            straight.append(index)
    for index in sorted(straight, key=lambda i: _run_length(*runs[i])):
        start, end = runs[index]
        across = abs(start[1] - end[1]) < 0.01
        axis = 0 if across else 1  # the coordinate the run runs along
        low, high = sorted((start[axis], end[axis]))
        base = start[1 - axis]
        at = next(
            (
                at
                for at in _beside(base, low, high, edges[axis])
                if not _along(at, low, high, taken[across])
                and (at == base or not _through(at, low, high, axis, boxes))
            ),
            base,
        )
        if at == base:
            paths[index] = [start, end]
        elif across:
            paths[index] = [start, (start[0], at), (end[0], at), end]
        else:
            paths[index] = [start, (at, start[1]), (at, end[1]), end]
        _take(taken, paths[index])
    return paths


#: A stretch of line along one direction: where it lies (its other coordinate), from, to.
Stretch = tuple[float, float, float]


def _take(taken: tuple[list[Stretch], list[Stretch]], path: Sequence[Point]) -> None:
    """Add the legs of ``path`` to the stretches ``taken`` down the sheet and across it."""
    for across, where, low, high in _legs(path):
        taken[across].append((where, low, high))


def _along(at: float, low: float, high: float, stretches: Sequence[Stretch]) -> bool:
    """Whether a line at ``at`` from ``low`` to ``high`` runs within ``RUN_CLEAR_MM`` of a
    stretch of one of ``stretches`` (lines, or hall edges, in its direction)."""
    return any(
        abs(where - at) < RUN_CLEAR_MM and first < high and low < last
        for where, first, last in stretches
    )


def _boxes_of(outlines: Sequence[Sequence[Point]]) -> list[tuple[float, float, float, float]]:
    """Each outline's bounding box: left, top, right, bottom."""
    return [
        (min(x for x, _ in o), min(y for _, y in o), max(x for x, _ in o), max(y for _, y in o))
        for o in outlines
    ]


def _legs(path: Sequence[Point]) -> list[tuple[bool, float, float, float]]:
    """The stretches of line ``path`` takes: (across the sheet, where, from, to), each a
    hair short of its ends, where the next leg or run may meet it."""
    legs = []
    for (x0, y0), (x1, y1) in itertools.pairwise(path):
        across = abs(y1 - y0) < 0.01
        low, high = sorted((x0, x1) if across else (y0, y1))
        legs.append((across, y0 if across else x0, low + 0.01, high - 0.01))
    return legs


def _beside(base: float, low: float, high: float, edges: Sequence[Stretch]) -> Iterator[float]:
    """Where a straight run on the line at ``base`` may go, nearest first: its own line,
    then lines ``RUN_LIFT_MM`` apart on either side (up or left first), each moved on past
    any hall edge it would run along (``edges``, the halls' edges in its direction)."""
    yield base
    for level in range(1, MOST_LIFTS + 1):
        for side in (-1.0, 1.0):
            at = base + side * level * RUN_LIFT_MM
            while _along(at, low, high, edges):
                at += side * RUN_CLEAR_MM
            yield at


def _through(
    at: float, low: float, high: float, axis: int, boxes: Sequence[tuple[float, ...]]
) -> bool:
    """Whether a line at ``at`` from ``low`` to ``high`` along ``axis`` crosses a hall."""
    for x0, y0, x1, y1 in boxes:
        near, far = (y0, y1) if axis == 0 else (x0, x1)
        first, last = (x0, x1) if axis == 0 else (y0, y1)
        if near < at < far and first < high and low < last:
            return True
    return False


def _edges_along(outlines: Sequence[Sequence[Point]], axis: int) -> list[Stretch]:
    """The edges of ``outlines`` running along ``axis`` (0: across the sheet), as stretches:
    worked out once for every run laid, each tried at a dozen lines."""
    found = []
    for outline in outlines:
        for a, b in itertools.pairwise([*outline, outline[0]]):
            if abs(a[1 - axis] - b[1 - axis]) <= 0.01:
                found.append((a[1 - axis], min(a[axis], b[axis]), max(a[axis], b[axis])))
    return found


def _run_length(start: Point, end: Point) -> float:
    return abs(end[0] - start[0]) + abs(end[1] - start[1])


def _inside(box: Rect, within: Rect) -> bool:
    return (
        within.x <= box.x
        and box.right <= within.right
        and within.y <= box.y
        and box.bottom <= within.bottom
    )


#: A box by its corners: left, top, right, bottom (sheet mm).
Corners = tuple[float, float, float, float]


def _corners(box: Rect) -> Corners:
    return box.x, box.y, box.right, box.bottom


def _covers(box: Rect, taken: Sequence[Corners]) -> bool:
    """Whether ``box`` overlaps any of ``taken`` (as ``Rect.overlaps`` says, the corners
    read once: a campus's labels try a few thousand places)."""
    left, top, right, bottom = _corners(box)
    return any(left < x1 and x0 < right and top < y1 and y0 < bottom for x0, y0, x1, y1 in taken)


def _draw_run(sheet: Sheet, path: Sequence[Point]) -> None:
    """A run between two cable entries along ``path`` (sheet mm)."""
    for (x0, y0), (x1, y1) in itertools.pairwise(path):
        sheet.line(x0, y0, x1, y1, width_mm=RUN_MM, colour=FIBRE)


#: Where along its leg a run's label is tried, in turn (on one side of the leg, then the
#: other).
LABEL_PLACES = (0.5, 0.3, 0.7, 0.15, 0.85)


def _label_run(
    sheet: Sheet, path: Sequence[Point], label: str, taken: list[Corners], within: Rect
) -> bool:
    """A run's label over the longest leg of its ``path``, at the first place along it
    where the label covers nothing ``taken`` (boxes' corners, which it joins) and stays
    ``within`` its site's box; none where there is no such place (the sheet says how many,
    and the cable schedule gives every length). True when labelled."""
    (x0, y0), (x1, y1) = max(itertools.pairwise(path), key=lambda leg: _run_length(leg[0], leg[1]))
    across, along = abs(x1 - x0), abs(y1 - y0)
    width = text_width(label, RUN_LABEL_PT) + 1
    if across >= along and across >= width + 2:
        low = min(x0, x1) + 1
        boxes = (  # over the leg, then under it
            Rect(low + (across - 2 - width) * place, y0 + dy, width, 2.8)
            for dy in (-3.2, 0.4)
            for place in LABEL_PLACES
        )
    elif along > across and along >= 4:
        low = min(y0, y1) + 0.5
        boxes = (  # right of the leg, then left of it
            Rect(x0 + dx, low + max(along - 3.8, 0) * place, width, 2.8)
            for dx in (1.0, -1.0 - width)
            for place in LABEL_PLACES
        )
    else:
        return False
    box = next((b for b in boxes if _inside(b, within) and not _covers(b, taken)), None)
    if box is None:
        return False
    taken.append(_corners(box))
    sheet.box(box, width_mm=0, fill=QColor("white"))
    sheet.text(
        box.x, box.y + 2.3, label, size_pt=RUN_LABEL_PT, colour=FIBRE, align="center", width=width
    )
    return True
