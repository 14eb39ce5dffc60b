import pytest

from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.model import Project, ProjectMeta


@pytest.fixture
def hypothesis_free_project():
    """A small fixed project: one hall, one feed, two racks, one tray."""
    doc = Document(Project(meta=ProjectMeta(name="Fixture")), ids=sequential_ids())
    site = ops.add_site(doc, "S", power_capacity_kw=500, cooling_capacity_kw=500)
    hall = ops.add_hall(
        doc,
        site,
        "H",
        6_000,
        4_800,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=400,
        cooling_capacity_kw=400,
    )
    feed = ops.add_feed(doc, hall, "busway-800a-415v", [(0, 1_200), (6_000, 1_200)], "A", side="A")
    ops.place_row(doc, hall, "nvidia-gb200-nvl72", 1_200, 1_200, 2, 180, feed_ids=[feed])
    ops.add_tray(doc, hall, [(0, 600), (6_000, 600)], 2_700, 600, 100)
    return doc.project
