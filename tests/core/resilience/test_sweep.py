"""The N-1 sweep: every component failed alone, the worst first."""

from designer.core.examples import gb200_su
from designer.core.resilience.sweep import sweep
from tests.core.resilience.helpers import topology


def test_the_scalable_unit_ranks_its_hall_tray_and_leaf_racks_first():
    doc = gb200_su.build()
    ranked = sweep(topology(doc))
    kinds = {r.component.kind for r in ranked}
    assert {"feed", "side", "cooling", "rack", "tray", "hall", "site"} <= kinds
    # the hall, the site and the one row tray take all 576 GPUs down or off the fabric; a
    # leaf rack cuts off the four racks it serves
    assert [r.impact.accelerators_hit for r in ranked[:5]] == [576, 576, 576, 288, 288]
    assert {r.component.kind for r in ranked[:3]} == {"hall", "site", "tray"}
    assert {r.component.name for r in ranked[3:5]} == {"NET-01", "NET-03"}
    # A/B busways and an N+1 CDU pair: no feed, side or CDU takes a GPU down alone
    for r in ranked:
        if r.component.kind in ("feed", "side", "cooling"):
            assert not r.single_point, r.component
    hits = [r.impact.accelerators_hit for r in ranked]
    assert hits == sorted(hits, reverse=True)
