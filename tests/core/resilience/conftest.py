"""Small designs built through the operations, each with the figures the issue pins."""

import pytest

from designer.core.document import operations as ops
from designer.core.examples._common import busway, new_document
from tests.core.resilience.helpers import hall_of

NVL72 = "nvidia-gb200-nvl72"


@pytest.fixture
def two_n():
    """Four NVL72 (132 kW each) on an A and a B busway of 800 A at 415 V."""
    doc = new_document("2N", "")
    _, hall = hall_of(doc)
    racks = ops.place_row(doc, hall, NVL72, 2_000, 3_000, 4, 0, label_prefix="NVL-")
    a = busway(doc, hall, "Busway A", 800, "A", 2_900, 2_000, 4_400)
    b = busway(doc, hall, "Busway B", 800, "B", 2_800, 2_000, 4_400)
    ops.assign_feeds(doc, racks, [a, b])
    return doc, racks, a, b


@pytest.fixture
def eight_on_cdus():
    """Eight NVL72 on two in-row CDUs of 1,368 kW in one N+1 group (four racks on each)."""
    doc = new_document("CDUs", "")
    _, hall = hall_of(doc)
    group = ops.add_cooling_group(doc, hall, "CDUs", "N+1")
    cdu_a = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 1_000, 3_000, "CDU-A", group_id=group)
    cdu_b = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 9_000, 3_000, "CDU-B", group_id=group)
    racks = ops.place_row(doc, hall, NVL72, 2_000, 3_000, 8, 0, label_prefix="NVL-")
    ops.assign_cdu(doc, racks[:4], cdu_a)
    ops.assign_cdu(doc, racks[4:], cdu_b)
    return doc, racks, cdu_a, cdu_b, group
