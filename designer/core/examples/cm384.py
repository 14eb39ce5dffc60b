"""Example (b): one CloudMatrix384 supernode in its own hall."""

from __future__ import annotations

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples._common import busway, new_document
from designer.core.model.network_settings import NetworkSettings


def build() -> Document:
    """(b) One CloudMatrix384 supernode in its own hall."""
    doc = new_document(
        "CloudMatrix384 supernode",
        "One Huawei CloudMatrix384 (12 compute + 4 UB switch racks, 384 Ascend 910C) in its "
        "standard arrangement: two rows of 8 facing one 1.2 m cold aisle. Two in-row CDUs in "
        "N+1 carry the liquid share (an estimate: Huawei has not published the cooling split), "
        "800 A busways on A and B feed each row, two CRAHs take the air share. Its RDMA "
        "scale-out plane is out of this drawing's scope (the project settings say so); "
        "python main.py generate cm384 builds the supernode with it.",
    )
    ops.update_settings(doc, "Fabric out of scope", network=NetworkSettings(fabric_in_scope=False))
    site = ops.add_site(doc, "Site 1", power_capacity_kw=1_000, cooling_capacity_kw=1_000, pue=1.25)
    hall = ops.add_hall(
        doc,
        site,
        "CM384 hall",
        10_800,
        9_600,
        floor_rating_kpa=12,
        floor_type="raised",
        tile_rating_kg=680,
        power_capacity_kw=700,
        cooling_capacity_kw=700,
        cable_entry=(0, 600),
    )
    ops.place_system(doc, hall, "huawei-cm384", 2_400, 1_800, 0, "CM384")
    racks = list(doc.project.placements.values())
    row_a = [r.id for r in racks if r.y == 1_800]
    row_b = [r.id for r in racks if r.y != 1_800]
    group = ops.add_cooling_group(doc, hall, "CM384 CDUs", "N+1")
    cdu_a = ops.add_cooling_unit(
        doc, hall, "cdu-inrow-1368", 1_600, 1_800, "CDU-1", 180, group_id=group
    )
    cdu_b = ops.add_cooling_unit(
        doc, hall, "cdu-inrow-1368", 7_200, 4_200, "CDU-2", 0, group_id=group
    )
    feeds = [
        busway(doc, hall, "Busway A1", 800, "A", 2_100, 2_400, 7_200),
        busway(doc, hall, "Busway B1", 800, "B", 2_700, 2_400, 7_200),
        busway(doc, hall, "Busway A2", 800, "A", 4_500, 2_400, 7_200),
        busway(doc, hall, "Busway B2", 800, "B", 5_100, 2_400, 7_200),
    ]
    ops.assign_feeds(doc, row_a, feeds[:2])
    ops.assign_feeds(doc, row_b, feeds[2:])
    compute = {r.id for r in racks if r.type_id == "huawei-cm384-compute"}
    ops.assign_cdu(doc, [r for r in row_a if r in compute], cdu_a)
    ops.assign_cdu(doc, [r for r in row_b if r in compute], cdu_b)
    ops.add_cooling_unit(doc, hall, "crah-150", 1_800, 8_600, "CRAH-1")
    ops.add_cooling_unit(doc, hall, "crah-150", 6_000, 8_600, "CRAH-2")
    ops.add_tray(doc, hall, [(2_400, 2_400), (7_200, 2_400)], 2_700, 600, 150, "Tray row 1")
    ops.add_tray(doc, hall, [(2_400, 4_800), (7_200, 4_800)], 2_700, 600, 150, "Tray row 2")
    ops.add_tray(doc, hall, [(2_400, 600), (2_400, 4_800)], 2_700, 600, 150, "Cross tray")
    ops.add_tray(doc, hall, [(0, 600), (2_400, 600)], 2_700, 600, 150, "Entry tray")
    return doc
