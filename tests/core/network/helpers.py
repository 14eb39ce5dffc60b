"""Small floors for the network tests, built through the operations as the designer does."""

from __future__ import annotations

from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.model import Bundle, Endpoint, Project, ProjectMeta
from designer.core.network import NetworkPlanner, Plan, ScheduleLine, cable_schedule

#: A DGX H100 rack: 800 x 1,200 x 2,200 mm, so its ports sit at 1,100 mm (half its height)
#: and a tray at 2,700 mm is a 1,600 mm rise; at rotation 0 its centre is (x + 400, y + 600).
H100 = "nvidia-dgx-h100-rack"
TRAY_HEIGHT = 2_700


def new_doc() -> tuple[Document, str]:
    """An empty project with one site."""
    doc = Document(Project(meta=ProjectMeta(name="Network test")), ids=sequential_ids())
    site = ops.add_site(doc, "Site 1", power_capacity_kw=10_000, cooling_capacity_kw=10_000)
    return doc, site


def add_hall(doc: Document, site: str, name: str = "Hall", **fields: object) -> str:
    """A 20 x 12 m hall; ``fields`` as ``Hall`` (origin on the site plan, cable entry)."""
    return ops.add_hall(
        doc,
        site,
        name,
        20_000,
        12_000,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=5_000,
        cooling_capacity_kw=5_000,
        **fields,
    )


def tray(doc: Document, hall: str, path: list[tuple[int, int]], height: int = TRAY_HEIGHT) -> str:
    """A 600 x 100 mm tray along ``path``."""
    return ops.add_tray(doc, hall, path, height, 600, 100)


def draw(
    doc: Document,
    a: str,
    b: str,
    *,
    plane: str = "scale_out",
    rate: int = 400,
    lane: int = 100,
    count: int = 1,
) -> str:
    """A bundle drawn by hand between ``a`` and ``b``."""
    bundle_id = doc.new_id("bundle")
    return ops.add_bundle(
        doc,
        Bundle(
            id=bundle_id,
            a=Endpoint(node=a),
            b=Endpoint(node=b),
            plane=plane,
            rate_gbps=rate,
            lane_gbps=lane,
            count=count,
        ),
    )


def plan_of(doc: Document) -> Plan:
    return NetworkPlanner(doc.catalog).plan(doc.project)


def line_of(plan: Plan, bundle_id: str) -> ScheduleLine:
    [line] = [x for x in cable_schedule(plan) if x.bundle_id == bundle_id]
    return line
