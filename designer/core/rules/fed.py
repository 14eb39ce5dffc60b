"""What the per-rack power check reads of each feed, and the racks and feeds the power
checks cannot find anything about, found for the whole floor at once.

The per-rack check (``power._rack_run``) asks of every rack whether it has feeds, feeds of
both sides, feeds whose weaker side delivers its max power, and busways that run past it:
about 8 us of Python a rack, a tenth of checking a 7,722-rack campus, to find nothing on a
clean design. Here the same questions are asked of all racks together: the sides and the
weaker side's limit once per set of feeds (the racks of a row share theirs), the busways'
reach in numpy; the racks nothing can be found about are set aside and the per-rack check
passes over them, so the findings are the same. Where the answer in bulk is not enough (a
rack fed from one side, whatever asked for two) it only sends a rack on to the per-rack
check, it never passes over one that has a finding.

Each feed's load (every rack's max power shared by its feeds of that side) is summed in
the same pass; a feed well within its limit is set aside from the per-feed check, which
sums its racks again, in their order, only for the others.

After an edit the sets are empty: the racks and feeds an edit touches are checked one by
one again.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from designer.core.geometry.footprint import Box
from designer.core.model.hall import PowerFeed
from designer.core.network.bundles import coded
from designer.core.rules.context import Changes, Context, Derived
from designer.core.rules.layout import FLOOR
from designer.core.rules.loads import feed_limit
from designer.core.rules.pairs import box_array

#: The two power paths of a Tier III rack.
AB = {"A", "B"}

Run = tuple[int, int, float, float, float]
"""A straight stretch of a busway: its start (x, y), unit direction (ux, uy) and length."""


@dataclass(frozen=True)
class FeedFacts:
    """What the per-rack check reads of a feed, worked out once per feed, not once per
    rack it feeds (a campus's 1,044 busways feed 7,722 racks twice)."""

    limit_kw: float
    runs: tuple[Run, ...]


def _facts(feed: PowerFeed, share: float) -> FeedFacts:
    runs = []
    if feed.kind == "busway":
        for a, b in zip(feed.path, feed.path[1:], strict=False):
            if a != b:
                dx, dy = b[0] - a[0], b[1] - a[1]
                length = math.hypot(dx, dy)
                runs.append((a[0], a[1], dx / length, dy / length, length))
    return FeedFacts(feed_limit(feed, share), tuple(runs))


def _build_facts(ctx: Context) -> dict[str, FeedFacts]:
    share = ctx.limits.continuous_load_share
    return {feed.id: _facts(feed, share) for feed in ctx.project.feeds.values()}


def _update_facts(
    facts: dict[str, FeedFacts], ctx: Context, changes: Changes
) -> dict[str, FeedFacts]:
    share = ctx.limits.continuous_load_share
    for feed_id, _, feed in changes.of("feeds"):
        facts.pop(feed_id, None)
        if feed is not None:
            facts[feed_id] = _facts(feed, share)
    return facts


FEED_FACTS: Derived[dict[str, FeedFacts]] = Derived(
    "feed limits and runs", _build_facts, _update_facts
)
"""Feed id -> its continuous limit and its busway runs; updated for the feeds an edit
changed."""


def short_of(box: Box, run: Run) -> float:
    """How far ``run`` stops short of ``box``, measured along the run (0 when some of the
    box stands alongside it).

    A corner's distance along the run is an x part plus a y part, so the nearest and the
    farthest corners take the smaller and the larger of each part: the same sums, to the
    bit, as measuring all four corners."""
    ax, ay, ux, uy, length = run
    xs = ((box.x0 - ax) * ux, (box.x1 - ax) * ux)
    ys = ((box.y0 - ay) * uy, (box.y1 - ay) * uy)
    nearest, farthest = min(xs) + min(ys), max(xs) + max(ys)
    return max(0.0, nearest - length, -farthest)


@dataclass(frozen=True)
class _FeedSet:
    """What a rack's feeds give it, whatever the rack: ``both`` sides A and B, the limit
    of its weaker side (``weakest_kw``, as the per-rack check sums it), the hall of its
    busways (``busway_hall``: "" without any, None when they are in several) and those of
    them with runs to measure their reach along (``measured``)."""

    both: bool
    weakest_kw: float
    busway_hall: str | None
    measured: tuple[str, ...]
    #: each feed and the number of the rack's feeds on its side, which share the rack's load
    shares: tuple[tuple[str, int], ...]
    #: whether one of its busways has no length (a path of one point): the per-rack check
    #: says it feeds nothing
    unmeasured: bool = False

    @classmethod
    def of(
        cls, ids: tuple[str, ...], feeds: Mapping[str, PowerFeed], facts: Mapping[str, FeedFacts]
    ) -> _FeedSet:
        present = [feeds[f] for f in dict.fromkeys(ids) if f in feeds]
        sides: dict[str | None, list[float]] = {}
        for feed in present:
            sides.setdefault(feed.side, []).append(facts[feed.id].limit_kw)
        weakest = min((math.fsum(limits) for limits in sides.values()), default=0.0)
        busways = [f for f in present if f.kind == "busway"]
        halls = {f.hall_id for f in busways}
        hall = "" if not halls else halls.pop() if len(halls) == 1 else None
        measured = tuple(f.id for f in busways if facts[f.id].runs)
        shares = tuple((f.id, len(sides[f.side])) for f in present)
        unmeasured = len(measured) < len(busways)
        return cls(set(sides) >= AB, weakest, hall, measured, shares, unmeasured)


@dataclass(frozen=True)
class Fed:
    """The racks and the feeds the power checks would find nothing about."""

    racks: frozenset[str]
    feeds: frozenset[str]


#: How far under its limit a feed's load summed in bulk must be to set the feed aside: the
#: per-feed check sums the same shares in another order, which may differ in the last bits.
MARGIN = 1e-9


def _build(ctx: Context) -> Fed:
    project = ctx.project
    feeds, facts = project.feeds, ctx.get(FEED_FACTS)
    boxes = ctx.get(FLOOR).racks
    feed_sets: dict[tuple[str, ...], _FeedSet] = {}
    load = dict.fromkeys(feeds, 0.0)
    clear: list[str] = []
    # racks that pass but for the busways' reach, and each (rack, busway) pair to measure
    reaching: list[str] = []
    pair_rack: list[int] = []
    pair_feed: list[str] = []
    corners: list[Box] = []
    for rack_id, rack in project.placements.items():
        kind = ctx.rack_types.get(rack.type_id)
        if kind is None:
            clear.append(rack_id)
            continue
        ids = tuple(rack.feed_ids)
        fed = feed_sets.get(ids)
        if fed is None:
            fed = feed_sets[ids] = _FeedSet.of(ids, feeds, facts)
        for feed_id, sharing in fed.shares:
            load[feed_id] += kind.max_kw / sharing
        if kind.max_kw <= 0:
            clear.append(rack_id)
            continue
        if not fed.both or kind.max_kw > fed.weakest_kw:
            continue
        box = boxes.box(rack_id)
        if box is None or fed.busway_hall == "":
            clear.append(rack_id)
        elif fed.busway_hall == rack.hall_id:  # a busway in another hall runs past no rack here
            if fed.unmeasured:
                continue  # a busway of no length: the per-rack check says it feeds nothing
            if fed.measured:
                pair_rack += [len(reaching)] * len(fed.measured)
                pair_feed += fed.measured
                reaching.append(rack_id)
                corners.append(box)
            else:
                clear.append(rack_id)
    if reaching:
        out = _out_of_reach(box_array(corners, len(corners)), pair_rack, pair_feed, facts)
        clear += [r for r, far in zip(reaching, out.tolist(), strict=True) if not far]
    within = (f for f, kw in load.items() if kw <= facts[f].limit_kw * (1 - MARGIN))
    return Fed(frozenset(clear), frozenset(within))


def _out_of_reach(
    boxes: np.ndarray, pair_rack: list[int], pair_feed: list[str], facts: Mapping[str, FeedFacts]
) -> np.ndarray:
    """True for each rack of ``boxes`` that a busway of its pairs stops short of: every
    run of that busway ends before the rack (``short_of`` of each run, in numpy, then the
    nearest run per pair)."""
    names, feed = coded(pair_feed)
    runs = [facts[f].runs for f in names]
    counts = np.array([len(r) for r in runs], dtype=np.int64)
    first = np.cumsum(counts) - counts
    table = np.array([run for r in runs for run in r], dtype=np.float64).reshape(-1, 5)
    rack = np.array(pair_rack, dtype=np.int64)
    # each pair once per run of its busway, pair after pair
    n = counts[feed]
    start = np.cumsum(n) - n
    row_pair = np.repeat(np.arange(len(feed)), n)
    row_run = first[feed][row_pair] + np.arange(len(row_pair)) - start[row_pair]
    box = boxes[rack[row_pair]]
    ax, ay, ux, uy, length = table[row_run].T
    x0, x1 = (box[:, 0] - ax) * ux, (box[:, 2] - ax) * ux
    y0, y1 = (box[:, 1] - ay) * uy, (box[:, 3] - ay) * uy
    nearest = np.minimum(x0, x1) + np.minimum(y0, y1)
    farthest = np.maximum(x0, x1) + np.maximum(y0, y1)
    short = np.maximum(0.0, np.maximum(nearest - length, -farthest))
    pair_short = np.minimum.reduceat(short, start)
    far = np.zeros(len(boxes), dtype=bool)
    far[rack[pair_short > 0]] = True
    return far


def _update(previous: Fed, ctx: Context, changes: Changes) -> Fed:
    return Fed(frozenset(), frozenset())


FED: Derived[Fed] = Derived("racks and feeds clear of power findings", _build, _update)
"""Ids of racks and feeds the power checks would find nothing about; empty after an edit."""
