"""Screenshots of the designer for the documentation, made the way a user sees the window.

    QT_QPA_PLATFORM=offscreen python -m designer.gui.screenshots docs

opens every example project at 1600 x 1000, waits for the design check, selects what a
user would look at first (the worst finding's racks, or the first rack) and saves
``docs/screenshot-<example>.png``. The examples in ``LINKS_SHOWN`` are shown with the links
along the trays on, one rack's bundles in the link inspector and a cabling chart raised.
An example of several sites also gets its site map (``screenshot-<example>-site-map.png``),
and those in ``RACKS_SHOWN`` a look close in on a hall's racks, their labels legible
(``screenshot-<example>-racks.png``): campus, hall and rack, the levels a campus is seen at.
Settings and recovery files go to throw-away places.
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

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

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
