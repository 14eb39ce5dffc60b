"""A placed job's traffic per plane, compute and memory, each figure worked by hand."""

import pytest

from tests.core.jobs.helpers import across_a_and_c, cluster, planned, ring, with_job


def test_a_dense_job_on_one_scalable_unit():
    # 8 NVL72 racks, the 70B dense model, TP 8 x DP 72 = 576 GPUs, micro-batch 1, global
    # batch 576: m = 576 / (1 x 1 x 72) = 8 micro-batches per step
    doc = cluster("nvl72-su")
    job = with_job(doc, tp=8, dp=72, global_batch=576)
    traffic = planned(doc).traffic[job]
    assert traffic.micro_batches == 8
    up, out = traffic.plane("scale_up")[0], traffic.plane("scale_out")[0]
    # TP: 80 layers x 8 micro-batches x 8 x 1 x 8,192 x 8,192 x 7/8 x 2 bytes
    assert up.parts == {"TP": pytest.approx(80 * 8 * 8 * 8_192 * 8_192 * 7 / 8 * 2)}
    assert up.parts["TP"] == pytest.approx(601_295_421_440)
    # NVLink 900 GB/s each way: 601.3e9 / 900e9 = 0.668 s
    assert up.seconds == pytest.approx(601_295_421_440 / 900e9)
    # DP across racks: 70e9 / 8 parameters held x 2 bytes = 17.5e9; x 2 x 71/72
    assert out.parts == {"DP": pytest.approx(2 * 71 / 72 * 17.5e9)}
    # on a 400 Gb/s NIC at 1:1: 34.51e9 x 8 / 400e9 = 0.690 s
    assert out.seconds == pytest.approx(2 * 71 / 72 * 17.5e9 * 8 / 400e9)
    # compute: 6 x 70e9 x 576 x 8,192 FLOPs on 576 GPUs of 180 PF / 72 = 2.5 PF at 40 %
    assert traffic.compute_s == pytest.approx(6 * 70e9 * 8_192 / (2.5e15 * 0.4))
    # memory: 70e9 / 8 parameters x 16 bytes = 140 GB of the 13.4 TB / 72 = 186 GB
    assert traffic.state_gb == pytest.approx(140)
    assert traffic.hbm_gb == pytest.approx(13_400 / 72)
    assert traffic.sites == ((next(iter(doc.project.sites)), 576),)


def test_pp_across_two_sites_carries_the_stage_boundary_over_the_dci():
    # two sites of 8 NVL72 each, 40 km of fibre; TP 8, PP 2, DP 72: stage 0 fills the
    # first site, stage 1 the second, each stage's replicas inside its site
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    job = with_job(doc, tp=8, pp=2, dp=72, global_batch=576)
    traffic = planned(doc).traffic[job]
    first, second = doc.project.sites
    assert traffic.sites == ((first, 576), (second, 576))
    # the two sites are joined by two fibre routes on separate paths, which share it evenly
    planes = traffic.plane("dci")
    assert sorted(p.route_id for p in planes) == sorted(doc.project.fibre_routes)
    # only the boundary crosses: the activations of the whole global batch, each way,
    # 576 sequences x 8,192 tokens x 8,192 hidden x 2 bytes = 77,309,411,328 bytes, half
    # on each route
    for dci in planes:
        assert dci.parts == {"PP": pytest.approx(576 * 8_192 * 8_192 * 2 / 2)}
        assert dci.latency_us == pytest.approx(196)
        assert dci.distance_km == 40
    # the DP all-reduce stays in each site: on the scale-out fabric, not the DCI
    assert "DP" in traffic.plane("scale_out")[0].parts


def test_an_ep_group_inside_the_domain_keeps_its_all_to_alls_on_nvlink():
    from tests.core.jobs.test_placement import MOE

    doc = cluster("nvl72-su")
    job = with_job(doc, model=MOE, tp=8, ep=9, dp=8, global_batch=72)
    traffic = planned(doc).traffic[job]
    up = traffic.plane("scale_up")[0]
    # m = 72 / (1 x 9 x 8) = 1; EP: 60 layers x 4 all-to-alls x 8,192 tokens x top-4 x
    # 8,192 x 2 bytes x 8/9
    assert up.parts["EP"] == pytest.approx(60 * 4 * 8_192 * 4 * 8_192 * 2 * 8 / 9)
    # dense 40e9 over TP 8 held by 9 x 8 = 72 ranks; experts 360e9 / (8 x 9) by 8
    dense, experts = 40e9 / 8 * 2, 360e9 / 72 * 2
    dp = traffic.plane("scale_out")[0].parts["DP"]
    assert dp == pytest.approx(2 * 71 / 72 * dense + 2 * 7 / 8 * experts)


def test_a_job_across_opposite_corners_of_a_ring_loads_both_routes_of_its_path():
    # A - B - C - D - A, 40 km a route; a job on A and C (PP 2, stage 0 in A, stage 1 in
    # C): the boundary goes A - B - C (the tie between the two ways round goes to the
    # lower route ids), each route carrying all of it; none goes A - D - C
    doc, (a, b, c, _), routes = ring()
    job = across_a_and_c(doc, a, c)
    plan = planned(doc)
    traffic = plan.traffic[job]
    assert traffic.missing_routes == ()
    ab, bc = routes[frozenset((a, b))], routes[frozenset((b, c))]
    # 144 sequences x 8,192 tokens x 8,192 hidden x 2 bytes = 19.3 GB each way
    boundary = 144 * 8_192 * 8_192 * 2
    planes = {p.route_id: p for p in traffic.plane("dci")}
    assert set(planes) == {ab, bc}
    for plane in planes.values():
        assert plane.parts == {"PP": pytest.approx(boundary)}
        assert plane.latency_us == pytest.approx(40 * 4.9)  # each route its own 40 km
    (pair,) = traffic.pairs
    assert pair.sites == (a, c) and pair.path.via == (b,)
    assert pair.path.route_ids == (ab, bc)
    # the job sees 2 x 40 km x 4.9 µs a km
    assert pair.latency_us == pytest.approx((392, 392))
    # compute: 6 x 70e9 x 144 x 8,192 FLOPs on 288 GPUs of 2.5 PF at 40 % = 1.72 s; each
    # route needs 19.3 GB x 8 / 1.72 s = 0.0899 Tb/s each way
    compute = 6 * 70e9 * 144 * 8_192 / (288 * 2.5e15 * 0.4)
    assert traffic.compute_s == pytest.approx(compute)
    tbps = boundary * 8 / compute / 1e12
    assert tbps == pytest.approx(0.0899, abs=1e-4)
    assert plan.route_tbps == {ab: pytest.approx(tbps), bc: pytest.approx(tbps)}
    assert traffic.pair_tbps == {(a, c): pytest.approx(tbps)}


def test_two_ring_jobs_relayed_over_one_route_add_up_there():
    # a second job alike on B and D goes B - A - D (80 km either way round; its route ids
    # fibre-001, fibre-003 before fibre-004, fibre-006): A - B carries both jobs'
    # boundaries, B - C the first's, D - A the second's, C - D none
    doc, (a, b, c, d), routes = ring()
    first = across_a_and_c(doc, a, c)
    alone = planned(doc).route_tbps[routes[frozenset((a, b))]]
    second = with_job(doc, name="B and D", tp=8, pp=2, dp=18, global_batch=144, where=[b, d])
    plan = planned(doc)
    assert {j for j, t in plan.traffic.items() if t.plane("dci")} == {first, second}
    assert plan.traffic[second].pairs[0].path.via == (a,)
    assert plan.route_tbps == {
        routes[frozenset((a, b))]: pytest.approx(2 * alone),
        routes[frozenset((b, c))]: pytest.approx(alone),
        routes[frozenset((d, a))]: pytest.approx(alone),
    }
