"""``python main.py generate``: every preset checks clean, with every scale-out port wired."""

import json
from pathlib import Path

import pytest

from designer.cli import main
from tests.core.generate.test_outline import REFUSED_OVERSUBSCRIPTIONS

PODS = ["nvl72-su", "gb300-su", "hgx-su", "cm384"]


def generated(tmp_path, capsys, preset, *options):
    path = tmp_path / f"{preset}.rackplan.json"
    assert main(["generate", preset, "-o", str(path), *options]) == 0
    capsys.readouterr()
    return str(path)


def summary(path, capsys):
    assert main(["summary", path, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def check_clean(path, capsys, notes=()):
    """The check of ``path`` finds nothing but ``notes`` (info codes): no error or warning."""
    code = main(["check", path, "--format", "json", "--severity", "error,warning,info"])
    report = json.loads(capsys.readouterr().out)
    assert [f["code"] for f in report["findings"]] == list(notes)
    assert report["counts"] == {"error": 0, "warning": 0, "info": len(notes)}
    assert code == 0


@pytest.mark.parametrize("preset", PODS)
def test_a_pod_preset_checks_clean_with_its_fabric_wired(tmp_path, capsys, preset):
    path = generated(tmp_path, capsys, preset)
    check_clean(path, capsys)
    data = summary(path, capsys)
    assert data["links"]["scale_out_ports_not_connected"] == 0
    assert data["links"]["links_without_route_or_medium"] == 0
    assert data["links"]["switches"]


def test_the_cloudmatrix_pod_has_its_rdma_plane(tmp_path, capsys):
    data = summary(generated(tmp_path, capsys, "cm384"), capsys)
    assert data["accelerators"] == 384
    # 384 RDMA ports of 400G, one per NPU, on SN5600 at radix 128: 6 leaves of 64 down
    # and 384 / 128 = 3 spines; 384 node-leaf and 384 leaf-spine links
    assert data["links"]["switches"] == {
        "NVIDIA Spectrum-4 SN5600 (leaf)": 6,
        "NVIDIA Spectrum-4 SN5600 (spine)": 3,
    }


def test_the_100k_campus_is_complete_and_clean(tmp_path, capsys):
    path = generated(tmp_path, capsys, "campus-cm384")
    # each site's DCI links end at no gateway, which the design does not hold, and each
    # site is filled to 99 % of its supply: noted
    check_clean(path, capsys, ["network.dci_unterminated"] * 3 + ["power.site_near_capacity"] * 3)
    data = summary(path, capsys)
    assert data["accelerators"] == 165_888
    counts = {row["type_id"]: row["count"] for row in data["racks_by_type"]}
    assert counts == {
        "huawei-cm384-compute": 432 * 12,
        "huawei-cm384-ub-switch": 432 * 4,
        # a hall's 270 switches in 34 racks of 8 slots: 32 full, and 2 holding the 7 their
        # fabric places, a rack type of the project's own (an audit: racks were powered for
        # the slots the fabric left empty)
        "nvidia-sn5600-rack": 3 * 8 * 32,
        "nvidia-sn5600-rack-7": 3 * 8 * 2,
    }
    links = data["links"]
    assert links["scale_out_ports_not_connected"] == 0
    assert links["findings"] == {"errors": 0, "warnings": 0}
    # three sites joined pairwise at 40 km
    assert len(links["dci"]) == 3


def test_an_impossible_request_exits_2_and_writes_nothing(tmp_path, capsys):
    path = tmp_path / "c.rackplan.json"
    assert main(["generate", "campus-cm384", "--sites", "2", "-o", str(path)]) == 2
    err = capsys.readouterr().err
    assert "--site-power" in err
    assert "110 MW" in err
    assert not path.exists()


def test_the_same_options_write_the_same_bytes(tmp_path, capsys):
    a = generated(tmp_path, capsys, "nvl72-su")
    b = tmp_path / "again.rackplan.json"
    assert main(["generate", "nvl72-su", "-o", str(b)]) == 0
    assert b.read_bytes() == Path(a).read_bytes()


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["nvl72"], "'nvl72' is not a preset. Did you mean nvl72-su? The presets are: nvl72-su,"),
        (
            ["nvl72-su", "-o", "{folder}/pod.rackplan.json.pdf"],
            "a .pdf file is no project. Give a name ending in .rackplan.json. generate writes a "
            "project: export draws it to PDF, PNG or DXF.",
        ),
        # a trial: a folder was told its name had no .rackplan.json
        (["nvl72-su", "-o", "{folder}"], "that is a folder; give a file's name in it"),
        (["cm384", "--sites", "5"], "--sites: 5 sites for 1 system leave a site empty"),
        (["nvl72-su", "--oversubscription", "-1"], "from 1 to 64 (downlinks per uplink), not -1"),
        (["hgx-su", "--halls-per-site", "0"], "--halls-per-site: must be from 1 to 200, not 0"),
        # more than a project holds: it crashed once the site was made, not on asking
        (["campus-cm384", "--site-power", "10001"], "at most 8,000, not 10001"),
        # too little for one system: it blamed --sites, which was never given; a rack preset
        # counts racks, as its dialog's field does
        (["nvl72-su", "--site-power", "0.01"], "--site-power: one rack needs"),
        # a trial found the 117 that fit by trying one number after another, and was told
        # "needs 31.7 MW" at 31.7 MW (test_site_power works the figures out)
        (
            ["campus-cm384", "--systems", "125", "--sites", "3", "--site-power", "30"],
            "--site-power: 3 sites of 30 MW cannot supply 125 systems: one site of 42 needs "
            "31.71 MW at PUE 1.25, and at most 117 systems fit them; raise the power per site "
            "or the number of sites",
        ),
    ],
    ids=[
        "misspelt-preset",
        "pdf-name",
        "folder",
        "plural",
        "oversubscription",
        "halls",
        "power",
        "tiny",
        "most",
    ],
)
def test_a_refused_request_is_one_line_naming_what_is_wrong(tmp_path, capsys, arguments, said):
    """From a newcomer's trial: a misspelt preset printed the whole usage; a project written
    under a .pdf name; "1 systems"; refusals that left out the value refused."""
    out = [a.format(folder=tmp_path) for a in arguments]
    if "-o" not in out:
        out += ["-o", str(tmp_path / "g.rackplan.json")]
    assert main(["generate", *out]) == 2
    err = capsys.readouterr().err.strip()
    assert said in err
    assert len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_the_most_systems_a_refusal_names_are_built_and_one_more_is_refused(capsys):
    asked = ["generate", "campus-cm384", "--sites", "3", "--site-power", "30", "--dry-run"]
    assert main([*asked, "--systems", "117"]) == 0
    assert "Accelerators: 44,928\n" in capsys.readouterr().out
    assert main([*asked, "--systems", "118"]) == 2
    assert "at most 117 systems fit them" in capsys.readouterr().err


def test_the_most_power_a_site_may_ask_builds_a_clean_supernode(tmp_path, capsys):
    # 8,000 MW: its heat rejection (IT with a quarter's headroom) stays within what a
    # project holds (10 GW in one figure); 10,000 MW crashed as the site was made
    path = generated(tmp_path, capsys, "cm384", "--site-power", "8000")
    check_clean(path, capsys)
    assert json.loads(Path(path).read_text())["sites"][0]["power_capacity_kw"] == 8_000_000


def test_a_project_that_cannot_be_written_prints_nothing_but_why(capsys):
    assert main(["generate", "cm384", "-o", "/proc/pod.rackplan.json"]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert "/proc" in said.err and len(said.err.strip().splitlines()) == 1


def test_a_distance_between_sites_for_a_design_of_one_site_is_said_to_be_unused(capsys):
    # --site-km 50 on one scalable unit was taken without a word (a trial)
    assert main(["generate", "nvl72-su", "--site-km", "50", "--dry-run"]) == 0
    assert capsys.readouterr().err == "note: --site-km is not used: the design has one site\n"
    assert main(["generate", "nvl72-su", "--sites", "2", "--site-km", "50", "--dry-run"]) == 0
    assert capsys.readouterr().err == ""


def test_accelerators_asked_for_are_said_to_be_rounded_up_to_whole_racks(capsys):
    """A trial's --accelerators 7 built 32 with no word of it; 100,000 GB200 GPUs are 1,389
    racks of 72, 100,008. A number that fills whole racks is said as it is."""
    assert main(["generate", "hgx-su", "--accelerators", "7", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "Accelerators: 32 (7 asked for, rounded up to whole compute racks of 32)" in out
    assert main(["generate", "campus-nvl72", "--accelerators", "100000", "--dry-run"]) == 0
    assert "Accelerators: 100,008 (100,000 asked for, rounded up" in capsys.readouterr().out
    assert main(["generate", "nvl72-su", "--accelerators", "576", "--dry-run"]) == 0
    assert "Accelerators: 576\n" in capsys.readouterr().out


def test_the_power_generate_says_is_the_power_of_what_it_wrote(tmp_path, capsys):
    """An audit read "facility at PUE 1.2: 1.5 MW" from generate and 1,430.4 kW from the
    summary of what it wrote: the outline counted the network racks full, where the racks
    written hold what their fabric places. Two sites of four GB300 NVL72 at 142 kW and, at
    4:1, 3 leaves and a spine a site, 8 Q3400 at 7 kW each (a rack of 3 at 21 kW): 1,192
    kW, x 1.2."""
    path = str(tmp_path / "su.rackplan.json")
    asked = ["gb300-su", "--sites", "2", "--site-km", "50", "--oversubscription", "4"]
    assert main(["generate", *asked, "-o", path]) == 0
    said = capsys.readouterr().out
    assert "IT power at maximum: 1,192 kW; facility at PUE 1.2: 1,430.4 kW\n" in said
    data = summary(path, capsys)
    assert (data["it_power_max_kw"], data["facility_power_max_kw"]) == (1_192, 1_430.4)


@pytest.mark.parametrize(("ratio", "number"), [("2:1", "2"), ("1.5:1", "1.5")])
def test_oversubscription_is_taken_as_the_tool_prints_it(tmp_path, capsys, ratio, number):
    """The summary prints "2:1", and ``--oversubscription 2:1`` was refused as no float."""
    as_ratio, as_number = tmp_path / "ratio.rackplan.json", tmp_path / "number.rackplan.json"
    assert main(["generate", "gb300-su", "--oversubscription", ratio, "-o", str(as_ratio)]) == 0
    assert main(["generate", "gb300-su", "--oversubscription", number, "-o", str(as_number)]) == 0
    capsys.readouterr()
    assert as_ratio.read_bytes() == as_number.read_bytes()
    assert summary(str(as_ratio), capsys)["links"]["oversubscription_asked"] == float(number)
    assert main(["summary", str(as_ratio)]) == 0
    assert f" uplinks, {ratio}\n" in capsys.readouterr().out  # as it was typed


@pytest.mark.parametrize(
    ("typed", "said"),
    REFUSED_OVERSUBSCRIPTIONS,
)
def test_an_oversubscription_that_is_no_ratio_is_refused_in_one_line(tmp_path, capsys, typed, said):
    path = tmp_path / "g.rackplan.json"
    asked = ["generate", "gb300-su", "--oversubscription", typed, "-o", str(path)]
    assert main(asked) == 2
    err = capsys.readouterr().err
    assert err == f"error: cannot generate gb300-su: --oversubscription: {said}\n"
    assert not path.exists()
