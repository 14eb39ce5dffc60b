"""The interfaces the NetBox export gives the ends of its cables, and those a previous
revision's set gave them, kept where they still hold.

rackplan plans no ports: its cable schedule says which two racks a link joins, and the
export (``netbox._Devices``) picks the device at each end, a switch of the link's tier or a
server, then one of its interfaces here, numbered as links come: a switch's cages in
order, each split into as many links as it carries ("port 3/1", "port 3/2"), a server's or
system's interfaces by plane and number ("scale-out 5").

A network rack's switches of one tier share its links by the way they face: a leaf's links
down to nodes and up to spines (a spine's from leaves and to cores). Taken as links come,
the first leaves took every GPU link and the last every uplink, so that no GPU of the first
had a path to a spine (an audit's NET-T02: switches 1 to 6 of 64 GPU links each, 7 to 12 of
64 uplinks). Each switch of such a tier takes its share of the rack's cages of each way
(``PortBook.share``): the plan gives the links between two racks, not each leaf's, so the
cages are dealt evenly, more on the first, as the fabric deals a leaf's NICs; at 1:1 a
QM9700 leaf of a generated pod carries 32 of each, as the plan counts it.

Numbered so, a rack added before others in the schedule moves their cables' interfaces,
and no numbering worked out from one revision alone can keep them: in a generated pod every
port of its leaves and spines carries a link (at 1:1 the fabric gives a QM9700 leaf 32 nodes
and 32 uplinks), so the rack added takes ports that cables of the revision before held, and
which ones (those of the rack a switch shortage now leaves out, say) only that revision
says. Given the previous revision's cables (``previous_ends``), an end keeps its device and
interface where they still hold (``PortBook.keep``), and the rest are numbered as links come
in the interfaces left free.
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Hashable, Iterable

from designer.core.format import plural

#: A cable's end as NetBox names it: its device and the device's interface.
End = tuple[str, str]
#: A switch's module cages and the Gb/s of one (a QM9700's 32 of 800G).
Cages = tuple[int, int]
#: A previous set's cables: (label, the link's place among its cable's links, from 0) -> its
#: side A's and side B's ends. A twin-port cable's two links share a label (NetBox takes a
#: cable a link), in the order its rows come.
PreviousEnds = dict[tuple[str, int], tuple[End, End]]

#: The ways a switch's link faces: down to a node or a switch of the tier below, up to one of
#: the tier above.
DOWN, UP = "down", "up"

#: The columns of a cables file ``previous_ends`` reads (``netbox.HEADERS``' names).
PREVIOUS_COLUMNS = ("label", "side_a_device", "side_a_name", "side_b_device", "side_b_name")

_SWITCH_PORT = re.compile(r"port ([1-9][0-9]*)(?:/([1-9][0-9]*))?")


class PreviousSetError(ValueError):
    """A previous set's cables file that cannot be read: the message says what is wrong."""


def previous_ends(
    cables_csv: str | Iterable[str], named: str = "the previous cables file"
) -> PreviousEnds:
    """The ends of every cable of a previous NetBox set, read from the text of its cables
    file (``09-cables.csv``) as rackplan wrote it, whole or as a text stream's lines. Raises
    ``PreviousSetError`` naming the problem where the text is not such a file, the file
    called as ``named`` says.

    The 100k campus's file is 1.7 million rows, 480 MB: read from a stream, not held whole
    (its text in a ``StringIO``, four bytes a character, took 3.6 GB where this takes 0.76),
    and each device's and interface's name is held once, not once a row."""
    lines = io.StringIO(cables_csv) if isinstance(cables_csv, str) else cables_csv
    reader = csv.reader(lines)
    #: each name read, held once
    names: dict[str, str] = {}
    try:
        header = next(reader, None)
        if header is None:
            raise PreviousSetError(f"{named} is empty")
        missing = [name for name in PREVIOUS_COLUMNS if name not in header]
        if missing:
            raise PreviousSetError(
                f"{named} has no {', '.join(missing)} column"
                f"{'s' if len(missing) > 1 else ''}: it is not the 09-cables.csv of a NetBox "
                "set rackplan wrote"
            )
        at = [header.index(name) for name in PREVIOUS_COLUMNS]
        links: Counter[str] = Counter()
        found: PreviousEnds = {}
        for row in reader:
            if len(row) != len(header):
                raise PreviousSetError(
                    f"line {reader.line_num} of {named} has "
                    f"{plural(len(row), 'cell')} where its header has {len(header)}"
                )
            label, device_a, name_a, device_b, name_b = (row[i] for i in at)
            end_a = (names.setdefault(device_a, device_a), names.setdefault(name_a, name_a))
            end_b = (names.setdefault(device_b, device_b), names.setdefault(name_b, name_b))
            found[(label, links[label])] = (end_a, end_b)
            links[label] += 1
    except csv.Error as error:  # a NUL, or a quote left open
        raise PreviousSetError(f"line {reader.line_num} of {named} is not CSV: {error}") from None
    return found


class PortBook:
    """The interfaces given out at every device, a switch's by module cage.

    A switch has ``cages`` cages, each split into as many links as it carries; the parts of
    one cage go to links of one fill alone (``netbox._cables``: one cable with fixed ends,
    or links of one medium and rate, whose twin-port transceiver serves two). A server or
    system numbers its interfaces one after another whatever their plane, a server within
    its share of each plane's ports (``room``). Ends kept from a previous set are taken
    first (``keep``, then ``settle``); links numbered after them skip what those hold and
    fill the parts of their cages left free. A switch whose tier in its rack faces both ways
    opens new cages for each way within its share (``share``). With none kept and no share,
    the numbering is the one the export has always written."""

    def __init__(self) -> None:
        #: (server, plane) -> the ports of the plane it has still to give
        self.room: dict[tuple[str, str], int] = {}
        #: server or system -> its ports (all planes), which no kept number may pass
        self.ports: dict[str, int] = {}
        #: server or system -> the last number it gave out
        self.used: Counter[str] = Counter()
        #: switch -> the last cage it gave out
        self.slot: Counter[str] = Counter()
        #: (switch, fill) -> the cage that fill is filling: (cage, part last given out,
        #: parts it is split into)
        self.open: dict[tuple[str, Hashable], tuple[int, int, int]] = {}
        #: switch -> cage -> (its fill, parts it is split into, parts kept)
        self.kept_cages: dict[str, dict[int, tuple[Hashable, int, set[int]]]] = {}
        #: server or system -> the numbers kept
        self.kept_numbers: dict[str, set[int]] = {}
        #: (switch, fill, parts) -> the parts of kept cages left free, last first
        self.spare: dict[tuple[str, Hashable, int], list[tuple[int, int]]] = {}
        #: (switch, way it faces) -> the new cages it has still to open for links that way
        self.shares: dict[tuple[str, str | None], int] = {}

    def share(self, switches: list[tuple[str, Cages | None]], down: int, up: int) -> None:
        """Deal the ``down`` and ``up`` cages the links of one rack's switches of one tier
        fill (``switches``: a leaf's links to nodes and its uplinks) over those switches:
        evenly, more on the first, each way alike, as the fabric cuts a leaf's NICs and its
        uplinks (``fabric._leaf_loads``; at 1:1 both halves of every leaf). What a switch has
        no cage left for goes to those with one, the last first."""
        room = [cages[0] if cages else 0 for _, cages in switches]
        for way, need in ((DOWN, down), (UP, up)):
            each, more = divmod(need, len(switches))
            dealt = [min(each + (i < more), room[i]) for i in range(len(switches))]
            over = need - sum(dealt)
            for i in reversed(range(len(switches))):
                extra = min(over, room[i] - dealt[i])
                dealt[i] += extra
                over -= extra
            for i, (device, _) in enumerate(switches):
                self.shares[(device, way)] = dealt[i]
                room[i] -= dealt[i]

    def take(
        self,
        devices: list[tuple[str, Cages | None]],
        plane: str,
        named: str,
        rate: int,
        fill: Hashable,
        way: str | None = None,
    ) -> End | None:
        """The first of ``devices`` (each with its cages, or None: a server or system) with
        an interface free for a link of ``plane`` (``named`` as NetBox reads it) at ``rate``
        Gb/s and of ``fill``, facing ``way``, and that interface; None when none has one. A
        switch gives the next part of the cage that fill is filling, else a new cage's
        first; a server or system its next number, a server within its share of the plane's
        ports. Where ends were kept, a part their cages left free to the fill goes first, on
        whichever switch it is: a twin-port cable one of whose links kept its end fills that
        end's cage, not a new one of an earlier switch. Where the switches share their cages
        by way (``share``), a part of a cage open to the fill goes before a new cage, and a
        new cage to the first switch whose share is not used up; then, where the fills left
        a share short, to the first with a cage free."""
        if self.spare:
            for device, cages in devices:
                if cages is not None:
                    split = max(1, cages[1] // rate)
                    spare = self.spare.get((device, fill, split))
                    if spare:
                        cage, part = spare.pop()
                        return device, _switch_name(cage, part, split)
        # shares are dealt to all of a rack's switches of a tier or to none
        shared = bool(self.shares) and bool(devices) and (devices[0][0], way) in self.shares
        if shared:
            for device, cages in devices:
                if cages is not None and (found := self._next_part(device, cages, rate, fill)):
                    return found
        for within in (True, False) if shared else (False,):
            for device, cages in devices:
                if cages is None:
                    room = self.room.get((device, plane))
                    if room is not None:
                        if room <= 0:
                            continue
                        self.room[(device, plane)] = room - 1
                    number = self.used[device] + 1
                    # (the lookups of what was kept are skipped where nothing was: a campus's
                    # export gives out 3.3 million interfaces)
                    numbers = self.kept_numbers.get(device) if self.kept_numbers else None
                    while numbers and number in numbers:
                        number += 1
                    self.used[device] = number
                    return device, f"{named} {number}"
                found = self._next_part(device, cages, rate, fill) or self._new_cage(
                    device, cages, rate, fill, way, within
                )
                if found:
                    return found
        return None

    def _next_part(self, device: str, cages: Cages, rate: int, fill: Hashable) -> End | None:
        """The next part of the cage ``fill`` has open at the switch ``device``, if one is
        left (``take``)."""
        split = max(1, cages[1] // rate)
        at, part, parts = self.open.get((device, fill), (0, 0, 0))
        if not at or parts != split or part >= parts:
            return None
        self.open[(device, fill)] = (at, part + 1, parts)
        return device, _switch_name(at, part + 1, split)

    def _new_cage(
        self, device: str, cages: Cages, rate: int, fill: Hashable, way: str | None, within: bool
    ) -> End | None:
        """The first part of the switch's next cage free, opened to ``fill`` and charged to
        the share of ``way``; where ``within``, only while that share lasts (``take``)."""
        share = self.shares.get((device, way)) if self.shares else None
        if within and share is not None and share <= 0:
            return None
        count, speed = cages
        split = max(1, speed // rate)
        at = self.slot[device] + 1
        held = self.kept_cages.get(device) if self.kept_cages else None
        while held and at in held:
            at += 1
        if at > count:
            return None
        if share is not None:
            self.shares[(device, way)] = share - 1
        self.slot[device] = at
        self.open[(device, fill)] = (at, 1, split)
        return device, _switch_name(at, 1, split)

    def keep(
        self,
        device: str,
        cages: Cages | None,
        plane: str,
        named: str,
        rate: int,
        fill: Hashable,
        interface: str,
        way: str | None = None,
    ) -> bool:
        """Take ``interface`` of ``device`` for a link as ``take`` gives them, where it
        still holds. A switch's: a cage it has, split as the link's rate splits it (a whole
        port named "port 3", a part "port 3/2"), neither taken nor filling with links of
        another fill, and a cage not yet kept only within the switch's share of cages facing
        ``way`` (``share``), so that a set written when the first leaves took every GPU link
        keeps of each leaf's what its share holds. A server's or system's: named for the
        plane, a number within the device's ports that no other link took, and a server with
        room left for the plane."""
        if cages is None:
            return self._keep_number(device, plane, named, interface)
        matched = _SWITCH_PORT.fullmatch(interface)
        if matched is None:
            return False
        count, speed = cages
        split = max(1, speed // rate)
        cage, part = int(matched[1]), int(matched[2] or 0)
        if cage > count or (split == 1) != (part == 0) or part > split:
            return False
        held = self.kept_cages.setdefault(device, {})
        if cage not in held:
            share = self.shares.get((device, way)) if self.shares else None
            if share is not None:
                if share <= 0:
                    return False
                self.shares[(device, way)] = share - 1
            held[cage] = (fill, split, {part})
            return True
        taken_fill, parts, taken = held[cage]
        if split == 1 or taken_fill != fill or parts != split or part in taken:
            return False
        taken.add(part)
        return True

    def _keep_number(self, device: str, plane: str, named: str, interface: str) -> bool:
        """``keep`` at a server or system."""
        prefix, _, digits = interface.rpartition(" ")
        if prefix != named or not digits.isdecimal():
            return False
        number = int(digits)
        kept = self.kept_numbers.setdefault(device, set())
        if not 1 <= number <= self.ports.get(device, 0) or number in kept:
            return False
        room = self.room.get((device, plane))
        if room is not None:
            if room <= 0:
                return False
            self.room[(device, plane)] = room - 1
        kept.add(number)
        return True

    def settle(self) -> None:
        """Once every kept end is taken: the parts of kept cages left free, offered to links
        of the cage's fill before a new cage is opened."""
        for device, held in self.kept_cages.items():
            for cage, (fill, split, taken) in sorted(held.items(), reverse=True):
                free = [(cage, p) for p in range(split, 0, -1) if split > 1 and p not in taken]
                self.spare.setdefault((device, fill, split), []).extend(free)


def _switch_name(cage: int, part: int, split: int) -> str:
    """A switch's interface: its cage, and the part of it where the cage is split."""
    return f"port {cage}" if split == 1 else f"port {cage}/{part}"
