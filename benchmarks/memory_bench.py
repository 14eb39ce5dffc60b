"""Peak memory of the designer with the 6,912-rack campus open, against a bare scene.

Target (DESIGN.md section 9): peak memory of the GUI with the 100k-accelerator campus open
<= 2x the bare scene plus the parsed JSON. The campus (``campus.build(432)``, 24 halls of
288 racks) is saved with the project's own ``save`` to a temporary ``.rackplan.json``, and
each figure is the peak resident set (``VmHWM``) of its own child process, offscreen, so
each peak is clean:

- interpreter floor: Python with a ``QApplication`` created, nothing else (for context);
- bare: that, plus ``json.loads`` of the file's bytes (kept alive) and a ``QGraphicsScene``
  of one plain ``QGraphicsRectItem`` per rack (as ``canvas_bench.py``'s bare scene: the
  halls' racks in a 6 x 4 grid of hall-sized blocks) shown in a ``QGraphicsView`` at
  1600 x 1000 and painted once (``grab``);
- ours: the designer window as ``designer.gui.app.run`` makes it (theme, ``MainWindow``,
  ``open_path``), with scripted prompts and private settings, shown at 1600 x 1000, events
  processed until the live check has reported, then painted once (``grab``).

The children run in turns, round after round, and the median peak of each is compared.
``--profile`` instead prints the resident set of ``ours`` after each import and stage.

    python benchmarks/memory_bench.py
    python benchmarks/memory_bench.py --profile
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

SIZE = (1600, 1000)
ROUNDS = 3
#: Halls of the campus side by side in the bare scene, and the gap between their blocks (mm).
COLUMNS, GAP = 6, 6_000
#: Seconds the designer may take to open the campus and check it before the run fails.
CHECK_TIMEOUT_S = 300


def _status_mb(field: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) * 1024 / 1e6
    raise RuntimeError(f"no {field} in /proc/self/status")


def peak_mb() -> float:
    """This process's peak resident set (VmHWM), in MB."""
    return _status_mb("VmHWM")


def current_mb() -> float:
    """This process's resident set now (VmRSS), in MB."""
    return _status_mb("VmRSS")


def report(**figures: object) -> None:
    """The child's one line of results, read by the parent."""
    print(json.dumps({"peak_mb": peak_mb(), "rss_mb": current_mb(), **figures}), flush=True)


# --- the children ------------------------------------------------------------------------


def child_baseline() -> None:
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    app.processEvents()
    report()


def child_bare(path: Path, rects_path: Path) -> None:
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QBrush, QColor, QPen
    from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene, QGraphicsView

    app = QApplication([])
    parsed = json.loads(path.read_bytes())  # kept alive to the end: the target counts it
    rects = json.loads(rects_path.read_bytes())
    view = QGraphicsView()
    scene = QGraphicsScene(view)
    bounds = QRectF(0, 0, max(x + w for x, _, w, _ in rects), max(y + h for _, y, _, h in rects))
    scene.setSceneRect(bounds)
    pen, brush = QPen(QColor("#26313b"), 0), QBrush(QColor("#5fa77a"))
    movable = (
        QGraphicsItem.GraphicsItemFlag.ItemIsMovable
        | QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
    )
    for x, y, w, h in rects:
        scene.addRect(QRectF(x, y, w, h), pen, brush).setFlags(movable)
    del rects
    view.setScene(scene)
    view.resize(*SIZE)
    view.show()
    view.fitInView(bounds, Qt.AspectRatioMode.KeepAspectRatio)
    app.processEvents()
    view.grab()
    app.processEvents()
    report(items=len(scene.items()), placements=len(parsed["placements"]))
    view.close()


class _QuietPrompts:
    """Answers every question without a dialog: keep nothing, restore nothing."""

    def save_changes(self, name):  # type: ignore[no-untyped-def]
        return "discard"

    def restore(self, what, when):  # type: ignore[no-untyped-def]
        return False

    def open_path(self, folder):  # type: ignore[no-untyped-def]
        return None

    def save_path(self, suggested):  # type: ignore[no-untyped-def]
        return None

    def error(self, title, text):  # type: ignore[no-untyped-def]
        print(f"{title}: {text}", file=sys.stderr)

    def info(self, title, text):  # type: ignore[no-untyped-def]
        pass

    def comment(self, finding):  # type: ignore[no-untyped-def]
        return None

    def new_project(self):  # type: ignore[no-untyped-def]
        return None

    def new_hall(self):  # type: ignore[no-untyped-def]
        return None

    def place_row(self, rack_types, type_id, prefix, at):  # type: ignore[no-untyped-def]
        return None

    def export(self, folder, stem, halls, hall_id):  # type: ignore[no-untyped-def]
        return None


def _quiet(what: str) -> None:
    """No stage report (``open_window`` outside ``--profile``)."""


def open_window(path: Path, step: Callable[[str], None] = _quiet):  # type: ignore[no-untyped-def]
    """The designer window on ``path`` as ``designer.gui.app.run`` makes it (with scripted
    prompts and private settings), shown at 1600 x 1000, checked and painted once.

    ``step`` is told after each stage (``--profile`` prints the resident set there).
    """
    from PySide6.QtCore import QSettings, QStandardPaths
    from PySide6.QtWidgets import QApplication

    QStandardPaths.setTestModeEnabled(True)  # never touch the user's settings

    from designer.gui.main_window import MainWindow
    from designer.gui.recent import RecentFiles
    from designer.gui.theme import apply_theme

    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    apply_theme(app)
    # The recent-files list goes to a folder of its own, never beside the project opened.
    folder = tempfile.mkdtemp(prefix="rackplan-bench-")
    atexit.register(shutil.rmtree, folder, True)
    settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(prompts=_QuietPrompts(), recent=RecentFiles(settings))
    step("MainWindow()")
    if not window.open_path(path):
        raise SystemExit(f"the designer could not open {path}")
    step("open_path (load, document, canvas)")
    window.resize(*SIZE)
    window.show()
    app.processEvents()
    step("shown")
    deadline = time.monotonic() + CHECK_TIMEOUT_S
    while not (window.editor.checked and window.checker.idle):
        if time.monotonic() > deadline:
            raise SystemExit("the live check did not finish in time")
        app.processEvents()
        time.sleep(0.005)
    app.processEvents()
    step("live check done, panels updated")
    window.grab()
    app.processEvents()
    step("painted (grab)")
    return app, window


def child_ours(path: Path) -> None:
    app, window = open_window(path)
    project = window.editor.project
    report(
        placements=len(project.placements),
        findings=len(window.editor.findings),
        scene_items=len(window.view.scene().items()),
    )
    window.close()
    app.processEvents()


def child_profile(path: Path) -> None:
    """``ours`` stage by stage: the resident set after each import and stage, and the module
    sources PySide6 left in ``linecache`` (``--profile``; not part of the measurement)."""
    import gc
    import importlib
    import linecache

    last = [current_mb()]

    def step(what: str) -> None:
        now = current_mb()
        print(f"{what:<42} rss {now:7.1f} MB (+{now - last[0]:5.1f})   peak {peak_mb():7.1f} MB")
        last[0] = now

    step("interpreter")
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    step("QApplication")
    for name in (
        "numpy",
        "shapely",
        "pydantic",
        "designer.core.model.project",
        "designer.core.rules",
        "designer.gui.main_window",
    ):
        importlib.import_module(name)
        step(f"import {name}")
    app, window = open_window(path, step)
    gc.collect()
    sources = [entry[2] for entry in linecache.cache.values() if len(entry) > 2]
    held = sum(sys.getsizeof(line) for lines in sources for line in lines)
    print(
        f"linecache: {len(sources)} module sources, {sum(map(len, sources)):,} lines, "
        f"{held / 1e6:.1f} MB of str (read by PySide6's import hook, never used)"
    )
    print(f"python objects alive: {len(gc.get_objects()):,}")
    window.close()
    app.processEvents()


CHILDREN: dict[str, Callable[..., None]] = {
    "baseline": child_baseline,
    "bare": child_bare,
    "ours": child_ours,
    "profile": child_profile,
}


# --- the parent --------------------------------------------------------------------------


def write_inputs(folder: Path, systems: int = 432) -> tuple[Path, Path, int, int]:
    """The campus saved with the project's own ``save``, and the bare scene's rectangles:
    (project file, rectangles file, racks, halls)."""
    from designer.core.catalog import default_catalog
    from designer.core.examples import campus
    from designer.core.geometry.floor import placement_box
    from designer.core.io.project_file import save

    project = campus.build(systems).project
    path = folder / "campus.rackplan.json"
    save(project, path)
    types = dict(default_catalog().racks)
    types.update(project.custom_types)
    halls = list(project.halls.values())
    width = max(x for h in halls for x, _ in h.outline) + GAP
    depth = max(y for h in halls for _, y in h.outline) + GAP
    shift = {h.id: ((i % COLUMNS) * width, (i // COLUMNS) * depth) for i, h in enumerate(halls)}
    rects = []
    for rack in project.placements.values():
        box = placement_box(rack, types)
        dx, dy = shift[rack.hall_id]
        rects.append((box.x0 + dx, box.y0 + dy, box.width, box.height))
    rects_path = folder / "rects.json"
    rects_path.write_text(json.dumps(rects))
    return path, rects_path, len(project.placements), len(halls)


def run_child(*args: str, echo: bool = False, script: str = __file__) -> dict:
    """Run one child of ``script`` offscreen; its last line of output, parsed (or echo all of
    it)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(
        [sys.executable, script, "--child", *args],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"child {args[0]} failed ({done.returncode}):\n{done.stderr}")
    if echo:
        print(done.stdout, end="")
        return {}
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(profile: bool = False, systems: int = 432, rounds: int = ROUNDS) -> None:
    """Measure ``campus.build(systems)``, each child ``rounds`` times (a test runs it small)."""
    with tempfile.TemporaryDirectory() as folder:
        path, rects_path, racks, halls = write_inputs(Path(folder), systems)
        size = path.stat().st_size
        if profile:
            run_child("profile", str(path), echo=True)
            return
        runs: dict[str, list[dict]] = {"baseline": [], "bare": [], "ours": []}
        for _ in range(rounds):
            runs["baseline"].append(run_child("baseline"))
            runs["bare"].append(run_child("bare", str(path), str(rects_path)))
            runs["ours"].append(run_child("ours", str(path)))
    peak = {name: statistics.median(r["peak_mb"] for r in found) for name, found in runs.items()}
    ours, bare = runs["ours"][-1], runs["bare"][-1]
    print(
        f"campus: {racks:,} racks in {halls} halls, {size / 1e6:.1f} MB on disk; the window "
        f"shows one hall ({ours['scene_items']:,} scene items), {ours['findings']:,} findings; "
        f"bare scene {bare['items']:,} rectangles; view {SIZE[0]} x {SIZE[1]}; "
        f"median peak (VmHWM) of {rounds} runs each"
    )
    print(f"interpreter + QApplication     {peak['baseline']:8.1f} MB")
    print(f"bare scene + parsed JSON       {peak['bare']:8.1f} MB")
    print(f"designer window, checked       {peak['ours']:8.1f} MB")
    print(f"ratio                          {peak['ours'] / peak['bare']:8.2f}   (target <= 2)")
    floor = peak["baseline"]
    print(
        f"above the interpreter floor: bare {peak['bare'] - floor:.1f} MB, designer "
        f"{peak['ours'] - floor:.1f} MB, ratio {(peak['ours'] - floor) / (peak['bare'] - floor):.2f}"
    )


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        CHILDREN[sys.argv[2]](*(Path(a) for a in sys.argv[3:]))
    else:
        main(profile="--profile" in sys.argv[1:])
