"""PDF export of the 432-system campus against a bare QGraphicsScene rendered to a PDF.

Target (DESIGN.md section 9): exporting the drawing set, painted by a QPainter on Qt's
QPdfWriter, <= 10x rendering a bare QGraphicsScene that holds the same number of plain
rectangles into a QPdfWriter. Both run side by side here, several times each, and the
best times are compared. The export is timed from a checked and planned project, as the
designer holds one (the check and the network plan have targets of their own; their time
is printed apart). Two parts of it are timed apart too: building the sheets' contents
(plans, tables, totals) and writing them. The set is also timed with the N-1 ranking handed
in, as the designer's export takes it from its Resilience panel (the CLI sweeps).

    python benchmarks/export_bench.py
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QMarginsF, QRectF
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
from designer.core.resilience.sweep import Swept, sweep
from designer.core.resilience.topology import build_topology
from designer.core.rules.limits import default_thresholds, resolve
from designer.report.drawing_set import checked, drawing_set
from designer.report.export import export
from designer.report.writer import PDF_DPI, SetInfo, write_pdf

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


def render_to_pdf(scene: QGraphicsScene, path: Path) -> None:
    """The scene on one A3 page of a QPdfWriter at the report's resolution."""
    pdf = QPdfWriter(str(path))
    pdf.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A3), QPageLayout.Orientation.Landscape, QMarginsF()
        )
    )
    pdf.setResolution(PDF_DPI)
    painter = QPainter(pdf)
    scene.render(painter)
    painter.end()


def main(systems: int = 432) -> None:
    """Measure ``campus.build(systems)`` (a test runs it small)."""
    QApplication.instance() or QApplication([])
    catalog = default_catalog()
    project = campus.build(systems).project
    racks = len(project.placements)
    start = time.perf_counter()
    report, plan = checked(project, catalog)
    prepared = time.perf_counter() - start
    scene = bare_scene(racks)
    info = SetInfo(project.meta.name, project.meta.revision, project.meta.date)
    # the N-1 ranking the designer's Resilience panel holds once it has ranked the design,
    # which the designer's export draws its Resilience sheet from instead of sweeping
    limits = resolve(default_thresholds().values, project.settings.rules.thresholds)
    topology = build_topology(
        project, catalog.with_custom_racks(project.custom_types), limits, plan
    )
    swept = Swept(topology, sweep(topology))
    with tempfile.TemporaryDirectory() as folder:
        bare_pdf, our_pdf, plans_pdf, written_pdf, ranked_pdf = (
            Path(folder) / n
            for n in ("bare.pdf", "set.pdf", "plans.pdf", "written.pdf", "ranked.pdf")
        )
        pages = drawing_set(project, catalog, "A3", report, plan)
        plans = [p for p in pages if "floor plan" in p.title]
        best = best_in_turns(
            {
                "bare": lambda: render_to_pdf(scene, bare_pdf),
                "set": lambda: export(project, catalog, our_pdf, "A3", report=report, plan=plan),
                "ranked": lambda: export(
                    project, catalog, ranked_pdf, "A3", report=report, plan=plan, swept=swept
                ),
                "plans": lambda: write_pdf(plans, plans_pdf, "A3", info),
                "contents": lambda: drawing_set(project, catalog, "A3", report, plan),
                "written": lambda: write_pdf(pages, written_pdf, "A3", info),
            },
            ROUNDS,
        )
        bare, ours, floor = best["bare"], best["set"], best["plans"]
        size_mb = our_pdf.stat().st_size / 1e6
        bare_mb = bare_pdf.stat().st_size / 1e6
    print(f"campus: {racks:,} racks in {len(project.halls)} halls; the set has {len(pages)} sheets")
    print(f"check + network plan (done once, not in the ratios)   {prepared * 1000:8.1f} ms")
    print(
        f"bare scene of {racks:,} rectangles to one PDF page    {bare * 1000:8.1f} ms  ({bare_mb:.2f} MB)"
    )
    print(f"the {len(plans)} floor-plan sheets ({racks:,} racks), written {floor * 1000:8.1f} ms")
    print(
        f"the whole drawing set (plans, tables, cover, ...)     {ours * 1000:8.1f} ms  ({size_mb:.2f} MB)"
    )
    print(f"  of which building the sheets' contents             {best['contents'] * 1000:8.1f} ms")
    print(f"  and writing them                                   {best['written'] * 1000:8.1f} ms")
    print(
        f"ratio, floor-plan sheets to the bare scene            {floor / bare:8.2f}   (target <= 10)"
    )
    print(
        f"ratio, whole set to the bare scene                    {ours / bare:8.2f}   (target <= 10)"
    )
    print(
        f"the set with the N-1 ranking given, as the designer's  {best['ranked'] * 1000:8.1f} ms"
        f"  ({best['ranked'] / bare:.2f}x the bare scene)"
    )


if __name__ == "__main__":
    main()
