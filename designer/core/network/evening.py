"""Media evened out at a network rack, so that no twin-port module there carries one link.

A switch's 800G cage takes one twin-port module for two 400G links of one medium; the
fabric counts ports, two to a cage, and gives a full rack links of two media where the
racks it joins stand at different distances (multimode to the near ones, single-mode to
the far). Where both media's links at a rack are odd in count, each medium's last module
carries one link, and the rack needs a cage more than it has: 385 of 384 at 120 QM9700
racks of the generated GB200 campus. An installer moves one link to the dearer medium,
which reaches further; so does the planner, a bundle at a time: a bundle of odd count
moved from the cheaper medium to the dearer evens both at its rack, and at its other end
changes two counts the same way. So a rack odd in two media is evened along the shortest
chain of such bundles to a NIC (whose cage is its own) or to a rack odd in either medium
(where one count stays odd, as one was): each rack between keeps its counts.

A module's links share one switch, so a rack holding switches of two tiers (leaves and
spines) is evened tier by tier, as the check counts its cages (``cages.cages_filled``) and
the NetBox export gives out its ports: evened per rack, 11 racks of a generated campus
still had a leaf tier odd in two media, and 21 links found no port.

The moves are worked out per unit from its bundles' first choices (``chosen``), so a unit
decided again in part gets what it gets decided whole.
"""

from __future__ import annotations

import numpy as np

from designer.core.network.bundles import BundleTable
from designer.core.network.cages import (
    TIER_CODES,
    end_tiers,
    module_cage_gbps,
    shared_cage_gbps,
    tier_end,
)
from designer.core.network.media import EPS_M, MediaCatalog, sold_length
from designer.core.network.network_plan import NetworkPlan


def even_out(
    plan: NetworkPlan,
    table: BundleTable,
    chosen: np.ndarray,
    choice_m: np.ndarray,
    nvidia: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The medium, rung and order length of each bundle of ``table`` (a unit's), from the
    first ``chosen`` media, evened out at each network rack; the rungs and lengths of the
    bundles moved, and NaN, -1 where nothing moved (the caller keeps its own there)."""
    media = plan.media
    n = len(table)
    medium = chosen.astype(np.int16).copy()
    rung = np.full(n, -1, dtype=np.int16)
    order = np.full(n, np.nan)
    names, ends = table.ends
    cage = module_cage_gbps(plan, names)
    plane = table.plane.astype(np.int64)
    rate = table.rate.astype(np.int64)
    at_a, at_b = cage[ends[:n], plane] > rate, cage[ends[n:], plane] > rate
    integrated = np.array([m.integrated for m in media.media] + [True])
    pooled = (chosen >= 0) & ~integrated[chosen.astype(np.int64)]
    if not (pooled & (at_a | at_b)).any():
        return medium, rung, order
    # an end is a rack's switches of one tier (a module's links share one switch)
    tier_a, tier_b = end_tiers(table)
    side_a, side_b = tier_end(ends[:n], tier_a), tier_end(ends[n:], tier_b)
    # links per (end, medium) at the ends whose cages they share, both ends of a bundle
    width = len(media.media)
    keys, counts = [], []
    for side, shared in ((side_a, at_a), (side_b, at_b)):
        rows = np.flatnonzero(pooled & shared)
        keys.append(side[rows] * width + chosen[rows].astype(np.int64))
        counts.append(table.count[rows])
    found, which = np.unique(np.concatenate(keys), return_inverse=True)
    links = np.bincount(which.reshape(-1), weights=np.concatenate(counts)).astype(np.int64)
    odd: dict[int, set[int]] = {}
    for key in found[links % 2 == 1].tolist():
        odd.setdefault(key // width, set()).add(key % width)
    movable = pooled & (table.count % 2 == 1) & (side_a != side_b)
    # the NICs: a chain of moves may end at one, whose cage is its own
    shared_at = np.zeros(len(names) * TIER_CODES, dtype=bool)
    shared_at[side_a[at_a]] = shared_at[side_b[at_b]] = True
    sinks = set(np.flatnonzero(~shared_at).tolist())
    decided = (choice_m, nvidia, cage, ends)

    reach: dict[tuple[int, int], tuple[int, float] | None] = {}

    def reaches(row: int, dearer: int) -> tuple[int, float] | None:
        if (row, dearer) not in reach:
            reach[(row, dearer)] = _on(media, table, decided, dearer, row)
        return reach[(row, dearer)]

    # along bundles from a rack odd in two media to the nearest NIC, or rack odd in either:
    # each rack between keeps its counts (one link in, one out)
    for node in sorted(odd, key=lambda end: (names[end // TIER_CODES], end % TIER_CODES)):
        while len(odd.get(node, ())) >= 2:
            cheaper, dearer = sorted(odd[node])[:2]
            usable = [
                row
                for row in np.flatnonzero(
                    movable & (medium == cheaper) & (rung < 0) & (at_a | at_b)
                ).tolist()
                if reaches(row, dearer) is not None
            ]
            path = _path(node, (cheaper, dearer), odd, sinks, usable, (side_a, side_b))
            if not path:
                break
            for row in path:
                step, length = reach[(row, dearer)] or (-1, np.nan)
                medium[row], rung[row], order[row] = dearer, step, length
            for rack in (node, _far_end(path, node, (side_a, side_b))):
                odd.setdefault(rack, set()).symmetric_difference_update({cheaper, dearer})
    return medium, rung, order


def _on(
    media: MediaCatalog,
    table: BundleTable,
    decided: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
    dearer: int,
    row: int,
) -> tuple[int, float] | None:
    """The rung of bundle ``row``'s ladder on medium ``dearer`` that reaches it, and its sold
    length there; None if ``dearer`` does not reach it. ``decided``: each bundle's length to
    reach, NVIDIA filter, and the cages and ends of the unit's nodes."""
    choice_m, nvidia, cage, ends = decided
    n = len(table)
    [shared] = shared_cage_gbps(
        cage,
        ends[row : row + 1],
        ends[n + row : n + row + 1],
        table.plane[row : row + 1],
        table.rate[row : row + 1],
        table.count[row : row + 1],
    ).tolist()
    ladder = media.ladder(
        int(table.lane[row]),
        int(table.rate[row]),
        int(table.protocol[row]),
        int(table.plane[row]),
        bool(nvidia[row]),
        int(shared),
    )
    length = float(choice_m[row])
    for step, on in enumerate(ladder.rungs):
        if on.medium == dearer and on.offer.reach_m >= length - EPS_M:
            return step, float(sold_length(media.media[dearer], on, np.array([length]))[0])
    return None


def _path(
    start: int,
    media: tuple[int, int],
    odd: dict[int, set[int]],
    sinks: set[int],
    usable: list[int],
    sides: tuple[np.ndarray, np.ndarray],
) -> list[int]:
    """The bundles (of the rows ``usable``) of the shortest chain from rack ``start`` to a
    NIC of ``sinks`` or another rack odd in either of ``media``, breadth first in the
    unit's order; empty where none is joined to it. At that rack a link moving from one
    medium to the other fills no more cages than before: one of the two counts was odd,
    and one stays odd."""
    side_a, side_b = sides
    next_to: dict[int, list[tuple[int, int]]] = {}
    for row in usable:
        a, b = int(side_a[row]), int(side_b[row])
        next_to.setdefault(a, []).append((row, b))
        next_to.setdefault(b, []).append((row, a))
    came: dict[int, tuple[int, int]] = {start: (-1, -1)}
    queue = [start]
    for rack in queue:
        if rack != start and (rack in sinks or odd.get(rack, set()) & set(media)):
            path = []
            while rack != start:
                row, rack = came[rack]
                path.append(row)
            return path[::-1]
        for row, other in next_to.get(rack, ()):
            if other not in came:
                came[other] = (row, rack)
                queue.append(other)
    return []


def _far_end(path: list[int], start: int, sides: tuple[np.ndarray, np.ndarray]) -> int:
    """The rack a chain of bundles from ``start`` ends at."""
    side_a, side_b = sides
    rack = start
    for row in path:
        rack = int(side_b[row] if side_a[row] == rack else side_a[row])
    return rack
