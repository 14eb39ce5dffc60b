"""The designer's jobs: a panel to add and edit training jobs, their racks coloured on the
canvas, and a chart of each plane's traffic against its bandwidth (``install``)."""

from __future__ import annotations

from PySide6.QtWidgets import QDockWidget, QMainWindow

from designer.gui.canvas.view import CanvasView
from designer.gui.docks import tabbed_dock
from designer.gui.editor import Editor
from designer.gui.findings import FindingsService
from designer.gui.jobs.colouring import JobColouring
from designer.gui.jobs.panel import JobsPanel


def install(
    window: QMainWindow,
    view: CanvasView,
    editor: Editor,
    checker: FindingsService,
    beside: QDockWidget,
) -> QDockWidget:
    """Put the Jobs panel in a dock tabbed ``beside`` another and wire it to the design
    check's placements; returns the dock (its toggle action belongs in the View menu)."""
    panel = JobsPanel(editor, JobColouring(view, editor))
    checker.jobs_changed.connect(panel.set_assessed)
    return tabbed_dock(window, "Jobs", "jobsDock", panel, beside)


__all__ = ["JobsPanel", "install"]
