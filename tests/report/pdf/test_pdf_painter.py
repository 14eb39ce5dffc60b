"""The PDF painter answers the drawing code's QPainter calls with the PDF a reader checks."""

import re
import subprocess
import zlib

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainterPath

from designer.core.geometry.footprint import Box
from designer.core.rules import Finding, Severity
from designer.drawing import arrays, style, text
from designer.drawing.lod import Context
from designer.drawing.markers import MARKER_PT, draw_markers, markers_for
from designer.report.pdf.document import PdfDocument, Resources
from designer.report.pdf.painter import PdfPainter

A3_PT = (1190.55, 841.89)


def painter(dpi=1200) -> PdfPainter:
    return PdfPainter(Resources(), dpi)


def one_page(path, draw, dpi=72):
    """A one-page PDF of ``path`` whose content ``draw(painter)`` paints."""
    with path.open("wb") as stream:
        document = PdfDocument(stream, *A3_PT, dpi, title="test")
        page = document.page()
        draw(page)
        document.end_page(page)
        document.close()


def page_image(tmp_path, path, number=1, dpi=72) -> QImage:
    """Page ``number`` of the PDF at ``path`` as poppler draws it."""
    out = tmp_path / f"{path.stem}-page{number}-{dpi}"
    pages = ["-f", str(number), "-l", str(number)]
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), *pages, "-png", "-singlefile", str(path), str(out)],
        check=True,
    )
    return QImage(f"{out}.png")


def test_racks_drawn_to_scale_are_one_rectangle_each_at_their_place_on_the_page():
    """A floor plan is drawn under a scaling transform; each outlined rack must be one
    rectangle at its place on the page, translated by (100, 200) and halved."""
    pdf = painter()
    pdf.translate(100, 200)
    pdf.scale(0.5, 0.5)
    pdf.setPen(style.pen(style.RACK_EDGE, 0.6, 10))
    arrays.draw_rects(pdf, np.array([[0, 0, 600, 1200], [1000, 0, 600, 1200]], dtype=float))
    content = pdf.finish()
    placed = re.findall(r"(-?\d+) (-?\d+) (-?\d+) (-?\d+) re", content)
    assert [tuple(map(int, r)) for r in placed] == [(100, 200, 300, 600), (600, 200, 300, 600)]
    assert content.rstrip().endswith("S")  # outlined, not filled: the painter has no brush
    assert "6 w" in content  # the cosmetic pen: 0.6 pt at 10 device units a point


def test_a_pen_sized_on_the_floor_scales_with_the_plan_and_a_cosmetic_one_does_not():
    pdf = painter()
    pdf.scale(0.5, 0.5)
    pdf.setPen(style.floor_pen(style.TRAY_FAR, 600))  # a tray 600 mm wide
    arrays.draw_lines(pdf, np.array([[0.0, 0.0, 1000.0, 0.0]]))
    pdf.setPen(style.pen(style.WALL, 2.0, 10))
    arrays.draw_lines(pdf, np.array([[0.0, 0.0, 1000.0, 0.0]]))
    assert re.findall(r"(\d+) w", pdf.finish()) == ["300", "20"]


def test_restore_brings_back_the_colour_the_pdf_had_before_save():
    """Inside save and restore the PDF's own q and Q keep the colour: the third box is red
    without setting red again, and the painter knows it."""
    pdf = painter()
    pdf.setPen(Qt.PenStyle.NoPen)
    pdf.setBrush(QColor("red"))
    pdf.drawRect(QRectF(0, 0, 10, 10))
    pdf.save()
    pdf.setBrush(QColor("blue"))
    pdf.drawRect(QRectF(20, 0, 10, 10))
    pdf.restore()
    pdf.setBrush(QColor("red"))
    pdf.drawRect(QRectF(40, 0, 10, 10))
    ops = [line for line in pdf.finish().splitlines() if line]
    assert ops == [
        "1 0 0 rg",
        "0 0 10 10 re",
        "f",
        "q",
        "0 0 1 rg",
        "20 0 10 10 re",
        "f",
        "Q",
        "40 0 10 10 re",
        "f",
    ]


def test_a_translucent_fill_names_a_graphics_state_with_its_opacity():
    pdf = painter()
    pdf.setPen(Qt.PenStyle.NoPen)
    pdf.setBrush(QColor(214, 69, 65, 51))
    pdf.drawRect(QRectF(0, 0, 10, 10))
    assert "/Gfa51 gs" in pdf.finish()
    assert pdf.resources.alphas == {("fa", 51): "Gfa51"}


def test_text_turned_up_the_page_has_a_plain_matrix(tmp_path):
    """A vertical dimension is written up the page: its matrix turns glyphs by -90 degrees,
    written without an exponent (cos 90 degrees is 6e-17 in floating point), and the text
    is found by search."""
    path = tmp_path / "turned.pdf"

    def draw(pdf):
        pdf.scale(5, 5)
        ctx = Context.of(pdf)
        text.draw_text_at(pdf, ctx, QPointF(40, 60), "19.2 m", 9, upright=True)
        text.draw_text_at(pdf, ctx, QPointF(100, 60), "Tray fill, office", 9)

    one_page(path, draw)
    page = re.search(rb"stream\n(.*?)\nendstream", path.read_bytes(), re.S).group(1)
    content = re.sub(rb"<[0-9a-fA-F]*>", b"", zlib.decompress(page))  # not the text's codes
    assert not re.search(rb"\d[eE][-+]?\d", content)
    assert re.search(rb"\n0 -1 -1 0 \d+ \d+ Tm\n", content)
    found = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True)
    assert found.stderr == ""
    # a ligature would turn "fi" into one glyph that pdftotext and viewers' search miss
    assert "Tray fill, office" in found.stdout
    assert "19.2 m" in found.stdout.replace("\n", " ")


def test_a_hatched_column_shows_its_hatching_over_its_fill(tmp_path):
    path = tmp_path / "hatch.pdf"

    def draw(pdf):
        square = QPainterPath()
        square.addRect(QRectF(100, 100, 200, 200))
        pdf.setPen(Qt.PenStyle.NoPen)
        pdf.setBrush(QColor("white"))
        pdf.drawPath(square)
        pdf.setBrush(QBrush(QColor("black"), Qt.BrushStyle.BDiagPattern))
        pdf.drawPath(square)

    one_page(path, draw)
    page = page_image(tmp_path, path)
    values = {page.pixelColor(x, 200).value() for x in range(110, 290)}
    assert min(values) < 100 and max(values) > 200  # dark lines with white between
    assert page.pixelColor(50, 50).value() > 250  # nothing outside the column


def finding(code, ids, hall_id):
    return Finding(code, Severity.ERROR, f"{code} here", tuple(ids), None, None, "", hall_id, None)


def test_two_findings_on_one_rack_still_make_a_filled_marker(tmp_path):
    """A trial saw only a hollow ring on NVL72-01 in the mistakes example's PDF: its two
    errors put two discs in one place, and the odd-even fill rule cancelled them."""
    r = MARKER_PT / 2  # points: the PDF below has one device unit per point
    # the disc sits just inside the top-right corner (x, y) of what it names, its centre at
    # (x - 0.6 r, y + 0.6 r): a rack whose corner puts the centre at (200, 200) points
    x, y = 200 + 0.6 * r, 200 - 0.6 * r
    corner = Box(x - 100, y, x, y + 100)
    both = [finding("a.one", ["rk"], "h"), finding("a.two", ["rk"], "h")]
    markers = markers_for(both, "h", lambda _id: corner)
    assert len(markers) == 2
    path = tmp_path / "markers.pdf"
    one_page(path, lambda pdf: draw_markers(pdf, markers, Context.of(pdf)))
    page = page_image(tmp_path, path)
    inside = page.pixelColor(200 + 3, 200)  # in the disc, beside the "!"
    red = style.SEVERITY_COLOUR["error"]
    assert abs(inside.red() - red.red()) + abs(inside.green() - red.green()) < 30


def _rects_of(content: str) -> list[tuple[int, ...]]:
    return [tuple(map(int, r)) for r in re.findall(r"(-?\d+) (-?\d+) (-?\d+) (-?\d+) re", content)]


def test_halls_alike_share_their_paths_and_a_rack_moved_or_a_hall_drawn_larger_shows():
    """Paths of alike arrays are written once per document and copied after: the copy must
    still follow a rack moved in one hall, and the scale of the sheet it lands on."""
    shared: dict = {}
    racks = np.array([[0, 0, 600, 1200], [1000, 0, 600, 1200]], dtype=float)
    moved = racks.copy()
    moved[1, 0] = 2000

    def drawn(rows, scale):
        pdf = PdfPainter(Resources(), 1200, arrays=shared)
        pdf.scale(scale, scale)
        pdf.setBrush(QColor("green"))
        pdf.setPen(Qt.PenStyle.NoPen)
        arrays.draw_rects(pdf, rows)
        return _rects_of(pdf.finish())

    first = drawn(racks, 0.5)
    assert drawn(racks.copy(), 0.5) == first == [(0, 0, 300, 600), (500, 0, 300, 600)]
    assert drawn(moved, 0.5) == [(0, 0, 300, 600), (1000, 0, 300, 600)]
    assert drawn(racks, 0.25) == [(0, 0, 150, 300), (250, 0, 150, 300)]
    assert len(shared) == 3


def test_names_centred_in_one_run_stand_where_drawtext_puts_each_and_read_alike(tmp_path):
    """A plan's system names go to the PDF in one run: each must start where drawText
    would start it in its box, and the page read the same names."""
    boxes = np.array([[1000, 2000, 1134, 850], [2500, 2000, 1134, 850], [4000, 300, 90, 40]])
    names = ["R1S1", "R1S12", "W"]

    def page(draw):
        pdf = painter()
        pdf.setFont(style.font(6.5, 1200 / 72, True))
        pdf.setPen(style.LABEL_ON_RACK)
        draw(pdf)
        return pdf.finish()

    def one_by_one(pdf):
        for (x, y, w, h), name in zip(boxes.tolist(), names, strict=True):
            pdf.drawText(QRectF(x, y, w, h), Qt.AlignmentFlag.AlignCenter, name)

    batched = page(lambda pdf: arrays.draw_centred_texts(pdf, boxes.astype(float), names))
    assert batched == page(one_by_one)
    placed = re.findall(r"1 0 0 -1 (\d+) (\d+) Tm", batched)
    assert len(placed) == 1  # one text object, the next names moved to from the first
    path = tmp_path / "names.pdf"
    one_page(path, lambda pdf: arrays.draw_centred_texts(pdf, boxes.astype(float), names), 1200)
    found = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout
    assert sorted(found.split()) == sorted(names)


def test_a_part_alike_on_every_sheet_is_drawn_once_and_copied_where_state_is_alike():
    """A title block is drawn on the first sheet and copied to the next; a sheet drawn
    under another transform (or graphics state) draws it anew, and what its drawing
    returns comes back either way."""
    shared: dict = {}
    drawn = []

    def block(pdf):
        drawn.append(1)
        pdf.setPen(QColor("black"))
        pdf.setBrush(QColor("white"))
        pdf.drawRect(QRectF(10, 10, 100, 40))
        return 42

    def page(scale=1.0, translucent=False):
        pdf = PdfPainter(Resources(), 1200, repeats=shared)
        if translucent:
            pdf.setPen(Qt.PenStyle.NoPen)
            pdf.setBrush(QColor(0, 0, 255, 128))
            pdf.drawRect(QRectF(0, 0, 5, 5))
        pdf.scale(scale, scale)
        assert pdf.repeat("title block", lambda: block(pdf)) == 42
        pdf.setBrush(QColor("red"))  # what follows the part sets its own state as before
        pdf.drawRect(QRectF(0, 0, 1, 1))
        return pdf.finish()

    first = page()
    assert page() == first and len(drawn) == 1
    assert _rects_of(page(0.5))[0] == (5, 5, 50, 20) and len(drawn) == 2
    page(translucent=True)
    assert len(drawn) == 3
    assert first.count("q\n") == first.count("Q\n") == 1  # the part's state kept to itself


def test_a_long_drawing_repeated_on_another_sheet_is_one_form_both_sheets_show(tmp_path):
    """A campus's halls draw their racks alike: the second sheet names a form holding the
    first's drawing instead of writing it again, and both sheets still show every rack;
    a hall with one rack moved writes its own."""
    racks = np.array([[x * 700.0, 0.0, 600.0, 1200.0] for x in range(40)])
    moved = racks.copy()
    moved[5, 1] = 3000.0
    path = tmp_path / "halls.pdf"
    with path.open("wb") as stream:
        document = PdfDocument(stream, *A3_PT, 1200, title="halls")
        pages = []
        for rows in (racks, racks, moved):
            page = document.page()
            page.scale(0.5, 0.5)
            page.setPen(Qt.PenStyle.NoPen)
            page.setBrush(QColor("green"))
            arrays.draw_rects(page, rows)
            pages.append("".join(page.ops))
            document.end_page(page)
        document.close()
    first, second, third = pages
    assert len(_rects_of(first)) == 40 and len(_rects_of(third)) == 40
    assert _rects_of(second) == [] and re.search(r"/X1 Do", second)
    data = path.read_bytes()
    assert re.search(rb"/XObject << /X1 \d+ 0 R >>", data)
    image = page_image(tmp_path, path)  # the first page
    assert image.pixelColor(round(5 * 350 / 1200 * 72 + 1), 10).green() > 100
    # both sheets show the racks, in the same places
    assert page_image(tmp_path, path, 1, 36) == page_image(tmp_path, path, 2, 36)


def test_alike_floors_and_labels_are_copied_and_a_hall_that_differs_draws_its_own(tmp_path):
    """A campus's halls alike are drawn once and copied: each copy must show what drawing
    it afresh shows, and a hall with another outline, tile or label text is drawn for
    itself."""
    from designer.core.model.hall import Hall
    from designer.drawing.floor import draw_floor, floor_geometry

    def hall(width=19_200, tile=600):
        return Hall(
            id="h",
            site_id="s",
            name="Hall",
            tile_mm=tile,
            outline=[(0, 0), (width, 0), (width, 9_600), (0, 9_600)],
            floor_rating_kpa=12,
            floor_type="slab",
            power_capacity_kw=5_000,
            cooling_capacity_kw=5_000,
        )

    def draw(pdf, floor_hall, names):
        pdf.scale(0.2, 0.2)
        ctx = Context.of(pdf)
        draw_floor(pdf, floor_geometry(floor_hall), ctx)
        rects = np.array([[600.0, 600.0, 4_800.0, 1_200.0], [600.0, 3_000.0, 4_800.0, 1_200.0]])
        text.draw_labels_in(pdf, ctx, rects, names, 6.5, bold=True)

    sheets = [
        (hall(), ["R1S1", "R1S2"]),
        (hall(), ["R1S1", "R1S2"]),  # alike: copied
        (hall(width=24_000), ["R1S1", "R1S2"]),
        (hall(tile=500), ["R1S1", "R1S2"]),
        (hall(), ["R2S1", "R2S2"]),
    ]
    shared = tmp_path / "set.pdf"
    contents = []
    with shared.open("wb") as stream:
        document = PdfDocument(stream, *A3_PT, 1200, title="set")
        for floor_hall, names in sheets:
            page = document.page()
            draw(page, floor_hall, names)
            contents.append("".join(page.ops))
            document.end_page(page)
        document.close()
    assert "/X1 Do" in contents[1] and "/X1 Do" not in contents[0]  # the floor: a form

    for number, (floor_hall, names) in enumerate(sheets, start=1):
        alone = tmp_path / f"alone{number}.pdf"
        one_page(alone, lambda pdf, h=floor_hall, n=names: draw(pdf, h, n), 1200)
        assert page_image(tmp_path, shared, number, 30) == page_image(tmp_path, alone, 1, 30)
    for number in (3, 4, 5):
        assert page_image(tmp_path, shared, number, 30) != page_image(tmp_path, shared, 1, 30)


def test_hatching_is_never_drawn_through_a_form_whatever_drew_the_same_before(tmp_path):
    """A form lays a hatching's pattern out in its own space: racks hatched on a sheet after
    the same racks filled plain twice (a form by then), and a repeated part drawn under a
    hatched fill, must show as drawn afresh."""
    rects = np.array([[1000.0 + 700 * i, 1000.0, 600.0, 4000.0] for i in range(20)])
    hatched = QBrush(QColor("#c8403c"), Qt.BrushStyle.FDiagPattern)

    def plain(pdf):
        pdf.setPen(Qt.PenStyle.NoPen)
        pdf.setBrush(style.brush(style.CDU))
        arrays.draw_rects(pdf, rects)
        arrays.draw_rects(pdf, rects)

    def hatch(pdf):
        pdf.setPen(Qt.PenStyle.NoPen)
        pdf.setBrush(hatched)
        arrays.draw_rects(pdf, rects)

    def part(pdf, repeated=True):  # a repeated part that fills with the brush it is given
        pdf.setBrush(hatched)
        pdf.drawRect(QRectF(0, 0, 1, 1))
        for _ in range(2):
            if repeated:
                pdf.repeat("racks", lambda pdf=pdf: pdf.rect_array(rects))
            else:
                pdf.rect_array(rects)

    shared = tmp_path / "shared.pdf"
    with shared.open("wb") as stream, PdfDocument(stream, *A3_PT, 1200) as document:
        for draw in (plain, hatch, part):
            page = document.page()
            draw(page)
            document.end_page(page)
        document.close()
    for number, draw in ((2, hatch), (3, lambda pdf: part(pdf, repeated=False))):
        alone = tmp_path / f"alone{number}.pdf"
        one_page(alone, draw, 1200)
        assert page_image(tmp_path, shared, number, 30) == page_image(tmp_path, alone, 1, 30)
