"""File ▸ Compare With… through the real window: the GB200 scalable unit against a copy
saved with one NVL72 rack moved 3 m and another deleted."""

from pathlib import Path

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.io.project_file import load, save
from designer.drawing.compare import MOVED_FROM, REMOVED
from designer.gui.compare.chart import MORE, SHARED

CATALOG = default_catalog()
EXAMPLE = "gb200-nvl72-su"


@pytest.fixture
def variant(example, tmp_path):
    """The example, and a copy of it with rack NVL72-01 moved 3 m and NVL72-08 deleted."""
    original = example(EXAMPLE)
    doc = Document(load(original, CATALOG.racks).project, path=original, catalog=CATALOG)
    ops.move(doc, ["rk-001"], 0, 3_000)
    ops.delete(doc, ["rk-011"])
    copy = tmp_path / "variant.rackplan.json"
    save(doc.project, copy)
    return original, copy


def _compare(window, qtbot, path: Path) -> None:
    assert window.comparison.compare_with(path)
    qtbot.waitUntil(lambda: window.comparison.comparing, timeout=30_000)
    # the offscreen platform leaves the closed progress dialog active; a desktop gives the
    # keys back to the window
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5_000)


def test_a_variant_shows_its_figures_and_where_it_differs(make_window, qtbot, variant):
    original, copy = variant
    window = make_window(original)
    menu = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert "Compare &With…" in menu and "Stop &Comparing" in menu
    _compare(window, qtbot, copy)

    panel = window.comparison.panel
    differing = panel.differing_rows()
    assert differing["Accelerators"] == ("576", "504", "−72")
    assert differing["Racks"] == ("11", "10", "−1")
    assert differing["Racks: NVIDIA GB200 NVL72"] == ("8", "7", "−1")
    # to the decimal its figures need, the change too (1,117.2 and 985.2)
    assert differing["IT power, max (kW)"] == ("1,117.2", "985.2", "−132.0")
    assert "Cabled links" in differing
    assert "Dense PFLOPS: FP8" in differing
    # a figure that does not differ is neither shaded nor listed as differing
    assert "Hall floor area (m²)" not in differing
    figures = panel.figures
    area = next(
        r for r in range(figures.rowCount()) if figures.item(r, 0).text().startswith("Hall")
    )
    assert figures.isRowHidden(area)  # only the figures that differ, at first
    # the figures' names give way, never the differences (cut to "−…" in a trial's dock
    # of the default window, which this width is)
    figures.setFixedWidth(580)
    QApplication.processEvents()
    for column in (1, 2, 3):
        assert figures.columnWidth(column) >= figures.sizeHintForColumn(column)
    panel.only_differing.setChecked(False)
    assert not figures.isRowHidden(area)
    assert window.comparison.dock.isVisible()

    table = panel.differences
    rows = [[table.item(r, c).text() for c in range(4)] for r in range(table.rowCount())]
    assert rows == [
        ["Removed", "rack", "NVL72-08 (NVIDIA GB200 NVL72)", ""],
        ["Moved", "rack", "NVL72-01 (NVIDIA GB200 NVL72)", "3 m"],
    ]
    # on the canvas: the open design's racks coloured in the jobs' layer (removed and
    # moved-from in their colours, the rest pale), the moved rack where it now stands over it
    colouring = window.jobs_dock.widget().colouring
    codes = dict(colouring.racks[0])
    assert (codes["rk-011"], codes["rk-001"]) == (REMOVED, MOVED_FROM)
    assert {c for i, c in codes.items() if i not in ("rk-011", "rk-001")} == {-1}
    shapes = window.comparison.overlay.layer.geometry
    assert window.comparison.overlay.layer.isVisible()
    assert shapes.racks.rects.tolist() == [[2_100, 4_332, 600, 1_068]]
    assert shapes.moves.tolist() == [[2_400, 1_866, 2_400, 4_866]]
    assert [e.text for e in window.view.legend][:2] == ["Added (0)", "Removed (1)"]

    # clicking the removed rack's row selects it and zooms to where it stood
    window.view.fit_hall()
    hall = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    table.cellClicked.emit(0, 1)
    assert window.editor.selection.ids == ["rk-011"]
    shown = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert shown.width() < hall.width()
    assert shown.contains(QRectF(8_100, 1_332, 600, 1_068))

    QTest.keyClick(window.view, Qt.Key.Key_Escape)
    assert not window.comparison.comparing
    assert not window.comparison.overlay.layer.isVisible()
    assert window.view.legend is None
    assert colouring.racks is None
    assert panel.differences.rowCount() == 0
    assert panel.chart.names == []
    assert panel.chart.note.text() == "No comparison: File ▸ Compare With…"


def test_a_design_compared_with_itself_differs_in_nothing(make_window, qtbot, example):
    original = example(EXAMPLE)
    window = make_window(original)
    _compare(window, qtbot, original)
    panel = window.comparison.panel
    assert panel.differing_rows() == {}
    assert panel.differences.rowCount() == 0
    assert "no figure differs; no rack or equipment differs" in panel.title.text()
    window.comparison.stop_action.trigger()
    assert not window.comparison.comparing


def test_a_broken_or_refused_file_gets_a_message_and_no_comparison(
    make_window, qtbot, prompts, example, tmp_path
):
    window = make_window(example(EXAMPLE))
    broken = tmp_path / "broken.rackplan.json"
    broken.write_text('{"format": "rackplan-project", ', encoding="utf-8")
    assert not window.comparison.compare_with(broken)
    assert not window.comparison.compare_with(tmp_path / "missing.rackplan.json")
    assert [title for title, _ in prompts.errors] == ["Compare With", "Compare With"]
    assert "broken.rackplan.json" in prompts.errors[0][1]
    assert "missing.rackplan.json" in prompts.errors[1][1]
    assert not window.comparison.comparing


def test_the_chart_draws_b_against_a_for_one_nvl72_rack_more(make_window, qtbot, example, tmp_path):
    """A: the scalable unit less rack NVL72-08; B: the whole unit, one GB200 NVL72 more."""
    original = example(EXAMPLE)
    doc = Document(load(original, CATALOG.racks).project, path=original, catalog=CATALOG)
    ops.delete(doc, ["rk-011"])
    smaller = tmp_path / "smaller.rackplan.json"
    save(doc.project, smaller)
    window = make_window(smaller)
    _compare(window, qtbot, original)
    panel = window.comparison.panel
    panel.figure_tabs.setCurrentWidget(panel.chart)
    chart = panel.chart
    qtbot.waitUntil(lambda: chart.plot is not None, timeout=5_000)
    rows = {name: n for n, name in enumerate(chart.names)}
    # only the figures that differ, as the table shows them at first
    assert set(chart.names) == set(panel.differing_rows())
    # 504 GPUs to 576: 576 / 504 = 114.29 % of A, the 14.29 % past A's line in green
    gpus = rows["Accelerators"]
    assert chart.texts[gpus] == "504 → 576 (+72)"
    assert float(chart.ends[gpus]) == pytest.approx(576 / 504 * 100)
    assert chart.colours(gpus) == [SHARED, MORE]
    # the rack's 132 kW at max on the unit's 1,117.2 kW
    power = rows["IT power, max (kW)"]
    assert chart.texts[power] == "985.2 → 1,117.2 (+132.0)"
    assert float(chart.ends[power]) == pytest.approx(1_117.2 / 985.2 * 100)
    assert chart.texts[rows["Racks: NVIDIA GB200 NVL72"]] == "7 → 8 (+1)"

    items = chart.plot.getPlotItem().items
    assert len([i for i in items if isinstance(i, pg.BarGraphItem)]) == 2  # grey and green
    assert [i.value() for i in items if isinstance(i, pg.InfiniteLine)] == [100.0]  # A
    box = chart.plot.getPlotItem().getViewBox()
    chart.plot.scene().sigMouseMoved.emit(box.mapViewToScene(QPointF(50, gpus)))
    assert chart.plot.readout.toPlainText() == (
        "Accelerators: A 504, B 576, B − A +72, B is 114.3 % of A"
    )


def test_a_narrow_panel_lists_the_differences_in_a_tab_of_their_own(make_window, qtbot, variant):
    original, copy = variant
    window = make_window(original)
    _compare(window, qtbot, copy)
    panel = window.comparison.panel
    tabs = panel.figure_tabs
    panel.resize(600, 300)
    assert tabs.tabText(tabs.indexOf(panel.differences)) == "Racks and equipment (2)"
    panel.resize(1_200, 300)
    assert tabs.indexOf(panel.differences) == -1
    assert panel.tables.indexOf(panel.differences) == 1  # beside the figures and chart


def test_capitals_that_price_different_things_are_said_so_beside_the_figures(
    make_window, qtbot, example, tmp_path
):
    """A trial compared the GB200 SU with a GB300 one: the Figures tab read the GB300 as
    $18 M cheaper, its racks having no price, and said why only on the Chart tab."""
    from designer.core.generate import ClusterRequest, generate

    gb300 = tmp_path / "gb300.rackplan.json"
    save(generate(ClusterRequest("gb300-su")), gb300)
    window = make_window(example(EXAMPLE))
    _compare(window, qtbot, gb300)
    panel = window.comparison.panel
    assert panel.figure_tabs.currentWidget() is panel.figures
    assert panel.scope.isVisible()
    assert panel.scope.text().startswith("Racks and systems: A prices USD 20,000,000 of it")


def test_a_regenerated_variant_reads_as_what_changed_and_its_jobs_times(
    make_window, qtbot, tmp_path
):
    """``generate`` at 2:1 and at 1.5:1: a GB300 SU of 1,152 GPUs on two sites, each site a
    network rack NET-B02 more at 1.5:1, which shifts every id after the first site's. All
    of A's racks stand where they stood; the comparison reads the 2 racks added, NET-B01 of
    each site of another type and each bottom row's two busways run on 0.6 m to the new
    rack, and draws no move (by id it read 15 moves, and a dashed line from each). The
    job's DP all-reduce, 2 x 17 / 18 x 17.5 GB = 33.06 GB a GPU a step, over 800 Gb/s NICs
    takes 661.11 ms at 2:1 (400 Gb/s) and 495.83 ms at 1.5:1 (533.3 Gb/s)."""
    from designer.core.geometry.footprint import footprint
    from designer.drawing.compare import CHANGED
    from tests.core.energy.test_differences import gb300_variant
    from tests.core.jobs.helpers import with_job

    paths = []
    for ratio in (2, 1.5):
        doc = Document(gb300_variant(ratio), catalog=CATALOG)
        with_job(doc, name="llama70b", tp=8, dp=18, global_batch=144)
        paths.append(tmp_path / f"at-{ratio}.rackplan.json")
        save(doc.project, paths[-1])
    window = make_window(paths[0])
    _compare(window, qtbot, paths[1])
    panel = window.comparison.panel
    assert "racks and equipment: 2 added, 6 changed" in panel.title.text()
    table = panel.differences
    rows = [[table.item(r, c).text() for c in range(3)] for r in range(table.rowCount())]
    assert [r for r in rows if r[1] == "rack"] == [
        ["Added", "rack", "NET-B02 (Quantum-X800 Q3400 network rack (3 switches))"],
        ["Added", "rack", "NET-B02 (Quantum-X800 Q3400 network rack (3 switches))"],
        # named as A has it, of the 2-switch type, which is what changed
        ["Changed", "rack", "NET-B01 (Quantum-X800 Q3400 network rack (2 switches))"],
        ["Changed", "rack", "NET-B01 (Quantum-X800 Q3400 network rack (2 switches))"],
    ]
    busways = [r for r in rows if r[1] == "busway"]
    assert len(busways) == 4 and {r[0] for r in busways} == {"Changed"}
    assert panel.differing_rows()["Job llama70b: scale-out time a step (ms)"] == (
        "661.11",
        "495.83",
        "−165.28",
    )

    # on the canvas of the open hall: B's NET-B02 where it stands in B, A's NET-B01 in the
    # colour of a change, and no move
    hall = window.editor.hall_id
    second = load(paths[1], CATALOG.racks).project
    (added,) = [r for r in second.placements.values() if r.hall_id == hall and r.label == "NET-B02"]
    kind = CATALOG.racks[added.type_id]
    box = footprint(added.x, added.y, kind.width_mm, kind.depth_mm, added.rotation)
    shapes = window.comparison.overlay.layer.geometry
    assert shapes.racks.rects.tolist() == [[box.x0, box.y0, box.width, box.height]]
    assert len(shapes.moves) == 0
    codes = dict(window.jobs_dock.widget().colouring.racks[0])
    first = window.editor.project
    changed = [first.placements[i].label for i, c in codes.items() if c == CHANGED]
    assert changed == ["NET-B01", "NET-B01"]  # one a site, each in the hall it stands in
    assert set(codes.values()) == {-1, CHANGED}
