"""Example (c): a hall of air-cooled DGX H100 and B200 racks."""

from __future__ import annotations

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples._common import busway, new_document
from designer.core.model.network_settings import NetworkSettings


def build() -> Document:
    """(c) A hall of air-cooled DGX H100 and DGX B200 racks with rear-door exchangers."""
    doc = new_document(
        "Air-cooled HGX hall",
        "Six DGX H100 racks (4 systems each, 40.8 kW) face four DGX B200 racks (57.2 kW) and a "
        "QM9700 network rack across a 1.8 m cold aisle. At these densities air alone is past the "
        "25 kW per-rack limit, so each compute rack has a rear-door heat exchanger (45 kW on the "
        "H100 racks, 60 kW on the B200 racks); one CRAH takes the rest. The compute fabric is "
        "2:1 oversubscribed, so the one QM9700 rack holds it (8 leaves, 3 spines).",
    )
    ops.update_settings(doc, "Fabric 2:1", network=NetworkSettings(oversubscription=2.0))
    site = ops.add_site(doc, "Site 1", power_capacity_kw=800, cooling_capacity_kw=800, pue=1.4)
    hall = ops.add_hall(
        doc,
        site,
        "HGX hall",
        9_600,
        8_400,
        floor_rating_kpa=12,
        floor_type="raised",
        tile_rating_kg=680,
        power_capacity_kw=600,
        cooling_capacity_kw=600,
        cable_entry=(0, 600),
    )
    h100 = ops.place_row(
        doc,
        hall,
        "nvidia-dgx-h100-rack",
        1_200,
        1_200,
        6,
        180,
        label_prefix="H100-",
        rear_door_kw=45,
    )
    b200 = ops.place_row(
        doc, hall, "nvidia-dgx-b200-rack", 1_200, 4_200, 4, 0, label_prefix="B200-", rear_door_kw=60
    )
    net = ops.place_rack(doc, hall, "nvidia-qm9700-rack", 4_000, 4_200, 0, "NET-01")
    feeds = [
        busway(doc, hall, "Busway A1", 800, "A", 1_500, 1_200, 6_000),
        busway(doc, hall, "Busway B1", 800, "B", 2_100, 1_200, 6_000),
        busway(doc, hall, "Busway A2", 800, "A", 4_500, 1_200, 4_600),
        busway(doc, hall, "Busway B2", 800, "B", 5_100, 1_200, 4_600),
    ]
    ops.assign_feeds(doc, h100, feeds[:2])
    ops.assign_feeds(doc, [*b200, net], feeds[2:])
    ops.add_cooling_unit(doc, hall, "crah-150", 3_000, 7_400, "CRAH-1")
    ops.add_tray(doc, hall, [(1_200, 1_800), (6_000, 1_800)], 2_700, 600, 100, "Tray H100 row")
    ops.add_tray(doc, hall, [(1_200, 4_800), (4_600, 4_800)], 2_700, 600, 100, "Tray B200 row")
    ops.add_tray(doc, hall, [(600, 600), (600, 4_800)], 2_700, 600, 100, "Cross tray")
    ops.add_tray(doc, hall, [(600, 1_800), (1_200, 1_800)], 2_700, 600, 100, "Drop to H100 row")
    ops.add_tray(doc, hall, [(600, 4_800), (1_200, 4_800)], 2_700, 600, 100, "Drop to B200 row")
    ops.add_tray(doc, hall, [(0, 600), (600, 600)], 2_700, 600, 100, "Entry tray")
    return doc
