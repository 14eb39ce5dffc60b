"""Small floors for the network tests, built through the operations as the designer does."""

from __future__ import annotations

from designer.core.catalog import Catalog, default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.model import Bundle, Endpoint, Project, ProjectMeta
from designer.core.network import NetworkPlan, ScheduleLine, cable_schedule, default_media
from designer.core.network.planner import build_plan

#: A DGX H100 rack: 800 x 1,200 x 2,200 mm, so its ports sit at 1,100 mm (half its height)
#: and a tray at 2,700 mm is a 1,600 mm rise; at rotation 0 its centre is (x + 400, y + 600).
H100 = "nvidia-dgx-h100-rack"
TRAY_HEIGHT = 2_700


def new_doc() -> tuple[Document, str]:
    """An empty project with one site."""
    doc = Document(Project(meta=ProjectMeta(name="Network test")), ids=sequential_ids())
    site = ops.add_site(doc, "Site 1", power_capacity_kw=10_000, cooling_capacity_kw=10_000)
    return doc, site


def sites(count: int) -> tuple[Document, list[str]]:
    """A document of ``count`` empty sites (ids in order: A, B, C, ...; named Site 1, Site
    2, ...)."""
    doc, first = new_doc()
    more = [
        ops.add_site(doc, f"Site {i}", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
        for i in range(2, count + 1)
    ]
    return doc, [first, *more]


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


def planned(project: Project, catalog: Catalog | None = None) -> NetworkPlan:
    """``project`` planned from scratch, as the rule engine's first check plans it."""
    return build_plan(project, catalog or default_catalog(), default_media())


def plan_of(doc: Document) -> NetworkPlan:
    return planned(doc.project, doc.catalog)


def line_of(plan: NetworkPlan, bundle_id: str) -> ScheduleLine:
    [line] = [x for x in cable_schedule(plan) if x.bundle_id == bundle_id]
    return line


def row_and_cross_trays() -> tuple[Document, str, dict[str, str]]:
    """A row tray along y 1,800 with two cross trays (x 10,000 and 14,000) down to y 9,000,
    and three bundles drawn from rack a; returns the document, the hall and the bundle ids.

    Rack tops (H100, 800 x 1,200): a at x 400, b at 2,200, c at 6,000 on the row tray, d at
    (14,000, 9,000) on the end of the second cross tray. a-b (3 links, routed 6.0 m) and a-c
    (2 links, 9.8 m) are 400G on 100G lanes; a-d (4 links, 25.0 m) is 800G on 200G lanes,
    where no multimode medium exists.
    """
    doc, site = new_doc()
    hall = add_hall(doc, site)
    tray(doc, hall, [(0, 1_800), (20_000, 1_800)])
    tray(doc, hall, [(10_000, 1_800), (10_000, 9_000)])
    tray(doc, hall, [(14_000, 1_800), (14_000, 9_000)])
    a = ops.place_rack(doc, hall, H100, 0, 1_200, label="a")
    b = ops.place_rack(doc, hall, H100, 1_800, 1_200, label="b")
    c = ops.place_rack(doc, hall, H100, 5_600, 1_200, label="c")
    d = ops.place_rack(doc, hall, H100, 13_600, 8_400, label="d")
    bundles = {
        "ab": draw(doc, a, b, plane="storage", count=3),
        "ac": draw(doc, a, c, plane="storage", count=2),
        "ad": draw(doc, a, d, plane="storage", rate=800, lane=200, count=4),
    }
    return doc, hall, bundles


def leaves_filled_full(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Leaves cut as they were until they were loaded evenly: full, the rest on the last
    (the cut under which the audits' odd cages arose, which the evening and the cage check
    are kept for)."""
    from designer.core.network import fabric

    def filled(part: int, k: int, oversubscription: float, cage: int) -> list[int]:
        down = fabric.split_leaf(k, oversubscription, cage)
        return [down] * (part // down) + ([part % down] if part % down else [])

    monkeypatch.setattr(fabric, "_leaf_loads", filled)
