"""The site's fields under its hall's: what it can supply and reject, its PUE, what its
energy costs, its grid's carbon and its WUE, and the fibre routes to the other sites with
what the network plan lights on each.

The PUE turns every hall's IT power into facility power on the site's power check; the
price, carbon and WUE turn a year of energy into its cost, carbon and water (the Energy
panel, ``energy``), each left blank while the architect does not know it; a route's length
as laid decides the DCI links' medium and latency.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from designer.core.format import bandwidth, number, plural
from designer.core.model.project import routes_between
from designer.core.model.site import Site
from designer.core.network.dci import RouteDemand, carried_text
from designer.core.network.totals import route_media
from designer.gui.editor import Editor
from designer.gui.panels.properties.fields import parse_number
from designer.gui.panels.properties.form import Form


def site_fields(form: Form, site: Site) -> dict[str, QLabel]:
    """The rows of ``site``; returns the line under each fibre route's field by route id,
    for ``show_routes`` to fill in now and whenever a new network plan arrives (a rebuild
    of the form would take a field being typed in)."""
    editor = form.editor
    heading = QLabel(f"<b>Site</b> · {site.name}")
    heading.setObjectName("propertiesSection")
    form.layout.addRow(heading)

    def site_number(key: str, label: str, attr: str, what: str) -> None:
        form.text_field(
            key,
            label,
            number(getattr(site, attr), 2),
            lambda t: editor.update(site.id, **{attr: parse_number(t, what)}),
        )

    form.text_field(
        "site_name", "Site name", site.name, lambda t: editor.update(site.id, name=t.strip())
    )
    site_number("site_power", "Site power (kW)", "power_capacity_kw", "The site's power")
    site_number("site_cooling", "Site cooling (kW)", "cooling_capacity_kw", "The site's cooling")
    site_number("pue", "PUE", "pue", "The PUE")

    def optional(key: str, label: str, attr: str, what: str, tip: str) -> None:
        value = getattr(site, attr)
        form.text_field(
            key,
            label,
            "" if value is None else number(value, 3),
            lambda t: editor.update(site.id, **{attr: parse_number(t, what, None)}),
            tip,
        )

    optional(
        "energy_price",
        "Energy price ($/MWh)",
        "energy_price_per_mwh",
        "The energy price",
        "What a MWh costs the site: its energy cost a year. Blank: not known yet.",
    )
    optional(
        "carbon",
        "Grid carbon (g/kWh)",
        "carbon_g_per_kwh",
        "The grid carbon intensity",
        "Grams of CO2 per kWh of the site's grid: its carbon a year. Blank: not known yet.",
    )
    optional(
        "wue",
        "WUE (L/kWh)",
        "wue_l_per_kwh",
        "The WUE",
        "Litres of water per kWh of IT energy (the Green Grid's WUE): its water a year. "
        "Blank: not estimated.",
    )
    project = editor.project
    notes: dict[str, QLabel] = {}
    for other in project.sites.values():
        if other.id == site.id:
            continue
        routes = routes_between(project, site.id, other.id)
        # each route laid, and room for one more on a separate path once there is one
        for path in range(1, len(routes) + 2):
            route = routes[path - 1] if path <= len(routes) else None
            first = path == 1
            form.text_field(
                f"fibre_{other.id}" + ("" if first else f"_{path}"),
                f"Fibre to {other.name} (km)"
                if first and len(routes) < 2
                else f"Path {path} to {other.name} (km)",
                "" if route is None else number(route.distance_km, 3),
                lambda t, other_id=other.id, path=path: editor.set_fibre_route(
                    site.id, other_id, parse_number(t, "The fibre distance", None), path
                ),
                "The route as laid, not as the crow flies: the DCI links' reach and latency. "
                "Blank: no fibre between the two sites."
                if first
                else "Another route between the two sites on a separate path, so that one cut "
                "does not split them; they share the DCI. Blank: none.",
            )
            if route is not None:
                notes[route.id] = form.note()
    show_routes(notes, editor)
    return notes


def show_routes(notes: dict[str, QLabel], editor: Editor) -> None:
    """Say under each fibre field what the editor's network plan lights on that route."""
    plan = editor.network
    dci = plan.dci() if plan is not None else None
    demand = {r.route_id: r for r in dci.routes} if dci else {}
    for route_id, note in notes.items():
        carried = demand.get(route_id)
        if plan is None:
            note.setText("Planning the links…")
        elif carried is None or not carried.links:
            note.setText("Carries nothing yet: no scale-out at one of its ends.")
        else:
            medium = route_media(plan, (carried,))[0]
            note.setText(_route_note(carried, medium, plan.media.constants.fibre_ns_per_m))


def _route_note(carried: RouteDemand, medium: str, fibre_ns_per_m: float) -> str:
    """What a fibre route carries, as the line under its field says it."""
    if not medium:
        return (
            f"Needs {bandwidth(carried.tbps)}, but no medium reaches "
            f"{number(carried.distance_km)} km: nothing is lit (see the findings)."
        )
    latency = carried.distance_km * fibre_ns_per_m
    return (
        f"{carried_text(carried, medium)}, {plural(carried.pairs, 'fibre pair')}, "
        f"{number(latency)} µs one way in the fibre."
    )
