"""Jobs laid on scale-up domains: groups whole inside a domain, stages in order, scopes."""

import numpy as np

from designer.core.model import TransformerModel
from tests.core.jobs.helpers import cluster, planned, with_job

MOE = TransformerModel(
    parameters=400_000_000_000,
    expert_parameters=360_000_000_000,
    experts=72,
    top_k=4,
    layers=60,
    hidden=8_192,
    sequence=8_192,
)


def test_tp_16_does_not_fit_an_8_gpu_server():
    doc = cluster("hgx-su", systems=4)  # 4 racks of 4 DGX H100: 16 servers of 8 GPUs
    job = with_job(doc, tp=16, dp=8, global_batch=8)
    placed = planned(doc).layout.jobs[job]
    assert not placed.complete
    assert placed.shortfall.kind == "group"
    assert (placed.shortfall.needed, placed.shortfall.domain_size) == (16, 8)
    assert placed.shortfall.domain_kind == "8-GPU server"


def test_tp_8_by_ep_9_fills_each_nvl72_exactly():
    doc = cluster("nvl72-su")  # 8 NVL72 racks of 72 GPUs
    job = with_job(doc, model=MOE, tp=8, ep=9, dp=8, global_batch=72)
    plan = planned(doc)
    placed = plan.layout.jobs[job]
    assert placed.complete
    # 8 groups of 72, one per rack, every rack used once and fully
    assert sorted(placed.groups.tolist()) == list(range(8))
    assert plan.layout.used.tolist() == [72] * 8
    assert len(plan.layout.racks_of(job)) == 8


def test_stages_follow_each_other_and_replicas_stand_together():
    doc = cluster("nvl72-su")
    job = with_job(doc, tp=8, pp=2, dp=36, global_batch=36)
    stages = planned(doc).layout.jobs[job].stages(36)
    # 9 groups of 8 per rack: stage 0's 36 replicas take racks 0-3, stage 1's racks 4-7
    assert set(stages[0].tolist()) == {0, 1, 2, 3}
    assert set(stages[1].tolist()) == {4, 5, 6, 7}


def test_a_second_job_takes_what_the_first_left():
    doc = cluster("nvl72-su")
    first = with_job(doc, name="A", tp=8, dp=27, global_batch=27)  # 3 racks
    second = with_job(doc, name="B", tp=4, dp=90, global_batch=90)  # 360 GPUs: 5 racks
    layout = planned(doc).layout
    assert set(layout.jobs[first].groups.tolist()) == {0, 1, 2}
    assert set(layout.jobs[second].groups.tolist()) == {3, 4, 5, 6, 7}
    assert layout.shared == {}


def test_two_jobs_pinned_to_the_same_rack_share_its_accelerators():
    doc = cluster("nvl72-su")
    rack = next(iter(doc.project.placements))
    first = with_job(doc, name="A", tp=8, dp=9, global_batch=9, where=[rack])
    second = with_job(doc, name="B", tp=8, dp=9, global_batch=9, where=[rack])
    layout = planned(doc).layout
    assert layout.shared == {0: (first, second)}
    assert layout.jobs[first].pinned and layout.jobs[first].given == 72


def test_a_job_kept_to_a_site_uses_only_that_sites_racks():
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    second_site = list(doc.project.sites)[1]
    job = with_job(doc, tp=8, dp=9, global_batch=9, where=[second_site])
    layout = planned(doc).layout
    used = {layout.domains[i].site for i in np.unique(layout.jobs[job].groups).tolist()}
    assert used == {second_site}


def test_too_few_accelerators_is_a_shortfall_with_the_figures():
    doc = cluster("nvl72-su")
    job = with_job(doc, tp=8, dp=80, global_batch=80)  # 640 GPUs on 576
    shortfall = planned(doc).layout.jobs[job].shortfall
    assert (shortfall.kind, shortfall.needed, shortfall.available) == ("room", 80, 72)


def test_a_rack_two_jobs_leave_idle_is_counted_by_one_of_them():
    doc = cluster("nvl72-su")
    seven = with_job(doc, name="Seven", tp=7, dp=15, global_batch=15)  # racks 0 (70) and 1 (35)
    five = with_job(doc, name="Five", tp=5, dp=7, global_batch=7)  # rack 1: 35 of the 37 left
    layout = planned(doc).layout
    assert layout.used.tolist()[:3] == [70, 70, 0]
    # rack 1 keeps 72 - 70 = 2 idle, which groups of 7 and of 5 both leave (72 mod 7 = 72
    # mod 5 = 2): Seven, first of the two, counts them, and each job names the other
    assert [(i.domain, i.idle, i.counted_by, i.sharers) for i in layout.left_over(seven)] == [
        (0, 2, seven, ()),
        (1, 2, seven, (five,)),
    ]
    assert [(i.domain, i.idle, i.counted_by, i.sharers) for i in layout.left_over(five)] == [
        (1, 2, seven, (seven,)),
    ]
