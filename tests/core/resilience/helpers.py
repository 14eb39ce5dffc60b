"""What the resilience tests share: a hall to build in, a design's topology."""

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.resilience import topology_of
from designer.core.rules import RuleEngine


def hall_of(doc, width=20_000):
    site = ops.add_site(doc, "S", power_capacity_kw=5_000, cooling_capacity_kw=5_000)
    hall = ops.add_hall(
        doc,
        site,
        "H",
        width,
        12_000,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=5_000,
        cooling_capacity_kw=5_000,
    )
    return site, hall


def topology(doc):
    return topology_of(RuleEngine(default_catalog()), doc.project)
