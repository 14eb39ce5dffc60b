"""``whatif``: a failure's answer as text and JSON, unknown names, the ranked sweep."""

import json
from pathlib import Path

import pytest

from designer.cli import main
from designer.core.catalog import projects_dir

SU = str(projects_dir() / "gb200-nvl72-su.rackplan.json")
TWO_SITES = str(projects_dir() / "two-sites.rackplan.json")


def test_cutting_the_only_route_names_both_parts(capsys):
    assert main(["whatif", TWO_SITES, "--fail", "fibre-001", "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    parts = answer["parts"]
    assert len(parts) == 2 and all(p["accelerators"] > 0 for p in parts)
    assert sum(p["accelerators"] for p in parts) == answer["accelerators"]["total"]
    assert answer["cross_site_gbps"]["left"] == 0
    assert main(["whatif", TWO_SITES, "--fail", "fibre-001"]) == 0
    assert "split in 2 parts" in capsys.readouterr().out


def test_both_busways_of_a_row_by_label_take_its_racks_down(capsys):
    assert main(["whatif", SU, "--fail", "Busway A1,Busway B1"]) == 0
    out = capsys.readouterr().out
    # four 72-GPU racks hang on A1 and B1 alone
    assert "4 racks (288 accelerators) lose power" in out
    assert "accelerators up: 288 of 576 (50 %)" in out


def test_unknown_names_are_each_named_and_exit_2(capsys):
    assert main(["whatif", SU, "--fail", "Busway A1,nope,gone"]) == 2
    err = capsys.readouterr().err
    assert "'nope'" in err and "'gone'" in err


def test_the_sweep_ranks_the_worst_first_and_expects_failures(capsys):
    assert main(["whatif", SU, "--sweep", "--format", "json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    hits = [r["accelerators_hit"] for r in answer["ranking"]]
    assert hits == sorted(hits, reverse=True) and hits[0] == 576
    cluster = answer["expected"]["cluster"]
    assert cluster["mtbi_hours"] == pytest.approx(24 / cluster["per_day"])
    assert all(
        "operations:O" in s or "systems:S" in s for s in answer["expected"]["sources"].values()
    )


def test_the_sweeps_text_names_components_whole_and_jobs_by_name(capsys, tmp_path):
    """A trial read 'GB200 NVL72 SuperPOD scalable un', 'job job-23314bef: 0.31 per day'
    and the cluster's '0.3 per day' beside the job's 0.31 on the whole cluster."""
    pod = tmp_path / "su.rackplan.json"
    assert main(["generate", "nvl72-su", "-o", str(pod)]) == 0
    job = ["--parameters", "70e9", "--layers", "80", "--hidden", "8192", "--sequence", "8192"]
    layout = ["--tp", "8", "--pp", "2", "--dp", "36", "--global-batch", "72"]
    with_job = tmp_path / "su-job.rackplan.json"
    assert main(["jobs", str(pod), "--add", "Llama 70B", *job, *layout, "-o", str(with_job)]) == 0
    capsys.readouterr()
    assert main(["whatif", str(with_job), "--sweep"]) == 0
    out = capsys.readouterr().out
    assert "GB200 NVL72 SuperPOD scalable unit hall " in out
    # the job takes every GPU of the pod: its interruptions are the cluster's
    (cluster,) = [line for line in out.splitlines() if line.startswith("  Cluster: ")]
    (job_line,) = [line for line in out.splitlines() if line.startswith("  job ")]
    assert job_line.startswith("  job Llama 70B: ")
    assert cluster.split(": ")[1].split()[0] == job_line.split(": ")[1].split()[0]
    # rates of other clusters' failures applied to this one: said to be an estimate (an audit)
    assert "Expected failures, an estimate " in out


@pytest.mark.parametrize("cost", ["-5", "nan", "0", "inf", "1e308"])
def test_a_checkpoint_cost_that_is_no_time_is_refused(capsys, cost):
    """A trial's -5 ended in an internal error; nan, 0, inf and 1e308 were taken."""
    with pytest.raises(SystemExit) as stop:
        main(["whatif", TWO_SITES, "--sweep", "--checkpoint-min", cost])
    assert stop.value.code == 2
    assert "is not a checkpoint's cost: give minutes, more than 0" in capsys.readouterr().err


def test_a_sweep_of_a_file_whose_hall_is_gone_ranks_what_is_left(tmp_path, capsys):
    """A file whose feeds name a hall that is gone: the sweep met its power sides, which
    name no component, and ended in an internal error (a trial)."""
    data = json.loads(Path(SU).read_text(encoding="utf-8"))
    data["halls"] = []
    path = tmp_path / "no-halls.rackplan.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["whatif", str(path), "--sweep"]) == 0
    assert "single point" in capsys.readouterr().out
