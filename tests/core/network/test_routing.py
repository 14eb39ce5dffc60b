"""Cable lengths on small floors, hand-computed to the millimetre before rounding.

Every rack is a DGX H100 rack (800 x 1,200 x 2,200 mm): its ports sit at half its height,
1,100 mm, so a tray at 2,700 mm is a 1,600 mm rise; the in-rack allowance is 500 mm at
each end and the slack 10 %.
"""

import math

import pytest

from designer.core.document import operations as ops
from tests.core.network.helpers import H100, add_hall, draw, line_of, new_doc, plan_of, tray

RISE = 2_700 - 1_100
ALLOWANCE = 500


def test_two_racks_three_tiles_apart_on_one_tray():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    # Centres at (400, 1,800) and (2,200, 1,800): three 600 mm tiles apart, under the tray.
    a = ops.place_rack(doc, hall, H100, 0, 1_200)
    b = ops.place_rack(doc, hall, H100, 1_800, 1_200)
    tray(doc, hall, [(0, 1_800), (6_000, 1_800)])
    bundle = draw(doc, a, b, count=4)
    line = line_of(plan_of(doc), bundle)
    # rise 1,600 + along the tray 1,800 + drop 1,600 + 2 x 500 = 6,000 mm
    assert line.routed_m == pytest.approx((RISE + 1_800 + RISE + 2 * ALLOWANCE) / 1000, abs=1e-9)
    # 6.0 m + 10 % = 6.6 m: over DAC 2 m and ACC 5 m, so NVIDIA multimode, sold at 7 m
    assert line.order_m == 7.0
    assert line.medium.startswith("Multimode SR")
    assert line.reason.startswith("6.6 m (6.0 m routed + slack) at 100G/lane")


def test_a_rack_beside_the_tray_adds_the_lateral_run():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 0, 1_200)
    b = ops.place_rack(doc, hall, H100, 1_800, 1_200)
    tray(doc, hall, [(0, 2_100), (6_000, 2_100)])  # 300 mm off the racks' centres
    bundle = draw(doc, a, b)
    line = line_of(plan_of(doc), bundle)
    # 1,600 + 300 + 1,800 + 300 + 1,600 + 1,000 = 6,600 mm
    assert line.routed_m == pytest.approx(6.6, abs=1e-9)


def test_a_tray_path_with_a_90_degree_turn():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 0, 1_200)  # centre (400, 1,800)
    # Turned a quarter: 1,200 along x, 800 along y; corner (5,400, 4,000), centre (6,000, 4,400)
    b = ops.place_rack(doc, hall, H100, 5_400, 4_000, 90)
    tray(doc, hall, [(0, 1_800), (6_000, 1_800), (6_000, 8_000)])
    bundle = draw(doc, a, b)
    line = line_of(plan_of(doc), bundle)
    # along x from 400 to 6,000 (5,600), then down from 1,800 to 4,400 (2,600):
    # 1,600 + 5,600 + 2,600 + 1,600 + 1,000 = 12,400 mm
    assert line.routed_m == pytest.approx(12.4, abs=1e-9)
    assert line.order_m == 15.0  # 13.64 m with slack


def test_racks_in_different_rows_joined_by_a_cross_tray():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 1_800, 1_200)  # centre (2,200, 1,800)
    b = ops.place_rack(doc, hall, H100, 2_600, 5_400)  # centre (3,000, 6,000)
    tray(doc, hall, [(1_200, 1_800), (8_000, 1_800)])  # row 1
    tray(doc, hall, [(1_200, 6_000), (8_000, 6_000)])  # row 2
    tray(doc, hall, [(1_200, 1_800), (1_200, 6_000)])  # cross tray at the row ends
    bundle = draw(doc, a, b)
    line = line_of(plan_of(doc), bundle)
    # to the cross tray 2,200 - 1,200 = 1,000; across 6,000 - 1,800 = 4,200; along row 2
    # 3,000 - 1,200 = 1,800: 1,600 + 1,000 + 4,200 + 1,800 + 1,600 + 1,000 = 11,200 mm
    assert line.routed_m == pytest.approx(11.2, abs=1e-9)


def test_trays_at_two_heights_join_through_a_riser():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 0, 1_200)  # centre (400, 1,800)
    b = ops.place_rack(doc, hall, H100, 4_600, 5_400)  # centre (5,000, 6,000)
    tray(doc, hall, [(0, 1_800), (5_000, 1_800)])
    tray(doc, hall, [(5_000, 0), (5_000, 6_000)], height=3_000)
    bundle = draw(doc, a, b)
    line = line_of(plan_of(doc), bundle)
    # rise 1,600 to the low tray, 4,600 along it, 300 up to the high tray, 4,200 along it,
    # drop 3,000 - 1,100 = 1,900, and 1,000 of allowances: 13,600 mm
    assert line.routed_m == pytest.approx(13.6, abs=1e-9)


def test_links_inside_one_rack_need_only_the_allowances():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    net = ops.place_rack(doc, hall, "nvidia-qm9700-rack", 0, 1_200)
    bundle = draw(doc, net, net, count=8)
    line = line_of(plan_of(doc), bundle)
    # 2 x 500 mm; 1.1 m with slack: a 1.5 m DAC (links:S6)
    assert line.routed_m == pytest.approx(1.0, abs=1e-9)
    assert (line.order_m, line.medium) == (1.5, "Passive direct-attach copper (DAC)")


def test_between_halls_through_their_cable_entries():
    doc, site = new_doc()
    hall_a = add_hall(doc, site, "A", cable_entry=(0, 600))
    hall_b = add_hall(doc, site, "B", site_origin=(50_000, 20_000), cable_entry=(0, 600))
    a = ops.place_rack(doc, hall_a, H100, 1_600, 1_200)  # centre (2,000, 1,800)
    b = ops.place_rack(doc, hall_b, H100, 2_600, 1_200)  # centre (3,000, 1,800)
    for hall in (hall_a, hall_b):
        tray(doc, hall, [(0, 600), (600, 600), (600, 1_800), (8_000, 1_800)])
    bundle = draw(doc, a, b)
    line = line_of(plan_of(doc), bundle)
    # hall A: rise 1,600 + (2,000 - 600) + (1,800 - 600) + 600 to the entry + 500 = 5,300
    # site: entries at (0, 600) and (50,000, 20,600): 50,000 + 20,000 = 70,000
    # hall B: 1,600 + (3,000 - 600) + 1,200 + 600 + 500 = 6,300
    assert line.routed_m == pytest.approx((5_300 + 70_000 + 6_300) / 1000, abs=1e-9)
    # 81.6 m + 10 % = 89.76 m: single-mode DR, cut to 90 m
    assert (line.order_m, line.medium.split()[0]) == (90.0, "Single-mode")


def test_between_sites_along_the_fibre_route():
    doc, north = new_doc()
    south = ops.add_site(doc, "South", power_capacity_kw=1_000, cooling_capacity_kw=1_000)
    ops.add_fibre_route(doc, north, south, 8.0)
    hall_n = add_hall(doc, north, "N", cable_entry=(0, 1_800))
    hall_s = add_hall(doc, south, "S", cable_entry=(0, 1_800))
    a = ops.place_rack(doc, hall_n, H100, 0, 1_200)
    b = ops.place_rack(doc, hall_s, H100, 0, 1_200)
    for hall in (hall_n, hall_s):
        tray(doc, hall, [(0, 1_800), (6_000, 1_800)])
    bundle = draw(doc, a, b)
    line = line_of(plan_of(doc), bundle)
    # each hall: rise 1,600 + 400 to the entry + 500 = 2,500; the route 8 km as laid
    assert line.routed_m == pytest.approx((2 * 2_500 + 8_000_000) / 1000, abs=1e-9)
    assert line.medium.startswith("Single-mode LR")  # 8.0055 km with slack in the halls


def test_a_tray_ending_by_a_racks_corner_reaches_it_though_another_is_nearer_its_centre():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 0, 1_200)  # its top: x 0 to 800, y 1,200 to 2,400
    b = ops.place_rack(doc, hall, H100, 2_700, 1_200)
    # x = 2,100 runs 1.3 m from a's side and 1.7 m from its centre: beyond reach. The spur
    # ending at (1,355, 3,232) is 1.0 m from a's corner (555, 832 mm) and 1.72 m from its
    # centre: a tray nearer the rack's top than the one nearest its centre.
    tray(doc, hall, [(2_100, 0), (2_100, 6_000), (1_355, 6_000), (1_355, 3_232)])
    bundle = draw(doc, a, b)
    plan = plan_of(doc)
    assert line_of(plan, bundle).routed_m is not None
    assert not [f for f in plan.findings if f.code == "cabling.no_tray"]
    ops.move(doc, [a], -309, 0)  # the corner (491, 2,400): hypot(864, 832) = 1,199.5 mm
    assert line_of(plan_of(doc), bundle).routed_m is not None
    ops.move(doc, [a], -1, 0)  # hypot(865, 832) = 1,200.2 mm: nothing reaches it
    [finding] = [f for f in plan_of(doc).findings if f.code == "cabling.no_tray"]
    assert finding.ids == (a,)
    assert finding.measured == pytest.approx(math.hypot(865, 832) / 1000, abs=1e-6)


def test_a_rack_no_tray_reaches_is_told_the_distance_to_the_tray_nearest_its_top():
    """A review's rack was told "1.5 m" to the tray nearest its centre while another tray
    was 1.41 m from its top."""
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 5_000, 5_000)  # its top: x 5,000-5,800, y 5,000-6,200
    b = ops.place_rack(doc, hall, H100, 5_000, 8_000)  # 0.3 m from the first tray
    tray(doc, hall, [(4_000, 7_700), (6_800, 7_700)])  # 1.5 m below a's top; 2.1 m from its centre
    tray(doc, hall, [(6_800, 7_200), (7_500, 7_900)])  # 1.41 m from its corner (1,000, 1,000)
    bundle = draw(doc, a, b)
    plan = plan_of(doc)
    assert line_of(plan, bundle).routed_m is None
    [finding] = [f for f in plan.findings if f.code == "cabling.no_tray"]
    assert finding.measured == pytest.approx(math.hypot(1_000, 1_000) / 1000)


def test_a_rack_no_tray_reaches_is_a_finding_not_a_guess():
    doc, site = new_doc()
    hall = add_hall(doc, site)
    a = ops.place_rack(doc, hall, H100, 0, 1_200)  # its top spans y 1,200 to 2,400
    b = ops.place_rack(doc, hall, H100, 1_800, 1_200)
    # 1.2 m past both racks' rear edges: just reached (a trial's tray 0.43 m behind deep
    # racks had been measured from their centres, 1.27 m, and refused)
    tray(doc, hall, [(0, 3_600), (6_000, 3_600)])
    bundle = draw(doc, a, b)
    assert line_of(plan_of(doc), bundle).routed_m is not None
    ops.move(doc, [a], 0, -1)  # 1,201 mm away: just beyond the 1,200 mm reach
    plan = plan_of(doc)
    line = line_of(plan, bundle)
    assert line.routed_m is None
    assert line.reason.startswith("not routed")
    [finding] = [f for f in plan.findings if f.code == "cabling.no_tray"]
    assert finding.ids == (a,)
    assert "1.201 m from its top, beyond the 1.2 m a rack reaches" in finding.message
    assert finding.measured == pytest.approx(1.201)
    assert finding.limit == pytest.approx(1.2)
