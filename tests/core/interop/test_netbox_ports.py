"""The interfaces of a NetBox set's cables, kept from the revision before (``ports``): a
DCIM engineer imports revision 1, the architect adds a rack, and revision 2 must not send
them to re-patch cables the design did not move."""

from __future__ import annotations

import math
import re

import pytest

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples import EXAMPLES
from designer.core.generate import ClusterRequest, generate
from designer.core.interop.netbox import HEADERS, netbox_set
from designer.core.interop.ports import PreviousSetError, previous_ends
from designer.report.interop import _plan

COLUMNS = HEADERS["09-cables.csv"]
ENDS = tuple(
    COLUMNS.index(n) for n in ("side_a_device", "side_a_name", "side_b_device", "side_b_name")
)


def _set(project, previous=None):
    catalog = default_catalog()
    types = dict(catalog.with_custom_racks(project.custom_types))
    return netbox_set(project, types, dict(catalog.switches), _plan(project, catalog), previous)


def _ends(found):
    """Cable label -> its links' ends, each (device A, interface A, device B, interface B)."""
    return {
        label: [tuple(row[i] for i in ENDS) for row in rows]
        for label, rows in found.cables().items()
    }


def _previous(found):
    """The set's cables as the next revision reads them."""
    return previous_ends(found.csv("09-cables.csv"))


def _files(found):
    return [found.csv(name) for name in HEADERS]


@pytest.fixture(scope="module")
def audit():
    """The audit's pod: revision 1 generated and exported, then R1T00 placed left of R1T01
    as import-racks places it, and revision 2 exported numbered afresh and given revision
    1's cables: (revision 1's project, its set, revision 2 afresh, revision 2 kept)."""
    doc = Document(generate(ClusterRequest("nvl72-su")))
    first = doc.project
    before = _set(first)
    [hall] = doc.project.halls
    ops.place_racks(doc, [(hall, "nvidia-gb200-nvl72", 5600, 3132, 180, "R1T00")])
    return first, before, _set(doc.project), _set(doc.project, _previous(before))


def test_a_rack_added_before_the_others_moves_no_cable_the_design_kept(audit):
    """The site's switches take 8 racks: R1T04, last by label, is left out and R1T00
    connected in its stead, every other rack's bundles as they were. Numbered afresh,
    R1T00's links came after R1B04's and pushed the cables of R1T01 to R1T03 along, 3 x
    (45 + 27) = 216 of them, to other ports; every port of the pod's leaves carries a link,
    so only revision 1 says which R1T00's may take."""
    _, before, fresh, kept = audit
    a, b, c = _ends(before), _ends(fresh), _ends(kept)
    both = a.keys() & c.keys()
    assert len(a) == len(c) == 1_089 and len(both) == 1_089 - 72 and b.keys() == c.keys()
    assert sum(a[label] != b[label] for label in both) == 216
    # given revision 1, not one cable moves, at either end
    assert [label for label in both if a[label] != c[label]] == []
    # R1T00's cables take the switch ports R1T04's held, and its own interfaces as R1T04's
    added = sorted(end for label in c.keys() - a.keys() for end in c[label])
    gone = sorted(end for label in a.keys() - c.keys() for end in a[label])
    assert {end[0] for end in added} == {"R1T00"} and {end[0] for end in gone} == {"R1T04"}
    assert [end[1:] for end in added] == [end[1:] for end in gone]
    assert (
        "against the previous set: 1,017 of its 1,089 cables keep both ends' interfaces, "
        "0 keep their label and take another interface at one end or both, 72 are gone; 72 "
        "cables are new"
    ) in kept.notes


@pytest.mark.parametrize(
    "make",
    [lambda: EXAMPLES["gb200-nvl72-su"]().project, lambda: generate(ClusterRequest("cm384"))],
    ids=["gb200-pod", "cm384-twin-dacs"],
)
def test_a_set_is_the_same_bytes_each_time_and_given_its_own_cables(make):
    """Same project, same files; and given its own cables, every cable keeps its ends, so
    the files are those again, and the notes say that nothing moved."""
    project = make()
    first, again = _set(project), _set(project)
    assert _files(first) == _files(again) and first.every_note == again.every_note
    kept = _set(project, _previous(first))
    assert _files(kept) == _files(first)
    cables = f"{len(first.cables()):,}"
    assert (
        f"against the previous set: {cables} of its {cables} cables keep both ends' "
        "interfaces, 0 keep their label and take another interface at one end or both, 0 are "
        "gone; 0 cables are new"
    ) in kept.notes


def _within_ports(found):
    """Every interface written against its device's ports: a switch's "port C" or "port
    C/P" at most its cages (a QM9700's 64 ports of 400G in 32 twin-port cages) and the parts
    its cage splits into at the link's speed; a system's or server's "plane N" at most its
    ports of every plane (an NVL72's 72 scale-out NICs), no interface twice."""
    catalog = default_catalog()
    switches = {s.name: s for s in catalog.switches.values()}
    ports = {}
    for kind in catalog.racks.values():
        total = sum(group.count for group in kind.ports.values())
        if kind.servers is None:
            ports[kind.name] = total
        else:
            share = sum(math.ceil(g.count / kind.servers.count) for g in kind.ports.values())
            ports[kind.servers.model] = share
    model = {row[0]: row[3] for row in found.rows["07-devices.csv"]}
    seen = set()
    for device, name, _, speed, _ in found.rows["08-interfaces.csv"]:
        assert (device, name) not in seen
        seen.add((device, name))
        switch = switches.get(model[device])
        if switch is None:
            assert 1 <= int(name.rsplit(" ", 1)[1]) <= ports[model[device]], (device, name)
            continue
        cage, part = re.fullmatch(r"port (\d+)(?:/(\d+))?", name).groups()
        split = switch.port_gbps * switch.cage_ports * 1_000_000 // speed
        assert 1 <= int(cage) <= switch.ports // switch.cage_ports, (device, name)
        assert (part is None) if split == 1 else 1 <= int(part) <= split, (device, name)
    return len(seen)


def test_no_interface_passes_its_devices_ports(audit):
    for found in audit[1:]:
        assert _within_ports(found) == 2 * 1_152


def test_an_end_that_no_longer_holds_is_numbered_anew_in_a_port_left_free(audit):
    """Ends a revision cannot keep: a cage past the switch's 32, a whole port where 400G
    links split a cage in two, a spine for a GPU's link (R1B01's leaves in NET-T01 are
    switches 1 to 6, its spines 7 to 12), a 99th scale-out interface of an NVL72 of 72, an
    interface another cable took first. Each is numbered anew, in the port its cable left
    free; the cable that took another's gives that one its own."""
    first, before = audit[:2]
    was = _ends(before)
    crafted = {
        "R1B01/NET-T02 #01": (2, ("NET-T02 switch 1", "port 33/1")),
        "R1B01/NET-T02 #09": (2, ("NET-T02 switch 1", "port 7")),
        "R1B01/NET-T01 #01": (2, ("NET-T01 switch 7", "port 15/1")),
        "R1B02/NET-T02 #01": (0, ("R1B02", "scale-out 99")),
        "R1B03/NET-T02 #01": (2, was["R1B04/NET-T02 #01"][0][2:]),
    }
    previous = _previous(before)
    for label, (side, end) in crafted.items():
        ends = list(previous[(label, 0)])
        ends[side // 2] = end
        previous[(label, 0)] = tuple(ends)
    kept = _set(first, previous)
    now = _ends(kept)
    assert now["R1B03/NET-T02 #01"][0][2:] == was["R1B04/NET-T02 #01"][0][2:]
    assert now["R1B04/NET-T02 #01"][0][2:] == was["R1B03/NET-T02 #01"][0][2:]
    swapped = {"R1B03/NET-T02 #01", "R1B04/NET-T02 #01"}
    assert {label for label in was if now[label] != was[label]} == swapped
    assert _within_ports(kept) == 2 * 1_152
    # the cables written with another end than the previous set gives, as a re-patch list
    assert (
        "against the previous set: 1,084 of its 1,089 cables keep both ends' interfaces, 5 "
        "keep their label and take another interface at one end or both (re-patch them: "
        "R1B01/NET-T02 #01, R1B01/NET-T02 #09, R1B02/NET-T02 #01, R1B04/NET-T02 #01, "
        "R1B01/NET-T01 #01), 0 are gone; 0 cables are new"
    ) in kept.notes


def test_a_twin_port_cables_links_share_one_cage_when_one_is_numbered_anew():
    """A twin-port DAC's two links fill one cage at each end ("port 21/1 + port 21/2"): one
    link's end that no longer holds takes the half its cable's cage left free, not a new
    cage. The hall of DGX H100 racks is 2:1 on one QM9700 rack: each of its 8 leaves carries
    40 GPU links in cages 1 to 20 and 20 uplinks, 10 twin-port DACs to its rack's spines, in
    cages 21 to 30 (400 cables: 320 GPU links and 80 DACs), so cages 31 and 32 are free for
    the link to open, and its uplinks' share of cages is taken by the ten its cables keep."""
    project = EXAMPLES["hgx-air-hall"]().project
    found = _set(project)
    was = _ends(found)
    assert len([label for label, rows in was.items() if len(rows) == 2]) == 80
    assert was["NET-01/NET-01 #01"] == [
        ("NET-01 switch 1", "port 21/1", "NET-01 switch 9", "port 1/1"),
        ("NET-01 switch 1", "port 21/2", "NET-01 switch 9", "port 1/2"),
    ]
    previous = _previous(found)
    previous[("NET-01/NET-01 #01", 1)] = (
        ("NET-01 switch 1", "port 99/2"),
        ("NET-01 switch 9", "port 1/2"),
    )
    kept = _set(project, previous)
    assert _ends(kept) == was
    assert (
        "against the previous set: 399 of its 400 cables keep both ends' interfaces, 1 "
        "keeps its label and takes another interface at one end or both (re-patch it: "
        "NET-01/NET-01 #01), 0 are gone; 0 cables are new"
    ) in kept.notes


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "the previous cables file is empty"),
        (
            "name,slug\nSite 1,site-1\n",
            "the previous cables file has no label, side_a_device, side_a_name, "
            "side_b_device, side_b_name columns: it is not the 09-cables.csv of a NetBox "
            "set rackplan wrote",
        ),
        (
            ",".join(COLUMNS) + "\n" + ",".join("x" * len(COLUMNS)) + "\nR1B01,x\n",
            "line 3 of the previous cables file has 2 cells where its header has 14",
        ),
    ],
    ids=["empty", "another-file", "short-row"],
)
def test_a_previous_file_that_is_no_netbox_cables_file_is_refused_saying_why(text, said):
    with pytest.raises(PreviousSetError) as refused:
        previous_ends(text)
    assert str(refused.value) == said
