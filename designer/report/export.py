"""Export a project: the PDF drawing set, one hall as PNG or SVG, or a schedule as CSV.

The file's suffix chooses the format. Every format is written whole to a temporary file
and moved into place, so an unwritable path, a missing folder or a full disk gives one
``OutputError`` and leaves no partial file.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QRect, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from designer.core.catalog import Catalog
from designer.core.collector import collector_paused
from designer.core.io.atomic import OutputError, write_output
from designer.core.io.project_file import integrity_problems, refusal, unencodable_text
from designer.core.model.project import Project
from designer.core.naming import Named, NotFound, find_named, names_of
from designer.core.network import NetworkPlan, bill_of_materials, cable_schedule
from designer.core.network import export as tables
from designer.core.network.schedule import links_by_hall
from designer.core.rack_columns import rack_columns
from designer.core.resilience.sweep import Swept
from designer.core.rules import Report, RuleEngine
from designer.core.rules.network import PLAN
from designer.core.totals import hall_totals
from designer.report.drawing_set import checked, drawing_set
from designer.report.interop import export_interop
from designer.report.page import Page
from designer.report.pages.plan import hall_pages
from designer.report.paper import SheetFrame
from designer.report.sheet import Sheet
from designer.report.title_block import TitleFields, draw_frame
from designer.report.writer import Progress, SetInfo, write_pdf

FORMATS = (".pdf", ".png", ".svg", ".csv", ".dxf", ".zip")
PNG_DPI = 200
#: An SVG's unit is the CSS pixel, 96 to the inch. Qt writes the plan's cosmetic pens as
#: non-scaling strokes, as wide as their width in those units whatever the zoom: at 96 per
#: inch they are as thick at 100 % as on paper (at 300, three times as thick).
SVG_DPI = 96


@collector_paused()  # a campus's set or schedule is a pass over the whole project
def export(
    project: Project,
    catalog: Catalog,
    path: Path,
    paper: str = "A3",
    hall: str | None = None,
    table: str = "links",
    progress: Progress | None = None,
    report: Report | None = None,
    plan: NetworkPlan | None = None,
    enlarged: bool = False,
    swept: Swept | None = None,
) -> list[Page]:
    """Write ``project`` to ``path`` in the format its suffix names; ``enlarged`` adds to a
    PDF set the parts (at 1:100, or 1:50 for long labels) of halls drawn too coarse to name
    their racks; ``swept``, the project's N-1 ranking when the caller has it. Returns the
    sheets written (none for a CSV)."""
    suffix = path.suffix.lower()
    if path.is_dir():  # a folder's name has no suffix: not "the name must end in" (a trial)
        raise OutputError(f"Cannot export to {path}: that is a folder; give a file's name in it.")
    if suffix not in FORMATS:
        raise OutputError(
            f"Cannot export to {path}: the file name must end in " + ", ".join(FORMATS) + "."
        )
    if suffix in (".dxf", ".zip") or table in ("racks", "cables"):  # for other tools: no sheets
        export_interop(project, catalog, path, hall and find_hall(project, hall), table, plan)
        return []
    # the racks read once, for the check of their texts, the integrity check and the
    # drawing set's totals and bills
    racks = rack_columns(project)
    if (unencodable := unencodable_text(project, racks)) is not None:
        raise OutputError(f"Cannot export to {path.name}: {unencodable}")
    problems = integrity_problems(project, catalog.with_custom_racks(project.custom_types), racks)
    if problems:
        raise OutputError(refusal(problems, f"export to {path.name}"))
    if suffix == ".csv":
        _write_csv(path, plan or RuleEngine(catalog).derived(PLAN, project), table)
        return []
    report, plan = checked(project, catalog, report, plan)
    # A drawing set is dated; a project without a date is issued today.
    issued = project.meta.date or datetime.date.today().isoformat()
    info = SetInfo(project.meta.name, project.meta.revision, issued)
    if suffix == ".pdf":
        pages = drawing_set(project, catalog, paper, report, plan, enlarged, racks, swept)
        write_pdf(pages, path, paper, info, progress)
        return pages
    hall_id = find_hall(project, hall)
    rack_types = catalog.with_custom_racks(project.custom_types)
    media = links_by_hall(plan).get(hall_id, {})
    totals = hall_totals(project, hall_id, rack_types)
    [page] = hall_pages(
        project,
        hall_id,
        rack_types,
        report.findings,
        SheetFrame.of(paper),
        media,
        totals,
        tiles=False,
        network=plan,
    )

    # Drawn in memory, then written by Python, which raises on a full disk: Qt's file
    # writers report success after a write that ran out of space.
    render = _png if suffix == ".png" else _svg
    write_output(path, render(page, paper, info))
    return [page]


def find_hall(project: Project, wanted: str | None) -> str:
    """The id of the hall named (or with the id) ``wanted``, in any case; the only hall
    when None. Never a guess: two halls of one name are refused with their ids."""
    halls = list(project.halls.values())
    if not halls:
        raise OutputError(f"{project.meta.name} has no hall to draw.")
    if wanted is None:
        if len(halls) == 1:
            return halls[0].id
        raise OutputError(
            f"The project has {len(halls)} halls; choose one with --hall ({names_of(halls)})."
        )
    try:
        return find_named(halls, wanted, "hall", "--hall", lambda h: _site_name(project, h))
    except NotFound as err:
        raise OutputError(str(err)) from err


def _site_name(project: Project, hall: Named) -> str:
    site = project.sites.get(project.halls[hall.id].site_id)
    return f"site {site.name}" if site else "no site"


def _write_csv(path: Path, plan: NetworkPlan, table: str) -> None:
    if table == "bom":
        text = tables.bom_csv(bill_of_materials(plan))
    else:
        text = tables.schedule_csv(cable_schedule(plan))
    write_output(path, tables.sheet_bytes(text))


def _paint(painter: QPainter, page: Page, paper: str, dpi: float, info: SetInfo) -> None:
    sheet = Sheet(painter, SheetFrame.of(paper), dpi)
    draw_frame(
        sheet, TitleFields(info.project, page.title, info.revision, info.date, page.scale, 1, 1)
    )
    page.draw(sheet)


def _pixels(paper: str, dpi: float) -> QSize:
    frame = SheetFrame.of(paper)
    return QSize(round(frame.width / 25.4 * dpi), round(frame.height / 25.4 * dpi))


def _png(page: Page, paper: str, info: SetInfo) -> bytes:
    size = _pixels(paper, PNG_DPI)
    image = QImage(size, QImage.Format.Format_ARGB32)
    dots = round(PNG_DPI / 0.0254)
    image.setDotsPerMeterX(dots)
    image.setDotsPerMeterY(dots)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    try:
        _paint(painter, page, paper, PNG_DPI, info)
    finally:
        painter.end()  # Qt aborts when an image still being painted is freed
    buffer = _memory()
    if not image.save(buffer, "PNG"):
        raise OutputError(f"The {size.width()} x {size.height()} picture could not be encoded.")
    return bytes(buffer.data().data())


def _svg(page: Page, paper: str, info: SetInfo) -> bytes:
    size = _pixels(paper, SVG_DPI)
    buffer = _memory()
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(size)
    generator.setViewBox(QRect(0, 0, size.width(), size.height()))
    generator.setResolution(SVG_DPI)
    generator.setTitle(f"{info.project}: {page.title}")
    painter = QPainter()
    if not painter.begin(generator):
        raise OutputError("The SVG drawing could not be started.")
    try:
        _paint(painter, page, paper, SVG_DPI, info)
    finally:
        painter.end()
    return _xml_text(bytes(buffer.data().data()))


#: Characters XML 1.0 has no place for, even escaped: C0 controls but tab, line feed and
#: carriage return, and the two noncharacters U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml_text(svg: bytes) -> bytes:
    """``svg`` as XML: Qt's SVG writer escapes ``<`` and ``&`` in a label but writes its
    control characters as they are, and no XML reader opens the file then. Each becomes
    U+FFFD, the mark of a character that could not be shown, as the PDF shows an empty box."""
    return _NOT_XML.sub("\ufffd", svg.decode("utf-8", errors="replace")).encode("utf-8")


def _memory() -> QBuffer:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return buffer
