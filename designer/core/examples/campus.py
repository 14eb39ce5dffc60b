"""The full-scale campus: 432 CloudMatrix384 (6,912 racks) over 3 sites and 24 halls.

This is the "100k-accelerator" scale of DESIGN section 9 (432 systems x 384 Ascend 910C is
165,888 NPUs) and more power than one site has: each site carries 144 systems (80.5 MW of
IT at max power, 100.6 MW of facility power at PUE 1.25, within its 110 MW supply) in 8
halls, the sites joined by fibre. The benchmarks use it, and ``build(systems=...)`` makes
smaller campuses with the same layout for side-by-side runs.

A hall holds 3 rows of 6 systems. Each system is the catalog's 16-rack arrangement (two
lines of 8 around a 1.2 m cold aisle); rows of systems are 1.2 m apart (hot aisles). A row
is cut into segments of two systems (16 racks to a line, within the 20-rack row limit of
links B22) by 1.2 m cross aisles. Each segment has an in-row CDU at its start, carrying the
segment's 24 compute racks (806.4 kW of 1,368 kW), the row's CDUs in N+1, and an A and a B
busway of 1,250 A over each of its two lines (559 kW each, within 718.8 kW at 80 %). CRAHs
line the top and bottom walls; a tray runs over each line of racks, one crosses each
system's cold aisle between its switch racks (so its UB cables go straight across), and a
cross tray joins the lines to the hall's cable entry.

"""

from __future__ import annotations

import math

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples._common import busway, new_document

SYSTEMS_PER_ROW = 6
SYSTEMS_PER_SEGMENT = 2
SEGMENTS_PER_ROW = SYSTEMS_PER_ROW // SYSTEMS_PER_SEGMENT
ROWS_PER_HALL = 3
HALLS_PER_SITE = 8
SYSTEM_W, SYSTEM_D = 4_800, 3_600
ROW_PITCH = SYSTEM_D + 1_200
LINE_B = 2_400
CDU_W = 800
CROSS_AISLE = 1_200
SEGMENT_W = CDU_W + SYSTEMS_PER_SEGMENT * SYSTEM_W
MARGIN_X, MARGIN_TOP = 2_400, 3_000
HALL_W = MARGIN_X * 2 + SEGMENTS_PER_ROW * SEGMENT_W + (SEGMENTS_PER_ROW - 1) * CROSS_AISLE
HALL_D = MARGIN_TOP * 2 + ROWS_PER_HALL * ROW_PITCH - 1_200
CRAH_W, CRAH_D = 2_500, 1_000
SITE_KM = ((0, 1, 40.0), (1, 2, 60.0), (0, 2, 95.0))


def _segment_x(segment: int) -> int:
    """x of a segment's CDU; its systems follow the CDU."""
    return MARGIN_X + segment * (SEGMENT_W + CROSS_AISLE)


def _row(doc: Document, hall: str, row: int, count: int) -> None:
    """Place one row of ``count`` systems with its CDUs, busways and trays."""
    top = MARGIN_TOP + row * ROW_PITCH
    segments = math.ceil(count / SYSTEMS_PER_SEGMENT)
    group = ops.add_cooling_group(doc, hall, f"Row {row + 1} CDUs", "N+1" if segments > 1 else "N")
    for segment in range(segments):
        x0 = _segment_x(segment)
        cdu = ops.add_cooling_unit(
            doc,
            hall,
            "cdu-inrow-1368",
            x0,
            top,
            f"CDU-{row + 1}.{segment + 1}",
            180,
            group_id=group,
        )
        first = segment * SYSTEMS_PER_SEGMENT
        systems = [
            ops.place_system(
                doc,
                hall,
                "huawei-cm384",
                x0 + CDU_W + i * SYSTEM_W,
                top,
                0,
                f"R{row + 1}S{first + i + 1}",
            )
            for i in range(min(SYSTEMS_PER_SEGMENT, count - first))
        ]
        racks = [r for r in doc.project.placements.values() if r.group_id in systems]
        x1 = x0 + CDU_W + len(systems) * SYSTEM_W
        for y, tag in ((top, "a"), (top + LINE_B, "b")):
            feeds = [
                busway(
                    doc,
                    hall,
                    f"Busway {side}{row + 1}{tag}{segment + 1}",
                    1250,
                    side,
                    y + offset,
                    x0 + CDU_W,
                    x1,
                )
                for side, offset in (("A", 300), ("B", 900))
            ]
            ops.assign_feeds(doc, [r.id for r in racks if r.y == y], feeds)
        compute = [r.id for r in racks if r.type_id == "huawei-cm384-compute"]
        ops.assign_cdu(doc, compute, cdu)
        for i in range(len(systems)):
            middle = x0 + CDU_W + i * SYSTEM_W + SYSTEM_W // 2
            ops.add_tray(
                doc,
                hall,
                [(middle, top + 600), (middle, top + 3_000)],
                2_700,
                900,
                150,
                f"R{row + 1}S{first + i + 1} aisle tray",
            )
    right = _segment_x(segments - 1) + SEGMENT_W
    for y in (top + 600, top + 3_000):
        ops.add_tray(doc, hall, [(1_200, y), (right, y)], 2_700, 900, 150, f"Row {row + 1} tray")


def _hall(doc: Document, site: str, name: str, origin: tuple[int, int], systems: int) -> None:
    hall = ops.add_hall(
        doc,
        site,
        name,
        HALL_W,
        HALL_D,
        floor_rating_kpa=12,
        floor_type="raised",
        tile_rating_kg=680,
        power_capacity_kw=10_500,
        cooling_capacity_kw=10_500,
        site_origin=origin,
        cable_entry=(0, 1_800),
    )
    for row in range(math.ceil(systems / SYSTEMS_PER_ROW)):
        _row(doc, hall, row, min(SYSTEMS_PER_ROW, systems - row * SYSTEMS_PER_ROW))
    ops.add_tray(
        doc,
        hall,
        [(0, 1_800), (1_200, 1_800), (1_200, HALL_D - MARGIN_TOP)],
        2_700,
        900,
        150,
        "Cross tray",
    )
    air_kw = systems * sum(
        doc.rack_types[m.type_id].air_kw for m in doc.catalog.systems["huawei-cm384"].members
    )
    crahs = math.ceil(air_kw / doc.catalog.cooling["crah-150"].air_capacity_kw)
    per_wall = math.ceil(crahs / 2)
    spacing = (HALL_W - 2 * 1_200) // per_wall
    for index in range(crahs):
        wall, slot = divmod(index, per_wall)
        y = 0 if wall == 0 else HALL_D - CRAH_D
        ops.add_cooling_unit(
            doc,
            hall,
            "crah-150",
            1_200 + slot * spacing,
            y,
            f"CRAH-{index + 1}",
            180 if wall == 0 else 0,
        )


def build(systems: int = 432) -> Document:
    """A campus of ``systems`` CloudMatrix384 laid out as the module docstring says."""

    doc = new_document(
        f"CloudMatrix384 campus, {systems} systems",
        f"{systems} CloudMatrix384 supernodes ({systems * 384:,} Ascend 910C, {systems * 16:,} racks) "
        "spread over sites joined by fibre: more power than one site can take.",
    )
    per_hall = SYSTEMS_PER_ROW * ROWS_PER_HALL
    halls = math.ceil(systems / per_hall)
    sites = math.ceil(halls / HALLS_PER_SITE)
    site_ids = [
        ops.add_site(
            doc, f"Site {i + 1}", power_capacity_kw=110_000, cooling_capacity_kw=90_000, pue=1.25
        )
        for i in range(sites)
    ]
    for a, b, km in SITE_KM:
        if b < sites:
            ops.add_fibre_route(doc, site_ids[a], site_ids[b], km)
    placed = 0
    for hall_index in range(halls):
        site, slot = divmod(hall_index, HALLS_PER_SITE)
        origin = ((slot % 4) * (HALL_W + 10_000), (slot // 4) * (HALL_D + 10_000))
        count = min(per_hall, systems - placed)
        _hall(doc, site_ids[site], f"S{site + 1} Hall {slot + 1}", origin, count)
        placed += count
    return doc
