"""A document of one site with two empty halls, H (hall-001) and H2 (hall-002)."""

import pytest

from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.model import Project, ProjectMeta


@pytest.fixture
def doc():
    doc = Document(Project(meta=ProjectMeta(name="T")), ids=sequential_ids())
    site = ops.add_site(doc, "S", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    for name in ("H", "H2"):
        ops.add_hall(
            doc,
            site,
            name,
            30_000,
            20_000,
            floor_rating_kpa=25,
            floor_type="slab",
            power_capacity_kw=900,
            cooling_capacity_kw=900,
        )
    return doc
