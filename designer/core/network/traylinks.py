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

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from designer.core.network.distinct import distinct_rows
from designer.core.network.fill import leg_spans
from designer.core.network.planner import Plan
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


def tray_links(plan: Plan, hall_id: str, groups: Sequence[int] | None = None) -> TrayLinks:
    """The links along every piece of tray of ``hall_id`` in ``plan``, by medium.

    ``groups`` sums media together: one group number per medium of ``plan.media.media``, in
    order, then one for links no medium reaches.
    """
    floor = plan.floors.get(hall_id)
    if floor is None:
        return NO_LINKS
    count = len(plan.media.media)
    group_of = np.array(list(groups) if groups is not None else [*range(count), -1], dtype=np.int64)
    graph = floor.graph
    legs, along, group, links = [], [], [], []
    for key in plan.hall_units.get(hall_id, ()):
        decisions, table = plan.decisions[key], plan.units[key].table
        for slot in (0, 1):
            rows = decisions.legs[:, slot, 0] == floor.index
            legs.append(decisions.legs[rows, slot, 1:])
            along.append(decisions.along[rows, slot])
            group.append(group_of[decisions.medium[rows].astype(np.int64)])
            links.append(table.count[rows].astype(np.int64))
    if not legs or not sum(len(x) for x in legs):
        return NO_LINKS
    leg_group, leg_links = np.concatenate(group), np.concatenate(links)
    spans = leg_spans(graph, np.concatenate(legs), np.concatenate(along))
    edge = [spans.edge]
    start = [spans.start]
    end = [spans.end]
    of_group = [leg_group[spans.leg]]
    count = [leg_links[spans.leg]]
    if len(spans.crossing):
        # every edge between the node a leg leaves its first edge by and the node it
        # joins its last edge at carries it in full
        keys = np.stack([spans.node_a, spans.node_b, leg_group[spans.crossing]], axis=1)
        groups, inverse = distinct_rows(keys)
        totals = np.zeros(len(groups), dtype=np.int64)
        np.add.at(totals, inverse, leg_links[spans.crossing])
        paths = [graph.path_edges(u, v) for u, v in groups[:, :2].tolist()]
        steps = np.fromiter((len(path) for path in paths), dtype=np.int64, count=len(paths))
        path = np.fromiter(
            (e for path in paths for e in path), dtype=np.int64, count=int(steps.sum())
        )
        edge.append(path)
        start.append(np.zeros(len(path)))
        end.append(graph.edge_length[path])
        of_group.append(np.repeat(groups[:, 2], steps))
        count.append(np.repeat(totals, steps))
    return _pieces(
        graph,
        np.concatenate(edge),
        np.concatenate(start),
        np.concatenate(end),
        np.concatenate(of_group),
        np.concatenate(count),
    )


def _pieces(
    graph: TrayGraph,
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
    flat = edge < len(
        graph.plan_edges
    )  # vertical joins between tray heights are not drawn on a plan
    edge, start, end, group, links = (a[flat] for a in (edge, start, end, group, links))
    e = np.concatenate([edge, edge])
    m = np.concatenate([group, group])
    at = np.concatenate([start, end])
    delta = np.concatenate([links, -links])
    order = np.lexsort((at, m, e))
    e, m, at = e[order], m[order], at[order]
    running = np.cumsum(delta[order])
    piece = (e[:-1] == e[1:]) & (m[:-1] == m[1:]) & (at[1:] > at[:-1]) & (running[:-1] > 0)
    rows = np.flatnonzero(piece)
    if not len(rows):
        return NO_LINKS
    on, a, b = e[rows], at[rows], at[rows + 1]
    first, last = graph.nodes[graph.edge_u[on], :2], graph.nodes[graph.edge_v[on], :2]
    run = (last - first) / graph.edge_length[on, None]
    lines = np.concatenate([first + run * a[:, None], first + run * b[:, None]], axis=1)
    return TrayLinks(lines, on, m[rows], running[rows])
