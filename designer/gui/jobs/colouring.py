"""The canvas's job colouring: racks filled by job, PP stage, DP replica or TP domain.

One layer over the racks (and under the services, the labels and the selection), drawn by
``designer.drawing.jobs`` as the report's jobs sheet draws it. It is built from the jobs
the last design check placed, so it follows edits without placing the jobs again on the
GUI thread, and only for the hall on screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor

from designer.core.jobs.roles import Role, rack_roles
from designer.drawing.jobs import draw_roles, role_rects
from designer.gui.canvas.layers import Z_RACKS, PlanLayer
from designer.gui.canvas.view import CanvasView
from designer.gui.editor import Editor

#: Over the rack fills, under the services drawn over the racks.
Z_JOBS = Z_RACKS + 1


class JobColouring(QObject):
    """Shows ``role`` of the jobs (of ``job_id`` for a stage, replica or domain) on the
    canvas, or nothing while ``role`` is None."""

    def __init__(self, view: CanvasView, editor: Editor) -> None:
        super().__init__(view)
        self.view = view
        self.editor = editor
        self.role: Role | None = None
        self.job_id: str | None = None
        self.assessed: Any = None
        #: Racks coloured by another answer (a what-if's losses) in place of the jobs.
        self.racks: tuple[Mapping[str, int], tuple[QColor, ...]] | None = None
        self.layer = PlanLayer(draw_roles, Z_JOBS)
        self.layer.setVisible(False)
        view.hall_scene.addItem(self.layer)
        editor.hall_changed.connect(self.refresh)
        editor.bridge.changed.connect(lambda _changes: self.refresh())

    def show(self, role: Role | None, job_id: str | None) -> None:
        self.role, self.job_id = role, job_id
        self.refresh()

    def show_racks(self, values: Mapping[str, int] | None, palette: tuple[QColor, ...]) -> None:
        """Colour racks by ``values`` (indices into ``palette``) in place of the jobs, every
        other rack pale (a what-if's network and switch racks kept their status colours,
        which its legend did not name; a trial); None: back to the jobs as they were."""
        self.racks = (values, palette) if values is not None else None
        self.refresh()

    def set_assessed(self, assessed: Any) -> None:
        """The jobs as the last check placed them (``rules.jobs.JobsAssessment``)."""
        self.assessed = assessed
        self.refresh()

    def refresh(self) -> None:
        hall = self.editor.hall_id
        scene = self.view.hall_scene
        if self.racks is not None and hall is not None:
            values, palette = self.racks
            shown = role_rects(
                self.editor.project, hall, self.editor.doc.rack_types, values, palette, True
            )
            self.layer.set_geometry(shown, scene.sceneRect())
            self.layer.setVisible(True)
            return
        if self.role is None or self.assessed is None or hall is None:
            self.layer.setVisible(False)
            return
        project = self.editor.project
        layout = self.assessed.plan.layout
        job = project.jobs.get(self.job_id or "")
        roles = rack_roles(
            layout, self.role, self.job_id, job.dp if job else 1, job.pp if job else 1
        )
        shown = role_rects(project, hall, self.editor.doc.rack_types, roles)
        self.layer.set_geometry(shown, scene.sceneRect())
        self.layer.setVisible(True)
