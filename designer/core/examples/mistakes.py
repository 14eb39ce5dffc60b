"""Example (d): a small hall with deliberate mistakes for the checker to find.

``tests/core/rules/test_examples_checked.py`` asserts that the checker reports exactly
these mistakes, by code and ids, and nothing else.
"""

from __future__ import annotations

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples._common import new_document


def build() -> Document:
    """(d) A small hall with deliberate mistakes for the checker to find."""
    doc = new_document(
        "Hall with deliberate mistakes",
        "A training example: every problem here is deliberate, for the checker to find. "
        "(1) racks H100-01 and H100-02 overlap by 400 mm; (2) rack H100-03 stands on column "
        "C1; (3) rack H100-04 sticks 200 mm out of the hall; (4) the GB200 NVL72 presses "
        "20.8 kPa on a 12 kPa raised floor and (5) has no CDU; (6) the DGX B200 rack puts "
        "57.2 kW into the air with no rear door (25 kW is the limit); (7) the network rack "
        "NET-01 has no power feed; (8) the single 400 A busway carries 352.4 kW, over its "
        "230.0 kW continuous limit; (9) NET-01 faces the NVL72 across a 1.0 m cold aisle, "
        "less than 1.2 m; (10) the NVL72, a liquid-cooled rack the project holds to Tier III, "
        "hangs on that one busway: a single power path.",
    )
    site = ops.add_site(doc, "Site 1", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    hall = ops.add_hall(
        doc,
        site,
        "Small hall",
        9_600,
        6_000,
        floor_rating_kpa=12,
        floor_type="raised",
        tile_rating_kg=680,
        power_capacity_kw=800,
        cooling_capacity_kw=800,
    )
    ops.add_obstacle(doc, hall, "column", ops.rectangle(6_000, 1_200, 600, 600), "C1")
    # One path only (no side): 4 x 40.8 + 132 + 57.2 = 352.4 kW on a 400 A busway, whose
    # continuous limit is 0.8 x sqrt(3) x 415 V x 400 A = 230.0 kW.
    feed = ops.add_feed(doc, hall, "busway-400a-415v", [(600, 1_500), (9_000, 1_500)], "Busway 1")
    racks = [
        ops.place_rack(
            doc, hall, "nvidia-dgx-h100-rack", 600, 1_200, 180, "H100-01", rear_door_kw=45
        ),
        ops.place_rack(
            doc, hall, "nvidia-dgx-h100-rack", 1_000, 1_200, 180, "H100-02", rear_door_kw=45
        ),
        ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 3_000, 1_332, 180, "NVL72-01"),
        ops.place_rack(doc, hall, "nvidia-dgx-b200-rack", 4_200, 1_200, 180, "B200-01"),
        ops.place_rack(
            doc, hall, "nvidia-dgx-h100-rack", 5_800, 1_200, 180, "H100-03", rear_door_kw=45
        ),
        ops.place_rack(
            doc, hall, "nvidia-dgx-h100-rack", 9_000, 1_200, 180, "H100-04", rear_door_kw=45
        ),
    ]
    ops.assign_feeds(doc, racks, [feed])
    # Fronts: the NVL72's at y = 2,400 (facing down), NET-01's at y = 3,400 (facing up).
    ops.place_rack(doc, hall, "nvidia-qm9700-rack", 3_000, 3_400, 0, "NET-01")
    ops.add_cooling_unit(doc, hall, "crah-150", 6_000, 5_000, "CRAH-1")
    # Cabling is not among the mistakes: an overhead tray reaches every rack.
    ops.add_tray(doc, hall, [(600, 1_800), (9_000, 1_800)], 2_700, 600, 100, "Row tray")
    ops.add_tray(doc, hall, [(3_300, 1_800), (3_300, 4_000)], 2_700, 600, 100, "Drop to NET-01")
    return doc
