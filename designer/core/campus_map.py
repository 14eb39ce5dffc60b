"""What the site map shows, worked out from the core's model, findings, loads and network plan.

Qt-free, so the designer's map, a report sheet or a script can draw it alike.

Nothing here plans or checks anything: the findings are those the live check reported
(``Editor.findings``), each hall's load is the core's ``hall_power`` load (the dashboard's
"Hall power" bar: its racks' max IT power against the hall's power capacity), and each DCI
route's fibre pairs and latency come from the network plan the check ran against
(``NetworkPlan.dci``), as ``python main.py summary`` prints them.

Where things stand on the map, in millimetres:

- within a site, its halls stand where the site plan has them (``Hall.site_origin``), to
  scale, inside the site's frame, under a band holding the site's name and figures;
- sites have no place on a campus map in the model, so their frames stand on a ring
  (left to right from the top, clockwise: two side by side, three as a triangle, four in a
  square), as close as they may without meeting, with room between them for the routes'
  labels. Not to scale between sites: the fibre route says how far apart they are.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from designer.core.findings import ERROR, OK, UNCHECKED, WARNING, severity_name
from designer.core.format import bandwidth, number, plural, power
from designer.core.model.project import Project
from designer.core.naming import fibre_route_name
from designer.core.network.network_plan import NetworkPlan
from designer.core.network.totals import route_media
from designer.core.rules.loads import Load

#: Room round a site's halls inside its frame: a share of the larger side of their extent,
#: and at least this much (mm).
MARGIN_SHARE, LEAST_MARGIN_MM = 0.05, 3_000.0
#: The band along the top of a frame holding the site's name and figures, as a share of
#: the widest frame's width: it grows with the campus, so at any fit it is as deep on screen.
HEADER_SHARE = 0.11
#: Room between two frames, as a share of the widest frame (side by side) and of the
#: tallest (one above the other): the routes' lines and labels run there.
GAP_ACROSS, GAP_DOWN = 0.6, 0.55
#: No frame is narrower or lower than this share of the widest and the tallest: a site of
#: one small hall keeps room for its name and its hall's words (its halls stand at its left).
LEAST_FRAME_SHARE = 0.5
#: A site without a hall is drawn this large (mm), so it shows with its name.
EMPTY_SITE_MM = (40_000.0, 16_000.0)

Point = tuple[float, float]


@dataclass(frozen=True)
class HallBlock:
    """A hall on the map: its outline in its own coordinates, drawn with its corner at
    ``origin`` (map mm); its worst finding's status (``UNCHECKED`` ... ``ERROR``) with
    the errors and warnings behind it; its racks and its IT load against its capacity."""

    id: str
    name: str
    site_id: str
    origin: Point
    outline: tuple[Point, ...]
    status: int
    errors: int
    warnings: int
    racks: int
    it_kw: float
    capacity_kw: float

    @property
    def share(self) -> float:
        """IT load over capacity (infinite when a load meets no capacity)."""
        if self.capacity_kw <= 0:
            return math.inf if self.it_kw > 0 else 0.0
        return self.it_kw / self.capacity_kw

    def load_text(self) -> str:
        """``96 % of 10.5 MW`` (IT max power of the hall's capacity)."""
        if self.capacity_kw <= 0:
            return f"{power(self.it_kw)} IT, no capacity"
        return f"{number(self.share * 100, 0)} % of {power(self.capacity_kw)}"

    def findings_text(self) -> str:
        """``2 errors, 1 warning``; "no findings" (or "not checked yet")."""
        if self.status == UNCHECKED:
            return "not checked yet"
        parts = [
            plural(n, what) for n, what in ((self.errors, "error"), (self.warnings, "warning")) if n
        ]
        return ", ".join(parts) or "no findings"

    def tip(self, site: str) -> str:
        """What the hall's tooltip says."""
        return (
            f"{self.name} ({site})\n{plural(self.racks, 'rack')}; IT {power(self.it_kw)} max, "
            f"{self.load_text()}\nFindings: {self.findings_text()}\nDouble-click to open the hall"
        )


@dataclass(frozen=True)
class SiteFrame:
    """A site on the map: its frame ``rect`` (x, y, width, height in map mm), of which the
    top ``header_mm`` hold its name and ``figures`` (in full, then shorter: the map writes
    the longest that fits); the status of the findings naming the site itself (its power or
    cooling, its DCI)."""

    id: str
    name: str
    rect: tuple[float, float, float, float]
    header_mm: float
    figures: tuple[str, ...]
    status: int

    @property
    def centre(self) -> Point:
        x, y, w, h = self.rect
        return x + w / 2, y + h / 2


@dataclass(frozen=True)
class RouteLine:
    """A fibre route between two sites and what the network plan puts on it: ``pairs`` and
    ``latency_us`` are None until a plan is in; ``medium`` is "" where no medium reaches."""

    id: str
    site_a: str
    site_b: str
    distance_km: float
    latency_us: float | None = None
    pairs: int | None = None
    links: int = 0
    tbps: float = 0.0
    medium: str = ""
    #: what the route is called (``North – South, path 2``), and which of how many routes
    #: joining its two sites it is (1 of 1 for a lone route): the map draws them side by side
    name: str = ""
    path: int = 1
    paths: int = 1
    #: what its links carry lit, in whole wavelengths (``tbps`` is what is needed)
    lit_tbps: float = 0.0

    def lines(self) -> tuple[str, str]:
        """The label's two lines: its path when its sites have several, length and
        latency; fibre pairs and bandwidth."""
        head, rest = self._figures()
        return (f"Path {self.path} · " if self.paths > 1 else "") + head, rest

    def brief(self) -> tuple[str, str]:
        """The label's two lines cut short, where the map has little room between the
        sites: its path and length; its fibre pairs (the tooltip says the rest)."""
        rest = self._figures()[1]
        path = f"Path {self.path} · " if self.paths > 1 else ""
        short = plural(self.pairs, "pair") if self.pairs and self.links and self.medium else rest
        return path + f"{number(self.distance_km)} km", short

    def tip(self) -> str:
        """What the route's tooltip says: its name, then its figures and the medium."""
        head, rest = self._figures()
        medium = f"\n{plural(self.links, 'link')} of {self.medium}" if self.medium else ""
        return f"DCI {self.name}\n{head}\n{rest}{medium}"

    def _figures(self) -> tuple[str, str]:
        head = f"{number(self.distance_km)} km"
        if self.latency_us is not None:
            head += f" · {number(self.latency_us)} µs one way"
        if self.pairs is None:
            return head, "planning…"
        if not self.links:
            return head, "no links between these sites"
        if not self.medium:
            return head, f"{bandwidth(self.tbps)}, but no medium reaches"
        lit, needed = bandwidth(self.lit_tbps), bandwidth(self.tbps)
        more = "" if lit == needed else f" ({needed} needed)"
        return head, f"{plural(self.pairs, 'fibre pair')} · {lit}{more}"


@dataclass(frozen=True)
class CampusMap:
    """Everything the map draws, in map millimetres."""

    sites: tuple[SiteFrame, ...]
    halls: tuple[HallBlock, ...]
    routes: tuple[RouteLine, ...]

    def bounds(self) -> tuple[float, float, float, float]:
        """The box round every frame: left, top, right, bottom (mm)."""
        if not self.sites:
            return 0.0, 0.0, *EMPTY_SITE_MM
        rects = [s.rect for s in self.sites]
        return (
            min(x for x, _, _, _ in rects),
            min(y for _, y, _, _ in rects),
            max(x + w for x, _, w, _ in rects),
            max(y + h for _, y, _, h in rects),
        )


_RANK = {"error": ERROR, "warning": WARNING}


def worst_findings(
    project: Project, findings: Iterable[Any], checked: bool
) -> dict[str, tuple[int, int, int]]:
    """Each hall's and site's (status, errors, warnings) from the findings not accepted.

    A finding counts for its hall and for every hall or site it names (two halls sharing
    ground are both at fault); notes leave a hall clean. Before any check, every hall and
    site is ``UNCHECKED``.
    """
    keys = [*project.halls, *project.sites]
    if not checked:
        return dict.fromkeys(keys, (UNCHECKED, 0, 0))
    counts: dict[str, Counter[str]] = {key: Counter() for key in keys}
    for finding in findings:
        severity = severity_name(finding.severity)
        if finding.excluded or severity not in _RANK:
            continue
        for key in {finding.hall_id, *finding.ids} & counts.keys():
            counts[key][severity] += 1
    return {
        key: (
            ERROR if c["error"] else WARNING if c["warning"] else OK,
            c["error"],
            c["warning"],
        )
        for key, c in counts.items()
    }


def campus_map(
    project: Project,
    findings: Iterable[Any],
    checked: bool,
    loads: Iterable[Load],
    plan: NetworkPlan | None,
) -> CampusMap:
    """The map of ``project``: ``loads`` are the core's loads of the whole project
    (``designer.core.rules.loads.loads``), ``plan`` the network plan the findings were
    checked against (None before the first check)."""
    worst = worst_findings(project, findings, checked)
    hall_kw = {load.id: load for load in loads if load.kind == "hall_power"}
    site_kw = {load.id: load for load in loads if load.kind == "site_power"}
    racks = Counter(p.hall_id for p in project.placements.values())
    by_site: dict[str, list[Any]] = {site_id: [] for site_id in project.sites}
    for hall in project.halls.values():
        by_site.setdefault(hall.site_id, []).append(hall)
    extents = {site_id: _extent(halls) for site_id, halls in by_site.items()}
    natural = [_frame_size(extent) for extent in extents.values()]
    widest = max((w for w, _, _, _ in natural), default=0.0)
    tallest = max((h for _, h, _, _ in natural), default=0.0)
    least = (LEAST_FRAME_SHARE * widest, LEAST_FRAME_SHARE * tallest)
    frames = {
        site_id: _frame_size(extent, least, HEADER_SHARE * widest)
        for site_id, extent in extents.items()
    }
    sites = list(project.sites.values())
    centres = ring([frames[s.id][:2] for s in sites])
    site_frames, blocks = [], []
    for site, (cx, cy) in zip(sites, centres, strict=True):
        width, height, margin, header = frames[site.id]
        left, top = cx - width / 2, cy - height / 2
        x0, y0, _, _ = extents[site.id]
        it_kw = math.fsum(hall_kw[h.id].load_kw for h in by_site[site.id] if h.id in hall_kw)
        site_frames.append(
            SiteFrame(
                site.id,
                site.name,
                (left, top, width, height),
                header,
                _site_figures(len(by_site[site.id]), it_kw, site_kw.get(site.id)),
                worst[site.id][0],
            )
        )
        for hall in by_site[site.id]:
            load = hall_kw.get(hall.id)
            status, errors, warnings = worst[hall.id]
            blocks.append(
                HallBlock(
                    hall.id,
                    hall.name,
                    site.id,
                    (
                        left + margin + hall.site_origin[0] - x0,
                        top + header + margin + hall.site_origin[1] - y0,
                    ),
                    tuple((float(x), float(y)) for x, y in hall.outline),
                    status,
                    errors,
                    warnings,
                    racks[hall.id],
                    load.load_kw if load is not None else 0.0,
                    hall.power_capacity_kw,
                )
            )
    return CampusMap(tuple(site_frames), tuple(blocks), _routes(project, plan))


def _site_figures(halls: int, it_kw: float, facility: Load | None) -> tuple[str, ...]:
    """``8 halls · IT 80.5 MW · facility 100.62 of 110 MW (91 %)``, then shorter ways."""
    text = f"{plural(halls, 'hall')} · IT {power(it_kw)}"
    if facility is None or facility.limit_kw <= 0:
        return (text,)
    share = f"{number(facility.load_kw / facility.limit_kw * 100, 0)} %"
    return (
        f"{text} · facility {power(facility.load_kw)} of {power(facility.limit_kw)} ({share})",
        f"{text} · facility {share} of its power",
        text,
    )


def _routes(project: Project, plan: NetworkPlan | None) -> tuple[RouteLine, ...]:
    """Every fibre route, with what the plan puts on it when there is a plan."""
    dci = plan.dci() if plan is not None else None
    carried = {r.route_id: r for r in dci.routes} if dci is not None else {}
    media = (
        dict(zip(carried, route_media(plan, tuple(carried.values())), strict=True))
        if plan is not None
        else {}
    )
    pairs = Counter(frozenset((r.site_a, r.site_b)) for r in project.fibre_routes.values())
    met: Counter[frozenset[str]] = Counter()
    found = []
    for route in project.fibre_routes.values():
        pair = frozenset((route.site_a, route.site_b))
        met[pair] += 1
        line = RouteLine(
            route.id,
            route.site_a,
            route.site_b,
            route.distance_km,
            name=fibre_route_name(project, route.id),
            path=met[pair],
            paths=pairs[pair],
        )
        if plan is not None and dci is not None:
            demand = carried.get(route.id)
            line = replace(
                line,
                # ns per metre = µs per kilometre
                latency_us=route.distance_km * plan.media.constants.fibre_ns_per_m,
                pairs=demand.pairs if demand is not None else 0,
                links=demand.links if demand is not None else 0,
                tbps=demand.tbps if demand is not None else 0.0,
                lit_tbps=demand.lit_tbps if demand is not None else 0.0,
                medium=media.get(route.id, ""),
            )
        found.append(line)
    return tuple(found)


def _extent(halls: Sequence[Any]) -> tuple[float, float, float, float]:
    """The part of the site plan the halls cover (mm): left, top, right, bottom."""
    if not halls:
        return 0.0, 0.0, *EMPTY_SITE_MM
    xs = [h.site_origin[0] + x for h in halls for x, _ in h.outline]
    ys = [h.site_origin[1] + y for h in halls for _, y in h.outline]
    return min(xs), min(ys), max(xs), max(ys)


def _frame_size(
    extent: tuple[float, float, float, float],
    least: Point = (0.0, 0.0),
    header: float | None = None,
) -> tuple[float, float, float, float]:
    """A site's frame round halls covering ``extent``, at least ``least`` (width, height):
    its width, height, margin and header (mm); the header ``HEADER_SHARE`` of its width
    unless given (every site's is the widest's, so every name and figures fit alike)."""
    x0, y0, x1, y1 = extent
    margin = max(LEAST_MARGIN_MM, MARGIN_SHARE * max(x1 - x0, y1 - y0))
    width = max(x1 - x0 + 2 * margin, least[0])
    header = HEADER_SHARE * width if header is None else header
    return width, max(y1 - y0 + 2 * margin + header, least[1]), margin, header


def ring(sizes: Sequence[Point]) -> list[Point]:
    """Centres for frames of ``sizes`` (width, height) on a ring about (0, 0).

    The first stands top left and the rest follow clockwise. The ring is an ellipse whose
    two radii are the least that keep every two frames apart by the gaps (``GAP_ACROSS``
    side by side or ``GAP_DOWN`` one above the other), chosen so the whole map is as large
    as it can be in a window about 3:2: two frames side by side, three as a triangle.
    """
    n = len(sizes)
    if n < 2:
        return [(0.0, 0.0)] * n
    angles = [-math.pi / 2 - math.pi / n + 2 * math.pi * i / n for i in range(n)]
    unit = [(math.cos(a), math.sin(a)) for a in angles]
    widest, tallest = max(w for w, _ in sizes), max(h for _, h in sizes)
    gap_x, gap_y = GAP_ACROSS * widest, GAP_DOWN * tallest
    # each pair stands apart side by side from radius ``across`` or one above the other
    # from radius ``down`` on
    pairs = []
    for i, j in combinations(range(n), 2):
        dx, dy = abs(unit[i][0] - unit[j][0]), abs(unit[i][1] - unit[j][1])
        across = ((sizes[i][0] + sizes[j][0]) / 2 + gap_x) / dx if dx > 1e-9 else math.inf
        down = ((sizes[i][1] + sizes[j][1]) / 2 + gap_y) / dy if dy > 1e-9 else math.inf
        pairs.append((across, down))
    best: tuple[float, Point] | None = None
    for rx in sorted({0.0, *(a for a, _ in pairs if math.isfinite(a))}):
        ry = max((d for a, d in pairs if a > rx), default=0.0)
        if not math.isfinite(ry):
            continue
        span_x = max(rx * u + w / 2 for (u, _), (w, _) in zip(unit, sizes, strict=True)) - min(
            rx * u - w / 2 for (u, _), (w, _) in zip(unit, sizes, strict=True)
        )
        span_y = max(ry * v + h / 2 for (_, v), (_, h) in zip(unit, sizes, strict=True)) - min(
            ry * v - h / 2 for (_, v), (_, h) in zip(unit, sizes, strict=True)
        )
        fit = min(3 / span_x, 2 / span_y)  # the map's scale in a 3:2 window
        if best is None or fit > best[0] + 1e-12:
            best = (fit, (rx, ry))
    assert best is not None  # the largest radius across parts every pair
    rx, ry = best[1]
    return [(rx * u, ry * v) for u, v in unit]


def failed_on_map(project: Project, failed: Iterable[str]) -> tuple[set[str], set[str]]:
    """The halls and fibre routes a what-if takes out, as the map marks them: the halls and
    routes failed themselves, and every hall and route of a failed site."""
    failed = set(failed)
    sites = failed & project.sites.keys()
    halls = {h.id for h in project.halls.values() if h.id in failed or h.site_id in sites}
    routes = {
        r.id
        for r in project.fibre_routes.values()
        if r.id in failed or r.site_a in sites or r.site_b in sites
    }
    return halls, routes
