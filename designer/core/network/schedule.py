"""The cable schedule: one line per bundle, with its route, medium and why.

A line names both ends as a person knows them (rack labels, site names), the plane and
rates, how many links, the routed length (to the millimetre) and the length ordered, the
medium and its module class, power per end, latency, price (low confidence) and the
reason the medium was chosen, or why the bundle could not be routed.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np

from designer.core.naming import fibre_route_name
from designer.core.network.bom import (
    Bom,
    bill_of_materials,
    cable_links,
    end_module,
)
from designer.core.network.cages import end_cages, shared_cage_gbps
from designer.core.network.distinct import distinct_rows
from designer.core.network.media import (
    PLANES,
    PROTOCOLS,
    cable_usd,
    latency_ns,
    power_w_per_end,
    reason,
)
from designer.core.network.network_plan import NetworkPlan, has_trays
from designer.core.network.places import EndPlaces, end_places
from designer.core.network.routing import (
    NO_ENTRY,
    NO_FIBRE,
    NO_PATH,
    NO_TRAY,
    NVLINK_LEAVES,
    UNKNOWN,
)

_NOT_ROUTED = {
    NO_ENTRY: "not routed: a hall on the way has no usable cable entry (see the findings)",
    NO_FIBRE: "not routed: no fibre route joins the two sites",
    NO_PATH: "not routed: the trays at its ends do not connect (see the findings)",
    UNKNOWN: "not routed: an end is missing or of an unknown type",
    NVLINK_LEAVES: "not allowed: NVLink never leaves an NVL72",
}


@dataclass(frozen=True)
class ScheduleLine:
    """One bundle of the schedule; lengths in metres, power in W, latency in ns, USD.

    ``from_hall`` and ``to_hall`` name the hall each end stands in (empty for a site's end of
    a DCI link): rack labels repeat from hall to hall on a campus built of alike halls.
    """

    from_name: str
    to_name: str
    from_hall: str
    to_hall: str
    from_id: str
    to_id: str
    plane: str
    role: str
    protocol: str
    rate_gbps: int
    lane_gbps: int
    count: int
    #: the cables its links take as the bill counts them (a twin-port cable carries two);
    #: None where none is ordered for them (no medium yet, DCI's fibre pairs are counted
    #: apart, an NVL72's spine is the rack's own)
    cables: int | None
    routed_m: float | None
    order_m: float | None
    medium: str
    module_class: str
    power_w_per_end: float | None
    latency_ns: float | None
    cost_usd: float | None
    reason: str
    bundle_id: str
    #: the fibre route a DCI bundle is lit on, by name (``North – South, path 2``) and id;
    #: empty for the others
    fibre_route: str = ""
    fibre_route_id: str = ""

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


#: Column names for CSV, in order (``from`` and ``to`` as a person reads them). The last
#: names the bundle a user drew by hand, empty for the bundles the planner generates.
COLUMNS = (
    "from",
    "to",
    "from_hall",
    "to_hall",
    "from_id",
    "to_id",
    "plane",
    "role",
    "protocol",
    "rate_gbps",
    "lane_gbps",
    "count",
    "cables",
    "routed_m",
    "order_m",
    "medium",
    "module_class",
    "power_w_per_end",
    "latency_ns",
    "cost_usd",
    "reason",
    "drawn_bundle_id",
    "fibre_route",
    "fibre_route_id",
)


def _number(value: float, digits: int) -> float | None:
    return None if math.isnan(value) else round(value, digits)


def cable_schedule(plan: NetworkPlan) -> list[ScheduleLine]:
    """Every bundle of ``plan`` as a schedule line, in schedule order."""
    table = plan.table()
    cols = plan.columns()
    media = plan.media
    overrides = plan.settings.media
    halls = {h.id: h.name for h in plan.project.halls.values()}
    hall_of = {r.id: halls.get(r.hall_id, "") for r in plan.project.placements.values()}
    ends = plan.ends()
    cage = end_cages(plan)
    # per bundle: the links one cable carries, and the cage rate its twin-port end fills
    per_cable, twin_gbps = cable_links(plan, cage, np.arange(len(table)))
    # the cage a bundle's links share, which named the ladder its medium was chosen on
    shared = shared_cage_gbps(cage, ends.a, ends.b, table.plane, table.rate, table.count)
    routes = plan.fibre_routes()
    route_names = {r: fibre_route_name(plan.project, r) for r in set(routes) if r}
    lines = []
    for i in range(len(table)):
        a, b = table.a[i], table.b[i]
        rate, lane = int(table.rate[i]), int(table.lane[i])
        count = int(table.count[i])
        status = int(cols.status[i])
        routed = float(cols.routed_m[i])
        order = float(cols.order_m[i])
        position = int(cols.medium[i])
        plane = int(table.plane[i])
        medium = media.media[position] if position >= 0 else None
        power = latency = cost = cables = None
        if medium is None:
            name, module_class = "", ""
            ladder = media.ladder(
                lane, rate, int(table.protocol[i]), plane, bool(cols.nvidia[i]), int(shared[i])
            )
            why = _no_tray(plan, a, b) if status == NO_TRAY else _NOT_ROUTED.get(status)
            why = why or reason(
                media, ladder, -1, float(cols.choice_m[i]), order, lane, rate, plane
            )
        else:
            name, module_class = medium.name, medium.module_class
            override = overrides.get(medium.id)
            latency = round(latency_ns(media, medium, routed), 1)
            cables = None if medium.kind in ("coherent", "nvlink") else count
            if medium.integrated:  # the cable's own ends, a twin-port one's shared
                per = int(per_cable[i])
                end_gbps = int(twin_gbps[i]) or rate
                cables = -(-count // per)
                # a link's end's share of its cables' ends: an odd bundle's last carries one
                per_end = power_w_per_end(medium, end_gbps, override) * cables / count
                modules = 0.0
            else:  # each end's module, or its share of a twin-port one at a switch
                (watts_a, usd_a), (watts_b, usd_b) = (
                    end_module(plan, medium, rate, int(cage[end[i], plane]))
                    for end in (ends.a, ends.b)
                )
                per_end, modules = (watts_a + watts_b) / 2, usd_a + usd_b
            power = round(per_end, 3)
            cost = round(
                count * modules + (cables or count) * cable_usd(medium, order, override), 2
            )
            if medium.kind == "nvlink":
                why = (
                    f"inside the rack: {count:,} NVLink links on the copper spine, fixed by the "
                    "product"
                )
            else:
                ladder = media.ladder(
                    lane, rate, int(table.protocol[i]), plane, bool(cols.nvidia[i]), int(shared[i])
                )
                why = reason(
                    media,
                    ladder,
                    int(cols.rung[i]),
                    float(cols.choice_m[i]),
                    order,
                    lane,
                    rate,
                    plane,
                    routed,
                    int(cols.chosen[i]),
                )
        lines.append(
            ScheduleLine(
                from_name=plan.name(a),
                to_name=plan.name(b),
                from_hall=hall_of.get(a, ""),
                to_hall=hall_of.get(b, ""),
                from_id=a,
                to_id=b,
                plane=PLANES[plane],
                role=table.role[i],
                protocol=PROTOCOLS[int(table.protocol[i])],
                rate_gbps=rate,
                lane_gbps=lane,
                count=count,
                cables=cables,
                routed_m=_number(routed, 3),
                order_m=_number(order, 3),
                medium=name,
                module_class=module_class,
                power_w_per_end=power,
                latency_ns=latency,
                cost_usd=cost,
                reason=why,
                bundle_id=table.bundle_id[i],
                fibre_route=route_names.get(routes[i], ""),
                fibre_route_id=routes[i],
            )
        )
    return lines


def _no_tray(plan: NetworkPlan, a: str, b: str) -> str:
    """Why a bundle has no route: the first end no tray reaches, and whether its hall has
    trays at all."""
    for end in (a, b):
        anchor = plan.anchors.get(end)
        if anchor is not None and anchor.edge < 0:
            if not has_trays(plan, anchor.hall):
                return f"not routed: {plan.project.halls[anchor.hall].name} has no cable trays yet"
            return f"not routed: no tray within reach of {plan.name(end)} (see the findings)"
    return "not routed"


def line_values(line: ScheduleLine) -> list[object]:
    """A line's values in ``COLUMNS`` order (empty where there is none)."""
    values = list(line.as_dict().values())
    return ["" if v is None else v for v in values]


@dataclass(frozen=True)
class ScheduleGroup:
    """The schedule's bundles of one plane and medium, summed: what a drawing set lists.

    ``medium`` is empty for bundles no medium was found for. Power and price count the
    modules as the bill of materials does; lengths are order lengths in metres.
    """

    plane: str
    medium: str
    module_class: str
    bundles: int
    links: int
    shortest_m: float | None
    longest_m: float | None
    cable_m: float
    power_w: float
    cost_usd: float


def schedule_groups(plan: NetworkPlan, bom: Bom | None = None) -> list[ScheduleGroup]:
    """The schedule summed per plane and medium, without writing each bundle's reason.

    The same links and lengths as summing ``cable_schedule``, at a fraction of its cost on a
    campus (tens of thousands of bundles). The optics' and cables' power and price are the
    bill of materials' (``Bom.optics_by_plane``): a twin-port module at a switch carries two
    links, so counting a module per link end put the schedule 14 % over the bill on a
    GB200 SU, and a twin-port cable carries two as well. ``bom``: the plan's whole bill,
    when the caller has it.
    """
    optics = (bom or bill_of_materials(plan)).optics_by_plane
    table = plan.table()
    cols = plan.columns()
    media = plan.media
    keys = np.stack(
        [table.plane.astype(np.int64), cols.medium.astype(np.int64), table.rate.astype(np.int64)],
        axis=1,
    )
    order = cols.order_m
    count = table.count.astype(np.float64)
    # metres of cable ordered: a twin-port cable's length once for its two links
    per, _ = cable_links(plan, end_cages(plan), np.arange(len(table)))
    cables = np.ceil(count / per)
    sums: dict[tuple[int, int], list[float]] = {}
    # the shortest and longest order length of each rate of a plane and medium
    lengths: dict[tuple[int, int], list[float]] = {}
    if len(table):
        unique, inverse = distinct_rows(keys)
        for index, (plane, position, _rate) in enumerate(unique.tolist()):
            rows = inverse == index
            n = count[rows]
            orders = order[rows]
            known = ~np.isnan(orders)
            ordered = orders[known]
            links = float(n.sum())
            metres = float((cables[rows][known] * ordered).sum())
            entry = sums.setdefault((plane, position), [0.0, 0.0, 0.0, 0.0, 0.0])
            entry[0] += int(rows.sum())
            entry[1] += links
            entry[2] += metres
            found = lengths.setdefault((plane, position), [])
            if len(ordered):
                found += (float(ordered.min()), float(ordered.max()))
    for key, (watts, usd) in optics.items():  # every plane and medium with modules
        entry = sums.setdefault(key, [0.0, 0.0, 0.0, 0.0, 0.0])
        entry[3] += watts
        entry[4] += usd
    groups = []
    for (plane, position), (bundles, links, metres, power, cost) in sorted(sums.items()):
        medium = media.media[position] if position >= 0 else None
        found = lengths[(plane, position)]
        groups.append(
            ScheduleGroup(
                plane=PLANES[plane],
                medium=medium.name if medium else "",
                module_class=medium.module_class if medium else "",
                bundles=int(bundles),
                links=int(links),
                shortest_m=min(found) if found else None,
                longest_m=max(found) if found else None,
                cable_m=metres,
                power_w=power,
                cost_usd=cost,
            )
        )
    return groups


def links_between_halls(
    plan: NetworkPlan, places: EndPlaces | None = None
) -> dict[tuple[str, str], int]:
    """How many links run between each two halls that have any (ids in project order):
    what the site map draws between the halls' cable entries. ``places``: the plan's
    ``end_places``, when the caller has them."""
    places = places or end_places(plan)
    halls, ends_a, ends_b = places.halls, places.hall_a, places.hall_b
    count = plan.table().count.astype(np.int64)
    apart = (ends_a >= 0) & (ends_b >= 0) & (ends_a != ends_b)
    first = np.minimum(ends_a, ends_b)[apart]
    second = np.maximum(ends_a, ends_b)[apart]
    found: dict[tuple[str, str], int] = {}
    for a, b, n in zip(first.tolist(), second.tolist(), count[apart].tolist(), strict=True):
        found[(halls[a], halls[b])] = found.get((halls[a], halls[b]), 0) + n
    return found


def links_by_hall(plan: NetworkPlan, places: EndPlaces | None = None) -> dict[str, dict[str, int]]:
    """For each hall, how many links of each medium have an end in it (``places``: as for
    ``links_between_halls``)."""
    table = plan.table()
    cols = plan.columns()
    places = places or end_places(plan)
    halls, ends_a, ends_b = places.halls, places.hall_a, places.hall_b
    media = plan.media.media
    counts = np.zeros((len(halls) + 1, len(media) + 1), dtype=np.int64)
    if len(table):
        position = cols.medium.astype(np.int64)
        n = table.count.astype(np.int64)
        planned = position >= 0
        np.add.at(counts, (ends_a[planned], position[planned]), n[planned])
        other = planned & (ends_b != ends_a)
        np.add.at(counts, (ends_b[other], position[other]), n[other])
    found: dict[str, dict[str, int]] = {}
    for h, hall in enumerate(halls):
        per = {media[m].name: int(counts[h, m]) for m in np.flatnonzero(counts[h, :-1])}
        if per:
            found[hall] = per
    return found
