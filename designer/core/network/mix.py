"""What a plan's links are made of and how long they run: the media mix and the lengths.

Media fall into families a cabling drawing tells apart by colour: copper (DAC, ACC, AEC),
active optical cables, multimode fibre, single-mode fibre, coherent DCI optics, and the
NVL72's NVLink copper spine inside its rack. ``media_mix`` counts the links of each medium,
``length_histogram`` the links per routed length band and family; both read the plan's
columns once (no Python loop per bundle), so they stay cheap on a campus.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from designer.core.network.media import Medium
from designer.core.network.network_plan import NetworkPlan
from designer.core.network.routing import IN_RACK, OK

#: Statuses of bundles with a length (along the floor, or inside one rack).
_ROUTED = (OK, IN_RACK)

#: Families in the order a legend lists them; "none" holds links no medium reaches.
FAMILIES = ("copper", "aoc", "multimode", "single-mode", "coherent", "nvlink", "none")
FAMILY_NAMES = {
    "copper": "Copper (DAC, ACC, AEC)",
    "aoc": "Active optical cable",
    "multimode": "Multimode fibre",
    "single-mode": "Single-mode fibre",
    "coherent": "Coherent DCI (ZR, ZR+, long haul)",
    "nvlink": "NVLink spine (in rack)",
    "none": "No medium reaches",
}
#: Edges of the routed-length bands of the histogram, in metres: the lengths where the
#: ladder's media give out (links-and-rules section 3) and round steps between them.
LENGTH_BANDS_M = (
    0.0,
    2.0,
    3.0,
    5.0,
    7.0,
    10.0,
    15.0,
    20.0,
    30.0,
    50.0,
    100.0,
    500.0,
    2_000.0,
    10_000.0,
    40_000.0,
    120_000.0,
    math.inf,
)


def family(medium: Medium | None) -> str:
    """The family of ``medium`` (``"none"`` for no medium)."""
    if medium is None:
        return "none"
    if medium.kind != "fibre":
        return medium.kind  # copper, coherent, nvlink
    if medium.integrated:
        return "aoc"
    return "multimode" if "multimode" in f"{medium.short} {medium.cable}".lower() else "single-mode"


@dataclass(frozen=True)
class MediumLinks:
    """The links of one medium in a plan (``position`` -1: no medium reaches them)."""

    position: int
    name: str
    short: str
    family: str
    bundles: int
    links: int


def media_mix(plan: NetworkPlan) -> list[MediumLinks]:
    """Links per medium, in ladder order, those no medium reaches last."""
    table, cols = plan.table(), plan.columns()
    media = plan.media.media
    slot = cols.medium.astype(np.int64) + 1  # 0: no medium
    links = np.bincount(slot, weights=table.count, minlength=len(media) + 1)
    bundles = np.bincount(slot, minlength=len(media) + 1)
    routed = np.isin(cols.status, _ROUTED)
    unreached = int(table.count[routed & (cols.medium < 0)].sum())
    found = [
        MediumLinks(i, m.name, m.short, family(m), int(bundles[i + 1]), int(links[i + 1]))
        for i, m in enumerate(media)
        if bundles[i + 1]
    ]
    if unreached:
        none = routed & (cols.medium < 0)
        found.append(
            MediumLinks(-1, FAMILY_NAMES["none"], "none", "none", int(none.sum()), unreached)
        )
    return found


@dataclass(frozen=True)
class LengthHistogram:
    """Links per routed-length band (``edges_m``, metres) for each family present.

    Links routed with no length (within one rack, as the NVLink spine: no cable to cut)
    and links without a route are left out: ``in_rack`` counts the former, ``unrouted``
    the latter, so a chart can say so.
    """

    edges_m: tuple[float, ...]
    links: dict[str, np.ndarray]
    unrouted: int
    in_rack: int = 0

    def label(self, band: int) -> str:
        """How a band reads: "2–3 m", "0.5–2 km", "> 120 km"."""
        low, high = self.edges_m[band], self.edges_m[band + 1]
        if math.isinf(high):
            return f"> {_length(low)}"
        if low == 0:
            return f"≤ {_length(high)}"
        if low >= 1_000 or high < 1_000:
            return f"{_length(low, unit=False)}–{_length(high)}"
        return f"{_length(low)}–{_length(high)}"


def length_histogram(
    plan: NetworkPlan, edges_m: tuple[float, ...] = LENGTH_BANDS_M
) -> LengthHistogram:
    """The links of ``plan`` by routed length band and family."""
    table, cols = plan.table(), plan.columns()
    media = plan.media.media
    families = np.array([family(m) for m in media] + ["none"])
    of = families[cols.medium.astype(np.int64)]  # -1 picks "none", the last
    # a length of 0 is the NVLink spine, which no one cuts or orders
    has_length = np.isin(cols.status, _ROUTED) & (np.nan_to_num(cols.routed_m) > 0)
    band = np.clip(np.searchsorted(edges_m, cols.routed_m, side="left") - 1, 0, len(edges_m) - 2)
    links: dict[str, np.ndarray] = {}
    for name in FAMILIES:
        rows = has_length & (of == name)
        if rows.any():
            links[name] = np.bincount(
                band[rows], weights=table.count[rows], minlength=len(edges_m) - 1
            ).astype(np.int64)
    routed = np.isin(cols.status, _ROUTED)
    unrouted = int(table.count[~routed].sum())
    in_rack = int(table.count[routed & ~has_length].sum())
    return LengthHistogram(tuple(edges_m), links, unrouted, in_rack)


def _length(metres: float, unit: bool = True) -> str:
    if metres >= 1_000:
        return f"{metres / 1_000:g}" + (" km" if unit else "")
    return f"{metres:g}" + (" m" if unit else "")
