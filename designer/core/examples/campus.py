"""The full-scale campus: 432 CloudMatrix384 (6,912 racks) over 3 sites and 24 halls.

This is the "100k-accelerator" scale of DESIGN section 9 (432 systems x 384 Ascend 910C is
165,888 NPUs) and more power than one site has: each site carries 144 systems (80.5 MW of
IT at max power) in 8 halls, the sites joined by fibre. The benchmarks use it, and
``build(systems=...)`` makes smaller campuses with the same layout for side-by-side runs.

A hall holds 3 rows of 6 systems. Each system is the catalog's 16-rack arrangement (two
rows of 8 around a 1.2 m cold aisle); rows of systems are 1.2 m apart (hot aisles). Every
line of 8 racks has an A and a B busway of 1,250 A for each pair of systems; three in-row
CDUs in N+1 serve each row of systems; CRAHs line the top and bottom walls; a tray runs over
each line of racks and a cross tray joins them to the hall's cable entry.
"""

from __future__ import annotations

import math

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples._common import busway, new_document

SYSTEMS_PER_ROW = 6
ROWS_PER_HALL = 3
HALLS_PER_SITE = 8
SYSTEM_W, SYSTEM_D = 4_800, 3_600
ROW_PITCH = SYSTEM_D + 1_200
CDU_W = 800
MARGIN_X, MARGIN_TOP = 2_400, 3_000
HALL_W = MARGIN_X * 2 + SYSTEMS_PER_ROW * SYSTEM_W + 3 * CDU_W
HALL_D = MARGIN_TOP * 2 + ROWS_PER_HALL * ROW_PITCH - 1_200
CRAH_W, CRAH_D = 2_500, 1_000
SITE_KM = ((0, 1, 40.0), (1, 2, 60.0), (0, 2, 95.0))


def _row_x(index: int) -> int:
    """x of the ``index``-th system of a row: CDUs stand before systems 0 and 3 and after 5."""
    cdus_before = 1 + (index >= 3)
    return MARGIN_X + index * SYSTEM_W + cdus_before * CDU_W


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
    rows = math.ceil(systems / SYSTEMS_PER_ROW)
    row_trays = []
    for row in range(rows):
        top = MARGIN_TOP + row * ROW_PITCH
        count = min(SYSTEMS_PER_ROW, systems - row * SYSTEMS_PER_ROW)
        group = ops.add_cooling_group(doc, hall, f"Row {row + 1} CDUs", "N+1")
        cdus = [
            ops.add_cooling_unit(
                doc, hall, "cdu-inrow-1368", x, top, f"CDU-{row + 1}.{i + 1}", 180, group_id=group
            )
            for i, x in enumerate((MARGIN_X, _row_x(2) + SYSTEM_W, _row_x(5) + SYSTEM_W))
        ]
        for index in range(count):
            x = _row_x(index)
            ops.place_system(doc, hall, "huawei-cm384", x, top, 0, f"R{row + 1}S{index + 1}")
        line_a = [r for r in doc.project.placements.values() if r.hall_id == hall and r.y == top]
        line_b = [
            r for r in doc.project.placements.values() if r.hall_id == hall and r.y == top + 2_400
        ]
        for pair in range(math.ceil(count / 2)):
            x0 = _row_x(pair * 2)
            x1 = _row_x(min(pair * 2 + 1, count - 1)) + SYSTEM_W
            for line, y, tag in ((line_a, top, "a"), (line_b, top + 2_400, "b")):
                feeds = [
                    busway(
                        doc,
                        hall,
                        f"Busway {side}{row + 1}{tag}{pair + 1}",
                        1250,
                        side,
                        y + offset,
                        x0,
                        x1,
                    )
                    for side, offset in (("A", 300), ("B", 900))
                ]
                ops.assign_feeds(doc, [r.id for r in line if x0 <= r.x < x1], feeds)
        compute = [r.id for r in (*line_a, *line_b) if r.type_id == "huawei-cm384-compute"]
        for cdu in cdus:
            share = compute[: math.ceil(len(compute) / len(cdus))]
            compute = compute[len(share) :]
            ops.assign_cdu(doc, share, cdu)
        for y in (top + 600, top + 3_000):
            row_trays.append(
                ops.add_tray(
                    doc,
                    hall,
                    [(1_200, y), (HALL_W - MARGIN_X, y)],
                    2_700,
                    900,
                    150,
                    f"Row {row + 1} tray",
                )
            )
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
            doc, f"Site {i + 1}", power_capacity_kw=90_000, cooling_capacity_kw=90_000, pue=1.25
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
