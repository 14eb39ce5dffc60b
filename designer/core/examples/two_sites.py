"""Example (e): two sites 40 km apart, so one schedule shows every kind of link.

Site North has two halls 150 m apart on its site plan, each with four air-cooled DGX B200
racks and a QM9700 network rack; site South, 40 km away by fibre, has one more such hall.
The fabrics then need copper (leaf to spine inside a network rack), multimode (servers to
their leaves in the same hall), single-mode (leaves in the second hall to the spines in the
first) and coherent ZR (between the sites).
"""

from __future__ import annotations

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples._common import busway, new_document

HALL_W, HALL_D = 6_000, 6_000


def _hall(doc: Document, site: str, name: str, origin: tuple[int, int], tag: str) -> None:
    """A hall of four DGX B200 racks and a QM9700 rack in one row facing down the page."""
    hall = ops.add_hall(
        doc,
        site,
        name,
        HALL_W,
        HALL_D,
        floor_rating_kpa=12,
        floor_type="raised",
        tile_rating_kg=680,
        power_capacity_kw=400,
        cooling_capacity_kw=400,
        site_origin=origin,
        cable_entry=(0, 600),
    )
    racks = ops.place_row(
        doc,
        hall,
        "nvidia-dgx-b200-rack",
        1_200,
        1_200,
        4,
        180,
        label_prefix=f"{tag}-B200-",
        rear_door_kw=60,
    )
    net = ops.place_rack(doc, hall, "nvidia-qm9700-rack", 4_000, 1_200, 180, f"{tag}-NET")
    feeds = [
        busway(doc, hall, f"Busway A {tag}", 800, "A", 1_500, 1_200, 4_600),
        busway(doc, hall, f"Busway B {tag}", 800, "B", 2_100, 1_200, 4_600),
    ]
    ops.assign_feeds(doc, [*racks, net], feeds)
    ops.add_cooling_unit(doc, hall, "crah-150", 1_800, HALL_D - 1_000, f"CRAH {tag}")
    ops.add_tray(
        doc,
        hall,
        [(4_600, 1_800), (600, 1_800), (600, 600), (0, 600)],
        2_700,
        600,
        100,
        f"Tray {tag}",
    )


def build() -> Document:
    """(e) Two sites 40 km apart: copper, multimode, single-mode and ZR in one schedule."""
    doc = new_document(
        "Two sites, 40 km apart",
        "Site North has two halls 150 m apart, each with four air-cooled DGX B200 racks (rear "
        "doors of 60 kW) and a QM9700 network rack; site South, 40 km away by fibre, has one "
        "more. Each site gets a rail-optimised fabric: servers reach their leaves over "
        "multimode, leaves reach spines in the same rack over copper and across the halls "
        "over single-mode; the sites are joined by coherent 400ZR.",
    )
    north = ops.add_site(
        doc, "North", power_capacity_kw=800, cooling_capacity_kw=800, pue=1.3, location=""
    )
    south = ops.add_site(
        doc, "South", power_capacity_kw=400, cooling_capacity_kw=400, pue=1.3, location=""
    )
    ops.add_fibre_route(doc, north, south, 40.0)
    _hall(doc, north, "North hall 1", (0, 0), "N1")
    _hall(doc, north, "North hall 2", (150_000, 0), "N2")
    _hall(doc, south, "South hall 1", (0, 0), "S1")
    return doc
