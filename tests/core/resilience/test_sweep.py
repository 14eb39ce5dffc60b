"""The N-1 sweep: every component failed alone, the worst first."""

from designer.core.examples import gb200_su
from designer.core.resilience.sweep import sweep
from tests.core.resilience.helpers import topology


def test_the_scalable_unit_ranks_its_network_racks_first():
    doc = gb200_su.build()
    ranked = sweep(topology(doc))
    kinds = {r.component.kind for r in ranked}
    assert {"feed", "side", "cooling", "rack", "hall", "site"} <= kinds
    # the hall and the site take all 576 GPUs; a network rack cuts off the racks it serves
    assert [r.impact.accelerators_hit for r in ranked[:2]] == [576, 576]
    assert {r.component.kind for r in ranked[:2]} == {"hall", "site"}
    # A/B busways and an N+1 CDU pair: no feed, side or CDU takes a GPU down alone
    for r in ranked:
        if r.component.kind in ("feed", "side", "cooling"):
            assert not r.single_point, r.component
    hits = [r.impact.accelerators_hit for r in ranked]
    assert hits == sorted(hits, reverse=True)
