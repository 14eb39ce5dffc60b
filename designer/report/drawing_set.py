"""The whole drawing set of a project, in order, ready to be numbered and written."""

from __future__ import annotations

from designer.core.catalog import Catalog
from designer.core.model.project import Project
from designer.report.contents import cover_content
from designer.report.page import Page
from designer.report.pages.cover import cover_page


def drawing_set(project: Project, catalog: Catalog) -> list[Page]:
    """Cover and summary, then the rest of the set."""
    rack_types = catalog.with_custom_racks(project.custom_types)
    return [cover_page(cover_content(project, rack_types))]
