"""Screenshots of the designer for the documentation, made the way a user sees the window.

    QT_QPA_PLATFORM=offscreen python -m designer.gui.screenshots docs

opens every example project at 1600 x 1000, waits for the design check, selects what a
user would look at first (the worst finding's racks, or the first rack) and saves
``docs/screenshot-<example>.png``. The examples in ``LINKS_SHOWN`` are shown with the links
along the trays on, one rack's bundles in the link inspector and a cabling chart raised.
An example of several sites also gets its site map (``screenshot-<example>-site-map.png``),
and those in ``RACKS_SHOWN`` a look close in on a hall's racks, their labels legible
(``screenshot-<example>-racks.png``): campus, hall and rack, the levels a campus is seen at.
``ENERGY_SHOWN`` gets the Energy panel's cost chart with its site priced
(``screenshot-energy.png``), and the same example is compared with a variant of it
(``screenshot-compare.png``). Settings and recovery files go to throw-away places.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from designer.core.catalog import projects_dir
from designer.core.document.layout import footprint_of
from designer.core.io.project_file import SUFFIX

#: Example -> (the rack whose bundles the inspector lists, the chart dock raised).
LINKS_SHOWN = {
    "gb200-nvl72-su": ("NVL72-01", "lengths_dock"),
    "two-sites": ("N1-NET", "media_dock"),
}

#: Examples shown close in on their first hall's first rack, and how much closer than it
#: with its neighbours: close enough to read the racks' labels.
RACKS_SHOWN = {"cm384-campus-100k": 1.8}

#: The example whose energy and capital are shown, and compared with a variant of itself.
ENERGY_SHOWN = "gb200-nvl72-su"
#: What its site is given for the energy screenshot (the examples know none of them): the
#: US average industrial price 8.06 ¢/kWh (operations:O30), the US grid's ≈345 g CO2/kWh
#: (operations:O26) and the US data centres' on-site mean WUE 1.8 L/kWh (operations:O27).
SITE_FIGURES = {"energy_price_per_mwh": 80.6, "carbon_g_per_kwh": 345.0, "wue_l_per_kwh": 1.8}
#: The bottom docks' height in those two screenshots, so every row of their charts is named.
CHART_DOCK_PX = 400
#: The Energy panel's size in its screenshot.
ENERGY_PX = (900, 420)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication, QDockWidget

    from designer.gui.main_window import MainWindow


def capture(folder: Path) -> list[Path]:
    """Write one screenshot per example project into ``folder``; returns their paths."""
    os.environ.setdefault("RACKPLAN_RECOVERY_DIR", tempfile.mkdtemp(prefix="rackplan-shots-"))
    from PySide6.QtCore import QStandardPaths
    from PySide6.QtWidgets import QApplication

    from designer.gui.main_window import MainWindow
    from designer.gui.theme import apply_theme

    QStandardPaths.setTestModeEnabled(True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    apply_theme(app)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(projects_dir().glob(f"*{SUFFIX}")):
        window = MainWindow()
        window.resize(1600, 1000)
        window.show()
        window.open_path(path)
        _settle(app, window)
        name = path.name.removesuffix(SUFFIX)
        errors = [
            f for f in window.editor.findings if str(f.severity) == "error" and not f.excluded
        ]
        if name in LINKS_SHOWN:
            label, chart = LINKS_SHOWN[name]
            window.actions_by_name["links"].trigger()
            placements = window.editor.project.placements.values()
            window.selection.set([r.id for r in placements if r.label == label])
            getattr(window, chart).raise_()
        elif errors:
            window.show_finding(errors[0])
            window.view.fit_hall()
        elif window.editor.project.placements:
            window.selection.set([next(iter(window.editor.project.placements))])
        _settle(app, window)
        target = folder / f"screenshot-{name}.png"
        window.grab().save(str(target))
        written.append(target)
        if len(window.editor.project.sites) > 1:
            written.append(_site_map(app, window, folder / f"screenshot-{name}-site-map.png"))
        if name in RACKS_SHOWN:
            target = folder / f"screenshot-{name}-racks.png"
            written.append(_racks(app, window, RACKS_SHOWN[name], target))
        if name == ENERGY_SHOWN:
            written.append(_compare(app, window, folder / "screenshot-compare.png"))
            written.append(_energy(app, window, folder / "screenshot-energy.png"))
        window.bridge.document.mark_saved(path)  # nothing to ask on close
        window.close()
    return written


def _site_map(app: QApplication, window: MainWindow, target: Path) -> Path:
    """The window with the site map shown, the first hall picked, nothing selected."""
    window.selection.clear()
    window.editor.set_hall(next(iter(window.editor.project.halls)))
    window.actions_by_name["site_map"].trigger()
    _settle(app, window)
    window.grab().save(str(target))
    window.actions_by_name["site_map"].trigger()  # back to the hall
    return target


def _racks(app: QApplication, window: MainWindow, zoom: float, target: Path) -> Path:
    """The window close in on the first rack of the first hall (``zoom`` times closer than
    showing it with its neighbours), selected with its system, its bundles listed."""
    editor = window.editor
    editor.set_hall(next(iter(editor.project.halls)))
    racks = [r.id for r in editor.project.placements.values() if r.hall_id == editor.hall_id]
    box = footprint_of(editor.project, racks[0], editor.doc.rack_types)
    assert box is not None  # a rack has a footprint
    window.selection.set(racks[:1])
    _settle(app, window)  # the link inspector shows the rack's bundles (and zooms to them)
    window.view.zoom_to_box(box)
    centre = window.view.mapFromScene((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
    window.view.zoom_by(zoom, centre)
    _settle(app, window)
    window.grab().save(str(target))
    return target


def _variant(window: MainWindow, folder: Path) -> Path:
    """A copy of the open design with one rack added, one removed, a rack and a CRAH moved
    and a rack relabelled, saved in ``folder``."""
    from designer.core.document import operations as ops
    from designer.core.document.document import Document
    from designer.core.io.project_file import save

    editor = window.editor
    doc = Document(editor.project, catalog=editor.doc.catalog)
    racks = {r.label: r.id for r in doc.project.placements.values()}
    units = {u.name: u.id for u in doc.project.cooling_units.values()}
    ops.place_rack(doc, editor.hall_id or "", "nvidia-gb200-nvl72", 3_900, 4_332, 0, "NVL72-09")
    ops.delete(doc, [racks["NVL72-08"]])
    ops.move(doc, [racks["NVL72-01"]], 0, 3_000)
    ops.move(doc, [units["CRAH-2"]], 1_200, 0)
    ops.relabel(doc, {racks["NVL72-03"]: "NVL72-03A"}, "Relabel")
    path = folder / f"{ENERGY_SHOWN}-variant{SUFFIX}"
    save(doc.project, path)
    return path


def _alone(window: MainWindow, dock: QDockWidget) -> list[QDockWidget]:
    """``dock`` raised, ``CHART_DOCK_PX`` tall and across the bottom of the window: the docks
    beside it closed, as a user makes room for a chart and its figures; returns those docks
    to show again."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QDockWidget

    bottom = Qt.DockWidgetArea.BottomDockWidgetArea
    beside = [
        d
        for d in window.findChildren(QDockWidget)
        if d.isVisible()
        and window.dockWidgetArea(d) == bottom
        and d is not dock
        and d not in window.tabifiedDockWidgets(dock)
    ]
    for other in beside:
        other.hide()
    dock.raise_()
    window.resizeDocks([dock], [CHART_DOCK_PX], Qt.Orientation.Vertical)
    return beside


def _compare(app: QApplication, window: MainWindow, target: Path) -> Path:
    """The open design compared with a variant of it: the differences on the canvas, the
    Compare panel's chart and list."""
    comparison = window.comparison
    comparison.compare_with(_variant(window, Path(tempfile.mkdtemp(prefix="rackplan-shots-"))))
    deadline = time.monotonic() + 60
    while not comparison.comparing and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    window.selection.clear()
    beside = _alone(window, comparison.dock)  # the chart and the list side by side
    comparison.panel.figure_tabs.setCurrentWidget(comparison.panel.chart)
    _settle(app, window)
    window.view.fit_hall()
    _settle(app, window)
    window.grab().save(str(target))
    comparison.stop()
    for dock in beside:
        dock.show()
    return target


def _energy(app: QApplication, window: MainWindow, target: Path) -> Path:
    """The Energy panel's cost chart, the site given ``SITE_FIGURES``, the readout of its
    racks' bar shown; the panel floated out of the window at ``ENERGY_PX``, as a user pulls
    a chart out to read it whole."""
    from PySide6.QtCore import QPointF

    editor = window.editor
    editor.update(next(iter(editor.project.sites)), **SITE_FIGURES)
    dock = window.energy_dock
    dock.raise_()
    dock.setFloating(True)
    dock.resize(*ENERGY_PX)
    chart = window.energy_panel.capital
    window.energy_panel.tabs.setCurrentWidget(chart)
    _settle(app, window)
    plot = chart.drawn()
    # the pointer low on the bar: the readout under it, clear of the bar's figure
    plot.hover(plot.getPlotItem().getViewBox().mapViewToScene(QPointF(chart.ends[0] * 0.3, 0.45)))
    dock.grab().save(str(target))
    dock.setFloating(False)
    return target


def _settle(app: QApplication, window: MainWindow, timeout_s: float = 20.0) -> None:
    """Process events until the findings are in and the panels have caught up."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        app.processEvents()
        if window.editor.checked and window.checker.idle:
            break
        time.sleep(0.01)
    end = time.monotonic() + 0.4
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


if __name__ == "__main__":
    for written in capture(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(written)  # noqa: T201 - the paths written are the output
