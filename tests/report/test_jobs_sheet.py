"""The "Jobs and parallelism" sheets: one per job in the set, placement per site and hall,
each plane's traffic with its time, and the job's findings, as the checks found them."""

from designer.core.catalog import default_catalog
from designer.core.jobs.summary import describe
from designer.core.rules import RuleEngine
from designer.core.rules.jobs import assess_jobs
from designer.report.drawing_set import drawing_set
from designer.report.pages import jobs as sheet
from designer.report.paper import SheetFrame
from tests.core.jobs.helpers import cluster, with_job

CATALOG = default_catalog()


def _about(project):
    """What the sheet says of the project's first job."""
    assessed = assess_jobs(project, CATALOG)
    job = next(iter(project.jobs.values()))
    return describe(project, job, assessed.plan.layout, assessed.traffic[job.id])


def test_a_job_across_two_sites_gets_its_sheet_with_the_dci_and_latency():
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    with_job(doc, name="Dense 70B", tp=8, pp=2, dp=72, global_batch=576)
    about = _about(doc.project)
    assert sheet._placement(about).rows == (
        ("Site 1", "S1 Hall 1", "576", "50%"),  # a pod over two sites: its halls told apart
        ("Site 2", "S2 Hall 1", "576", "50%"),
    )
    planes = sheet._planes(about)
    # the two sites are joined by two routes on separate paths, which share the boundary
    names = [row[0] for row in planes.rows if row[0].startswith("DCI")]
    assert names == ["DCI Site 1 – Site 2, path 1", "DCI Site 1 – Site 2, path 2"]
    for dci in (row for row in planes.rows if row[0] in names):
        # 576 x 8,192 x 8,192 x 2 bytes each way, half on each; 40 km x 4.9 us/km
        assert dci[1] == "38.7 GB each way" and dci[5] == "196 µs, 40 km"
    assert planes.alerts == frozenset()
    report = RuleEngine(CATALOG).run(doc.project)
    assessed = assess_jobs(doc.project, CATALOG)
    pages = sheet.jobs_pages(doc.project, assessed, report.findings, SheetFrame.of("A3"))
    assert [p.title for p in pages] == ["Jobs and parallelism: Dense 70B"]


def test_the_set_holds_one_sheet_per_job_after_the_findings():
    doc = cluster("nvl72-su")
    with_job(doc, name="A", tp=8, dp=36, global_batch=36)
    with_job(doc, name="B", tp=8, dp=36, global_batch=36)
    titles = [page.title for page in drawing_set(doc.project, CATALOG, "A3")]
    first = titles.index("Jobs and parallelism: A")
    assert titles[first + 1] == "Jobs and parallelism: B"
    assert titles[first - 1].startswith("Design-rule findings")


def test_a_plane_longer_than_the_compute_is_set_in_red():
    # one sequence per replica: DP 34.5 GB at 400 Gb/s = 0.69 s > 0.43 s of compute
    doc = cluster("nvl72-su")
    with_job(doc, tp=8, dp=72, global_batch=72)
    planes = sheet._planes(_about(doc.project))
    assert [row[0] for row in planes.rows] == ["scale-up", "scale-out"]
    assert planes.alerts == frozenset({1})
    findings = sheet._findings(RuleEngine(CATALOG).run(doc.project).findings)
    assert any(row[1] == "jobs.plane_time" for row in findings.rows)


def test_a_pair_of_sites_relayed_through_another_is_said_end_to_end():
    """A ring's A and C: the planes give the two routes' 40 km each, the note the pair's
    80 km and 392 µs through B (4.9 µs/km, links:S46), as the jobs command does."""
    from tests.core.jobs.helpers import across_a_and_c, ring

    doc, (a, _, c, _), _ = ring(km=40.0)
    across_a_and_c(doc, a, c)
    planes = sheet._planes(_about(doc.project))
    assert [row[0] for row in planes.rows if row[0].startswith("DCI")] == [
        "DCI Site 1 – Site 2",
        "DCI Site 2 – Site 3",
    ]
    assert (
        "Site 1 to Site 3 via Site 2: 19.3 GB each way per step over 80 km of fibre, "
        "392 µs one way."
    ) in planes.note


def test_the_placement_says_which_order_the_groups_are_laid_in():
    """TP 8 x PP 9 fills a GB300 NVL72: laid pipelines together, each rack holds a whole
    pipeline, whose boundaries (8 x 8,192 x 8,192 x 2 / 8 x 2 = 268 MB) ride NVLink, and
    the all-reduce (2 x 7/8 x 70e9 / 72 x 2 = 3.40 GB) alone crosses racks."""
    doc = cluster("gb300-su")
    with_job(doc, name="Together", tp=8, pp=9, dp=8, global_batch=64, order="pipelines")
    about = _about(doc.project)
    assert sheet._placement(about).note == (
        "Pipelines are laid together, each replica's stages side by side: a pipeline that "
        "fits a scale-up domain keeps its PP traffic on scale-up, and DP crosses domains."
    )
    rows = {row[0]: row[2] for row in sheet._planes(about).rows}
    assert rows == {"scale-up": "TP 66.8 GB, PP 268 MB", "scale-out": "DP 3.4 GB"}
    stages = cluster("gb300-su")
    with_job(stages, name="Stages", tp=8, pp=9, dp=8, global_batch=64)
    assert sheet._placement(_about(stages.project)).note == (
        "Stages are laid in order along the floor, each stage's replicas side by side."
    )
