"""The shared drawing functions: what they draw, in bulk, at each level of detail.

Rendering is checked by looking at what was drawn (pixels at known places, how many paint
calls), not by comparing with a stored picture.
"""

import subprocess

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QImage,
    QPainter,
    QPolygonF,
    QTransform,
)

from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.core.findings import ERROR, OK, UNCHECKED, WARNING
from designer.core.geometry.footprint import Box
from designer.core.model.placement import Placement
from designer.core.rules import Finding, RuleEngine, Severity
from designer.core.rules.network import PLAN
from designer.drawing import arrays, links, racks, style, text
from designer.drawing.legend import scale_bar_length_m
from designer.drawing.lod import LABEL_LOD, Context
from designer.drawing.markers import markers_for
from designer.drawing.plan import draw_hall_plan, hall_plan, status_by_id
from designer.drawing.racks import draw_rack_labels, draw_racks, front_bands, rack_arrays


@pytest.fixture(autouse=True)
def app(qapp):
    """pytest-qt's QApplication (a bare QGuiApplication here would keep later widget tests from running)."""
    return qapp


def render(plan, scale: float, size=(1200, 900), origin=(0.0, 0.0), clip=None):
    """Draw ``plan`` at ``scale`` pixels per mm into an image; returns it and the painter's transform."""
    image = QImage(*size, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    transform = QTransform().scale(scale, scale).translate(-origin[0], -origin[1])
    painter.setTransform(transform)
    draw_hall_plan(painter, plan, Context.of(painter, clip))
    painter.end()
    return image, transform


def pixel(image, transform, x, y) -> QColor:
    point = transform.map(x, y)
    return image.pixelColor(round(point[0]), round(point[1]))


def finding(code, severity, ids, hall_id, where=None, excluded=False):
    return Finding(
        code,
        Severity(severity),
        f"{code} here",
        tuple(ids),
        None,
        None,
        "",
        hall_id,
        where,
        excluded,
    )


def test_a_plan_shows_racks_in_their_status_colour_with_the_front_marked():
    doc = EXAMPLES["gb200-nvl72-su"]()
    project = doc.project
    hall = next(iter(project.halls))
    nvl = next(r for r in project.placements.values() if r.label == "NVL72-02")
    bad = finding("power.feed_overload", "error", [nvl.id], hall)
    image, transform = render(hall_plan(project, hall, doc.rack_types, [bad]), 0.1)
    box = ops.footprint_of(project, nvl.id, doc.rack_types)
    neighbour = next(r for r in project.placements.values() if r.label == "NVL72-03")
    nbox = ops.footprint_of(project, neighbour.id, doc.rack_types)
    # a point near the rack's back, clear of the busway lines and the tray drawn over the row
    assert pixel(image, transform, box.x0 + 150, box.y0 + 80) == style.STATUS_FILL[ERROR]
    assert pixel(image, transform, nbox.x0 + 150, nbox.y0 + 80) == style.STATUS_FILL[OK]
    # rotation 180: the front faces down the page, and is drawn in the front-band colour
    assert nvl.rotation == 180
    assert pixel(image, transform, box.x0 + 150, box.y1 - 30) == style.FRONT_BAND[0]


def test_without_findings_racks_show_as_not_checked():
    doc = EXAMPLES["hgx-air-hall"]()
    hall = next(iter(doc.project.halls))
    plan = hall_plan(doc.project, hall, doc.rack_types)
    assert set(plan.racks.status.tolist()) == {UNCHECKED}
    assert set(hall_plan(doc.project, hall, doc.rack_types, []).racks.status.tolist()) == {OK}


def test_worst_finding_wins_and_accepted_ones_do_not_colour(app):
    findings = [
        finding("a", "info", ["r1"], "h"),
        finding("b", "warning", ["r1", "r2"], "h"),
        finding("c", "error", ["r2"], "h", excluded=True),
    ]
    assert status_by_id(findings) == {"r1": WARNING, "r2": WARNING}


@pytest.mark.parametrize(
    ("rotation", "expected"),
    [
        (0, (0, 0, 600, 100)),
        (90, (1_068, 0, 100, 600)),
        (180, (0, 968, 600, 100)),
        (270, (0, 0, 100, 600)),
    ],
)
def test_the_front_band_lies_along_the_edge_the_rack_faces(rotation, expected):
    width, depth = (600, 1_068) if rotation in (0, 180) else (1_068, 600)
    rect = np.array([[0, 0, width, depth]], dtype=float)
    band = front_bands(rect, np.array([rotation]), 100)
    if rotation == 90:
        expected = (width - 100, 0, 100, depth)
    assert tuple(band[0]) == expected


def test_a_rear_door_heat_exchanger_is_drawn_along_its_racks_rear_edge():
    """A review found the HGX hall's rear doors ordered and relied on but drawn nowhere.
    H100-01 faces down the page (180): its door is along its top edge; B200-01 faces up:
    along its bottom edge; NET-01 has none."""
    doc = EXAMPLES["hgx-air-hall"]()
    project = doc.project
    hall = next(iter(project.halls))
    image, transform = render(hall_plan(project, hall, doc.rack_types, []), 0.1)
    by_label = {r.label: r for r in project.placements.values()}

    def box(label):
        return ops.footprint_of(project, by_label[label].id, doc.rack_types)

    h100, b200, net = box("H100-01"), box("B200-01"), box("NET-01")
    assert pixel(image, transform, h100.x0 + 300, h100.y0 + 30) == style.REAR_DOOR
    assert pixel(image, transform, h100.x0 + 300, h100.y1 - 30) == style.FRONT_BAND[0]
    assert pixel(image, transform, b200.x0 + 300, b200.y1 - 30) == style.REAR_DOOR
    assert pixel(image, transform, b200.x0 + 300, b200.y0 + 30) == style.FRONT_BAND[0]
    assert pixel(image, transform, net.x0 + 300, net.y1 - 30) != style.REAR_DOOR


def test_racks_are_drawn_in_bulk_one_call_per_colour_not_per_rack(monkeypatch):
    doc = EXAMPLES["gb200-nvl72-su"]()
    placements = [
        Placement(
            id=f"r{i}",
            hall_id="h",
            type_id="nvidia-gb200-nvl72",
            x=(i % 50) * 600,
            y=(i // 50) * 1_200,
        )
        for i in range(1_000)
    ]
    worst = {f"r{i}": ERROR for i in range(0, 1_000, 7)}
    arrays_ = rack_arrays(placements, doc.rack_types, worst, checked=True)
    calls = []
    monkeypatch.setattr(racks, "draw_rects", lambda painter, r: calls.append(len(r)))
    labels = []
    monkeypatch.setattr(
        racks,
        "draw_labels_in",
        lambda painter, ctx, rects, texts, size, **_: labels.append(len(texts)),
    )
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.scale(0.01, 0.01)  # the whole block on screen: no labels
    draw_racks(painter, arrays_, Context.of(painter))
    draw_rack_labels(painter, arrays_, Context.of(painter))
    assert len(calls) == 3  # green fills, red fills, front bands
    assert sum(calls[:2]) == 1_000
    assert labels == []
    calls.clear()
    painter.resetTransform()
    painter.scale(0.2, 0.2)  # zoomed in: labels, but only for the racks in view
    clip = QRectF(0, 0, 2_000, 1_500)
    draw_racks(painter, arrays_, Context.of(painter, clip))
    draw_rack_labels(painter, arrays_, Context.of(painter, clip))
    painter.end()
    assert labels and labels[0] == 8  # 4 columns x 2 rows meet the clip (edges included)
    # each colour's fills, then their outlines (outlined apart, so that a PDF fills them
    # by the nonzero rule), then the front bands
    assert sum(calls[:-1]) == 2 * 8


def test_markers_sit_on_the_corner_of_what_they_name_or_at_where():

    boxes = {"r1": Box(0, 0, 600, 1_200)}
    found = markers_for(
        [
            finding("a", "error", ["r1"], "h"),
            finding("b", "warning", ["x"], "h", where=(5_000, 6_000)),
            finding("c", "info", ["r1"], "other"),
            finding("d", "error", ["r1"], "h", excluded=True),
        ],
        "h",
        boxes.get,
    )
    assert found.points.tolist() == [[5_000, 6_000], [600, 0]]  # warnings first, errors on top
    assert found.severity.tolist() == [1, 2]


def test_labels_are_elided_to_the_rack_and_run_up_a_narrow_one():
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.scale(0.1, 0.1)
    ctx = Context.of(painter)
    assert ctx.points_per_mm >= LABEL_LOD
    text.draw_boxed_labels(painter, ctx, [(QRectF(100, 100, 600, 1_200), "CM384-01-compute-01")], 7)
    painter.end()
    ink = [
        (x, y) for x in range(200) for y in range(200) if image.pixelColor(x, y).lightness() < 128
    ]
    xs, ys = {x for x, _ in ink}, {y for _, y in ink}
    assert ink and max(ys) - min(ys) > max(xs) - min(xs)  # the text runs up the rack
    assert min(xs) >= 10 and max(xs) <= 70 and min(ys) >= 10 and max(ys) <= 130


@pytest.mark.parametrize(
    "transform",
    [
        QTransform().translate(30, -12),
        QTransform().translate(-4, 7).scale(0.047, 0.047),
        QTransform().scale(-0.5, 0.25),  # mirrored across
        QTransform().rotate(90).scale(0.1, 0.1),
    ],
)
def test_labels_are_placed_in_their_rectangles_as_qt_maps_them(transform):
    rects = np.array([(0, 0, 600, 1_200), (1_234.5, -600, 2_400, 1), (7, 9, 0, 0)], dtype=float)
    boxes = text._device_boxes(transform, rects)
    assert boxes.tolist() == [list(transform.mapRect(QRectF(*r)).getRect()) for r in rects]


def test_a_label_is_measured_as_qt_measures_it_in_the_plan_font():
    width = QFontMetricsF(style.font(6.5, 1200 / 72, True)).horizontalAdvance("CM384-017")
    for _ in range(2):  # measured, then remembered
        assert text.text_advance("CM384-017", 6.5, 1200 / 72, True) == width


def test_the_scale_bar_picks_the_longest_round_length_that_fits():
    assert scale_bar_length_m(0.1, 220) == 2
    assert scale_bar_length_m(0.01, 220) == 20
    assert scale_bar_length_m(1.0, 220) == 0.5  # nothing shorter is offered


def test_every_example_hall_draws_at_every_level_of_detail():
    for build in EXAMPLES.values():
        doc = build()
        for hall in doc.project.halls:
            plan = hall_plan(doc.project, hall, doc.rack_types, [])
            for scale in (0.005, 0.05, 0.3):
                image, _ = render(plan, scale, (600, 400))
                assert not image.isNull()


def test_arrays_draw_only_what_meets_the_clip():
    rects = np.array([[0, 0, 10, 10], [100, 100, 10, 10], [5, 5, 1, 1]], dtype=float)
    assert arrays.in_clip(rects, QRectF(0, 0, 20, 20)).tolist() == [True, False, True]
    assert arrays.in_clip(rects, None).all()


def overlap(a, b) -> bool:
    """True when two axis-parallel segments (x1, y1, x2, y2) run along each other."""
    for along, across in ((0, 1), (1, 0)):
        if a[across] == a[across + 2] == b[across] == b[across + 2]:
            low, high = (
                max(min(a[along], a[along + 2]), min(b[along], b[along + 2])),
                min(max(a[along], a[along + 2]), max(b[along], b[along + 2])),
            )
            return high > low
    return False


def test_links_are_drawn_in_lanes_one_call_per_family_and_width(monkeypatch):
    doc = EXAMPLES["two-sites"]()
    plan = RuleEngine(doc.catalog).derived(PLAN, doc.project)
    hall = next(iter(doc.project.halls))
    geometry = hall_plan(doc.project, hall, doc.rack_types, [], plan).links
    assert geometry.families == ("multimode", "single-mode")
    # where both families share a piece of tray they run side by side, not over each other
    rows = [
        (name, width, geometry.offset_pt[row], geometry.lines[row])
        for name, width, chosen in geometry.batches
        for row in chosen.tolist()
    ]
    shared = [(a, b) for a in rows for b in rows if a[0] < b[0] and overlap(a[3], b[3])]
    assert shared
    for (_, w1, o1, _), (_, w2, o2, _) in shared:
        assert abs(o1 - o2) >= (w1 + w2) / 2
    calls = []
    monkeypatch.setattr(links, "draw_lines", lambda painter, lines: calls.append(len(lines)))
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.scale(0.05, 0.05)  # close: a casing and a colour pass per family and width
    links.draw_links(painter, geometry, Context.of(painter))
    assert len(calls) == 2 * len(geometry.batches)
    assert sum(calls) == 2 * len(geometry)
    calls.clear()
    painter.resetTransform()
    painter.scale(0.001, 0.001)  # far out: one thin pass on the centre lines
    links.draw_links(painter, geometry, Context.of(painter))
    painter.end()
    assert len(calls) == len(geometry.batches)


def test_link_widths_grow_by_decade_and_stop_at_the_widest():
    widths = [w for _, w in links.example_widths()]
    assert widths == sorted(widths) and widths[0] == links.BASE_PT
    assert links.width_pt(np.array([10**6]))[0] == links.WIDEST_PT


def test_a_label_is_set_on_its_rack_fill_so_lines_pass_under_it():
    image = QImage(400, 200, QImage.Format.Format_ARGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    painter.setTransform(QTransform().scale(0.2, 0.2))  # 1 px = 5 mm
    ctx = Context.of(painter)
    rack = QRectF(0, 0, 1_800, 1_000)
    fill, line = QColor("#64a878"), QColor("#ff0000")
    painter.fillRect(rack, fill)
    painter.fillRect(QRectF(0, 480, 1_800, 40), line)  # a link along the rack's middle
    text.draw_boxed_labels(painter, ctx, [(rack, "NET-01")], 7, backgrounds=[fill])
    painter.end()
    metrics = QFontMetricsF(style.font(7, ctx.px_per_point))
    left = 180 - metrics.horizontalAdvance("NET-01") / 2  # the label is centred at x = 180 px
    # just left of the first letter, on the line: the rack's fill, not the link's red
    assert image.pixelColor(round(left) - 1, 100) == fill
    # beyond the label the link is still drawn
    assert image.pixelColor(5, 100) == line


def test_too_far_out_for_rack_labels_each_system_is_named_once(monkeypatch):
    project = EXAMPLES["cm384-supernode"]().project
    [group] = project.groups.values()
    arrays_ = rack_arrays(
        project.placements.values(),
        EXAMPLES["cm384-supernode"]().rack_types,
        system_labels={group.id: group.label},
    )
    written: list[list[str]] = []

    def noting(painter, ctx, rects, texts, *args, **kwargs):
        written.append(list(texts))

    monkeypatch.setattr(racks, "draw_labels_in", noting)
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    at_1_200 = 1 / 200 / 25.4 * 72  # points per mm of floor at 1:200
    draw_rack_labels(painter, arrays_, Context(at_1_200, 1.0))
    draw_rack_labels(painter, arrays_, Context(LABEL_LOD, 1.0))
    painter.end()
    system_only, every_rack = written
    assert system_only == [group.label]
    assert len(every_rack) == len(project.placements) == 16


def test_a_busway_across_a_cdu_passes_under_its_label():
    """Both trials saw busway lines run through CDU labels: the labels are now drawn with the
    rack labels, over busways and links, on a patch of the unit's fill."""
    from designer.drawing.cooling import _UNIT_FILL
    from tests.core.rules.helpers import hall_doc

    doc, hall = hall_doc(width=6_000, depth=6_000)
    ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 2_000, 2_000, "CDU-1")  # 800 x 1,200
    # a busway through the middle of the CDU, where its label's two lines meet
    ops.add_feed(doc, hall, "busway-800a-415v", [(1_000, 2_600), (5_000, 2_600)], "A1", side="A")
    plan = hall_plan(doc.project, hall, doc.rack_types, [])
    image, transform = render(plan, 0.25, size=(1600, 1600))
    assert pixel(image, transform, 4_000, 2_600) != _UNIT_FILL["cdu"]  # the busway, beyond it
    assert pixel(image, transform, 2_400, 2_600) == _UNIT_FILL["cdu"]  # under the label


def _tray_over_a_row():
    """Four NVL72s in a row (x 2,000 to 4,400 mm, y 2,000 to 3,068 mm), a tray along the
    row's middle and a riser tray over open floor."""
    from tests.core.rules.helpers import hall_doc

    doc, hall = hall_doc(width=12_000, depth=8_000)
    for x in range(2_000, 4_400, 600):
        ops.place_rack(doc, hall, "nvidia-gb200-nvl72", x, 2_000)
    ops.add_tray(doc, hall, [(2_000, 2_534), (4_400, 2_534)], 2_800, 600, 150, "Row tray")
    ops.add_tray(doc, hall, [(8_000, 1_000), (8_000, 7_000)], 2_800, 300, 150, "Riser")
    return doc, hall


def test_a_trays_name_is_written_clear_of_the_racks_under_it():
    """A trial saw "Tray N1" written across the rack labels of the row it runs over."""
    doc, hall = _tray_over_a_row()
    plan = hall_plan(doc.project, hall, doc.rack_types, [])
    row, riser = plan.trays.labels
    # the whole tray runs over racks: its name goes just past its west end, written up to it
    assert (row.anchor.x(), row.anchor.y(), row.upright, row.align) == (1_900, 2_534, False, "end")
    # over open floor, the middle of the tray, written along it
    assert (riser.anchor.x(), riser.anchor.y(), riser.upright) == (8_000, 4_000, True)
    named, _ = render(plan, 0.25, size=(3_000, 2_000))
    unnamed_plan = hall_plan(doc.project, hall, doc.rack_types, [])
    unnamed_plan.trays.labels.clear()  # the same plan with no names written
    unnamed, transform = render(unnamed_plan, 0.25, size=(3_000, 2_000))
    # the row tray's name shows west of the row, on open floor, and nothing of it on the racks
    west = [(x, 2_534) for x in range(1_000, 1_900, 20)]
    assert any(pixel(named, transform, x, y) != pixel(unnamed, transform, x, y) for x, y in west)
    on_row = [(x, y) for x in range(2_000, 4_400, 20) for y in range(2_100, 3_000, 40)]
    assert all(pixel(named, transform, x, y) == pixel(unnamed, transform, x, y) for x, y in on_row)


def test_a_short_drops_name_is_set_off_it_with_a_leader_rather_than_on_the_racks():
    """The HGX example's "Drop to H100 row", 0.6 m of tray between the cross tray and the
    row, was written over H100-01's label: every place on the drop or past its ends covers
    a rack or runs out of the hall. Its name now stands clear, a leader to the drop."""
    from designer.core.catalog import default_catalog
    from designer.core.examples import EXAMPLES
    from designer.drawing.tray_labels import _label_box

    project = EXAMPLES["hgx-air-hall"]().project
    hall = next(iter(project.halls))
    plan = hall_plan(project, hall, default_catalog().racks, [])
    labels = {label.name: label for label in plan.trays.labels}
    racks = plan.racks.rects  # x, y, width, height
    for name in ("Drop to H100 row", "Drop to B200 row"):
        label = labels[name]
        assert label.leader is not None
        # the drop runs from x 600 to 1,200: the leader ends at its middle
        assert label.leader.x() == 900
        x0, y0, x1, y1 = _label_box(label)
        assert not any(
            x0 < x + w and x1 > x and y0 < y + h and y1 > y for x, y, w, h in racks.tolist()
        ), name
    # a name with room on its tray keeps it, without a leader
    assert labels["Tray H100 row"].leader is None and labels["Cross tray"].leader is None


def test_a_busway_across_a_column_passes_under_its_name():
    """A trial saw the busway strike through column "C1" in the mistakes example."""
    from tests.core.rules.helpers import hall_doc

    doc, hall = hall_doc(width=6_000, depth=6_000)
    square = [(2_000, 2_000), (2_600, 2_000), (2_600, 2_600), (2_000, 2_600)]
    ops.add_obstacle(doc, hall, "column", square, "C1")
    ops.add_feed(doc, hall, "busway-800a-415v", [(1_000, 2_300), (5_000, 2_300)], "A1", side="A")
    plan = hall_plan(doc.project, hall, doc.rack_types, [])
    image, transform = render(plan, 0.25, size=(1600, 1600))
    assert pixel(image, transform, 4_000, 2_300) != style.COLUMN  # the busway, beyond it
    # beside the name's letters, on the patch set under them: the column's grey
    assert pixel(image, transform, 2_300 - 7 * 4, 2_300) == style.COLUMN


def test_after_an_edit_only_trays_near_it_have_their_names_placed_again():
    from designer.core.model.hall import CableTray
    from designer.drawing.tray_labels import TrayLabel, tray_labels

    def tray(name, y):
        path = [(1_000, y), (9_000, y)]
        return CableTray(
            id=name, hall_id="h", name=name, path=path, height_mm=2_800, width_mm=600, depth_mm=150
        )

    north, south = tray("North", 1_000), tray("South", 20_000)
    first = tray_labels([north, south])
    assert [(label.anchor.x(), label.anchor.y()) for label in first] == [
        (5_000, 1_000),
        (5_000, 20_000),
    ]
    # a rack now stands under the middle of the north tray; the south one is 19 m away
    rack = np.array([[4_500.0, 500.0, 5_500.0, 1_500.0]])
    kept = TrayLabel(QPointF(3_000, 20_000), "South", False)  # wherever it was
    again = tray_labels([north, south], rack, [first[0], kept], (4_500, 500, 5_500, 1_500))
    assert again[1] is kept
    assert again[0].anchor.x() != 5_000  # moved off the rack


def test_each_part_of_a_tiled_plan_names_the_halls_dimensions_within_it(monkeypatch):
    """A4 parts of the campus's 38.4 x 19.2 m hall: part 1 showed its width line without
    "38.4 m" (set at the hall's middle, on part 2) and "19.2 m" cut in half at its edge."""
    from designer.drawing import floor

    hall = floor.FloorGeometry(
        QPolygonF([QPointF(0, 0), QPointF(38_400, 0), QPointF(38_400, 19_200), QPointF(0, 19_200)]),
        QRectF(0, 0, 38_400, 19_200),
        600,
        True,
        "Hall",
    )
    placed: dict[str, QPointF] = {}
    monkeypatch.setattr(
        floor, "draw_text_at", lambda painter, ctx, at, label, *a, **k: placed.update({label: at})
    )
    at_1_100 = 1 / 100 / 25.4 * 72  # points per mm of floor
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    part_1 = QRectF(-700, -700, 13_300, 10_300)  # columns 1 of 3, rows 1 of 2
    try:
        floor.draw_dimensions(painter, hall, Context(at_1_100, 1.0, part_1, part_1))
        # the part cuts both lines: their figures say they are the hall's, not the part's
        assert placed["38.4 m (whole hall)"].x() == pytest.approx((0 + 12_600) / 2)
        assert placed["19.2 m (whole hall)"].y() == pytest.approx((0 + 9_600) / 2)
        # the canvas repaints a strip at a time: its labels stay at the hall's middle
        placed.clear()
        floor.draw_dimensions(painter, hall, Context(at_1_100, 1.0, part_1))
        assert (placed["38.4 m"].x(), placed["19.2 m"].y()) == (19_200, 9_600)
        # a part showing half a metre of the width line leaves its figure to the others
        placed.clear()
        sliver = QRectF(37_900, -700, 1_200, 10_300)
        floor.draw_dimensions(painter, hall, Context(at_1_100, 1.0, sliver, sliver))
        assert not [label for label in placed if label.startswith("38.4 m")]
    finally:
        painter.end()


def test_the_cable_entry_is_marked_and_named_towards_the_middle_of_the_hall(monkeypatch):
    """The hall's properties set where cables leave for other halls; the plan shows it."""
    from designer.drawing import floor

    named: list[tuple[QPointF, str, Qt.AlignmentFlag]] = []
    monkeypatch.setattr(
        floor,
        "draw_text_at",
        lambda painter, ctx, at, text, *a, align, **k: named.append((at, text, align)),
    )
    outline = [QPointF(0, 0), QPointF(10_800, 0), QPointF(10_800, 7_200), QPointF(0, 7_200)]

    def hall(entry):
        return floor.FloorGeometry(
            QPolygonF(outline), QRectF(0, 0, 10_800, 7_200), 600, True, "Hall", entry
        )

    at_1_100 = 1 / 100 / 25.4 * 72  # points per mm of floor
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    floor.draw_cable_entry(painter, hall(QPointF(0, 600)), Context(at_1_100, 1.0))
    floor.draw_cable_entry(painter, hall(QPointF(10_800, 600)), Context(at_1_100, 1.0))
    floor.draw_cable_entry(painter, hall(QPointF(0, 600)), Context(at_1_100 / 4, 1.0))  # 1:400
    floor.draw_cable_entry(painter, hall(None), Context(at_1_100, 1.0))
    painter.end()
    (west, west_text, west_align), (east, _, east_align) = named  # no name at 1:400, none without
    assert west_text == "Cable entry"
    assert west.x() > 0 and west_align & Qt.AlignmentFlag.AlignLeft  # into the hall, eastwards
    assert east.x() < 10_800 and east_align & Qt.AlignmentFlag.AlignRight


def test_plan_text_in_a_pdf_is_found_by_search(tmp_path):
    """A ligature would turn "fi" into one glyph that pdftotext and viewers' search miss."""
    from PySide6.QtGui import QPdfWriter

    path = tmp_path / "label.pdf"
    writer = QPdfWriter(str(path))
    painter = QPainter(writer)
    painter.scale(5, 5)
    text.draw_text_at(painter, Context.of(painter), QPointF(200, 100), "Tray fill, office", 9)
    painter.end()
    found = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout
    assert "Tray fill, office" in found


def test_two_racks_that_overlap_are_filled_where_they_overlap_in_a_pdf(tmp_path):
    """An audit: two racks standing over each other (an error the check reports) printed
    a white hole where they overlap, as a PDF filled a colour's rectangles drawn with a pen
    as one path by the even-odd rule. Two NVL72 600 mm apart of their 600 mm widths less
    200: 1 mm a point, the overlap from x 400 to 600 mm."""
    doc = EXAMPLES["gb200-nvl72-su"]()
    pair = [
        Placement(id=f"r{i}", hall_id="h", type_id="nvidia-gb200-nvl72", x=x, y=100)
        for i, x in enumerate((0, 400))
    ]
    arrays_ = rack_arrays(pair, doc.rack_types, {"r0": ERROR, "r1": ERROR}, checked=True)

    def draw(painter):  # type: ignore[no-untyped-def]
        painter.translate(20, 20)
        painter.scale(0.25, 0.25)  # close enough in for the racks' outlines
        draw_racks(painter, arrays_, Context.of(painter))

    page = pdf_page(tmp_path, draw)
    fill = style.STATUS_FILL[ERROR]
    for x_mm in (200, 500, 800):  # the first alone, both, the second alone
        found = page.pixelColor(round(20 + 0.25 * x_mm), round(20 + 0.25 * 600))
        assert abs(found.red() - fill.red()) + abs(found.green() - fill.green()) < 30, x_mm


def test_two_findings_on_one_rack_still_make_a_filled_marker_in_a_pdf(tmp_path):
    """A trial saw only a hollow ring on NVL72-01 in the mistakes example's PDF: its two
    errors put two discs in one place, and the odd-even fill rule cancelled them."""
    from designer.drawing.markers import MARKER_PT, draw_markers

    r = MARKER_PT / 2  # points: the PDF below has one device unit per point
    # the disc sits just inside the top-right corner (x, y) of what it names, its centre at
    # (x - 0.6 r, y + 0.6 r): a rack whose corner puts the centre at (200, 200) points
    x, y = 200 + 0.6 * r, 200 - 0.6 * r
    corner = Box(x - 100, y, x, y + 100)
    both = [finding("a.one", "error", ["rk"], "h"), finding("a.two", "error", ["rk"], "h")]
    markers = markers_for(both, "h", lambda _id: corner)
    assert len(markers) == 2
    page = pdf_page(tmp_path, lambda painter: draw_markers(painter, markers, Context.of(painter)))
    inside = page.pixelColor(200 + 3, 200)  # in the disc, beside the "!"
    red = style.SEVERITY_COLOUR["error"]
    assert abs(inside.red() - red.red()) + abs(inside.green() - red.green()) < 30


def pdf_page(tmp_path, draw):  # type: ignore[no-untyped-def]
    """What ``draw(painter)`` paints on a PDF page of one device unit per point, read back
    as poppler renders it at 72 dpi."""
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPdfWriter

    path = tmp_path / "drawn.pdf"
    pdf = QPdfWriter(str(path))
    pdf.setResolution(72)
    pdf.setPageMargins(QMarginsF())
    painter = QPainter(pdf)
    draw(painter)
    painter.end()
    subprocess.run(
        ["pdftoppm", "-r", "72", "-png", "-singlefile", str(path), str(tmp_path / "page")],
        check=True,
    )
    return QImage(str(tmp_path / "page.png"))
