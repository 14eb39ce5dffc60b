"""The canvas at 6,912 racks against a bare QGraphicsScene of as many plain rectangles.

Target (DESIGN.md section 9): a full-view repaint and dragging one rack each <= 2x the
bare scene. Both run in this process, offscreen at 1600 x 1000, side by side in turns, and
the median of each is compared, so the ratios hold on a busy machine where absolute times
drift.

- The hall: every rack, busway, tray, CDU and CRAH of ``campus.build(432)`` (24 halls of
  288 racks) laid out in one 6 x 4 grid of hall-sized blocks in a single hall, coloured by
  a real rule-engine report, its finding markers drawn, and the links layer on: every
  bundle of the engine's network plan along the trays.
- Full-view repaint: ``QGraphicsView.render`` of the whole viewport into a 1600 x 1000
  image, the whole hall in view (the bare view fitted to the same rectangles).
- Full-view repaint, cold: the same after every cache was dropped (as after a zoom step),
  so every layer is drawn again; warm: layers blitted from their caches (as after an
  expose). The bare scene has no caches, so its two figures are the same kind of repaint.
- Drag one rack: press on a rack, move the mouse with the button held, release, through
  the view's real mouse handling. The bare rectangle is a movable ``QGraphicsRectItem``;
  ours (a rack whose CloudMatrix384 was ungrouped, so it moves alone) moves an edit proxy
  while the button is down and commits one ``move`` on release (which updates the rack's
  chunk). Each step is timed through Qt's own repaint of what changed
  (``processEvents``), per mouse move and for the whole gesture. Then the same for a
  whole CM384 (16 racks): the bare scene drags 16 selected rectangles.

    python benchmarks/canvas_bench.py
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QMouseEvent, QPainter, QPen, QPixmapCache
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsView,
)
from timing import median_of

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples import campus
from designer.core.geometry.floor import placement_box
from designer.core.model.project import Project
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN
from designer.gui.bridge import DocumentBridge
from designer.gui.canvas.view import CanvasView
from designer.gui.editor import Editor
from designer.gui.selection import Selection

SIZE = (1600, 1000)
REPEATS = 15
STEPS = 24
#: Halls of the campus side by side, and the gap between their blocks (mm).
COLUMNS, GAP = 6, 6_000


def one_hall(project: Project) -> Project:
    """Every campus hall's contents moved into one hall, the halls' blocks in a grid."""
    raw = project.model_dump(mode="python")
    halls = list(raw["halls"])
    first = halls[0]
    width = max(x for x, _ in first["outline"]) + GAP
    depth = max(y for _, y in first["outline"]) + GAP
    shift = {h["id"]: ((i % COLUMNS) * width, (i // COLUMNS) * depth) for i, h in enumerate(halls)}
    rows = -(-len(halls) // COLUMNS)
    first["outline"] = [
        (0, 0),
        (COLUMNS * width - GAP, 0),
        (COLUMNS * width - GAP, rows * depth - GAP),
        (0, rows * depth - GAP),
    ]
    first["power_capacity_kw"] *= len(halls)
    first["cooling_capacity_kw"] *= len(halls)
    raw["halls"] = [first]

    def moved(points: list, dx: int, dy: int) -> list:
        return [(x + dx, y + dy) for x, y in points]

    for name in ("placements", "cooling_units"):
        for entity in raw[name]:
            dx, dy = shift[entity["hall_id"]]
            entity.update(x=entity["x"] + dx, y=entity["y"] + dy, hall_id=first["id"])
    for name, field in (("trays", "path"), ("feeds", "path"), ("obstacles", "outline")):
        for entity in raw[name]:
            dx, dy = shift[entity["hall_id"]]
            entity.update(hall_id=first["id"], **{field: moved(entity[field], dx, dy)})
    for group in raw["cooling_groups"]:
        group["hall_id"] = first["id"]
    raw["bundles"] = []
    return Project.model_validate(raw)


def median_ms(action: Callable[[], object], repeats: int = REPEATS) -> float:
    return median_of(action, repeats) * 1000


def render(view: QGraphicsView) -> None:
    """Draw the whole viewport into a 1600 x 1000 image, as a repaint would."""
    image = QImage(*SIZE, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    view.render(painter, QRectF(image.rect()), view.viewport().rect())
    painter.end()


def send(widget, kind: QMouseEvent.Type, pos: QPoint, held: bool) -> None:  # type: ignore[no-untyped-def]
    button = (
        Qt.MouseButton.NoButton if kind == QMouseEvent.Type.MouseMove else Qt.MouseButton.LeftButton
    )
    buttons = Qt.MouseButton.LeftButton if held else Qt.MouseButton.NoButton
    event = QMouseEvent(
        kind,
        QPointF(pos),
        QPointF(widget.mapToGlobal(pos)),
        button,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(widget, event)


def drag(
    app: QApplication, view: QGraphicsView, start: QPoint, step: QPoint
) -> tuple[float, float]:
    """One drag through the view: (median ms per mouse move, ms for the whole gesture).

    Every event is followed by ``processEvents`` so Qt repaints what changed, as on screen.
    """
    viewport = view.viewport()
    begin = time.perf_counter()
    send(viewport, QMouseEvent.Type.MouseButtonPress, start, True)
    app.processEvents()
    moves = []
    for i in range(1, STEPS + 1):
        t = time.perf_counter()
        send(viewport, QMouseEvent.Type.MouseMove, start + step * i, True)
        app.processEvents()
        moves.append(time.perf_counter() - t)
    send(viewport, QMouseEvent.Type.MouseButtonRelease, start + step * STEPS, False)
    app.processEvents()
    return statistics.median(moves) * 1000, (time.perf_counter() - begin) * 1000


def bare_view(rects: list[QRectF], bounds: QRectF) -> QGraphicsView:
    """The baseline: one plain, movable, selectable rectangle item per rack."""
    view = QGraphicsView()
    scene = QGraphicsScene(view)  # the view keeps its scene alive
    scene.setSceneRect(bounds)
    pen, brush = QPen(QColor("#26313b"), 0), QBrush(QColor("#5fa77a"))
    movable = (
        QGraphicsItem.GraphicsItemFlag.ItemIsMovable
        | QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
    )
    for rect in rects:
        scene.addRect(rect, pen, brush).setFlags(movable)
    view.setScene(scene)
    view.resize(*SIZE)
    view.setFrameShape(QGraphicsView.Shape.NoFrame)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.show()
    view.fitInView(bounds, Qt.AspectRatioMode.KeepAspectRatio)
    return view


def discard(app: QApplication, view: QGraphicsView) -> None:
    """Close ``view`` and delete it now, so it costs nothing in the measurements after."""
    view.close()
    view.deleteLater()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def canvas_view(project: Project, catalog, report, plan) -> CanvasView:  # type: ignore[no-untyped-def]
    """Our canvas on ``project``, racks coloured and marked by ``report``, the links of
    ``plan`` along the trays."""
    editor = Editor(DocumentBridge(Document(project, catalog=catalog)), Selection())
    view = CanvasView(editor)
    view.resize(*SIZE)
    view.show()
    editor.set_findings(report.findings)
    editor.set_network(plan)
    view.show_links(True)
    view.fit_hall()
    return view


def drags(
    app: QApplication, bare: QGraphicsView, bare_box: QRectF, ours: CanvasView, rack_id: str
) -> tuple[list[float], ...]:
    """Drag in turns, there and back: (bare per move, bare whole, ours per move, ours whole)."""
    results: tuple[list[float], ...] = ([], [], [], [])
    step = QPoint(3, 2)
    for turn in range(8):
        sign = 1 if turn % 2 == 0 else -1
        start = bare.mapFromScene(bare_box.center()) + (QPoint(0, 0) if sign > 0 else step * STEPS)
        for target, value in zip(results[:2], drag(app, bare, start, step * sign), strict=True):
            target.append(value)
        box = ours.editor.picker().box(rack_id)
        start = ours.mapFromScene(QPointF(*box.centre))
        for target, value in zip(results[2:], drag(app, ours, start, step * sign), strict=True):
            target.append(value)
    return results


def main(systems: int = 432) -> None:
    """Measure on one hall of ``campus.build(systems)`` (a test runs it small)."""
    app = QApplication.instance() or QApplication([])
    started = time.perf_counter()
    grouped = one_hall(campus.build(systems).project)
    catalog = Document(grouped).catalog
    engine = RuleEngine(catalog)
    report = engine.run(grouped)
    plan = engine.derived(PLAN)
    middle = list(grouped.placements.values())[len(grouped.placements) // 2]
    system = [r.id for r in grouped.placements.values() if r.group_id == middle.group_id]
    draft = Document(grouped, catalog=catalog)
    ops.ungroup(draft, middle.group_id or "")
    project = draft.project  # the same hall with the middle rack's system ungrouped
    prepared = time.perf_counter() - started
    types = draft.rack_types
    boxes = {r.id: placement_box(r, types) for r in project.placements.values()}
    rects = [QRectF(b.x0, b.y0, b.width, b.height) for b in boxes.values()]
    outline = project.halls[next(iter(project.halls))].outline
    bounds = QRectF(0, 0, max(x for x, _ in outline), max(y for _, y in outline))

    build_bare = median_ms(lambda: discard(app, bare_view(rects, bounds)), 3)
    build_ours = median_ms(lambda: discard(app, canvas_view(project, catalog, report, plan)), 3)
    bare = bare_view(rects, bounds)
    ours = canvas_view(project, catalog, report, plan)
    app.processEvents()
    print(
        f"hall: {len(project.placements):,} racks, {len(project.feeds):,} busways, "
        f"{len(project.trays):,} trays, {len(project.cooling_units):,} cooling units, "
        f"{len(report.findings):,} findings, {len(ours.hall_scene.links or ()):,} lines of links "
        f"(built, checked and routed in {prepared:.1f} s)"
    )
    print(
        f"canvas: {len(ours.hall_scene.racks.chunks)} rack chunks, {len(ours.hall_scene.items())} "
        f"scene items; bare: {len(bare.scene().items()):,} items; view {SIZE[0]} x {SIZE[1]}, "
        f"{ours.pixels_per_mm():.4f} px/mm (ours) vs {bare.transform().m11():.4f} (bare)"
    )

    def cold() -> None:
        QPixmapCache.clear()  # the items' caches
        ours.resetCachedContent()  # the view's cached background
        render(ours)

    timings: dict[str, list[float]] = {"bare": [], "cold": [], "warm": []}
    render(bare)
    render(ours)
    for _ in range(REPEATS):
        timings["bare"].append(median_ms(lambda: render(bare), 1))
        timings["cold"].append(median_ms(cold, 1))
        timings["warm"].append(median_ms(lambda: render(ours), 1))
    repaint = {k: statistics.median(v) for k, v in timings.items()}

    one = drags(app, bare, QRectF(*_xywh(boxes[middle.id])), ours, middle.id)
    assert ours.editor.doc.history.can_undo, "the drag did not move the rack"
    # a whole CM384: the bare scene drags 16 selected rectangles
    neighbour = next(i for i in system if i != middle.id)
    for rack_id in system:
        box = boxes[rack_id]
        for item in bare.scene().items(QRectF(*_xywh(box)).center()):
            item.setSelected(True)
    group = drags(app, bare, QRectF(*_xywh(boxes[neighbour])), _regrouped(ours, grouped), neighbour)

    def line(what: str, bare_value: float, ours_value: float, note: str = "") -> None:
        print(
            f"{what:<34} bare {bare_value:8.2f} ms   canvas {ours_value:8.2f} ms   "
            f"ratio {ours_value / bare_value:5.2f}  {note}"
        )

    line("scene build + show", build_bare, build_ours)
    line("full-view repaint (cold caches)", repaint["bare"], repaint["cold"], "(target <= 2)")
    line("full-view repaint (warm caches)", repaint["bare"], repaint["warm"])
    med = statistics.median
    line("drag one rack, per move", med(one[0]), med(one[2]), "(target <= 2)")
    line(
        "drag one rack, whole drag",
        med(one[1]),
        med(one[3]),
        f"({STEPS} moves, press, release and commit)",
    )
    line("drag a CM384 (16 racks), per move", med(group[0]), med(group[2]))
    line("drag a CM384, whole drag", med(group[1]), med(group[3]))


def _xywh(box) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
    return box.x0, box.y0, box.width, box.height


def _regrouped(view: CanvasView, grouped: Project) -> CanvasView:
    """``view`` showing ``grouped`` (the middle system whole again), checked as before."""
    ops.replace_project(view.editor.doc, grouped, "Regroup")
    return view


if __name__ == "__main__":
    main()
