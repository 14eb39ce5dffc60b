"""NetBox's bulk-import set: its headers against NetBox's own import forms, one row per
rack and per link, and read back as NetBox reads CSV."""

from __future__ import annotations

import csv
import io
import zipfile
from collections import Counter

import pytest

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES
from designer.core.interop.netbox import HEADERS, _description, cable_list, netbox_set
from designer.core.model.base import evolve
from designer.report.interop import _plan, export_interop

#: The columns each import form takes: the ``Meta.fields`` of NetBox 4.6.8's
#: netbox/dcim/forms/bulk_import.py (SiteImportForm, LocationImportForm, RackImportForm,
#: ManufacturerImportForm, DeviceRoleImportForm, DeviceTypeImportForm, DeviceImportForm,
#: InterfaceImportForm, CableImportForm), listed by NetBox under "CSV Field Options".
NETBOX_FIELDS = {
    "01-sites.csv": "name slug status region group tenant facility time_zone description "
    "physical_address shipping_address latitude longitude owner comments tags",
    "02-locations.csv": "site parent name slug status tenant facility description owner "
    "comments tags",
    "03-racks.csv": "site location group name facility_id tenant status role rack_type "
    "form_factor serial asset_tag width u_height desc_units outer_width outer_height "
    "outer_depth outer_unit mounting_depth airflow weight max_weight weight_unit description "
    "owner comments tags",
    "04-manufacturers.csv": "name slug description owner comments tags",
    "05-device-roles.csv": "name slug parent color vm_role config_template description owner "
    "comments tags",
    "06-device-types.csv": "manufacturer default_platform model slug part_number u_height "
    "exclude_from_utilization is_full_depth subdevice_role airflow description weight "
    "weight_unit owner comments tags",
    "07-devices.csv": "name role tenant manufacturer device_type platform serial asset_tag "
    "status site location rack position face latitude longitude parent device_bay airflow "
    "virtual_chassis vc_position vc_priority cluster description config_template owner "
    "comments tags",
    "08-interfaces.csv": "device name label parent bridge lag type speed duplex enabled "
    "mark_connected wwn vdcs mtu mgmt_only description poe_mode poe_type mode vlan_group "
    "untagged_vlan tagged_vlans qinq_svlan vrf rf_role rf_channel rf_channel_frequency "
    "rf_channel_width tx_power owner tags",
    "09-cables.csv": "side_a_site side_a_device side_a_power_panel side_a_type side_a_name "
    "side_b_site side_b_device side_b_power_panel side_b_type side_b_name type status profile "
    "tenant bundle label color length length_unit description owner comments tags",
}

#: The columns without which NetBox 4.6.8's forms refuse a row (fields not required=False).
REQUIRED = {
    "01-sites.csv": {"name", "slug", "status"},
    "02-locations.csv": {"site", "name", "slug", "status"},
    # RackImportForm.clean refuses a new rack with no rack type and no width or U height
    "03-racks.csv": {"site", "name", "status", "width", "u_height"},
    "04-manufacturers.csv": {"name", "slug"},
    "05-device-roles.csv": {"name", "slug"},
    "06-device-types.csv": {"manufacturer", "model", "slug"},
    "07-devices.csv": {"role", "manufacturer", "device_type", "status", "site"},
    "08-interfaces.csv": {"device", "name", "type"},
    "09-cables.csv": {"side_a_type", "side_a_name", "side_b_type", "side_b_name"},
}


def test_every_column_is_one_netbox_takes_and_every_required_one_is_there():
    assert list(HEADERS) == list(NETBOX_FIELDS)
    for name, columns in HEADERS.items():
        assert set(columns) <= set(NETBOX_FIELDS[name].split()), name
        assert REQUIRED[name] <= set(columns), name


@pytest.fixture(scope="module")
def pod(tmp_path_factory):
    """The GB200 NVL72 pod's NetBox zip, read back file by file as NetBox parses CSV."""
    project = EXAMPLES["gb200-nvl72-su"]().project
    path = tmp_path_factory.mktemp("netbox") / "pod.zip"
    export_interop(project, default_catalog(), path)
    with zipfile.ZipFile(path) as archive:
        assert archive.namelist() == [*HEADERS, "NOTES.txt"]
        # each file unzips readable by all, as a file written is (a trial found rw-------)
        assert {info.external_attr >> 16 for info in archive.infolist()} == {0o644}
        files = {
            name: list(csv.reader(io.StringIO(archive.read(name).decode()))) for name in HEADERS
        }
        notes = archive.read("NOTES.txt").decode()
    return project, files, notes


def test_the_pod_has_one_row_per_rack_and_per_cable(pod):
    project, files, notes = pod
    for name, rows in files.items():
        assert tuple(rows[0]) == HEADERS[name]
    racks = [dict(zip(HEADERS["03-racks.csv"], r, strict=True)) for r in files["03-racks.csv"][1:]]
    assert sorted(r["name"] for r in racks) == sorted(p.label for p in project.placements.values())
    # 8 NVL72 x 18 trays x 8 scale-out ports = 1,152 links to the 3 QM9700 racks (the PNG's
    # legend: 1,152 multimode links); the 10,368 NVLink spine links stay inside the racks
    assert len(files["09-cables.csv"]) - 1 == 1_152
    assert "10,368 links with both ends in one rack" in notes


def test_every_link_lands_on_its_own_port_of_a_device_written(pod):
    _, files, notes = pod
    site_of = {r[0]: r[5] for r in files["07-devices.csv"][1:]}  # name -> site
    devices = set(site_of)
    interfaces = {(r[0], r[1]) for r in files["08-interfaces.csv"][1:]}
    ends = Counter()
    for row in files["09-cables.csv"][1:]:
        cable = dict(zip(HEADERS["09-cables.csv"], row, strict=True))
        for side in "ab":
            end = (cable[f"side_{side}_device"], cable[f"side_{side}_name"])
            assert end[0] in devices
            assert cable[f"side_{side}_site"] == site_of[end[0]] == "Site 1"
            assert end in interfaces
            assert cable[f"side_{side}_type"] == "dcim.interface"
            ends[end] += 1
        assert float(cable["length"]) > 0
        assert cable["length_unit"] == "m"
    assert set(ends.values()) == {1}  # a port takes one cable
    assert len(ends) == len(interfaces)
    # the 3 network racks hold 12 QM9700 each (the catalog's rack type): 36 switches. At
    # 1:1 on 64 ports of 400G, 576 GPU links take 576 / 32 = 18 leaves, whose 576 uplinks
    # take 576 / 64 = 9 spines; the 9 switches left are no tier's
    roles = Counter(r[1] for r in files["07-devices.csv"][1:] if r[3] == "NVIDIA Quantum-2 QM9700")
    assert roles == {"Leaf switch": 18, "Spine switch": 9, "Switch": 9}
    assert "9 switches that network racks hold and no fabric uses" in notes
    # every GPU's link ends on a leaf, and every switch-to-switch link joins a leaf to a spine
    role_of = {r[0]: r[1] for r in files["07-devices.csv"][1:]}
    joined = Counter(
        tuple(sorted((role_of[row[1]], role_of[row[5]]))) for row in files["09-cables.csv"][1:]
    )
    assert joined == {("Compute system", "Leaf switch"): 576, ("Leaf switch", "Spine switch"): 576}


def test_a_name_netbox_refuses_is_reported(tmp_path):
    project = EXAMPLES["gb200-nvl72-su"]().project
    first, second = list(project.placements.values())[:2]
    placements = dict(project.placements)
    placements[first.id] = evolve(first, label="NVL72\x00-01")
    placements[second.id] = evolve(second, label="R" * 70)
    project = project.model_copy(update={"placements": placements})
    catalog = default_catalog()
    found = netbox_set(
        project,
        dict(catalog.with_custom_racks(project.custom_types)),
        dict(catalog.switches),
        _plan(project, catalog),
    )
    said = "\n".join(found.notes)
    assert "'NVL72\\x00-01': holds a NUL character, which NetBox refuses" in said
    assert f"device {'R' * 39 + '…'!r}: 70 characters, NetBox takes at most 64" in said


def test_a_rack_label_twice_in_a_hall_is_reported(tmp_path):
    project = EXAMPLES["gb200-nvl72-su"]().project
    first, second = list(project.placements.values())[:2]
    placements = dict(project.placements)
    placements[second.id] = evolve(second, label=first.label)
    project = project.model_copy(update={"placements": placements})
    catalog = default_catalog()
    found = netbox_set(
        project,
        dict(catalog.with_custom_racks(project.custom_types)),
        dict(catalog.switches),
        _plan(project, catalog),
    )
    assert any(f"rack {first.label!r} appears more than once" in n for n in found.notes)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_example_writes_each_rack_and_each_link_once(name, tmp_path):
    project = EXAMPLES[name]().project
    catalog = default_catalog()
    plan = _plan(project, catalog)
    found = netbox_set(
        project, dict(catalog.with_custom_racks(project.custom_types)), dict(catalog.switches), plan
    )
    assert len(found.rows["03-racks.csv"]) == len(project.placements)
    # an interface finds its device by name alone: no two devices share one
    devices = [r[0] for r in found.rows["07-devices.csv"]]
    assert len(set(devices)) == len(devices)
    table = plan.table()
    between_racks = sum(
        int(table.count[i])
        for i in range(len(table))
        if table.a[i] != table.b[i]
        and table.a[i] in project.placements
        and table.b[i] in project.placements
    )
    # and the links between a network rack's leaves and its spines, which the fabric places
    tiers = {(r, tier) for f in plan.fabrics().values() for r, _, tier, _ in f.placed}
    ends = {"leaf-spine": ("leaf", "spine"), "spine-core": ("spine", "core")}
    in_rack = sum(
        int(table.count[i])
        for i in range(len(table))
        if table.a[i] == table.b[i]
        and table.role[i] in ends
        and all((table.a[i], tier) in tiers for tier in ends[table.role[i]])
    )
    full = sum(int(n.split()[0].replace(",", "")) for n in found.notes if "find no free port" in n)
    assert len(found.rows["09-cables.csv"]) + full == between_racks + in_rack


def _set(project):
    catalog = default_catalog()
    return netbox_set(
        project,
        dict(catalog.with_custom_racks(project.custom_types)),
        dict(catalog.switches),
        _plan(project, catalog),
    )


def test_a_switch_port_faster_than_its_links_takes_as_many_as_it_carries():
    from designer.core.examples import campus

    found = _set(campus.build(2).project)
    ports = [(d, i) for d, i, *_ in found.rows["08-interfaces.csv"] if d == "NET-T02 switch 1"]
    # the campus's switches have 800G ports and its scale-out links run at 400G
    assert ports[:3] == [
        ("NET-T02 switch 1", "port 1/1"),
        ("NET-T02 switch 1", "port 1/2"),
        ("NET-T02 switch 1", "port 2/1"),
    ]
    assert not any("find no free port" in n for n in found.notes)


@pytest.mark.parametrize("case", [str, str.lower], ids=["same", "other-case"])
def test_a_rack_label_in_two_halls_of_a_site_names_its_device_with_the_hall(case):
    """NetBox holds a device's name unique in its site whatever its case (an audit's
    "n1-b200-01" beside "N1-B200-01" went in as written, and NetBox refuses the second)."""
    project = EXAMPLES["two-sites"]().project
    halls = [h for h in project.halls.values() if h.site_id == next(iter(project.sites))]
    first = next(p for p in project.placements.values() if p.hall_id == halls[0].id)
    other = next(p for p in project.placements.values() if p.hall_id == halls[1].id)
    placements = dict(project.placements)
    placements[other.id] = evolve(other, label=case(first.label))
    found = _set(project.model_copy(update={"placements": placements}))
    devices = [r[0] for r in found.rows["07-devices.csv"]]
    assert f"{halls[0].name} {first.label} server 1" in devices
    assert f"{halls[1].name} {case(first.label)} server 1" in devices
    assert not any("appears more than once" in n for n in found.notes)


def test_two_devices_of_a_hall_named_alike_but_for_case_are_reported():
    project = EXAMPLES["gb200-nvl72-su"]().project
    first, second = [p for p in project.placements.values() if p.label.startswith("NVL72")][:2]
    placements = dict(project.placements)
    placements[second.id] = evolve(second, label=first.label.lower())
    found = _set(project.model_copy(update={"placements": placements}))
    # both are named with their hall, as a label twice in a site is, and still alike
    hall = project.halls[first.hall_id].name
    said = [n for n in found.notes if "appears more than once" in n]
    assert said == [
        f"device '{hall} {first.label.lower()}' appears more than once where NetBox needs it "
        "unique; NetBox will refuse the second"
    ]


def test_a_cage_split_takes_its_links_then_the_next_cage_then_the_next_switch():
    """A QM9700's 64 ports of 400G are 32 twin-port cages of 800G (the catalog), each
    holding one module or cable: links of 200G take each cage four times, "port 1/1" to
    "port 1/4"; a rack of 12 is full after 12 x 32 x 4 = 1,536 links, and the next one
    finds no port and is counted."""
    from designer.core.interop.netbox import NetboxSet, _Devices, _Names

    project = EXAMPLES["gb200-nvl72-su"]().project
    catalog = default_catalog()
    rack = next(p for p in project.placements.values() if p.label == "NET-01")
    [hall] = project.halls.values()
    sites = {s.id: s.name for s in project.sites.values()}
    devices = _Devices(
        project,
        dict(catalog.with_custom_racks(project.custom_types)),
        dict(catalog.switches),
        NetboxSet(),
        _Names(),
        sites,
        {hall.id: hall.name},
        {},
    )
    devices.rack(rack.id)
    ports = [devices.port(rack.id, "scale_out", 200) for _ in range(1_537)]
    named = [(p.device, p.interface) for p in ports[:-1]]
    assert named[:3] == [
        ("NET-01 switch 1", "port 1/1"),
        ("NET-01 switch 1", "port 1/2"),
        ("NET-01 switch 1", "port 1/3"),
    ]
    assert named[127:129] == [("NET-01 switch 1", "port 32/4"), ("NET-01 switch 2", "port 1/1")]
    assert named[-1] == ("NET-01 switch 12", "port 32/4")
    assert len(set(named)) == 1_536
    assert ports[-1] is None and devices.full == {rack.id: 1}
    # 400G links, as the QM9700's ports run: two to a cage
    assert devices.port(rack.id, "scale_out", 400) is None
    fresh = _Devices(
        project,
        dict(catalog.with_custom_racks(project.custom_types)),
        dict(catalog.switches),
        NetboxSet(),
        _Names(),
        sites,
        {hall.id: hall.name},
        {},
    )
    fresh.rack(rack.id)
    assert [fresh.port(rack.id, "scale_out", 400).interface for _ in range(3)] == [
        "port 1/1",
        "port 1/2",
        "port 2/1",
    ]


def test_a_rack_label_in_two_sites_names_its_devices_with_the_site():
    """Devices may share a name in two sites, but NetBox's interface import finds a device
    by name alone: each gets its site's name, and each cable names the sites of its ends."""
    project = EXAMPLES["two-sites"]().project
    north, south = project.sites.values()
    hall_site = {h.id: h.site_id for h in project.halls.values()}
    first = next(p for p in project.placements.values() if hall_site[p.hall_id] == north.id)
    other = next(
        p
        for p in project.placements.values()
        if hall_site[p.hall_id] == south.id and p.type_id == first.type_id
    )
    placements = dict(project.placements)
    placements[other.id] = evolve(other, label=first.label)
    found = _set(project.model_copy(update={"placements": placements}))
    devices = {r[0]: r[5] for r in found.rows["07-devices.csv"]}  # name -> site
    assert len(devices) == len(found.rows["07-devices.csv"])
    # the two-sites example's racks hold four DGX B200 each, a device each
    assert devices[f"{north.name} {first.label} server 1"] == north.name
    assert devices[f"{south.name} {first.label} server 4"] == south.name
    assert not [d for d in devices if d.startswith(first.label)]
    # the racks keep their label: a rack's name is unique in its location, not beyond
    assert [r[2] for r in found.rows["03-racks.csv"]].count(first.label) == 2
    columns = HEADERS["09-cables.csv"]
    for row in found.rows["09-cables.csv"]:
        cable = dict(zip(columns, row, strict=True))
        for side in "ab":
            assert cable[f"side_{side}_site"] == devices[cable[f"side_{side}_device"]]
    assert not any("appears more than once" in n for n in found.notes)


def test_a_leaf_and_a_spine_in_one_rack_are_joined_switch_to_switch():
    """A generated SU's leaves and spines share racks: its in-rack leaf-spine links were
    left out as 'an NVL72's NVLink spine' (a trial), then as links nothing could place.
    The fabric places each rack's leaves and spines, so they join a leaf switch of the rack
    to a spine switch of the same rack."""
    from designer.core.generate import ClusterRequest, generate

    project = generate(ClusterRequest("nvl72-su"))
    found = _set(project)
    plan = _plan(project, default_catalog())
    table = plan.table()
    inside = Counter(
        table.a[i]
        for i in range(len(table))
        for _ in range(int(table.count[i]))
        if table.a[i] == table.b[i] and table.role[i] == "leaf-spine"
    )
    assert inside
    # 8 NVL72 x 72 GPUs: 576 node-leaf links and, at 1:1, 576 leaf-spine links, every one
    # of them a cable now
    assert len(found.rows["09-cables.csv"]) == 1_152
    assert not [n for n in found.notes if "between two switches" in n]
    device = {r[0]: r for r in found.rows["07-devices.csv"]}  # name -> its row
    label = {project.placements[r].label: r for r in inside}
    same_rack = Counter(
        (label[device[row[1]][7]], device[row[1]][1], device[row[5]][1])
        for row in found.rows["09-cables.csv"]
        if device[row[1]][7] == device[row[5]][7] and device[row[1]][7] in label
    )
    assert same_rack == {(r, "Leaf switch", "Spine switch"): n for r, n in inside.items()}
    # and the NVL72s' own spines, 8 x 72 GPUs x 18 NVLink links, are counted apart
    assert any(
        n.startswith(f"{8 * 72 * 18:,} links with both ends in one rack") for n in found.notes
    )


def test_racks_carry_the_width_and_units_netbox_asks_for_and_the_notes_say_whose(pod):
    """NetBox 4.6.8 refused every rack row of a trial's zip: its import asks a rack with no
    rack type for its width and U height. No source gives an NVL72's or a QM9700 rack's
    units (systems.md: NVL72 "Height n/f"): NetBox's own defaults, said so."""
    _, files, notes = pod
    racks = [dict(zip(HEADERS["03-racks.csv"], r, strict=True)) for r in files["03-racks.csv"][1:]]
    assert {(r["width"], r["u_height"]) for r in racks} == {("19", "42")}
    assert "racks are written 19 in wide, NetBox's own default for a new rack" in notes
    assert (
        "11 racks are written 42U high, NetBox's own default for a new rack, which its import "
        "asks for: no source gives the catalog a height in U for their types: NVIDIA GB200 "
        "NVL72, Quantum-2 QM9700 network rack (12 switches)"
    ) in notes


def test_a_dgx_rack_is_written_as_many_units_high_as_its_source_gives():
    """A DCIM engineer found every DGX rack 42U in NetBox, NetBox's default. The DGX H100
    SuperPOD asks an EIA-310 rack of at least 48U (systems:S68), NVIDIA 52U for the DGX
    B200 (links B25, links:S152): the rows say so, with NetBox's 42U kept, and said, for the
    racks no source gives units (the QM9700 rack)."""
    from designer.core.generate import ClusterRequest, generate

    at = HEADERS["03-racks.csv"].index("u_height")
    for project in (generate(ClusterRequest("hgx-su")), EXAMPLES["two-sites"]().project):
        found = _set(project)
        written = {r[2]: r[at] for r in found.rows["03-racks.csv"]}
        kinds = {p.label: p.type_id for p in project.placements.values()}
        expected = {"nvidia-dgx-h100-rack": 48, "nvidia-dgx-b200-rack": 52}
        assert {name: written[name] for name in kinds} == {
            name: expected.get(kind, 42) for name, kind in kinds.items()
        }
        assert set(kinds.values()) & set(expected)
    hgx = _set(generate(ClusterRequest("hgx-su")))
    assert (
        "racks are written as many units high as the catalog gives their type, each with its "
        "source: NVIDIA DGX H100 rack (4 systems) 48U"
    ) in hgx.device_notes
    assert any(
        n.startswith("1 rack is written 42U high, NetBox's own default")
        and n.endswith("its type: Quantum-2 QM9700 network rack (12 switches); set your racks' own")
        for n in hgx.device_notes
    )


def test_cables_carry_netbox_types_of_their_medium_and_interfaces_their_speed():
    """The hall of DGX H100 racks links its nodes over multimode fibre and its leaves to
    their spines in the same rack over passive copper (the cable schedule's media): NetBox's
    mmf-om4 (the catalog's OM4 trunk) and dac-passive; each 400G interface is 400,000,000
    kb/s, NetBox's unit. A trial found the medium only in the description."""
    found = _set(EXAMPLES["hgx-air-hall"]().project)
    cables = [
        dict(zip(HEADERS["09-cables.csv"], r, strict=True)) for r in found.rows["09-cables.csv"]
    ]
    kinds = Counter((c["type"], c["description"].split(",")[0]) for c in cables)
    assert kinds == {
        ("mmf-om4", "Multimode SR transceivers (850 nm) over MPO fibre"): 320,
        # at 2:1, 8 leaves of 40 nodes (320 spread evenly): 20 uplinks each, whole cages
        # (filled full, 7 of 42 and one of 26 took 22 each and 14, 168)
        ("dac-passive", "Passive direct-attach copper (DAC)"): 8 * 20,
    }
    speeds = Counter(r[3] for r in found.rows["08-interfaces.csv"])
    assert speeds == {400_000_000: 2 * len(cables)}


def test_interfaces_take_the_infiniband_generation_their_rate_names(pod):
    """A trial found every interface typed "other". The pod's QM9700 fabric runs 400G
    InfiniBand: NDR (NetBox's infiniband-ndr); a CloudMatrix384's UB ports, of no IEEE
    type, stay "other"."""
    _, files, _ = pod
    assert {r[2] for r in files["08-interfaces.csv"][1:]} == {"infiniband-ndr"}
    found = _set(EXAMPLES["cm384-supernode"]().project)
    assert {r[2] for r in found.rows["08-interfaces.csv"]} == {"other"}


def test_ethernet_interfaces_take_the_port_type_of_their_medium_and_lanes():
    """The 100k campus's 3.3 million Ethernet interfaces were all "other". A generated
    CloudMatrix384's RDMA plane runs 400G RoCE on 100G lanes to SN5600 leaves: multimode
    400GBASE-SR4 to the NPUs, twin-port copper 400GBASE-CR4 from leaf to spine (each half
    of an 800G cage the 400G port it is); its UB plane stays "other"."""
    from designer.core.generate import ClusterRequest, generate
    from designer.core.interop.netbox import interface_type

    found = _set(generate(ClusterRequest("cm384")))
    kinds = Counter(r[2] for r in found.rows["08-interfaces.csv"])
    # two ends a link: the 384 NPU links and 128 of the 384 leaf-spine links on multimode,
    # the other 256 leaf-spine links on copper; the 2,688 UB links
    assert kinds == {"400gbase-sr4": 1_024, "400gbase-cr4": 512, "other": 5_376}
    # made of medium and lanes only where NetBox has the type
    assert interface_type("ethernet", 800, 100, "sm_dr") == "800gbase-dr8"
    assert interface_type("ethernet", 400, 50, "mm_sr") == "400gbase-sr8"
    assert interface_type("ethernet", 400, 400, "zr") == "400gbase-zr"
    assert interface_type("ethernet", 800, 200, "sm_dr") == "other"  # no 800GBASE-DR4
    assert interface_type("ethernet", 400, 100, "aoc") == "other"
    assert interface_type("ub", 400, 50, "mm_sr") == "other"


def test_a_twin_port_dac_fills_one_split_port_at_each_end_alone():
    """A trial: a DAC of two links took "port 30/2 + port 31/1", half of a port whose other
    half held a transceiver's fibre. A cable with fixed ends takes both halves of one port
    at each end; a port's halves hold one cable, or one medium's transceivers."""
    from designer.core.generate import ClusterRequest, generate

    found = _set(generate(ClusterRequest("campus-cm384", systems=18)))
    columns = HEADERS["09-cables.csv"]
    side = {
        end: (columns.index(f"{end}_device"), columns.index(f"{end}_name"))
        for end in ("side_a", "side_b")
    }
    label, medium = columns.index("label"), columns.index("description")
    held: dict[tuple[str, str], set[str]] = {}
    copper = Counter()
    for row in found.rows["09-cables.csv"]:
        is_dac = row[medium].startswith("Passive direct-attach copper")
        copper[row[label]] += is_dac
        for device, name in side.values():
            port = row[name].split("/")[0]
            held.setdefault((row[device], port), set()).add(row[label] if is_dac else "fibre")
    dacs = {cable for cable, links in copper.items() if links}
    # every DAC carries two links: a bundle between switches of an odd count goes on
    # modules (one DAC carrying one link at each of a leaf and a spine at full radix left
    # four links without a port)
    assert sorted(Counter(copper[c] for c in dacs).items()) == [(2, 7)]
    for (device, port), fillers in held.items():
        assert len(fillers) == 1, (device, port, fillers)
    assert not any("find no free port" in n for n in found.notes)


def test_a_link_that_finds_no_port_writes_neither_end():
    """An audit: a link short of a port at one end left its other end's interface in the
    file, an interface of no cable. 2,000 links drawn from a GB200 rack to a rack of 12
    QM9700 beside their fabric: those that find no switch port leave no interface at the
    GB200 either."""
    from designer.core.document.document import Document
    from tests.core.network.helpers import draw

    doc = Document(EXAMPLES["gb200-nvl72-su"]().project)
    racks = {p.label: p.id for p in doc.project.placements.values()}
    draw(doc, racks["NVL72-01"], racks["NET-01"], count=2_000)
    found = _set(doc.project)
    full = sum(int(n.split()[0].replace(",", "")) for n in found.notes if "find no free port" in n)
    assert full > 0
    cables = found.rows["09-cables.csv"]
    assert len(found.rows["08-interfaces.csv"]) == 2 * len(cables)


def test_a_racks_description_keeps_within_netboxs_200_characters():
    """A hall's name of 100 characters (NetBox's most) took a rack's description, which
    named its hall, to 201 characters past the 200 NetBox holds (an audit). The location
    column names the hall; the description says where in it."""
    project = EXAMPLES["gb200-nvl72-su"]().project
    hall = next(iter(project.halls.values()))
    long_name = evolve(hall, name="H" * 100)
    project = project.model_copy(update={"halls": {hall.id: long_name}})
    rows = _set(project).rows["03-racks.csv"]
    described = [r[HEADERS["03-racks.csv"].index("description")] for r in rows]
    assert max(map(len, described)) <= 200
    assert (
        described[0].startswith("NVIDIA GB200 NVL72 at x ")
        and " mm of its location" in described[0]
    )
    assert len(_description("x" * 250)) == 200


def test_a_rack_of_servers_is_a_device_a_server_of_its_height_with_its_share_of_ports():
    """An audit: a rack of four DGX H100 went to NetBox as one device of 0U with 32
    interfaces. Each DGX H100 is 8U and 130.45 kg (systems:S31), and has 8 of the rack's 32
    scale-out NICs."""
    from collections import Counter

    from designer.core.generate import ClusterRequest, generate

    project = generate(ClusterRequest("hgx-su"))
    found = _set(project)
    types = {r[1]: r for r in found.rows["06-device-types.csv"]}
    assert types["DGX H100"][3:5] == (8, "130.45")
    racks = [p for p in project.placements.values() if p.type_id == "nvidia-dgx-h100-rack"]
    servers = [r for r in found.rows["07-devices.csv"] if r[3] == "DGX H100"]
    assert len(racks) == 8 and len(servers) == 8 * 4
    assert {r[7] for r in servers} == {p.label for p in racks}  # each in its rack
    per_server = Counter(
        r[0] for r in found.rows["08-interfaces.csv"] if r[0] in {s[0] for s in servers}
    )
    assert set(per_server.values()) == {8} and len(per_server) == 32


def test_a_racks_weight_is_its_own_less_the_devices_written_in_it():
    """NetBox adds a rack's devices to its weight: a rack of four DGX H100 (701.8 kg) weighs
    701.8 - 4 x 130.45 = 180 kg itself; a QM9700 rack of 12 switches (327.6 kg) 327.6 - 12
    x 14.8 = 150 kg; an NVL72, one device carrying it all, is left blank (a review found the
    servers' rack weight lost)."""
    from designer.core.generate import ClusterRequest, generate

    hgx = _set(generate(ClusterRequest("hgx-su")))
    nvl = _set(EXAMPLES["gb200-nvl72-su"]().project)
    at = HEADERS["03-racks.csv"].index("weight")
    weights = {
        (r[at + 2].split(" at x ")[0], r[at])
        for found in (hgx, nvl)
        for r in found.rows["03-racks.csv"]
    }
    assert ("NVIDIA DGX H100 rack (4 systems)", "180") in weights
    assert ("Quantum-2 QM9700 network rack (12 switches)", "150") in weights
    assert ("NVIDIA GB200 NVL72", "") in weights


def test_ports_that_do_not_share_evenly_among_servers_go_to_the_first():
    """A review: a rack type of 3 servers for 32 NICs gave each 10, and 2 links a rack found
    no port. The first two take 11."""
    from collections import Counter

    from designer.core.generate import ClusterRequest, generate

    project = generate(ClusterRequest("hgx-su"))
    kind = default_catalog().racks["nvidia-dgx-h100-rack"]
    three = kind.model_copy(
        update={"id": "dgx-three", "servers": kind.servers.model_copy(update={"count": 3})}
    )
    placements = {
        i: p.model_copy(update={"type_id": "dgx-three"}) if p.type_id == kind.id else p
        for i, p in project.placements.items()
    }
    project = project.model_copy(
        update={"placements": placements, "custom_types": {"dgx-three": three}}
    )
    found = _set(project)
    assert not [n for n in found.notes if "find no free port" in n]
    servers = Counter(r[0] for r in found.rows["08-interfaces.csv"] if " server " in r[0])
    per_rack = Counter(name.rsplit(" ", 1)[1] + f":{n}" for name, n in servers.items())
    assert per_rack == {"1:11": 8, "2:11": 8, "3:10": 8}


def _devices(found):
    """The devices file's rows as dicts, by column name."""
    return [
        dict(zip(HEADERS["07-devices.csv"], r, strict=True)) for r in found.rows["07-devices.csv"]
    ]


def _placed(found, rack):
    """``(device, position, face)`` of the devices of ``rack``, in the order written."""
    return [(d["name"], d["position"], d["face"]) for d in _devices(found) if d["rack"] == rack]


def test_the_servers_of_a_rack_stack_from_u1_without_a_gap():
    """A DCIM engineer's first look is the rack's elevation; every device went in unracked.
    A DGX H100 is 8U (systems:S31): a rack's four at U1, 9, 17 and 25, the top one up to
    U32 of the 48 written for the rack; a DGX B200 is 10U (systems:S30): U1, 11, 21, 31,
    the top up to U40 of its rack's 52."""
    from designer.core.generate import ClusterRequest, generate

    project = generate(ClusterRequest("hgx-su"))
    found = _set(project)
    rack = next(p.label for p in project.placements.values() if p.type_id == "nvidia-dgx-h100-rack")
    assert _placed(found, rack) == [
        (f"{rack} server 1", 1, "front"),
        (f"{rack} server 2", 9, "front"),
        (f"{rack} server 3", 17, "front"),
        (f"{rack} server 4", 25, "front"),
    ]
    project = EXAMPLES["two-sites"]().project
    found = _set(project)
    rack = next(p.label for p in project.placements.values() if p.type_id == "nvidia-dgx-b200-rack")
    assert [p for _, p, _ in _placed(found, rack)] == [1, 11, 21, 31]
    racks = {r[2]: r[HEADERS["03-racks.csv"].index("u_height")] for r in found.rows["03-racks.csv"]}
    assert 31 + 10 - 1 <= racks[rack] == 52


def test_a_network_racks_switches_stack_in_the_order_of_their_numbers():
    """The fabric knows which rack a switch stands in, not at which U: its switches stack
    from U1 as they are numbered (its leaves first), each its type's height. A QM9700 is
    1U (systems:S39), an SN5600 2U (systems:S39)."""
    from designer.core.generate import ClusterRequest, generate

    found = _set(EXAMPLES["gb200-nvl72-su"]().project)
    assert _placed(found, "NET-01") == [(f"NET-01 switch {k}", k, "front") for k in range(1, 13)]
    found = _set(generate(ClusterRequest("cm384")))
    stacked = {}
    for d in _devices(found):
        if d["device_type"] == "NVIDIA Spectrum-4 SN5600":
            stacked.setdefault(d["rack"], []).append(d["position"])
    assert stacked
    for positions in stacked.values():
        assert positions == list(range(1, 2 * len(positions), 2))


def test_a_system_filling_its_rack_is_a_0u_device_with_no_position():
    """NetBox places no 0U device at a U (Device.clean), and the catalog gives an NVL72
    no height in U: it stays a 0U device in its rack, position and face blank, and the
    notes say why."""
    project = EXAMPLES["gb200-nvl72-su"]().project
    found = _set(project)
    types = {r[1]: r[3] for r in found.rows["06-device-types.csv"]}
    nvl = [d for d in _devices(found) if d["device_type"] == "NVIDIA GB200 NVL72"]
    assert len(nvl) == 8 and types["NVIDIA GB200 NVL72"] == 0
    assert {(d["position"], d["face"]) for d in nvl} == {("", "")}
    assert any(n.startswith("8 systems that fill their rack") for n in found.device_notes)


def _dgx_h100s(count, height_u):
    """The DGX H100 pod with its first rack a project's own type of ``count`` DGX H100 in a
    rack of ``height_u`` (None: a type that gives none), and that rack's label."""
    from designer.core.generate import ClusterRequest, generate

    project = generate(ClusterRequest("hgx-su"))
    kind = default_catalog().racks["nvidia-dgx-h100-rack"]
    own = kind.model_copy(
        update={
            "id": "dgx-own",
            "height_u": height_u,
            "servers": kind.servers.model_copy(update={"count": count}),
        }
    )
    first = next(p for p in project.placements.values() if p.type_id == kind.id)
    placements = {**project.placements, first.id: evolve(first, type_id="dgx-own")}
    project = project.model_copy(
        update={"placements": placements, "custom_types": {"dgx-own": own}}
    )
    return project, first.label


def test_servers_past_the_racks_units_are_left_unplaced_and_said():
    """Six DGX H100 of 8U take 48U, past the 42 a rack of a type with no height in U is
    written with: the first five stack to U40, the sixth goes in with no position (NetBox
    would refuse it past the rack's top) and no face, and the notes count it."""
    project, rack = _dgx_h100s(6, None)
    found = _set(project)
    assert [(p, f) for _, p, f in _placed(found, rack)] == [
        (1, "front"),
        (9, "front"),
        (17, "front"),
        (25, "front"),
        (33, "front"),
        ("", ""),
    ]
    assert any(
        n.startswith("1 device in 1 rack does not fit the units written for their rack")
        and n.endswith(f": {rack} (42U)")
        for n in found.device_notes
    )


def test_servers_stack_to_the_top_of_their_racks_own_units():
    """A DGX H100 rack is written 48U (systems:S68): six DGX H100 of 8U fill it to U48, all
    placed; a seventh is past its top, left unplaced and said, naming its 48U."""
    project, rack = _dgx_h100s(6, 48)
    found = _set(project)
    assert [p for _, p, _ in _placed(found, rack)] == [1, 9, 17, 25, 33, 41]
    assert not any("does not fit" in n for n in found.device_notes)
    project, rack = _dgx_h100s(7, 48)
    found = _set(project)
    assert [p for _, p, _ in _placed(found, rack)] == [1, 9, 17, 25, 33, 41, ""]
    assert any(n.endswith(f": {rack} (48U)") for n in found.device_notes)


def _netbox_would_place(found):
    """Every device row checked as NetBox 4.6.8's Device.clean and Rack.get_available_units
    check it (netbox/dcim/models/devices.py, racks.py): a position only with a face, at a
    whole or half U of 1 or more, never for a 0U type, its units within the rack's and held
    by no other device of the rack on either face (a full-depth device holds both); and
    every rack's units as its ``u_height`` validators take them."""
    heights = {r[1]: r[3] for r in found.rows["06-device-types.csv"]}
    at = HEADERS["03-racks.csv"].index("u_height")
    units = {(r[0], r[1], r[2]): r[at] for r in found.rows["03-racks.csv"]}
    # Rack.u_height: a whole number of units, 1 to RACK_U_HEIGHT_MAX (dcim/constants.py)
    assert all(isinstance(u, int) and 1 <= u <= 100 for u in units.values()), units
    held = {}
    for d in _devices(found):
        if d["position"] == "":
            assert d["face"] == "", d
            continue
        assert d["face"] in {"front", "rear"} and d["rack"], d
        rack = (d["site"], d["location"], d["rack"])  # a rack's name is unique in its location
        position, height = d["position"], heights[d["device_type"]]
        assert position >= 1 and 2 * position == int(2 * position) and height > 0, d
        assert position + height - 1 <= units[rack], d
        taken = set(range(position, position + height))
        assert not taken & held.get(rack, set()), d
        held.setdefault(rack, set()).update(taken)
    return held


@pytest.mark.parametrize("name", ["hgx-su", "nvl72-su", "cm384"])
def test_every_generated_device_goes_where_netbox_takes_it(name):
    from designer.core.generate import ClusterRequest, generate

    found = _set(generate(ClusterRequest(name)))
    held = _netbox_would_place(found)
    # every rack of servers or switches shows them in its elevation
    racked = {
        (d["site"], d["location"], d["rack"])
        for d in _devices(found)
        if " server " in d["name"] or " switch " in d["name"]
    }
    assert racked and racked <= set(held)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_example_device_goes_where_netbox_takes_it(name):
    _netbox_would_place(_set(EXAMPLES[name]().project))


def _su(without: tuple[str, ...] = (), trays: bool = True):
    """The generated GB200 NVL72 SU, less the racks labelled ``without`` and, unless
    ``trays``, its cable trays: each taken away as the designer's Delete does."""
    from designer.core.document import operations as ops
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate

    doc = Document(generate(ClusterRequest("nvl72-su")))
    racks = {p.label: p.id for p in doc.project.placements.values()}
    gone = [racks[label] for label in without] + ([] if trays else list(doc.project.trays))
    if gone:
        ops.delete(doc, gone)
    return doc.project


def _cable_rows(found):
    return [
        dict(zip(HEADERS["09-cables.csv"], r, strict=True)) for r in found.rows["09-cables.csv"]
    ]


def test_cables_of_a_hall_without_trays_say_the_schedules_reason_and_the_notes_count_them():
    """A DCIM engineer's hall with no trays yet: 1,956 of 1,986 cables went to the list
    with no type or length, their rows said "no medium reaches" where ``links`` says "not
    routed: ... has no cable trays yet", and no note said so."""
    from designer.core.network.schedule import cable_schedule

    project = _su(trays=False)
    [hall] = [h.name for h in project.halls.values()]
    catalog = default_catalog()
    plan = _plan(project, catalog)
    # the links between two racks the schedule finds no medium for: a cable each
    unrouted = [
        line for line in cable_schedule(plan) if not line.medium and line.from_id != line.to_id
    ]
    why = f"not routed: {hall} has no cable trays yet"
    assert {line.reason for line in unrouted} == {why}
    count = sum(line.count for line in unrouted)
    assert count > 1_000
    found = _set(project)
    blank = [r for r in _cable_rows(found) if not r["type"]]
    assert len(blank) == count
    assert {(r["length"], r["length_unit"], r["description"]) for r in blank} == {
        ("", "", f"{why}; 400G scale-out")
    }
    assert (
        f"{count:,} cables have no cable type or length: {why} (the cable schedule's reason, "
        "in each one's description); run check"
    ) in found.notes
    # the cable list gives each its reason where its medium would be
    listed = list(csv.DictReader(io.StringIO(cable_list(found))))
    assert sum(r["medium"] == f"{why}; 400G scale-out" for r in listed) == count


def test_the_notes_give_the_commonest_reasons_for_blank_cables_then_count_the_rest():
    from designer.core.interop.netbox import SHOWN, _blank_notes

    blank = Counter({(f"reason {k}", k % 2 == 0): 10 - k for k in range(SHOWN + 2)})
    blank[("beyond every medium", False)] = 1
    said = _blank_notes(blank)
    assert said[0] == (
        "10 cables have no cable type or length: reason 0 (the cable schedule's reason, in "
        "each one's description); run check"
    )
    assert said[1] == (
        "9 cables have no cable type: reason 1 (the cable schedule's reason, in each one's "
        "description); run check"
    )
    assert len(said) == SHOWN + 1
    # reasons 5 and 6 (5 and 4 cables) and the one cable beyond every medium
    assert (
        said[-1] == "and 10 more cables with no cable type or length, for 3 other reasons "
        "(in each one's description)"
    )
    assert _blank_notes(Counter({("beyond every medium", False): 1})) == [
        "1 cable has no cable type: beyond every medium (the cable schedule's reason, in its "
        "description); run check"
    ]


def test_racks_a_switch_shortage_leaves_without_links_are_named_with_its_finding():
    """A DCIM engineer's pod short of switches: ``check`` said B07 and B08 get no
    scale-out links, and the NetBox zip had no interface or cable for them and said
    nothing. Here a leaf rack taken away leaves the SU 15 free slots for 27 switches."""
    project = _su(without=("NET-T02",))
    plan = _plan(project, default_catalog())
    [shortage] = [f for f in plan.findings if f.code == "network.switch_shortage"]
    left = sorted(
        project.placements[i].label
        for i in shortage.ids
        if i in project.placements and project.placements[i].type_id == "nvidia-gb200-nvl72"
    )
    assert left == ["R1T01", "R1T02", "R1T03", "R1T04"]
    found = _set(project)
    ends = {r[0] for r in found.rows["08-interfaces.csv"]}  # an NVL72's device: its label
    assert ends.isdisjoint(left)
    assert {"R1B01", "R1B02", "R1B03", "R1B04"} <= ends
    assert (
        "4 racks with accelerators have no cable or interface written: R1T01, R1T02, R1T03, "
        "R1T04 (network.switch_shortage, not enough switches); run check"
    ) in found.notes


def test_racks_with_no_link_name_a_few_then_count_and_say_a_fabric_designed_elsewhere():
    from designer.core.model.network_settings import NetworkSettings

    project = _su(without=("NET-T01", "NET-T02", "NET-B01"))
    found = _set(project)
    assert (
        "8 racks with accelerators have no cable or interface written: R1B01, R1B02, R1B03, "
        "R1B04, R1T01 and 3 more (network.no_fabric_yet, no scale-out fabric yet); run check"
    ) in found.notes
    elsewhere = evolve(project.settings, network=NetworkSettings(fabric_in_scope=False))
    found = _set(evolve(project, settings=elsewhere))
    assert (
        "8 racks with accelerators have no cable or interface written: R1B01, R1B02, R1B03, "
        "R1B04, R1T01 and 3 more (the scale-out fabric is designed elsewhere, as the "
        "project's settings say)"
    ) in found.notes


def _listed(found):
    """The cable list as a user reads it: label -> its row."""
    return {r["cable"]: r for r in csv.DictReader(io.StringIO(cable_list(found)))}


def _ends(row):
    """What a cable joins, to the port: both ends' device and port."""
    return row["device_a"], row["port_a"], row["device_b"], row["port_b"]


def test_a_cable_keeps_its_label_when_a_rack_is_added_and_no_label_names_another_cable():
    """A DCIM engineer's pod: exported, then R1T00 added (``import-racks``), exported again.
    Numbered C000001 on in the order written, the 801 cables of unchanged ends kept their
    labels, but 288 labels that had named R1T04's cables now named R1T00's: a contractor
    holding revision A's labels would pull the wrong cables. A label names the two racks a
    cable joins and its number among their cables."""
    from designer.core.document import operations as ops
    from designer.core.document.document import Document
    from designer.core.generate import ClusterRequest, generate

    doc = Document(generate(ClusterRequest("nvl72-su")))
    before = _set(doc.project)
    [hall] = doc.project.halls
    # the engineer's sheet's one row (R1T00 left of R1T01, facing down), as import-racks
    # places it
    ops.place_racks(doc, [(hall, "nvidia-gb200-nvl72", 5600, 3132, 180, "R1T00")])
    after = _set(doc.project)
    a, b = _listed(before), _listed(after)
    assert len(a) == len(b) == 1_089
    # every cable whose ends are unchanged, to the port, keeps its label
    label_of = {_ends(row): label for label, row in a.items()}
    same = [(label_of[_ends(row)], label) for label, row in b.items() if _ends(row) in label_of]
    assert len(same) == 1_089 - 4 * 72  # R1T01 to R1T04's switch ports moved
    assert all(old == new for old, new in same)
    # no label names another cable: the same two racks, the same length, the same port at
    # the compute rack (the switch's is numbered as links come, rackplan plans no ports)
    rack_of = {r[0]: r[7] for r in after.rows["07-devices.csv"]}
    for label in a.keys() & b.keys():
        old, new = a[label], b[label]
        assert (rack_of[old["device_a"]], rack_of[old["device_b"]]) == (
            rack_of[new["device_a"]],
            rack_of[new["device_b"]],
        ), label
        assert old["length_m"] == new["length_m"], label
        if not old["device_a"].startswith("NET-"):
            assert (old["device_a"], old["port_a"]) == (new["device_a"], new["port_a"]), label
    # the added rack's cables have labels no cable of revision A had; R1T04's (left
    # without a switch port) are not given to another cable
    added = {label for label, row in b.items() if row["device_a"] == "R1T00"}
    assert len(added) == 72 and added.isdisjoint(a)
    assert {label for label, row in a.items() if row["device_a"] == "R1T04"}.isdisjoint(b)
    # what a contractor reads on the cable: both racks and its number among their cables
    assert next(iter(a)) == "R1B01/NET-T02 #01"


def test_a_cable_label_reads_both_racks_and_is_unique_where_two_halls_share_labels():
    """A rack label used in two halls of a site: its cables' labels name it with its hall,
    as its devices are named, and no two cables share a label."""
    project = EXAMPLES["two-sites"]().project
    halls = [h for h in project.halls.values() if h.site_id == next(iter(project.sites))]
    first = next(p for p in project.placements.values() if p.hall_id == halls[0].id)
    other = next(p for p in project.placements.values() if p.hall_id == halls[1].id)
    placements = dict(project.placements)
    placements[other.id] = evolve(other, label=first.label)
    found = _set(project.model_copy(update={"placements": placements}))
    labels = list(_listed(found))
    assert len(labels) == len(set(labels)) == len(found.cables())
    for hall in halls:
        at = [x for x in labels if x.startswith(f"{hall.name} {first.label}/")]
        assert at and at[0].endswith(" #01"), hall.name
    # the printed label a contractor reads: both racks and the cable's number among theirs
    assert all(len(x) <= 40 for x in labels)
    assert "N1-B200-02/N1-NET #01" in labels


def test_cable_labels_of_long_rack_names_keep_within_netboxs_100_characters():
    """NetBox's ``Cable.label`` holds 100 characters, and two rack names may hold 400. Cut
    at the start, where a hall's or site's name stands, each keeps its rack's label, and 6
    hexadecimal digits of the whole keep two racks cut alike apart."""
    project = EXAMPLES["gb200-nvl72-su"]().project
    placements = {
        key: evolve(p, label=f"Building 7 row {'x' * 60} {p.label}")
        for key, p in project.placements.items()
    }
    found = _set(project.model_copy(update={"placements": placements}))
    labels = list(_listed(found))
    assert len(labels) == len(set(labels)) == len(found.cables()) == 1_152
    assert max(len(x) for x in labels) <= 100
    # "…xxx NVL72-01/…xxx NET-01 ~8991db #01": both racks' labels still read
    a_end, _, b_end = labels[0].partition("/")
    assert a_end.startswith("…") and a_end.endswith(" NVL72-01")
    assert b_end.startswith("…") and b_end.endswith(" #01") and " NET-01 ~" in b_end
    assert "1,152 cables join racks whose names together pass the 90 characters" in "\n".join(
        found.notes
    )
