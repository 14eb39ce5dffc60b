"""A second design's differences on the canvas, over the first design (the one open).

The open design's racks are coloured in the jobs' layer (``JobColouring.show_racks``, as a
what-if colours them): every rack pale, the removed, changed and moved ones in their
colour. What stands only in the second design (racks added, racks moved to) and the
equipment that is no rack are one more layer over it, drawn by
``designer.drawing.compare``; the canvas's legend strip names the colours. It follows the
hall on screen and edits of the open design until the comparison stops.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from PySide6.QtCore import QObject

from designer.core.energy.differences import Difference
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.drawing.compare import (
    COLOURS,
    comparison_entries,
    comparison_shapes,
    draw_comparison,
    rack_codes,
)
from designer.gui.canvas.layers import PlanLayer
from designer.gui.canvas.view import CanvasView
from designer.gui.editor import Editor
from designer.gui.jobs.colouring import Z_JOBS, JobColouring


class ComparisonOverlay(QObject):
    """Draws ``show``'s differences on ``view`` until ``clear``."""

    def __init__(self, view: CanvasView, editor: Editor, colouring: JobColouring) -> None:
        super().__init__(view)
        self.view = view
        self.editor = editor
        self.colouring = colouring
        self.found: list[Difference] | None = None
        #: ``found`` by the ids the second design gives them, which draws its racks
        self._in_b: list[Difference] = []
        self._b: tuple[Project, Mapping[str, RackType]] | None = None
        self.layer = PlanLayer(draw_comparison, Z_JOBS + 1)
        self.layer.setVisible(False)
        view.hall_scene.addItem(self.layer)
        editor.hall_changed.connect(self.refresh)

    def show(
        self, found: list[Difference], project_b: Project, types_b: Mapping[str, RackType]
    ) -> None:
        self.found = found
        self._in_b = _by_id_in_b(found)
        self._b = (project_b, types_b)
        self.colouring.show_racks(rack_codes(self.editor.project, found), COLOURS)
        self.view.set_legend(comparison_entries(found))
        self.refresh()

    def clear(self) -> None:
        """Back to the design as it was coloured before."""
        if self.found is None:
            return
        self.found, self._in_b, self._b = None, [], None
        self.colouring.show_racks(None, COLOURS)
        self.view.set_legend(None)
        self.layer.setVisible(False)

    def refresh(self) -> None:
        hall = self.editor.hall_id
        if self.found is None or self._b is None or hall is None:
            self.layer.setVisible(False)
            return
        project_b, types_b = self._b
        shapes = comparison_shapes(self._in_b, hall, project_b, types_b)
        self.layer.set_geometry(shapes, self.view.hall_scene.sceneRect())
        self.layer.setVisible(True)


def _by_id_in_b(found: Iterable[Difference]) -> list[Difference]:
    """``found`` named by the second design's ids where it has them: the racks drawn from
    it are looked up by id there, and a rack paired by its label can have another id in
    each design (the open design's racks are coloured by theirs)."""
    return [replace(d, id=d.id_b) if d.id_b else d for d in found]
