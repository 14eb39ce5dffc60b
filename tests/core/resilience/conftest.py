"""Small designs built through the operations, each with the figures the issue pins."""

import pytest

from designer.core.document import operations as ops
from designer.core.examples._common import busway, new_document
from tests.core.resilience.helpers import eight_on_two_cdus, hall_of

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
    return eight_on_two_cdus()
