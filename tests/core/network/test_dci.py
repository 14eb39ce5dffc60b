"""Between sites: bandwidth per route, coherent links, fibre pairs, amplifiers, latency."""

import pytest

from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.core.model.network_settings import NetworkSettings
from designer.core.network import bill_of_materials, cable_schedule
from tests.core.network.helpers import H100, add_hall, new_doc, plan_of, tray


def test_the_two_site_example():
    plan = plan_of(EXAMPLES["two-sites"]())
    [route] = plan.dci().routes
    # North: 8 DGX B200 racks x 32 x 400G = 102.4 Tb/s, South half that; each needs 1/8 of
    # it across sites: 12.8 and 6.4 Tb/s. The one route carries the smaller, 6.4 Tb/s:
    # 16 wavelengths of 400ZR and one C-band pair of 25.6 Tb/s (links 1.6)
    assert route.tbps == pytest.approx(6.4)
    assert (route.links, route.pairs) == (16, 1)
    [line] = [x for x in cable_schedule(plan) if x.plane == "dci"]
    assert (line.from_name, line.to_name, line.count) == ("North", "South", 16)
    assert line.routed_m == 40_000
    assert line.order_m is None
    assert line.medium.startswith("Coherent 400ZR")
    # 40 km x 4.9 us/km (links:S46) plus two coherent modules of 500 ns (an estimate)
    assert line.latency_ns == pytest.approx(40_000 * 4.9 + 2 * 500)
    bom = {(x.category, x.item): x.quantity for x in bill_of_materials(plan).lines}
    assert bom[("fibre_pair", "fibre pair North – South")] == 1
    assert (
        bom[("amplifier", "optical amplifier North – South (booster and pre-amplifier per pair)")]
        == 2
    )
    assert bom[("module", "400G coherent ZR pluggable (QSFP-DD / OSFP) on a DWDM line")] == 32


def test_a_second_path_is_lit_over_its_own_length():
    """A trial's links CSV gave a 46 km second path two rows of 40 km: the DCI was routed
    at the shorter of the two sites' routes."""
    doc = EXAMPLES["two-sites"]()
    north, south = doc.project.sites
    ops.set_fibre_route(doc, north, south, 46, path=2)
    plan = plan_of(doc)
    # the 6.4 Tb/s of the one route shared: 3.2 Tb/s, 8 wavelengths of 400ZR on each
    assert [(r.distance_km, r.links) for r in plan.dci().routes] == [(40, 8), (46, 8)]
    lines = [x for x in cable_schedule(plan) if x.plane == "dci"]
    assert [(x.routed_m, x.count) for x in lines] == [(40_000, 8), (46_000, 8)]
    # 46 km x 4.9 us/km plus the two modules' 500 ns each
    assert lines[1].latency_ns == pytest.approx(46_000 * 4.9 + 2 * 500)
    pairs = {
        (x.item, x.length_m): x.quantity
        for x in bill_of_materials(plan).lines
        if x.category == "fibre_pair"
    }
    assert pairs == {
        ("fibre pair North – South", 40_000): 1,
        ("fibre pair North – South", 46_000): 1,
    }


def two_sites(km, **network):
    """Two sites ``km`` apart by fibre, with the network settings ``network``."""
    doc, north = new_doc()
    south = ops.add_site(doc, "South", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    ops.add_fibre_route(doc, north, south, km)
    if "dci_tbps" in network:
        network["dci_tbps"] = {north: network["dci_tbps"], south: network["dci_tbps"]}
    ops.update_settings(doc, "Network", network=NetworkSettings(**network))
    return doc, north, south


def test_beyond_120_km_zr_plus_with_inline_amplifiers():
    doc, _, _ = two_sites(200.0, dci_tbps=30)
    plan = plan_of(doc)
    [route] = plan.dci().routes
    # 30 Tb/s: ceil(30,000 / 400) = 75 wavelengths, ceil(30 / 25.6) = 2 pairs
    assert (route.links, route.pairs) == (75, 2)
    [line] = cable_schedule(plan)
    assert line.medium.startswith("Coherent 400ZR+")
    amplifiers = [x for x in bill_of_materials(plan).lines if x.category == "amplifier"]
    # per pair: a booster and a pre-amplifier, and ceil(200 / 80) - 1 = 2 inline huts
    assert [x.quantity for x in amplifiers] == [2 * (2 + 2)]


def test_beyond_zr_plus_a_long_haul_line_with_inline_amplifiers():
    """Two campuses 1,100 km apart: past ZR+'s 1,000+ km (links:S33), long-haul coherent
    transponders carry the span on an amplified line (links addendum, links:S84)."""
    doc, _, _ = two_sites(1_100.0, dci_tbps=30)
    plan = plan_of(doc)
    [route] = plan.dci().routes
    assert (route.links, route.pairs) == (75, 2)  # as at 200 km: ceil(30,000 / 400), 2 pairs
    [line] = cable_schedule(plan)
    assert line.medium == "Long-haul coherent transponders on an amplified DWDM line system"
    assert line.reason.startswith(
        "1,100.0 km DCI at 400G: over coherent ZR 120 km and coherent ZR+ 1000 km, "
        "long-haul coherent reaches 1200 km"
    )
    # 1,100 km x 4.9 us/km (links:S46) plus two coherent modules of 500 ns (an estimate)
    assert line.latency_ns == pytest.approx(1_100_000 * 4.9 + 2 * 500)
    assert "cabling.no_medium" not in {f.code for f in plan.findings}  # what it said before
    bom = bill_of_materials(plan)
    modules = {x.item: x.quantity for x in bom.lines if x.category == "module"}
    assert modules == {
        "400G long-haul coherent transponder line port on an amplified DWDM line": 2 * 75
    }
    [amplifiers] = [x for x in bom.lines if x.category == "amplifier"]
    # per pair: a booster and a pre-amplifier, and ceil(1,100 / 80) - 1 = 14 - 1 = 13
    # inline huts (links:S85, one every ~80 km)
    assert amplifiers.quantity == 2 * (2 + 13)
    assert "13 inline" in amplifiers.item


def test_800zr_halves_the_wavelengths():
    doc, _, _ = two_sites(60.0, dci_tbps=30, dci_wavelength_gbps=800)
    [route] = plan_of(doc).dci().routes
    assert (route.links, route.pairs) == (38, 2)  # ceil(30,000 / 800)


def test_protection_lights_each_route_again_and_a_cut_overloads_nothing():
    """links 1.6 sizes pairs x (1 + protection); with none, one of two routes cut left the
    other carrying twice what it had lit (an audit). A GB300 SU over two sites needs 14.4
    Tb/s a route: 36 x 400ZR and a pair; at 100 % protection 72 and two pairs, 28.8 Tb/s
    lit for 14.4 needed, and a cut of either leaves the other within what it has."""
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate
    from designer.core.model.base import evolve
    from designer.core.resilience import fail
    from tests.core.resilience.helpers import topology

    doc = Document(generate(ClusterRequest("gb300-su", sites=2, site_km=40)))
    first, second = sorted(doc.project.fibre_routes)
    assert [o.id for o in fail(topology(doc), [first]).overloads] == [second]
    network = evolve(doc.project.settings.network, dci_protection=1.0)
    ops.update_settings(doc, "Protect the DCI", network=network)
    routes = plan_of(doc).dci().routes
    assert [(r.tbps, r.links, r.pairs, r.lit_tbps) for r in routes] == [(14.4, 72, 2, 28.8)] * 2
    bom = {(x.category, x.item): x.quantity for x in bill_of_materials(plan_of(doc)).lines}
    assert sum(q for (c, _), q in bom.items() if c == "fibre_pair") == 4
    assert fail(topology(doc), [first]).overloads == ()


def racks_in(doc, site):
    hall = add_hall(doc, site, cable_entry=(0, 1_800))
    ops.place_rack(doc, hall, H100, 0, 1_200)
    tray(doc, hall, [(0, 1_800), (4_000, 1_800)])


def test_a_site_with_bandwidth_and_no_route_is_reported():
    doc, north, _ = two_sites(40.0)
    third = ops.add_site(doc, "East", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    racks_in(doc, third)
    # only East has accelerators: it has no other site to exchange anything with
    assert [f for f in plan_of(doc).findings if f.code == "network.no_dci_route"] == []
    racks_in(doc, north)
    [finding] = [f for f in plan_of(doc).findings if f.code == "network.no_dci_route"]
    # 32 x 400G x 1/8 = 1.6 Tb/s
    assert finding.ids == (third,)
    assert finding.measured == pytest.approx(1.6)


def test_a_site_with_no_racks_yet_asks_for_no_fibre():
    doc, _ = new_doc()
    racks_in(doc, next(iter(doc.project.sites)))
    ops.add_site(doc, "East", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    assert [f for f in plan_of(doc).findings if f.code == "network.no_dci_route"] == []


def test_two_routes_between_two_sites_are_each_told_their_own_medium():
    """Path 1 of 40 km takes 400ZR and a path 2 of 150 km ZR+ (past ZR's 120 km): the
    summary, the site maps and the site's form read the medium per pair of sites, and
    gave path 1 the ZR+ of path 2."""
    from designer.core.network.totals import link_totals

    doc = EXAMPLES["two-sites"]()
    north, south = doc.project.sites
    ops.set_fibre_route(doc, north, south, 150, path=2)
    totals = link_totals(plan_of(doc))
    assert [(r.distance_km, m) for r, m in zip(totals.dci, totals.dci_media, strict=True)] == [
        (40, "coherent ZR"),
        (150, "coherent ZR+"),
    ]


def test_each_site_is_told_its_dci_links_end_at_no_switch():
    """A trial's 2,502 ZR links a site ended at no port (the fabric's spines had 72 free)
    and nothing said so. The two-site example's 16 wavelengths (above) end at each site
    in a note: the equipment they plug into is not in the design."""
    plan = plan_of(EXAMPLES["two-sites"]())
    notes = [f for f in plan.findings if f.code == "network.dci_unterminated"]
    assert [(f.ids, f.measured, str(f.severity)) for f in notes] == [
        (("site-001",), 16.0, "info"),
        (("site-002",), 16.0, "info"),
    ]
    assert notes[0].message.startswith(
        "The 16 coherent 400G links of North to the other sites end at no switch"
    )
