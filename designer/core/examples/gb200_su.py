"""Example (a): a DGX SuperPOD GB200 scalable unit with its compute fabric."""

from __future__ import annotations

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples._common import busway, new_document


def build() -> Document:
    """(a) A DGX SuperPOD GB200 scalable unit: 8 NVL72 in one row, CDUs, A/B busways.

    The 576 GPUs at 400G NDR need 18 leaf and 9 spine QM9700 switches at 1:1 (radix 64:
    576 / 32 leaves, 576 / 64 spines), so three network racks of 12 stand in the middle of
    the row: the leaves of each half next to it, the spines between them.
    """
    doc = new_document(
        "GB200 NVL72 SuperPOD scalable unit",
        "One scalable unit of 8 GB200 NVL72 racks (576 GPUs) in a single row with its three "
        "QM9700 network racks in the middle (leaves of the left and right halves either side, "
        "spines between), two in-row CDUs in N+1 at the row ends, 1,250 A busways on A and B "
        "sides (each side alone carries the row), two CRAHs for the air share and an overhead "
        "tray. The slab is rated 25 kPa for the 1.36 t racks.",
    )
    site = ops.add_site(
        doc, "Site 1", power_capacity_kw=2_000, cooling_capacity_kw=2_000, pue=1.2, location=""
    )
    hall = ops.add_hall(
        doc,
        site,
        "SU hall",
        10_800,
        7_200,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=1_200,
        cooling_capacity_kw=1_200,
        cable_entry=(0, 600),
    )
    # One row, fronts facing down the page (rotation 180) at y = 2,400 mm; rears against a
    # 1.2 m hot aisle at the top wall; 1.3 m of floor at each row end, so both ends of its
    # aisles are open (links B22, at least 36 in to a wall at one end).
    front = 2_400
    group = ops.add_cooling_group(doc, hall, "SU CDUs", "N+1")
    cdu_a = ops.add_cooling_unit(
        doc, hall, "cdu-inrow-1368", 1_300, front - 1_200, "CDU-1", 180, group_id=group
    )
    left = ops.place_row(
        doc, hall, "nvidia-gb200-nvl72", 2_100, front - 1_068, 4, 180, label_prefix="NVL72-"
    )
    net = ops.place_row(
        doc, hall, "nvidia-qm9700-rack", 4_500, front - 1_200, 3, 180, label_prefix="NET-"
    )
    right = ops.place_row(
        doc,
        hall,
        "nvidia-gb200-nvl72",
        6_300,
        front - 1_068,
        4,
        180,
        label_prefix="NVL72-",
        first_index=5,
    )
    cdu_b = ops.add_cooling_unit(
        doc, hall, "cdu-inrow-1368", 8_700, front - 1_200, "CDU-2", 180, group_id=group
    )

    a1 = busway(doc, hall, "Busway A1", 1250, "A", 1_500, 2_100, 4_500)
    b1 = busway(doc, hall, "Busway B1", 1250, "B", 2_100, 2_100, 4_500)
    a2 = busway(doc, hall, "Busway A2", 1250, "A", 1_500, 4_500, 8_700)
    b2 = busway(doc, hall, "Busway B2", 1250, "B", 2_100, 4_500, 8_700)
    ops.assign_feeds(doc, left, [a1, b1])
    ops.assign_feeds(doc, [*net, *right], [a2, b2])
    ops.assign_cdu(doc, left, cdu_a)
    ops.assign_cdu(doc, right, cdu_b)
    ops.add_cooling_unit(doc, hall, "crah-150", 2_400, 6_200, "CRAH-1")
    ops.add_cooling_unit(doc, hall, "crah-150", 6_000, 6_200, "CRAH-2")
    ops.add_tray(
        doc,
        hall,
        [(1_200, 1_800), (9_600, 1_800), (9_600, 600), (0, 600)],
        2_700,
        600,
        100,
        "Row tray",
    )
    return doc
