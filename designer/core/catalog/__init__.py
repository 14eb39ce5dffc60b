"""The equipment catalog: rack, switch, cooling, power and system types with their sources."""

from designer.core.catalog.loader import (
    Catalog,
    CatalogError,
    SourceRef,
    default_catalog,
    load_catalog,
    source_problems,
)
from designer.core.catalog.paths import projects_dir, resources_dir

__all__ = [
    "Catalog",
    "CatalogError",
    "SourceRef",
    "default_catalog",
    "load_catalog",
    "projects_dir",
    "resources_dir",
    "source_problems",
]
