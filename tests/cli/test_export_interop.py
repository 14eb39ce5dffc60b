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
