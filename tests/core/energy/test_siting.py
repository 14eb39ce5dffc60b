"""Moving a hall between sites: cost, carbon and power by hand, and its job's DCI latency."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.energy.energy import Assumptions
from designer.core.energy.siting import hall_moves
from designer.core.jobs import plan_jobs
from designer.core.model import TransformerModel
from designer.core.totals import totals_by_hall
from tests.core.energy.test_energy_year import two_priced_sites

CATALOG = default_catalog()


def moves(doc, jobs=None, assumptions=None):
    by_hall = totals_by_hall(doc.project, doc.rack_types)
    return {(m.hall, m.to_site): m for m in hall_moves(doc.project, by_hall, assumptions, jobs)}


def test_moving_a_hall_south_by_hand():
    doc = two_priced_sites()
    move = moves(doc)[("North hall 1", "South")]
    # 4 DGX B200 at 57.2 kW and a QM9700 rack at 13.2 kW typical: 242 kW, 2,119.92 MWh
    assert move.it_mwh == pytest.approx(2_119.92)
    # North at PUE 1.3 and $90/MWh, South at PUE 1.2 and $57.50/MWh
    assert move.cost_delta_usd == pytest.approx(2_119.92 * (1.2 * 57.5 - 1.3 * 90))
    # 345 g/kWh in the North, 30 g/kWh in the South
    assert move.carbon_delta_t == pytest.approx(2_119.92 * (1.2 * 30 - 1.3 * 345) / 1000)
    # 249.2 kW max x PUE 1.2 needed; South's 400 kW less its own 249.2 kW x 1.2 spare
    assert move.power_needed_kw == pytest.approx(249.2 * 1.2)
    assert move.power_spare_kw == pytest.approx(400 - 249.2 * 1.2)
    assert not move.fits
    assert move.jobs == ()


def test_a_price_and_carbon_given_for_every_site_price_the_moves_too():
    """energy --price 66 --carbon 345 priced each site's year but its hall moves read
    "energy cost unknown": one price and one intensity everywhere, the move to South
    changes only its PUE, 1.3 to 1.2."""
    doc = two_priced_sites()
    given = Assumptions(price_usd_per_mwh=66.0, carbon_g_per_kwh=345.0)
    move = moves(doc, assumptions=given)[("North hall 1", "South")]
    assert move.cost_delta_usd == pytest.approx(2_119.92 * (1.2 - 1.3) * 66)
    assert move.carbon_delta_t == pytest.approx(2_119.92 * (1.2 - 1.3) * 345 / 1000)


def test_a_move_with_power_to_spare_and_no_heat_rejection_does_not_fit():
    """An audit: a campus hall's move "fit" 5,436 kW into a site with 104,564 kW of power
    spare, whose 5,700 kW of heat rejection already carried 4,530 kW. The site's cooling
    check counts the racks' IT max as heat; so does the move."""
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate

    doc = Document(generate(ClusterRequest("campus-nvl72", systems=64, sites=2)))
    by_hall = totals_by_hall(doc.project, doc.rack_types)
    [move, *_] = hall_moves(doc.project, by_hall)
    site = next(s for s in doc.project.sites.values() if s.name == move.to_site)
    there = sum(t.it_max_kw for h, t in by_hall.items() if doc.project.halls[h].site_id == site.id)
    assert move.heat_kw == pytest.approx(by_hall[move.hall_id].it_max_kw)
    assert move.cooling_spare_kw == pytest.approx(site.cooling_capacity_kw - there)
    assert move.power_fits and not move.heat_fits and not move.fits


def test_with_the_cooling_mix_the_pue_moves_with_the_hall():
    doc = two_priced_sites()
    move = moves(doc, assumptions=Assumptions(pue_from="cooling"))[("North hall 1", "South")]
    # DGX B200 racks are air-cooled: PUE 1.5 at either end
    assert move.facility_mwh_before == pytest.approx(move.facility_mwh_after)
    assert move.cost_delta_usd == pytest.approx(2_119.92 * 1.5 * (57.5 - 90))
    # its 249.2 kW max at 1.5 against South's 400 kW less its own 249.2 kW at 1.5 too, not
    # at South's setting of 1.2 (an audit: the spare read 50 kW more than there is)
    assert move.power_needed_kw == pytest.approx(249.2 * 1.5)
    assert move.power_spare_kw == pytest.approx(400 - 249.2 * 1.5)


def test_a_job_over_both_sites_sees_the_dci_go_when_its_southern_hall_moves_north():
    doc = two_priced_sites()
    model = TransformerModel(
        parameters=8_000_000_000, layers=32, hidden=4_096, sequence=4_096, precision="bf16"
    )
    # 8-GPU groups on all 48 DGX B200 systems: both sites, 40 km apart
    ops.add_job(doc, "Spread", model=model, tp=8, dp=48, global_batch=48)
    found = moves(doc, jobs=plan_jobs(doc.project, doc.rack_types))
    # 40 km at 4.9 µs/km one way (links:S46)
    south_north = found[("South hall 1", "North")].jobs[0]
    assert south_north.accelerators_in_hall == 128
    assert south_north.before_us == pytest.approx(196)
    assert south_north.after_us == 0
    north_south = found[("North hall 1", "South")].jobs[0]
    assert (north_south.before_us, north_south.after_us) == (pytest.approx(196),) * 2
    # a longer second path between the sites, which carries half the job's traffic: its
    # 46 km x 4.9 µs/km is the step's wait (the last of one route's paths read instead)
    north, south = doc.project.sites
    ops.set_fibre_route(doc, north, south, 46, path=2)
    ops.set_fibre_route(doc, north, south, 30, path=3)
    found = moves(doc, jobs=plan_jobs(doc.project, doc.rack_types))
    assert found[("South hall 1", "North")].jobs[0].before_us == pytest.approx(46 * 4.9)


def test_a_job_over_a_ring_sees_the_path_through_the_site_between():
    """Sites of a ring no route joins directly: the job's traffic between them goes through
    the site between (``jobs.paths``), and so does its latency; the move reads no latency
    only where no path joins (it read none for A and C, joined through B)."""
    from tests.core.jobs.helpers import across_a_and_c, planned, ring

    doc, (a, b, c, d), _ = ring(km=40.0)
    across_a_and_c(doc, a, c)
    names = {s: doc.project.sites[s].name for s in (a, b, c, d)}
    hall_of = {h.site_id: h.name for h in doc.project.halls.values()}
    found = moves(doc, jobs=planned(doc))
    # from A to B, the job spans B and C: one route, 40 km at 4.9 µs/km (links:S46)
    [job] = found[(hall_of[a], names[b])].jobs
    assert job.before_us == pytest.approx(2 * 40 * 4.9)  # A to C through B (or D)
    assert job.after_us == pytest.approx(40 * 4.9)
    # to D: the job spans D and C, joined directly
    assert found[(hall_of[a], names[d])].jobs[0].after_us == pytest.approx(40 * 4.9)
    # the ring cut between A and B and between C and D: A and D on one side, B and C on
    # the other, and no path joins A and C
    ops.set_fibre_route(doc, a, b, None)
    ops.set_fibre_route(doc, c, d, None)
    found = moves(doc, jobs=planned(doc))
    assert found[(hall_of[a], names[b])].jobs[0].before_us is None
