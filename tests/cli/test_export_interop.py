"""``export -o OUT.dxf`` and ``export -o OUT.zip --table netbox`` from the command line."""

import zipfile

from tests.shell import run


def test_every_hall_of_two_sites_gets_its_dxf(tmp_path):
    done = run("export", "projects/two-sites.rackplan.json", "-o", str(tmp_path / "t.dxf"))
    assert done.returncode == 0, done.stderr
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["t-north-hall-1.dxf", "t-north-hall-2.dxf", "t-south-hall-1.dxf"]
    assert done.stdout.count("wrote ") == 3


def test_the_netbox_zip_tells_what_it_left_out(tmp_path):
    out = tmp_path / "nb.zip"
    done = run("export", "projects/two-sites.rackplan.json", "-o", str(out), "--table", "netbox")
    assert done.returncode == 0, done.stderr
    # 12 racks of 32 B200: 384 GPU links to leaves and, at 1:1, 384 leaf-spine links, of
    # which N2-NET's 128 go to N1-NET and 256 join a leaf and a spine within N1-NET or S1-NET
    assert "768 cables" in done.stdout
    assert "(2 sites, 3 locations, 15 racks, 1 manufacturer," in done.stdout
    assert "note: 16 links between sites end at no rack" in done.stderr
    assert zipfile.ZipFile(out).namelist()[-1] == "NOTES.txt"


def test_netbox_asks_for_a_zip(tmp_path):
    done = run(
        "export",
        "projects/two-sites.rackplan.json",
        "-o",
        str(tmp_path / "x.csv"),
        "--table",
        "netbox",
    )
    assert done.returncode == 2
    assert "write a .zip" in done.stderr
    assert not (tmp_path / "x.csv").exists()


def test_the_cable_list_has_a_row_a_cable_labelled_as_netbox_labels_it(tmp_path):
    """A DCIM trial could not match the schedule's bundles (a row of 32 links between two
    racks) to NetBox's cables: the list has one row a cable, its ports, and the label the
    NetBox set gives the same cable. Of the 768 links NetBox takes, 256 run leaf to spine
    within a network rack, between 800G cages, two to a twin-port DAC: 640 cables, as the
    bill of materials counts them."""
    import csv
    import json

    listed, zipped = tmp_path / "cables.csv", tmp_path / "nb.zip"
    done = run("export", "projects/two-sites.rackplan.json", "-o", str(listed), "--table", "cables")
    assert done.returncode == 0, done.stderr
    assert "640 cables" in done.stdout
    assert "note: 16 links between sites end at no rack" in done.stderr
    assert "note: 128 twin-port copper cables carry more than one link each" in done.stderr
    assert "racks are written" not in done.stderr  # no rack is in the list
    rows = list(csv.DictReader(listed.open(encoding="utf-8-sig")))  # as Excel reads it
    # a label names the racks a cable joins, side A's then side B's, and its number among
    # their cables: it stays with the cable from one revision to the next
    labels = [r["cable"] for r in rows]
    assert len(set(labels)) == 640
    assert labels[:2] == ["N1-B200-01/N1-NET #01", "N1-B200-01/N1-NET #02"]
    racks = [(r["device_a"].split()[0], r["device_b"].split()[0]) for r in rows]
    assert all(label.startswith(f"{a}/{b} #") for label, (a, b) in zip(labels, racks, strict=True))
    assert all(r["device_a"] and r["port_a"] and r["device_b"] and r["port_b"] for r in rows)
    assert {r["type"] for r in rows} == {"mmf-om4", "smf-os2", "dac-passive"}
    twins = [r for r in rows if r["type"] == "dac-passive"]
    assert len(twins) == 128 and all(" + " in r["port_a"] and " + " in r["port_b"] for r in twins)
    bom = json.loads(run("bom", "projects/two-sites.rackplan.json", "--format", "json").stdout)
    assert sum(line["quantity"] for line in bom["lines"] if line["category"] == "cable") == 640
    run("export", "projects/two-sites.rackplan.json", "-o", str(zipped), "--table", "netbox")
    with zipfile.ZipFile(zipped) as archive:
        cables = list(csv.DictReader(archive.read("09-cables.csv").decode().splitlines()))
    assert len(cables) == 768
    ports: dict[str, list[str]] = {}
    for c in cables:  # a twin-port cable's two links share its label
        ports.setdefault(c["label"], []).append(c["side_a_name"])
    assert {r["cable"]: r["port_a"].split(" + ") for r in rows} == ports


def test_options_a_dxf_or_a_zip_takes_no_notice_of_are_said(tmp_path):
    """A trial's "-o x.dxf --table bom --paper A4" wrote a DXF without a word, where a PDF
    or a picture says what it leaves unused."""
    dxf = tmp_path / "x.dxf"
    done = run(
        "export",
        "projects/gb200-nvl72-su.rackplan.json",
        "-o",
        str(dxf),
        "--table",
        "bom",
        "--paper",
        "A4",
        "--enlarged",
    )
    assert done.returncode == 0, done.stderr
    assert dxf.exists()
    assert done.stderr.splitlines() == [
        "note: --table picks what a CSV or a .zip holds; a DXF draws the hall.",
        "note: --paper sizes a PDF set's sheets and a picture; a DXF is drawn at full size "
        "and a table has no paper.",
        "note: --enlarged adds enlarged parts to a PDF set only.",
    ]
    done = run(
        "export",
        "projects/gb200-nvl72-su.rackplan.json",
        "-o",
        str(tmp_path / "x.zip"),
        "--table",
        "links",
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == (
        "note: a .zip is NetBox's set; --table links is for a CSV (-o OUT.csv)."
    )


def test_both_exports_say_which_cables_are_blank_and_which_racks_have_none(tmp_path):
    """A DCIM engineer's pod, its hall without trays and short of switches: the cable list
    and the NetBox zip went out with 1,956 cables of no type or length and two racks of no
    cable, and the command and NOTES.txt said neither. The generated SU is taken as
    such: its trays taken away, and a leaf rack."""
    import csv

    from designer.core.document import operations as ops
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate
    from designer.core.io.project_file import save

    doc = Document(generate(ClusterRequest("nvl72-su")))
    net = next(p.id for p in doc.project.placements.values() if p.label == "NET-T02")
    ops.delete(doc, [net, *doc.project.trays])
    [hall] = [h.name for h in doc.project.halls.values()]
    source = tmp_path / "su.rackplan.json"
    save(doc.project, source)
    listed, zipped = tmp_path / "cables.csv", tmp_path / "nb.zip"
    done = run("export", str(source), "-o", str(listed), "--table", "cables")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(listed.open(encoding="utf-8-sig")))
    why = f"not routed: {hall} has no cable trays yet"
    blank = [r for r in rows if not r["type"]]
    assert blank and all(r["medium"] == f"{why}; 400G scale-out" for r in blank)
    cables = (
        f"{len(blank):,} cables have no cable type or length: {why} (the cable schedule's "
        "reason, in each one's description); run check"
    )
    racks = (
        "4 racks with accelerators have no cable or interface written: R1T01, R1T02, R1T03, "
        "R1T04 (network.switch_shortage, not enough switches); run check"
    )
    assert f"note: {cables}\n" in done.stderr
    assert f"note: {racks}\n" in done.stderr
    # the schedule ``links`` prints gives the same reason
    schedule = run("links", str(source))
    assert why in schedule.stdout
    done = run("export", str(source), "-o", str(zipped), "--table", "netbox")
    assert done.returncode == 0, done.stderr
    assert f"note: {cables}\n" in done.stderr
    assert f"note: {racks}\n" in done.stderr
    notes = zipfile.ZipFile(zipped).read("NOTES.txt").decode().splitlines()
    assert cables in notes and racks in notes
