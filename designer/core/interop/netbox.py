"""A project as the CSV files NetBox's bulk import takes, in the order it needs them.

Source of every column name: NetBox 4.6.8 (released 2026-08-11), the import forms in
``netbox/dcim/forms/bulk_import.py`` (``SiteImportForm``, ``LocationImportForm``,
``RackImportForm``, ``ManufacturerImportForm``, ``DeviceRoleImportForm``,
``DeviceTypeImportForm``, ``DeviceImportForm``, ``InterfaceImportForm``,
``CableImportForm``), whose fields NetBox lists under "CSV Field Options" on each import
page (docs/getting-started/populating-data.md). Choice values (``planned``, ``mm``, ``kg``,
``m``, ``other``, ``dcim.interface``) are from ``netbox/dcim/choices.py`` and
``netbox/netbox/choices.py``; length limits from the models in ``netbox/dcim/models/``.

NetBox's documentation of bulk import ("Populating Data", section "Bulk Import
(CSV/YAML)": docs/getting-started/populating-data.md in NetBox 4.6.8's repository) says
each import page lists its columns under "CSV Field Options" (the forms above, which the
tests compare ours with) and that device types take YAML, not CSV. In 4.6.8's code the
device type import is a generic ``BulkImportView`` (``DeviceTypeImportView`` in
``netbox/dcim/views.py``) whose form reads CSV, JSON or YAML alike
(``netbox/utilities/forms/bulk_import.py``); only a type's components (its interfaces and
the like, which rackplan does not write) need YAML's nesting.

Names are found by name alone where NetBox's import looks them up: ``InterfaceImportForm``
finds its device by name with no site to narrow it, so a device name is made unique across
the whole set (a rack label used in two sites gets the site's name, in two halls of a site
the hall's), and each cable names the sites of its two devices as well.

What rackplan knows and NetBox asks for: sites, halls as locations, racks (their floor
position and facing in the description, their outer size from the catalog, their units
where the catalog gives their type a height in U from a source), the systems, servers and
switches in them as devices of device types named by model, and one cable per link with
both ends, its ordered length and its cable type, each interface with its speed. What it
does not know it leaves blank or, where NetBox's import asks for it (a rack's width, and
its units where no source gives them), gives NetBox's own default, and says so. A rack's
servers and a network rack's switches are written at a U (``position``, the lowest U a
device holds, on the ``front`` face): rackplan knows which rack holds each, not at which U,
so they stack from U1, the bottom as NetBox counts, in the order of their names (server 1,
2, ...; switch 1, 2, ..., the leaves first), each its type's height from the catalog, with
no gap and no U held twice. One past the top of the units written for its rack (its type's
or NetBox's default) is written at no U and no face, as is a system that fills its rack (an
NVL72, a CloudMatrix384's UB switch rack): a 0U device, for the catalog gives it no height
in U, and NetBox places no 0U device at a U. Device types are written without
``is_full_depth``, which NetBox's CSV import reads as false (a checkbox left out): a device
holds its front face alone, and none overlaps another on either.

Ports are not planned by rackplan: each device's interfaces are numbered in the order its
links come in the cable schedule (``ports``), a link's end at a network rack on the first of
its switches of the link's tier with an interface free. Where that tier's links there face
both ways (a leaf's down to nodes and up to spines), each of its switches opens cages of
each way within its share, dealt evenly (``_share``, ``PortBook.share``), as a real leaf
carries both: taken as links came, the pod's NET-T02 had six leaves of GPU links alone and
six of uplinks, and no path from those GPUs to a spine. A network rack's switches take the
roles the site's fabric gives its slots (its leaves first, then its spines and cores), so a
link from a leaf to a spine of the same rack joins two of its devices. Links inside one
rack's system (an NVL72's NVLink spine) are part of the product and links between sites end
at no device; both are left out and counted in the notes. The links a twin-port copper
cable carries share its label (NetBox takes a cable a link).

A cable's label names what it joins, not its place in the list: its two racks, side A's
then side B's, by the names their devices are named from, and its number among the cables
between them, "R1T04/NET-T02 #03" (``cable_label``). Revision to revision, a cable between
the same racks at the same place among their cables keeps its label, and a label no earlier
cable had goes to a new one. Its interfaces are numbered afresh each time, so a rack added
before others in the schedule moves their cables' switch ports, not their labels (an audit's
pod, R1T00 added: 216 cables of R1T01 to R1T03, each rack's bundles the same), and no
numbering of one revision alone can keep them, as every leaf's and spine's ports of a
generated pod carry a link (``ports``). Given the previous revision's cables
(``ports.previous_ends``), each end of a cable of the same label keeps its device and
interface where they still hold: the device one the link may end at (a switch of the same
rack and tier, its server or system), the interface one it has at the link's rate, not
taken by another cable nor filling its cage with another fill, in a cage its switch's share
of the link's way still has room for; the audit's pod then keeps every one of the 1,017
cables both revisions have, and R1T00's take the ports R1T04's (left out by a switch
shortage) held. An end that no longer holds (its switch now of another tier, or its share
used up: a set written when the first leaves took every GPU link) is numbered afresh with
the links new to the set, in the interfaces left free, and the notes count the cables kept,
moved (naming the first few), gone and new.

A link the plan gives no medium (not routed, or beyond every medium) is written with no
cable type, and with no length where it has no route either: its description and the notes
give the cable schedule's reason, the one ``links`` prints, so that no blank goes to a
cabling contractor unsaid. A rack with accelerators that no cable reaches (a site short of
switches connects racks in label order and leaves the rest) is named in the notes, with
the finding of the fabric that leaves it out.
"""

from __future__ import annotations

import csv
import hashlib
import io
import math
from collections import Counter
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, TextIO

import numpy as np

from designer.core.format import first_of, plural
from designer.core.interop.ports import DOWN, UP, Cages, End, PortBook, PreviousEnds
from designer.core.interop.slugs import slug
from designer.core.model.equipment import RackType, SwitchType
from designer.core.model.project import Project
from designer.core.naming import display_name, natural_key
from designer.core.network.bom import cable_links
from designer.core.network.cages import end_cages
from designer.core.network.export import as_text
from designer.core.network.fabric import (
    END_TIERS,
    FABRIC_TOO_LARGE,
    NO_FABRIC_YET,
    NO_SWITCH,
    SWITCH_SHORTAGE,
    TIERS,
)
from designer.core.network.media import PLANES, PROTOCOLS
from designer.core.network.schedule import cable_schedule

if TYPE_CHECKING:
    from designer.core.network import NetworkPlan

#: File name -> its columns, in the order NetBox must import them (a row names only
#: objects of files before it).
HEADERS: dict[str, tuple[str, ...]] = {
    "01-sites.csv": ("name", "slug", "status", "description"),
    "02-locations.csv": ("site", "name", "slug", "status", "description"),
    "03-racks.csv": (
        "site",
        "location",
        "name",
        "status",
        "width",
        "u_height",
        "outer_width",
        "outer_height",
        "outer_depth",
        "outer_unit",
        "weight",
        "weight_unit",
        "description",
    ),
    "04-manufacturers.csv": ("name", "slug"),
    "05-device-roles.csv": ("name", "slug", "color"),
    "06-device-types.csv": ("manufacturer", "model", "slug", "u_height", "weight", "weight_unit"),
    "07-devices.csv": (
        "name",
        "role",
        "manufacturer",
        "device_type",
        "status",
        "site",
        "location",
        "rack",
        "position",
        "face",
        "description",
    ),
    "08-interfaces.csv": ("device", "name", "type", "speed", "description"),
    "09-cables.csv": (
        "side_a_site",
        "side_a_device",
        "side_a_type",
        "side_a_name",
        "side_b_site",
        "side_b_device",
        "side_b_type",
        "side_b_name",
        "label",
        "type",
        "status",
        "length",
        "length_unit",
        "description",
    ),
}

#: The longest value NetBox's models take, by what is named (``max_length``).
LIMITS = {
    "site": 100,  # Site.name
    "location": 100,  # Location.name (NestedGroupModel)
    "rack": 100,  # Rack.name
    "manufacturer": 100,  # Manufacturer.name (OrganizationalModel)
    "device type": 100,  # DeviceType.model
    "device": 64,  # Device.name
    "interface": 64,  # Interface.name (ComponentModel)
}

#: NetBox's own grey (``ColorChoices.COLOR_GREY``) for the device roles written.
ROLE_COLOUR = "9e9e9e"

#: Roles of the devices written: systems by their rack's category, and switches.
ROLES = {"compute": "Compute system", "storage": "Storage system", "network": "Network system"}
SWITCH_ROLE = "Switch"
#: A switch's role by the tier the fabric places it in (a switch no fabric uses: ``SWITCH_ROLE``).
TIER_ROLES = {"leaf": "Leaf switch", "spine": "Spine switch", "core": "Core switch"}

#: How many names of one kind of refusal the notes give before counting the rest.
SHOWN = 5

#: The fabric's findings that leave a rack's scale-out ports unconnected, by code, with
#: what each says of the rack: a rack with accelerators and no cable is named with the one
#: that explains it.
UNLINKED = {
    info.code: info.title[0].lower() + info.title[1:]
    for info in (SWITCH_SHORTAGE, NO_FABRIC_YET, NO_SWITCH, FABRIC_TOO_LARGE)
}
#: Why a rack has no scale-out link where the design leaves its fabric to others (no
#: finding says so: ``NetworkSettings.fabric_in_scope``).
ELSEWHERE = "the scale-out fabric is designed elsewhere, as the project's settings say"

#: The status every object is written with: what rackplan designs is a plan.
STATUS = "planned"

_FACING = {0: "up the plan", 90: "right", 180: "down the plan", 270: "left"}


#: NetBox's interface type for a link it has no better word for: an Ethernet or UB port,
#: whose cage (OSFP, QSFP-DD) the design does not record.
OTHER = "other"
#: NetBox's InfiniBand interface types by a link's rate: HDR 200G, NDR 400G, XDR 800G
#: (``dcim.choices.InterfaceTypeChoices``); the rate names the generation.
INFINIBAND_TYPES = {200: "infiniband-hdr", 400: "infiniband-ndr", 800: "infiniband-xdr"}

#: The IEEE port type's letters of each catalog medium an Ethernet link runs on: copper
#: (passive or active) CR, multimode SR, single-mode DR, FR, LR and ER, coherent ZR.
ETHERNET_PMD = {
    "dac": "cr",
    "acc": "cr",
    "aec": "cr",
    "mm_sr": "sr",
    "sm_dr": "dr",
    "fr": "fr",
    "lr": "lr",
    "er": "er",
    "zr": "zr",
}
#: The Ethernet port types of 200G and more that NetBox 4.6.8 names
#: (``dcim.choices.InterfaceTypeChoices``, "Ethernet (fixed)"): a type made of a medium and
#: a lane count is written only where NetBox has it.
ETHERNET_TYPES = frozenset(
    {
        *(f"200gbase-{t}" for t in ("cr2", "cr4", "sr2", "sr4", "dr4", "fr4", "lr4", "er4")),
        *(f"400gbase-{t}" for t in ("cr4", "dr4", "er8", "fr4", "fr8", "lr4", "lr8", "sr4")),
        *(f"400gbase-{t}" for t in ("sr8", "sr16", "zr")),
        *(f"800gbase-{t}" for t in ("cr8", "dr8", "sr8")),
    }
)

#: NetBox's cable types (``dcim.choices.CableTypeChoices``) by the catalog's medium: its
#: copper passive or active (NetBox has no AEC: an active copper cable), its fibre as the
#: catalog's ``cable`` names it (multimode OM4, single-mode OS2). A medium not here is left
#: blank (a link no medium reaches).
CABLE_TYPES = {
    "dac": "dac-passive",
    "acc": "dac-active",
    "aec": "dac-active",
    "aoc": "aoc",
    "mm_sr": "mmf-om4",
    "sm_dr": "smf-os2",
    "fr": "smf-os2",
    "lr": "smf-os2",
    "er": "smf-os2",
    "zr": "smf",
    "zr_plus": "smf",
    "long_haul": "smf",
}

#: What a rack's import must give when it names no rack type (``RackImportForm.clean`` of
#: NetBox 4.6.8 refuses a new rack without ``width`` and ``u_height``): NetBox's own
#: defaults for a new rack (``RackBase.width``, 19 in; ``RACK_U_HEIGHT_DEFAULT``, 42), as
#: the catalog gives racks' outer sizes, not their rail width, and the units of only the
#: rack types a source gives them for (``RackType.height_u``: a DGX H100's 48U); the
#: others' are written ``RACK_UNITS``.
RACK_WIDTH_IN = 19
RACK_UNITS = 42

#: The face a device placed at a U is mounted on (``DeviceFaceChoices.FACE_FRONT``):
#: NetBox's ``Device.clean`` refuses a position without a face.
FACE = "front"


def stacked(height_u: int, count: int, units: int) -> list[int | None]:
    """The positions of ``count`` devices of ``height_u`` stacked from U1 up in a rack of
    ``units`` (NetBox counts a rack's units from 1 at the bottom, ``Rack.units``, unless it
    is written ``desc_units``, which these are not; a device's position is the lowest U it
    holds). A device whose top would pass the rack's last U gets None, as do all above it:
    NetBox's ``Device.clean`` refuses a position where ``Rack.get_available_units`` finds
    no room for the device's height, so one written there would fail the whole import.
    ``height_u`` is more than 0 (``ServerFit``, ``SwitchType``): the 0U devices, systems
    that fill their rack, are written at no U, as ``Device.clean`` refuses one a position."""
    fit = min(count, units // height_u)
    return [1 + k * height_u if k < fit else None for k in range(count)]


@dataclass
class NetboxSet:
    """The rows of each file (``HEADERS``' keys) and a note for anything NetBox would
    refuse or that was left out; ``device_notes`` are those about the racks' and devices'
    files alone (their defaults, idle switches), which a list of the cables leaves out."""

    rows: dict[str, list[tuple[object, ...]]] = field(
        default_factory=lambda: {name: [] for name in HEADERS}
    )
    notes: list[str] = field(default_factory=list)
    device_notes: list[str] = field(default_factory=list)

    def cables(self) -> dict[object, list[tuple[object, ...]]]:
        """The cable rows by their label: a twin-port cable's links share one."""
        label = HEADERS["09-cables.csv"].index("label")
        found: dict[object, list[tuple[object, ...]]] = {}
        for row in self.rows["09-cables.csv"]:
            found.setdefault(row[label], []).append(row)
        return found

    @property
    def every_note(self) -> list[str]:
        """What the zip's notes say: of the racks and devices, then the rest."""
        return [*self.device_notes, *self.notes]

    def csv(self, name: str) -> str:
        """One file's text: its header row, then its rows."""
        out = io.StringIO()
        self.write_csv(name, out)
        return out.getvalue()

    def write_csv(self, name: str, out: TextIO) -> None:
        """One file's text written to ``out`` as it is made: a campus's cables file is
        370 MB of text, which a zip compresses as it comes rather than held whole."""
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(HEADERS[name])
        writer.writerows(self.rows[name])


def netbox_set(
    project: Project,
    rack_types: dict[str, RackType],
    switch_types: dict[str, SwitchType],
    plan: NetworkPlan,
    previous: PreviousEnds | None = None,
) -> NetboxSet:
    """Every site, hall, rack and link of ``project`` as NetBox's import rows; each end of
    a cable keeps the interface ``previous`` (the revision before's cables,
    ``ports.previous_ends``) gives a cable of its label, where it still holds."""
    out = NetboxSet()
    names = _Names()
    sites = {s.id: names.take("site", s.name) for s in project.sites.values()}
    for site in project.sites.values():
        out.rows["01-sites.csv"].append(
            (sites[site.id], slug(site.name, site.id), STATUS, "from rackplan")
        )
    halls = {}
    for hall in project.halls.values():
        halls[hall.id] = names.take("location", hall.name, scope=hall.site_id)
        out.rows["02-locations.csv"].append(
            (
                sites.get(hall.site_id, ""),
                halls[hall.id],
                slug(hall.name, hall.id),
                STATUS,
                f"{hall.area_m2:,.0f} m² hall",
            )
        )
    tiers: dict[str, list[str]] = {}
    for fabric in plan.fabrics().values():
        for rack_id, _, tier, count in sorted(fabric.placed, key=_by_tier):
            tiers.setdefault(rack_id, []).extend([tier] * count)
    devices = _Devices(project, rack_types, switch_types, out, names, sites, halls, tiers)
    for rack in project.placements.values():
        devices.rack(rack.id)
    devices.size_notes()
    linked = _cables(project, plan, devices, out, previous)
    _unlinked_notes(project, rack_types, plan, linked, out)
    devices.finish()
    out.notes[:0] = names.notes()
    return out


def _by_tier(placed: tuple[str, str, str, int]) -> tuple[str, int]:
    """A fabric's placed switches rack by rack, leaves, spines then cores in each."""
    return placed[0], TIERS.index(placed[2])


class _Names:
    """Names as NetBox takes them, with a note for each it would refuse: too long, a NUL
    character, spaces at an end (NetBox strips them), or one name twice where it must be
    unique. A campus can hold thousands alike: ``notes`` names the first few of each."""

    def __init__(self) -> None:
        self.seen: Counter[tuple[str, str, str]] = Counter()
        self.found: dict[tuple[str, str], list[str]] = {}

    def _say(self, kind: str, why: str, sentence: str) -> None:
        self.found.setdefault((kind, why), []).append(sentence)

    def take(self, kind: str, name: str, scope: str = "") -> str:
        limit = LIMITS[kind]
        shown = name if len(name) <= 40 else name[:39] + "…"
        if len(name) > limit:
            self._say(
                kind,
                f"are longer than NetBox's {limit} characters",
                f"{kind} {shown!r}: {len(name)} characters, NetBox takes at most {limit}; "
                "NetBox will refuse it until it is shortened",
            )
        if "\x00" in name:
            self._say(
                kind,
                "hold a NUL character",
                f"{kind} {shown!r}: holds a NUL character, which NetBox refuses in any text",
            )
        if name != name.strip():
            self._say(
                kind,
                "have spaces at an end",
                f"{kind} {shown!r}: NetBox strips the spaces at its ends and stores "
                f"{name.strip()!r}",
            )
        # NetBox holds a device's name unique in its site whatever its case (a constraint
        # on Lower('name'), dcim/models/devices.py); a rack's name as written
        key = (kind, scope, name.strip().lower() if kind == "device" else name.strip())
        self.seen[key] += 1
        if self.seen[key] == 2:
            self._say(
                kind,
                "appear more than once where NetBox needs them unique",
                f"{kind} {name.strip()!r} appears more than once where NetBox needs it unique; "
                "NetBox will refuse the second",
            )
        return name

    def notes(self) -> list[str]:
        """A sentence for each name NetBox would refuse, the first ``SHOWN`` of each kind of
        refusal, then how many more."""
        said = []
        for (kind, why), sentences in self.found.items():
            said += sentences[:SHOWN]
            if len(sentences) > SHOWN:
                said.append(f"and {len(sentences) - SHOWN:,} more {kind} names that {why}")
        return said


@dataclass
class _Port:
    """Where one end of a link lands: a device, the name of its interface and its site, and
    the interface's row, written once both ends of the link have a port."""

    device: str
    interface: str
    site: str
    row: tuple[object, ...]


class _Devices:
    """The devices of every rack (its system, its servers, or the switches it holds), and
    the interface each end of a link takes at them (``port``, ``keep``; ``ports.PortBook``
    numbers them)."""

    def __init__(
        self,
        project: Project,
        rack_types: dict[str, RackType],
        switch_types: dict[str, SwitchType],
        out: NetboxSet,
        names: _Names,
        sites: dict[str, str],
        halls: dict[str, str],
        tiers: dict[str, list[str]],
    ) -> None:
        self.project, self.rack_types, self.switch_types = project, rack_types, switch_types
        #: network rack id -> the fabric's tier of each of its switches placed, in order
        self.tiers = tiers
        #: (network rack id, tier) -> its devices of that tier, as ``held`` lists them
        self.by_tier: dict[tuple[str, str], list[tuple[str, tuple[int, int] | None]]] = {}
        #: switches the racks hold that no fabric places: written, with no tier's role
        self.idle = 0
        self.out, self.names, self.sites, self.halls = out, names, sites, halls
        #: rack id -> its devices, each (name, its cages and their Gb/s, or None: a server
        #: or system, numbered by plane)
        self.held: dict[str, list[tuple[str, Cages | None]]] = {}
        #: (rack id, tier or None) -> the devices a link's end there may take, as ``port``
        #: chooses among them; made for kept ends alone
        self.candidates: dict[tuple[str, str | None], dict[str, Cages | None]] = {}
        #: the interfaces given out at every device
        self.book = PortBook()
        #: rack id -> the links that found no port there
        self.full: Counter[str] = Counter()
        #: the texts and figures a campus's 3.3 million interfaces repeat, each made once
        #: (made anew for every interface, they held 2.1 GB at the campus's export): an
        #: interface's name, its speed by link rate, its description by plane
        self.names_made: dict[str, str] = {}
        self.speeds: dict[int, int] = {}
        self.described: dict[str, str] = {}
        # a rack label used in two halls of a site names its devices with the hall's name
        # (NetBox wants a device's name unique in its site, whatever its case: an audit's
        # "n1-b200-01" beside "N1-B200-01" went in as written), one used in two sites with
        # the site's (an interface finds its device by name alone)
        exact = Counter(
            (project.halls[p.hall_id].site_id, display_name(project, p.id))
            for p in project.placements.values()
        )
        folded: Counter[tuple[str, str]] = Counter()
        for (site_id, label), n in exact.items():
            folded[site_id, label.lower()] += n
        self.twice = {key for key, n in folded.items() if n > 1}
        # between sites by name as written: the interface import finds a device by name
        in_sites = Counter(label for _, label in exact)
        self.elsewhere = {label for label, n in in_sites.items() if n > 1}
        #: device -> the name of its site
        self.site_of: dict[str, str] = {}
        #: rack id -> the name its devices are named from, which its cables' labels carry
        self.bases: dict[str, str] = {}
        self.types: set[str] = set()
        self.makers: set[str] = set()
        self.roles: set[str] = set()
        #: rack id -> the units its row gives NetBox, which its devices stack within
        self.units: dict[str, int] = {}
        #: rack id -> its devices that do not fit the units it is written with, unplaced
        self.unplaced: Counter[str] = Counter()
        #: systems that fill their rack, written as one 0U device each: placed at no U
        self.whole = 0

    def rack(self, rack_id: str) -> None:
        rack = self.project.placements[rack_id]
        kind = self.rack_types[rack.type_id]
        hall = self.project.halls[rack.hall_id]
        site, location = self.sites.get(hall.site_id, ""), self.halls[hall.id]
        name = self.names.take("rack", display_name(self.project, rack_id), scope=hall.id)
        frame = self._frame_kg(kind)
        # the units the rack's devices are stacked within are those its row gives NetBox:
        # its type's, where a source gives them, else NetBox's default
        units = self.units[rack_id] = RACK_UNITS if kind.height_u is None else kind.height_u
        self.out.rows["03-racks.csv"].append(
            (
                site,
                location,
                name,
                STATUS,
                RACK_WIDTH_IN,
                units,
                kind.width_mm,
                kind.height_mm,
                kind.depth_mm,
                "mm",
                "" if frame is None else f"{round(frame, 3):g}",
                "kg",
                _description(
                    f"{kind.name} at x {rack.x:,} mm, y {rack.y:,} mm of its location, front "
                    f"facing {_FACING[rack.rotation]}"
                ),
            )
        )
        base = f"{hall.name} {name}" if (hall.site_id, name.lower()) in self.twice else name
        if name in self.elsewhere:
            base = f"{site or hall.site_id} {base}"
        self.bases[rack_id] = base
        switch = self.switch_types.get(kind.switches.switch_id) if kind.switches else None
        if kind.switches is not None and switch is not None:
            self._type(switch.vendor, switch.name, switch.id, switch.height_u, switch.weight_kg)
            tiers = self.tiers.get(rack_id, [])
            held: list[tuple[str, tuple[int, int] | None]] = []
            # the fabric places a switch in a rack, not at a U (``SiteFabric.placed``):
            # they stack as numbered, the leaves at the bottom
            at = stacked(switch.height_u, kind.switches.count, units)
            self.unplaced[rack_id] += at.count(None)
            for k in range(1, kind.switches.count + 1):
                tier = tiers[k - 1] if k <= len(tiers) else None
                role = TIER_ROLES[tier] if tier is not None else SWITCH_ROLE
                self.roles.add(role)
                device = self.names.take("device", f"{base} switch {k}", scope=hall.site_id)
                self._device(
                    device, role, switch.vendor, switch.name, site, location, name, at[k - 1]
                )
                # a port here is a module cage: a QM9700's 64 ports of 400G are 32 twin-port
                # cages, each taking one module or cable, as an SN5600's 64 of 800G do
                cages = (switch.ports // switch.cage_ports, switch.port_gbps * switch.cage_ports)
                held.append((device, cages))
                if tier is not None:
                    self.by_tier.setdefault((rack_id, tier), []).append(held[-1])
                else:
                    self.idle += 1
            self.held[rack_id] = held
            return
        role = ROLES[kind.category]
        self.roles.add(role)
        servers = kind.servers
        if servers is not None:
            # each server a device of its height, the rack's ports shared evenly among them
            # (a rack of four DGX H100 went in as one device of no height, an audit)
            self._type(kind.vendor, servers.model, kind.id, servers.height_u, servers.weight_kg)
            held = []
            at = stacked(servers.height_u, servers.count, units)
            self.unplaced[rack_id] += at.count(None)
            for k in range(1, servers.count + 1):
                device = self.names.take("device", f"{base} server {k}", scope=hall.site_id)
                self._device(
                    device, role, kind.vendor, servers.model, site, location, name, at[k - 1]
                )
                for plane, group in kind.ports.items():  # the first take what is left over
                    share, over = divmod(group.count, servers.count)
                    self.book.room[(device, plane)] = share + (k <= over)
                self.book.ports[device] = sum(
                    self.book.room[(device, plane)] for plane in kind.ports
                )
                held.append((device, None))
            self.held[rack_id] = held
            return
        # a system fills its rack, and the catalog gives it no height in U (systems.md
        # finds none for an NVL72): a 0U type, in its rack at no U, as NetBox places no
        # 0U device at one. Made as high as its rack's units at U1 it would fill the
        # elevation, but from NetBox's default for a rack (no source gives an NVL72's or a
        # CloudMatrix384 cabinet's units), not a figure of the product
        self._type(kind.vendor, kind.name, kind.id, 0, kind.weight_kg)
        device = self.names.take("device", base, scope=hall.site_id)
        self._device(device, role, kind.vendor, kind.name, site, location, name, None)
        self.book.ports[device] = sum(group.count for group in kind.ports.values())
        self.whole += 1
        self.held[rack_id] = [(device, None)]

    def size_notes(self) -> None:
        """Notes on the width and units the racks are written with: NetBox's defaults, which
        its import asks for, where the catalog gives none (a rack's rail width, always; its
        units, for the types no source gives them), and the types written at their own."""
        if not self.units:
            return
        self.out.device_notes.append(
            f"racks are written {RACK_WIDTH_IN} in wide, NetBox's own default for a new rack, "
            "which its import asks for: rackplan knows a rack's outer size (written too), not "
            "its rail width; set your racks' own"
        )
        unsized: Counter[str] = Counter()
        sized: dict[str, int] = {}
        for rack_id, units in self.units.items():
            kind = self.rack_types[self.project.placements[rack_id].type_id]
            if kind.height_u is None:
                unsized[kind.name] += 1
            else:
                sized[kind.name] = units
        if unsized:
            racks = sum(unsized.values())
            more = f" and {len(unsized) - SHOWN:,} more" if len(unsized) > SHOWN else ""
            self.out.device_notes.append(
                f"{racks:,} rack{'s are' if racks > 1 else ' is'} written {RACK_UNITS}U high, "
                "NetBox's own default for a new rack, which its import asks for: no source "
                "gives the catalog a height in U for "
                + ("its type: " if racks == 1 else "their types: ")
                + ", ".join(list(unsized)[:SHOWN])
                + more
                + "; set your racks' own"
            )
        if sized:
            more = f" and {len(sized) - SHOWN:,} more types" if len(sized) > SHOWN else ""
            self.out.device_notes.append(
                "racks are written as many units high as the catalog gives their type, each "
                "with its source: "
                + ", ".join(f"{name} {units}U" for name, units in list(sized.items())[:SHOWN])
                + more
            )

    def _frame_kg(self, kind: RackType) -> float | None:
        """What the rack weighs less the devices written in it, which carry their own
        (NetBox adds a rack's devices to its weight; a review found the rack weight of
        servers lost): None where one device, its system, carries it all."""
        if kind.switches is not None and kind.switches.switch_id in self.switch_types:
            switch = self.switch_types[kind.switches.switch_id]
            return max(0.0, kind.weight_kg - kind.switches.count * switch.weight_kg)
        if kind.servers is not None:
            each = kind.servers.weight_kg or 0.0  # none published: the rack's weight is all
            return max(0.0, kind.weight_kg - kind.servers.count * each)
        return None

    def _type(self, vendor: str, model: str, type_id: str, u: int, kg: float | None) -> None:
        if model in self.types:
            return
        self.types.add(model)
        if vendor:
            self.makers.add(vendor)
        else:
            self.out.notes.append(
                f"device type {model!r}: the catalog names no vendor, and NetBox needs a "
                "manufacturer; fill it in before importing"
            )
        self.names.take("device type", model)
        self.out.rows["06-device-types.csv"].append(
            (vendor, model, slug(model, type_id), u, "" if kg is None else f"{kg:g}", "kg")
        )

    def _device(
        self,
        name: str,
        role: str,
        vendor: str,
        model: str,
        site: str,
        location: str,
        rack: str,
        position: int | None,
    ) -> None:
        """One device row; at ``position`` (its lowest U) on the front, or at no U and no
        face where None (NetBox takes a face alone, but a face with no U says nothing)."""
        self.site_of[name] = site
        at: tuple[object, object] = ("", "") if position is None else (position, FACE)
        self.out.rows["07-devices.csv"].append(
            (name, role, vendor, model, STATUS, site, location, rack, *at, "from rackplan")
        )

    def port(
        self,
        rack_id: str,
        plane: str,
        rate_gbps: int,
        tier: str | None = None,
        kind: str = OTHER,
        fill: Hashable = None,
        way: str | None = None,
    ) -> _Port | None:
        """The next free interface at ``rack_id`` for a link of ``rate_gbps``, on a switch
        of ``tier`` where the rack has switches of it, within its share of cages facing
        ``way`` (``PortBook.share``), or None when they are full. A switch
        port faster than the link is split into as many links as it carries (an 800G port
        takes two 400G links: "port 3/1", "port 3/2"); ``kind`` is its NetBox interface
        type (``interface_type``). ``fill`` names what the port's cage holds: a split port's
        parts go to links of one ``fill`` only, a new port taken for another (a twin-port
        transceiver of one medium serves two fibre links; a cable with fixed ends, its own
        links alone: a trial found a DAC's two links across two cages, one shared with a
        transceiver). Interfaces kept from a previous set (``keep``) are skipped, and the
        parts their cages left free go to links of the cage's fill first."""
        named = plane.replace("_", "-")
        held = self.by_tier.get((rack_id, tier)) if tier is not None else None
        found = self.book.take(
            held or self.held.get(rack_id, []), plane, named, rate_gbps, fill, way
        )
        if found is None:
            self.full[rack_id] += 1
            return None
        device, interface = found
        return self._interface(device, interface, named, kind, rate_gbps)

    def keep(
        self,
        rack_id: str,
        plane: str,
        rate_gbps: int,
        tier: str | None,
        kind: str,
        fill: Hashable,
        end: End,
        way: str | None = None,
    ) -> _Port | None:
        """The end a previous set gave a link at ``rack_id`` (arguments as ``port`` takes
        them), where it still holds: its device one that ``port`` chooses among for the
        link, its interface one that device has for the link (``PortBook.keep``); else None,
        and the link's end is numbered anew."""
        key = (rack_id, tier)
        candidates = self.candidates.get(key)
        if candidates is None:
            held = self.by_tier.get((rack_id, tier)) if tier is not None else None
            candidates = self.candidates[key] = dict(held or self.held.get(rack_id, []))
        device, interface = end
        named = plane.replace("_", "-")
        if device in candidates and self.book.keep(
            device, candidates[device], plane, named, rate_gbps, fill, interface, way
        ):
            return self._interface(device, interface, named, kind, rate_gbps)
        return None

    def _interface(
        self, device: str, interface: str, plane: str, kind: str, rate_gbps: int
    ) -> _Port:
        interface = self.names_made.setdefault(interface, interface)
        speed = self.speeds.get(rate_gbps) or self.speeds.setdefault(
            rate_gbps,
            rate_gbps * 1_000_000,  # NetBox's speed is in kb/s
        )
        described = self.described.get(plane) or self.described.setdefault(plane, f"{plane} link")
        row = (device, interface, kind, speed, described)
        return _Port(device, interface, self.site_of[device], row)

    def finish(self) -> None:
        """The manufacturers and roles the devices named, and notes on full and idle
        switches."""
        for maker in sorted(self.makers):
            self.names.take("manufacturer", maker)
            self.out.rows["04-manufacturers.csv"].append((maker, slug(maker, "maker")))
        for role in sorted(self.roles):
            self.out.rows["05-device-roles.csv"].append((role, slug(role, "role"), ROLE_COLOUR))
        full = [
            f"{display_name(self.project, rack_id)} in {self.project.halls[self.project.placements[rack_id].hall_id].name} ({over:,})"
            for rack_id, over in self.full.items()
        ]
        if self.idle:
            what = (
                "1 switch that a network rack holds and no fabric uses is"
                if self.idle == 1
                else f"{self.idle:,} switches that network racks hold and no fabric uses are"
            )
            self.out.device_notes.append(
                f"{what} written with the role {SWITCH_ROLE!r} and no interfaces (the bill of "
                "materials counts only the switches the fabrics place)"
            )
        self._placing_notes()
        if full:
            more = f" and {len(full) - SHOWN:,} more" if len(full) > SHOWN else ""
            self.out.notes.append(
                f"{sum(self.full.values()):,} links find no free port on the switches of "
                f"{len(full):,} network racks, and their cables are left out: "
                + ", ".join(full[:SHOWN])
                + more
                + " (a port split into several links is filled by one cable with fixed ends "
                "or by one medium's transceivers: where a medium's links at a switch are odd "
                "in count, half a port stays empty, which the fabric's count of ports does "
                "not allow for)"
            )

    def _placing_notes(self) -> None:
        """Notes on the devices written at no U: systems that fill their rack, and devices
        past the top of the units their rack is written with."""
        if self.whole:
            what = (
                "1 system that fills its rack is written as a 0U device in it"
                if self.whole == 1
                else f"{self.whole:,} systems that fill their rack are written as 0U "
                "devices in them"
            )
            self.out.device_notes.append(
                f"{what} at no position: the catalog gives such a system no height in U, "
                "and NetBox places no 0U device at a U"
            )
        over = {rack_id: n for rack_id, n in self.unplaced.items() if n}
        if over:
            devices, racks = sum(over.values()), len(over)
            shown = [
                f"{display_name(self.project, r)} ({self.units[r]}U)" for r in list(over)[:SHOWN]
            ]
            more = f" and {racks - SHOWN:,} more" if racks > SHOWN else ""
            self.out.device_notes.append(
                f"{devices:,} device{'s' if devices > 1 else ''} in {racks:,} "
                f"rack{'s' if racks > 1 else ''} {'do' if devices > 1 else 'does'} not fit "
                "the units written for their rack, stacked from U1 in the order of their "
                f"names, and {'are' if devices > 1 else 'is'} written with no position "
                "(NetBox refuses a device past its rack's top): " + ", ".join(shown) + more
            )


def interface_type(protocol: str, rate_gbps: int, lane_gbps: int = 0, medium: str = "") -> str:
    """The NetBox interface type of a port for a link of ``protocol`` at ``rate_gbps``: the
    InfiniBand generation where the rate names one; for Ethernet, the IEEE port type its
    medium and lanes make (400G on four 100G lanes of single-mode DR: ``400gbase-dr4``)
    where NetBox has it; else ``other`` (a trial found every interface "other", and the
    100k campus's 3.3 million Ethernet ones stayed so). It follows the link, not the switch:
    each half of an XDR port split into two 400G links is written as the NDR interface it
    runs as, each half of a twin-port 800G cage as the 400G port it is."""
    if protocol == "infiniband":
        return INFINIBAND_TYPES.get(rate_gbps, OTHER)
    pmd = ETHERNET_PMD.get(medium)
    if protocol != "ethernet" or pmd is None or lane_gbps <= 0:
        return OTHER
    lanes = rate_gbps // lane_gbps
    named = f"{rate_gbps}gbase-{pmd}" + ("" if pmd == "zr" else str(lanes))
    return named if named in ETHERNET_TYPES else OTHER


class _Bundle(NamedTuple):
    """A bundle between two racks as its cables are written: its racks and the tiers of
    their switches it ends on, its links' plane, rate and interface type, the links one
    cable carries, and the columns its cables share."""

    a: str
    b: str
    #: its links
    links: int
    tiers: tuple[str | None, str | None]
    plane: str
    rate: int
    kind: str
    per: int
    #: what fills the split ports its links take: a medium's transceivers ("medium", its
    #: index, the rate), or None where a cable with fixed ends fills its cage alone
    fill: tuple[str, int, int] | None
    #: its racks as its labels name them (``label_ends``) and the cables between them
    #: numbered before its first
    ends: str
    before: int
    shortened: bool
    cable_type: str
    length: object
    what: str
    #: the cable schedule's reason where it has no medium, else ""
    why: str

    def label(self, link: int) -> str:
        """The label of the cable carrying its ``link``-th link (from 0)."""
        return cable_label(self.ends, self.before + link // self.per + 1)

    def fills(self, label: str) -> Hashable:
        """What the split ports of the cable ``label`` fill with (see ``fill``)."""
        return self.fill or ("cable", label)


#: The ends a link keeps from no previous set.
NO_ENDS: tuple[None, None] = (None, None)


def _cables(
    project: Project,
    plan: NetworkPlan,
    devices: _Devices,
    out: NetboxSet,
    previous: PreviousEnds | None = None,
) -> set[str]:
    """One cable row per link of every bundle between two racks; the links a twin-port
    cable carries (``cable_links``: two, between 800G cages) share its label, as the bill
    counts that cable once. A cable's label is its racks' names and its number among the
    cables between them (``cable_label``). The ends ``previous`` gives a cable of the same
    label are kept where they still hold (``_kept``), before any other end is numbered.
    Returns the racks a cable was written at."""
    bundles, left = _bundles(project, plan, devices)
    _share(devices, bundles)
    kept = _kept(devices, bundles, previous) if previous else {}
    twins = cut = 0
    rows = out.rows["09-cables.csv"]
    linked: set[str] = set()
    #: (the schedule's reason, whether the length is blank too) -> cables written so
    blank: Counter[tuple[str, bool]] = Counter()
    #: labels of ``previous`` written with another end than it gives them
    moved: dict[str, None] = {}
    for index, bundle in enumerate(bundles):
        a, b, count, per = bundle.a, bundle.b, bundle.links, bundle.per
        (tier_a, tier_b), plane, rate, kind = bundle.tiers, bundle.plane, bundle.rate, bundle.kind
        cable_type, length, what, why = bundle.cable_type, bundle.length, bundle.what, bundle.why
        unit = "m" if length != "" else ""
        written, last, label, fill = len(rows), "", "", None
        for k in range(count):
            if k % per == 0:
                label = bundle.label(k)
                fill = bundle.fills(label)
                twins += per > 1 and k + 1 < count
            kept_a, kept_b = kept.get((index, k), NO_ENDS) if kept else NO_ENDS
            end_a, end_b = (
                kept_a or devices.port(a, plane, rate, tier_a, kind, fill, UP),
                kept_b or devices.port(b, plane, rate, tier_b, kind, fill, DOWN),
            )
            if end_a is None or end_b is None:
                # the end that found a port is not written: an interface of no cable (an
                # audit found them); its port stays unused
                continue
            was = previous.get((label, k % per)) if previous else None
            if was and was != ((end_a.device, end_a.interface), (end_b.device, end_b.interface)):
                moved[label] = None
            out.rows["08-interfaces.csv"] += (end_a.row, end_b.row)
            if label != last:  # a cable, not each of its links
                if why:
                    blank[(why, length == "")] += 1
                cut += bundle.shortened
                last = label
            rows.append(
                (
                    end_a.site,
                    end_a.device,
                    "dcim.interface",
                    end_a.interface,
                    end_b.site,
                    end_b.device,
                    "dcim.interface",
                    end_b.interface,
                    label,
                    cable_type,
                    STATUS,
                    length,
                    unit,
                    what,
                )
            )
        if len(rows) > written:
            linked.update((a, b))
    out.notes += _blank_notes(blank)
    if cut:
        out.notes.append(
            f"{plural(cut, 'cable')} {'joins' if cut == 1 else 'join'} racks whose names "
            f"together pass the {LABEL_LIMIT - NUMBER_ROOM} characters that NetBox's "
            f"{LABEL_LIMIT} for a cable's label leave beside its number: in the label each "
            "name is cut at its start ('…'), where a hall's or site's name stands, and '~' "
            "and 6 hexadecimal digits of the two names whole keep it unique"
        )
    if twins:
        out.notes.append(
            f"{twins:,} twin-port copper cables carry more than one link each (an 800G "
            "cage's two 400G ports, to another cage or split to two ports): NetBox takes a "
            "cable a link, so the rows of one cable share its label"
        )
    in_rack, between_switches, between_sites = left
    if in_rack:
        out.notes.append(
            f"{in_rack:,} links with both ends in one rack (an NVL72's NVLink spine, part "
            "of the product) join no two devices here, where a rack's system is one device: "
            "left out"
        )
    if between_switches:
        out.notes.append(
            f"{between_switches:,} links between two switches of one network rack that no "
            "fabric places as a leaf and a spine (or a spine and a core) are left out: "
            "nothing says which of its switches they join"
        )
    if between_sites:
        out.notes.append(
            f"{between_sites:,} links between sites end at no rack (NetBox models them as "
            "circuits): left out"
        )
    if previous:
        at = HEADERS["09-cables.csv"].index("label")
        out.notes.append(_against(previous, {row[at] for row in rows}, list(moved)))
    return linked


def _bundles(
    project: Project, plan: NetworkPlan, devices: _Devices
) -> tuple[list[_Bundle], tuple[int, int, int]]:
    """The bundles of the plan that join two racks, in schedule order, and the links left
    out: inside one rack's system, between two switches of a rack that no fabric places in
    two tiers, and between sites."""
    table, columns, media = plan.table(), plan.columns(), plan.media.media
    planes = tuple(PLANES)
    per_cable, _ = cable_links(plan, end_cages(plan), np.arange(len(table)))
    in_rack = between_switches = between_sites = 0
    #: a label's racks (``label_ends``) -> the cables between them numbered so far: the
    #: bundles between two racks (rarely more than one) are numbered on in schedule order
    numbered: Counter[str] = Counter()
    #: the cable schedule's reason for each bundle, made when a bundle has no medium (the
    #: schedule of a campus takes seconds, which a complete design need not spend)
    reasons: list[str] = []
    bundles = []
    for row in range(len(table)):
        a, b, count = table.a[row], table.b[row], int(table.count[row])
        tier_a, tier_b = END_TIERS.get(table.role[row], (None, None))
        if a == b and not _tiers_apart(devices, a, tier_a, tier_b):
            if len(devices.held.get(a, ())) > 1:
                between_switches += count
            else:
                in_rack += count
            continue
        if a not in project.placements or b not in project.placements:
            between_sites += count
            continue
        plane = planes[int(table.plane[row])]
        medium = int(columns.medium[row])
        length = _length(float(columns.order_m[row]), float(columns.routed_m[row]))
        cable_type = CABLE_TYPES.get(media[medium].id, "") if medium >= 0 else ""
        rate = int(table.rate[row])
        carried = f"{rate}G {plane.replace('_', '-')}"
        why = ""
        if medium >= 0:
            what = f"{media[medium].name}, {carried}"
        else:
            # the reason ``links`` prints (a trial's rows said "no medium reaches" of
            # racks in a hall with no trays), cut to leave the rate within NetBox's 200
            reasons = reasons or [line.reason for line in cable_schedule(plan)]
            why = reasons[row]
            what = f"{_description(why, DESCRIPTION_LIMIT - len(carried) - 2)}; {carried}"
        kind = interface_type(
            PROTOCOLS[int(table.protocol[row])],
            rate,
            int(table.lane[row]),
            media[medium].id if medium >= 0 else "",
        )
        per = int(per_cable[row])
        fixed = medium >= 0 and media[medium].integrated
        # without the spaces at their ends, which NetBox strips from a label
        names = devices.bases[a].strip(), devices.bases[b].strip()
        ends = label_ends(*names)
        before = numbered[ends]
        numbered[ends] += -(-count // per)  # the bundle's cables, a twin-port one once
        bundles.append(
            _Bundle(
                a,
                b,
                count,
                (tier_a, tier_b),
                plane,
                rate,
                kind,
                per,
                # a cable with fixed ends fills its cage alone; a medium's transceivers
                # serve any links of that medium
                None if fixed else ("medium", medium, rate),
                ends,
                before,
                ends != "/".join(names),
                cable_type,
                length,
                what,
                why,
            )
        )
    return bundles, (in_rack, between_switches, between_sites)


def _share(devices: _Devices, bundles: list[_Bundle]) -> None:
    """Deal the cages of each network rack's switches of a tier whose links there face both
    ways over them (``PortBook.share``): a bundle's side A is its lower end, whose links
    face up, side B its upper, facing down. The cages of a way are those its links fill: a
    medium's links at a rate two to an 800G cage (one fill per cage), a cable with fixed
    ends a cage of its own at each end. The plan counts the links between two racks, not
    each switch's: each switch takes an even share of its rack's."""
    need: dict[tuple[str, str], Counter[str]] = {}
    #: (rack, tier, way, fill, links a cage carries) -> links
    filling: Counter[tuple[str, str, str, Hashable, int]] = Counter()
    for bundle in bundles:
        for rack, tier, way in ((bundle.a, bundle.tiers[0], UP), (bundle.b, bundle.tiers[1], DOWN)):
            if tier is None:
                continue
            switches = devices.by_tier.get((rack, tier))
            cages = switches[0][1] if switches and len(switches) > 1 else None
            if cages is None:
                continue
            split = max(1, cages[1] // bundle.rate)
            if bundle.fill is None:  # each cable's links in cages of their own
                cables, rest = divmod(bundle.links, bundle.per)
                cable_cages = cables * -(-bundle.per // split) + -(-rest // split)
                need.setdefault((rack, tier), Counter())[way] += cable_cages
            else:
                filling[(rack, tier, way, bundle.fill, split)] += bundle.links
    for (rack, tier, way, _, split), links in filling.items():
        need.setdefault((rack, tier), Counter())[way] += -(-links // split)
    for (rack, tier), ways in need.items():
        if ways[DOWN] and ways[UP]:
            devices.book.share(devices.by_tier[(rack, tier)], ways[DOWN], ways[UP])


def _kept(
    devices: _Devices, bundles: list[_Bundle], previous: PreviousEnds
) -> dict[tuple[int, int], tuple[_Port | None, _Port | None]]:
    """The ends ``previous`` gives each link (by its cable's label and its place in the
    cable) that still hold (``_Devices.keep``), taken before any other end is numbered,
    keyed by the bundle's index and the link's: a cable whose label names the same racks
    keeps its interfaces revision to revision, and a link new to them takes ports left
    free (those of a rack a switch shortage now leaves out) rather than another's."""
    kept: dict[tuple[int, int], tuple[_Port | None, _Port | None]] = {}
    for index, bundle in enumerate(bundles):
        for k in range(bundle.links):
            label = bundle.label(k)
            ends = previous.get((label, k % bundle.per))
            if ends is None:
                continue
            fill = bundle.fills(label)
            (tier_a, tier_b), (end_a, end_b) = bundle.tiers, ends
            found = (
                devices.keep(
                    bundle.a, bundle.plane, bundle.rate, tier_a, bundle.kind, fill, end_a, UP
                ),
                devices.keep(
                    bundle.b, bundle.plane, bundle.rate, tier_b, bundle.kind, fill, end_b, DOWN
                ),
            )
            if found != NO_ENDS:
                kept[(index, k)] = found
    devices.book.settle()
    return kept


def _against(previous: PreviousEnds, labels: set[object], moved: list[str]) -> str:
    """What changed from the ``previous`` set: its cables that keep both ends here, those
    written with another interface at one end or both (the few first named: the cables to
    re-patch), those gone; and the cables it did not have (``labels``: those written)."""
    before = {label for label, _ in previous}
    gone, new = len(before - labels), len(labels - before)
    same = len(before) - gone - len(moved)
    said = (
        f"against the previous set: {same:,} of its {plural(len(before), 'cable')} "
        f"{'keeps' if same == 1 else 'keep'} both ends' interfaces"
    )
    # the cables moved are counted when none is, as the other three are: a DCIM engineer
    # reads "0" as nothing to re-patch, where a clause left out says nothing
    one = len(moved) == 1
    said += (
        f", {len(moved):,} {'keeps its' if one else 'keep their'} label and "
        f"{'takes' if one else 'take'} another interface at one end or both"
    )
    if moved:
        said += f" (re-patch {'it' if one else 'them'}: {first_of(moved, SHOWN)})"
    return (
        f"{said}, {gone:,} {'is' if gone == 1 else 'are'} gone; {plural(new, 'cable')} "
        f"{'is' if new == 1 else 'are'} new"
    )


def _blank_notes(blank: Counter[tuple[str, bool]]) -> list[str]:
    """A note for each reason cables were written with no cable type (or length), the most
    cables first, the first ``SHOWN`` reasons then how many cables more: a cabling
    contractor must not find the blanks unsaid (a trial's 1,956 of 1,986 went so)."""
    said = []
    for (why, unrouted), count in blank.most_common(SHOWN):
        what = "cable type or length" if unrouted else "cable type"
        has, whose = ("has", "its") if count == 1 else ("have", "each one's")
        said.append(
            f"{plural(count, 'cable')} {has} no {what}: {why} (the cable schedule's reason, "
            f"in {whose} description); run check"
        )
    rest = blank.most_common()[SHOWN:]
    if rest:
        count = sum(n for _, n in rest)
        what = "cable type or length" if any(u for (_, u), _ in rest) else "cable type"
        said.append(
            f"and {plural(count, 'more cable')} with no {what}, for "
            f"{plural(len(rest), 'other reason')} (in each one's description)"
        )
    return said


def _unlinked_notes(
    project: Project,
    rack_types: dict[str, RackType],
    plan: NetworkPlan,
    linked: set[str],
    out: NetboxSet,
) -> None:
    """A note on the racks with accelerators that no cable was written at (they have no
    interface either), a note per reason: the finding of the fabric that names them or
    their site (``UNLINKED``), else the design's leaving the fabric to others; a trial's
    two racks a switch shortage left out had nothing in NetBox, and the notes were silent."""
    left = [
        rack.id
        for rack in project.placements.values()
        if rack.id not in linked and rack_types[rack.type_id].accelerators > 0
    ]
    if not left:
        return
    codes: dict[str, set[str]] = {}  # rack or site id -> the codes naming it
    for finding in plan.findings:
        if finding.code in UNLINKED:
            # a site's finding names the site alone, else the site then its racks
            subjects = finding.ids if len(finding.ids) == 1 else finding.ids[1:]
            for node in subjects:
                codes.setdefault(node, set()).add(finding.code)
    groups: dict[tuple[str, ...], list[str]] = {}
    for rack_id in left:
        site = project.halls[project.placements[rack_id].hall_id].site_id
        named = codes.get(rack_id) or codes.get(site, set())
        groups.setdefault(tuple(sorted(named)), []).append(display_name(project, rack_id))
    for found, names in groups.items():
        names.sort(key=natural_key)
        said = (
            f"{plural(len(names), 'rack')} with accelerators "
            f"{'has' if len(names) == 1 else 'have'} no cable or interface written: "
            + first_of(names, SHOWN)
        )
        if found:
            said += f" ({'; '.join(f'{c}, {UNLINKED[c]}' for c in found)}); run check"
        elif not plan.settings.fabric_in_scope:
            said += f" ({ELSEWHERE})"
        out.notes.append(said)


#: The most a cable's label holds (``Cable.label``, netbox/dcim/models/cables.py).
LABEL_LIMIT = 100
#: What a label keeps for its number, " #" and 8 digits: a bundle holds at most 10,000,000
#: links (``Bundle.count``), and the 100k campus 1.6 million cables in all.
NUMBER_ROOM = 10


def label_ends(a: str, b: str) -> str:
    """The racks a cable's label names, side A's ``a`` then side B's ``b``: the names their
    devices are named from (``_Devices.bases``: a rack's label, with its hall's name where a
    site has the label twice, with its site's where two sites have it), as both ends of a
    printed label read. Where the two pass what ``LABEL_LIMIT`` leaves beside the number,
    each is cut at its start, where a hall's or site's name stands, to keep its rack's label
    readable, and 6 hexadecimal digits of the whole (SHA-1) keep two so cut apart."""
    ends = f"{a}/{b}"
    room = LABEL_LIMIT - NUMBER_ROOM
    if len(ends) <= room:
        return ends
    digest = hashlib.sha1(ends.encode()).hexdigest()[:6]
    room -= len(digest) + 3  # "/", and " ~" before the digits
    keep_a = min(len(a), max(room // 2, room - len(b)))
    return f"{_tail(a, keep_a)}/{_tail(b, room - keep_a)} ~{digest}"


def _tail(name: str, keep: int) -> str:
    """``name`` in ``keep`` characters at most: "…" and its end where it is longer."""
    return name if len(name) <= keep else "…" + name[len(name) - keep + 1 :]


def cable_label(ends: str, number: int) -> str:
    """The label of the ``number``-th cable between the racks ``ends`` names
    (``label_ends``), as NetBox's cables and the cable list both carry it: "R1T04/NET-T02
    #03". It names what the cable joins, not its place in the list: numbered C000001 on as
    written, a rack added before others gave 288 labels of a pod's revision A to other
    racks' cables in revision B, and a contractor holding A's would pull the wrong ones.
    A cable between the same two racks, at the same place among their cables, keeps its
    label from one revision to the next; one between racks no earlier cable joined, or past
    their earlier count, gets a label no earlier cable had. Labels are unique in the set:
    the number follows the last " #", and racks named alike are told apart as their devices
    are (a label in two halls by the hall's name), or else numbered on."""
    return f"{ends} #{number:02d}"


#: The columns of the cable list (``cable_list``): one row a cable, its ends to the port.
CABLE_COLUMNS = (
    "cable",
    "site_a",
    "device_a",
    "port_a",
    "site_b",
    "device_b",
    "port_b",
    "type",
    "length_m",
    "medium",
)


def cable_list(found: NetboxSet) -> str:
    """Every cable of a NetBox set as a sheet, one row a cable: its label, both ends' site,
    device and port (a twin-port cable's two, "port 3/1 + port 3/2"), its NetBox type,
    ordered length (m) and medium. The cable schedule counts bundles between racks; an
    installer works cable by cable, by the labels NetBox carries too. Cells are kept text
    where a spreadsheet would run them (a label "=HYPERLINK(...)")."""
    columns = HEADERS["09-cables.csv"]
    at = {name: columns.index(name) for name in columns}
    ends = (
        "side_a_site",
        "side_a_device",
        "side_a_name",
        "side_b_site",
        "side_b_device",
        "side_b_name",
    )
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CABLE_COLUMNS)
    for label, rows in found.cables().items():
        first = rows[0]
        cells = [
            label,
            *(_joined(r[at[name]] for r in rows) for name in ends),
            first[at["type"]],
            first[at["length"]],
            first[at["description"]],
        ]
        writer.writerow([as_text(cell) for cell in cells])
    return out.getvalue()


#: The most a description holds (``description``, netbox/models/__init__.py).
DESCRIPTION_LIMIT = 200


def _description(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    """``text`` cut to what NetBox's description holds, or to the ``limit`` left of it: a
    rack's once named its hall, whose name of 100 characters took it past 200 (an audit),
    and a rack type's long name still can."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _joined(values: Iterable[object]) -> str:
    """The distinct values of a cable's rows, in order, joined: "port 3/1 + port 3/2"."""
    return " + ".join(str(v) for v in dict.fromkeys(values))


def _tiers_apart(devices: _Devices, rack_id: str, lower: str | None, upper: str | None) -> bool:
    """Whether ``rack_id`` holds switches of both tiers a link joins (``lower`` and
    ``upper``), so that the link is a cable between two of its own switches."""
    return (
        lower is not None
        and upper is not None
        and (rack_id, lower) in devices.by_tier
        and (rack_id, upper) in devices.by_tier
    )


def _length(order_m: float, routed_m: float) -> object:
    """The cable's length in metres, two decimals (NetBox's ``Cable.length``): the length
    ordered, else the routed length, else blank."""
    for value in (order_m, routed_m):
        if math.isfinite(value):
            return round(value, 2)
    return ""
