"""``python main.py links``: the cable schedule as CSV or JSON, to the screen or a file."""

import csv
import io
import json

from designer.core.document import operations as ops
from designer.core.io.project_file import save
from designer.core.naming import natural_key
from tests.core.network.helpers import H100, add_hall, new_doc, tray
from tests.shell import run

TWO_SITES = "projects/two-sites.rackplan.json"
HEADER = [
    "from",
    "to",
    "from_hall",
    "to_hall",
    "from_id",
    "to_id",
    "plane",
    "role",
    "protocol",
    "rate_gbps",
    "lane_gbps",
    "count",
    "cables",
    "routed_m",
    "order_m",
    "medium",
    "module_class",
    "power_w_per_end",
    "latency_ns",
    "cost_usd",
    "reason",
    "drawn_bundle_id",
    "fibre_route",
    "fibre_route_id",
]


def test_csv_schedule_of_the_two_sites():
    out = run("links", TWO_SITES)
    assert out.returncode == 0, out.stderr
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert list(rows[0]) == HEADER
    # 12 node-leaf, 1 DCI and 5 leaf-spine bundles: North's 4 leaves a hall each reach its
    # 4 spines, 2 in each hall's network rack (N1-NET and N2-NET to both), South's one
    assert len(rows) == 18
    kinds = {row["medium"].split(" (")[0] for row in rows}
    assert kinds == {
        "Passive direct-attach copper",
        "Multimode SR transceivers",
        "Single-mode DR transceivers",
        "Coherent 400ZR / 800ZR on an amplified DWDM span",
    }
    [dci] = [row for row in rows if row["plane"] == "dci"]
    assert (dci["from"], dci["to"], dci["count"], dci["routed_m"]) == (
        "North",
        "South",
        "16",
        "40000.0",
    )
    assert dci["cables"] == ""  # the fibre pairs between sites are counted apart
    # leaf to spine within a network rack (three bundles, 256 links), between the QM9700s'
    # 800G cages: a twin-port DAC carries two; multimode fibre is one a link
    copper = [row for row in rows if row["medium"].startswith("Passive direct-attach")]
    assert sorted((int(row["count"]), int(row["cables"])) for row in copper) == [
        (64, 32),
        (64, 32),
        (128, 64),
    ]
    fibre = [row for row in rows if row["medium"].startswith("Multimode")]
    assert all(row["cables"] == row["count"] for row in fibre)
    assert dci["order_m"] == ""
    assert dci["reason"] == "40.0 km DCI at 400G: coherent ZR reaches 120 km"
    # each rack end says which hall it stands in; a DCI link ends at sites, not halls, and
    # names the fibre route it is lit on (the only one between them: no path number)
    assert (dci["from_hall"], dci["to_hall"]) == ("", "")
    assert (dci["fibre_route"], dci["fibre_route_id"]) == ("North – South", "fibre-001")
    assert all(row["fibre_route"] == "" for row in rows if row["plane"] != "dci")
    across = [r for r in rows if r["from_hall"] and r["to_hall"] != r["from_hall"]]
    assert {(r["from_hall"], r["to_hall"]) for r in across} == {
        ("North hall 1", "North hall 2"),
        ("North hall 2", "North hall 1"),
    }
    assert out.stderr == ""
    # rack by rack, hall by hall, as an installer works (a trial's began GB300-06, -08, -02)
    order = [(r["from_hall"], r["from"]) for r in rows]
    assert order == sorted(order, key=lambda e: (natural_key(e[0]), natural_key(e[1])))
    assert order[0] == ("", "North")  # the sites' DCI first, then North hall 1's racks
    assert order[1][0] == "North hall 1"


def test_json_schedule():
    out = run("links", "projects/cm384-supernode.rackplan.json", "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["project"] == "CloudMatrix384 supernode"
    # 12 compute racks x 4 UB switch racks, 56 links each
    assert len(data["bundles"]) == 48
    assert list(data["bundles"][0]) == HEADER
    assert {b["count"] for b in data["bundles"]} == {56}
    # the supernode alone, its fabric out of the drawing's scope (its settings say so):
    # the ports left unconnected are no finding
    assert data["findings"] == []


def test_unrouted_links_say_why(tmp_path):
    # Two DGX H100 racks and a QM9700 rack in a hall with no tray yet, and a rack in a second
    # hall whose only tray runs 5 m away from it: 96 ports, 3 leaves and 2 spines.
    doc, site = new_doc()
    bare = add_hall(doc, site, "Bare hall")
    ops.place_rack(doc, bare, H100, 0, 1_200, label="H100-A")
    ops.place_rack(doc, bare, H100, 3_000, 1_200, label="H100-C")
    ops.place_rack(doc, bare, "nvidia-qm9700-rack", 1_800, 1_200, label="NET")
    far = add_hall(doc, site, "Far hall")
    rack = ops.place_rack(doc, far, H100, 0, 1_200, label="H100-B")
    tray(doc, far, [(0, 6_800), (6_000, 6_800)])
    path = tmp_path / "unrouted.rackplan.json"
    save(doc.project, path)
    out = run("links", str(path), "--format", "json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    reasons = {b["from"]: b["reason"] for b in data["bundles"] if b["role"] == "node-leaf"}
    assert reasons == {
        "H100-A": "not routed: Bare hall has no cable trays yet",
        "H100-C": "not routed: Bare hall has no cable trays yet",
        "H100-B": "not routed: no tray within reach of H100-B (see the findings)",
    }
    # a hall with no cable plan yet is a warning on the hall; a rack the drawn trays miss
    # is an error on the rack
    assert sorted((f["code"], f["ids"]) for f in data["findings"]) == [
        ("cabling.hall_without_trays", [bare]),
        ("cabling.no_tray", [rack]),
    ]
    assert "2 problems, 1 of them an error" in out.stderr
    [empty] = [f for f in data["findings"] if f["code"] == "cabling.hall_without_trays"]
    assert empty["message"].startswith("Bare hall has no cable trays")  # its name, not its id

    # leaf to spine inside the network rack needs no tray: 1 m + 10 %, a 1.5 m DAC
    [spine] = [b for b in data["bundles"] if b["role"] == "leaf-spine"]
    assert (spine["routed_m"], spine["order_m"]) == (1.0, 1.5)


def test_output_to_a_file_is_what_the_screen_shows(tmp_path):
    target = tmp_path / "links.csv"
    out = run("links", TWO_SITES, "-o", str(target))
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"wrote {target}\n"  # the table went to the file, as export says
    # the same text after UTF-8's byte-order mark, which Excel reads a .csv by
    assert target.read_text(encoding="utf-8-sig") == run("links", TWO_SITES).stdout
    assert target.read_bytes().startswith(b"\xef\xbb\xbf")
    assert [p.name for p in tmp_path.iterdir()] == ["links.csv"]


def test_an_unwritable_output_is_one_message_and_no_file(tmp_path):
    for target, reason in (
        (tmp_path / "missing" / "links.csv", "does not exist"),
        (tmp_path, "that is a folder"),
    ):
        out = run("links", TWO_SITES, "-o", str(target))
        assert out.returncode == 2
        assert out.stdout == ""
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1
        assert lines[0].startswith(f"error: Cannot save to {target}")
        assert reason in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_an_unreadable_input_exits_2(tmp_path):
    bad = tmp_path / "bad.rackplan.json"
    bad.write_text("{not json")
    out = run("links", str(bad))
    assert out.returncode == 2
    assert out.stderr.startswith(f"error: {bad} is not a rackplan project")
    assert "Traceback" not in out.stderr


def test_two_routes_between_two_sites_are_told_apart(tmp_path):
    """A trial: the two DCI bundles of two sites on separate paths were alike in every
    column of the schedule; each names its route as the summary does."""
    from tests.core.jobs.helpers import cluster

    doc = cluster("campus-nvl72", systems=8, sites=2)
    path = tmp_path / "two.rackplan.json"
    save(doc.project, path)
    out = run("links", str(path), "--format", "json")
    assert out.returncode == 0, out.stderr
    dci = [b for b in json.loads(out.stdout)["bundles"] if b["plane"] == "dci"]
    routes = sorted(doc.project.fibre_routes)
    assert [(d["fibre_route"], d["fibre_route_id"]) for d in dci] == [
        ("Site 1 – Site 2, path 1", routes[0]),
        ("Site 1 – Site 2, path 2", routes[1]),
    ]
