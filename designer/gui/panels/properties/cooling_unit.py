"""The cooling unit form: a CDU's, CRAH's or in-row cooler's name, facing, position and
capacity, and a CDU's cooling group and the racks it serves."""

from __future__ import annotations

from designer.core.format import number
from designer.core.naming import FACINGS
from designer.gui.panels.properties.fields import parse_number
from designer.gui.panels.properties.form import Form
from designer.gui.panels.properties.position import position_fields

_WHAT = {"cdu": "CDU (liquid)", "crah": "CRAH (air)", "inrow_cooler": "In-row cooler (air)"}


def cooling_unit_form(form: Form, unit_id: str) -> None:
    editor = form.editor
    doc, project = editor.doc, editor.project
    unit = project.cooling_units[unit_id]
    form.heading(
        f"<b>{unit.name}</b>", f"{_WHAT[unit.kind]} · {unit.type_id or 'custom'} · {unit.id}"
    )
    form.text_field("name", "Name", unit.name, lambda t: editor.update(unit_id, name=t.strip()))
    if unit.width_mm:
        form.choice_field(
            "facing",
            "Front faces",
            [(t, v) for v, t in FACINGS],
            unit.rotation,
            lambda v: editor.set_rotation([unit_id], v),
        )
    position_fields(form, unit_id, unit.x, unit.y)
    field = "liquid_capacity_kw" if unit.kind == "cdu" else "air_capacity_kw"
    form.text_field(
        "capacity",
        "Capacity (kW)",
        number(getattr(unit, field)),
        lambda t: editor.update(unit_id, **{field: parse_number(t, "The capacity")}),
        "What the unit delivers at this site's water temperatures",
    )
    if unit.kind != "cdu":
        return
    groups = [(g.name, g.id) for g in project.cooling_groups.values() if g.hall_id == unit.hall_id]
    form.choice_field(
        "group",
        "Cooling group",
        [("None", ""), *groups],
        unit.group_id or "",
        lambda v: editor.update(unit_id, group_id=v or None),
    )
    served = [r for r in project.placements.values() if r.cdu_id == unit_id]
    load = sum(doc.rack_types[r.type_id].liquid_kw for r in served if r.type_id in doc.rack_types)
    form.summary.setText(
        f"<p style='color:#4a5560'>Serves {len(served)} racks: {number(load)} kW of "
        f"{number(unit.liquid_capacity_kw)} kW liquid.</p>"
    )
