"""What the network planner finds wrong, as plain records with stable codes.

The planner produces these as pure data; the rule families in ``designer.core.rules``
(``cabling``, ``scale_up``, ``network``) hand them to the checker. A code is permanent once
released: projects store it in severity overrides and exclusions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning", "info"]


@dataclass(frozen=True)
class Code:
    """A stable finding code with its family, title and default severity."""

    code: str
    family: Literal["cabling", "scale_up", "network"]
    title: str
    severity: Severity
    description: str


_CODES = (
    Code(
        "cabling.no_medium",
        "cabling",
        "No medium reaches",
        "error",
        "A bundle is longer than every medium that fits its lane rate, protocol and plane "
        "reaches (links-and-rules section 3).",
    ),
    Code(
        "cabling.no_tray",
        "cabling",
        "No tray reaches the rack",
        "error",
        "A rack with cables to route has no tray centre line within reach of its top, so its "
        "lengths cannot be computed from the floor.",
    ),
    Code(
        "cabling.hall_without_trays",
        "cabling",
        "Hall has links but no cable trays",
        "warning",
        "Racks in a hall with no tray at all have cables to route: their lengths, media and "
        "costs are unknown until trays are drawn (the schedule lists them as not routed).",
    ),
    Code(
        "cabling.trays_not_connected",
        "cabling",
        "Trays do not connect the racks",
        "error",
        "Both ends of a bundle reach a tray, but the trays do not join them (or a rack to its "
        "hall's cable entry), so no route along the trays exists.",
    ),
    Code(
        "cabling.no_cable_entry",
        "cabling",
        "Hall cable entry missing or unreached",
        "error",
        "Cables to other halls leave through the hall's cable entry; the hall has none, or no "
        "tray reaches it.",
    ),
    Code(
        "cabling.no_fibre_route",
        "cabling",
        "No fibre route between sites",
        "error",
        "A bundle joins two sites that no fibre route connects.",
    ),
    Code(
        "cabling.tray_fill",
        "cabling",
        "Tray fill over 40 %",
        "warning",
        "The cables' cross-section (OD squared x 0.785) fills more than 40 % of a tray "
        "(links B45, B46).",
    ),
    Code(
        "cabling.tray_overfull",
        "cabling",
        "Tray fill over 50 %",
        "error",
        "The cables' cross-section fills more than 50 % of a tray, the maximum for data "
        "trays (links B45).",
    ),
    Code(
        "scale_up.nvlink_leaves_rack",
        "scale_up",
        "NVLink leaves an NVL72",
        "error",
        "NVL72 NVLink is a copper spine inside one rack; NVIDIA sells no cable that takes it "
        "to another rack (links:S60).",
    ),
    Code(
        "scale_up.ub_beyond_reach",
        "scale_up",
        "CloudMatrix384 UB link beyond its optics",
        "error",
        "A UB link of a CloudMatrix384 is longer than its 400G SR8 optics reach; longer links "
        "need other modules (systems:S24).",
    ),
    Code(
        "scale_up.ub_unconnected",
        "scale_up",
        "CloudMatrix384 without UB switch racks",
        "error",
        "The compute racks of a CloudMatrix384 have UB ports but the system has no UB switch "
        "rack to connect them to.",
    ),
    Code(
        "network.ports_exceeded",
        "network",
        "More links than ports",
        "error",
        "More links end at a rack than its switches or port group have ports.",
    ),
    Code(
        "network.no_fabric_yet",
        "network",
        "No scale-out fabric yet",
        "warning",
        "Racks have scale-out ports and their site has no network rack yet, so no scale-out "
        "fabric is planned for them and their ports are not connected. A project whose "
        "fabric is designed elsewhere says so in its settings (fabric out of scope), and "
        "this is not reported.",
    ),
    Code(
        "network.no_switch",
        "network",
        "Scale-out ports without a matching switch",
        "warning",
        "Racks have scale-out ports and their site has network racks, but none whose switches "
        "take their port and lane rate. (A site without network racks has no fabric yet; the "
        "summary counts its ports as not connected.)",
    ),
    Code(
        "network.switch_shortage",
        "network",
        "Not enough switches",
        "error",
        "The leaf/spine fabric needs more switches than the site's network racks hold: "
        "racks are connected in the order their labels read as far as the switches go, the "
        "rest have no scale-out links.",
    ),
    Code(
        "network.fabric_too_large",
        "network",
        "Fabric beyond three tiers",
        "error",
        "The scale-out fabric needs more than leaf, spine and core tiers of this switch.",
    ),
    Code(
        "network.leaf_rack_unusable",
        "network",
        "Chosen leaf rack cannot hold the leaves",
        "warning",
        "A rack names a network rack for its leaves that is not in its site or holds no "
        "switch for its ports; the nearest suitable rack is used instead.",
    ),
    Code(
        "network.no_dci_route",
        "network",
        "Site without a fibre route",
        "warning",
        "A site with scale-out bandwidth has no fibre route to the project's other sites.",
    ),
)

#: Every code the planner may emit, by code.
CODES: dict[str, Code] = {c.code: c for c in _CODES}


@dataclass(frozen=True)
class LinkFinding:
    """One problem the planner found; ``ids`` names the items involved, the main one first."""

    code: str
    message: str
    ids: tuple[str, ...]
    measured: float | None = None
    limit: float | None = None
    unit: str = ""
    hall_id: str | None = None
    where: tuple[float, float] | None = None

    @property
    def severity(self) -> Severity:
        return CODES[self.code].severity

    def sort_key(self) -> tuple[str, tuple[str, ...], str]:
        return (self.code, self.ids, self.message)
