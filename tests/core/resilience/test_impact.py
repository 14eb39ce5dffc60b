"""What a failure takes down and whom it overloads, on the issue's small designs."""

import math
from collections import Counter

import pytest

from designer.core.document import operations as ops
from designer.core.examples import gb200_su, two_sites
from designer.core.examples._common import new_document
from designer.core.resilience import UnknownComponents, fail, resolve
from designer.core.resilience.text import impact_text
from tests.core.jobs.helpers import cluster, with_job
from tests.core.resilience.helpers import hall_of, topology

#: 0.8 x sqrt(3) x 415 V x 800 A: the continuous limit of an 800 A busway, in kW.
LIMIT_800A = 0.8 * math.sqrt(3) * 415 * 800 / 1000


def test_losing_side_a_leaves_every_rack_powered_and_b_over_its_limit(two_n):
    doc, _racks, a, b = two_n
    impact = fail(topology(doc), [a])
    assert impact.losses == {}
    assert impact.accelerators_up == 288
    (over,) = impact.overloads
    assert (over.kind, over.id) == ("feed", b)
    assert over.load == pytest.approx(4 * 132)  # 528 kW
    assert over.limit == pytest.approx(LIMIT_800A)
    assert round(over.limit) == 460


def test_losing_both_sides_takes_four_racks_and_288_gpus(two_n):
    doc, racks, a, b = two_n
    impact = fail(topology(doc), [a, b])
    assert set(impact.losses["power"]) == set(racks)
    assert impact.lost_accelerators["power"] == 288
    assert impact.accelerators_up == 0


def test_a_power_side_by_name_is_its_feeds(two_n):
    doc, _racks, a, _b = two_n
    hall = doc.project.feeds[a].hall_id
    assert resolve(doc.project, ["H side A"]) == [f"{hall}/A"]
    assert fail(topology(doc), [f"{hall}/A", f"{hall}/B"]).lost_accelerators["power"] == 288


def test_the_survivor_of_an_n_plus_1_pair_carries_all_eight_racks(eight_on_cdus):
    doc, _racks, cdu_a, _cdu_b, _ = eight_on_cdus
    impact = fail(topology(doc), [cdu_a])
    # 8 x 132 kW x 0.87 = 918.7 kW of liquid heat, within the survivor's 1,368 kW
    assert impact.losses == {} and impact.overloads == ()
    assert impact.accelerators_up == 576


def test_a_pair_down_to_one_cdu_is_said_to_have_no_spare_left(eight_on_cdus):
    """A trial: a CDU's loss read "No rack loses power, cooling or connectivity" and no
    more, though its N+1 pair now ran on the one CDU left."""
    doc, _racks, cdu_a, cdu_b, group = eight_on_cdus
    impact = fail(topology(doc), [cdu_a])
    assert impact.spares_gone == (group,)
    assert (
        "Cooling group CDUs (N+1) carries its racks with no spare left: one more of its CDUs "
        "down and they lose liquid cooling." in impact_text(doc.project, impact)
    )
    # a third CDU in the pair: with one down, two carry 918.7 kW and either could alone
    hall = doc.project.cooling_units[cdu_b].hall_id
    ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 14_000, 3_000, "CDU-C", group_id=group)
    assert fail(topology(doc), [cdu_a]).spares_gone == ()


def test_with_one_cdu_all_eight_racks_lose_liquid_cooling(eight_on_cdus):
    doc, racks, cdu_a, cdu_b, _ = eight_on_cdus
    ops.assign_cdu(doc, racks, cdu_a)
    ops.delete(doc, [cdu_b])
    impact = fail(topology(doc), resolve(doc.project, ["CDU-A"]))
    assert set(impact.losses["liquid"]) == set(racks)
    assert impact.lost_accelerators["liquid"] == 576


def test_a_group_whose_survivors_are_short_is_named_with_its_figures(eight_on_cdus):
    doc, _racks, cdu_a, cdu_b, group = eight_on_cdus
    ops.update(doc, cdu_b, liquid_capacity_kw=600.0)
    (over,) = fail(topology(doc), [cdu_a]).overloads
    assert (over.kind, over.id) == ("cooling_group", group)
    assert over.load == pytest.approx(8 * 132 * 0.87)
    assert over.limit == 600.0
    # before: what the group carried with nothing failed (918.7 kW), not its 1,968 kW
    assert over.before == pytest.approx(8 * 132 * 0.87)


def test_a_group_whose_survivors_lack_the_flow_is_named_with_it(eight_on_cdus):
    """Nine NVL72 (1,033.56 kW of liquid heat) fit the 1,368 kW left with one CDU down, but
    need 1,240.3 L/min at 1.2 L/min per kW, and the CDU left delivers 1,200 (an audit)."""
    doc, _racks, cdu_a, cdu_b, group = eight_on_cdus
    hall = doc.project.cooling_units[cdu_b].hall_id
    (ninth,) = ops.place_row(doc, hall, "nvidia-gb200-nvl72", 2_000, 6_000, 1, 0)
    ops.assign_cdu(doc, [ninth], cdu_b)
    impact = fail(topology(doc), [cdu_a])
    assert impact.losses == {}
    (over,) = impact.overloads
    assert (over.kind, over.id, over.unit) == ("cooling_group", group, "L/min")
    assert (over.load, over.limit) == (pytest.approx(9 * 114.84 * 1.2), 1_200)
    assert (over.before, over.limit_before) == (pytest.approx(1_240.272), 2_400)
    assert "CDUs (cooling group) needs 1,240.3 L/min, over its limit of 1,200 L/min" in (
        impact_text(doc.project, impact)
    )


def test_a_hall_whose_air_units_left_are_short_reads_its_load_before():
    """Four DGX B200 racks (57.2 kW of room air each) under two 150 kW CRAHs: one CRAH
    down leaves 150 kW for 228.8 kW; before the failure the hall's air carried 228.8 kW
    (of the 300 kW its CRAHs had)."""
    doc = new_document("Air", "")
    _, hall = hall_of(doc)
    ops.place_row(doc, hall, "nvidia-dgx-b200-rack", 2_000, 3_000, 4, 0, label_prefix="DGX-")
    crah = ops.add_cooling_unit(doc, hall, "crah-150", 3_000, 8_000, "CRAH-1")
    ops.add_cooling_unit(doc, hall, "crah-150", 8_000, 8_000, "CRAH-2")
    impact = fail(topology(doc), [crah])
    assert impact.losses == {}
    (over,) = impact.overloads
    assert (over.kind, over.id) == ("hall_air", hall)
    assert over.load == pytest.approx(4 * 57.2)
    assert over.limit == 150.0
    assert over.before == pytest.approx(228.8)
    # the same heat on half the units: said with the limit it had (a trial read "198.5 kW,
    # over its limit of 150 kW (before: 198.5 kW)" and asked what had changed)
    assert over.limit_before == 300.0
    assert "(before: 228.8 of 300 kW)" in impact_text(doc.project, impact)


def test_cutting_the_only_fibre_route_splits_the_cluster_in_two():
    doc = two_sites.build()
    project = doc.project
    (route,) = project.fibre_routes
    impact = fail(topology(doc), [route])
    assert impact.split
    parts = {p.sites: p.accelerators for p in impact.parts}
    gpus = dict.fromkeys(project.sites, 0)
    topo = topology(doc)
    for rack, n in topo.accelerators.items():
        gpus[topo.rack_site[rack]] += n
    assert parts == {(s,): n for s, n in gpus.items()}
    assert all(n > 0 for n in parts.values())
    assert impact.cross_site_left_gbps == 0 < impact.cross_site_gbps


def test_a_sites_halls_down_leave_no_bandwidth_across_as_the_site_down_does():
    """An audit: failing the only hall of a site read 1,600 Gb/s across the sites left,
    failing the site 0; with no accelerator up at one end a route carries nothing across."""
    doc = two_sites.build()
    project = doc.project
    topo = topology(doc)
    site = next(iter(project.sites))
    halls = [h.id for h in project.halls.values() if h.site_id == site]
    by_hall, by_site = fail(topo, halls), fail(topo, [site])
    assert by_hall.cross_site_gbps == by_site.cross_site_gbps > 0
    assert by_hall.cross_site_left_gbps == by_site.cross_site_left_gbps == 0
    # a rack down at one end leaves the route its whole bandwidth
    rack = next(r for r in topo.accelerators if topo.rack_site[r] == site)
    assert fail(topo, [rack]).cross_site_left_gbps == by_hall.cross_site_gbps


def test_a_site_with_no_accelerators_still_joins_the_others_across():
    """A review: a hub site the fibre passes, with no racks of its own, had its routes
    counted as lost after any failure ("cross-site: 7.2 of 11.2 Tb/s" for one rack down)."""
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate
    from designer.core.model.base import evolve

    doc = Document(generate(ClusterRequest("nvl72-su", sites=3, site_km=40)))
    hub = sorted(doc.project.sites)[2]
    halls = {h.id for h in doc.project.halls.values() if h.site_id == hub}
    ops.delete(doc, [r.id for r in doc.project.placements.values() if r.hall_id in halls])
    network = doc.project.settings.network
    ops.update_settings(doc, "DCI", network=evolve(network, dci_tbps={hub: 7.2}))
    topo = topology(doc)
    assert hub not in topo.site_accelerators and topo.cross_site_gbps > 0
    rack = next(iter(topo.accelerators))
    assert fail(topo, [rack]).cross_site_left_gbps == topo.cross_site_gbps


def test_a_network_rack_down_cuts_the_racks_that_reach_through_it():
    doc = two_sites.build()
    topo = topology(doc)
    switch = sorted(topo.network_racks)[0]
    impact = fail(topo, [switch])
    assert impact.losses["failed"] == (switch,)
    cut = impact.losses["scale_out"]
    assert cut and all(topo.rack_site[r] == topo.rack_site[switch] for r in cut)
    assert impact.bisection_left_gbps < impact.bisection_gbps


def test_a_leaf_rack_down_cuts_off_its_rails_not_the_racks_that_reach_it():
    # the generated SU: 8 NVL72 of 72 GPUs, one 400G link per GPU, their leaves spread
    # over the network racks; a leaf rack down cuts off the GPUs whose links end there
    doc = cluster("nvl72-su")
    topo = topology(doc)
    table = topo.plan.table()
    for switch in sorted(topo.network_racks):
        # the node links that end at this rack, counted from the plan's own table
        ending = sum(
            count
            for a, b, role, count in zip(
                table.a, table.b, table.role, table.count.tolist(), strict=True
            )
            if role == "node-leaf" and switch in (a, b)
        )
        impact = fail(topo, [switch])
        assert impact.accelerators_up == 576
        assert impact.accelerators_connected == 576 - ending
        assert impact.lost_accelerators.get("scale_out", 0) == ending
        if 0 < ending < 576:
            # the racks stay listed: each loses some of its links
            assert len(impact.losses["scale_out"]) == 8
    # one of them holds the leaves of two thirds of the links and no spine: the node tier
    # is the thinnest left, and the GPUs still connected are what the bisection counts
    impact = fail(topo, ["rk-011"])
    assert impact.accelerators_connected == 192
    assert impact.bisection_left_gbps == pytest.approx(192 * 400 / 2)
    # every leaf down: all cut off, and no tier is said to split racks that reach their
    # leaves, for none does (a review read "its racks reach their leaves" beside 0 %)
    leaves = [s for s in sorted(topo.network_racks) if fail(topo, [s]).accelerators_connected < 576]
    impact = fail(topo, leaves)
    assert impact.accelerators_connected == 0
    assert impact.tiers_down == ()


def test_a_ub_switch_rack_down_leaves_the_supernode_whole_at_three_quarters_of_its_ub():
    # each of the 12 compute racks: 4 nodes x 56 UB ports of 400G (systems:S24), spread
    # evenly over the 4 UB switch racks, 56 links to each
    doc = cluster("cm384")
    topo = topology(doc)
    switches = sorted(
        r for r in topo.network_racks if doc.project.placements[r].type_id.endswith("ub-switch")
    )
    assert len(switches) == 4
    whole = 12 * 4 * 56 * 400
    impact = fail(topo, switches[:1])
    assert impact.scale_up_gbps == pytest.approx(whole)
    assert impact.scale_up_left_gbps == pytest.approx(whole * 3 / 4)
    assert impact.accelerators_connected == 384
    assert "scale_up" not in impact.losses
    # 2,688 UB links of 400G each way: an audit compared such a sum with NVIDIA's per-rack
    # figures, which count both ways
    text = impact_text(doc.project, impact)
    assert "What is left (bandwidths each way):" in text
    assert "scale-up: 806.4 of 1,075.2 Tb/s (75 %)" in text
    # with all four down no compute rack has a UB link left: the domain is gone
    impact = fail(topo, switches)
    assert impact.scale_up_left_gbps == 0
    assert len(impact.losses["scale_up"]) == 12
    assert impact.accelerators_connected == 0


def test_unknown_names_are_all_named():
    doc = two_sites.build()
    with pytest.raises(UnknownComponents, match=r"'nope'.*'gone'|'gone'.*'nope'"):
        resolve(doc.project, ["nope", "gone"])


def test_the_jobs_on_the_racks_that_go_down_are_named():
    doc = cluster("nvl72-su")
    # 8 NVL72: TP 8 x DP 36 fills four racks, TP 8 x DP 36 the other four
    first = with_job(doc, name="First", tp=8, dp=36, global_batch=36)
    second = with_job(doc, name="Second", tp=8, dp=36, global_batch=36)
    topo = topology(doc)
    assert {j: len(r) for j, r in topo.job_racks.items()} == {first: 4, second: 4}
    rack = sorted(topo.job_racks[first])[0]
    feeds = doc.project.placements[rack].feed_ids
    impact = fail(topo, feeds)
    assert first in impact.jobs
    hit = set(impact.racks_hit)
    assert (second in impact.jobs) == bool(hit & topo.job_racks[second])


def test_cutting_the_only_tray_severs_every_rack_from_its_leaves():
    doc = gb200_su.build()
    (tray,) = doc.project.trays
    impact = fail(topology(doc), [tray])
    # the one row tray carries every node-leaf and leaf-spine bundle of the unit
    assert len(impact.losses["scale_out"]) == 8
    assert impact.accelerators_up == 576 and impact.accelerators_connected == 0
    assert impact.bisection_left_gbps == 0 < impact.bisection_gbps


def test_a_tray_that_cuts_half_the_racks_off_their_leaves_halves_the_bisection():
    # the generated SU: row 1's bottom tray carries the node links of the row's four
    # racks, not the leaf-spine links; the racks cut off cannot send across the middle
    doc = cluster("nvl72-su")
    (tray,) = [t.id for t in doc.project.trays.values() if t.name == "Row 1 bottom tray"]
    impact = fail(topology(doc), [tray])
    assert impact.accelerators_connected == 288
    # 8 racks x 72 x 400G = 230.4 Tb/s of node links, half of them cut; the leaf-spine
    # tier is whole: the narrowest tier left is the node tier's 115.2 Tb/s, halved
    assert impact.bisection_gbps == pytest.approx(115_200)
    assert impact.bisection_left_gbps == pytest.approx(57_600)


def test_a_route_cut_pushes_its_dci_onto_the_other_route_past_what_that_route_has_lit():
    # a pod over two sites joined by two routes, each lit for half of the 28.8 Tb/s the
    # sites exchange: 36 x 400G ZR (as the site map says); with one cut the other carries
    # all 28.8 Tb/s on its 14.4 Tb/s of transceivers (its fibre could take more, lit)
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate

    project = generate(ClusterRequest("gb300-su", sites=2, site_km=40))
    doc = Document(project)
    first, second = sorted(project.fibre_routes)
    impact = fail(topology(doc), [first])
    (over,) = impact.overloads
    assert (over.kind, over.id) == ("fibre_route", second)
    assert over.load == pytest.approx(28.8)
    assert over.limit == pytest.approx(36 * 400 / 1000)
    assert over.before == pytest.approx(14.4)
    assert impact.cross_site_left_gbps == pytest.approx(14_400)


def test_a_job_over_two_sites_is_hit_when_the_fibre_between_them_is_cut_or_overloaded():
    """An audit: a job over two sites, both routes cut, was named by no failure though it
    could not run. A cut whose traffic the other route takes within its limit leaves the
    job alone; one that leaves the other route short of the sites' fixed figure, which the
    job's own traffic fits, names it apart from the jobs hit (a trial read "Jobs hit" of a
    job whose traffic fitted the routes left)."""
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate
    from designer.core.model.base import evolve

    doc = Document(generate(ClusterRequest("gb300-su", sites=2, site_km=40)))
    network = doc.project.settings.network  # the routes sized by the job alone
    ops.update_settings(doc, "DCI", network=evolve(network, dci_share=0.0))
    job = with_job(doc, name="Wide", tp=8, pp=2, dp=36, global_batch=72)
    topo = topology(doc)
    assert len({topo.rack_site[r] for r in topo.job_racks[job]}) == 2
    first, second = sorted(doc.project.fibre_routes)
    assert fail(topo, [first, second]).jobs == (job,)
    one_cut = fail(topo, [first])  # the job's 0.09 Tb/s a route fits one 400G wavelength
    assert not one_cut.overloads and one_cut.jobs == ()
    # each site's figure fixed at 28.8 Tb/s: 14.4 lit a route, all 28.8 on one after a cut
    network = doc.project.settings.network
    fixed = dict.fromkeys(doc.project.sites, 28.8)
    ops.update_settings(doc, "DCI", network=evolve(network, dci_tbps=fixed))
    topo = topology(doc)
    impact = fail(topo, [first])
    assert [o.kind for o in impact.overloads] == ["fibre_route"]
    # the route is short of the sites' fixed figure, but the job's 0.09 Tb/s fits one route
    assert impact.jobs == () and impact.jobs_short == (job,)
    text = impact_text(doc.project, impact)
    assert "Jobs hit" not in text
    assert (
        "Jobs whose own traffic fits the routes left, short of the design's cross-site "
        "share: Wide" in text
    )
    # the job's 0.09 Tb/s a route, both halves on the route left
    assert "of it the jobs' own traffic 0.18 Tb/s, which fits" in text


def test_a_job_is_named_by_a_cut_elsewhere_whose_traffic_overloads_its_own_route():
    """A review: a job over Sites 1 and 2 was named only when a route between its own sites
    was cut. Three sites, each fixed at 7.2 Tb/s: 3.6 lit a route. Cutting Site 1 - Site 3
    moves its 3.6 Tb/s onto Site 1 - Site 2, which the job runs over: past its limit, the
    job's own traffic within it."""
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate
    from designer.core.model.base import evolve

    doc = Document(generate(ClusterRequest("nvl72-su", sites=3, site_km=40)))
    job = with_job(doc, name="Pair", tp=8, dp=54, global_batch=54)  # 6 of the 8 racks
    network = doc.project.settings.network
    fixed = dict.fromkeys(doc.project.sites, 7.2)
    ops.update_settings(doc, "DCI", network=evolve(network, dci_tbps=fixed))
    topo = topology(doc)
    first, second, third = sorted(doc.project.sites)
    assert topo.job_sites[job] == {first, second}
    routes = {frozenset((r.site_a, r.site_b)): i for i, r in topo.routes.items()}
    impact = fail(topo, [routes[frozenset((first, third))]])
    assert routes[frozenset((first, second))] in {o.id for o in impact.overloads}
    assert impact.jobs == () and impact.jobs_short == (job,)


def _site_of_three_halls():
    """48 CloudMatrix384 on one site in three halls, and their topology."""
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate

    project = generate(ClusterRequest("campus-cm384", systems=48, sites=1))
    return project, topology(Document(project))


def test_no_one_hall_of_a_site_holds_its_whole_spine_core_tier():
    # the cores are dealt over the pods and each pod's spines stand by its leaves: failing
    # any one of the three halls leaves the others joined over part of the bisection (a
    # trial found every core in one hall, whose loss left a bisection of 0)
    project, topo = _site_of_three_halls()
    (fabric,) = topo.plan.fabrics().values()
    placements = project.placements
    core_halls = {placements[rack].hall_id for rack, _, role, _ in fabric.placed if role == "core"}
    assert core_halls == set(project.halls)
    # 48 x 384 = 18,432 ports of 400G on radix 128 (64 x 800G split), 64 down a leaf: 288
    # leaves, 96 a hall; each hall's leaves are pods of 64 and 32 with as many spines, and
    # the 18,432 / 128 = 144 cores go 24 to each of the 6 pods: every hall holds 96 leaves,
    # 96 spines and 48 cores (pods across a hall's wall gave halls alike 64, 128 and 96
    # spines, and their failures left 34, 49 and 44 % of the bisection)
    held = Counter()
    for rack, _, role, count in fabric.placed:
        held[(placements[rack].hall_id, role)] += count
    assert held == {
        (h, r): n for h in project.halls for r, n in (("leaf", 96), ("spine", 96), ("core", 48))
    }
    left = set()
    for hall in project.halls:
        impact = fail(topo, [hall])
        assert impact.tiers_down == ()
        assert 0 < impact.bisection_left_gbps < impact.bisection_gbps
        left.add(impact.bisection_left_gbps)
    assert len(left) == 1  # three halls alike, alike in what their loss leaves


def test_every_core_switch_down_leaves_the_racks_on_their_leaves_but_the_site_apart():
    # failing every network rack holding a core switch leaves other racks on their leaves
    # but the site's fabric without its top tier (a trial read "connected 66.7 %" beside a
    # bisection of 0 and nothing else)
    project, topo = _site_of_three_halls()
    (site,) = project.sites
    (fabric,) = topo.plan.fabrics().values()
    core_racks = sorted({rack for rack, _, role, _ in fabric.placed if role == "core"})
    impact = fail(topo, core_racks)
    assert impact.accelerators_up > 0
    assert impact.tiers_down == ((site, "spine-core"),)
    assert impact.bisection_left_gbps == 0
    assert "its whole spine-core tier is down" in impact_text(project, impact)


def test_a_job_over_several_racks_is_hit_when_its_sites_whole_spine_tier_goes():
    """A trial: NET-02 of the GB200 SU, the rack of its 9 spines, down left its bisection
    at 0 ("its whole leaf-spine tier is down") and named no job, though a job over all 8
    racks had lost the fabric between them: no rack was down or off its leaves."""
    doc = gb200_su.build()
    wide = with_job(doc, name="Wide", tp=8, dp=72, global_batch=72)
    topo = topology(doc)
    assert len(topo.job_racks[wide]) == 8
    impact = fail(topo, resolve(doc.project, ["NET-02"]))
    assert impact.tiers_down and impact.bisection_left_gbps == 0
    assert topo.job_racks[wide].isdisjoint(impact.racks_hit)  # none of its racks is hit
    assert impact.jobs == (wide,)


def test_with_the_share_sizing_the_routes_a_cut_overloads_the_other_as_without_jobs():
    """The routes sized at the DCI share (an eighth of a site's 288 x 800 Gb/s, 28.8 Tb/s,
    over its two routes: 14.4 each), more than a job's 0.09 Tb/s: a cut moves one route's
    14.4 onto the other, past its limit, with jobs or without; a job over both sites, whose
    own traffic fits, is named short of the share, not hit."""
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate

    doc = Document(generate(ClusterRequest("gb300-su", sites=2, site_km=40)))
    first = sorted(doc.project.fibre_routes)[0]
    without = fail(topology(doc), [first]).overloads
    job = with_job(doc, name="Wide", tp=8, pp=2, dp=36, global_batch=72)
    impact = fail(topology(doc), [first])
    assert (
        [(o.kind, o.load, o.limit) for o in impact.overloads]
        == [(o.kind, o.load, o.limit) for o in without]
        == [("fibre_route", 28.8, 14.4)]
    )
    assert impact.jobs == () and impact.jobs_short == (job,)


def test_a_cut_on_a_ring_sends_a_jobs_traffic_the_other_way_round():
    """A - B - C - D - A, 40 km a route, sized by a job on A and C alone (a share of 0):
    its 0.0899 Tb/s boundary runs A - B - C, one 400 Gb/s wavelength lit on each, none on
    C - D and D - A. Cutting A - B moves it, whole, to A - D - C, whose routes have nothing
    lit: both over their limit, the job slowed; B - C, left without it, is not. Cutting
    A - B and C - D as well parts A and D from B and C."""
    from designer.core.model.base import evolve
    from tests.core.jobs.helpers import across_a_and_c, ring

    doc, (a, b, c, d), routes = ring()
    network = doc.project.settings.network
    ops.update_settings(doc, "DCI", network=evolve(network, dci_share=0.0))
    job = across_a_and_c(doc, a, c)
    topo = topology(doc)
    # 144 x 8,192 x 8,192 x 2 bytes x 8 over the 1.72 s step
    tbps = 144 * 8_192 * 8_192 * 2 * 8 / (6 * 70e9 * 144 * 8_192 / (288 * 2.5e15 * 0.4)) / 1e12
    assert topo.pair_tbps == {(a, c): pytest.approx(tbps)}
    ab, bc, cd, da = (routes[frozenset(p)] for p in ((a, b), (b, c), (c, d), (d, a)))
    assert [topo.routes[r].links for r in (ab, bc, cd, da)] == [1, 1, 0, 0]
    impact = fail(topo, [ab])
    assert not impact.split
    assert {o.id: (o.load, o.limit, o.before) for o in impact.overloads} == {
        cd: (pytest.approx(tbps), 0.0, 0.0),
        da: (pytest.approx(tbps), 0.0, 0.0),
    }
    assert impact.jobs == (job,)
    # cut A - D instead: the job's path never used it, nothing moves
    assert fail(topo, [da]).overloads == () and fail(topo, [da]).jobs == ()
    both = fail(topo, [ab, cd])
    assert both.split and both.jobs == (job,)
