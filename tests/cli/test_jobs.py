"""``python main.py jobs``: a job added from parameters, its placement and planes, exit codes."""

import json

import pytest

from designer.cli import main
from designer.core.catalog import projects_dir
from designer.core.io.project_file import load, save
from tests.core.jobs.helpers import CATALOG, cluster, with_job

SU = str(projects_dir() / "gb200-nvl72-su.rackplan.json")
DENSE = ["--parameters", "70e9", "--layers", "80", "--hidden", "8192", "--sequence", "8192"]


@pytest.fixture
def two_sites(tmp_path):
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    path = tmp_path / "two.rackplan.json"
    save(doc.project, path)
    return path


def test_adding_a_job_writes_it_and_reports_its_planes(two_sites, tmp_path, capsys):
    out = tmp_path / "with-job.rackplan.json"
    args = ["jobs", str(two_sites), "--add", "Dense 70B", *DENSE]
    args += ["--tp", "8", "--pp", "2", "--dp", "72", "--global-batch", "576", "-o", str(out)]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "Dense 70B: TP 8 x PP 2 x DP 72 = 1,152 accelerators" in text
    # 576 sequences over DP 72: 8 micro-batches per pipeline of 2 stages, a bubble of 1/8
    (step,) = [line for line in text.splitlines() if line.startswith("  Step: 8 micro-batches")]
    assert "((PP - 1) / micro-batches = 12.5 %) about " in step
    assert step.endswith(" a step (operations:O1)")
    assert "Site 1: 576" in text and "Site 2: 576" in text
    # the stage boundary over the DCI: 576 x 8,192 x 8,192 x 2 bytes = 77.3 GB each way,
    # half on each of the two routes between the sites
    dci = [line for line in text.splitlines() if line.strip().startswith("DCI Site 1")]
    assert [line.strip().split("  ")[0] for line in dci] == [
        "DCI Site 1 – Site 2, path 1",
        "DCI Site 1 – Site 2, path 2",
    ]
    assert all("38.7 GB each way on the route" in d and "196 µs over 40 km" in d for d in dci)
    assert f"wrote {out}" in text
    (job,) = load(out, CATALOG.racks).project.jobs.values()
    assert (job.name, job.tp, job.pp, job.dp, job.global_batch) == ("Dense 70B", 8, 2, 72, 576)


def test_json_gives_each_plane_and_the_findings(two_sites, capsys):
    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    with_job(doc, tp=8, pp=2, dp=72, global_batch=576)
    save(doc.project, two_sites)
    assert main(["jobs", str(two_sites), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (job,) = data["jobs"]
    assert [s["accelerators"] for s in job["sites"]] == [576, 576]
    assert job["micro_batches"] == 8 and job["bubble"] == pytest.approx(1 / 8)
    # 16 systems over two halls whose labels repeat: each named with its hall
    halls = {h.name for h in doc.project.halls.values()}
    assert len(job["systems"]) == 16 == len(set(job["systems"]))
    assert all(name.endswith(")") and name.split(" (")[1][:-1] in halls for name in job["systems"])
    dci = [p for p in job["planes"] if p["kind"] == "dci"]
    assert sorted(p["route"] for p in dci) == sorted(doc.project.fibre_routes)
    assert sum(p["bytes"] for p in dci) == pytest.approx(576 * 8_192 * 8_192 * 2)
    assert all(p["latency_us"] == pytest.approx(196) for p in dci)
    assert [f["code"] for f in data["findings"]] == ["jobs.cross_site"]
    assert data["counts"] == {"error": 0, "warning": 0, "info": 1}


def test_a_job_that_does_not_fit_exits_1(tmp_path, capsys):
    doc = cluster("hgx-su", systems=4)
    with_job(doc, tp=16, dp=8, global_batch=8)
    path = tmp_path / "hgx.rackplan.json"
    save(doc.project, path)
    assert main(["jobs", str(path)]) == 1
    out = capsys.readouterr().out
    assert "not placed whole" in out
    assert "jobs.group_too_large" in out and "8-GPU server of 8" in out
    # placed nowhere, said so (a trial read "0 scale-up domains in 0 racks ()")
    assert "Placement: placed on no scale-up domain (see the findings)\n" in out
    assert "0 racks" not in out


def test_a_refused_value_exits_2_naming_it(tmp_path, capsys):
    out = tmp_path / "x.rackplan.json"
    args = ["jobs", SU, "--add", "Bad", *DENSE, "--tp", "0", "-o", str(out)]
    assert main(args) == 2
    # named by its option with the limit, as generate does (it read "--add Bad: tp: Input
    # should be greater than or equal to 1")
    assert capsys.readouterr().err == "error: --tp: must be at least 1, not 0\n"
    assert not out.exists()


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        # it read "parameters: Input should be less than or equal to 100000000000000"
        (
            ["--parameters", "1e15", *DENSE[2:]],
            "--parameters: must be at most 100,000,000,000,000, not 1e+15",
        ),
        (
            [*DENSE[:6], "--sequence", "200000000"],
            "--sequence: must be at most 100,000,000, not 200,000,000",
        ),
        ([*DENSE, "--micro-batch", "-2"], "--micro-batch: must be at least 1, not -2"),
        ([*DENSE, "--utilisation", "1.5"], "--utilisation: must be at most 1, not 1.5"),
        ([*DENSE, "--utilisation", "0"], "--utilisation: must be more than 0, not 0"),
        # figures that disagree are the job's as a whole
        ([*DENSE, "--top-k", "2"], "--add J: top-k 2 is more than the 1 experts"),
    ],
)
def test_a_refused_value_names_its_option_and_its_limit(tmp_path, capsys, arguments, said):
    out = tmp_path / "j.rackplan.json"
    assert main(["jobs", SU, "--add", "J", "-o", str(out), *arguments]) == 2
    assert capsys.readouterr().err == f"error: {said}\n"
    assert not out.exists()


def test_a_name_too_long_is_refused_as_the_name_given_to_add(tmp_path, capsys):
    out = tmp_path / "j.rackplan.json"
    assert main(["jobs", SU, "--add", "J" * 201, "-o", str(out), *DENSE]) == 2
    said = "error: --add: must be at most 200 characters long, not 201\n"
    assert capsys.readouterr().err == said


def test_adding_needs_the_model_and_an_output(capsys):
    assert main(["jobs", SU, "--add", "X", "--layers", "2"]) == 2
    assert "give the model's --parameters, --hidden, --sequence" in capsys.readouterr().err
    assert main(["jobs", SU, "--add", "X", *DENSE]) == 2
    assert "-o FILE" in capsys.readouterr().err


def test_a_project_without_jobs_says_how_to_add_one(capsys):
    assert main(["jobs", SU]) == 0
    assert "No jobs in this project: add one with --add NAME" in capsys.readouterr().out


def test_a_job_with_context_parallelism_says_its_traffic_is_not_counted(tmp_path, capsys):
    """CP's volume was left out in silence (a trial): the reference gives none for it."""
    out = tmp_path / "cp.rackplan.json"
    args = ["jobs", SU, "--add", "Long context", *DENSE, "--tp", "4", "--cp", "2"]
    assert main([*args, "--pp", "2", "--dp", "36", "--global-batch", "72", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "CP's K and V all-gathers are not counted (operations.md gives no volume)." in text
    plain = ["jobs", SU, "--add", "Plain", *DENSE, "--tp", "8", "--pp", "2", "--dp", "36"]
    assert main([*plain, "--global-batch", "72", "-o", str(tmp_path / "plain.json")]) == 0
    assert "not counted (operations.md" not in capsys.readouterr().out  # no CP, nothing said


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--parameters", "nan", *DENSE[2:]], "--parameters: give a whole number of parameters"),
        (["--parameters", "inf", *DENSE[2:]], "at least 1, not inf"),
        ([*DENSE, "--global-batch", "0"], "--global-batch: give at least 1 sequence, not 0"),
    ],
)
def test_a_job_of_impossible_figures_is_refused(tmp_path, capsys, arguments, said):
    """A trial's nan and inf parameters were internal errors; a global batch of 0 became
    the micro-batches' 72 without a word."""
    out = tmp_path / "j.rackplan.json"
    assert main(["jobs", SU, "--add", "J", "-o", str(out), *arguments]) == 2
    assert said in capsys.readouterr().err and not out.exists()


def test_options_of_add_without_add_and_a_job_without_a_name_are_refused(tmp_path, capsys):
    out = tmp_path / "j.rackplan.json"
    assert main(["jobs", SU, "-o", str(out), *DENSE[:2]]) == 2
    assert "--output, --parameters: options of --add NAME" in capsys.readouterr().err
    # an option with a default (--tp 1) is told from not given too
    assert main(["jobs", SU, "--tp", "8", "--micro-batch", "2"]) == 2
    assert "--micro-batch, --tp: options of --add NAME" in capsys.readouterr().err
    assert main(["jobs", SU, "--add", "", "-o", str(out), *DENSE]) == 2
    assert "--add: give the job a name" in capsys.readouterr().err
    assert not out.exists()


def test_a_job_over_a_ring_gives_its_pair_of_sites_end_to_end(tmp_path, capsys):
    """A ring's A and C are joined through B: the planes give each route's 40 km, and a
    line gives the pair's 80 km and 392 µs (4.9 µs/km, links:S46), which no plane does."""
    from tests.core.jobs.helpers import across_a_and_c, ring

    doc, (a, _, c, _), _ = ring(km=40.0)
    across_a_and_c(doc, a, c)
    path = tmp_path / "ring.rackplan.json"
    save(doc.project, path)
    assert main(["jobs", str(path)]) == 0
    text = capsys.readouterr().out
    # 144 sequences x 8,192 tokens x 8,192 hidden x 2 bytes cross the stage boundary
    assert (
        "  Site 1 to Site 3 via Site 2: 19.3 GB each way per step over 80 km of fibre, "
        "392 µs one way"
    ) in text.splitlines()
    assert main(["jobs", str(path), "--format", "json"]) == 0
    [pair] = json.loads(capsys.readouterr().out)["jobs"][0]["site_pairs"]
    assert pair["sites"] == ["Site 1", "Site 3"] and pair["via"] == ["Site 2"]
    assert pair["bytes"] == 144 * 8_192 * 8_192 * 2
    assert (pair["distance_km"], pair["latency_us"]) == (80, pytest.approx(392))


def test_a_group_that_does_not_divide_the_rack_is_a_warning(tmp_path, capsys):
    """TP 7 on NVL72 racks was written with "0 errors, 0 warnings, 0 info" (a trial): 72 =
    10 x 7 + 2 leaves 2 GPUs of the rack idle; warnings alone exit 0."""
    out = tmp_path / "seven.rackplan.json"
    args = ["jobs", SU, "--add", "Seven", *DENSE, "--tp", "7", "--dp", "3", "-o", str(out)]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "  Placement: 1 scale-up domain in 1 rack (" in text  # it read "1 racks"
    assert "  Step: 1 micro-batch of 1 per pipeline;" in text  # and "1 micro-batches"
    assert "jobs.idle_accelerators" in text
    assert "a rack of 72 accelerators holds 10 groups and leaves 2 idle" in text
    assert "0 errors, 1 warning, 0 info" in text


def test_a_job_added_with_its_pipelines_together_says_so_and_keeps_pp_on_scale_up(tmp_path, capsys):
    """TP 8 x PP 9 = 72 fills a GB300 NVL72: with --order pipelines each replica's 9 stages
    stand in one rack, so PP rides NVLink and only DP crosses racks and sites. By hand, m =
    128 / 16 = 8 micro-batches: PP 8 x 8,192 x 8,192 x 2 / 8 x 2 = 268 MB on scale-up; DP 16
    over 70e9 / 72 x 2 bytes, x 2 x 15/16 = 3.65 GB on scale-out; each stage's ring crosses
    the sites once each way, 9 x 2 x 15/16 x 70e9 / 9 x 2 = 262.5 GB, half a route."""
    doc = cluster("gb300-su", systems=16, sites=2, site_km=40)
    path = tmp_path / "two.rackplan.json"
    save(doc.project, path)
    out = tmp_path / "together.rackplan.json"
    degrees = [*DENSE, "--tp", "8", "--pp", "9", "--dp", "16", "--global-batch", "128"]
    args = ["jobs", str(path), "--add", "Together", *degrees, "--order", "pipelines"]
    assert main([*args, "-o", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "    Pipelines together: each replica's stages side by side" in lines
    planes = {line.split("  ")[1]: line for line in lines if line.startswith("  scale-")}
    assert "  TP 66.8 GB, PP 268 MB  " in planes["scale-up"]
    assert "  DP 3.65 GB  " in planes["scale-out"]
    dci = [line for line in lines if line.startswith("  DCI Site 1")]
    assert len(dci) == 2 and all("  DP 131 GB  " in line for line in dci)
    (job,) = load(out, CATALOG.racks).project.jobs.values()
    assert job.order == "pipelines"
    assert main(["jobs", str(out), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["jobs"][0]["order"] == "pipelines"
    # the default is not said: every job was laid stage by stage before it could choose
    stages = tmp_path / "stages.rackplan.json"
    assert main(["jobs", str(path), "--add", "Stages", *degrees, "-o", str(stages)]) == 0
    assert "Pipelines together" not in capsys.readouterr().out
    assert main(["jobs", str(path), "--order", "pipelines"]) == 2
    assert "--order: an option of --add NAME" in capsys.readouterr().err
