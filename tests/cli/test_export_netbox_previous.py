"""``export FILE -o NEW.zip --table netbox --previous OLD.zip``: a DCIM engineer imports
revision 1's set, the architect adds a rack, and revision 2's set keeps the devices and
interfaces of every cable both revisions have, so nothing the design did not move is
re-patched."""

from __future__ import annotations

import csv
import zipfile
from pathlib import Path

import pytest

from tests.shell import run

ENDS = ("side_a_device", "side_a_name", "side_b_device", "side_b_name")


def _cables(path: Path) -> dict[str, list[tuple[str, ...]]]:
    """A set's cables by label: each link's two ends (a twin-port cable has two rows)."""
    with zipfile.ZipFile(path) as archive:
        rows = csv.DictReader(archive.read("09-cables.csv").decode("utf-8").splitlines())
        found: dict[str, list[tuple[str, ...]]] = {}
        for row in rows:
            found.setdefault(row["label"], []).append(tuple(row[name] for name in ENDS))
    return found


def _notes(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as archive:
        return archive.read("NOTES.txt").decode("utf-8").splitlines()


@pytest.fixture(scope="module")
def revisions(tmp_path_factory):
    """Revision 1, the generated pod, and revision 2, R1T00 added by import-racks beside
    R1T04 in its row (facing down the plan, as the row's racks do); each exported to a
    NetBox set, revision 2 twice: numbered afresh, and given revision 1's set."""
    folder = tmp_path_factory.mktemp("revisions")
    first, second = folder / "r1.rackplan.json", folder / "r2.rackplan.json"
    done = run("generate", "nvl72-su", "-o", str(first))
    assert done.returncode == 0, done.stderr
    sheet = folder / "added.csv"
    sheet.write_text(
        "label,type,hall,x,y,facing\nR1T00,nvidia-gb200-nvl72,hall-001,5600,3132,down\n",
        encoding="utf-8",
    )
    done = run("import-racks", str(sheet), "--into", str(first), "-o", str(second))
    assert done.returncode == 0, done.stderr
    old, fresh, kept = folder / "r1.zip", folder / "r2-fresh.zip", folder / "r2.zip"
    assert run("export", str(first), "-o", str(old), "--table", "netbox").returncode == 0
    assert run("export", str(second), "-o", str(fresh), "--table", "netbox").returncode == 0
    done = run("export", str(second), "-o", str(kept), "--table", "netbox", "--previous", str(old))
    assert done.returncode == 0, done.stderr
    return folder, old, fresh, kept, done


def test_the_cables_both_revisions_have_keep_both_ends(revisions):
    """By hand: 8 NVL72 of 72 GPUs are 576 GPU links to leaves and, at 1:1, 576 uplinks, of
    which NET-T01's 126 to its own spines ride two to a twin-port DAC: 1,152 - 63 = 1,089
    cables. The site's switches take 8 racks: with R1T00 added, R1T04 (last by label) is
    left out and R1T00 connected in its stead, each with 45 GPU links to NET-T02 and 27 to
    NET-T01: 72 cables gone, 72 new, 1,089 - 72 = 1,017 in both. Numbered afresh, R1T00's
    links come before R1T01's and push the cables of R1T01 to R1T03 along, 3 x 72 = 216 of
    them, to other ports; given revision 1, none moves."""
    _, old, fresh, kept, done = revisions
    before, afresh, now = _cables(old), _cables(fresh), _cables(kept)
    both = before.keys() & now.keys()
    assert len(before) == len(now) == 1_089 and len(both) == 1_017
    assert sum(before[label] != afresh[label] for label in both) == 216
    assert [label for label in both if before[label] != now[label]] == []
    # R1T00's cables take the leaf ports R1T04's held
    gone = sorted(end[2:] for label in before.keys() - now.keys() for end in before[label])
    added = sorted(end[2:] for label in now.keys() - before.keys() for end in now[label])
    assert len(added) == 72 and added == gone
    said = (
        "against the previous set: 1,017 of its 1,089 cables keep both ends' interfaces, 0 "
        "keep their label and take another interface at one end or both, 72 are gone; 72 "
        "cables are new"
    )
    assert f"note: {said}\n" in done.stderr
    assert said in _notes(kept)
    # the files' rows, one a link, as NetBox takes a cable: 2 x 1,152 interfaces
    assert (
        done.stdout.startswith(f"wrote {kept} (")
        and "2,304 interfaces, 1,152 cables)" in done.stdout
    )
    assert "note: 1 rack with accelerators has no cable or interface written: R1T04" in done.stderr


def test_the_new_set_may_replace_the_previous_one(revisions):
    """OLD.zip is read whole before NEW.zip is written, so one name serves both: written
    over itself, revision 2's set keeps every cable's ends, and its files are as they were.
    (A .zip is the NetBox set with or without --table netbox, and takes --previous alike.)"""
    folder, _, _, kept, _ = revisions
    same = folder / "same.zip"
    same.write_bytes(kept.read_bytes())
    done = run(
        "export",
        str(folder / "r2.rackplan.json"),
        "-o",
        str(same),
        "--previous",
        str(same),
    )
    assert done.returncode == 0, done.stderr
    assert (
        "note: against the previous set: 1,089 of its 1,089 cables keep both ends' interfaces, "
        "0 keep their label and take another interface at one end or both, 0 are gone; 0 "
        "cables are new\n"
    ) in done.stderr
    with zipfile.ZipFile(kept) as a, zipfile.ZipFile(same) as b:
        csvs = [n for n in a.namelist() if n.endswith(".csv")]
        assert len(csvs) == 9 and all(a.read(n) == b.read(n) for n in csvs)


def _zip(path: Path, files: dict[str, bytes]) -> str:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return str(path)


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda d: str(d / "missing.zip"), "there is no such file."),
        (lambda d: str(d), "it is a folder; give the .zip the export wrote."),
        (
            lambda d: "projects/two-sites.rackplan.json",
            "it is not a zip file; give the .zip that export -o OUT.zip --table netbox wrote.",
        ),
        (
            lambda d: _zip(d / "sites.zip", {"01-sites.csv": b"name,slug\n"}),
            "it holds no 09-cables.csv, so it is not a NetBox set this export wrote.",
        ),
        (
            lambda d: _zip(d / "other.zip", {"09-cables.csv": b"name,slug\nSite 1,site-1\n"}),
            "its 09-cables.csv has no label, side_a_device, side_a_name, side_b_device, "
            "side_b_name columns: it is not the 09-cables.csv of a NetBox set rackplan wrote.",
        ),
        (
            lambda d: _zip(d / "latin.zip", {"09-cables.csv": b"label\xe9\n"}),
            "its 09-cables.csv is not UTF-8 text.",
        ),
    ],
    ids=["missing", "folder", "not-a-zip", "no-cables-file", "another-file", "not-utf8"],
)
def test_a_previous_set_that_cannot_be_read_is_named_and_nothing_is_written(tmp_path, make, said):
    previous = make(tmp_path)
    out = tmp_path / "new.zip"
    done = run(
        "export",
        "projects/two-sites.rackplan.json",
        "-o",
        str(out),
        "--table",
        "netbox",
        "--previous",
        previous,
    )
    assert done.returncode == 2
    assert done.stderr == f"error: Cannot read the previous NetBox set {previous}: {said}\n"
    assert done.stdout == "" and not out.exists()


@pytest.mark.parametrize(
    ("output", "table", "writes"),
    [("x.csv", "cables", "-o {out} --table cables"), ("x.pdf", None, "-o {out}")],
    ids=["cable-list", "pdf"],
)
def test_previous_is_refused_where_no_netbox_set_is_written(tmp_path, output, table, writes):
    out = tmp_path / output
    previous = str(tmp_path / "old.zip")  # refused before it is looked for
    done = run(
        "export",
        "projects/two-sites.rackplan.json",
        "-o",
        str(out),
        *(("--table", table) if table else ()),
        "--previous",
        previous,
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"error: --previous {previous}: it keeps the cable ends of a NetBox set, and this "
        f"writes none ({writes.format(out=out)}); give -o OUT.zip --table netbox.\n"
    )
    assert not out.exists()


def test_the_help_tells_of_previous():
    done = run("export", "--help")
    assert "--previous OLD.zip" in done.stdout
