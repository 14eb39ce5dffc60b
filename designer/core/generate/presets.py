"""The clusters rackplan generates from a few parameters: what each preset is built of.

A preset names the system it repeats (a catalog system such as the CloudMatrix384, or one
rack type such as the NVL72 or a DGX rack), how many of them it builds by default, and the
hall it puts them in. Everything else (network racks, CDUs, busways, trays, CRAHs, sites)
follows from the catalog's figures when the cluster is laid out (``layout`` and
``cluster``), so a preset holds only the choices an architect would make first.

Defaults and their grounds:

- ``nvl72-su`` / ``gb300-su``: one DGX SuperPOD scalable unit is 8 NVL72 racks (576 GPUs,
  systems section 3, links 1.2); the NVL72's 1.36 t asks for a 25 kPa slab (systems S8,
  links B29), as in the bundled GB200 example.
- ``gb300-su`` on Ethernet (``--fabric ethernet``) repeats the catalog's
  ``nvidia-gb300-nvl72-spectrum-x``: its ConnectX-8 run as 2 x 400GbE, as the DGX
  SuperPOD B300 RA runs them on Spectrum-X (links S55), which the SN5600 takes on its
  100G lanes; no Ethernet switch of the catalog takes 800G on 200G lanes. A GB200 NVL72's
  400G NICs fit either fabric as they are.
- ``hgx-su``: 8 DGX racks of 4 eight-GPU servers (32 servers; systems S70), on a raised floor;
  ``--systems`` counts its racks.
- ``cm384``: one CloudMatrix384, 12 compute + 4 UB racks (systems S22, S24).
- ``campus-cm384``: 432 supernodes (165,888 NPUs), 6 to a row pair, 18 to a hall, as the
  bundled campus (``examples/campus.py``); ``campus-nvl72``: 1,389 NVL72 (100,008 GPUs),
  32 to a row pair, 64 to a hall.
- Site supply 110 MW and PUE 1.25: the bundled campus's figures (estimate: a large AI site
  of the mid-2020s, links B42 for PUE); the fibre between sites 40 km (estimate: a metro
  ring, within reach of coherent ZR, links 1.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

Fabric = Literal["infiniband", "ethernet"]


@dataclass(frozen=True)
class Preset:
    """What one preset builds by default.

    ``unit`` is a catalog system id when ``is_system`` (its racks placed by its template),
    otherwise a rack type id placed as top and bottom racks of a row pair's column.
    ``per_row`` counts units in one row pair, ``per_hall`` units in a hall; a pod preset
    (``campus`` False) is one hall on one site at its default size, and a larger one asked
    of it fills halls as a campus of its racks does (64 NVL72 or DGX racks to a hall: 16
    NVL72 in two halls of 8 was a trial's surprise): ``campus_per_row`` to a row pair,
    CRAHs on the walls for the air share, titled ``cluster_title``. A trial's 278 GB300
    racks stood in rows of four, each with its own CDUs, and their air heat went to 36
    in-row coolers in the network row, 25 m from the farthest rack.
    """

    name: str
    title: str
    unit: str
    is_system: bool
    systems: int
    fabric: Fabric
    per_row: int
    per_hall: int
    campus: bool
    floor_type: Literal["raised", "slab"]
    floor_rating_kpa: float
    tile_rating_kg: float | None
    site_power_mw: float = 110.0
    site_km: float = 40.0
    campus_per_row: int | None = None
    cluster_title: str | None = None
    #: the rack type (or system) it repeats on a fabric whose switches take its NICs only
    #: run another way, where not ``unit``
    units_on: Mapping[Fabric, str] = field(default_factory=dict)

    def unit_on(self, fabric: Fabric) -> str:
        """The catalog id of what it repeats on ``fabric``."""
        return self.units_on.get(fabric, self.unit)

    def scaled(self, systems: int) -> bool:
        """Whether ``systems`` of a pod preset are laid out as a campus of its racks."""
        return not self.campus and systems > self.systems and self.campus_per_row is not None

    def row_pair(self, systems: int) -> int:
        """Units in one row pair when ``systems`` are asked for."""
        if self.scaled(systems) and self.campus_per_row is not None:
            return self.campus_per_row
        return self.per_row

    def title_of(self, systems: int) -> str:
        """The design's title: the pod's, or the cluster's when scaled."""
        return (self.cluster_title or self.title) if self.scaled(systems) else self.title


PRESETS: dict[str, Preset] = {
    preset.name: preset
    for preset in (
        Preset(
            "nvl72-su",
            "GB200 NVL72 SuperPOD scalable unit",
            "nvidia-gb200-nvl72",
            False,
            8,
            "infiniband",
            8,
            64,
            False,
            "slab",
            25,
            None,
            campus_per_row=32,
            cluster_title="GB200 NVL72 cluster",
        ),
        Preset(
            "gb300-su",
            "GB300 NVL72 SuperPOD scalable unit",
            "nvidia-gb300-nvl72",
            False,
            8,
            "infiniband",
            8,
            64,
            False,
            "slab",
            25,
            None,
            campus_per_row=32,
            cluster_title="GB300 NVL72 cluster",
            units_on={"ethernet": "nvidia-gb300-nvl72-spectrum-x"},
        ),
        Preset(
            "hgx-su",
            "DGX H100 scalable unit",
            "nvidia-dgx-h100-rack",
            False,
            8,
            "infiniband",
            8,
            64,
            False,
            "raised",
            12,
            680,
            campus_per_row=32,
            cluster_title="DGX H100 cluster",
        ),
        Preset(
            "cm384",
            "CloudMatrix384 supernode",
            "huawei-cm384",
            True,
            1,
            "ethernet",
            6,
            18,
            False,
            "raised",
            12,
            680,
            campus_per_row=6,
            cluster_title="CloudMatrix384 cluster",
        ),
        Preset(
            "campus-cm384",
            "CloudMatrix384 campus",
            "huawei-cm384",
            True,
            432,
            "ethernet",
            6,
            18,
            True,
            "raised",
            12,
            680,
        ),
        Preset(
            "campus-nvl72",
            "GB200 NVL72 campus",
            "nvidia-gb200-nvl72",
            False,
            1_389,
            "infiniband",
            32,
            64,
            True,
            "slab",
            25,
            None,
        ),
    )
}
