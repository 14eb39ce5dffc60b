"""Cable lengths from the floor (links-and-rules 1.5).

A bundle between two racks of one hall runs: up from the port to the tray (``rise``), from
the rack's top to the nearest tray point (``lateral``), along the trays by the shortest
path, and the same at the far end, plus an in-rack allowance at each end. Between halls of
a site it runs to each hall's cable entry and across the site between the entries (hall
``site_origin`` + ``cable_entry``, the rectilinear distance, as corridors run). Between
sites it adds the fibre route's length as laid. Two ends in one rack need only the
allowances. Lengths are millimetres until the media step; slack and rounding come there.

Everything here works on whole columns of bundles; per rack, the anchor (where its cables
meet the trays) is computed once and reused until the rack or its hall's trays change.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import NamedTuple, cast

import numpy as np

from designer.core.geometry.footprint import footprints
from designer.core.model.base import Point
from designer.core.model.equipment import RackType
from designer.core.model.hall import CableTray, Hall
from designer.core.model.network_settings import NetworkSettings
from designer.core.model.placement import Placement
from designer.core.network.bundles import BundleTable, coded
from designer.core.network.media import PLANE_INDEX
from designer.core.network.traygraph import TrayGraph, build_graph

#: Why a bundle has (or has not) a length. ``NO_PATH``: both ends reach a tray, but the
#: trays do not connect them (to each other, or to the hall's cable entry).
OK, IN_RACK, NO_TRAY, NO_ENTRY, NO_FIBRE, UNKNOWN, NVLINK_LEAVES, NO_PATH = range(8)


class Anchor(NamedTuple):
    """Where a rack's cables meet the trays; ``edge`` is -1 when no tray reaches it.

    ``lateral`` is the plan distance from the rack's top centre to the tray, which its
    cables run; ``clear`` the distance from the nearest edge of its top, which decides
    whether the tray reaches it. Both are to the tray nearest the centre, or to the one
    nearest the top when only that one is within reach; and both are kept when no tray
    reaches, so a finding can say how far the nearest is.
    """

    hall: str
    edge: int
    along: float
    lateral: float
    rise: float
    allowance: float
    point: tuple[float, float]
    clear: float = 0.0


@dataclass(frozen=True, eq=False)
class HallFloor:
    """A hall's tray graph, its site, and where its cable entry meets the trays."""

    hall_id: str
    site_id: str
    index: int
    graph: TrayGraph
    entry: Anchor | None
    entry_on_site: tuple[float, float] | None


def _by_place(tray: CableTray) -> tuple[list[Point], int, int, str]:
    """A tray's place in the graph: by where it runs, then its id. By id alone, one hall
    drawn twice in the window (which gives random ids) broke the ties between routes of
    one length otherwise, and a trial's two alike designs found 19 and 20 single points of
    failure; alike halls now build the same graph, and share its searches."""
    return list(tray.path), tray.height_mm, tray.width_mm, tray.id


def hall_floor(
    hall: Hall,
    trays: Collection[CableTray],
    settings: NetworkSettings,
    index: int,
    graphs: dict[bytes, TrayGraph] | None = None,
) -> HallFloor:
    """The routing view of ``hall`` with its ``trays``; its tray graph shares its searches
    with the graph of the same geometry in ``graphs`` (``TrayGraph.sharing``)."""
    graph = build_graph(sorted(trays, key=_by_place))
    if graphs is not None:
        graph = graph.sharing(graphs)
    entry = None
    on_site = None
    if hall.cable_entry is not None:
        point = np.array([hall.cable_entry], dtype=float)
        found = graph.attach(point)
        edge = int(found.edge[0])
        lateral = float(found.lateral_mm[0])
        reached = edge >= 0 and lateral <= settings.tray_reach_mm
        entry = Anchor(
            hall.id,
            edge if reached else -1,
            float(found.along_mm[0]),
            lateral,
            0.0,
            0.0,
            (float(hall.cable_entry[0]), float(hall.cable_entry[1])),
            lateral,
        )
        on_site = (
            float(hall.site_origin[0] + hall.cable_entry[0]),
            float(hall.site_origin[1] + hall.cable_entry[1]),
        )
    return HallFloor(hall.id, hall.site_id, index, graph, entry, on_site)


#: What a rack's anchor depends on besides the trays and the settings: its ``x``, ``y``,
#: rotation, width, depth and height (a plain tuple: a campus makes one per rack per plan).
_Standing = tuple[int, int, int, int, int, int]
#: An anchor's fields after its hall, as a hall of the same trays shares them.
_Fields = tuple[int, float, float, float, float, tuple[float, float], float]


def rack_anchors(
    racks: list[tuple[Placement, RackType]], floor: HallFloor, settings: NetworkSettings
) -> dict[str, Anchor]:
    """Anchors of racks standing in ``floor``'s hall, computed together.

    A rack's anchor depends only on the tray graph's geometry, where the rack stands, its
    size and the settings, so it is kept in the graph's memo under exactly those and a rack
    standing the same way in a hall of the same trays (a campus repeats its halls) is looked
    up, not attached again.
    """
    shared = settings.tray_reach_mm, settings.port_height_share, settings.in_rack_allowance_mm
    keys = [
        ("anchor", (p.x, p.y, p.rotation, k.width_mm, k.depth_mm, k.height_mm), shared)
        for p, k in racks
    ]
    memo = floor.graph.memo
    missing = list(dict.fromkeys(key for key in keys if key not in memo))
    if missing:
        found = _attached([key[1] for key in missing], floor.graph, settings)
        memo.update(zip(missing, found, strict=True))
    hall = floor.hall_id
    return {
        placement.id: Anchor(hall, *cast(_Fields, memo[key]))
        for (placement, _), key in zip(racks, keys, strict=True)
    }


def _attached(racks: list[_Standing], graph: TrayGraph, settings: NetworkSettings) -> list[_Fields]:
    """The anchors' fields after the hall of racks standing so on ``graph``'s trays.

    Worked out as columns (a hall of a campus anchors thousands of racks): each rack's
    footprint as ``footprint`` lays it, its centre as ``Box.centre`` halves its edges."""
    x, y, turn, width, depth, height = (np.array(column) for column in zip(*racks, strict=True))
    boxes = footprints(x, y, width, depth, turn)
    points = np.stack([(boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2], axis=1)
    # how far the tray runs from the rack's top, from its nearest edge: cables leave the
    # top where the tray is (a tray just behind a deep rack is within reach)
    edges = boxes.astype(float)
    found, clear = graph.attach_near(points, edges, settings.tray_reach_mm)
    on_tray = found.edge >= 0
    reached = on_tray & (clear <= settings.tray_reach_mm)
    port = height * settings.port_height_share
    rise = np.zeros(len(racks))
    rise[on_tray] = np.abs(graph.edge_height[found.edge[on_tray]] - port[on_tray])
    return list(
        zip(
            np.where(reached, found.edge, -1).tolist(),
            found.along_mm.astype(float).tolist(),
            found.lateral_mm.astype(float).tolist(),
            rise.astype(float).tolist(),
            itertools.repeat(float(settings.in_rack_allowance_mm)),
            map(tuple, points.tolist()),
            clear.astype(float).tolist(),
            strict=False,  # the allowance repeats for every rack
        )
    )


@dataclass(frozen=True, eq=False)
class Routes:
    """Per bundle: status, length inside buildings, fibre-route length, and tray legs.

    ``legs[i, k]`` is ``(hall index, edge a, edge b, node a, node b)`` for the ``k``-th
    hall the bundle crosses (``hall index`` -1 when unused), and ``along[i, k]`` the
    positions on edges ``a`` and ``b`` where it joins and leaves the trays; see
    ``TrayGraph.between``. ``nodes`` are the distinct ends the bundles name and ``ends``
    each bundle's two ends as indexes among them, end a of every bundle, then end b (as
    ``bundles.coded`` gives them), which the media choice reads too.
    """

    status: np.ndarray
    building_mm: np.ndarray
    fibre_mm: np.ndarray
    legs: np.ndarray
    along: np.ndarray
    nodes: list[str]
    ends: np.ndarray


@dataclass(frozen=True)
class _Nodes:
    """Per distinct endpoint: where it is (hall and site indices, -1 for none) and its anchor."""

    known: np.ndarray
    hall: np.ndarray
    site: np.ndarray
    edge: np.ndarray
    along: np.ndarray
    lateral: np.ndarray
    rise: np.ndarray
    allowance: np.ndarray


def _nodes(
    nodes: list[str],
    anchors: Mapping[str, Anchor],
    floors: Mapping[str, HallFloor],
    sites: Collection[str],
    site_at: Mapping[str, int],
) -> _Nodes:
    n = len(nodes)
    columns = _Nodes(
        known=np.zeros(n, dtype=bool),
        hall=np.full(n, -1),
        site=np.full(n, -1),
        edge=np.full(n, -1),
        along=np.zeros(n),
        lateral=np.zeros(n),
        rise=np.zeros(n),
        allowance=np.zeros(n),
    )
    # gathered as lists and set a column at a time: a campus has 7,700 racks to place
    placed: list[int] = []
    found: list[Anchor] = []
    halls: list[int] = []
    on_sites: list[int] = []
    for i, node in enumerate(nodes):
        anchor = anchors.get(node)
        if anchor is not None and anchor.hall in floors:
            floor = floors[anchor.hall]
            placed.append(i)
            found.append(anchor)
            halls.append(floor.index)
            on_sites.append(site_at[floor.site_id])
        elif node in sites:
            columns.known[i] = True
            columns.site[i] = site_at[node]
    if placed:
        columns.known[placed] = True
        columns.hall[placed] = halls
        columns.site[placed] = on_sites
        fields = dict(zip(Anchor._fields, zip(*found, strict=True), strict=True))
        for name in ("edge", "along", "lateral", "rise", "allowance"):
            getattr(columns, name)[placed] = fields[name]
    return columns


@dataclass(frozen=True)
class _Entries:
    """Per hall index: whether its cable entry is usable, where it meets the trays, and
    where it is on the site plan."""

    ok: np.ndarray
    edge: np.ndarray
    along: np.ndarray
    lateral: np.ndarray
    x: np.ndarray
    y: np.ndarray


def _entries(by_index: Mapping[int, HallFloor]) -> _Entries:
    n = max(by_index, default=-1) + 1
    entries = _Entries(np.zeros(n, dtype=bool), np.full(n, -1), *(np.zeros(n) for _ in range(4)))
    for index, floor in by_index.items():
        if floor.entry is not None and floor.entry.edge >= 0 and floor.entry_on_site:
            entries.ok[index] = True
            entries.edge[index] = floor.entry.edge
            entries.along[index] = floor.entry.along
            entries.lateral[index] = floor.entry.lateral
            entries.x[index], entries.y[index] = floor.entry_on_site
    return entries


def route(
    table: BundleTable,
    anchors: Mapping[str, Anchor],
    floors: Mapping[str, HallFloor],
    sites: Collection[str],
    fibre_km: Mapping[frozenset[str], float],
    row_km: np.ndarray | None = None,
) -> Routes:
    """The lengths of every bundle of ``table`` (see the module docstring); a bundle
    between sites runs the ``fibre_km`` of its two sites, or its own ``row_km`` where that
    is a number (the route a DCI row is lit on)."""
    n = len(table)
    names, node_of = coded(table.a + table.b)
    ia, ib = node_of[:n], node_of[n:]
    site_names = sorted({f.site_id for f in floors.values()} | set(sites))
    nodes = _nodes(names, anchors, floors, sites, {s: i for i, s in enumerate(site_names)})
    hall, site, edge, along = nodes.hall, nodes.site, nodes.edge, nodes.along
    rise, lateral, allowance = nodes.rise, nodes.lateral, nodes.allowance
    by_index = {f.index: f for f in floors.values()}

    status = np.full(n, OK, dtype=np.int8)
    building = np.zeros(n)
    fibre = np.zeros(n)
    legs = np.full((n, 2, 5), -1, dtype=np.int32)
    leg_along = np.zeros((n, 2, 2))

    rack_a, rack_b = hall[ia] >= 0, hall[ib] >= 0
    same_rack = (ia == ib) & rack_a
    same_hall = rack_a & rack_b & (hall[ia] == hall[ib]) & ~same_rack
    same_site = site[ia] == site[ib]
    cross_hall = rack_a & rack_b & ~same_hall & ~same_rack & same_site
    cross_site = ~same_site
    reached = edge >= 0

    building[same_rack] = allowance[ia[same_rack]] * 2
    status[same_rack] = IN_RACK

    # Both ends in one hall: up, along the trays, down.
    rows = np.flatnonzero(same_hall & reached[ia] & reached[ib])
    a, b = ia[rows], ib[rows]
    dist, node_a, node_b = _along(by_index, hall[a], edge[a], along[a], edge[b], along[b])
    building[rows] = (
        rise[a] + lateral[a] + dist + lateral[b] + rise[b] + allowance[a] + allowance[b]
    )
    legs[rows, 0] = np.stack([hall[a], edge[a], edge[b], node_a, node_b], axis=1)
    leg_along[rows, 0] = np.stack([along[a], along[b]], axis=1)
    status[rows[~np.isfinite(dist)]] = NO_PATH
    status[same_hall & ~(reached[ia] & reached[ib])] = NO_TRAY

    # Ends that leave their hall run to its cable entry.
    entries = _entries(by_index)
    leaves = cross_hall | cross_site
    for slot, (ends, is_rack) in enumerate(((ia, rack_a), (ib, rack_b))):
        out = np.flatnonzero(leaves & is_rack)
        node = ends[out]
        h = hall[node]
        blocked_tray = ~reached[node]
        blocked_entry = ~entries.ok[h]
        status[out[blocked_tray]] = NO_TRAY
        no_entry = out[blocked_entry & ~blocked_tray]
        status[no_entry] = np.where(status[no_entry] == OK, NO_ENTRY, status[no_entry])
        good = ~blocked_tray & ~blocked_entry
        out, node, h = out[good], node[good], h[good]
        dist, u, v = _along(by_index, h, edge[node], along[node], entries.edge[h], entries.along[h])
        building[out] += rise[node] + lateral[node] + dist + entries.lateral[h] + allowance[node]
        cut = out[~np.isfinite(dist)]
        status[cut] = np.where(status[cut] == OK, NO_PATH, status[cut])
        legs[out, slot] = np.stack([h, edge[node], entries.edge[h], u, v], axis=1)
        leg_along[out, slot] = np.stack([along[node], entries.along[h]], axis=1)

    # Between the entries of two halls of a site, rectilinear on the site plan.
    both = np.flatnonzero(cross_hall)
    ha, hb = hall[ia[both]], hall[ib[both]]
    building[both] += np.abs(entries.x[ha] - entries.x[hb]) + np.abs(entries.y[ha] - entries.y[hb])

    # Between sites, the fibre route as laid.
    far = np.flatnonzero(cross_site & (site[ia] >= 0) & (site[ib] >= 0))
    km = np.array(
        [
            fibre_km.get(frozenset((site_names[site[ia[i]]], site_names[site[ib[i]]])), np.nan)
            for i in far
        ]
    )
    if row_km is not None and len(far):
        km = np.where(np.isnan(row_km[far]), km, row_km[far])
    fibre[far] = km * 1e6
    status[far[np.isnan(km)]] = NO_FIBRE

    status[~(nodes.known[ia] & nodes.known[ib])] = UNKNOWN
    nvlink = table.plane == PLANE_INDEX["nvlink"]
    status[nvlink & ~same_rack & nodes.known[ia] & nodes.known[ib]] = NVLINK_LEAVES
    building[nvlink & same_rack] = 0.0
    bad = (status != OK) & (status != IN_RACK)
    building[bad] = np.nan
    fibre[bad] = np.nan
    legs[bad] = -1
    return Routes(status, building, fibre, legs, leg_along, names, node_of)


def _along(
    floors: Mapping[int, HallFloor],
    hall: np.ndarray,
    edge_a: np.ndarray,
    along_a: np.ndarray,
    edge_b: np.ndarray,
    along_b: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``TrayGraph.between`` for points in several halls, hall by hall."""
    dist = np.zeros(len(hall))
    node_a = np.full(len(hall), -1)
    node_b = np.full(len(hall), -1)
    for index in np.unique(hall):
        rows = np.flatnonzero(hall == index)
        d, u, v = floors[int(index)].graph.between(
            edge_a[rows], along_a[rows], edge_b[rows], along_b[rows]
        )
        dist[rows], node_a[rows], node_b[rows] = d, u, v
    return dist, node_a, node_b
