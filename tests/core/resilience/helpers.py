"""What the resilience tests share: a hall to build in, a design's topology."""

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples._common import new_document
from designer.core.resilience import topology_of
from designer.core.rules import RuleEngine
from tests.core.network.helpers import add_hall


def hall_of(doc):
    """A site of 5 MW and its 20 x 12 m hall "H"."""
    site = ops.add_site(doc, "S", power_capacity_kw=5_000, cooling_capacity_kw=5_000)
    return site, add_hall(doc, site, "H")


def topology(doc):
    return topology_of(RuleEngine(default_catalog()), doc.project)


def eight_on_two_cdus():
    """Eight NVL72 on two in-row CDUs of 1,368 kW in one N+1 group (four racks on each)."""
    doc = new_document("CDUs", "")
    _, hall = hall_of(doc)
    group = ops.add_cooling_group(doc, hall, "CDUs", "N+1")
    cdu_a = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 1_000, 3_000, "CDU-A", group_id=group)
    cdu_b = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 9_000, 3_000, "CDU-B", group_id=group)
    racks = ops.place_row(doc, hall, "nvidia-gb200-nvl72", 2_000, 3_000, 8, 0, label_prefix="NVL-")
    ops.assign_cdu(doc, racks[:4], cdu_a)
    ops.assign_cdu(doc, racks[4:], cdu_b)
    return doc, racks, cdu_a, cdu_b, group
