"""The link families in the rule engine: codes, severities, exclusions, and edits."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples import EXAMPLES
from designer.core.model.rule_settings import Exclusion, RuleSettings
from designer.core.rules import CODES, RuleEngine, Severity, network
from tests.core.network.helpers import H100, add_hall, draw, leaves_filled_full, new_doc, tray

CATALOG = default_catalog()


#: The codes the network plan's findings were released with, and their default severities:
#: projects store them in severity overrides and exclusions, so none may change.
RELEASED = {
    "cabling.no_medium": "error",
    "cabling.no_tray": "error",
    "cabling.hall_without_trays": "warning",
    "cabling.trays_not_connected": "error",
    "cabling.no_cable_entry": "error",
    "cabling.no_fibre_route": "error",
    "cabling.tray_fill": "warning",
    "cabling.tray_overfull": "error",
    "scale_up.nvlink_leaves_rack": "error",
    "scale_up.ub_beyond_reach": "error",
    "scale_up.ub_unconnected": "error",
    "network.ports_exceeded": "error",
    "network.no_fabric_yet": "warning",
    "network.no_switch": "warning",
    "network.switch_shortage": "error",
    "network.fabric_too_large": "error",
    "network.leaf_rack_unusable": "warning",
    "network.idle_network_rack": "info",
    "network.no_dci_route": "warning",
    "network.no_dci_path": "warning",
    "network.dci_unterminated": "info",
}


def test_the_network_codes_keep_their_names_families_and_severities():
    assert {code: CODES[code].default_severity for code in RELEASED} == RELEASED
    assert all(CODES[code].family == code.split(".")[0] for code in RELEASED)
    # the plan's check declares no code beyond them
    (check,) = (c for c in network.CHECKS)
    assert {info.code for info in check.codes} == set(RELEASED)


@pytest.mark.parametrize("name", ["gb200-nvl72-su", "two-sites"])
def test_my_examples_are_clean(name):
    findings = RuleEngine(CATALOG).run(EXAMPLES[name]().project).findings
    # a hall or site sized close to its racks is noted (rules/test_examples_checked.py),
    # and the two sites hang on one fibre route, which the resilience family warns of (its
    # PDF sheet's test reads that warning): none is the network's; their DCI links end at
    # no gateway, which the design does not hold (a note)
    expected = (
        ".hall_near_capacity",
        ".site_near_capacity",
        "resilience.one_fibre_route",
        "network.dci_unterminated",
    )
    assert [f for f in findings if not f.code.endswith(expected)] == []


def cabling(report):
    return {
        (f.ids, f.severity, f.excluded) for f in report.findings if f.code.startswith("cabling.")
    }


def test_a_finding_can_be_overridden_and_excluded():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 0, 1_200)
    b = ops.place_rack(doc, hall, H100, 1_800, 1_200)
    tray(doc, hall, [(0, 6_000), (6_000, 6_000)])  # 4.2 m from both racks
    draw(doc, a, b)
    assert cabling(RuleEngine(CATALOG).run(doc.project)) == {
        ((a,), Severity.ERROR, False),
        ((b,), Severity.ERROR, False),
    }
    rules = RuleSettings(
        severities={"cabling.no_tray": "warning"},
        exclusions=[Exclusion(code="cabling.no_tray", ids=[a], comment="tray comes later")],
    )
    ops.update_settings(doc, "Rules", rules=rules)
    assert cabling(RuleEngine(CATALOG).run(doc.project)) == {
        ((a,), Severity.WARNING, True),
        ((b,), Severity.WARNING, False),
    }


def test_edits_update_the_report_as_a_full_run_would():
    doc = EXAMPLES["two-sites"]()
    seen = []
    doc.subscribe(seen.append)
    engine = RuleEngine(CATALOG)
    engine.run(doc.project)
    by_label = {r.label: r.id for r in doc.project.placements.values()}
    by_name = {h.name: h.id for h in doc.project.halls.values()}
    edits = [
        # off its tray, then back
        lambda: ops.move(doc, [by_label["N1-B200-01"]], 0, 3_000),
        lambda: ops.move(doc, [by_label["N1-B200-01"]], 0, -3_000),
        # the second hall's leaves reach the spines through its cable entry
        lambda: ops.update(doc, by_name["North hall 2"], cable_entry=None),
        lambda: ops.update(doc, next(iter(doc.project.fibre_routes)), distance_km=1_500.0),
        lambda: ops.place_row(doc, by_name["South hall 1"], H100, 1_200, 3_600, 2),
        # 40 more links than the 32 scale-out ports of the rack
        lambda: draw(doc, by_label["S1-B200-01"], by_label["S1-B200-02"], count=40),
    ]
    codes = set()
    for edit in edits:
        edit()
        report = engine.update(doc.project, seen[-1].ids)
        assert report == RuleEngine(CATALOG).run(doc.project)
        codes |= {f.code for f in report.findings}
    assert {"cabling.no_tray", "cabling.no_cable_entry", "network.ports_exceeded"} <= codes


def test_the_plan_is_carried_forward_not_rebuilt(monkeypatch):
    import designer.core.rules.network as family

    doc = EXAMPLES["two-sites"]()
    seen = []
    doc.subscribe(seen.append)
    engine = RuleEngine(CATALOG)
    engine.run(doc.project)
    monkeypatch.setattr(family, "build_plan", None)  # any rebuild would fail
    ops.move(doc, [sorted(doc.project.placements)[0]], 300, 0)
    engine.update(doc.project, seen[-1].ids)


def test_one_rack_without_a_fabric_is_said_in_the_singular():
    """A trial's check said "1 racks with 32 scale-out ports ... have no network rack"."""
    doc, site = new_doc()
    hall = add_hall(doc, site)
    ops.place_rack(doc, hall, H100, 0, 1_200)  # a DGX H100 rack: 4 systems x 8 ports
    (note,) = [
        f
        for f in RuleEngine(CATALOG).run(doc.project).findings
        if f.code == "network.no_fabric_yet"
    ]
    # and names the site: a campus's three sites had three notes alike
    assert note.message.startswith(
        "1 rack with 32 scale-out ports of 400G has no network rack in Site 1 yet"
    )
    assert note.message.endswith("no scale-out fabric is planned for it.")


def test_unconnected_scale_out_ports_are_a_warning_unless_the_fabric_is_out_of_scope():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    ops.place_row(doc, hall, H100, 0, 1_200, 2)  # 2 racks x 32 ports, no network rack
    engine = RuleEngine(CATALOG)
    report = engine.run(doc.project)
    (warning,) = [f for f in report.findings if f.code == "network.no_fabric_yet"]
    assert warning.severity is Severity.WARNING
    assert "64 scale-out ports" in warning.message
    network = doc.project.settings.network.model_copy(update={"fabric_in_scope": False})
    ops.update_settings(doc, "Fabric out of scope", network=network)
    report = engine.update(doc.project, [])
    assert [f for f in report.findings if f.code == "network.no_fabric_yet"] == []
    assert [f for f in engine.run(doc.project).findings if f.code.startswith("network.")] == []


def test_a_hall_without_a_cable_entry_is_named_once_and_told_where_to_give_it_one():
    """A trial read "Hall Hall B has no cable entry ..." and found no word of the remedy."""
    doc = EXAMPLES["two-sites"]()
    north_2 = next(h.id for h in doc.project.halls.values() if h.name == "North hall 2")
    ops.update(doc, north_2, cable_entry=None)
    [finding] = [
        f
        for f in RuleEngine(CATALOG).run(doc.project).findings
        if f.code == "cabling.no_cable_entry"
    ]
    assert finding.message == (
        "North hall 2 has no cable entry, so its links to other halls and sites cannot be "
        "routed. Give the hall a Cable entry X and Y (its properties, nothing selected) on a tray."
    )


def test_a_network_rack_whose_links_fill_more_cages_than_it_has_is_an_error(monkeypatch):
    """An audit: at 2:1 a CloudMatrix384's SN5600 leaves took 85 node links and 43 uplinks,
    128 ports of 128, on multimode and single-mode of odd counts, so that each medium's last
    twin-port module carried one link: 513 cages of 512, links without a port in NetBox,
    and no finding. Filled full and split one link a cage, as it was, the planner evens the racks' media
    (one bundle to single-mode); left uneven, the check names the racks."""
    import numpy as np

    from designer.core.generate import ClusterRequest, generate
    from designer.core.network import fabric, planner

    leaves_filled_full(monkeypatch)
    project = generate(ClusterRequest("cm384", systems=16, oversubscription=2.0))
    assert not RuleEngine(CATALOG).run(project).findings
    monkeypatch.setattr(fabric, "cage_links", lambda switch, rate: 1)
    assert not RuleEngine(CATALOG).run(project).findings

    def first_choices(plan, table, chosen, choice_m, nvidia):
        n = len(table)
        return chosen.astype(np.int16), np.full(n, -1, np.int16), np.full(n, np.nan)

    monkeypatch.setattr(planner, "even_out", first_choices)
    found = list(RuleEngine(CATALOG).run(project).findings)
    assert [(f.code, f.measured, f.limit, f.unit) for f in found] == [
        ("network.ports_exceeded", 513.0, 512.0, "cages")
    ] * 2
    assert found[0].message.startswith(
        "NET-T03: its links fill 513 module cages of its 8 NVIDIA Spectrum-4 SN5600 "
        "switches, which have 512."
    )


def test_a_tier_whose_links_fill_more_cages_than_its_switches_have_is_an_error(monkeypatch):
    """An audit: a generated GB200 campus (300 racks at 2:1) checked clean, yet its NetBox
    export found no port for 21 links at 11 racks. A module's links share one switch, and
    racks holding spines and cores counted their cages together: a core tier's 65 links
    of two odd media filled 33 cages of its one switch's 32, the rack's 12 switches having
    room. Left uneven, the check names the tier; evened tier by tier, nothing is left."""
    import numpy as np

    from designer.core.generate import ClusterRequest, generate
    from designer.core.network import planner

    project = generate(ClusterRequest("campus-nvl72", systems=300, oversubscription=2.0))
    assert not RuleEngine(CATALOG).run(project).findings

    def first_choices(plan, table, chosen, choice_m, nvidia):
        n = len(table)
        return chosen.astype(np.int16), np.full(n, -1, np.int16), np.full(n, np.nan)

    monkeypatch.setattr(planner, "even_out", first_choices)
    found = RuleEngine(CATALOG).run(project).findings
    tiers = [f for f in found if "core switch," in f.message]
    assert tiers and {(f.code, f.measured, f.limit) for f in tiers} == {
        ("network.ports_exceeded", 33.0, 32.0)
    }
    assert tiers[0].message.startswith(
        "NET-B04: its links fill 33 module cages of its 1 NVIDIA Quantum-2 QM9700 core "
        "switch, which has 32."
    )
    # a switch more helps a tier only where the fabric puts it there (a review)
    assert tiers[0].message.endswith(
        "Move one of those links to the tier's other medium, or to another rack."
    )
