"""Example (d): a small hall with deliberate mistakes for the checker to find."""

from __future__ import annotations

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples._common import busway, new_document


def build() -> Document:
    """(d) A small hall with deliberate mistakes for the checker to find."""
    doc = new_document(
        "Hall with deliberate mistakes",
        "A training example: every problem here is deliberate, for the checker to find. "
        "(1) two DGX H100 racks overlap; (2) a rack stands on a column; (3) a rack sticks out "
        "of the hall; (4) a GB200 NVL72 stands on a 12 kPa raised floor and has no CDU; "
        "(5) a DGX B200 rack is air-cooled at 57.2 kW with no rear door; (6) a rack has no "
        "power feed; (7) a single 800 A busway carries more than 80 % of its rating.",
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
    feed = busway(doc, hall, "Busway A1", 800, "A", 1_500, 600, 9_000)
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
    ops.assign_feeds(doc, racks[:5], [feed])
    ops.place_rack(doc, hall, "nvidia-qm9700-rack", 1_200, 4_200, 0, "NET-01")
    ops.add_cooling_unit(doc, hall, "crah-150", 6_000, 5_000, "CRAH-1")
    return doc
