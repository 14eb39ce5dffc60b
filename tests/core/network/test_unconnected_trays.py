"""Trays that reach racks without joining them: a finding naming the racks, no length."""

from designer.core.document import operations as ops
from tests.core.network.helpers import H100, add_hall, draw, line_of, new_doc, plan_of, tray


def _codes(plan):
    return {f.code: f for f in plan.findings}


def test_a_rack_whose_trays_miss_the_cable_entry_is_named():
    doc, site = new_doc()
    hall_a = add_hall(doc, site, "A", cable_entry=(0, 600))
    hall_b = add_hall(doc, site, "B", site_origin=(50_000, 20_000), cable_entry=(0, 600))
    a = ops.place_rack(doc, hall_a, H100, 1_600, 1_200, label="A-01")  # centre (2,000, 1,800)
    b = ops.place_rack(doc, hall_b, H100, 2_600, 1_200, label="B-01")
    tray(doc, hall_a, [(0, 600), (600, 600)])  # the entry's stub, joined to nothing
    tray(doc, hall_a, [(1_000, 1_800), (8_000, 1_800)])  # over the rack, ending short of it
    tray(doc, hall_b, [(0, 600), (600, 600), (600, 1_800), (8_000, 1_800)])
    bundle = draw(doc, a, b)
    plan = plan_of(doc)
    line = line_of(plan, bundle)
    assert line.routed_m is None and line.medium == ""
    assert "do not connect" in line.reason
    found = _codes(plan)["cabling.trays_not_connected"]
    assert found.ids == (a,) and found.severity == "error"
    assert found.message == (
        "A-01 – B-01: the trays that reach A-01 do not connect to the hall's cable entry, so "
        "their links cannot be routed. Join the trays."
    )
    assert "cabling.no_medium" not in _codes(plan)


def test_a_tray_joining_the_runs_routes_the_bundle():
    doc, site = new_doc()
    hall = add_hall(doc, site, "A")
    a = ops.place_rack(doc, hall, H100, 1_600, 1_200)  # centre (2,000, 1,800)
    b = ops.place_rack(doc, hall, H100, 12_000, 1_200)  # centre (12,400, 1,800)
    tray(doc, hall, [(1_000, 1_800), (6_000, 1_800)])
    tray(doc, hall, [(9_000, 1_800), (16_000, 1_800)])
    bundle = draw(doc, a, b)
    plan = plan_of(doc)
    assert line_of(plan, bundle).routed_m is None
    assert _codes(plan)["cabling.trays_not_connected"].ids == (a, b)
    tray(doc, hall, [(6_000, 1_800), (9_000, 1_800)])
    plan = plan_of(doc)
    # 2 x 1,600 rise + 10,400 along + 2 x 500 in the racks = 14,600 mm
    assert line_of(plan, bundle).routed_m == 14.6
    assert "cabling.trays_not_connected" not in _codes(plan)
