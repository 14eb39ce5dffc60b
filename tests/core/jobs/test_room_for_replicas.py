"""The most DP replicas a job's scope holds, by the rule ``place_jobs`` lays groups by."""

import pytest

from designer.core.jobs.coefficients import default_coefficients
from designer.core.jobs.domains import scale_up_domains
from designer.core.jobs.placement import Room, place_jobs, room_for
from designer.core.model import Job
from tests.core.jobs.helpers import CATALOG, DENSE_70B, cluster, with_job


def _room(doc, job):
    project = doc.project
    rack_types = CATALOG.with_custom_racks(project.custom_types)
    domains = scale_up_domains(project, rack_types, default_coefficients())
    return room_for(job, project, domains), domains


def _new(**fields) -> Job:
    """A job not yet in the project (its DP is not read)."""
    return Job(id="new", name="New", model=DENSE_70B, **fields)


def test_tp_8_pp_4_on_a_gb200_su_takes_dp_18():
    doc = cluster("nvl72-su")  # 8 NVL72 racks: 576 GPUs
    room, _ = _room(doc, _new(tp=8, pp=4))
    # 9 groups of 8 per rack, 72 in all, 4 to a replica: 576 / 32 = 18
    assert room == Room(18, 72, 576, 576, 72, "rack")


def test_groups_lie_whole_in_a_domain_so_tp_64_gets_one_a_rack():
    doc = cluster("nvl72-su")
    room, _ = _room(doc, _new(tp=64))
    # 576 / 64 = 9, but a rack of 72 holds one group of 64: 8
    assert (room.replicas, room.groups) == (8, 8)


def test_a_job_pinned_to_two_racks_takes_what_they_hold_even_if_another_job_did():
    doc = cluster("nvl72-su")
    with_job(doc, name="All", tp=8, dp=72, global_batch=72)  # every GPU of the SU
    racks = list(doc.project.placements)[:2]
    room, _ = _room(doc, _new(tp=8, pp=4, where=racks))
    # 144 / 32 = 4.5: 4 replicas of 4 groups of 8, the other jobs not counted (pinned)
    assert (room.replicas, room.groups, room.free, room.accelerators) == (4, 18, 144, 144)


def test_a_second_job_gets_what_the_first_leaves():
    doc = cluster("nvl72-su")
    with_job(doc, name="First", tp=8, pp=4, dp=10, global_batch=10)  # 320 GPUs
    room, _ = _room(doc, _new(tp=8, pp=4))
    # (576 - 320) / 32 = 8
    assert (room.replicas, room.free) == (8, 256)


def test_a_job_in_the_project_counts_only_the_jobs_placed_before_it():
    doc = cluster("nvl72-su")
    first = with_job(doc, name="First", tp=8, pp=4, dp=10, global_batch=10)
    with_job(doc, name="Last", tp=8, dp=20, global_batch=20)  # placed after First
    _, domains = _room(doc, doc.project.jobs[first])
    racks = [rack for domain in domains[-2:] for rack in domain.racks]  # the last two NVL72
    with_job(doc, name="Pinned", tp=8, dp=18, global_batch=18, where=racks)  # placed first
    room, _ = _room(doc, doc.project.jobs[first])
    # the pinned job's last two racks are taken before First: 6 racks, 432 / 32 = 13.5
    assert (room.replicas, room.free) == (13, 432)


def test_a_group_larger_than_every_domain_or_a_full_scope_holds_no_replica():
    doc = cluster("nvl72-su")
    too_large, _ = _room(doc, _new(tp=128))
    assert (too_large.replicas, too_large.largest, too_large.domain_kind) == (0, 72, "rack")
    with_job(doc, name="All", tp=8, dp=72, global_batch=72)
    full, _ = _room(doc, _new(tp=8))
    assert (full.replicas, full.free, full.accelerators) == (0, 0, 576)


def test_a_scope_without_accelerators_holds_no_replica():
    doc = cluster("nvl72-su")
    room, _ = _room(doc, _new(tp=8, where=["no-such-site"]))
    assert (room.replicas, room.largest, room.accelerators) == (0, 0, 0)


@pytest.mark.parametrize(
    ("preset", "degrees", "first"),
    [
        ("nvl72-su", {"tp": 7, "pp": 3}, {"tp": 5, "dp": 7}),
        ("nvl72-su", {"tp": 16, "pp": 2, "order": "pipelines"}, {"tp": 8, "dp": 13}),
        ("hgx-su", {"tp": 4, "pp": 3}, {"tp": 8, "dp": 5}),
        ("cm384", {"tp": 8, "ep": 1, "pp": 5}, {"tp": 16, "dp": 7}),
    ],
)
def test_the_replicas_worked_out_are_placed_whole_and_one_more_is_not(preset, degrees, first):
    doc = cluster(preset)
    with_job(doc, name="First", global_batch=first["dp"], **first)
    room, domains = _room(doc, _new(**degrees))
    assert room.replicas > 0
    for dp, whole in ((room.replicas, True), (room.replicas + 1, False)):
        job = _new(**degrees, dp=dp)
        layout = place_jobs([*doc.project.jobs.values(), job], doc.project, domains)
        assert layout.jobs["new"].complete is whole
