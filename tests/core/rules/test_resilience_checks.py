"""The resilience family: one power path, no spare CDU, one fibre route."""

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples import two_sites
from designer.core.examples._common import busway, new_document
from designer.core.rules import RuleEngine, resilience
from tests.core.resilience.helpers import hall_of

NVL72 = "nvidia-gb200-nvl72"


def codes(project):
    report = RuleEngine(default_catalog(), resilience.CHECKS).run(project)
    return sorted((f.code, f.ids[0]) for f in report.findings)


def test_a_rack_on_one_busway_has_no_second_path_and_a_and_b_do():
    doc = new_document("P", "")
    _, hall = hall_of(doc)
    one, two = ops.place_row(doc, hall, NVL72, 2_000, 3_000, 2, 0)
    a = busway(doc, hall, "Busway 1", 1250, None, 2_900, 2_000, 4_400)
    b = busway(doc, hall, "Busway 2", 1250, None, 2_800, 2_000, 4_400)
    ops.assign_feeds(doc, [one], [a])
    ops.assign_feeds(doc, [two], [a, b])
    assert codes(doc.project) == [("resilience.one_power_path", one)]


def test_liquid_racks_on_a_lone_cdu_have_no_spare_and_an_n_plus_1_pair_does():
    doc = new_document("C", "")
    _, hall = hall_of(doc)
    racks = ops.place_row(doc, hall, NVL72, 2_000, 3_000, 8, 0)
    lone = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 1_000, 3_000, "CDU-A")
    ops.assign_cdu(doc, racks, lone)
    found = RuleEngine(default_catalog(), resilience.CHECKS).run(doc.project).findings
    (finding,) = [f for f in found if f.code == "resilience.cdu_no_spare"]
    assert finding.ids[0] == lone
    assert "8 liquid-cooled racks (576 accelerators)" in finding.message
    group = ops.add_cooling_group(doc, hall, "Pair", "N+1")
    ops.update(doc, lone, group_id=group)
    other = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 9_000, 3_000, "CDU-B", group_id=group)
    ops.assign_cdu(doc, racks[4:], other)
    assert not [c for c in codes(doc.project) if c[0] == "resilience.cdu_no_spare"]


def test_the_only_route_between_two_sites_is_named():
    doc = two_sites.build()
    (route,) = doc.project.fibre_routes
    assert ("resilience.one_fibre_route", route) in codes(doc.project)
    north, south = doc.project.sites
    ops.add_site(doc, "East", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    east = list(doc.project.sites)[-1]
    ops.add_fibre_route(doc, north, east, 30)
    ops.add_fibre_route(doc, east, south, 30)
    assert not [c for c in codes(doc.project) if c[0] == "resilience.one_fibre_route"]
