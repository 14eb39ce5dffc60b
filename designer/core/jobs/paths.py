"""Which fibre routes traffic between two sites takes: the routes joining them, or, where
none does, the shortest path of routes through other sites, whose DCI equipment relays it
(a metro ring A - B - C - D - A sends A's traffic for C through B or D).

Two sites joined directly keep their routes even when a path through others is shorter:
the architect laid them for that traffic, and the DCI plan sizes them for it. Where
several routes join two adjacent sites, traffic splits evenly over them, as the DCI planner
splits a site's share; a hop is then as long as its longest route (the exchange ends when
that one has delivered). Paths are the shortest in fibre (latency), then the fewest hops,
then the lowest route ids in order, worked out once per source site over a graph of a
handful of sites; the path from B to A is the path from A to B reversed, so that both ways
load the same routes.

The job estimates route their DCI traffic here (``designer.core.jobs.estimate``), and the
what-if of a cut route re-routes over the routes left the same way
(``designer.core.resilience.impact``).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from dataclasses import dataclass

#: A fibre route as the routing reads it: its id, its two sites and its length in km.
RouteEnds = tuple[str, str, str, float]


@dataclass(frozen=True)
class Hop:
    """Two adjacent sites of a path, in the path's direction, and the routes joining them
    (sorted by id) with their lengths; the traffic splits evenly over the routes."""

    start: str
    end: str
    routes: tuple[str, ...]
    km: tuple[float, ...]

    def reversed(self) -> Hop:
        return Hop(self.end, self.start, self.routes, self.km)


@dataclass(frozen=True)
class FibrePath:
    """The hops from one site to another, in order."""

    hops: tuple[Hop, ...]

    @property
    def sites(self) -> tuple[str, ...]:
        return (self.hops[0].start, *(hop.end for hop in self.hops))

    @property
    def via(self) -> tuple[str, ...]:
        """The sites between the two ends, whose DCI relays the traffic."""
        return self.sites[1:-1]

    @property
    def route_ids(self) -> tuple[str, ...]:
        return tuple(route for hop in self.hops for route in hop.routes)

    @property
    def km(self) -> tuple[float, float]:
        """The fibre from end to end over the shortest and over the longest route of each
        hop (equal unless parallel routes differ in length)."""
        return (
            math.fsum(min(hop.km) for hop in self.hops),
            math.fsum(max(hop.km) for hop in self.hops),
        )

    def reversed(self) -> FibrePath:
        return FibrePath(tuple(hop.reversed() for hop in reversed(self.hops)))


class FibreRouting:
    """The paths between the sites that ``routes`` join, each worked out on first use."""

    def __init__(self, routes: Iterable[RouteEnds]) -> None:
        joined: dict[frozenset[str], list[tuple[str, float]]] = {}
        for route_id, site_a, site_b, km in routes:
            joined.setdefault(frozenset((site_a, site_b)), []).append((route_id, km))
        #: per site, the hops to each adjacent site
        self.hops: dict[str, list[Hop]] = {}
        for pair, found in sorted(joined.items(), key=lambda item: sorted(item[0])):
            one, other = sorted(pair)
            found.sort()
            hop = Hop(one, other, tuple(r for r, _ in found), tuple(km for _, km in found))
            self.hops.setdefault(one, []).append(hop)
            self.hops.setdefault(other, []).append(hop.reversed())
        self._from: dict[str, dict[str, FibrePath]] = {}

    def between(self, a: str, b: str) -> FibrePath | None:
        """The path from site ``a`` to site ``b`` (``None`` when no path joins them or
        they are one site)."""
        if a == b:
            return None
        first, second = sorted((a, b))
        if first not in self._from:
            self._from[first] = self._shortest(first)
        path = self._from[first].get(second)
        if path is None or first == a:
            return path
        return path.reversed()

    def _shortest(self, source: str) -> dict[str, FibrePath]:
        """Dijkstra from ``source``: a direct hop where there is one, else the shortest
        path by (km rounded to the metre, hops, route ids in order)."""
        done: set[str] = set()
        paths: dict[str, FibrePath] = {}
        queue: list[tuple[float, int, tuple[str, ...], str, tuple[Hop, ...]]] = [
            (0.0, 0, (), source, ())
        ]
        while queue:
            km, count, ids, site, hops = heapq.heappop(queue)
            if site in done:
                continue
            done.add(site)
            if hops:
                paths[site] = FibrePath(hops)
            for hop in self.hops.get(site, ()):
                if hop.end not in done:
                    further = round(km + max(hop.km), 3)
                    heapq.heappush(
                        queue, (further, count + 1, ids + hop.routes, hop.end, (*hops, hop))
                    )
        for hop in self.hops.get(source, ()):
            paths[hop.end] = FibrePath((hop,))  # a direct route is kept (module docstring)
        return paths
