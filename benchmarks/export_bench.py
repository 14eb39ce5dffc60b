"""PDF export of the 6,912-rack campus against a bare QGraphicsScene rendered to a PDF.

Target (DESIGN.md section 9): exporting the drawing set <= 3x rendering a bare
QGraphicsScene that holds the same number of plain rectangles into a QPdfWriter. Both run
side by side here, several times each, and the best times are compared. The export is
timed from a checked and planned project, as the designer holds one (the check and the
network plan have targets of their own; their time is printed apart).

A third reference shows what the set's words alone cost: every line of text the sheets draw,
in its font at its place, drawn into a QPdfWriter with nothing else. Qt writes each glyph of
a PDF text as its own positioning and show operators, so the tables' thousands of figures
cost far more than the floor's rectangles do.

    python benchmarks/export_bench.py
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QMarginsF, QPointF, QRectF
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)
from PySide6.QtWidgets import QApplication, QGraphicsScene
from timing import best_in_turns

from designer.core.catalog import default_catalog
from designer.core.examples import campus
from designer.core.network import NetworkPlanner
from designer.core.rules import RuleEngine
from designer.report import measure, writer
from designer.report.drawing_set import drawing_set
from designer.report.export import export
from designer.report.sheet import Sheet
from designer.report.writer import PAGE_SIZES, PDF_DPI, SetInfo, write_pdf

ROUNDS = 6


def bare_scene(racks: int) -> QGraphicsScene:
    """Plain rectangles of rack size in rows, like the floor: the floor to compare with."""
    scene = QGraphicsScene()
    pen, brush = QPen(QColor("#222222")), QBrush(QColor("#5fa777"))
    per_row = 96
    for index in range(racks):
        row, column = divmod(index, per_row)
        scene.addRect(QRectF(column * 600, row * 2_400, 600, 1_200), pen, brush)
    return scene


def a3_writer(path: Path) -> QPdfWriter:
    pdf = QPdfWriter(str(path))
    pdf.setPageLayout(
        QPageLayout(QPageSize(PAGE_SIZES["A3"]), QPageLayout.Orientation.Landscape, QMarginsF())
    )
    pdf.setResolution(PDF_DPI)
    return pdf


def render_to_pdf(scene: QGraphicsScene, path: Path) -> None:
    pdf = a3_writer(path)
    painter = QPainter(pdf)
    scene.render(painter)
    painter.end()


Words = list[list[tuple[float, float, str, float, bool]]]
"""Per sheet, each line of text the sheet drew: x and y in mm, the text, its size, bold."""


def words_of(pages: list, path: Path, info: SetInfo) -> Words:
    """Write ``pages`` once, noting every line of text each sheet draws."""
    found: Words = [[]]

    class Noting(Sheet):
        def text(self, x, y, text, size_pt=9, bold=False, **rest) -> None:  # type: ignore[override]
            found[-1].append((x, y, text, size_pt, bold))
            super().text(x, y, text, size_pt, bold, **rest)

    def next_sheet(done: int, total: int) -> bool:
        found.append([])
        return True

    original = writer.Sheet
    writer.Sheet = Noting
    try:
        write_pdf(pages, path, "A3", info, next_sheet)
    finally:
        writer.Sheet = original
    return found[:-1]


def draw_words(words: Words, path: Path) -> None:
    """Only the text of the set, each line where the set draws it."""
    pdf = a3_writer(path)
    painter = QPainter(pdf)
    k = PDF_DPI / 25.4
    for number, lines in enumerate(words):
        if number:
            pdf.newPage()
        for x, y, text, size_pt, bold in lines:
            painter.setFont(measure.font(size_pt, bold))
            painter.drawText(QPointF(x * k, y * k), text)
    painter.end()


def main(systems: int = 432) -> None:
    """Measure ``campus.build(systems)`` (a test runs it small)."""
    QApplication.instance() or QApplication([])
    catalog = default_catalog()
    project = campus.build(systems).project
    racks = len(project.placements)
    start = time.perf_counter()
    report = RuleEngine(catalog).run(project)
    plan = NetworkPlanner(catalog).plan(project)
    prepared = time.perf_counter() - start
    scene = bare_scene(racks)
    info = SetInfo(project.meta.name, project.meta.revision, project.meta.date)
    with tempfile.TemporaryDirectory() as folder:
        bare_pdf, our_pdf, plans_pdf, words_pdf = (
            Path(folder) / n for n in ("bare.pdf", "set.pdf", "plans.pdf", "words.pdf")
        )
        pages = drawing_set(project, catalog, "A3", report, plan)
        plans = [p for p in pages if "floor plan" in p.title]
        words = words_of(pages, words_pdf, info)
        best = best_in_turns(
            {
                "bare": lambda: render_to_pdf(scene, bare_pdf),
                "set": lambda: export(project, catalog, our_pdf, "A3", report=report, plan=plan),
                "plans": lambda: write_pdf(plans, plans_pdf, "A3", info),
                "words": lambda: draw_words(words, words_pdf),
            },
            ROUNDS,
        )
        bare, ours, floor, text = best["bare"], best["set"], best["plans"], best["words"]
        size_mb = our_pdf.stat().st_size / 1e6
        bare_mb = bare_pdf.stat().st_size / 1e6
    print(f"campus: {racks:,} racks in {len(project.halls)} halls; the set has {len(pages)} sheets")
    print(f"check + network plan (done once, not in the ratios)   {prepared * 1000:8.1f} ms")
    print(
        f"bare scene of {racks:,} rectangles to one PDF page    {bare * 1000:8.1f} ms  ({bare_mb:.2f} MB)"
    )
    print(f"the {len(plans)} floor-plan sheets ({racks:,} racks)           {floor * 1000:8.1f} ms")
    print(
        f"the whole drawing set (plans, tables, cover, ...)     {ours * 1000:8.1f} ms  ({size_mb:.2f} MB)"
    )
    lines = sum(len(sheet) for sheet in words)
    letters = sum(len(line[2]) for sheet in words for line in sheet)
    print(f"the set's text alone ({lines:,} lines, {letters:,} characters)  {text * 1000:8.1f} ms")
    print(
        f"ratio, floor-plan sheets to the bare scene            {floor / bare:8.2f}   (target <= 3)"
    )
    print(
        f"ratio, whole set to the bare scene                    {ours / bare:8.2f}   (target <= 3)"
    )
    print(f"ratio, the set's text alone to the bare scene          {text / bare:8.2f}")
    print(f"ratio, whole set to the bare scene plus its text alone {ours / (bare + text):8.2f}")


if __name__ == "__main__":
    main()
