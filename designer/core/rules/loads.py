"""How loaded each feed, CDU, cooling group, hall and site is, at every rack's max power.

One definition for the checks that judge the loads, the designer's dashboard that draws them
and the report's power and cooling tables, so the three always agree:

- a feed carries, of every rack connected to it, the rack's max power divided among that
  rack's feeds on the same side: with A and B sides, each side must carry the rack alone
  when the other is down;
- a feed may carry its continuous share (80 % by default) of its rating, or what its
  switchboard supplies when that is less;
- a CDU carries the liquid heat of its racks, and must pump the coolant flow that heat
  needs (L/min per kW): its use is the larger of the two shares, since either runs out
  first; an N+1 cooling group must carry its racks' liquid heat with its largest CDU down;
- a hall's room air takes the air heat of its racks less what rear doors remove, against
  its CRAHs and in-row coolers; its power and heat against its capacities;
- a site supplies its racks' max power times its PUE, and rejects their heat.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from itertools import repeat
from operator import attrgetter
from typing import Literal, NamedTuple

from designer.core.format import number
from designer.core.model.equipment import RackType
from designer.core.model.hall import CoolingUnit, PowerFeed
from designer.core.model.placement import Placement
from designer.core.model.project import Project
from designer.core.model.rule_settings import Limits
from designer.core.rack_columns import AlikeKey, alike_racks, columns_of

#: "Nearly at the limit": a share of what a thing may carry (of its continuous limit, not
#: of its rating) above which the designer's bars and the report's tables mark a load.
NEAR_LIMIT = 0.8

LoadKind = Literal[
    "feed", "cdu", "cooling_group", "hall_air", "hall_power", "hall_heat", "site_power", "site_heat"
]


def feed_limit(feed: PowerFeed, share: float) -> float:
    """What ``feed`` may carry continuously, in kW."""
    return _limit(feed.rating_kw, feed.upstream_capacity_kw, share)


def _limit(rating_kw: float, upstream_kw: float | None, share: float) -> float:
    """``feed_limit`` of a feed rated ``rating_kw`` behind a switchboard of ``upstream_kw``
    (``loads`` has the rating already: it lists it too)."""
    limit = rating_kw * share
    if upstream_kw is not None:
        limit = min(limit, upstream_kw)
    return limit


def feed_share(
    rack: Placement, kind: RackType, feed: PowerFeed, feeds: Mapping[str, PowerFeed]
) -> float:
    """The part of ``rack``'s max power ``feed`` must carry when the other side is down."""
    same_side = {f for f in rack.feed_ids if f in feeds and feeds[f].side == feed.side}
    return kind.max_kw / len(same_side) if feed.id in same_side else 0.0


def room_air_kw(rack: Placement, kind: RackType) -> float:
    """Heat a rack puts into room air: its air share less what a rear door takes."""
    return _past_door(kind.air_kw, rack.rear_door_kw)


def _past_door(air_kw: float, rear_door_kw: float | None) -> float:
    """``room_air_kw`` from a rack's air heat and its rear door's capacity, if it has one:
    ``loads`` works it out once for all racks alike in both."""
    return max(0.0, air_kw - (rear_door_kw or 0.0))


#: What a feed's load names of it.
_FEED = attrgetter("id", "name", "hall_id", "side", "upstream_capacity_kw")


def _splits(feed_ids: tuple[str, ...], sides: Mapping[str, str | None]) -> list[tuple[str, int]]:
    """Each feed of a rack that exists (``sides``: every feed's side, by id), once, with how
    many of them share its side: the rack's max power divided by that is what ``feed_share``
    gives the feed."""
    connected = {f: sides[f] for f in feed_ids if f in sides}
    on = list(connected.values())
    return [(f, on.count(side)) for f, side in connected.items()]


@cache
def _feed_note(side: str | None) -> str:
    """What a feed's load assumes of the other side (the same few words for every feed)."""
    return f"side {side}, with side {'B' if side == 'A' else 'A'} down" if side else ""


def _flow_text(flow_lpm: float, delivered_lpm: float) -> str:
    """What a CDU's load says of its coolant flow, of a CDU that delivers ``delivered_lpm``."""
    share = number(flow_lpm / delivered_lpm * 100, 0)
    return f"flow {number(flow_lpm, 0)} of {number(delivered_lpm, 0)} L/min, {share} %"


#: ``_flow_text`` made once per pair of figures: a campus's hundreds of CDUs carry a few
#: alike loads. Not for a flow of zero: 0.0 and -0.0 are one key, but read "0" and "-0".
_flow_note = lru_cache(maxsize=1024)(_flow_text)


class Load(NamedTuple):
    """One thing that carries load: what it carries, what it may carry, its nameplate (kW);
    a CDU also the coolant flow its load needs and what it delivers (L/min; 0: not given).

    A named tuple: a campus has a thousand loads, made in a few milliseconds this way."""

    kind: LoadKind
    id: str
    name: str
    hall_id: str | None
    load_kw: float
    limit_kw: float
    rating_kw: float
    note: str = ""
    flow_lpm: float = 0.0
    flow_limit_lpm: float = 0.0

    @property
    def share(self) -> float:
        """How full it is: the load's share, or the flow's where that is larger (a CDU short
        of flow is as full as one short of capacity)."""
        return max(self.load_share, self.flow_share)

    @property
    def load_share(self) -> float:
        """Load over limit; infinite when something loads a zero limit."""
        if self.limit_kw <= 0:
            return math.inf if self.load_kw > 0 else 0.0
        return self.load_kw / self.limit_kw

    @property
    def flow_share(self) -> float:
        """Flow needed over flow delivered; 0 where no flow is given."""
        return self.flow_lpm / self.flow_limit_lpm if self.flow_limit_lpm > 0 else 0.0


def loads(
    project: Project,
    rack_types: Mapping[str, RackType],
    limits: Limits,
    hall_id: str | None = None,
    alike: Counter[AlikeKey] | None = None,
) -> list[Load]:
    """Every feed, CDU, N+1 cooling group, hall and site with its load, in that order.

    With ``hall_id``, only that hall's feeds, CDUs, groups and hall loads (no site's: a site
    sums every hall), each as in the whole list; the designer redraws one hall's bars after
    every edit and need not weigh the other halls' racks. ``alike``: the project's
    ``alike_racks`` when the caller has counted them (the whole project only).
    """
    feeds = project.feeds
    ours: set[str] = set()
    racks: Iterable[Placement] = project.placements.values()
    if hall_id is not None:
        ours = {f.id for f in feeds.values() if f.hall_id == hall_id}
        groups = {g.id for g in project.cooling_groups.values() if g.hall_id == hall_id}
        ours |= {
            u.id
            for u in project.cooling_units.values()
            if u.hall_id == hall_id or u.group_id in groups
        }
        # the racks standing in the hall or leaning on its feeds or CDUs
        racks = [
            r
            for r in racks
            if r.hall_id == hall_id or r.cdu_id in ours or not ours.isdisjoint(r.feed_ids)
        ]
    if alike is None or hall_id is not None:
        alike = alike_racks(columns_of(racks))
    # each type's max power, liquid and air heat, looked up once
    figures = {
        type_id: (kind.max_kw, kind.liquid_kw, kind.air_kw)
        for type_id in {key[0] for key in alike}
        if (kind := rack_types.get(type_id)) is not None
    }
    feed_kw: dict[str, list[float]] = defaultdict(list)
    cdu_kw: dict[str, list[float]] = defaultdict(list)
    # each hall's racks' max power and room air heat
    hall_kw: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    # racks share a handful of feed pairs: each pair's split is worked out once
    splits: dict[tuple[str, ...], list[tuple[str, int]]] = {}
    sides = {feed.id: feed.side for feed in feeds.values()}
    for (type_id, rack_hall, cdu_id, door_kw, feed_ids), count in alike.items():
        figure = figures.get(type_id)
        if figure is None:
            continue
        # each figure as many times as racks give it: ``math.fsum`` rounds the exact sum
        # once, in any order, so the totals are those of adding the racks one by one
        max_kw, liquid_kw, air_kw = figure
        hall_it, hall_air = hall_kw[rack_hall]
        hall_it += [max_kw] * count
        hall_air += [_past_door(air_kw, door_kw)] * count
        if cdu_id:
            cdu_kw[cdu_id].extend([liquid_kw] * count)
        shares = splits.get(feed_ids)
        if shares is None:
            shares = splits[feed_ids] = _splits(feed_ids, sides)
        for feed_id, ways in shares:
            feed_kw[feed_id].extend([max_kw / ways] * count)
    # the feeds' loads made a column at a time (a campus has hundreds of feeds)
    listed = [f for f in feeds.values() if hall_id is None or f.hall_id == hall_id]
    ids, names, feed_halls, feed_sides, upstream = (
        list(zip(*map(_FEED, listed), strict=True)) or [()] * 5
    )
    ratings = [f.rating_kw for f in listed]
    found = list(
        map(
            Load,
            repeat("feed"),
            ids,
            names,
            feed_halls,
            map(math.fsum, map(feed_kw.get, ids, repeat(()))),
            map(_limit, ratings, upstream, repeat(limits.continuous_load_share)),
            ratings,
            map(_feed_note, feed_sides),
        )
    )
    cdus = [
        u
        for u in project.cooling_units.values()
        if u.kind == "cdu" and (hall_id is None or u.id in ours)
    ]
    heat = {u.id: math.fsum(cdu_kw.get(u.id, ())) for u in cdus}
    per_kw = limits.cdu_flow_lpm_per_kw or 0.0
    for u in cdus:
        if hall_id is not None and u.hall_id != hall_id:
            continue
        flow = heat[u.id] * per_kw
        found.append(
            Load(
                "cdu",
                u.id,
                u.name,
                u.hall_id,
                heat[u.id],
                u.liquid_capacity_kw,
                u.liquid_capacity_kw,
                (_flow_note if flow else _flow_text)(flow, u.flow_lpm) if u.flow_lpm else "",
                flow,
                u.flow_lpm,
            )
        )
    by_group: dict[str | None, list[CoolingUnit]] = defaultdict(list)
    for unit in cdus:
        by_group[unit.group_id].append(unit)
    for group in project.cooling_groups.values():
        members = by_group[group.id] if hall_id is None or group.hall_id == hall_id else []
        if not members:
            continue
        total = math.fsum(u.liquid_capacity_kw for u in members)
        largest = max(u.liquid_capacity_kw for u in members) if group.redundancy == "N+1" else 0.0
        load = math.fsum(heat[u.id] for u in members)
        note = "N+1: with its largest CDU down" if group.redundancy == "N+1" else "N"
        found.append(
            Load(
                "cooling_group",
                group.id,
                group.name,
                group.hall_id,
                load,
                total - largest,
                total,
                note,
            )
        )
    air_capacity: dict[str, float] = defaultdict(float)
    for unit in project.cooling_units.values():
        air_capacity[unit.hall_id] += unit.air_capacity_kw
    site_it: dict[str, list[float]] = defaultdict(list)
    halls = project.halls.values() if hall_id is None else [project.halls[hall_id]]
    for hall in halls:
        racks_it, racks_air = hall_kw.get(hall.id, ([], []))
        it = math.fsum(racks_it)
        site_it[hall.site_id].append(it)
        found += [
            Load(
                "hall_power",
                hall.id,
                hall.name,
                hall.id,
                it,
                hall.power_capacity_kw,
                hall.power_capacity_kw,
            ),
            Load(
                "hall_heat",
                hall.id,
                hall.name,
                hall.id,
                it,
                hall.cooling_capacity_kw,
                hall.cooling_capacity_kw,
            ),
            Load(
                "hall_air",
                hall.id,
                hall.name,
                hall.id,
                math.fsum(racks_air),
                air_capacity[hall.id],
                air_capacity[hall.id],
                "less what rear doors remove",
            ),
        ]
    for site in project.sites.values() if hall_id is None else []:
        it = math.fsum(site_it[site.id])
        found += [
            Load(
                "site_power",
                site.id,
                site.name,
                None,
                it * site.pue,
                site.power_capacity_kw,
                site.power_capacity_kw,
                f"IT x PUE {site.pue:g}",
            ),
            Load(
                "site_heat",
                site.id,
                site.name,
                None,
                it,
                site.cooling_capacity_kw,
                site.cooling_capacity_kw,
            ),
        ]
    return found
