"""The interfaces the NetBox export gives the ends of its cables, and those a previous
revision's set gave them, kept where they still hold.

rackplan plans no ports: its cable schedule says which two racks a link joins, and the
export (``netbox._Devices``) picks the device at each end, a switch of the link's tier or a
server, then one of its interfaces here, numbered as links come: a switch's cages in
order, each split into as many links as it carries ("port 3/1", "port 3/2"), a server's or
system's interfaces by plane and number ("scale-out 5").

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
from collections.abc import Hashable

from designer.core.format import plural

#: A cable's end as NetBox names it: its device and the device's interface.
End = tuple[str, str]
#: A switch's module cages and the Gb/s of one (a QM9700's 32 of 800G).
Cages = tuple[int, int]
#: A previous set's cables: (label, the link's place among its cable's links, from 0) -> its
#: side A's and side B's ends. A twin-port cable's two links share a label (NetBox takes a
#: cable a link), in the order its rows come.
PreviousEnds = dict[tuple[str, int], tuple[End, End]]

#: The columns of a cables file ``previous_ends`` reads (``netbox.HEADERS``' names).
PREVIOUS_COLUMNS = ("label", "side_a_device", "side_a_name", "side_b_device", "side_b_name")

_SWITCH_PORT = re.compile(r"port ([1-9][0-9]*)(?:/([1-9][0-9]*))?")


class PreviousSetError(ValueError):
    """A previous set's cables file that cannot be read: the message says what is wrong."""


def previous_ends(cables_csv: str) -> PreviousEnds:
    """The ends of every cable of a previous NetBox set, read from the text of its cables
    file (``09-cables.csv``) as rackplan wrote it. Raises ``PreviousSetError`` naming the
    problem where the text is not such a file."""
    reader = csv.reader(io.StringIO(cables_csv))
    try:
        header = next(reader, None)
        if header is None:
            raise PreviousSetError("the previous cables file is empty")
        missing = [name for name in PREVIOUS_COLUMNS if name not in header]
        if missing:
            raise PreviousSetError(
                f"the previous cables file has no {', '.join(missing)} column"
                f"{'s' if len(missing) > 1 else ''}: it is not the 09-cables.csv of a NetBox "
                "set rackplan wrote"
            )
        at = [header.index(name) for name in PREVIOUS_COLUMNS]
        links: Counter[str] = Counter()
        found: PreviousEnds = {}
        for row in reader:
            if len(row) != len(header):
                raise PreviousSetError(
                    f"line {reader.line_num} of the previous cables file has "
                    f"{plural(len(row), 'cell')} where its header has {len(header)}"
                )
            label, device_a, name_a, device_b, name_b = (row[i] for i in at)
            found[(label, links[label])] = ((device_a, name_a), (device_b, name_b))
            links[label] += 1
    except csv.Error as error:  # a NUL, or a quote left open
        raise PreviousSetError(
            f"line {reader.line_num} of the previous cables file is not CSV: {error}"
        ) from None
    return found


class PortBook:
    """The interfaces given out at every device, a switch's by module cage.

    A switch has ``cages`` cages, each split into as many links as it carries; the parts of
    one cage go to links of one fill alone (``netbox._cables``: one cable with fixed ends,
    or links of one medium and rate, whose twin-port transceiver serves two). A server or
    system numbers its interfaces one after another whatever their plane, a server within
    its share of each plane's ports (``room``). Ends kept from a previous set are taken
    first (``keep``, then ``settle``); links numbered after them skip what those hold and
    fill the parts of their cages left free. With none kept, the numbering is the one the
    export has always written."""

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

    def take(
        self,
        devices: list[tuple[str, Cages | None]],
        plane: str,
        named: str,
        rate: int,
        fill: Hashable,
    ) -> End | None:
        """The first of ``devices`` (each with its cages, or None: a server or system) with
        an interface free for a link of ``plane`` (``named`` as NetBox reads it) at ``rate``
        Gb/s and of ``fill``, and that interface; None when none has one. A switch gives the
        next part of the cage that fill is filling, else a new cage's first; a server or
        system its next number, a server within its share of the plane's ports. Where ends
        were kept, a part their cages left free to the fill goes first, on whichever switch
        it is: a twin-port cable one of whose links kept its end fills that end's cage, not
        a new one of an earlier switch."""
        if self.spare:
            for device, cages in devices:
                if cages is not None:
                    split = max(1, cages[1] // rate)
                    spare = self.spare.get((device, fill, split))
                    if spare:
                        cage, part = spare.pop()
                        return device, _switch_name(cage, part, split)
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
            count, speed = cages
            split = max(1, speed // rate)
            at, part, parts = self.open.get((device, fill), (0, 0, 0))
            if at and parts == split and part < parts:
                part += 1
            else:
                at = self.slot[device] + 1
                held = self.kept_cages.get(device) if self.kept_cages else None
                while held and at in held:
                    at += 1
                if at > count:
                    continue
                self.slot[device], part, parts = at, 1, split
            self.open[(device, fill)] = (at, part, parts)
            return device, _switch_name(at, part, split)
        return None

    def keep(
        self,
        device: str,
        cages: Cages | None,
        plane: str,
        named: str,
        rate: int,
        fill: Hashable,
        interface: str,
    ) -> bool:
        """Take ``interface`` of ``device`` for a link as ``take`` gives them, where it
        still holds. A switch's: a cage it has, split as the link's rate splits it (a whole
        port named "port 3", a part "port 3/2"), neither taken nor filling with links of
        another fill. A server's or system's: named for the plane, a number within the
        device's ports that no other link took, and a server with room left for the plane."""
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
