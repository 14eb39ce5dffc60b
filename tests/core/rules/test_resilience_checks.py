"""The resilience family: a fibre route whose cut alone splits the cluster.

(Racks with one power path and liquid racks without a spare CDU are ``power.single_path``
and ``cooling.no_spare_cdu``, tested with their families.)"""

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples import two_sites
from designer.core.rules import RuleEngine, resilience


def findings(project):
    return RuleEngine(default_catalog(), resilience.CHECKS).run(project).findings


def test_the_only_route_between_two_sites_is_named_with_both_parts():
    doc = two_sites.build()
    (route,) = doc.project.fibre_routes
    (finding,) = findings(doc.project)
    assert finding.code == "resilience.one_fibre_route" and finding.ids[0] == route
    # North: two halls of four DGX B200 racks (32 GPUs each); South: one such hall
    assert "North (256 accelerators) and South (128 accelerators)" in finding.message


def test_a_ring_of_three_sites_has_no_single_route():
    doc = two_sites.build()
    north, south = doc.project.sites
    east = ops.add_site(doc, "East", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    ops.add_fibre_route(doc, north, east, 30)
    ops.add_fibre_route(doc, east, south, 30)
    assert findings(doc.project) == ()


def test_a_site_without_accelerators_is_no_part_to_split_off():
    doc = two_sites.build()
    north, _ = doc.project.sites
    empty = ops.add_site(doc, "Empty", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    spur = ops.add_fibre_route(doc, north, empty, 10)
    assert spur not in {f.ids[0] for f in findings(doc.project)}
