"""Where each bundle's two ends stand: their hall and their site, worked out once per report.

A drawing set asks it of every bundle end three times over (the links of each hall, the
links between halls, each site's part of the bill), tens of thousands of ends on a campus.
Almost every end is a rack, and the plan's index already holds each rack's facts, its hall
among them: the ends' halls are read from it at once, and only the few other ends (sites,
racks the index leaves out) are looked up one by one.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from operator import itemgetter

import numpy as np

from designer.core.network.network_plan import NetworkPlan

#: What stands for the facts of an end the index has none of (a site, a rack it leaves
#: out): a hall no rack is in, so the end is looked up by itself.
_NO_FACTS = (None,)
_HALL = itemgetter(0)


@dataclass(frozen=True)
class EndPlaces:
    """Each bundle's a and b end (aligned with ``plan.table()``): the index in ``halls`` (the
    project's hall ids, in order; -1: in no hall) of the hall it stands in, and the index in
    ``sites`` of its site: a rack's site, else the node itself (a site: the end of a link
    its DCI terminates)."""

    halls: tuple[str, ...]
    hall_a: np.ndarray
    hall_b: np.ndarray
    sites: tuple[str, ...]
    site_a: np.ndarray
    site_b: np.ndarray


def end_places(plan: NetworkPlan) -> EndPlaces:
    """The hall and site of every bundle end of ``plan``."""
    project, ends, facts = plan.project, plan.ends(), plan.index.facts
    halls = tuple(project.halls)
    hall_number = {hall: index for index, hall in enumerate(halls)}
    site_number: dict[str, int] = {}  # each site's index in the sites returned
    grouped: dict[str, int] = {}  # a hall of the index -> its position in it
    group_hall: list[int] = []
    group_site: list[int] = []
    for hall, racks in plan.index.hall_racks.items():
        grouped[hall] = len(group_hall)
        group_hall.append(hall_number.get(hall, -1))
        group_site.append(site_number.setdefault(facts[next(iter(racks))].site, len(site_number)))
    # each end's hall as the index's facts have it (in C), a hall of its own for the rest
    halls_of = map(_HALL, map(facts.get, ends.nodes, repeat(_NO_FACTS)))
    group = np.fromiter(map(grouped.get, halls_of, repeat(-1)), np.int64, len(ends.nodes))
    # a group of -1 takes the last entry: in no hall and no site, until looked up below
    node_hall = np.array([*group_hall, -1], dtype=np.int64)[group]
    node_site = np.array([*group_site, -1], dtype=np.int64)[group]
    placements = project.placements
    for i in np.flatnonzero(group < 0).tolist():
        node = ends.nodes[i]
        rack = placements.get(node)
        node_hall[i] = hall_number.get(rack.hall_id, -1) if rack is not None else -1
        node_site[i] = site_number.setdefault(node, len(site_number))
    return EndPlaces(
        halls,
        node_hall[ends.a],
        node_hall[ends.b],
        tuple(site_number),
        node_site[ends.a],
        node_site[ends.b],
    )
