"""The links along each piece of tray of a hall, by medium: what the links layer draws.

A cable lies on the trays from where it joins them to where it leaves (``fill.leg_spans``).
Each tray edge is cut wherever the links of one medium (or group of media, such as a
family) join or leave it; every piece then carries, per medium, the number of links that
run along all of it. So a row tray thins
rack by rack as its cables drop off, and a cross tray carries everything that turns onto it.
The lateral runs from a rack's top to the tray and the rises are not on the trays and are
left out; so are bundles inside one rack (the NVL72 spine) and bundles not routed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from designer.core.network.distinct import distinct_rows
from designer.core.network.fill import LegSpans, leg_spans
from designer.core.network.network_plan import NetworkPlan
from designer.core.network.routing import HallFloor
from designer.core.network.traygraph import TrayGraph


@dataclass(frozen=True)
class TrayLinks:
    """Pieces of tray centre line with the links along them, one row per piece and medium
    (or group of media).

    ``lines`` holds ``(x1, y1, x2, y2)`` in hall millimetres, ``edge`` the tray-graph edge
    the piece lies on, ``group`` the medium's position in ``plan.media.media`` (-1 where no
    medium reaches) or the group of media asked for, and ``links`` how many links of it run
    along the whole piece. Rows are sorted by edge, group and position along the edge.
    """

    lines: np.ndarray
    edge: np.ndarray
    group: np.ndarray
    links: np.ndarray

    def __len__(self) -> int:
        return len(self.edge)


NO_LINKS = TrayLinks(
    np.zeros((0, 4)),
    np.zeros(0, dtype=np.int64),
    np.zeros(0, dtype=np.int64),
    np.zeros(0, dtype=np.int64),
)


def tray_links(plan: NetworkPlan, hall_id: str, groups: Sequence[int] | None = None) -> TrayLinks:
    """The links along every piece of tray of ``hall_id`` in ``plan``, by medium.

    ``groups`` sums media together: one group number per medium of ``plan.media.media``, in
    order, then one for links no medium reaches.
    """
    return tray_links_of_halls(plan, [hall_id], groups).hall(0)


@dataclass(frozen=True)
class HallsTrayLinks:
    """``tray_links`` of several halls in one table, hall after hall.

    ``links`` holds every hall's pieces with the halls' tray graphs numbered as one: hall
    ``k``'s edges from ``edge_start[k]`` on, and its rows ``rows[k]`` to ``rows[k + 1]``.
    """

    hall_ids: tuple[str, ...]
    links: TrayLinks
    rows: np.ndarray
    edge_start: np.ndarray

    def hall(self, k: int) -> TrayLinks:
        """The pieces of the ``k``-th hall, its edges numbered as its own graph numbers them."""
        first, last = self.rows[k], self.rows[k + 1]
        if first == last:
            return NO_LINKS
        return TrayLinks(
            self.links.lines[first:last],
            self.links.edge[first:last] - self.edge_start[k],
            self.links.group[first:last],
            self.links.links[first:last],
        )


def tray_links_of_halls(
    plan: NetworkPlan, hall_ids: Iterable[str], groups: Sequence[int] | None = None
) -> HallsTrayLinks:
    """``tray_links`` of each of ``hall_ids`` (none in a hall the plan does not know).

    The halls are worked out together: the legs of all of them are sorted out of the plan's
    bundles in one pass, and their tray graphs numbered as one, so that cutting the trays
    into pieces and summing their links is one pass of array operations for a drawing set
    of 24 halls, not 24 (each going through the units of its hall one by one).
    """
    wanted = tuple(dict.fromkeys(hall_ids))
    floors = [plan.floors.get(h) for h in wanted]
    halls = _Halls.of([f.graph if f is not None else None for f in floors])
    legs = _Legs.of(plan, floors, groups)
    if not len(legs.hall):  # no hall asked for has links on its trays
        return HallsTrayLinks(
            wanted, NO_LINKS, np.zeros(len(wanted) + 1, dtype=np.intp), halls.edge_start
        )
    spans = _spans(halls, legs)
    # (edge, start, end, group, links) rows: where each leg joins and leaves the trays, then
    # every edge the legs that change edges run along in full
    ends = (spans.edge, spans.start, spans.end, legs.group[spans.leg], legs.links[spans.leg])
    through = _through(halls, legs, spans)
    pieces = _pieces(halls, *(np.concatenate(pair) for pair in zip(ends, through, strict=True)))
    # the pieces are sorted by edge, so each hall's follow the previous hall's
    rows = np.searchsorted(pieces.edge, halls.edge_start)
    return HallsTrayLinks(wanted, pieces, rows, halls.edge_start)


@dataclass(frozen=True)
class _Legs:
    """The legs of bundles on the trays of some halls, sorted by hall: ``hall`` the hall's
    place in the list asked for, ``legs`` (edge a, edge b, node a, node b) and ``along``
    as ``leg_spans`` takes them, the ``group`` of each leg's medium and its ``links``."""

    hall: np.ndarray
    legs: np.ndarray
    along: np.ndarray
    group: np.ndarray
    links: np.ndarray

    @classmethod
    def of(
        cls, plan: NetworkPlan, floors: Sequence[HallFloor | None], groups: Sequence[int] | None
    ) -> _Legs:
        """The legs in ``floors``, from the plan's bundles joined once per plan (a drawing
        set's tables and the canvas's panels read them too)."""
        known = [f for f in floors if f is not None]
        columns = plan.columns()
        if not known or not len(columns.legs):
            none = np.zeros(0, dtype=np.int64)
            return cls(none, np.zeros((0, 4), dtype=np.int32), np.zeros((0, 2)), none, none)
        # one row per leg: each bundle's two legs, one per slot, side by side
        legs = columns.legs.reshape(-1, 5)
        along = columns.along.reshape(-1, 2)
        medium = columns.medium.astype(np.int64)
        links = plan.table().count.astype(np.int64)
        count = len(plan.media.media)
        group_of = np.array(
            list(groups) if groups is not None else [*range(count), -1], dtype=np.int64
        )
        # each leg's hall by its place among ``floors``, -1 elsewhere; a leg not routed has
        # hall -1, which reads the last entry, beyond every hall's and left at -1
        index = legs[:, 0]
        place = np.full(max([int(index.max()), *(f.index for f in known)]) + 2, -1)
        place[[f.index for f in known]] = [k for k, f in enumerate(floors) if f is not None]
        hall = place[index]
        rows = np.flatnonzero(hall >= 0)
        rows = rows[np.argsort(hall[rows], kind="stable")]
        return cls(
            hall[rows],
            legs[rows, 1:],
            along[rows],
            group_of[medium[rows // 2]],
            links[rows // 2],
        )


@dataclass(frozen=True)
class _Halls:
    """The tray graphs of several halls numbered as one: hall ``k``'s edges are numbered
    from ``edge_start[k]`` on and its nodes from ``node_start[k]``, after those of the halls
    before it (none for a hall without a graph). ``flat`` marks the edges along the trays
    (not the vertical joins between tray heights), ``ends`` holds each edge's first and
    last node (x1, y1, x2, y2), ``length`` its length and ``first`` its first node as its
    hall's graph numbers it."""

    graphs: list[TrayGraph | None]
    edge_start: np.ndarray
    node_start: np.ndarray
    flat: np.ndarray
    ends: np.ndarray
    length: np.ndarray
    first: np.ndarray

    @classmethod
    def of(cls, graphs: list[TrayGraph | None]) -> _Halls:
        known = [g for g in graphs if g is not None]
        edges = [len(g.edge_length) if g is not None else 0 for g in graphs]
        nodes = [len(g.nodes) if g is not None else 0 for g in graphs]
        return cls(
            graphs,
            np.concatenate([[0], np.cumsum(edges, dtype=np.int64)]),
            np.concatenate([[0], np.cumsum(nodes, dtype=np.int64)]),
            np.concatenate(
                [np.zeros(0, dtype=bool)]
                + [np.arange(len(g.edge_length)) < len(g.plan_edges) for g in known]
            ),
            np.concatenate(
                [np.zeros((0, 4))]
                + [np.hstack([g.nodes[g.edge_u, :2], g.nodes[g.edge_v, :2]]) for g in known]
            ),
            np.concatenate([np.zeros(0)] + [g.edge_length for g in known]),
            np.concatenate([np.zeros(0, dtype=np.int64)] + [g.edge_u for g in known]),
        )


def _spans(halls: _Halls, legs: _Legs) -> LegSpans:
    """``leg_spans`` of every hall's legs in one table: edges numbered as ``halls`` numbers
    them and legs as ``legs`` lists them (the nodes stay each hall's own)."""
    numbered = legs.legs.astype(np.int64)
    numbered[:, :2] += halls.edge_start[legs.hall][:, None]
    return leg_spans(halls.first, halls.length, numbered, legs.along)


def _through(
    halls: _Halls, legs: _Legs, spans: LegSpans
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The edges the legs that change edges run along in full: every edge of the shortest
    path between the node a leg leaves its first edge by and the node it joins its last
    edge at. Returns (edge, start, end, group, links) columns, a row per edge along the
    trays and group of those legs with their links summed (legs join and leave the trays
    on edges along them, as ``TrayGraph.attach`` finds them)."""
    hall = legs.hall[spans.crossing]
    start = halls.node_start[hall]
    # the two nodes as one number: below the halls' nodes squared, far from overflowing
    # (each hall's graph already holds a table of its nodes squared)
    ends = (start + spans.node_a) * halls.node_start[-1] + (start + spans.node_b)
    pairs, inverse = distinct_rows(np.stack([ends, legs.group[spans.crossing]], axis=1))
    totals = np.zeros(len(pairs), dtype=np.int64)
    np.add.at(totals, inverse, legs.links[spans.crossing])
    # back to each pair's hall and its nodes there, from any of its legs (they share them)
    first = np.zeros(len(pairs), dtype=np.intp)
    first[inverse] = np.arange(len(inverse))
    which = zip(
        hall[first].tolist(),
        spans.node_a[first].tolist(),
        spans.node_b[first].tolist(),
        strict=True,
    )
    paths = [halls.graphs[k].path_edges(u, v) for k, u, v in which]
    steps = np.fromiter(map(len, paths), dtype=np.int64, count=len(paths))
    path = np.fromiter(chain.from_iterable(paths), dtype=np.int64, count=int(steps.sum()))
    path += np.repeat(halls.edge_start[hall[first]], steps)
    flat = halls.flat[path]  # vertical joins between tray heights are not drawn on a plan
    path = path[flat]
    return (
        path,
        np.zeros(len(path)),
        halls.length[path],
        np.repeat(pairs[:, 1], steps)[flat],
        np.repeat(totals, steps)[flat],
    )


def _pieces(
    halls: _Halls,
    edge: np.ndarray,
    start: np.ndarray,
    end: np.ndarray,
    group: np.ndarray,
    links: np.ndarray,
) -> TrayLinks:
    """Cut each edge at the ends of the spans of each group and sum the links between cuts.

    Each span adds its links where it starts and takes them away where it ends; sorted by
    edge, group and position, a running sum gives the links on each piece between two
    consecutive cuts (the spans of one edge and group sum to zero, so the sum starts afresh
    at each).
    """
    if not len(edge):
        return NO_LINKS
    # edge and group as one key (the order is that of both)
    low = group.min()
    span = group.max() - low + 1
    key = edge * span + (group - low)
    key = np.concatenate([key, key])
    at = np.concatenate([start, end])
    order = _by_key_and_place(key, at)
    key, at = key[order], at[order]
    running = np.cumsum(np.concatenate([links, -links])[order])
    piece = (key[:-1] == key[1:]) & (at[1:] > at[:-1]) & (running[:-1] > 0)
    rows = np.flatnonzero(piece)
    on, of_group = np.divmod(key[rows], span)
    a, b = at[rows], at[rows + 1]
    first, last = halls.ends[on, :2], halls.ends[on, 2:]
    run = (last - first) / halls.length[on, None]
    lines = np.concatenate([first + run * a[:, None], first + run * b[:, None]], axis=1)
    return TrayLinks(lines, on, of_group + low, running[rows])


def _by_key_and_place(key: np.ndarray, at: np.ndarray) -> np.ndarray:
    """The stable order of rows by ``key`` (integers from 0), then by ``at`` (positions
    along an edge, from 0): one sort of a number holding both where that number is exact
    (positions in whole or half millimetres, as a campus's are: three times faster than
    sorting by the two), else a sort by both."""
    scale = 2.0 ** math.ceil(math.log2(float(at.max()) + 1.0))  # a power of two above every place
    if float(at.min()) >= 0 and float(key.max()) * scale < 2.0**52:
        # key * scale is exact; the sum is exact where taking it away again leaves ``at``
        base = key * scale
        both = base + at
        if np.array_equal(both - base, at):
            return np.argsort(both, kind="stable")
    # edge and group in the narrowest integer type: numpy sorts 16-bit integers by radix
    return np.lexsort((at, key.astype(np.min_scalar_type(key.max()))))
