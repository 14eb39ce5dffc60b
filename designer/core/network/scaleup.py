"""Scale-up wiring from the system templates.

- NVL72: the NVLink copper spine stays inside the rack. It is emitted as one in-rack bundle
  per rack (18 NVLink 5 links per GPU, systems:S12) so the schedule shows it; NVIDIA sells
  no cable that takes NVLink to another rack (links:S60).
- CloudMatrix384: every compute rack's UB ports (4 nodes x 56 x 400G, systems:S24) spread
  evenly over the UB switch racks of its own system, optically.
"""

from __future__ import annotations

from collections.abc import Sequence

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.model.equipment import RackType
from designer.core.network.bundles import Row

UB_UNCONNECTED = CodeInfo(
    "scale_up.ub_unconnected",
    "scale_up",
    "CloudMatrix384 without UB switch racks",
    Severity.ERROR,
    "The compute racks of a CloudMatrix384 have UB ports but the system has no UB switch "
    "rack to connect them to.",
)

#: The codes the scale-up wiring may emit.
CODES = (UB_UNCONNECTED,)

#: One NVLink 5 link carries 100 GB/s both ways, 400 Gb/s each way on two 200G lanes
#: (systems:S12, links 1.1 row 1: 224G PAM4).
NVLINK_RATE_GBPS = 400
NVLINK_LANE_GBPS = 200


def is_nvlink_rack(kind: RackType) -> bool:
    """True for racks whose NVLink domain is the rack itself (NVL72)."""
    return kind.scale_up is not None and kind.scale_up.fabric == "nvlink" and kind.scale_up.in_rack


def nvlink_rows(racks: Sequence[tuple[str, RackType]], links_per_gpu: int) -> list[Row]:
    """One in-rack NVLink bundle per NVL72 rack, in the order given."""
    return [
        Row(
            rack_id,
            rack_id,
            "nvlink",
            NVLINK_RATE_GBPS,
            NVLINK_LANE_GBPS,
            kind.accelerators * links_per_gpu,
            "nvlink",
            "nvlink",
        )
        for rack_id, kind in racks
        if kind.accelerators
    ]


def ub_rows(
    group_id: str, members: Sequence[tuple[str, RackType]]
) -> tuple[list[Row], list[Finding]]:
    """The UB bundles of one system: each compute rack to each of its UB switch racks.

    A compute rack's UB ports are split as evenly as whole links allow; the racks are taken
    in id order so the split does not depend on how the members were listed.
    """
    ordered = sorted(members)
    compute = [(i, k) for i, k in ordered if k.category == "compute" and "ub" in k.ports]
    switches = [i for i, k in ordered if k.category == "network" and "ub" in k.ports]
    if compute and not switches:
        ids = (group_id, *(i for i, _ in compute))
        ports = sum(k.ports["ub"].count for _, k in compute)
        return [], [
            UB_UNCONNECTED.finding(
                f"{len(compute)} compute racks of this system have {ports:,} UB ports and no "
                "UB switch rack to connect them to.",
                ids,
                measured=float(ports),
                limit=0.0,
                unit="ports",
            )
        ]
    rows = []
    for rack_id, kind in compute:
        ub = kind.ports["ub"]
        base, extra = divmod(ub.count, len(switches))
        for index, switch_id in enumerate(switches):
            count = base + (1 if index < extra else 0)
            if count:
                rows.append(
                    Row(
                        rack_id,
                        switch_id,
                        "ub",
                        ub.rate_gbps,
                        ub.lane_gbps,
                        count,
                        "ub",
                        "ub",
                    )
                )
    return rows, []
