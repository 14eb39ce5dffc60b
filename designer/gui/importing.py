"""File ▸ Import Floor Plan… and File ▸ Import Racks…: a CAD drawing's outline and columns
into the hall on the canvas, a spreadsheet's racks into the project; one undo step each.

The reading is the core's (``designer.core.interop``), the edit one operation run through
the editor, so a refused file changes nothing and Undo takes a whole import back. The
``ask_`` methods show the file dialogs; ``floor_plan`` and ``racks`` take the file, as tests
call them.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QWidget

from designer.core.format import plural
from designer.core.interop.dxf_floor import (
    COLUMNS_LAYER,
    OUTLINE_LAYER,
    DxfFloorError,
    Units,
    drawing_layers,
    read_base_plan,
)
from designer.core.interop.rack_sheet import RackSheetError, read_rack_sheet, sheet_text
from designer.gui.editor import Editor
from designer.gui.prompts import Prompts

#: The most lines of "not read" a message lists; the count says how many more.
LISTED = 12
#: What one drawing unit may be, as the question offers it.
UNIT_CHOICES: dict[str, Units] = {"mm": "mm", "m": "m", "inches": "in", "feet": "ft"}


class Importer:
    """Brings a floor plan or a rack sheet into the document the editor holds."""

    def __init__(self, editor: Editor, prompts: Prompts, parent: QWidget) -> None:
        self.editor, self.prompts, self.parent = editor, prompts, parent

    def _folder(self) -> str:
        path = self.editor.doc.path
        return str(path.parent) if path is not None else str(Path.home())

    # --- the floor plan ------------------------------------------------------------------

    def ask_floor_plan(self) -> None:
        """Ask for a drawing, and for its layers and units where it does not say them."""
        if self._no_hall():
            return
        name, _ = QFileDialog.getOpenFileName(
            self.parent, "Import floor plan", self._folder(), "DXF drawings (*.dxf);;All files (*)"
        )
        if not name:
            return
        try:
            layers, units_known = drawing_layers(Path(name))
        except DxfFloorError as err:
            self.prompts.error("Import floor plan", str(err))
            return
        outline = self._layer("Layer of the hall's outline:", layers, OUTLINE_LAYER)
        columns = outline and self._layer("Layer of the columns:", layers, COLUMNS_LAYER)
        units: Units | None = None
        if outline and columns and not units_known:
            chosen, ok = QInputDialog.getItem(
                self.parent,
                "Import floor plan",
                "The drawing does not say its units; one unit is:",
                list(UNIT_CHOICES),
                0,
                False,
            )
            if not ok:
                return
            units = UNIT_CHOICES[chosen]
        if outline and columns:
            self.floor_plan(Path(name), outline, columns, units)

    def _layer(self, question: str, layers: list[str], usual: str) -> str:
        """The layer chosen for ``question``: ``usual`` when the drawing has it, else asked."""
        if usual.lower() in (layer.lower() for layer in layers):
            return usual
        chosen, ok = QInputDialog.getItem(
            self.parent, "Import floor plan", question, layers, 0, False
        )
        return chosen if ok else ""

    def floor_plan(
        self,
        path: Path,
        outline_layer: str = OUTLINE_LAYER,
        columns_layer: str = COLUMNS_LAYER,
        units: Units | None = None,
    ) -> bool:
        """Give the hall on the canvas the drawing's outline and columns (one undo step);
        False when the drawing is refused or there is no hall."""
        if self._no_hall():
            return False
        hall_id = self.editor.hall_id
        assert hall_id is not None
        try:
            # the form's default layer need not be in the drawing; one typed in must
            columns = None if columns_layer == COLUMNS_LAYER else columns_layer
            plan = read_base_plan(path, outline_layer, columns, units)
        except DxfFloorError as err:
            self.prompts.error("Import floor plan", str(err))
            return False
        if not self.editor.import_base_plan(
            hall_id, plan.outline, plan.columns, plan.drawing_origin
        ):
            return False
        said = (
            f"{path.name}: the hall's outline ({plan.area_m2:,.1f} m²) and "
            f"{plural(len(plan.columns), 'column')}."
        )
        told = "".join(f"\n\nNote: {note}." for note in plan.notes)
        if plan.skipped:
            shown = plan.skipped[:LISTED]
            more = len(plan.skipped) - len(shown)
            listed = "\n".join(f"• {line}" for line in shown) + (
                f"\n… and {more} more" if more else ""
            )
            told += f"\n\nNot read:\n{listed}"
        if told:
            self.prompts.info("Floor plan imported", f"{said}{told}")
        self.editor.message.emit(f"Imported {said}")
        return True

    def _no_hall(self) -> bool:
        if self.editor.hall_id is None:
            self.prompts.info("Import floor plan", "Add a hall first; the floor plan goes into it.")
            return True
        return False

    # --- racks -----------------------------------------------------------------------------

    def ask_racks(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self.parent, "Import racks", self._folder(), "CSV sheets (*.csv);;All files (*)"
        )
        if name:
            self.racks(Path(name))

    def racks(self, path: Path) -> bool:
        """Add the sheet's racks (one undo step); False when the sheet is refused."""
        doc = self.editor.doc
        try:
            found = read_rack_sheet(sheet_text(path), doc.project, doc.rack_types)
        except RackSheetError as err:
            self.prompts.error("Import racks", str(err))
            return False
        rows = [(r.hall_id, r.type_id, r.x, r.y, r.rotation, r.label) for r in found]
        if not self.editor.place_racks(rows):
            return False
        self.editor.message.emit(f"Imported {plural(len(rows), 'rack')} from {path.name}.")
        return True
