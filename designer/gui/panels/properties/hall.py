"""The hall form, shown when nothing is selected: the hall's name, floor, ratings and
capacities, where it stands on the site plan and where its cables leave it, then its site,
then the project's title block fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QLabel

from designer.core.format import number, plural
from designer.core.geometry.site import in_hall
from designer.core.model.hall import Hall
from designer.core.totals import hall_totals
from designer.gui.panels.properties.fields import InputError, parse_mm_from_m, parse_number
from designer.gui.panels.properties.form import Form
from designer.gui.panels.properties.project import project_fields
from designer.gui.panels.properties.site import site_fields


def hall_form(form: Form) -> dict[str, QLabel]:
    """The shown hall's rows and its site's; returns the site's fibre route notes (none
    without a hall or a site)."""
    editor = form.editor
    hall_id = editor.hall_id
    if hall_id is None:
        form.heading(
            "<b>No hall</b>", "Add a hall (Edit ▸ Add Hall) or start a project (File ▸ New)."
        )
        return {}
    doc = editor.doc
    hall: Hall = editor.project.halls[hall_id]
    form.heading(f"<b>{hall.name}</b>", f"Hall · {number(hall.area_m2, 0)} m² · nothing selected")

    def number_field(key: str, label: str, attr: str, what: str, blank: Any = InputError) -> None:
        value = getattr(hall, attr)
        form.text_field(
            key,
            label,
            "" if value is None else number(value),
            lambda t: editor.update(hall_id, **{attr: parse_number(t, what, blank)}),
        )

    form.text_field("name", "Name", hall.name, lambda t: editor.update(hall_id, name=t.strip()))
    form.choice_field(
        "floor_type",
        "Floor",
        [("Raised floor", "raised"), ("Slab", "slab")],
        hall.floor_type,
        lambda v: editor.update(hall_id, floor_type=v),
    )
    number_field("floor_rating", "Floor rating (kPa)", "floor_rating_kpa", "The floor rating")
    number_field("tile_rating", "Tile rating (kg)", "tile_rating_kg", "The tile rating", None)
    form.text_field(
        "tile",
        "Tile (mm)",
        str(hall.tile_mm),
        lambda t: editor.update(hall_id, tile_mm=round(parse_number(t, "The tile size") or 0)),
    )
    number_field("power", "Power (kW)", "power_capacity_kw", "The power capacity")
    number_field("cooling", "Cooling (kW)", "cooling_capacity_kw", "The cooling capacity")
    _hall_points(form, hall)
    site = editor.project.sites.get(hall.site_id)
    notes = site_fields(form, site) if site is not None else {}
    project_fields(form)
    totals = hall_totals(editor.project, hall_id, doc.rack_types)
    form.summary.setText(
        "<p style='color:#4a5560'>"
        f"{plural(totals.racks, 'rack')} · {plural(totals.accelerator_count, 'accelerator')}<br>"
        f"IT {number(totals.it_max_kw)} kW of {number(hall.power_capacity_kw)} kW<br>"
        f"Heat {number(totals.liquid_kw)} kW liquid + {number(totals.air_kw)} kW air of "
        f"{number(hall.cooling_capacity_kw)} kW<br>"
        f"Racks weigh {number(totals.weight_kg / 1000, 1)} t</p>"
    )
    return notes


def _hall_points(form: Form, hall: Hall) -> None:
    """Where the hall's corner stands on the site plan and where its cables leave it for
    other halls: the links between halls are routed from the one to the other. A blank
    cable entry takes it away (the check then says its links to other halls cannot be
    routed)."""
    editor = form.editor

    def placed(attr: str, axis: int, what: str) -> Callable[[str], None]:
        def commit(text: str) -> None:
            if not text.strip() and attr == "cable_entry":
                editor.update(hall.id, cable_entry=None)
                return
            point = list(getattr(hall, attr) or _corner(hall))
            point[axis] = parse_mm_from_m(text, what)
            if attr == "cable_entry" and not in_hall(hall, (point[0], point[1])):
                raise InputError(
                    f"The cable entry must be inside the hall ‘{hall.name}’ or on its wall"
                )
            editor.update(hall.id, **{attr: tuple(point)})

        return commit

    fields = (
        (
            "site_origin",
            "site",
            "Site",
            "The site position",
            "the site plan's corner",
            "the hall's corner stands: cables to other halls are measured from here",
        ),
        (
            "cable_entry",
            "entry",
            "Cable entry",
            "The cable entry",
            "the hall's corner",
            "cables leave for other halls and sites (blank: none)",
        ),
    )
    for attr, key, label, what, corner, purpose in fields:
        point = getattr(hall, attr)
        for axis, name, direction in ((0, "x", "east"), (1, "y", "south")):
            form.text_field(
                f"{key}_{name}",
                f"{label} {name.upper()} (m)",
                "" if point is None else number(point[axis] / 1000, 3),
                placed(attr, axis, what),
                f"How far {direction} of {corner} {purpose}",
            )


def _corner(hall: Hall) -> tuple[int, int]:
    """Where a hall's new cable entry starts before both its coordinates are typed: the
    north-west corner of the hall's bounds, so one typed figure puts it on a wall."""
    return min(x for x, _ in hall.outline), min(y for _, y in hall.outline)
