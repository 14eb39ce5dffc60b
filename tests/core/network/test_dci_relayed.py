"""A route's share of the sites' DCI need counts the traffic it relays between sites no
route joins: two sites exchange the smaller of their needs over the other sites each
reaches, along the path the jobs' traffic takes (``designer.core.jobs.paths``)."""

import pytest

from designer.core.document import operations as ops
from designer.core.model.network_settings import NetworkSettings
from designer.core.network.dci import plan_dci
from tests.core.jobs.helpers import cluster, ring
from tests.core.network.helpers import plan_of, sites


def loads(doc, gbps, jobs=None):
    """Each route's (Tb/s, links, pairs) when the sites' scale-out is ``gbps`` (the share
    is an eighth: 96,000 Gb/s a site needs 12 Tb/s), and each site's need; the figures
    below are whole or halves, exact in floating point, and compared exactly."""
    scale_out = dict(zip(doc.project.sites, gbps, strict=True))
    plan = plan_dci(doc.project, scale_out, NetworkSettings(), jobs)
    return {r.route_id: (r.tbps, r.links, r.pairs) for r in plan.routes}, dict(plan.site_tbps)


def test_a_ring_carries_what_its_sites_relay():
    """A - B - C - D - A, 40 km a route, each site 12 Tb/s. Each reaches the 3 others: 4
    Tb/s a pair. A - C goes A - B - C (80 km both ways round, the tie to the lower route
    ids: AB, BC before DA, CD), B - D goes B - A - D (AB, DA before BC, CD). AB carries A -
    B, A - C and B - D: 12 Tb/s, 30 wavelengths of 400ZR; BC: B - C, A - C: 8, 20; CD: C -
    D alone: 4, 10; DA: D - A, B - D: 8, 20. The 8 pair-hops of 4 Tb/s are 32 Tb/s. The
    share per route read 6 Tb/s each (12 over 2 routes), 24 in all: nothing carried A - C
    or B - D."""
    doc, (a, b, c, d) = sites(4)
    ab, bc, cd, da = (
        ops.add_fibre_route(doc, x, y, 40) for x, y in ((a, b), (b, c), (c, d), (d, a))
    )
    routes, need = loads(doc, [96_000] * 4)
    assert routes == {ab: (12, 30, 1), bc: (8, 20, 1), cd: (4, 10, 1), da: (8, 20, 1)}
    assert need == dict.fromkeys((a, b, c, d), 12)  # its own: no jobs
    # with jobs (here, jobs that send nothing over these routes) a site needs what its routes carry, the
    # traffic it relays included: A 12 + 8, B 12 + 8, C 8 + 4, D 4 + 8
    _, need = loads(doc, [96_000] * 4, jobs={})
    assert need == {a: 20, b: 20, c: 12, d: 12}


def test_the_generated_ring_is_planned_with_its_relays():
    """The jobs' ring (four sites of two NVL72, the mesh less A - C and B - D): an eighth of
    144 x 400 Gb/s is 7.2 Tb/s a site, 2.4 a pair; A - B 3 x 2.4 = 7.2 Tb/s (18
    wavelengths), B - C and D - A 4.8 (12), C - D 2.4 (6); it read 3.6 (9) each."""
    doc, (a, b, c, d), routes = ring()
    planned = {r.route_id: (pytest.approx(r.tbps), r.links) for r in plan_of(doc).dci().routes}
    assert planned == {
        routes[frozenset((a, b))]: (7.2, 18),
        routes[frozenset((b, c))]: (4.8, 12),
        routes[frozenset((c, d))]: (2.4, 6),
        routes[frozenset((d, a))]: (4.8, 12),
    }


def test_a_full_mesh_and_parallel_routes_read_as_before():
    """Where every two sites have their own route (a full mesh: the generated campuses) a
    site reaches as many others as it has routes, and each route carries one pair: the
    smaller of its ends' need over their routes, the figure of the share per route. A - C is 100 km, longer
    than A - B - C, and keeps its direct route. A 12, B 6, C 3, D 0 Tb/s, each over 3: 4,
    2, 1, 0; AB 2 Tb/s (5 wavelengths), AC and BC 1 (3), the routes to D nothing."""
    doc, (a, b, c, d) = sites(4)
    ab, ac, ad, bc, bd, cd = (
        ops.add_fibre_route(doc, x, y, 100 if (x, y) == (a, c) else 40)
        for x, y in ((a, b), (a, c), (a, d), (b, c), (b, d), (c, d))
    )
    routes, _ = loads(doc, [96_000, 48_000, 24_000, 0])
    assert routes == {
        ab: (2, 5, 1),
        ac: (1, 3, 1),
        ad: (0, 0, 0),
        bc: (1, 3, 1),
        bd: (0, 0, 0),
        cd: (0, 0, 0),
    }
    # two sites on two paths: each carries half the smaller need, 6 / 2 = 3 Tb/s (8)
    doc, (a, b) = sites(2)
    first, second = ops.add_fibre_route(doc, a, b, 40), ops.add_fibre_route(doc, a, b, 46)
    routes, _ = loads(doc, [96_000, 48_000])
    assert routes == {first: (3, 8, 1), second: (3, 8, 1)}


def test_a_generated_mesh_of_three_sites_is_unchanged():
    """Three sites of 8 NVL72 (576 x 400 Gb/s, an eighth: 28.8 Tb/s a site), one route a
    pair: 28.8 / 2 = 14.4 Tb/s a route, 36 wavelengths of 400ZR, as before."""
    doc = cluster("nvl72-su", systems=24, sites=3, site_km=40)
    dci = plan_of(doc).dci()
    assert [need for _, need in dci.site_tbps] == [pytest.approx(28.8)] * 3
    assert len(dci.routes) == 3
    assert [(r.tbps, r.links, r.pairs) for r in dci.routes] == [(pytest.approx(14.4), 36, 1)] * 3
    # to the bit: the share per route was min(28.8 / 2, 28.8 / 2), the pair's is the same
    need = dict(dci.site_tbps)
    assert all(r.tbps == min(need[r.site_a] / 2, need[r.site_b] / 2) for r in dci.routes)
