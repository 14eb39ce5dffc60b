"""A new project: one site and one hall, sized and rated as File ▸ New asks.

The designer's New dialog and the CLI's ``import-dxf`` (a hall from a CAD drawing) start a
project the same way, so this lives in the core and both call it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from designer.core.catalog import Catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.geometry.site import new_cable_entry
from designer.core.model.project import Project, ProjectMeta


@dataclass(frozen=True)
class NewProjectSpec:
    """What the New dialog asks for; sizes in metres, capacities in kW."""

    name: str = "New project"
    hall_name: str = "Hall 1"
    width_m: float = 24.0
    depth_m: float = 18.0
    floor_type: str = "slab"
    floor_rating_kpa: float = 25.0
    tile_rating_kg: float | None = None
    power_capacity_kw: float = 2_000.0
    cooling_capacity_kw: float = 2_000.0

    def hall_options(self) -> dict[str, Any]:
        """The hall's size (mm) and ratings as ``add_hall`` takes them, after its site and name."""
        return {
            "width_mm": round(self.width_m * 1000),
            "depth_mm": round(self.depth_m * 1000),
            "floor_rating_kpa": self.floor_rating_kpa,
            "floor_type": self.floor_type,
            "tile_rating_kg": self.tile_rating_kg,
            "power_capacity_kw": self.power_capacity_kw,
            "cooling_capacity_kw": self.cooling_capacity_kw,
        }


def new_document(spec: NewProjectSpec, catalog: Catalog | None = None) -> Document:
    """A project with one site and one hall as ``spec`` says; its history starts empty."""
    draft = Document(
        Project(
            meta=ProjectMeta(
                name=spec.name.strip() or "New project", date=datetime.date.today().isoformat()
            )
        ),
        catalog=catalog,
    )
    site = ops.add_site(
        draft,
        "Site 1",
        power_capacity_kw=spec.power_capacity_kw,
        cooling_capacity_kw=spec.cooling_capacity_kw,
    )
    options = spec.hall_options()
    ops.add_hall(
        draft,
        site,
        spec.hall_name.strip() or "Hall 1",
        cable_entry=new_cable_entry(options["depth_mm"]),
        **options,
    )
    return Document(draft.project, catalog=draft.catalog)
