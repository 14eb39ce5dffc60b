"""Every hall a generated design holds has a name of its own, so the check finds nothing to
say about them (a pod over three sites gave three halls of one name: a warning)."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.generate import ClusterRequest, generate
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN


@pytest.mark.parametrize(
    "request_",
    [
        ClusterRequest("nvl72-su", sites=3),
        ClusterRequest("hgx-su", halls_per_site=2),
        ClusterRequest("nvl72-su"),
    ],
    ids=["pod-over-3-sites", "hgx-2-halls", "one-pod"],
)
def test_generated_halls_have_names_of_their_own_and_the_check_stays_quiet(request_):
    project = generate(request_)
    names = [hall.name for hall in project.halls.values()]
    assert len(set(names)) == len(names)
    if len(names) == 1:
        assert names == ["GB200 NVL72 SuperPOD scalable unit hall"]
    report = RuleEngine(default_catalog()).run(project)
    assert [f.code for f in report.findings if str(f.severity) != "info"] == []


def test_two_sites_are_joined_by_two_routes_so_one_cut_splits_nothing():
    """One route between two sites was a warning of the generator's own making
    (resilience.one_fibre_route); each of the two carries half the DCI."""
    project = generate(ClusterRequest("gb300-su", sites=2, site_km=40))
    routes = list(project.fibre_routes.values())
    assert len(routes) == 2
    assert {(r.site_a, r.site_b, r.distance_km) for r in routes} == {(*sorted(project.sites), 40.0)}
    engine = RuleEngine(default_catalog())
    report = engine.run(project)
    assert [f.code for f in report.findings if str(f.severity) != "info"] == []
    dci = engine.derived(PLAN).dci()
    assert len({d.tbps for d in dci.routes}) == 1 and dci.routes[0].links > 0


@pytest.mark.parametrize("preset", ["gb300-su", "hgx-su", "cm384"])
def test_every_tray_and_cooling_unit_of_a_generated_hall_has_a_name_of_its_own(preset):
    """A review found two trays named "Row 1 tray" in one hall (one over each line of the
    row pair) and in-row coolers numbered IRC-13 to IRC-16 by the hall's entity count."""
    project = generate(ClusterRequest(preset))
    for hall in project.halls:
        for collection in (project.trays, project.cooling_units):
            names = [e.name for e in collection.values() if e.hall_id == hall]
            assert len(names) == len(set(names)), names
    coolers = sorted(
        u.name for u in project.cooling_units.values() if u.type_id == "inrow-cooler-50"
    )
    assert coolers == [f"IRC-{n}" for n in range(1, len(coolers) + 1)]


def test_a_pods_site_is_sized_to_it_unless_a_supply_is_given():
    """Two trials read "facility 732 kW of 110 MW (1 %)": the campus default of 110 MW a
    site, written as a pod's site supply beside cooling sized to the pod."""
    from designer.core.totals import facility_kw

    catalog = default_catalog()
    project = generate(ClusterRequest("nvl72-su"))
    [site] = project.sites.values()
    # 8 GB200 NVL72 at 132 kW and 3 QM9700 racks at 20.4 kW: 1,117.2 kW of IT at PUE 1.2 is
    # 1,340.6 kW; with a quarter's headroom 1,676 kW, to the next 100 kW
    racks = catalog.with_custom_racks(project.custom_types)
    it = sum(racks[p.type_id].max_kw for p in project.placements.values())
    assert it == pytest.approx(8 * 132 + 3 * 20.4)
    assert site.power_capacity_kw == 1_700
    assert facility_kw(project, racks) == pytest.approx(1_117.2 * 1.2)  # one site
    assert facility_kw(project, racks) <= 0.8 * site.power_capacity_kw
    given = generate(ClusterRequest("nvl72-su", site_power_mw=5))
    assert [s.power_capacity_kw for s in given.sites.values()] == [5_000]
    campus = generate(ClusterRequest("campus-cm384", systems=8))
    assert {s.power_capacity_kw for s in campus.sites.values()} == {110_000}
