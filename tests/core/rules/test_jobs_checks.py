"""The jobs family: each code on a case worked by hand, and silence where the job fits."""

import pytest

from designer.core.document import operations as ops
from designer.core.model import TransformerModel
from designer.core.model.network_settings import NetworkSettings
from designer.core.rules import RuleEngine, Severity
from designer.core.rules import jobs as job_rules
from tests.core.jobs.helpers import CATALOG, across_a_and_c, cluster, ring, with_job
from tests.core.jobs.test_placement import MOE


def findings(doc):
    return RuleEngine(CATALOG, checks=job_rules.CHECKS).run(doc.project).findings


def only(doc, code):
    found = [f for f in findings(doc) if f.code == code]
    assert len(found) == 1, [f.message for f in findings(doc)]
    return found[0]


def test_tp_16_on_8_gpu_servers_is_an_error_naming_the_group_and_the_domain():
    doc = cluster("hgx-su", systems=4)
    job = with_job(doc, name="Big TP", tp=16, dp=8, global_batch=8)
    found = only(doc, "jobs.group_too_large")
    assert found.severity is Severity.ERROR and found.ids == (job,)
    assert "the TP 16 group needs 16 accelerators in one scale-up domain" in found.message
    assert "8-GPU server of 8" in found.message
    assert (found.measured, found.limit) == (16, 8)


def test_tp_8_by_ep_9_on_nvl72_finds_nothing():
    # m = 576 / (1 x 9 x 8) = 8; active 40e9 + 360e9 x 4/72 = 60e9 parameters:
    # compute 6 x 60e9 x 576 x 8,192 / (576 x 2.5e15 x 0.4) = 2.95 s; scale-up (TP 451 GB
    # + EP 916 GB) / 900 GB/s = 1.52 s; DP 37.2 GB at 400 Gb/s = 0.74 s; memory
    # (40e9/8 + 360e9/72) x 16 bytes = 160 GB of 186 GB
    doc = cluster("nvl72-su")
    with_job(doc, model=MOE, tp=8, ep=9, dp=8, global_batch=576)
    assert findings(doc) == ()


def test_degrees_that_do_not_multiply_to_the_accelerators_given():
    doc = cluster("nvl72-su")
    with_job(doc, tp=8, dp=18, global_batch=18, accelerators=216)
    found = only(doc, "jobs.degrees_mismatch")
    assert "TP 8 x CP 1 x EP 1 x PP 1 x DP 18 = 144 accelerators" in found.message
    assert "given 216" in found.message


def test_a_model_too_big_for_the_memory_at_its_degrees():
    # 405e9 / 8 = 50.6e9 parameters a GPU x 16 bytes = 810 GB against 13.4 TB / 72 = 186 GB
    doc = cluster("nvl72-su")
    big = TransformerModel(parameters=405_000_000_000, layers=126, hidden=16_384, sequence=8_192)
    with_job(doc, model=big, tp=8, dp=72, global_batch=576)
    found = only(doc, "jobs.memory")
    assert found.measured == pytest.approx(810) and found.limit == pytest.approx(186.11, 0.01)
    assert "810 GB per accelerator" in found.message and "186 GB of HBM" in found.message
    # ZeRO-3 over the 72 replicas: 810 / 72 = 11.25 GB fits
    ops.update(doc, next(iter(doc.project.jobs)), zero=3)
    assert not [f for f in findings(doc) if f.code == "jobs.memory"]


def test_a_global_batch_that_does_not_split_into_micro_batches():
    doc = cluster("nvl72-su")
    with_job(doc, tp=8, dp=72, global_batch=100)
    found = only(doc, "jobs.batch_split")
    assert "100 / 72 = 1.39" in found.message


def test_layers_that_do_not_divide_by_pp_are_a_warning_with_the_slowest_stage():
    # 80 layers over PP 3: stages of 27, 27 and 26; at the pace of 27, 27 x 3 / 80 = 1.0125
    # of even stages (a trial's 26.7 layers a stage went without a word)
    doc = cluster("nvl72-su")
    job = with_job(doc, tp=8, pp=3, dp=24, global_batch=72)
    found = only(doc, "jobs.uneven_stages")
    assert found.severity is Severity.WARNING and found.ids == (job,)
    assert "80 layers over PP 3 is 26.7 a stage: 2 of the stages hold 27 and the others 26" in (
        found.message
    )
    assert f"{27 * 3 / 80 - 1:.1%} more than even stages" in found.message
    # PP 2 splits 80 layers evenly: nothing said
    ops.update(doc, job, pp=2, dp=36)
    assert not [f for f in findings(doc) if f.code == "jobs.uneven_stages"]


def test_more_stages_than_layers_is_an_error_not_an_uneven_split():
    # 80 layers over PP 96: 16 stages would hold no layer (a review read "100.0 % more")
    doc = cluster("nvl72-su")
    job = with_job(doc, tp=1, pp=96, dp=6, global_batch=6)
    found = only(doc, "jobs.empty_stages")
    assert found.severity is Severity.ERROR and found.ids == (job,)
    assert "PP 96 splits 80 layers into 96 stages: 16 of them hold none" in found.message
    assert not [f for f in findings(doc) if f.code == "jobs.uneven_stages"]


def test_accelerators_given_to_two_jobs_are_one_error():
    doc = cluster("nvl72-su")
    rack = next(iter(doc.project.placements))
    first = with_job(doc, name="A", tp=8, dp=9, global_batch=72, where=[rack])
    second = with_job(doc, name="B", tp=8, dp=9, global_batch=72, where=[rack])
    found = only(doc, "jobs.shared_accelerators")
    assert found.ids[:2] == (first, second)
    assert "A and B are both given" in found.message and "ask for 144" in found.message


def test_no_room_for_the_job_says_how_many_groups_fit():
    doc = cluster("nvl72-su")
    with_job(doc, tp=8, dp=80, global_batch=80)
    found = only(doc, "jobs.no_room")
    assert "PP 1 x DP 80 = 80 groups of 8" in found.message
    assert "room for 72 such groups" in found.message


def test_communication_longer_than_compute_is_a_warning_with_both_times():
    # one sequence per replica: compute 6 x 70e9 x 72 x 8,192 / (576 x 2.5e15 x 0.4) =
    # 0.43 s; DP 2 x 71/72 x 17.5e9 bytes at 400 Gb/s = 0.69 s
    doc = cluster("nvl72-su")
    with_job(doc, tp=8, dp=72, global_batch=72)
    found = only(doc, "jobs.plane_time")
    assert found.severity is Severity.WARNING
    assert found.measured == pytest.approx(2 * 71 / 72 * 17.5e9 * 8 / 400e9)
    assert found.limit == pytest.approx(6 * 70e9 * 72 * 8_192 / (576 * 2.5e15 * 0.4))
    assert "scale-out traffic of 34.5 GB per accelerator" in found.message
    assert "690 ms" in found.message and "430 ms of compute at 40% utilisation" in found.message


def test_pipelines_laid_together_across_two_sites_send_the_all_reduce_not_the_pipeline():
    """TP 8 x PP 9 x DP 16 on two sites of 8 GB300 NVL72, m = 128 / 16 = 8. Stage by stage,
    16 replicas' boundaries cross the sites (each 8 x 8,192 x 8,192 x 2 bytes each way:
    17.2 GB), crossed 2 x 8 = 16 times a step (on and back per micro-batch), and stage 4's
    ring crosses (2 x 15/16 x 70e9 / 9 x 2 = 29.2 GB): 46.3 GB. Pipelines together, no
    boundary crosses, but all 9 stages' rings do: 2 x 15/16 x 140e9 = 262.5 GB each way."""
    apart = cluster("gb300-su", systems=16, sites=2, site_km=40)
    with_job(apart, tp=8, pp=9, dp=16, global_batch=128)
    found = only(apart, "jobs.cross_site")
    assert found.measured == pytest.approx(
        (16 * 8 * 8_192 * 8_192 * 2 + 2 * 15 / 16 * 70e9 / 9 * 2) / 1e9
    )
    assert "(PP 17.2 GB, DP 29.2 GB)" in found.message
    assert "crossed 16 times per step by the pipeline" in found.message
    together = cluster("gb300-su", systems=16, sites=2, site_km=40)
    with_job(together, tp=8, pp=9, dp=16, global_batch=128, order="pipelines")
    found = only(together, "jobs.cross_site")
    assert found.measured == pytest.approx(262.5)
    assert "262 GB each way per step" in found.message and "(DP 262 GB)" in found.message
    assert "by the pipeline" not in found.message


def test_pp_across_two_sites_is_stated_not_an_error():
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    with_job(doc, tp=8, pp=2, dp=72, global_batch=576)
    found = findings(doc)
    assert [f.code for f in found] == ["jobs.cross_site"]
    # the activations of the global batch at the boundary: 576 x 8,192 x 8,192 x 2 bytes
    assert found[0].measured == pytest.approx(576 * 8_192 * 8_192 * 2 / 1e9)
    assert "77.3 GB each way per step over 40 km" in found[0].message
    assert "196 µs one way" in found[0].message
    # one finding for the two routes joining the sites, which share the boundary: each
    # needs 0.18 Tb/s, less than its share of the sites' scale-out (an eighth of 576 x
    # 400 Gb/s a site, half on each route: 14.4 Tb/s), which it is lit for
    assert "of fibre on 2 routes" in found[0].message
    assert found[0].ids[1:] == tuple(doc.project.fibre_routes)
    assert "it needs 360 Gb/s to hide behind compute and is given 28.8 Tb/s" in found[0].message
    # sized by the jobs alone (a share of 0), each route is lit with one 400 Gb/s wavelength
    network = doc.project.settings.network
    ops.update_settings(doc, "DCI", network=network.model_copy(update={"dci_share": 0.0}))
    [found] = findings(doc)
    assert "it needs 360 Gb/s to hide behind compute and is given 800 Gb/s" in found.message


def test_an_all_reduce_across_sites_over_a_thin_route_is_a_warning():
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    sites = list(doc.project.sites)
    ops.set_fibre_route(doc, *sites, None, path=2)  # one route between the two sites
    with_job(doc, tp=8, dp=144, global_batch=1_152)
    ops.update_settings(doc, "DCI", network=NetworkSettings(dci_tbps=dict.fromkeys(sites, 0.4)))
    found = only(doc, "jobs.dci_too_thin")
    assert "An all-reduce across sites needs a wider route" in found.message
    assert "its share of the route 400 Gb/s" in found.message


def test_traffic_between_sites_without_a_route_is_an_error():
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    first, second = doc.project.sites
    for _ in range(2):  # both routes between them taken up
        ops.set_fibre_route(doc, first, second, None)
    with_job(doc, tp=8, pp=2, dp=72, global_batch=576)
    found = only(doc, "jobs.no_dci_route")
    assert found.ids == (next(iter(doc.project.jobs)), first, second)


def test_fp8_on_the_ascend_910c_has_no_compute_figure():
    doc = cluster("cm384")
    fp8 = TransformerModel(
        parameters=8_000_000_000, layers=32, hidden=4_096, sequence=4_096, precision="fp8"
    )
    with_job(doc, model=fp8, tp=8, dp=48, global_batch=48)
    assert only(doc, "jobs.no_compute_figure").severity is Severity.ERROR


def test_an_edit_rechecks_the_jobs_as_a_full_run_would():
    doc = cluster("nvl72-su")
    engine = RuleEngine(CATALOG, checks=job_rules.CHECKS)
    engine.run(doc.project)
    job = with_job(doc, tp=8, dp=72, global_batch=72)
    changed = {job}
    assert engine.update(doc.project, changed) == RuleEngine(CATALOG, checks=job_rules.CHECKS).run(
        doc.project
    )
    rack = next(iter(doc.project.placements))
    ops.delete(doc, [rack])  # one rack fewer: the job no longer fits
    updated = engine.update(doc.project, {rack})
    assert updated == RuleEngine(CATALOG, checks=job_rules.CHECKS).run(doc.project)
    assert any(f.code == "jobs.no_room" for f in updated.findings)


def test_the_jobs_only_engine_leaves_other_families_exclusions_alone():
    from designer.core.model.rule_settings import Exclusion, RuleSettings

    doc = cluster("nvl72-su")
    job = with_job(doc, tp=8, dp=72, global_batch=72)  # a plane_time warning
    accepted = [
        Exclusion(code="space.overlap", ids=["x", "y"], comment="another family's"),
        Exclusion(code="jobs.plane_time", ids=[job, "scale_out"], comment="known"),
    ]
    ops.update_settings(doc, "Accept", rules=RuleSettings(exclusions=accepted))
    found = findings(doc)
    assert [(f.code, f.excluded) for f in found] == [("jobs.plane_time", True)]


def test_a_job_across_a_ring_relays_its_traffic_through_a_site_between():
    # A - B - C - D - A, 40 km a route, no route A - C: the pipeline boundary between A
    # and C runs over A - B - C (80 km both ways round; the tie goes to the lower route ids)
    doc, (a, b, c, _), routes = ring()
    job = across_a_and_c(doc, a, c)
    [found] = findings(doc)
    assert found.code == "jobs.cross_site"
    assert found.ids == (job, routes[frozenset((a, b))], routes[frozenset((b, c))])
    # 144 sequences x 8,192 tokens x 8,192 hidden x 2 bytes = 19.3 GB each way
    assert found.measured == pytest.approx(144 * 8_192 * 8_192 * 2 / 1e9)
    assert "runs across Site 1 and Site 3 via Site 2: 19.3 GB each way" in found.message
    # 2 x 40 km x 4.9 µs a km
    assert "over 80 km of fibre in 2 hops" in found.message
    assert "392 µs one way" in found.message
    # each route is given its share of the sites' scale-out: an eighth of 144 x 400 Gb/s,
    # 7.2 Tb/s a site, 2.4 Tb/s for each of the 3 others; Site 1 - Site 3 goes via Site 2
    # (route ids), as Site 2 - Site 4 goes via Site 1, so A - B carries three pairs (7.2)
    # and B - C two (4.8), the narrowest hop; the job needs 19.3 GB x 8 / 1.72 s
    assert "it needs 89.9 Gb/s to hide behind compute" in found.message
    assert "is given 4.8 Tb/s on its narrowest hop" in found.message


def test_an_all_reduce_relayed_round_a_ring_names_each_route_that_is_too_thin():
    # DP 36 across A and C: the rings cross A - B - C; one 400 Gb/s wavelength a route
    doc, (a, b, c, _), routes = ring()
    with_job(doc, tp=8, dp=36, global_batch=36, where=[a, c])
    ops.update_settings(
        doc, "DCI", network=NetworkSettings(dci_tbps=dict.fromkeys(doc.project.sites, 0.4))
    )
    thin = [f for f in findings(doc) if f.code == "jobs.dci_too_thin"]
    assert {f.ids[1] for f in thin} == {routes[frozenset((a, b))], routes[frozenset((b, c))]}
    for found in thin:
        assert "(including what Site 1 and Site 3 exchange via Site 2)" in found.message


def test_sites_no_path_of_routes_joins_are_still_an_error():
    # the ring cut on both sides of C: A and C are joined by no path at all
    doc, (a, b, c, d), _ = ring()
    for one, other in ((b, c), (c, d)):
        ops.set_fibre_route(doc, one, other, None)
    job = across_a_and_c(doc, a, c)
    found = only(doc, "jobs.no_dci_route")
    assert found.ids == (job, a, c)
    assert "which no fibre route joins, directly or through other sites" in found.message
    assert [f.code for f in findings(doc)] == ["jobs.no_dci_route"]


def idle(doc):
    return [f for f in findings(doc) if f.code == "jobs.idle_accelerators"]


def test_tp_7_on_nvl72_leaves_2_of_each_rack_idle_and_says_what_divides_72():
    # 72 = 10 x 7 + 2: a rack holds 10 groups of 7 and 2 GPUs no group of 7 can use; the
    # job's 3 groups stand in 1 rack (a trial: "0 errors, 0 warnings, 0 info")
    doc = cluster("nvl72-su")
    job = with_job(doc, name="Seven", tp=7, dp=3, global_batch=3)
    (found,) = idle(doc)
    assert found.severity is Severity.WARNING and found.ids == (job,)
    assert found.message.startswith(
        "Seven: the TP 7 group does not divide its scale-up domain: a rack of 72 "
        "accelerators holds 10 groups and leaves 2 idle, 2 over the 1 rack the job uses."
    )
    assert "Only a job whose TP x CP x EP is 2 or less can use them." in found.message
    # the divisors of 72 either side of 7: 6 (12 groups a rack) and 8 (9)
    assert found.message.endswith("TP x CP x EP of 6 or 8 divides 72 (12 or 9 groups a rack).")
    assert (found.measured, found.unit) == (2, "accelerators")


def test_tp_7_over_every_nvl72_leaves_16_idle():
    # 80 groups of 7 = 560 GPUs: 10 in each of the 8 racks, 2 x 8 = 16 of the 576 idle
    doc = cluster("nvl72-su")
    with_job(doc, name="Seven", tp=7, dp=80, global_batch=80)
    (found,) = idle(doc)
    assert "holds 10 groups and leaves 2 idle, 16 over the 8 racks the job uses" in (found.message)
    assert found.measured == 16


def test_idle_accelerators_another_job_takes_are_not_counted():
    doc = cluster("nvl72-su")
    with_job(doc, name="Seven", tp=7, dp=80, global_batch=80)
    # a TP 1 job of 10 takes the 2 left in each of racks 1-5: 3 x 2 = 6 stay idle
    with_job(doc, name="Small", dp=10, global_batch=10)
    (found,) = idle(doc)
    assert "leaves 2 idle, 6 over the 8 racks the job uses (other jobs use 10)" in (found.message)
    assert found.measured == 6
    # TP 2 x DP 8 takes all 16: nothing stands idle, nothing said
    ops.update(doc, list(doc.project.jobs)[1], tp=2, dp=8, global_batch=8)
    assert idle(doc) == []


def by_job(doc):
    """The idle-accelerator findings by the name of the job each is about."""
    return {f.message.split(":")[0]: f for f in idle(doc)}


def test_idle_accelerators_of_a_rack_two_jobs_share_are_counted_once():
    # Seven: 15 groups of 7, 10 in rack 0 (70, 2 idle) and 5 in rack 1 (35); Five: 7 groups
    # of 5 in the 37 left of rack 1 (35), which keeps 72 - 70 = 2 idle. Idle: 2 + 2 = 4,
    # where each job once counted rack 1's 2 (4 + 2 = 6)
    doc = cluster("nvl72-su")
    with_job(doc, name="Seven", tp=7, dp=15, global_batch=15)
    with_job(doc, name="Five", tp=5, dp=7, global_batch=7)
    (found,) = idle(doc)
    assert found.message.startswith(
        "Seven: the TP 7 group does not divide its scale-up domain: a rack of 72 accelerators "
        "holds 10 groups and leaves 2 idle, 4 over the 2 racks the job uses (the 1 rack it "
        "shares with Five counted here only)."
    )
    assert found.measured == 4


def test_a_job_with_idle_racks_of_its_own_says_where_the_shared_one_is_counted():
    # Five now 21 groups of 5: 7 in rack 1 beside Seven, 14 in rack 2 (70, 2 idle). Racks
    # 0, 1 and 2 each keep 2 idle: 6, Seven counting racks 0 and 1, Five rack 2
    doc = cluster("nvl72-su")
    with_job(doc, name="Seven", tp=7, dp=15, global_batch=15)
    with_job(doc, name="Five", tp=5, dp=21, global_batch=21)
    seven, five = (by_job(doc)[name] for name in ("Seven", "Five"))
    assert (
        "leaves 2 idle, 4 over the 2 racks the job uses (the 1 rack it shares with Five "
        "counted here only)"
    ) in seven.message
    assert five.message.startswith(
        "Five: the TP 5 group does not divide its scale-up domain: a rack of 72 accelerators "
        "holds 14 groups and leaves 2 idle, 2 over the 2 racks the job uses (the 1 rack it "
        "shares with Seven counted under Seven)."
    )
    assert (seven.measured, five.measured) == (4, 2)


def test_a_shared_rack_is_counted_by_the_job_that_leaves_more_of_it_idle():
    # Seven: 13 groups of 7, 10 in rack 0 (2 idle) and 3 in rack 1 (21); Sixteen: 3 groups
    # of 16 in the 51 left of rack 1 (48): 72 - 69 = 3 idle, 2 of which a group of 7 would
    # leave and all 3 of which a group of 16 (72 = 4 x 16 + 8, 5 of the 8 Seven's). Idle:
    # 2 + 3 = 5, once 2 + 2 + 3 = 7
    doc = cluster("nvl72-su")
    with_job(doc, name="Seven", tp=7, dp=13, global_batch=13)
    with_job(doc, name="Sixteen", tp=16, dp=3, global_batch=3)
    seven, sixteen = (by_job(doc)[name] for name in ("Seven", "Sixteen"))
    assert (
        "leaves 2 idle, 2 over the 2 racks the job uses (the 1 rack it shares with "
        "Sixteen counted under Sixteen)"
    ) in seven.message
    assert sixteen.message.startswith(
        "Sixteen: the TP 16 group does not divide its scale-up domain: a rack of 72 "
        "accelerators holds 4 groups and leaves 8 idle, 3 over the 1 rack the job uses "
        "(other jobs use 5; the 1 rack it shares with Seven counted here only). Only a job "
        "whose TP x CP x EP is 3 or less can use them."
    )
    assert (seven.measured, sixteen.measured) == (2, 3)


def test_tp_3_on_8_gpu_servers_and_tp_7_on_a_cloudmatrix384():
    # 8 = 2 x 3 + 2: 4 groups of 3 stand in 2 servers, 2 GPUs idle in each
    doc = cluster("hgx-su", systems=4)
    with_job(doc, tp=3, dp=4, global_batch=4)
    (found,) = idle(doc)
    assert (
        "an 8-GPU server of 8 accelerators holds 2 groups and leaves 2 idle, 4 over "
        "the 2 8-GPU servers the job uses."
    ) in found.message
    assert found.message.endswith("TP x CP x EP of 2 or 4 divides 8 (4 or 2 groups a server).")
    # 384 = 54 x 7 + 6: one supernode holds 54 groups of 7, 6 NPUs idle
    doc = cluster("cm384")
    with_job(doc, tp=7, dp=54, global_batch=54)
    (found,) = idle(doc)
    assert (
        "a system of 384 accelerators holds 54 groups and leaves 6 idle, 6 over the "
        "1 system the job uses."
    ) in found.message
    assert "TP x CP x EP of 6 or 8 divides 384 (64 or 48 groups a system)." in found.message


def test_tp_8_on_nvl72_divides_the_rack_and_a_cluster_without_jobs_is_clean():
    # 72 = 9 x 8: no GPU left over
    doc = cluster("nvl72-su")
    assert findings(doc) == ()
    with_job(doc, tp=8, dp=72, global_batch=72)
    assert idle(doc) == []
