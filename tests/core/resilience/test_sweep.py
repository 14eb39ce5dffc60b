"""The N-1 sweep: every component failed alone, the worst first."""

from designer.core.examples import gb200_su
from designer.core.resilience.sweep import sweep
from tests.core.resilience.helpers import topology


def test_the_scalable_unit_ranks_its_hall_tray_and_leaf_racks_first():
    doc = gb200_su.build()
    ranked = sweep(topology(doc))
    kinds = {r.component.kind for r in ranked}
    assert {"feed", "side", "cooling", "rack", "tray"} == kinds
    # the only hall and site are not ranked: their loss is the whole unit's. The one row
    # tray takes all 576 GPUs off the fabric; a leaf rack cuts off the four racks it serves
    assert [r.impact.accelerators_hit for r in ranked[:3]] == [576, 288, 288]
    assert ranked[0].component.kind == "tray"
    assert {r.component.name for r in ranked[1:3]} == {"NET-01", "NET-03"}
    # A/B busways and an N+1 CDU pair: no feed, side or CDU takes a GPU down alone
    for r in ranked:
        if r.component.kind in ("feed", "side", "cooling"):
            assert not r.single_point, r.component
    hits = [r.impact.accelerators_hit for r in ranked]
    assert hits == sorted(hits, reverse=True)
