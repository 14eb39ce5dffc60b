"""Small hand-built projects for the rule tests, and a way to see what the checker says."""

from __future__ import annotations

from typing import Any

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.model.project import Project, ProjectMeta
from designer.core.rules import Finding, RuleEngine

CATALOG = default_catalog()


def hall_doc(width: int = 20_000, depth: int = 12_000, **fields: Any) -> tuple[Document, str]:
    """A document with one site and one hall that by default holds and feeds anything:
    a 50 kPa slab, 100 MW of power and cooling, a PUE of 1."""
    doc = Document(Project(meta=ProjectMeta(name="Rules test")), ids=sequential_ids())
    site = ops.add_site(doc, "Site 1", power_capacity_kw=1e6, cooling_capacity_kw=1e6, pue=1.0)
    hall_fields: dict[str, Any] = {
        "floor_rating_kpa": 50,
        "floor_type": "slab",
        "power_capacity_kw": 1e5,
        "cooling_capacity_kw": 1e5,
    }
    hall_fields.update(fields)
    return doc, ops.add_hall(doc, site, "Hall 1", width, depth, **hall_fields)


def second_hall(doc: Document, site: str, name: str = "Hall 2") -> str:
    """Another hall like ``hall_doc``'s, in ``site``."""
    return ops.add_hall(
        doc,
        site,
        name,
        20_000,
        12_000,
        floor_rating_kpa=50,
        floor_type="slab",
        power_capacity_kw=1e5,
        cooling_capacity_kw=1e5,
    )


def found(doc: Document, code: str) -> list[Finding]:
    """The findings of ``code`` a full check of the document's project reports."""
    return [f for f in RuleEngine(CATALOG).run(doc.project).findings if f.code == code]


def one(doc: Document, code: str) -> Finding:
    """The single finding of ``code``; fails when there is none or more than one."""
    findings = found(doc, code)
    assert len(findings) == 1, [f.message for f in findings]
    return findings[0]
