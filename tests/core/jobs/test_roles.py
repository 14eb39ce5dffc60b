"""Each rack's role for a job: its stage, its replica, its domain, or which job uses it."""

from designer.core.jobs.roles import rack_roles
from tests.core.jobs.helpers import cluster, planned, with_job


def test_stage_replica_and_domain_of_each_rack():
    doc = cluster("nvl72-su")
    job = with_job(doc, tp=8, pp=2, dp=36, global_batch=36)
    layout = planned(doc).layout
    racks = list(doc.project.placements)
    compute = [r for r in racks if doc.project.placements[r].type_id.endswith("nvl72")]
    stages = rack_roles(layout, "stage", job, 36)
    # 9 groups per rack: stage 0 on the first 4 racks, stage 1 on the last 4
    assert [stages[r] for r in compute] == [0, 0, 0, 0, 1, 1, 1, 1]
    # replicas 0-8 on each stage's first rack, 9-17 on its second ...
    replicas = rack_roles(layout, "replica", job, 36)
    assert [replicas[r] for r in compute] == [0, 9, 18, 27, 0, 9, 18, 27]
    assert [rack_roles(layout, "domain", job, 36)[r] for r in compute] == list(range(8))


def test_racks_by_job():
    doc = cluster("nvl72-su")
    with_job(doc, name="A", tp=8, dp=27, global_batch=27)
    with_job(doc, name="B", tp=8, dp=45, global_batch=45)
    roles = rack_roles(planned(doc).layout, "job", None)
    compute = [r for r, p in doc.project.placements.items() if p.type_id.endswith("nvl72")]
    assert [roles[r] for r in compute] == [0, 0, 0, 1, 1, 1, 1, 1]
