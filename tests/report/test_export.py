"""The drawing set as a reader checks it: sheets, title blocks, rack types, totals, scale."""

import itertools
import re
import subprocess
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.core.io.atomic import OutputError
from designer.drawing.racks import short_name
from designer.report.export import export

CATALOG = default_catalog()


def text_of(pdf: Path, page: int | None = None) -> str:
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return subprocess.run(
        ["pdftotext", "-layout", *pages, str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout


def words_on(pdf: Path, page: int) -> list[tuple[str, float, float, float, float]]:
    """Each word of ``page`` with its box (x0, y0, x1, y1 in points), as pdftotext finds it."""
    html = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
        html,
    )
    return [(w, float(a), float(b), float(c), float(d)) for a, b, c, d, w in found]


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))


# Sheets: cover, the site map when there are several sites, one plan per hall (none of the
# examples needs tiles on A3), findings, resilience, power and cooling, energy and cost per
# site, cabling, bill of materials (with several sites, the whole bill and North's part on
# one sheet, South's part on a second).
EXPECTED_SHEETS = {
    "gb200-nvl72-su": 1 + 1 + 5 + 1,
    "cm384-supernode": 1 + 1 + 5 + 1,
    "hgx-air-hall": 1 + 1 + 5 + 1,
    "mistakes": 1 + 1 + 5 + 1,
    "two-sites": 1 + 1 + 3 + 5 + 2 + 1,
}


@pytest.mark.parametrize("name", sorted(EXPECTED_SHEETS))
def test_each_example_makes_its_sheets_with_title_blocks_types_and_totals(name, tmp_path, gui_app):
    project = EXAMPLES[name]().project
    pdf = tmp_path / f"{name}.pdf"
    export(project, CATALOG, pdf, "A3")
    sheets = EXPECTED_SHEETS[name]
    assert page_count(pdf) == sheets
    text = text_of(pdf)
    assert text.count(project.meta.name) >= sheets
    assert f"{sheets} of {sheets}" in text
    assert project.meta.date in text
    for type_id in {r.type_id for r in project.placements.values()}:
        kind = CATALOG.racks[type_id]

        assert kind.name in text  # on the cover
        assert short_name(kind) in text  # beside the plans
    for hall in project.halls.values():
        assert f"{hall.name}: floor plan" in text
    # a hall's cable entry is marked and named on its plan (the mistakes hall has none)
    entries = sum(hall.cable_entry is not None for hall in project.halls.values())
    assert text.count("Cable entry") == entries
    accelerators = sum(CATALOG.racks[r.type_id].accelerators for r in project.placements.values())
    assert f"{accelerators:,}" in text_of(pdf, 1)


def test_the_cover_states_the_scalable_units_totals(tmp_path, gui_app):
    pdf = tmp_path / "su.pdf"
    export(EXAMPLES["gb200-nvl72-su"]().project, CATALOG, pdf, "A3")
    cover = text_of(pdf, 1)
    assert "576" in cover  # 8 NVL72 x 72 GPUs
    # 8 NVL72 x 132 kW + 3 QM9700 racks x 12 switches x 1.7 kW = 1,117.2 kW; at PUE 1.2
    # that is 1,340.6 kW of facility power
    assert "1,117.2 kW" in cover
    assert "1,340.6 kW" in cover
    assert "at PUE 1.2" in cover
    # Busways A2 and B2 at 589.2 of 718.8 kW (82 %), the hall's power and heat at 1,117.2
    # of 1,200 kW (93 %): near their limits, which a trial missed under "0 warnings"
    assert "0 warnings; 4 loads above 80 % of limit" in cover


def _word_centres(pdf: Path, page: int) -> list[tuple[str, float, float]]:
    """Each word of ``page``, its box's middle across and its top."""
    return [(word, (x0 + x1) / 2, y0) for word, x0, y0, x1, _ in words_on(pdf, page)]


def test_the_scale_bar_is_as_long_as_the_stated_scale_says(tmp_path, gui_app):
    pdf = tmp_path / "su.pdf"
    export(EXAMPLES["gb200-nvl72-su"]().project, CATALOG, pdf, "A3")
    words = _word_centres(pdf, 2)
    scale = next(w for w, _, _ in words if re.fullmatch(r"1:\d+", w))
    denominator = int(scale.split(":")[1])
    # the bar is labelled "0" under its start and "<n> m" under its end
    zero = next((x, y) for w, x, y in words if w == "0")
    unit_index = next(i for i, (w, _, y) in enumerate(words) if w == "m" and abs(y - zero[1]) < 1)
    number, end_x, _ = words[unit_index - 1]
    m_x = words[unit_index][1]
    label_centre = (end_x + m_x) / 2
    metres = int(number)
    expected_pt = metres * 1000 / denominator / 25.4 * 72
    assert label_centre - zero[0] == pytest.approx(expected_pt, abs=0.6)


def test_a_png_and_an_svg_of_one_hall(tmp_path, gui_app):
    project = EXAMPLES["two-sites"]().project
    with pytest.raises(OutputError, match="choose one with --hall"):
        export(project, CATALOG, tmp_path / "plan.png")
    assert not list(tmp_path.iterdir())
    export(project, CATALOG, tmp_path / "plan.png", "A4", hall="North hall 1")
    image = QImage(str(tmp_path / "plan.png"))
    # A4 landscape at 200 dpi: 297 x 210 mm -> 2339 x 1654 px
    assert (image.width(), image.height()) == (2339, 1654)
    export(project, CATALOG, tmp_path / "plan.svg", "A3", hall="North hall 1")
    svg = (tmp_path / "plan.svg").read_text()
    assert "North hall 1: floor plan" in svg
    # the title block and the legend stay text in an SVG, not outlines of their glyphs
    for words in (">Two sites, 40 km apart<", ">North hall 1: floor plan<", ">Legend<"):
        assert words in svg
    # Lines keep their width at any zoom in an SVG (non-scaling strokes, in CSS pixels): at
    # 96 units to the inch they are as thick at 100 % as on paper. A trial saw them three
    # times as thick (300 to the inch): the thinnest, 0.5 pt, are 0.667 px.
    assert 'viewBox="0 0 1587 1123"' in svg  # 420 x 297 mm at 96 per inch
    widths = {
        float(w)
        for w in re.findall(r'stroke-width="([\d.]+)"[^>]*>\s*<polyline[^>]*non-scaling', svg)
    }
    assert min(widths) == pytest.approx(0.5 * 96 / 72, abs=0.001), widths


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_a_picture_that_fills_the_disk_is_one_message_and_no_file(
    suffix, tmp_path, gui_app, monkeypatch
):
    import os

    project = EXAMPLES["two-sites"]().project

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)  # where a write-back finds the disk full
    target = tmp_path / f"plan{suffix}"
    with pytest.raises(OutputError, match="the disk is full"):
        export(project, CATALOG, target, "A4", hall="North hall 1")
    assert list(tmp_path.iterdir()) == []


def test_a_csv_is_the_schedule_or_the_bom(tmp_path, gui_app):
    project = EXAMPLES["two-sites"]().project
    export(project, CATALOG, tmp_path / "links.csv")
    export(project, CATALOG, tmp_path / "bom.csv", table="bom")
    assert (tmp_path / "links.csv").read_text().startswith("\ufefffrom,to,")
    assert (tmp_path / "bom.csv").read_text().startswith("\ufeffcategory,item,")


def test_an_unknown_suffix_or_hall_is_one_message(tmp_path, gui_app):
    project = EXAMPLES["gb200-nvl72-su"]().project
    with pytest.raises(OutputError, match=r"must end in \.pdf, \.png, \.svg, \.csv"):
        export(project, CATALOG, tmp_path / "plan.docx")
    with pytest.raises(OutputError, match="no hall named 'Hall 9'; the halls are: SU hall"):
        export(project, CATALOG, tmp_path / "plan.png", hall="Hall 9")


def test_a_rack_of_an_unknown_type_stops_the_export_from_the_designer_too(tmp_path, gui_app):
    project = EXAMPLES["gb200-nvl72-su"]().project
    rack = next(iter(project.placements.values()))
    broken = project.model_copy(
        update={
            "placements": {
                **project.placements,
                rack.id: rack.model_copy(update={"type_id": "nvidia-gb200-nvl27"}),
            }
        }
    )
    with pytest.raises(OutputError, match=r"Cannot export to set\.pdf: 1 problem inside the file"):
        export(broken, CATALOG, tmp_path / "set.pdf")
    assert not (tmp_path / "set.pdf").exists()


def test_hall_finds_a_hall_by_name_in_any_case_or_by_id_and_never_guesses(gui_app):
    """A trial's --hall drew the first of two halls with one name, without a word."""
    from designer.report.export import find_hall

    project = EXAMPLES["two-sites"]().project
    north, *others = project.halls.values()
    assert find_hall(project, north.name.upper()) == north.id
    twin = others[-1]
    project.halls[twin.id] = twin.model_copy(update={"name": north.name})
    with pytest.raises(OutputError, match=f"2 halls are named '{north.name}'; give the one"):
        find_hall(project, north.name)
    assert find_hall(project, twin.id) == twin.id  # as the message says
    assert find_hall(project, f" {twin.id.upper()} ") == twin.id  # typed loosely
    with pytest.raises(OutputError, match=rf"{north.name} \({north.id}\), .*\({twin.id}\)"):
        find_hall(project, "Hall 9")  # the list tells the two apart


def test_a_png_of_a_hall_draws_its_links(tmp_path, gui_app):
    # North hall 1 of the two-site example has multimode runs along its row tray: the plan
    # (left of the legend strip) carries the multimode colour.
    from designer.drawing import style
    from designer.report.pages.plan import side_width
    from designer.report.paper import SheetFrame

    project = EXAMPLES["two-sites"]().project
    export(project, CATALOG, tmp_path / "hall.png", "A3", hall="North hall 1")
    image = QImage(str(tmp_path / "hall.png"))
    frame = SheetFrame.of("A3")
    px_per_mm = image.width() / frame.width
    plan_right = int((frame.content.right - side_width(frame)) * px_per_mm)
    multimode = style.LINK_FAMILY["multimode"].name()
    hits = sum(
        image.pixelColor(x, y).name() == multimode
        for x in range(0, plan_right, 2)
        for y in range(0, image.height(), 2)
    )
    assert hits > 50


def test_a_raster_cuts_no_text_the_pdf_shows_whole(gui_app):
    """The trial's PNG showed the date as "2026-12-…": 200 dpi rounds glyph advances up, and
    the date column is exactly as wide as the widest date. Texts are cut as measured for
    every output alike."""
    from PySide6.QtGui import QPainter

    from designer.report.paper import SheetFrame
    from designer.report.sheet import Sheet
    from designer.report.title_block import PAD_MM, VALUE_PT, column_widths

    frame = SheetFrame.of("A4")
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    image.setDotsPerMeterX(round(200 / 0.0254))
    image.setDotsPerMeterY(round(200 / 0.0254))
    painter = QPainter(image)
    try:
        sheet = Sheet(painter, frame, 200)
        widths = dict(column_widths(frame.title_block.width, "A"))
        room = widths["Date"] - 2 * PAD_MM
        for date in ("2026-11-30", "2026-12-01", "0000-00-00"):
            assert sheet._place(date, VALUE_PT, False, "left", room) == (date, 0.0)
        cut, _ = sheet._place("2026-11-30 (draft)", VALUE_PT, False, "left", room)
        assert cut.endswith("…")
    finally:
        painter.end()


def test_a_text_exactly_as_wide_as_its_column_is_not_cut(gui_app):
    """The site map's title block showed its scale as "schema…": the column is exactly as
    wide as "schematic", and a width measured equal was taken for wider."""
    from designer.report import measure

    for text in ("schematic", "2026-11-30", "000 of 000"):
        assert measure.fitted(text, measure.text_width(text, 10), 10) == text
    assert measure.fitted("schematics", measure.text_width("schematic", 10), 10).endswith("…")


def test_long_names_take_two_lines_on_the_cover_and_in_the_title_block(tmp_path, gui_app):
    """A trial's cover cut its project's name, and its A4 title block cut ': floor plan'."""
    project = EXAMPLES["gb200-nvl72-su"]().project
    name = "GB300 NVL72 phase-2 expansion, white space zone B, level 3, north wing (draft)"
    hall = "SU hall in the north wing, level 3, zone B, cage 12"
    (hall_id,) = project.halls
    halls = {hall_id: project.halls[hall_id].model_copy(update={"name": hall})}
    meta = project.meta.model_copy(update={"name": name})
    project = project.model_copy(update={"meta": meta, "halls": halls})
    target = tmp_path / "set.pdf"
    export(project, CATALOG, target, "A4")
    cover, plan = (" ".join(text_of(target, page).split()) for page in (1, 2))
    assert name in cover  # the cover's title, over two lines
    assert f"{hall}: floor plan" in plan  # the title block's drawing field, over two lines


def test_the_site_map_names_every_hall_whole_and_draws_none_as_a_speck(tmp_path, gui_app):
    """A trial's site map drew two-sites' North halls as specks and left the campus's 24
    halls unnamed."""
    from PySide6.QtGui import QPainter

    from designer.core.examples import campus
    from designer.report.pages.site_map import (
        HALL_FILL,
        LEAST_HALL_MM,
        site_map_content,
        site_map_page,
    )
    from designer.report.paper import SheetFrame
    from designer.report.sheet import Sheet
    from designer.report.writer import SetInfo, write_pdf

    class Noting(Sheet):
        def polygon(self, points, *args, **kwargs):  # type: ignore[override]
            if kwargs.get("fill") == HALL_FILL:  # a hall, not a cable entry's mark
                sizes.append(max(max(c) - min(c) for c in zip(*points, strict=True)))
            super().polygon(points, *args, **kwargs)

    for project in (EXAMPLES["two-sites"]().project, campus.build(24).project):
        page = site_map_page(*site_map_content(project, {}, [], [], 4.9))
        target = tmp_path / "map.pdf"
        write_pdf([page], target, "A3", SetInfo("P", "A", ""))
        text = " ".join(text_of(target).split())
        for hall in project.halls.values():
            assert f" {hall.name} " in f" {text} ", hall.name
        sizes: list[float] = []
        image = QImage(400, 300, QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        page.draw(Noting(painter, SheetFrame.of("A3"), 25.4))
        painter.end()
        assert len(sizes) == len(project.halls)
        assert min(sizes) >= LEAST_HALL_MM - 1e-9


def test_a_hall_too_coarse_for_rack_labels_gets_enlarged_parts_that_name_every_rack(
    tmp_path, gui_app
):
    """A trial could not find one rack on the campus's 1:200 sheets: racks are named only
    from 1:100. Asked for, a hall that fits one A3 sheet at 1:200 also gets 1:100 parts."""
    from designer.core.document import operations as ops
    from tests.core.rules.helpers import hall_doc

    doc, hall = hall_doc(width=38_400, depth=19_200)  # the campus's hall
    corners = {"RK-NW": (1_200, 1_200), "RK-NE": (36_600, 1_200), "RK-SE": (36_600, 16_800)}
    for label, (x, y) in corners.items():
        ops.place_rack(doc, hall, "nvidia-gb200-nvl72", x, y, label=label)
    target = tmp_path / "set.pdf"
    plain = export(doc.project, CATALOG, target, "A3")  # one sheet per hall, as by default
    assert [p.scale for p in plain if "floor plan" in p.title] == ["1:200"]
    # the sheet itself says its racks go unnamed and how to have them named (a review found
    # that said only in the terminal)
    sheet = " ".join(
        next(t for t in map(partial(text_of, target), range(2, 5)) if "1:200" in t).split()
    )
    assert "Rack names do not fit at 1:200. A set exported with enlarged parts" in sheet
    export(doc.project, CATALOG, target, "A3", enlarged=True)
    pages = [text_of(target, n) for n in range(1, page_count(target) + 1)]
    whole, part_1, part_2 = (  # the sheets after the cover, which lists them all
        next(p for p in pages[1:] if f"Hall 1: floor plan{suffix}" in p)
        for suffix in (" ", ", part 1 of 2", ", part 2 of 2")
    )
    assert "1:200" in whole and "Part 1" in whole and "Part 2" in whole
    assert "Rack names do not fit" not in whole  # it says where they are named instead
    assert not any(label in whole for label in corners)  # 3 mm wide: too small to name
    assert "1:100" in part_1 and "1:100" in part_2
    assert "RK-NW" in part_1 and {"RK-NE", "RK-SE"} <= set(part_2.split())
    # the parts are outlined over the hall only: a trial saw the line between two parts
    # strike through the depth figure "19.2 m" beside the wall
    from PySide6.QtGui import QPainter

    from designer.report.drawing_set import drawing_set
    from designer.report.pages.plan import PART_OUTLINE
    from designer.report.paper import SheetFrame
    from designer.report.sheet import Sheet

    outlines = []

    class Noting(Sheet):
        def box(self, r, width_mm=0.25, colour=None, fill=None):  # type: ignore[override]
            if colour == PART_OUTLINE:
                outlines.append(r)

    [sheet] = [
        p
        for p in drawing_set(doc.project, CATALOG, "A3", enlarged=True)
        if p.title == "Hall 1: floor plan"
    ]
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    sheet.draw(Noting(painter, SheetFrame.of("A3"), 25.4))
    painter.end()
    left, top = min(r.x for r in outlines), min(r.y for r in outlines)
    right, bottom = max(r.right for r in outlines), max(r.bottom for r in outlines)
    assert (right - left, bottom - top) == pytest.approx((38_400 / 200, 19_200 / 200))


def test_enlarged_parts_are_drawn_at_1_50_where_a_label_is_too_long_for_its_rack_at_1_100(
    tmp_path, gui_app
):
    """A trial's 1:100 parts of the campus named every rack "R1S1…e-01": 15 letters are
    17 mm long at 5.5 pt, and a 600 x 1,200 mm rack is 12 mm long at 1:100, 24 mm at 1:50."""
    from designer.core.document import operations as ops
    from designer.report.measure import text_width
    from tests.core.rules.helpers import hall_doc

    assert 12 < text_width("R1S1-compute-01", 5.5) < 24
    doc, hall = hall_doc(width=38_400, depth=19_200)
    for label, x in (("R1S1-compute-01", 1_200), ("R1S1-compute-02", 36_600)):
        ops.place_rack(doc, hall, "huawei-cm384-compute", x, 1_200, label=label)
    target = tmp_path / "set.pdf"
    pages = export(doc.project, CATALOG, target, "A3", enlarged=True)
    assert [p.scale for p in pages if ", part " in p.title] == ["1:50", "1:50"]
    text = " ".join(text_of(target).split())
    assert "R1S1-compute-01" in text and "R1S1-compute-02" in text
    assert "…" not in text
    # short labels fit at 1:100: the coarser parts, fewer sheets
    for rack in doc.project.placements.values():
        ops.update(doc, rack.id, label=rack.label[-2:])
    pages = export(doc.project, CATALOG, target, "A3", enlarged=True)
    assert {p.scale for p in pages if ", part " in p.title} == {"1:100"}


def test_every_tray_is_named_on_its_plan_on_a3_and_a4(tmp_path, gui_app):
    """A re-test found two of hgx-air-hall's six tray names written over the other two, and
    no tray named at all on A4 (1:100) sheets."""
    for name, paper in (("hgx-air-hall", "A3"), ("gb200-nvl72-su", "A4"), ("mistakes", "A4")):
        project = EXAMPLES[name]().project
        target = tmp_path / f"{name}.pdf"
        export(project, CATALOG, target, paper)
        plan = " ".join(text_of(target, 2).split())
        for tray in project.trays.values():
            assert tray.name in plan, (name, paper, tray.name)


@pytest.mark.parametrize("name", ["hgx-air-hall", "cm384-supernode"])
def test_the_cable_entry_and_a_trays_name_are_not_written_over_each_other(name, tmp_path, gui_app):
    """Two trials read "Cable en Entry tray" where the entry tray starts at the entry."""
    target = tmp_path / "set.pdf"
    export(EXAMPLES[name]().project, CATALOG, target, "A3")
    words = words_on(target, 2)

    def box(first: str, second: str) -> tuple[float, float, float, float]:
        for (a, *one), (b, *two) in itertools.pairwise(words):
            if (a, b) == (first, second):
                return (
                    min(one[0], two[0]),
                    min(one[1], two[1]),
                    max(one[2], two[2]),
                    max(one[3], two[3]),
                )
        raise AssertionError(f"{first} {second} is not on the plan")

    entry, tray = box("Cable", "entry"), box("Entry", "tray")
    apart = entry[2] <= tray[0] or tray[2] <= entry[0] or entry[3] <= tray[1] or tray[3] <= entry[1]
    assert apart, (entry, tray)


def test_an_a4_plan_lists_every_medium_of_its_hall(tmp_path, gui_app):
    """A re-test's A4 sheet ended its media list '... and 1 more', hiding the DAC links,
    while the north arrow took a fifth of the strip's height."""
    project = EXAMPLES["mistakes"]().project
    target = tmp_path / "a4.pdf"
    export(project, CATALOG, target, "A4")
    plan = " ".join(text_of(target, 2).split())
    assert "... and" not in plan
    for medium in ("NVLink copper spine", "Multimode SR transceivers", "Passive direct-attach"):
        assert medium in plan


@pytest.mark.parametrize("paper", ["A3", "A4", "Letter", "Tabloid"])
def test_site_boxes_never_overlap_on_the_site_map(paper, gui_app):
    """A review found the larger site boxes overlapping from five sites on A3, and on A4
    from five sites on."""
    from designer.report.pages.plan import SheetFrame
    from designer.report.pages.site_map import _box_size, _centres

    area = SheetFrame.of(paper).content
    for count in range(2, 13):
        width, height = _box_size(count, area)
        assert width >= 30, (count, width)  # room to name a site's halls
        centres = _centres(count, area, (width, height))
        for i, (ax, ay) in enumerate(centres):
            for bx, by in centres[i + 1 :]:
                assert abs(ax - bx) >= width or abs(ay - by) >= height, (count, i)


def test_enlarged_parts_are_only_those_racks_stand_in(gui_app):
    """A trial's A4 set printed parts of bare floor: enlarged parts are there to name
    racks, so a part no rack stands in is left out, and the rest are numbered in turn."""
    from designer.core.document import operations as ops
    from designer.report.drawing_set import drawing_set
    from tests.core.rules.helpers import hall_doc

    doc, hall = hall_doc(width=38_400, depth=19_200)  # six parts at 1:100 on A4
    ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 1_200, 1_200, label="RK-NW")

    def plan_titles() -> list[str]:
        pages = drawing_set(doc.project, CATALOG, "A4", enlarged=True)
        return [p.title for p in pages if "floor plan" in p.title]

    assert plan_titles() == ["Hall 1: floor plan", "Hall 1: floor plan, part 1 of 1"]
    ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 36_600, 16_800, label="RK-SE")
    assert plan_titles()[1:] == [f"Hall 1: floor plan, part {n} of 2" for n in (1, 2)]
    ops.delete(doc, list(doc.project.placements))  # no rack: nothing to enlarge
    assert plan_titles() == ["Hall 1: floor plan"]


@pytest.mark.parametrize("name", sorted(EXPECTED_SHEETS))
def test_a_plans_legend_lists_the_services_its_hall_has_and_no_others(name, tmp_path, gui_app):
    """A trial's sheets listed columns and unsided busways halls did not have, and no
    colour for the in-row coolers they drew."""
    project = EXAMPLES[name]().project
    target = tmp_path / f"{name}.pdf"
    export(project, CATALOG, target, "A3")
    hall = next(iter(project.halls.values()))
    plan = next(
        " ".join(text_of(target, n).split())
        for n in range(2, page_count(target) + 1)
        if f"{hall.name}: floor plan" in text_of(target, n)
    )
    legend = plan.split("Legend", 1)[1].split("Rack types", 1)[0]
    kinds = {o.kind for o in project.obstacles.values() if o.hall_id == hall.id}
    units = {u.kind for u in project.cooling_units.values() if u.hall_id == hall.id}
    sides = {f.side for f in project.feeds.values() if f.hall_id == hall.id}
    assert ("Column" in legend) == ("column" in kinds)
    assert ("Keep-out" in legend) == ("keepout" in kinds)
    assert ("In-row cooler" in legend) == ("inrow_cooler" in units)
    assert ("CRAH" in legend) == ("crah" in units)
    assert ("Busway, no side" in legend) == (None in sides)
    assert ("Busway A" in legend) == ("A" in sides)


def test_a_pdf_export_reads_the_racks_once_for_its_checks_totals_and_plans(
    tmp_path, gui_app, monkeypatch
):
    """The floor plans take the racks' columns the export has read: a campus's thousands
    of placements are not read again for its 24 hall sheets."""
    import designer.core.rack_columns as rack_columns
    from designer.core.rules import RuleEngine
    from designer.core.rules.network import PLAN

    project = EXAMPLES["two-sites"]().project
    # checked and planned beforehand, as the designer holds them
    engine = RuleEngine(CATALOG)
    report, plan = engine.run(project), engine.derived(PLAN)
    reads = []
    read = rack_columns.columns_of

    def counted(placements):
        found = read(placements)
        reads.append(len(found.id))
        return found

    monkeypatch.setattr(rack_columns, "columns_of", counted)
    monkeypatch.setattr("designer.drawing.plan.columns_of", counted)
    pages = export(project, CATALOG, tmp_path / "set.pdf", "A3", report=report, plan=plan)
    assert any("floor plan" in page.title for page in pages)
    assert reads == [len(project.placements)]


def test_a_plans_legend_names_the_statuses_its_racks_have(tmp_path):
    """A clean hall's sheet listed Warning and Error, and trays as a line they are not
    drawn as (a review): the clean pod's legend names "No findings" only; in the mistakes
    hall every rack's worst finding is an error (its one warning's rack has errors too), and
    its legend names "Error" only."""
    clean, flawed = tmp_path / "clean.pdf", tmp_path / "flawed.pdf"
    export(EXAMPLES["gb200-nvl72-su"]().project, CATALOG, clean, "A3")
    export(EXAMPLES["mistakes"]().project, CATALOG, flawed, "A3")
    words = text_of(clean, 2).split()
    assert "findings" in words and "Warning" not in words and "Error" not in words
    words = text_of(flawed, 2).split()
    assert "Error" in words and "Warning" not in words and "findings" not in words
