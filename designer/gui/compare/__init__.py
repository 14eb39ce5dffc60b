"""Two designs compared in the designer (issue 25, item 4): File ▸ Compare With… reads a
second project file, lists both designs' figures with their differences in the Compare
panel, and draws the second design's differences on the first on the canvas until Esc or
Stop Comparing (``Comparison``)."""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Future
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QDockWidget, QMainWindow

from designer.core.catalog import Catalog, projects_dir
from designer.core.energy.compare import Row, compare, design_figures
from designer.core.energy.differences import Difference, differences
from designer.core.io.project_file import ProjectFileError, load, refusal
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.gui.background import BackgroundJob, Progress
from designer.gui.canvas.view import CanvasView
from designer.gui.central import CentralViews
from designer.gui.compare.overlay import ComparisonOverlay
from designer.gui.compare.panel import ComparePanel
from designer.gui.docks import tabbed_dock
from designer.gui.editor import Editor
from designer.gui.files import display_name
from designer.gui.jobs.colouring import JobColouring
from designer.gui.prompts import Prompts

#: The title of every message about a comparison.
TITLE = "Compare With"


class _Stopped(Exception):
    """The user cancelled while the figures were worked out."""


class Comparison(QObject):
    """File ▸ Compare With…, Stop Comparing, the Compare dock and the canvas overlay."""

    def __init__(
        self,
        window: QMainWindow,
        view: CanvasView,
        central: CentralViews,
        editor: Editor,
        prompts: Prompts,
        colouring: JobColouring,
        beside: QDockWidget,
    ) -> None:
        super().__init__(window)
        self.view = view
        self.central = central
        self.editor = editor
        self.prompts = prompts
        self.overlay = ComparisonOverlay(view, editor, colouring)
        self.panel = ComparePanel()
        #: The second design while a comparison shows: its project and file.
        self.other: tuple[Project, Path] | None = None
        self.dock = tabbed_dock(window, "Compare", "compareDock", self.panel, beside)
        self.job = BackgroundJob(
            window,
            TITLE,
            lambda done, total: f"Design {done} of {total} checked and planned…",
            "rackplan-compare",
        )
        self.action = QAction("Compare &With…", window)
        self.action.setObjectName("compare_with")
        self.action.setStatusTip(
            "Compare another project file with this one: figures side by side, and its "
            "added, removed, moved and changed racks and equipment on the canvas"
        )
        self.action.triggered.connect(lambda: self.compare_with())
        self.stop_action = QAction("Stop &Comparing", window)
        self.stop_action.setObjectName("stop_comparing")
        self.stop_action.setStatusTip("Back to the design as it was coloured (Esc)")
        self.stop_action.setEnabled(False)
        self.stop_action.triggered.connect(self.stop)
        # Esc while a comparison shows, wherever the keys are (another Esc shortcut on
        # too, a tool's or a what-if's, makes it ambiguous: this one still stops)
        self.escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), window)
        self.escape.activated.connect(self.stop)
        self.escape.activatedAmbiguously.connect(self.stop)
        self.escape.setEnabled(False)
        self.panel.stop.connect(self.stop)
        self.panel.activated.connect(self.go_to)
        editor.bridge.changed.connect(lambda _changes: self._redraw())
        editor.bridge.replaced.connect(self.stop)

    @property
    def comparing(self) -> bool:
        return self.other is not None

    # --- starting and stopping -------------------------------------------------------------

    def compare_with(self, path: Path | None = None) -> bool:
        """Read ``path`` (or ask for one) and compare it with the open design; a file that
        cannot be read, or holds problems that would make its figures disagree, is refused
        with the loader's message."""
        if self.job.running:
            self.prompts.error(TITLE, "A comparison is still being worked out; wait for it.")
            return False
        if path is None:
            own = self.editor.doc.path
            path = self.prompts.open_path(own.parent if own else projects_dir())
            if path is None:
                return False
        catalog = self.editor.doc.catalog
        try:
            result = load(path, catalog.racks)
        except ProjectFileError as err:
            self.prompts.error(TITLE, str(err))
            return False
        if result.problems:
            self.prompts.error(TITLE, refusal(result.problems, f"compare with {path.name}"))
            return False
        first = self.editor.doc.project
        self.editor.message.emit(f"Comparing with {path.name}…")
        self.job.start(
            partial(_figures, first, result.project, catalog),
            f"Checking and planning both designs to compare with {path.name}…",
            partial(self._compared, first=first, second=result.project, path=path),
        )
        return True

    def _compared(self, future: Future, first: Project, second: Project, path: Path) -> None:
        error = future.exception()
        if isinstance(error, _Stopped):
            self.editor.message.emit("Comparison cancelled.")
            return
        if error is not None:
            self.prompts.error(TITLE, f"Cannot compare with {path.name}: {error}")
            return
        rows: list[Row] = future.result()
        self.other = (second, path)
        names = (
            f"{first.meta.name} ({display_name(self.editor.doc)})",
            f"{second.meta.name} ({path.name})",
        )
        found = self._differences()
        self.panel.show_comparison(rows, found, names, (self.editor.project, second))
        self.overlay.show(found, second, self._types(second))
        self.stop_action.setEnabled(True)
        self.escape.setEnabled(True)
        self.dock.show()
        self.dock.raise_()
        self.editor.message.emit(f"Comparing with {path.name}: Esc returns to the design.")

    def stop(self) -> None:
        """End the comparison: the canvas back to the design as it was coloured."""
        if self.other is None:
            return
        self.other = None
        self.overlay.clear()
        self.panel.clear()
        self.stop_action.setEnabled(False)
        self.escape.setEnabled(False)
        self.editor.message.emit("Stopped comparing.")

    def shutdown(self) -> None:
        self.job.shutdown()

    # --- following edits and clicks ---------------------------------------------------------

    def _types(self, project: Project) -> Mapping[str, RackType]:
        return self.editor.doc.catalog.with_custom_racks(project.custom_types)

    def _differences(self) -> list[Difference]:
        assert self.other is not None
        second = self.other[0]
        return differences(
            self.editor.project, second, self.editor.doc.rack_types, self._types(second)
        )

    def _redraw(self) -> None:
        """An edit of the open design: where it differs is worked out again (the figures
        wait for the next Compare With…)."""
        if self.other is None:
            return
        second = self.other[0]
        found = self._differences()
        self.panel.show_differences(found, (self.editor.project, second))
        self.overlay.show(found, second, self._types(second))

    def go_to(self, difference: Difference) -> None:
        """Show ``difference`` on the canvas: select it where the open design has it, and
        zoom to where it stands (an added one: where it stands in the second design)."""
        place = difference.place
        if place.hall_id not in self.editor.project.halls:
            self.editor.message.emit(
                f"{difference.what.capitalize()} {difference.name} stands in a hall this "
                "design does not have."
            )
            return
        self.central.show_site_map(False)
        if place.hall_id != self.editor.hall_id:
            self.editor.set_hall(place.hall_id)
        # an added one's id is the second design's, which may name another item here
        here = difference.before is not None and difference.id in getattr(
            self.editor.project, difference.collection
        )
        self.editor.selection.set([difference.id] if here else [])
        box = place.box
        if difference.after is not None and difference.after.hall_id == place.hall_id:
            box = box.union(difference.after.box)  # a move: both places in view
        self.view.zoom_to_box(box)


def _figures(first: Project, second: Project, catalog: Catalog, progress: Progress) -> list[Row]:
    """Both designs' figures lined up (on the worker thread)."""
    a = design_figures(first, catalog)
    if not progress(1, 2):
        raise _Stopped
    b = design_figures(second, catalog)
    progress(2, 2)
    return compare(a, b)


__all__ = ["Comparison"]
