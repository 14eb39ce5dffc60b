"""The whole drawing set of a project, in order, ready to be numbered and written."""

from __future__ import annotations

from designer.core.catalog import Catalog
from designer.core.model.project import Project
from designer.core.rules import RuleEngine
from designer.report.contents import cover_content, finding_entries
from designer.report.page import Page
from designer.report.pages.cover import cover_page
from designer.report.pages.findings import findings_pages
from designer.report.paper import SheetFrame


def drawing_set(project: Project, catalog: Catalog, paper: str) -> list[Page]:
    """Cover and summary, then the findings, then the rest of the set."""
    rack_types = catalog.with_custom_racks(project.custom_types)
    frame = SheetFrame.of(paper)
    report = RuleEngine(catalog).run(project)
    entries, summary = finding_entries(project, report)
    return [
        cover_page(cover_content(project, rack_types)),
        *findings_pages(entries, summary, frame),
    ]
