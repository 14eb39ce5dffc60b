"""``jobs --add`` without --dp: the most replicas the job's scope holds, or a refusal."""

import json

import pytest

from designer.cli import main
from designer.core.catalog import projects_dir
from designer.core.io.project_file import load
from tests.core.jobs.helpers import CATALOG

SU = str(projects_dir() / "gb200-nvl72-su.rackplan.json")  # 8 NVL72: 576 GPUs
DENSE = ["--parameters", "70e9", "--layers", "80", "--hidden", "8192", "--sequence", "8192"]


def _add(source, out, name, *degrees):
    return main(["jobs", str(source), "--add", name, *DENSE, *degrees, "-o", str(out)])


def _jobs(path):
    return {job.name: job for job in load(path, CATALOG.racks).project.jobs.values()}


def test_dp_left_out_fills_the_su_and_the_global_batch_follows(tmp_path, capsys):
    out = tmp_path / "su.rackplan.json"
    assert _add(SU, out, "Dense", "--tp", "8", "--pp", "4", "--micro-batch", "2") == 0
    lines = capsys.readouterr().out.splitlines()
    # 9 groups of TP 8 in each rack of 72, 72 in all, 4 a replica: 576 / 32 = 18
    assert lines[0].startswith("Dense: TP 8 x PP 4 x DP 18 = 576 accelerators")
    assert "DP 18, the most the job's scope holds: 576 of the 576 accelerators free to it" in lines
    job = _jobs(out)["Dense"]
    # micro-batch x EP x DP = 2 x 1 x 18
    assert (job.dp, job.global_batch) == (18, 36)


def test_a_job_pinned_to_two_racks_gets_what_they_hold(tmp_path, capsys):
    out = tmp_path / "pinned.rackplan.json"
    assert _add(SU, out, "Pinned", "--tp", "8", "--pp", "4", "--where", "rk-001,rk-002") == 1
    text = capsys.readouterr().out
    # 144 / 32 = 4.5: 4 replicas; the 16 GPUs left over are the degrees_mismatch error
    assert "DP 4, the most the job's scope holds: 128 of the 144 accelerators free to it" in text
    assert "jobs.degrees_mismatch" in text
    assert _jobs(out)["Pinned"].dp == 4


def test_a_second_job_gets_what_the_first_leaves_and_a_given_dp_is_kept(tmp_path, capsys):
    first = tmp_path / "first.rackplan.json"
    second = tmp_path / "second.rackplan.json"
    assert _add(SU, first, "First", "--tp", "8", "--pp", "4", "--dp", "10") == 0
    assert "the most the job's scope holds" not in capsys.readouterr().out
    assert _add(first, second, "Second", "--tp", "8", "--pp", "4", "--global-batch", "16") == 0
    # (576 - 320) / 32 = 8
    assert "DP 8, the most the job's scope holds: 256 of the 256 accelerators free to it" in (
        capsys.readouterr().out.splitlines()
    )
    jobs = _jobs(second)
    assert (jobs["First"].dp, jobs["First"].global_batch) == (10, 10)
    assert (jobs["Second"].dp, jobs["Second"].global_batch) == (8, 16)


@pytest.mark.parametrize(
    ("degrees", "said"),
    [
        (
            ["--tp", "128"],
            "--dp: TP x CP x EP = 128 accelerators a group are more than the 72 of the "
            "largest rack in the job's scope, so no replica fits",
        ),
        (
            ["--tp", "8", "--pp", "80"],
            "--dp: TP x CP x EP x PP = 640 accelerators a replica are more than the job's "
            "scope holds: 72 groups of 8 in its 576 free accelerators",
        ),
        (
            ["--tp", "8", "--pp", "4", "--where", "rk-005"],  # a network rack
            "--dp: the job's scope (--where rk-005) holds no accelerators",
        ),
    ],
)
def test_a_job_no_replica_of_which_fits_is_refused(tmp_path, capsys, degrees, said):
    out = tmp_path / "refused.rackplan.json"
    assert _add(SU, out, "J", *degrees) == 2
    assert capsys.readouterr().err == f"error: {said}\n"
    assert not out.exists()


def test_a_job_added_where_nothing_is_free_is_refused(tmp_path, capsys):
    full = tmp_path / "full.rackplan.json"
    assert _add(SU, full, "All", "--tp", "8", "--pp", "4") == 0
    out = tmp_path / "more.rackplan.json"
    assert _add(full, out, "More", "--tp", "8") == 2
    said = "error: --dp: the project's other jobs take all 576 accelerators of the job's scope\n"
    assert capsys.readouterr().err == said
    assert not out.exists()
    # given, DP is kept: the job is added, and not placed
    assert _add(full, out, "More", "--tp", "8", "--dp", "2") == 1
    assert "not placed whole" in capsys.readouterr().out


def test_dp_without_add_is_refused(capsys):
    assert main(["jobs", SU, "--dp", "4"]) == 2
    assert "--dp: an option of --add NAME" in capsys.readouterr().err


def test_json_with_add_stays_one_json_document_and_the_notes_go_to_stderr(tmp_path, capsys):
    """``wrote OUT`` (and the DP worked out) followed the JSON on stdout, which no JSON
    reader took."""
    out = tmp_path / "su.rackplan.json"
    assert _add(SU, out, "Dense", "--tp", "8", "--pp", "4", "--format", "json") == 0
    printed = capsys.readouterr()
    (job,) = json.loads(printed.out)["jobs"]
    assert job["name"] == "Dense"
    assert printed.err.splitlines() == [
        "DP 18, the most the job's scope holds: 576 of the 576 accelerators free to it",
        f"wrote {out}",
    ]
