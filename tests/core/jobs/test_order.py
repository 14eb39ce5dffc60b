"""The order a job's groups are laid in: stage by stage (each stage's DP replicas side by
side, the default) or pipelines together (each replica's PP stages side by side), and the
traffic each plane carries from where the groups then stand, worked by hand.

The case is the architect's in miniature: TP 8 x PP 9 = 72 fills a GB300 NVL72 exactly, so
a pipeline laid together stays inside one rack and its PP traffic on NVLink."""

import json
from pathlib import Path

import pytest

from designer.core.io.project_file import loads, to_bytes
from designer.core.jobs.roles import rack_roles
from tests.core.jobs.helpers import CATALOG, cluster, planned, with_job

#: m = 64 / (micro-batch 1 x EP 1 x DP 8) = 8 micro-batches a pipeline; 70e9 parameters
#: (DENSE_70B), 80 layers over PP 9 = 80/9 a stage, hidden 8,192, 8,192 tokens, BF16
#: 80/9 layers x m x 8 b s h (t-1)/t B, a layer's TP bytes a micro-batch: 66.8 GB
TP = 80 / 9 * 8 * (8 * 1 * 8_192 * 8_192 * 7 / 8 * 2)
#: a middle stage's boundaries, activations on and gradients back, scattered over TP 8:
#: m x b s h B / t x 2 = 8 x 134,217,728 / 8 x 2
PP = 8 * 8_192 * 8_192 * 2 / 8 * 2
#: DP 8 all-reduces the 70e9 / (TP 8 x PP 9) parameters a rank holds, 2 bytes each:
#: 2 x 7/8 x 1.944e9
DP = 2 * 7 / 8 * (70e9 / 72 * 2)


def _job(doc, order=None):
    fields = {"order": order} if order else {}
    return with_job(doc, tp=8, pp=9, dp=8, global_batch=64, **fields)


def test_the_figures_pinned_are_those_worked_by_hand():
    assert round(TP) == 66_810_602_382
    assert round(PP) == 268_435_456
    assert round(DP) == 3_402_777_778


def test_pipelines_together_keep_pp_on_nvlink_and_leave_dp_alone_on_scale_out():
    doc = cluster("gb300-su")  # 8 GB300 NVL72 racks of 72 GPUs
    job = _job(doc, "pipelines")
    plan = planned(doc)
    # 9 groups of 8 a rack: replica r's 9 stages fill rack r
    assert plan.layout.jobs[job].stages(8).tolist() == [list(range(8))] * 9
    traffic = plan.traffic[job]
    (up,) = traffic.plane("scale_up")
    (out,) = traffic.plane("scale_out")
    assert up.parts == {"TP": pytest.approx(TP), "PP": pytest.approx(PP)}
    assert out.parts == {"DP": pytest.approx(DP)}
    # NVLink 900 GB/s each way; an 800 Gb/s NIC at 1:1
    assert (up.gbps, out.gbps) == (7_200, 800)


def test_stage_by_stage_stays_the_default_with_the_figures_as_before():
    # group g = stage x 8 + replica stands in rack g // 9: stage 0 fills rack 0, stage 1's
    # replica 0 too and its others rack 1 ... so each plane carries some of PP and DP
    doc = cluster("gb300-su")
    job = _job(doc)
    assert doc.project.jobs[job].order == "stages"
    plan = planned(doc)
    stages = plan.layout.jobs[job].stages(8)
    assert stages[0].tolist() == [0] * 8 and stages[1].tolist() == [0] + [1] * 7
    traffic = plan.traffic[job]
    (up,) = traffic.plane("scale_up")
    (out,) = traffic.plane("scale_out")
    assert up.parts == {"TP": pytest.approx(TP), "PP": pytest.approx(PP), "DP": pytest.approx(DP)}
    assert out.parts == {"PP": pytest.approx(PP), "DP": pytest.approx(DP)}


def test_across_two_sites_pipelines_together_send_the_all_reduce_over_the_dci_not_the_pipeline():
    # 2 sites of 8 GB300 NVL72, two routes of 40 km between them, TP 8 x PP 9 x DP 16 on all
    # 1,152 GPUs, global batch 128: m = 128 / 16 = 8
    boundary = 8 * 8_192 * 8_192 * 2  # m x b s h B crossing a stage boundary, each way
    ring = 2 * 15 / 16 * (70e9 / 9 * 2)  # a stage's all-reduce over DP 16, G = 70e9/9 x 2
    doc = cluster("gb300-su", systems=16, sites=2, site_km=40)
    stages = with_job(doc, name="stages", tp=8, pp=9, dp=16, global_batch=128)
    dci = {p.route_id: p.parts for p in planned(doc).traffic[stages].plane("dci")}
    # stage by stage, groups 0-71 in site 1, 72-143 in site 2: the boundary 3-4 crosses for
    # replicas 8-15, 4-5 for replicas 0-7 (16 crossings), and stage 4's ring once each way;
    # each of the two routes carries half
    assert sorted(dci) == sorted(doc.project.fibre_routes)
    for parts in dci.values():
        assert parts == {"PP": pytest.approx(16 * boundary / 2), "DP": pytest.approx(ring / 2)}
        assert parts["PP"] == 8_589_934_592

    doc = cluster("gb300-su", systems=16, sites=2, site_km=40)
    together = with_job(
        doc, name="pipelines", tp=8, pp=9, dp=16, global_batch=128, order="pipelines"
    )
    traffic = planned(doc).traffic[together]
    # replicas 0-7 in site 1, 8-15 in site 2: no stage boundary crosses, but each of the 9
    # stages' rings crosses once each way: the whole model's gradients, 2 x 15/16 x 140 GB
    for plane in traffic.plane("dci"):
        assert plane.parts == {"DP": pytest.approx(9 * ring / 2)}
        assert plane.parts["DP"] == pytest.approx(131.25e9)
    (pair,) = traffic.pairs
    assert pair.parts == {"DP": pytest.approx(262.5e9)}
    (up,) = traffic.plane("scale_up")
    (out,) = traffic.plane("scale_out")
    assert set(up.parts) == {"TP", "PP"}
    assert out.parts == {"DP": pytest.approx(2 * 15 / 16 * 70e9 / 72 * 2)}


def test_racks_coloured_by_replica_and_stage_follow_the_order():
    doc = cluster("gb300-su")
    job = _job(doc, "pipelines")
    layout = planned(doc).layout
    compute = [r for r, p in doc.project.placements.items() if p.type_id.endswith("nvl72")]
    # rack r holds replica r's stages 0-8 (a rack takes its first group's role: stage 0)
    replicas = rack_roles(layout, "replica", job, 8, 9)
    assert [replicas[r] for r in compute] == list(range(8))
    stages = rack_roles(layout, "stage", job, 8, 9)
    assert [stages[r] for r in compute] == [0] * 8


def test_the_order_is_written_only_where_it_is_not_the_default():
    doc = cluster("gb300-su")
    default = _job(doc)
    together = with_job(doc, name="Together", tp=8, pp=9, dp=1, global_batch=1, order="pipelines")
    written = to_bytes(doc.project)
    jobs = {job["id"]: job for job in json.loads(written)["jobs"]}
    # files written before the choice existed read and write as they were, byte for byte
    assert "order" not in jobs[default]
    assert jobs[together]["order"] == "pipelines"
    again = loads(written, Path("m.rackplan.json"), CATALOG.racks)
    assert again.problems == [] and again.project == doc.project
    assert again.project.jobs[together].order == "pipelines"
    assert to_bytes(again.project) == written
