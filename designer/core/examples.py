"""The example projects of ``projects/``, built through the same operations as the designer.

Rebuild the files with ``python -m designer.core.examples projects``; a test rebuilds them
in memory and compares bytes, so the files and this code never drift apart. Ids are
sequential (``rk-001`` ...) to keep the files readable and stable.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.io.project_file import SUFFIX, to_bytes
from designer.core.model.project import Project, ProjectMeta


def _new(name: str, description: str) -> Document:
    project = Project(meta=ProjectMeta(name=name, description=description, date="2026-11-30"))
    return Document(project, ids=sequential_ids())


def _busway(
    doc: Document, hall: str, name: str, amps: int, side: str, y: int, x0: int, x1: int
) -> str:
    return ops.add_feed(doc, hall, f"busway-{amps}a-415v", [(x0, y), (x1, y)], name, side=side)


def gb200_su() -> Document:
    """(a) A DGX SuperPOD GB200 scalable unit: 8 NVL72 in one row, CDUs, A/B busways."""
    doc = _new(
        "GB200 NVL72 SuperPOD scalable unit",
        "One scalable unit of 8 GB200 NVL72 racks (576 GPUs) in a single row with its network "
        "rack in the middle, two in-row CDUs in N+1 at the row ends, 1,250 A busways on A and B "
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
        9_600,
        7_200,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=1_200,
        cooling_capacity_kw=1_200,
        cable_entry=(0, 600),
    )
    # One row, fronts facing down the page (rotation 180) at y = 2,400 mm; rears against a
    # 1.2 m hot aisle at the top wall.
    front = 2_400
    group = ops.add_cooling_group(doc, hall, "SU CDUs", "N+1")
    cdu_a = ops.add_cooling_unit(
        doc, hall, "cdu-inrow-1368", 1_200, front - 1_200, "CDU-1", 180, group_id=group
    )
    left = ops.place_row(
        doc, hall, "nvidia-gb200-nvl72", 2_000, front - 1_068, 4, 180, label_prefix="NVL72-"
    )
    net = ops.place_rack(doc, hall, "nvidia-qm9700-rack", 4_400, front - 1_200, 180, "NET-01")
    right = ops.place_row(
        doc,
        hall,
        "nvidia-gb200-nvl72",
        5_000,
        front - 1_068,
        4,
        180,
        label_prefix="NVL72-",
        first_index=5,
    )
    cdu_b = ops.add_cooling_unit(
        doc, hall, "cdu-inrow-1368", 7_400, front - 1_200, "CDU-2", 180, group_id=group
    )

    a1 = _busway(doc, hall, "Busway A1", 1250, "A", 1_500, 2_000, 4_400)
    b1 = _busway(doc, hall, "Busway B1", 1250, "B", 2_100, 2_000, 4_400)
    a2 = _busway(doc, hall, "Busway A2", 1250, "A", 1_500, 4_400, 7_400)
    b2 = _busway(doc, hall, "Busway B2", 1250, "B", 2_100, 4_400, 7_400)
    ops.assign_feeds(doc, left, [a1, b1])
    ops.assign_feeds(doc, [*right, net], [a2, b2])
    ops.assign_cdu(doc, left, cdu_a)
    ops.assign_cdu(doc, right, cdu_b)
    ops.add_cooling_unit(doc, hall, "crah-150", 1_800, 6_200, "CRAH-1")
    ops.add_cooling_unit(doc, hall, "crah-150", 5_400, 6_200, "CRAH-2")
    ops.add_tray(
        doc,
        hall,
        [(600, 1_800), (8_600, 1_800), (8_600, 600), (0, 600)],
        2_700,
        600,
        100,
        "Row tray",
    )
    return doc


def cm384() -> Document:
    """(b) One CloudMatrix384 supernode in its own hall."""
    doc = _new(
        "CloudMatrix384 supernode",
        "One Huawei CloudMatrix384 (12 compute + 4 UB switch racks, 384 Ascend 910C) in its "
        "standard arrangement: two rows of 8 facing one 1.2 m cold aisle. Two in-row CDUs in "
        "N+1 carry the liquid share (an estimate: Huawei has not published the cooling split), "
        "800 A busways on A and B feed each row, two CRAHs take the air share.",
    )
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
        _busway(doc, hall, "Busway A1", 800, "A", 2_100, 2_400, 7_200),
        _busway(doc, hall, "Busway B1", 800, "B", 2_700, 2_400, 7_200),
        _busway(doc, hall, "Busway A2", 800, "A", 4_500, 2_400, 7_200),
        _busway(doc, hall, "Busway B2", 800, "B", 5_100, 2_400, 7_200),
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


def hgx_air() -> Document:
    """(c) A hall of air-cooled DGX H100 and DGX B200 racks with rear-door exchangers."""
    doc = _new(
        "Air-cooled HGX hall",
        "Six DGX H100 racks (4 systems each, 40.8 kW) face four DGX B200 racks (57.2 kW) and a "
        "QM9700 network rack across a 1.8 m cold aisle. At these densities air alone is past the "
        "25 kW per-rack limit, so each compute rack has a rear-door heat exchanger (45 kW on the "
        "H100 racks, 60 kW on the B200 racks); one CRAH takes the rest.",
    )
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
        _busway(doc, hall, "Busway A1", 800, "A", 1_500, 1_200, 6_000),
        _busway(doc, hall, "Busway B1", 800, "B", 2_100, 1_200, 6_000),
        _busway(doc, hall, "Busway A2", 800, "A", 4_500, 1_200, 4_600),
        _busway(doc, hall, "Busway B2", 800, "B", 5_100, 1_200, 4_600),
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


def mistakes() -> Document:
    """(d) A small hall with deliberate mistakes for the checker to find."""
    doc = _new(
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
    busway = _busway(doc, hall, "Busway A1", 800, "A", 1_500, 600, 9_000)
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
    ops.assign_feeds(doc, racks[:5], [busway])
    ops.place_rack(doc, hall, "nvidia-qm9700-rack", 1_200, 4_200, 0, "NET-01")
    ops.add_cooling_unit(doc, hall, "crah-150", 6_000, 5_000, "CRAH-1")
    return doc


EXAMPLES: dict[str, Callable[[], Document]] = {
    "gb200-nvl72-su": gb200_su,
    "cm384-supernode": cm384,
    "hgx-air-hall": hgx_air,
    "mistakes": mistakes,
}


def write_all(folder: Path) -> list[Path]:
    """Write every example project into ``folder``; returns the paths written."""
    from designer.core.io.atomic import atomic_write_bytes

    written = []
    for name, build in EXAMPLES.items():
        path = folder / f"{name}{SUFFIX}"
        atomic_write_bytes(path, to_bytes(build().project))
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "projects")):
        print(written_path)  # noqa: T201 - a developer's command
