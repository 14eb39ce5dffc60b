"""Two designs compared: a design against itself, and against itself less one NVL72."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.energy.compare import compare, design_figures, scope_notes
from designer.core.examples import gb200_su, two_sites
from designer.core.generate import ClusterRequest, generate
from designer.core.network import bill_of_materials
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN

CATALOG = default_catalog()


def network_cost(doc):
    """What the bill's modules and cables cost at the media prices."""
    return bill_of_materials(RuleEngine(CATALOG).derived(PLAN, doc.project)).cost_usd


def test_a_design_against_itself_differs_in_nothing():
    figures = design_figures(gb200_su.build().project, CATALOG)
    rows = compare(figures, figures)
    assert rows and not [r for r in rows if r.differs]
    unknown = {r.key for r in rows if r.difference is None}
    # the scalable unit's site has no energy price, grid carbon intensity or WUE
    assert unknown == {"energy_cost_usd_per_year", "carbon_t_per_year", "water_m3_per_year"}
    assert {r.difference for r in rows if r.key not in unknown} == {0}


def test_one_more_nvl72_rack_adds_that_rack_its_links_optics_and_cost_and_nothing_else():
    smaller = gb200_su.build()
    last = [r.id for r in smaller.project.placements.values() if r.label == "NVL72-08"]
    ops.delete(smaller, last)
    a = design_figures(smaller.project, CATALOG)
    b = design_figures(gb200_su.build().project, CATALOG)
    changed = {r.key: r.difference for r in compare(a, b) if r.differs}

    assert changed.pop("accelerators") == 72
    assert changed.pop("accelerators_by_kind/B200") == 72
    assert changed.pop("dense_pflops/FP4") == 720
    assert changed.pop("dense_pflops/FP8") == 360
    assert changed.pop("dense_pflops/BF16") == 180
    assert changed.pop("it_power_typical_kw") == 120
    assert changed.pop("it_power_max_kw") == 132
    assert changed.pop("facility_power_max_kw") == pytest.approx(132 * 1.2)  # the site's PUE
    assert changed.pop("racks") == 1
    assert changed.pop("racks_by_type/NVIDIA GB200 NVL72") == 1
    assert changed.pop("rack_floor_area_m2") == pytest.approx(0.6 * 1.068, abs=1e-3)
    # its 18 trays' NVLink spine: 10,368 links in 8 racks
    assert changed.pop("nvlink_links_in_racks") == 10_368 / 8
    # its 72 NICs to the leaves, and the 2 leaves and 1 spine its 72 more ports need
    # (576 / 32 = 18 leaves and 9 spines, against 16 and 8 for 504), with their uplinks
    links = changed.pop("links")
    assert links == changed.pop("links_by_medium/multimode SR") == 144
    assert changed.pop("fabric_switches/NVIDIA Quantum-2 QM9700 (leaf)") == 2
    assert changed.pop("fabric_switches/NVIDIA Quantum-2 QM9700 (spine)") == 1
    site = next(iter(smaller.project.sites.values())).name
    assert changed.pop(f"leaf_uplinks/{site}") == 72  # 1:1 still: 504 and 576 up
    modules = changed.pop("optical_modules")
    assert modules > 0 and changed.pop("optics_power_kw") > 0
    assert changed.pop("cable_length_m") > 0
    # the rack's $2.5 M (links:S66) and its optics at the media prices
    optics = network_cost(gb200_su.build()) - network_cost(smaller)
    assert changed.pop("capital_priced_usd") == pytest.approx(2_500_000 + optics)
    # $37,143.87 and $37,144.35 an accelerator: the same to the dollar
    assert "capital_per_accelerator_usd" not in changed
    # a year at its 120 kW typical: 1,051.2 MWh, x 1.2 facility
    assert changed.pop("it_energy_mwh_per_year") == pytest.approx(1_051.2)
    assert changed.pop("facility_energy_mwh_per_year") == pytest.approx(1_261.44)
    # no finding, no unpriced line, no floor, price or carbon changed
    assert changed == {}


def test_capital_that_prices_different_things_in_each_design_is_said_so():
    """A GB300 pod's 12 Quantum-X800 switches have no price; a CloudMatrix384's 9 SN5600
    are priced at $200 k each (links:S98): the capital priced differs by $1.8 M for no
    reason in the designs. The switches' rows say what each side prices and leaves out,
    and a note says what it means; categories priced alike add no row."""
    a = design_figures(generate(ClusterRequest("gb300-su")), CATALOG)
    b = design_figures(generate(ClusterRequest("cm384")), CATALOG)
    rows = compare(a, b)
    scope = {r.label: (r.a, r.b) for r in rows if r.key.split("/")[0].endswith("_category")}
    assert scope == {
        "Capital, priced (USD): Switches": (0, 9 * 200_000),
        "Unpriced items: Switches": (12, 0),
    }
    assert scope_notes(rows) == [
        "Switches: B prices USD 1,800,000 of it, while A prices none of it and leaves 12 "
        "unpriced, which its capital priced leaves out."
    ]
    same = compare(a, a)
    assert scope_notes(same) == [] and not [r for r in same if "_category" in r.key]


def test_a_category_one_design_prices_some_of_and_the_other_none_of_is_said_so():
    """An audit: a GB200 pod's 8 NVL72 are priced at $2.5 M each (links:S66) beside its 3
    unpriced network racks, a GB300 pod's 8 NVL72 and 4 network racks at nothing, and the
    GB300 read as $18 M cheaper. Neither prices all its racks, yet the rows must show it."""
    a = design_figures(generate(ClusterRequest("nvl72-su")), CATALOG)
    b = design_figures(generate(ClusterRequest("gb300-su")), CATALOG)
    rows = compare(a, b)
    scope = {r.label: (r.a, r.b) for r in rows if r.key.split("/")[0].endswith("_category")}
    assert scope == {
        "Capital, priced (USD): Racks and systems": (8 * 2_500_000, 0),
        "Unpriced items: Racks and systems": (3, 8 + 4),
    }
    assert scope_notes(rows) == [
        "Racks and systems: A prices USD 20,000,000 of it and leaves 3 unpriced, while B "
        "prices none of it and leaves 12 unpriced, which its capital priced leaves out."
    ]


def test_sites_farther_apart_differ_in_their_route_and_its_latency():
    """A trial: a campus generated 80 km apart against the bundled 40 km one read "The two
    designs do not differ in any figure". The route's length and its one-way latency at
    4.9 µs a km (links:S46) differ; its capacity, its pairs and the rest do not (ZR reaches
    120 km, links:S2: no amplifier more)."""
    near = two_sites.build()
    far = two_sites.build()
    [route] = far.project.fibre_routes.values()
    ops.set_fibre_route(far, route.site_a, route.site_b, 120)
    rows = compare(design_figures(near.project, CATALOG), design_figures(far.project, CATALOG))
    changed = {r.key: (r.a, r.b) for r in rows if r.differs}
    assert changed == {
        "dci_route_km/North – South": (40, 120),
        "dci_latency_us/North – South": (196, 588),
    }
    figures = {r.key: r for r in rows}
    assert figures["dci_tbps/North – South"].a == 6.4
    assert figures["amplifiers"].a == 2  # a booster and a pre-amplifier on the one pair


def test_dollars_are_compared_whole():
    """A trial read a capital of "21,272,766.5": cables priced at $110.50 (an estimate)."""
    figures = design_figures(generate(ClusterRequest("nvl72-su")), CATALOG)
    rows = {r.key: r for r in compare(figures, figures)}
    assert rows["capital_priced_usd"].a == round(figures["capital_priced_usd"])
    assert figures["capital_priced_usd"] != round(figures["capital_priced_usd"])


def test_a_rows_figures_read_to_the_same_decimals():
    """A trial read "1,340.64" beside "1,464" and "10,507.8" beside "11,983.68"."""
    from designer.core.energy.compare import Row
    from designer.core.energy.text import cells

    assert cells(Row("f", "Facility power (kW)", 1_340.64, 1_464.0)) == (
        "1,340.64",
        "1,464.00",
        "+123.36",
    )
    assert cells(Row("e", "Energy (MWh)", 10_507.8, 11_983.68)) == (
        "10,507.80",
        "11,983.68",
        "+1,475.88",
    )
    # the change is that of the figures shown: 1.004 and 2.006 read 1.00 and 2.01, +1.01
    # (their own difference, 1.002, read "+1.00" beside them)
    assert cells(Row("x", "Figure", 1.004, 2.006)) == ("1.00", "2.01", "+1.01")
    assert cells(Row("r", "Racks", 11, 11)) == ("11", "11", "=")
    assert cells(Row("c", "Energy cost (USD)", None, 5.0)) == ("unknown", "5", "unknown")


def test_designs_at_two_ratios_differ_in_their_leaves_uplinks_and_oversubscription():
    """An audit compared a GB300 SU at 2:1 and at 4:1 and found no row for what differs
    most. Its 576 NICs on 144-port Q3400 leaves: at 2:1, at most 96 a leaf, six of 96 with
    48 up each, 288; at 4:1, at most 114, still six leaves, of 96 with 24 up, 144."""
    two = design_figures(generate(ClusterRequest("gb300-su", oversubscription=2)), CATALOG)
    four = design_figures(generate(ClusterRequest("gb300-su", oversubscription=4)), CATALOG)
    rows = {r.label: (r.a, r.b) for r in compare(two, four) if r.key.startswith("leaf_")}
    assert rows == {
        "Leaf uplinks: Site 1": (288, 144),
        "Leaf oversubscription (node links per uplink): Site 1": (2, 4),
    }


def test_two_sites_of_one_name_keep_a_row_each():
    """A review: two sites both named "Site 1" made one row of their leaves (288, not two
    rows of 288)."""
    doc = generate(ClusterRequest("gb300-su", sites=2, site_km=40))
    second = list(doc.sites.values())[1]
    renamed = second.model_copy(update={"name": "Site 1"})
    project = doc.model_copy(update={"sites": {**doc.sites, second.id: renamed}})
    rows = {r.label: r.a for r in compare(*[design_figures(project, CATALOG)] * 2)}
    first = next(iter(doc.sites))
    assert rows[f"Leaf uplinks: Site 1 ({first})"] == rows[f"Leaf uplinks: Site 1 ({second.id})"]


def test_a_route_and_a_site_one_design_lacks_read_so_not_as_zero():
    """A trial compared 3 sites with 2: "One-way latency ... Site 1 - Site 3: 294 -> 0" and
    "Leaf oversubscription Site 3: 1 -> 0", and no row said how many sites either had. Two
    sites of 8 GB300 NVL72 against three of 8 (two routes between two sites, one route a
    pair of three, all 40 km: 196 µs at 4.9 µs a km, links:S46)."""
    two = generate(ClusterRequest("gb300-su", systems=16, sites=2, site_km=40))
    three = generate(ClusterRequest("gb300-su", systems=24, sites=3, site_km=40))
    rows = {r.key: r for r in compare(design_figures(two, CATALOG), design_figures(three, CATALOG))}
    assert (rows["sites"].a, rows["sites"].b) == (2, 3)
    assert (rows["halls"].a, rows["halls"].b) == (2, 3)
    only_b = [r for key, r in rows.items() if key.startswith("dci_latency_us/") and r.a is None]
    assert only_b and all(r.b == 196 for r in only_b)
    assert {r.missing for r in only_b} == {("no such route", "")}
    assert {r.only for r in only_b} == {"B"}
    site = rows["leaf_oversubscription/Site 3"]
    assert (site.a, site.b, site.missing, site.only) == (None, 1, ("no such site", ""), "B")
    # counts still read 0 on the side without the thing
    assert rows["leaf_uplinks/Site 3"].a == 0
