"""Where a rack or a cooling unit stands, typed in metres from the hall's corner."""

from __future__ import annotations

from collections.abc import Callable

from designer.core.document import operations as ops
from designer.core.format import number
from designer.core.geometry.footprint import Box
from designer.gui.editor import Editor
from designer.gui.panels.properties.fields import InputError, parse_mm_from_m
from designer.gui.panels.properties.form import Form


def position_fields(form: Form, entity_id: str, x: int, y: int) -> None:
    """X and Y of ``entity_id``'s footprint; a typed one moves it by the difference."""

    def moved(axis: int) -> Callable[[str], None]:
        def commit(text: str) -> None:
            target = parse_mm_from_m(text, "The position")
            dx, dy = (target - x, 0) if axis == 0 else (0, target - y)
            refuse_leaving_the_hall(form.editor, entity_id, dx, dy)
            form.editor.shift([entity_id], dx, dy)

        return commit

    form.text_field(
        "x",
        "X (m)",
        number(x / 1000, 3),
        moved(0),
        "Distance of the footprint's left edge from the hall's corner",
    )
    form.text_field(
        "y",
        "Y (m)",
        number(y / 1000, 3),
        moved(1),
        "Distance of the footprint's top edge from the hall's corner",
    )


def refuse_leaving_the_hall(editor: Editor, entity_id: str, dx: int, dy: int) -> None:
    """A typed position that puts the item wholly outside the hall is a slip of the
    keyboard (it would vanish from the plan); one partly outside is placed and the check
    reports it, as for a drag."""
    box = ops.footprint_of(editor.project, entity_id, editor.doc.rack_types)
    hall = editor.project.halls.get(editor.hall_id or "")
    if box is None or hall is None:
        return
    moved = Box(box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy)
    if editor.picker().outside_walls([moved]) == "wholly":
        raise InputError(f"That puts it wholly outside the hall ‘{hall.name}’")
