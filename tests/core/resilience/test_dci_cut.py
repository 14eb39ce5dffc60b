"""A cut fibre route shares the sites' DCI needs again, pair of sites by pair, over the
routes left, as the DCI planner shares them (``designer.core.network.dci``): a pair's
traffic takes its new path, which need not pass the cut route's two ends."""

import pytest

from designer.core.document import operations as ops
from designer.core.model.base import evolve
from designer.core.resilience import fail
from designer.core.resilience.text import impact_text
from tests.core.jobs.helpers import across_a_and_c, ring
from tests.core.network.helpers import plan_of, sites
from tests.core.resilience.helpers import topology


def ring_of_needs():
    """A - B - C - D - A, 40 km a route, laid in that order (route ids AB < BC < CD < DA),
    each site's DCI need fixed at 12 Tb/s and no racks; the sites and the routes."""
    doc, (a, b, c, d) = sites(4)
    routes = [ops.add_fibre_route(doc, x, y, 40) for x, y in ((a, b), (b, c), (c, d), (d, a))]
    assert routes == sorted(routes)
    network = doc.project.settings.network
    ops.update_settings(
        doc, "Needs", network=evolve(network, dci_tbps=dict.fromkeys(doc.project.sites, 12.0))
    )
    return doc, (a, b, c, d), routes


def overloads(impact):
    """Each route over its limit: (Tb/s it carries, Tb/s lit, Tb/s before)."""
    return {o.id: (o.load, o.limit, o.before) for o in impact.overloads}


def test_cutting_a_ring_route_moves_each_pair_it_carried_onto_its_own_new_path():
    """Each site reaches the 3 others: 4 Tb/s a pair. As planned A - C goes A - B - C and
    B - D goes B - A - D (the lower route ids of two 80 km paths): AB carries A - B, A - C,
    B - D, 12 Tb/s (30 wavelengths of 400ZR, 12 lit); BC B - C, A - C, 8 (20, 8); CD C - D,
    4 (10, 4); DA D - A, B - D, 8 (20, 8).

    Cut BC and the ring is a line B - A - D - C: A - C goes A - D - C, B - C goes
    B - A - D - C, B - D stays B - A - D. AB carries A - B, B - C, B - D: 12 Tb/s, what it
    had, within its 12 lit; CD C - D, A - C, B - C: 12 over its 4; DA D - A, A - C, B - C,
    B - D: 16 over its 8. Moving BC's 8 Tb/s between its own two ends, B - A - D - C, read
    AB 12 + 8 = 20, over its limit: A - C had left it."""
    doc, (_, b, c, _), (ab, bc, cd, da) = ring_of_needs()
    topo = topology(doc)
    assert {i: (r.tbps, r.links) for i, r in topo.routes.items()} == {
        ab: (12, 30),
        bc: (8, 20),
        cd: (4, 10),
        da: (8, 20),
    }
    cut = fail(topo, [bc])
    assert overloads(cut) == {cd: (12, 4, 4), da: (16, 8, 8)}
    said = impact_text(doc.project, cut)
    assert "  fibre route Site 3 – Site 4 carries 12 Tb/s, over its limit of 4 Tb/s" in said
    assert "  fibre route Site 4 – Site 1 carries 16 Tb/s, over its limit of 8 Tb/s" in said
    assert "Site 1 – Site 2 carries" not in said and "(fibre route)" not in said
    # CD carried C - D alone: that pair goes C - B - A - D, as between the cut route's own
    # ends; A - C stays on A - B - C and B - D goes B - A - D: AB 16, BC 12, DA 12
    assert overloads(fail(topo, [cd])) == {ab: (16, 12, 12), bc: (12, 8, 8), da: (12, 8, 8)}
    # what the planner gives the design without BC, to the bit
    ops.set_fibre_route(doc, b, c, None)
    planned = {r.route_id: r.tbps for r in plan_of(doc).dci().routes}
    assert planned == {ab: 12, cd: 12, da: 16}


def test_a_site_down_moves_the_pairs_it_relayed_and_sends_the_others_no_more():
    """A down takes AB and DA: its pairs go, and B - D, relayed through A, goes B - C - D.
    Each pair keeps its 4 Tb/s (B, C and D reached 3 sites in the design, and their
    traffic to A does not turn towards the two left): BC carries B - C, B - D, 8, as
    before; CD C - D, B - D, 8 over its 4 lit. Spread again over the sites left, as the
    planner would for a design of three sites, each site's 12 would read 6 a pair and BC
    and CD 12 each."""
    doc, (a, *_), (*_, cd, _) = ring_of_needs()
    assert overloads(fail(topology(doc), [a])) == {cd: (8, 4, 4)}


def test_a_jobs_traffic_and_the_share_move_together_round_a_ring():
    """The jobs' ring (four sites of two NVL72): an eighth of 144 x 400 Gb/s is 7.2 Tb/s a
    site, 2.4 a pair, and a job on A and C sends 0.09 Tb/s over A - B - C. AB carries 7.2
    (18 wavelengths), BC 4.8 (12), CD 2.4 (6), DA 4.8 (12). Cut BC: the job goes A - D - C,
    and the shares read AB 3 x 2.4 = 7.2, CD 7.2 over its 2.4, DA 4 x 2.4 = 9.6 over its
    4.8, each more than the job's 0.09 on it; the job, over both, fits them, short of the
    share. Moving BC's
    4.8 less the job's 0.09 between B and C read AB 7.2 - 0.09 + 4.71 = 11.8, over its 7.2."""
    doc, (a, b, c, d), routes = ring()
    job = across_a_and_c(doc, a, c)
    ab, bc, cd, da = (routes[frozenset(p)] for p in ((a, b), (b, c), (c, d), (d, a)))
    topo = topology(doc)
    assert [topo.routes[r].links for r in (ab, bc, cd, da)] == [18, 12, 6, 12]
    cut = fail(topo, [bc])
    assert set(overloads(cut)) == {cd, da}
    assert cut.jobs == () and cut.jobs_short == (job,)
    # the loads the planner gives the design without BC, the job's traffic re-estimated
    ops.set_fibre_route(doc, b, c, None)
    planned = {r.route_id: r.tbps for r in plan_of(doc).dci().routes}
    assert {i: load for i, (load, _, _) in overloads(cut).items()} == {
        cd: planned[cd],
        da: planned[da],
    }
    assert planned == {ab: pytest.approx(7.2), cd: pytest.approx(7.2), da: pytest.approx(9.6)}
