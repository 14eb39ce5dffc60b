"""Scale-up wiring from the system templates.

- NVL72: the NVLink copper spine stays inside the rack. It is emitted as one in-rack bundle
  per rack (18 NVLink 5 links per GPU, systems:S12) so the schedule shows it; NVIDIA sells
  no cable that takes NVLink to another rack (links:S60).
- CloudMatrix384: every compute rack's UB ports (4 nodes x 56 x 400G, systems:S24) spread
  evenly over the UB switch racks of its own system, optically.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.model.equipment import RackType
from designer.core.network.bundles import EMPTY, BundleTable, Row
from designer.core.network.media import PLANE_INDEX, PROTOCOL_INDEX

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


@dataclass(frozen=True)
class UbWiring:
    """A CloudMatrix384's UB bundles as a table, the links and Gb/s they end at each rack
    (``usage[rack]["ub"]``, as the planner keeps port use), and what is wrong."""

    table: BundleTable
    usage: dict[str, dict[str, tuple[int, int]]]
    findings: tuple[Finding, ...] = ()


def ub_wiring(group_id: str, members: Sequence[tuple[str, RackType]]) -> UbWiring:
    """The UB bundles of one system: each compute rack to each of its UB switch racks.

    A compute rack's UB ports are split as evenly as whole links allow; the racks are taken
    in id order so the split does not depend on how the members were listed. Made as
    columns, with the port use summed as they are dealt: a campus has 432 systems of 48
    bundles, and a row object per bundle, then a table and a numpy sum per system, were a
    tenth of its network plan.
    """
    ordered = sorted(members)
    compute = [(i, k) for i, k in ordered if k.category == "compute" and "ub" in k.ports]
    switches = [i for i, k in ordered if k.category == "network" and "ub" in k.ports]
    if compute and not switches:
        ids = (group_id, *(i for i, _ in compute))
        ports = sum(k.ports["ub"].count for _, k in compute)
        return UbWiring(
            EMPTY,
            {},
            (
                UB_UNCONNECTED.finding(
                    f"{len(compute)} compute racks of this system have {ports:,} UB ports and "
                    "no UB switch rack to connect them to.",
                    ids,
                    measured=float(ports),
                    limit=0.0,
                    unit="ports",
                ),
            ),
        )
    a: list[str] = []
    b: list[str] = []
    rate: list[int] = []
    lane: list[int] = []
    count: list[int] = []
    usage: dict[str, dict[str, tuple[int, int]]] = {}
    # the split of one rack's ports over the switches, by its port group (a system's compute
    # racks share one): the switches it reaches and the links to each
    splits: dict[tuple[int, int, int], tuple[list[str], list[int]]] = {}
    racks: Counter[tuple[int, int, int]] = Counter()
    for rack_id, kind in compute:
        ub = kind.ports["ub"]
        group = (ub.count, ub.rate_gbps, ub.lane_gbps)
        if group not in splits:
            base, extra = divmod(ub.count, len(switches))
            dealt = [(s, base + (1 if i < extra else 0)) for i, s in enumerate(switches)]
            splits[group] = ([s for s, n in dealt if n], [n for _, n in dealt if n])
        reached, links = splits[group]
        if not reached:
            continue
        racks[group] += 1
        a.extend([rack_id] * len(reached))
        b.extend(reached)
        rate.extend([ub.rate_gbps] * len(reached))
        lane.extend([ub.lane_gbps] * len(reached))
        count.extend(links)
        usage[rack_id] = {"ub": (ub.count, ub.count * ub.rate_gbps)}
    # what ends at each switch: each group's split times its racks
    at_switch = dict.fromkeys(switches, (0, 0))
    for group, n_racks in racks.items():
        reached, links = splits[group]
        for s, n in zip(reached, links, strict=True):
            had_links, had_gbps = at_switch[s]
            at_switch[s] = (had_links + n * n_racks, had_gbps + n * n_racks * group[1])
    usage.update((s, {"ub": used}) for s, used in at_switch.items() if used[0])
    return UbWiring(_ub_table(a, b, rate, lane, count), usage)


def _ub_table(
    a: list[str], b: list[str], rate: list[int], lane: list[int], count: list[int]
) -> BundleTable:
    """UB bundles from ``a`` to ``b`` as a table."""
    n = len(a)
    if not n:
        return EMPTY
    return BundleTable(
        a=tuple(a),
        b=tuple(b),
        plane=np.full(n, PLANE_INDEX["ub"], dtype=np.int8),
        rate=np.array(rate, dtype=np.int64),
        lane=np.array(lane, dtype=np.int64),
        count=np.array(count, dtype=np.int64),
        protocol=np.full(n, PROTOCOL_INDEX["ub"], dtype=np.int8),
        role=("ub",) * n,
        bundle_id=("",) * n,
    )
