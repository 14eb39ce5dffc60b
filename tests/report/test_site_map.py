"""The site map: every fibre route shows between its sites, and its words are never covered."""

from itertools import pairwise

import pytest
from PySide6.QtGui import QImage, QPainter

from designer.drawing import style
from designer.report.measure import text_width
from designer.report.pages.site_map import (
    FIBRE,
    HALL_FILL,
    NOTE_LEAST_PT,
    RUN_MM,
    SITE_FILL,
    FibreLine,
    SiteBox,
    site_map_page,
)
from designer.report.paper import Rect, SheetFrame
from designer.report.sheet import Sheet

LABEL = "40 km fibre, 196 µs one way in the fibre; 1,382.4 Tb/s on 3,456 links of coherent ZR, 54 fibre pairs"


def drawn(count: int, paper: str) -> list[tuple[str, tuple]]:
    """What the map of ``count`` sites in a ring of routes draws, in order."""
    calls: list[tuple[str, tuple]] = []

    class Noting(Sheet):
        def line(self, x0, y0, x1, y1, width_mm=0.25, colour=None):  # type: ignore[override]
            calls.append(("line", (x0, y0, x1, y1, colour)))

        def box(self, r, width_mm=0.25, colour=None, fill=None):  # type: ignore[override]
            calls.append(("box", (r, fill)))

        def text(self, x, y, text, size_pt=9, bold=False, colour=None, **rest):  # type: ignore[override]
            calls.append(("text", (text, colour)))

    sites = [SiteBox(f"s{n}", f"Site {n}", "8 halls", ()) for n in range(count)]
    routes = [FibreLine(f"s{n}", f"s{(n + 1) % count}", LABEL) for n in range(count)][
        : max(1, count if count > 2 else 1)
    ]
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    site_map_page(sites, routes).draw(Noting(painter, SheetFrame.of(paper), 25.4))
    painter.end()
    return calls


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3", "Tabloid"])
@pytest.mark.parametrize("count", [2, 3, 5, 9, 12])
def test_every_route_shows_between_its_sites_past_its_words(count, paper, gui_app):
    """A trial's two-sites map on A4 showed no line between North and South: a 70 mm
    patch behind the words covered all of it between the boxes."""
    calls = drawn(count, paper)
    lines = [args for kind, args in calls if kind == "line" and args[-1] == FIBRE]
    sites = [args[0] for kind, args in calls if kind == "box" and args[1] is not None][:count]
    patches = [args[0] for kind, args in calls[calls.index(("line", lines[-1])) :] if kind == "box"]
    patches = [r for r in patches if r not in sites]
    for x0, y0, x1, y1, _ in lines:
        points = [(x0 + (x1 - x0) * t / 200, y0 + (y1 - y0) * t / 200) for t in range(201)]

        def inside(r, x, y):
            return r.x <= x <= r.right and r.y <= y <= r.bottom

        between = [p for p in points if not any(inside(r, *p) for r in sites)]
        shown = [p for p in between if not any(inside(r, *p) for r in patches)]
        assert between and len(shown) >= len(between) / 2, (count, paper)
    # and the words stay inside the drawing area (a review's 12 sites on A4 wrote past it)
    area = SheetFrame.of(paper).content
    for r in patches:
        assert area.x - 1e-9 <= r.x and r.right <= area.right + 1e-9, (count, paper)


@pytest.mark.parametrize("count", [2, 3, 9])
def test_a_routes_words_are_written_after_every_site_box(count, gui_app):
    """The campus's A4 map cut "1,382.4 Tb/s ... 54 fibre pairs" at both ends under the
    site boxes drawn after it."""
    calls = drawn(count, "A4")
    last_box = max(
        i
        for i, (kind, args) in enumerate(calls)
        if kind == "box" and args[1] is not None and args[1].name() != "#ffffff"
    )
    words = [i for i, (kind, args) in enumerate(calls) if kind == "text" and args[1] == FIBRE]
    assert words and min(words) > last_box
    # and after every patch, so no patch clips the descenders of the line above it
    patches = [
        i
        for i, (kind, args) in enumerate(calls)
        if kind == "box" and args[1] is not None and args[1].name() == "#ffffff"
    ]
    assert max(patches) < min(words)


def test_a_site_of_several_halls_gets_a_map_of_where_they_stand(gui_app):
    """A trial typed the halls' Site X and Y blind: a one-site set had no site map."""
    from designer.core.document import operations as ops
    from designer.report.drawing_set import drawing_set
    from tests.core.rules.helpers import CATALOG, hall_doc, second_hall

    doc, first = hall_doc()
    one_hall = [page.title for page in drawing_set(doc.project, CATALOG, "A3")]
    assert not any(title.startswith("Site map") for title in one_hall)
    second = second_hall(doc, doc.project.halls[first].site_id)
    ops.update(doc, second, site_origin=(25_000, 0))
    [site_map] = [p for p in drawing_set(doc.project, CATALOG, "A3") if p.title == "Site map"]
    from tests.report.drawn import texts_drawn

    written = texts_drawn([site_map], "A3")
    assert {"The site and its halls", "Hall 1", "Hall 2"} <= set(written)
    # to a scale of its own, which a bar shows, with the cable entries the links run from
    assert site_map.scale == "as shown"
    assert any(text.endswith(" m") for text in written)  # the bar's length
    ops.update(doc, first, cable_entry=(0, 600))
    ops.update(doc, second, cable_entry=(0, 600))
    [site_map] = [p for p in drawing_set(doc.project, CATALOG, "A3") if p.title == "Site map"]
    marks: list[object] = []

    class Noting(Sheet):
        def polygon(self, points, width_mm=0.25, colour=None, fill=None):  # type: ignore[override]
            if fill == style.TRAY_EDGE:
                marks.append(points)

    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    site_map.draw(Noting(painter, SheetFrame.of("A3"), 25.4))
    painter.end()
    assert len(marks) == 2


def test_halls_of_one_size_are_drawn_alike_in_every_sites_box(gui_app):
    """A trial's two-sites map drew South's 6 m hall fifteen times as wide as North's two,
    each box having a scale of its own: now every box has the one scale of the bar."""
    from designer.report.pages.site_map import HALL_FILL

    def square(x: float) -> tuple:  # a 40 m square hall at x on its site plan
        return ((x, 0.0), (x + 40_000, 0.0), (x + 40_000, 40_000), (x, 40_000))

    sites = [
        SiteBox("a", "A", "1 hall", (("A1", square(0)),)),
        SiteBox("b", "B", "2 halls", (("B1", square(0)), ("B2", square(200_000)))),
    ]
    widths: list[float] = []
    bars: list[str] = []

    class Noting(Sheet):
        def polygon(self, points, width_mm=0.25, colour=None, fill=None):  # type: ignore[override]
            if fill == HALL_FILL:
                widths.append(max(x for x, _ in points) - min(x for x, _ in points))

        def text(self, x, y, text, size_pt=9, bold=False, colour=None, **rest):  # type: ignore[override]
            if text.endswith(" m"):
                bars.append(text)

    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    site_map_page(sites, []).draw(Noting(painter, SheetFrame.of("A3"), 25.4))
    painter.end()
    assert len(widths) == 3
    assert max(widths) - min(widths) < 1e-6 and widths[0] > 7
    assert len(bars) == 1  # one bar for all the boxes


def test_the_run_between_two_halls_of_a_site_is_drawn_with_its_length_and_links(gui_app):
    """Two-sites' North halls' cable entries stand 150 m apart on one line, and the map
    showed nothing between them. North's 8 DGX racks take 32 links each to 8 leaves: 32 down
    and, non-blocking, 32 up per leaf; the 4 leaves in hall 2 reach the 4 spines in hall 1:
    4 x 32 = 128 links between the halls."""
    from designer.core.catalog import default_catalog
    from designer.core.examples import EXAMPLES
    from designer.core.rules import RuleEngine
    from designer.core.rules.network import PLAN
    from designer.report.drawing_set import drawing_set
    from tests.report.drawn import texts_drawn

    project = EXAMPLES["two-sites"]().project
    catalog = default_catalog()
    plan = RuleEngine(catalog).derived(PLAN, project)
    [site_map] = [
        p for p in drawing_set(project, catalog, "A3", plan=plan) if "Site map" in p.title
    ]
    assert "150 m, 128 links" in texts_drawn([site_map], "A3")


def test_a_site_box_sets_its_facility_power_not_its_it_against_the_sites_capacity(gui_app):
    """A review read "498.4 kW IT of 800 kW" while the power table had North 81 % full: the
    site's capacity is for IT x PUE, 498.4 x 1.3 = 647.9 kW, 81 % of 800 kW."""
    from designer.core.catalog import default_catalog
    from designer.core.examples import EXAMPLES
    from designer.report.drawing_set import drawing_set
    from tests.report.drawn import texts_drawn

    project = EXAMPLES["two-sites"]().project
    pages = [p for p in drawing_set(project, default_catalog(), "A3") if "Site map" in p.title]
    drawn = texts_drawn(pages, "A3")
    assert "2 halls, 498.4 kW IT; facility 647.9 kW of 800 kW (81 %)" in drawn
    assert "1 hall, 249.2 kW IT; facility 324 kW of 400 kW (81 %)" in drawn


@pytest.mark.parametrize("paper", ["A4", "Letter", "A3", "Tabloid"])
def test_the_note_under_the_heading_stays_within_the_sheet(paper, gui_app):
    """On A4 and Letter the note ran past the sheet's edge (its last word at 842.7 pt on an
    842 pt page)."""
    frame = SheetFrame.of(paper)
    written: list[tuple[float, str, float]] = []

    class Noting(Sheet):
        def text(self, x, y, text, size_pt=9, bold=False, colour=None, **rest):  # type: ignore[override]
            written.append((x, text, size_pt))

    sites = [SiteBox(f"s{n}", f"Site {n}", "8 halls", ()) for n in range(2)]
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    site_map_page(sites, [FibreLine("s0", "s1", LABEL)]).draw(Noting(painter, frame, 25.4))
    painter.end()
    note = [(x, t, size) for x, t, size in written if "scale" in t or "runs between" in t]
    assert note and " ".join(t for _, t, _ in note).startswith("Not to scale between sites")
    for x, text, size in note:
        assert x + text_width(text, size) <= frame.content.x + frame.content.width
        assert size >= NOTE_LEAST_PT


def test_two_routes_between_two_sites_are_drawn_side_by_side_with_one_label(gui_app):
    """A pod over two sites is joined by two routes on separate paths (one cut must not split
    it): both lines show, apart, and their figures are said once, not twice on one spot."""
    from designer.core.catalog import default_catalog
    from designer.core.generate import ClusterRequest, generate
    from designer.report.drawing_set import drawing_set
    from tests.report.drawn import texts_drawn

    project = generate(ClusterRequest("gb300-su", sites=2, site_km=40))
    pages = drawing_set(project, default_catalog(), "A3")
    [site_map] = [p for p in pages if p.title.startswith("Site map")]
    written = " ".join(texts_drawn([site_map], "A3"))
    # 40 km x 4.9 us/km; each route half of a site's 28.8 Tb/s share: 36 links of 400ZR
    assert "2 routes, each 40 km fibre, 196 µs one way in the fibre" in written
    assert "each 14.4 Tb/s on 36 links of" in written
    lines: list[tuple[float, float, float, float]] = []

    class Noting(Sheet):
        def line(self, x0, y0, x1, y1, width_mm=0.25, colour=None):  # type: ignore[override]
            if colour == FIBRE:
                lines.append((x0, y0, x1, y1))

    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    site_map.draw(Noting(painter, SheetFrame.of("A3"), 25.4))
    painter.end()
    (ax, ay, bx, by), (cx, cy, dx, dy) = lines
    # parallel, 1.6 mm apart square to them
    assert (bx - ax, by - ay) == pytest.approx((dx - cx, dy - cy))
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    apart = abs((cx - ax) * (by - ay) - (cy - ay) * (bx - ax)) / length
    assert apart == pytest.approx(1.6)


def test_two_routes_of_different_lengths_are_said_one_line_each(gui_app):
    """A trial's label ran the two paths together and broke "path / 2" over two lines."""
    from designer.core.catalog import default_catalog
    from designer.core.document import operations as ops
    from designer.core.examples import EXAMPLES
    from designer.report.drawing_set import drawing_set
    from tests.report.drawn import texts_drawn

    doc = EXAMPLES["two-sites"]()
    north, south = doc.project.sites
    ops.set_fibre_route(doc, north, south, 46, path=2)
    pages = drawing_set(doc.project, default_catalog(), "A3")
    [site_map] = [p for p in pages if p.title.startswith("Site map")]
    written = texts_drawn([site_map], "A3")
    assert "2 routes on separate paths" in written
    # 46 km x 4.9 us/km; each route half of the 6.4 Tb/s: 8 wavelengths of 400ZR
    first = next(t for t in written if t.startswith("Path 1: "))
    second = next(t for t in written if t.startswith("Path 2: "))
    assert first.startswith("Path 1: 40 km fibre, 196 µs one way in the fibre, 3.2 Tb/s on 8")
    assert second.startswith("Path 2: 46 km fibre, 225.4 µs one way in the fibre, 3.2 Tb/s")


def test_the_labels_of_runs_between_halls_cover_no_other_label_no_hall_and_no_name(gui_app):
    """A newcomer's campus read "62 m, 3,959 links ι, 7,84€62 m, ...": runs between halls
    that are not neighbours lie along one line, each label centred on it over the last, and
    the lower row's over the halls' names. On the 100k campus's map labels covered the tops
    of halls, and one stood outside its site's box, on the sheet's border."""
    from designer.core.catalog import default_catalog
    from designer.core.generate import ClusterRequest, generate
    from designer.report.drawing_set import drawing_set
    from tests.core.network.helpers import planned

    project = generate(ClusterRequest("campus-cm384", systems=144, sites=1))  # 8 halls
    [site_map] = [
        p for p in drawing_set(project, default_catalog(), "A3") if p.title.startswith("Site map")
    ]
    hall_names = {hall.name for hall in project.halls.values()}
    calls: list[tuple] = []

    class Noting(Sheet):
        def box(self, r, width_mm=0.25, colour=None, fill=None):  # type: ignore[override]
            calls.append(("box", r, fill))

        def line(self, x0, y0, x1, y1, width_mm=0.25, colour=None):  # type: ignore[override]
            calls.append(("line", width_mm, colour))

        def polygon(self, points, width_mm=0.25, colour=None, fill=None):  # type: ignore[override]
            xs, ys = [x for x, _ in points], [y for _, y in points]
            calls.append(
                ("polygon", Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)), fill)
            )

        def text(self, x, y, text, size_pt=9, bold=False, colour=None, **rest):  # type: ignore[override]
            calls.append(("text", text, x + rest.get("width", 0) / 2, y - 1))

    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    site_map.draw(Noting(painter, SheetFrame.of("A3"), 25.4))
    painter.end()
    # a run for each two halls with links between them; those left without a label are
    # counted under the halls, so none goes without a word (a review)
    table = planned(project).table()
    hall = {p.id: p.hall_id for p in project.placements.values()}
    runs = len(
        {
            frozenset((hall[a], hall[b]))
            for a, b in zip(table.a, table.b, strict=True)
            if a in hall and b in hall and hall[a] != hall[b]
        }
    )
    notes = [c[1] for c in calls if c[0] == "text" and "not labelled here" in c[1]]
    unlabelled = int(notes[0].split()[0]) if notes else 0  # the note only when some are
    # each run's label is written on the white patch drawn just before it
    patches = [
        before[1]
        for before, call in pairwise(calls)
        if call[0] == "text" and call[1].endswith(" links") and " m, " in call[1]
    ]
    names = [(call[2], call[3]) for call in calls if call[0] == "text" and call[1] in hall_names]
    halls = [call[1] for call in calls if call[0] == "polygon" and call[2] == HALL_FILL]
    [site_box] = [call[1] for call in calls if call[0] == "box" and call[2] == SITE_FILL]
    assert len(names) == 8 and len(halls) == 8 and len(patches) >= 7
    assert len(patches) + unlabelled == runs
    for i, a in enumerate(patches):
        assert not any(a.overlaps(b) for b in patches[i + 1 :])
        assert not any(a.x <= x <= a.right and a.y <= y <= a.bottom for x, y in names)
        assert not any(a.overlaps(hall) for hall in halls)
        assert site_box.x <= a.x and a.right <= site_box.right
        assert site_box.y <= a.y and a.bottom <= site_box.bottom


@pytest.mark.parametrize(
    ("request_", "halls", "runs"),
    [
        (("campus-cm384", 48, None), 3, 3),  # 1-2, 2-3 and 1-3
        (("campus-nvl72", 25, 4), 4, 6),  # every two of four
    ],
    ids=["three-in-a-row", "four-in-a-row"],
)
def test_runs_between_halls_in_a_row_are_drawn_on_lines_of_their_own(
    gui_app, request_, halls, runs
):
    """Halls in a row: the first's run to the third passed the second's cable entry along
    the very line of the runs to it, and a trial could not tell the three apart; with four,
    the run from the first to the fourth stayed on that line, the nearer lines beside it
    lying in the halls or taken. No two runs now share a stretch of line, and none that
    was moved crosses a hall."""
    from designer.core.catalog import default_catalog
    from designer.core.generate import ClusterRequest, generate
    from designer.report.drawing_set import drawing_set

    preset, systems, per_site = request_
    project = generate(ClusterRequest(preset, systems=systems, sites=1, halls_per_site=per_site))
    [site_map] = [
        p for p in drawing_set(project, default_catalog(), "A3") if p.title.startswith("Site map")
    ]
    legs: list[tuple[float, float, float, float]] = []
    outlines: list[tuple[float, float, float, float]] = []

    class Noting(Sheet):
        def line(self, x0, y0, x1, y1, width_mm=0.25, colour=None):  # type: ignore[override]
            if (width_mm, colour) == (RUN_MM, FIBRE) and (x0, y0) != (x1, y1):
                legs.append((x0, y0, x1, y1))

        def polygon(self, points, width_mm=0.25, colour=None, fill=None):  # type: ignore[override]
            if len(points) == 4:  # a hall's outline (the entries are octagons)
                xs, ys = [x for x, _ in points], [y for _, y in points]
                outlines.append((min(xs), min(ys), max(xs), max(ys)))

    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    site_map.draw(Noting(painter, SheetFrame.of("A3"), 25.4))
    painter.end()
    assert len(outlines) == halls
    across = [(min(x0, x1), max(x0, x1), y0) for x0, y0, x1, y1 in legs if abs(y0 - y1) < 0.01]
    assert len(across) == runs  # each run with one leg across
    for i, (a0, a1, ay) in enumerate(across):
        for b0, b1, by in across[i + 1 :]:
            assert abs(ay - by) > 0.5 or a1 <= b0 + 0.01 or b1 <= a0 + 0.01
    lifted = max(across, key=lambda leg: leg[1] - leg[0])
    assert not any(y0 < lifted[2] < y1 for _, y0, _, y1 in outlines)
