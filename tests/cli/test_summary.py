"""``python main.py summary``: totals by hand, exit codes, messages instead of tracebacks."""

import json

import pytest

from tests.shell import run, without_display


def test_help_lists_the_commands():
    out = run("--help")
    assert out.returncode == 0
    assert "summary" in out.stdout


def test_summary_json_of_the_scalable_unit():
    out = run("summary", "projects/gb200-nvl72-su.rackplan.json", "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["accelerators"] == 576
    # 8 NVL72 at 132 kW and three QM9700 network racks at 20.4 kW
    assert data["it_power_max_kw"] == pytest.approx(8 * 132 + 3 * 20.4)
    assert data["heat_to_liquid_kw"] == pytest.approx(918.72)
    assert data["racks_by_type"][0] == {
        "type_id": "nvidia-gb200-nvl72",
        "name": "NVIDIA GB200 NVL72",
        "count": 8,
    }
    [site] = data["sites"]
    [hall] = site["halls"]
    assert hall["floor_area_m2"] == pytest.approx(10.8 * 7.2)
    assert data["facility_power_max_kw"] == pytest.approx((8 * 132 + 3 * 20.4) * 1.2)


def test_summary_text_has_units():
    out = run("summary", "projects/cm384-supernode.rackplan.json")
    assert out.returncode == 0, out.stderr
    assert "Accelerators: 384 (384 Ascend 910C)" in out.stdout
    # the UB plane is wired; the RDMA plane (one 400G port per NPU) has no network rack yet
    assert "Links: 2,688 in 48 bundles\n  Cabled: 2,688 (2,688 multimode SR)\n" in out.stdout
    assert "Scale-out ports in no fabric yet: 384" in out.stdout
    assert "IT power: 500.4 kW typical, 559 kW max" in out.stdout
    # sites and halls by their names alone: a trial read "Hall Hall A" and "Site Site 1"
    assert "\n  Site 1: " in out.stdout and "\n    CM384 hall: " in out.stdout
    assert "kg" in out.stdout
    assert "m²" in out.stdout


def test_an_unreadable_file_exits_2_with_the_loader_message(tmp_path):
    bad = tmp_path / "bad.rackplan.json"
    bad.write_text("{not json")
    out = run("summary", str(bad))
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.startswith(f"error: {bad} is not a rackplan project: it is not valid JSON")
    missing = run("summary", str(tmp_path / "none.json"))
    assert missing.returncode == 2
    assert "does not exist" in missing.stderr


def test_no_display_gets_one_line_not_a_qt_abort():
    out = run(env=without_display())
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "no display" in lines[0]
    assert "summary" in lines[0]


def test_summary_has_the_link_totals():
    out = run("summary", "projects/gb200-nvl72-su.rackplan.json", "--format", "json")
    assert out.returncode == 0, out.stderr
    links = json.loads(out.stdout)["links"]
    # 576 GPUs to 18 leaves and 576 leaf-spine links, all multimode at 5-7 m; the NVLink
    # spine (72 GPUs x 18 links per rack) is inside the racks and not ordered
    assert links["by_medium"] == {"multimode SR": 576 + 576}
    assert links["nvlink_links_in_racks"] == 8 * 72 * 18
    assert links["switches"] == {
        "NVIDIA Quantum-2 QM9700 (leaf)": 18,
        "NVIDIA Quantum-2 QM9700 (spine)": 9,
    }
    # a 400G multimode module of 9 W at each GPU (links:S18), and at the QM9700s' 27 x 32
    # twin-port cages an 800G 2xSR4 of 15 W carrying two links (links:S1, systems:S40)
    assert links["optics_power_kw"] == pytest.approx((576 * 9 + 27 * 32 * 15) / 1000)
    assert links["findings"] == {"errors": 0, "warnings": 0}


def test_summary_text_shows_the_dci():
    out = run("summary", "projects/two-sites.rackplan.json")
    assert out.returncode == 0, out.stderr
    # North's 8 leaves (4 a hall) each reach its 4 spines, 2 a hall: 4 leaf-spine bundles
    # between its two network racks and themselves; South's 1; 12 node-leaf; 1 DCI
    assert "Links: 784 in 18 bundles\n" in out.stdout
    assert (
        "  Cabled: 784 (256 DAC, 384 multimode SR, 128 single-mode DR, 16 coherent ZR)"
        in out.stdout
    )
    # 40 km x 4.9 us/km (links:S46), sized by the project's share of the sites' scale-out
    assert (
        "DCI sized by 12.5 % of each site's scale-out:\n"
        "DCI North – South: 40 km, 6.4 Tb/s on 16 links of coherent ZR, 1 fibre pair, "
        "196 µs one way in the fibre" in out.stdout
    )


def test_summary_says_the_jobs_size_the_dci_once_there_are_any(tmp_path):
    """A trial added a job and saw 36 wavelengths a route become one, unexplained."""
    from designer.core.document import operations as ops
    from designer.core.io.project_file import save
    from tests.core.jobs.helpers import cluster, with_job

    doc = cluster("nvl72-su", systems=16, sites=2, site_km=40)
    with_job(doc, tp=8, pp=2, dp=72, global_batch=576)
    path = tmp_path / "job.rackplan.json"
    save(doc.project, path)
    data = json.loads(run("summary", str(path), "--format", "json").stdout)
    assert data["links"]["dci_sized_by"] == (
        "the jobs' traffic between sites, or 12.5 % of each site's scale-out where that is more"
    )
    assert [r["links"] for r in data["links"]["dci"]] == [36, 36]  # the share is more
    network = doc.project.settings.network
    ops.update_settings(doc, "DCI", network=network.model_copy(update={"dci_share": 0.0}))
    save(doc.project, path)
    data = json.loads(run("summary", str(path), "--format", "json").stdout)
    assert data["links"]["dci_sized_by"] == "the jobs' traffic between sites"
    text = run("summary", str(path)).stdout
    assert "DCI sized by the jobs' traffic between sites:" in text
    # the pipeline's 0.36 Tb/s boundary, half on each route: one 400ZR wavelength each,
    # lit at 400 Gb/s (an audit read the 180 Gb/s needed as the route's capacity)
    assert (
        "DCI Site 1 – Site 2, path 2: 40 km, 400 Gb/s on 1 link of coherent ZR "
        "(180 Gb/s needed), 1 fibre pair" in text
    )
    [route] = [r for r in data["links"]["dci"] if r["route"].endswith("path 2")]
    assert (route["tbps"], route["lit_tbps"]) == (0.18, 0.4)


def test_a_route_no_medium_reaches_is_said_to_carry_nothing(tmp_path):
    from designer.core.document import operations as ops
    from designer.core.examples import EXAMPLES
    from designer.core.io.project_file import save

    doc = EXAMPLES["two-sites"]()
    [route] = doc.project.fibre_routes
    ops.update(doc, route, distance_km=1_500)  # beyond the 1,000 km of coherent ZR+
    path = tmp_path / "far.rackplan.json"
    save(doc.project, path)
    out = run("summary", str(path))
    assert (
        "DCI North – South: 1,500 km, needs 6.4 Tb/s but no medium reaches that far: "
        "nothing is lit (see the findings)" in out.stdout
    )
    data = json.loads(run("summary", str(path), "--format", "json").stdout)
    assert data["links"]["dci"][0]["medium"] is None
    # needed, and nothing lit (a review: 3.6 Tb/s of capacity on an unreached route)
    assert (data["links"]["dci"][0]["tbps"], data["links"]["dci"][0]["lit_tbps"]) == (6.4, 0.0)


def test_the_heat_rear_doors_take_is_told_apart_from_the_rooms():
    out = run("summary", "projects/hgx-air-hall.rackplan.json")
    # 6 H100 racks of 40.8 kW behind 45 kW rear doors, 4 B200 racks of 57.2 kW behind
    # 60 kW doors and a network rack of 20.4 kW with none: 494 kW to air, of which the
    # doors take 6 x 40.8 + 4 x 57.2 = 473.6 kW and 20.4 kW reaches the room
    assert (
        "Heat at max power: 0 kW to liquid, 494 kW to air (473.6 kW of it taken by rear "
        "doors, 20.4 kW to the room)" in out.stdout
    )


def test_rack_counts_have_thousands_separators_like_every_other_figure():
    """A trial read "5184" beside "165,888" in the campus's summary."""
    from designer.commands.summary import as_text, summarize
    from designer.core.examples import campus

    text = as_text(summarize(campus.build(432).project))
    assert "\n  5,184  Huawei CloudMatrix384 compute rack" in text
    assert "\n  1,728  Huawei CloudMatrix384 UB switch rack" in text


def test_summary_says_what_the_leaves_take_and_send_up(tmp_path):
    """An audit asked for 4:1 and got 76 uplinks for 288 node links, 3.8:1, and no output
    said so. A GB300 site's 288 NICs at 4:1 now load three leaves evenly, 96 each with 24
    up: 72, 4:1. A GB200 SU's 576 at 2:1 cannot be cut so on 64-port leaves (eight of 42
    NICs with 22 up, six of 40 with 20): 296 uplinks, 1.95:1, which the summary says with
    the ratio asked."""
    from designer.core.generate import ClusterRequest, generate
    from designer.core.io.project_file import save

    four = tmp_path / "four.rackplan.json"
    save(generate(ClusterRequest("gb300-su", sites=2, site_km=50, oversubscription=4)), four)
    data = json.loads(run("summary", str(four), "--format", "json").stdout)["links"]
    assert data["oversubscription_asked"] == 4
    assert [(s["node_links"], s["uplinks"], s["oversubscription"]) for s in data["leaves"]] == [
        (288, 72, 4.0)
    ] * 2
    assert (
        "Leaves: 288 node links over 72 uplinks, 4:1 at each site\n"
        in run("summary", str(four)).stdout
    )
    two = tmp_path / "two.rackplan.json"
    save(generate(ClusterRequest("nvl72-su", oversubscription=2)), two)
    assert (
        "Leaves: 576 node links over 296 uplinks, 1.95:1 (2:1 asked; a leaf's uplinks are "
        "whole links and cages)\n" in run("summary", str(two)).stdout
    )
