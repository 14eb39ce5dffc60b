"""The designer opening the complete 100k campus: time to its first paint, time until it is
checked, and its peak memory, against a bare QGraphicsScene opening the same file.

Targets (DESIGN.md section 9): with the complete 100k CloudMatrix384 campus open and
checked, first paint <= 1 s and peak memory <= 300 MB. The campus is
``campus.build(432)`` (the generator's, as ``projects/cm384-campus-100k.rackplan.json``),
saved with the project's own ``save``. Each child is a fresh process, offscreen, so each
is measured cold, as a user opens a file:

- ours: the designer window as ``designer.gui.app.run`` makes it (``memory_bench``'s
  ``open_window``: theme, ``MainWindow``, ``open_path``, shown at 1600 x 1000); first
  paint is when the window's first frame is painted, timed from the start of
  ``open_path``: an application event filter sees the frame's paint events, one widget
  after another, and the first event of another kind after them marks the frame's end
  (Qt paints a window's widgets in one go and hands the frame to the screen before it
  delivers the next event). What the first frame queues runs after it: the dashboard's
  chart imports pyqtgraph and makes its plot then (about half a second), so the time
  until those events are done is printed apart. Checked is when the live check has
  reported and the panels and canvas are updated and painted (``grab``); peak is the
  process's ``VmHWM`` then.
- bare: ``json.loads`` of the same bytes and a ``QGraphicsScene`` of one plain rectangle
  per rack, shown in a ``QGraphicsView`` at 1600 x 1000, timed from reading the file to its
  first paint in the same way.

The children run in turns, round after round; the medians are printed side by side, with
the ratio to the bare scene (which holds on a busy machine where absolute times drift).

    python benchmarks/first_paint_bench.py
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from memory_bench import SIZE, open_window, peak_mb, run_child, write_inputs

ROUNDS = 5
#: Seconds a child may wait for its first paint before the run fails.
PAINT_TIMEOUT_S = 60

STARTED = time.perf_counter()


def _paint_watch():  # type: ignore[no-untyped-def]
    """An application event filter that counts paint events (made after ``QApplication``)."""
    from PySide6.QtCore import QEvent, QObject

    class PaintWatch(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.paints = 0
            #: when the first event after the first frame's paint events came
            self.frame_end: float | None = None

        def eventFilter(self, watched, event):  # type: ignore[no-untyped-def]
            if event.type() == QEvent.Type.Paint:
                self.paints += 1
            elif self.paints and self.frame_end is None:
                self.frame_end = time.perf_counter()
            return False

    return PaintWatch()


def _painted(app, watch) -> float:  # type: ignore[no-untyped-def]
    """Process events until at least one paint has happened and what it queued is done;
    when the first frame ended (the events' end where nothing came after it)."""
    deadline = time.monotonic() + PAINT_TIMEOUT_S
    app.processEvents()
    while watch.paints == 0:
        if time.monotonic() > deadline:
            raise SystemExit("nothing was painted")
        app.processEvents()
        time.sleep(0.001)
    done = time.perf_counter()
    return watch.frame_end if watch.frame_end is not None else done


def child_ours(path: Path) -> None:
    import designer.gui  # noqa: F401 - before Qt, as designer.gui.app.run does

    # isort: split
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    watch = _paint_watch()
    app.installEventFilter(watch)
    times: dict[str, float] = {}

    def step(what: str) -> None:
        now = time.perf_counter()
        if what == "MainWindow()":
            times["open"] = now  # open_path starts now
        elif what == "shown":
            times["first_paint"] = _painted(app, watch)
            times["events_done"] = time.perf_counter()
        elif what == "painted (grab)":
            times["checked"] = now

    app, window = open_window(path, step)
    print(
        json.dumps(
            {
                "first_paint_s": times["first_paint"] - times["open"],
                "events_done_s": times["events_done"] - times["open"],
                "from_start_s": times["first_paint"] - STARTED,
                "checked_s": times["checked"] - times["open"],
                "peak_mb": peak_mb(),
                "findings": len(window.editor.findings),
            }
        ),
        flush=True,
    )
    window.close()
    app.processEvents()


def child_bare(path: Path, rects_path: Path) -> None:
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QBrush, QColor, QPen
    from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView

    app = QApplication([])
    watch = _paint_watch()
    app.installEventFilter(watch)
    rects = json.loads(rects_path.read_bytes())
    opened = time.perf_counter()
    parsed = json.loads(path.read_bytes())  # kept alive to the end, as a document would be
    view = QGraphicsView()
    scene = QGraphicsScene(view)
    bounds = QRectF(0, 0, max(x + w for x, _, w, _ in rects), max(y + h for _, y, _, h in rects))
    scene.setSceneRect(bounds)
    pen, brush = QPen(QColor("#26313b"), 0), QBrush(QColor("#5fa77a"))
    for x, y, w, h in rects:
        scene.addRect(QRectF(x, y, w, h), pen, brush)
    view.setScene(scene)
    view.resize(*SIZE)
    view.show()
    view.fitInView(bounds, Qt.AspectRatioMode.KeepAspectRatio)
    painted = _painted(app, watch)
    print(
        json.dumps(
            {
                "first_paint_s": painted - opened,
                "from_start_s": painted - STARTED,
                "peak_mb": peak_mb(),
                "placements": len(parsed["placements"]),
            }
        ),
        flush=True,
    )
    view.close()


CHILDREN = {"ours": child_ours, "bare": child_bare}


def main(systems: int = 432, rounds: int = ROUNDS) -> None:
    """Measure ``campus.build(systems)``, each child ``rounds`` times (a test runs it small)."""
    with tempfile.TemporaryDirectory() as folder:
        path, rects_path, racks, halls = write_inputs(Path(folder), systems)
        runs: dict[str, list[dict]] = {"bare": [], "ours": []}
        for _ in range(rounds):
            runs["bare"].append(run_child("bare", str(path), str(rects_path), script=__file__))
            runs["ours"].append(run_child("ours", str(path), script=__file__))

    def median(name: str, figure: str) -> float:
        return statistics.median(run[figure] for run in runs[name])

    print(
        f"campus: {racks:,} racks in {halls} halls; {runs['ours'][-1]['findings']:,} findings; "
        f"view {SIZE[0]} x {SIZE[1]}; medians of {rounds} fresh processes each"
    )
    first, bare_first = median("ours", "first_paint_s"), median("bare", "first_paint_s")
    print(
        f"open to first paint     designer {first:6.2f} s   bare scene {bare_first:6.2f} s   "
        f"ratio {first / bare_first:5.2f}"
    )
    print(f"open to first paint, s            {first:6.2f}   (target <= 1.0)")
    print(
        "open to the first frame's queued work done (the dashboard chart's plot made): "
        f"designer {median('ours', 'events_done_s'):.2f} s"
    )
    print(
        f"process start to first paint: designer {median('ours', 'from_start_s'):.2f} s, "
        f"bare scene {median('bare', 'from_start_s'):.2f} s"
    )
    print(f"open to checked and painted: designer {median('ours', 'checked_s'):.2f} s")
    peak, bare_peak = median("ours", "peak_mb"), median("bare", "peak_mb")
    print(
        f"peak memory (VmHWM)     designer {peak:6.1f} MB   bare scene {bare_peak:6.1f} MB   "
        f"ratio {peak / bare_peak:5.2f}"
    )
    print(f"peak memory open and checked, MB  {peak:6.1f}   (target <= 300)")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        CHILDREN[sys.argv[2]](*(Path(a) for a in sys.argv[3:]))
    else:
        main()
