"""One hall of a generated cluster: row pairs of systems, a network row, power, cooling, trays.

The geometry is the bundled campus's (``examples/campus.py``), which the checker passes:

- a **row pair** is two lines of racks 1.2 m deep facing one 1.2 m cold aisle (the top line
  turned 180 degrees, fronts down the page; the bottom line fronts up), pairs 1.2 m apart
  (hot aisles), so a pair repeats every 4.8 m (links B19, B20);
- a pair is cut into **segments** of at most 16 racks a line (rows of at most 20 racks,
  links B22) by 1.2 m cross aisles; a liquid-cooled segment starts with an 800 mm **head**
  on each line for its in-row CDUs;
- a rack shallower than the line stands with its front on the cold aisle;
- every line of racks has an A and a B busway over it, cut into runs that each carry their
  racks alone at 80 % of the rating (links B32: either side must carry the load when the
  other is down); a tray runs over each line, a cross tray at x = 1.2 m joins the lines to
  the hall's cable entry, and a tray crosses each supernode's cold aisle for its UB cables;
- the network racks stand in a row pair of their own below the systems.

A segment's CDUs are sized so that no CDU carries more than 80 % of its capacity or of its
flow; all CDUs of the hall form one N+1 group, given spares in free heads until the group
carries its load with its largest CDU down, in capacity and in coolant flow. Air heat goes
to CRAHs on the top and bottom walls (a campus hall) or to in-row coolers in the network
row (a pod), loaded to 80 % at most, and one more than that.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from designer.core.catalog import Catalog
from designer.core.document.layout import system_layout_of
from designer.core.geometry.site import CABLE_ENTRY_Y
from designer.core.model import (
    CableTray,
    CoolingGroup,
    CoolingUnit,
    Group,
    Placement,
    PowerFeed,
)
from designer.core.model.base import Entity, Rotation, Side, evolve
from designer.core.model.equipment import RackType
from designer.core.naming import member_label
from designer.core.rules.limits import default_thresholds

IdFactory = Callable[[str], str]

LINE_D = 1_200
COLD_AISLE = 1_200
HOT_AISLE = 1_200
BOTTOM_LINE = LINE_D + COLD_AISLE
PAIR_D = 2 * LINE_D + COLD_AISLE
PAIR_PITCH = PAIR_D + HOT_AISLE
HEAD_W = 800
CROSS_AISLE = 1_200
MAX_LINE_RACKS = 16
MARGIN_X = 2_400
MARGIN_Y = 3_000
TRAY_X = 1_200
ENTRY_Y = CABLE_ENTRY_Y
TRAY = {"height_mm": 2_700, "width_mm": 900, "depth_mm": 150}
BUSWAY_TYPE = "busway-1250a-415v"
CDU_TYPE = "cdu-inrow-1368"
CRAH_TYPE = "crah-150"
COOLER_TYPE = "inrow-cooler-50"
CONTINUOUS = 0.8


class LayoutError(ValueError):
    """The request cannot be laid out; the message names what does not fit."""


@dataclass(frozen=True)
class Unit:
    """What repeats in the rows: a catalog system (both lines) or one rack type (a column
    of a top and a bottom rack)."""

    unit_id: str
    is_system: bool
    width_mm: int
    per_line: int
    racks: tuple[RackType, ...]
    #: the catalog's name of it, as a reader knows it ("NVIDIA GB200 NVL72")
    name: str

    @property
    def liquid_kw(self) -> float:
        return math.fsum(r.liquid_kw for r in self.racks)


def unit_of(catalog: Catalog, unit_id: str, is_system: bool) -> Unit:
    """The ``Unit`` of a catalog system or rack type."""
    if is_system:
        system = catalog.systems[unit_id]
        racks = tuple(catalog.racks[m.type_id] for m in system.members)
        width = max(m.dx_mm + catalog.racks[m.type_id].width_mm for m in system.members)
        return Unit(unit_id, True, width, len(racks) // 2, racks, system.name)
    rack = catalog.racks[unit_id]
    return Unit(unit_id, False, rack.width_mm, 1, (rack, rack), rack.name)


@dataclass
class HallContent:
    """The entities of one hall's content and its size, before the hall itself exists."""

    width_mm: int
    depth_mm: int
    entities: list[Entity] = field(default_factory=list)
    it_max_kw: float = 0.0


@dataclass
class _Segment:
    x: int
    top: int
    racks: list[list[Placement]]  # top line, bottom line
    heads: list[bool]  # a CDU stands in the head of the top / bottom line
    has_head: bool
    #: the cooling units standing in its lines: CDUs in the heads or past the last racks,
    #: in-row coolers beside the network racks
    units: list[CoolingUnit] = field(default_factory=list)


class HallLayout:
    """Lays out ``units`` and ``network`` racks in one hall (or a pod at ``origin``)."""

    def __init__(
        self,
        catalog: Catalog,
        new_id: IdFactory,
        hall_id: str,
        unit: Unit,
        network: RackType | None,
        origin: tuple[int, int] = (0, 0),
        label_prefix: str = "",
    ) -> None:
        self.catalog = catalog
        self.new_id = new_id
        self.hall_id = hall_id
        self.unit = unit
        self.network = network
        self.ox, self.oy = origin
        self.prefix = label_prefix
        self.entities: list[Entity] = []
        self.segments: list[_Segment] = []
        self.cdus: list[CoolingUnit] = []
        self.group_id = ""

    # --- the whole hall -------------------------------------------------------------------

    def build(
        self, units: int, per_row: int, network_racks: int, air: str, hall_width: int = 0
    ) -> HallContent:
        """Lay out ``units`` (systems, or racks of a rack unit) in row pairs of ``per_row``
        and ``network_racks`` below them; ``air`` is ``"crah"`` (units on the walls) or
        ``"inrow"`` (coolers in the network row)."""
        per_slot = 1 if self.unit.is_system else 2
        most = self._slots_per_segment()
        pairs = math.ceil(units / per_row) if units else 0
        placed = 0
        for pair in range(pairs):
            count = min(per_row, units - placed)
            slots = math.ceil(count / per_slot)
            segments = math.ceil(slots / most)
            self._unit_pair(pair, count, math.ceil(slots / segments))
            placed += count
        if self.unit.liquid_kw:
            self._spares()
        coolers = 0
        air_kw = self._air_kw(network_racks)
        if air == "inrow":
            cooler = self.catalog.cooling[COOLER_TYPE].air_capacity_kw * CONTINUOUS
            coolers = math.ceil(air_kw / cooler) + 1
        if network_racks or coolers:
            self._network_pair(pairs, network_racks, coolers)
            pairs += 1
        right = max((self._segment_end(s) for s in self.segments), default=MARGIN_X)
        width = max(hall_width, right + MARGIN_X)
        depth = 2 * MARGIN_Y + pairs * PAIR_PITCH - HOT_AISLE
        self._trays(pairs)
        if air == "crah":
            width = self._crahs(air_kw, width, depth)
        content = HallContent(width, depth, self.entities)
        content.it_max_kw = math.fsum(
            self.catalog.racks[p.type_id].max_kw for p in self.entities if isinstance(p, Placement)
        )
        return content

    def _slots_per_segment(self) -> int:
        """Slots (systems, or columns of two racks) in one segment at most: 16 racks a line,
        and no line's racks past 80 % of a CDU."""
        unit = self.unit
        by_width = MAX_LINE_RACKS // unit.per_line
        if not unit.liquid_kw:
            return by_width
        return max(1, min(by_width, math.floor(self._cdu_kw() / (unit.liquid_kw / 2))))

    def _cdu_kw(self) -> float:
        """The liquid heat one CDU carries at 80 %: of its capacity, and of its flow at the
        rating basis of links B13 (1.2 L/min per kW), whichever is less."""
        cdu = self.catalog.cooling[CDU_TYPE]
        per_kw = default_thresholds().values.cdu_flow_lpm_per_kw
        assert per_kw is not None  # the defaults fill in every threshold
        by_flow = cdu.flow_lpm / per_kw
        return min(cdu.liquid_capacity_kw, by_flow) * CONTINUOUS

    def _carried(self, cdu: CoolingUnit) -> float:
        """The liquid heat ``cdu`` takes over when another is down: its capacity, or the heat
        its flow carries at the rating basis (links B13), whichever is less (an audit: two
        CDUs of 1,200 L/min passed for 11 GB300 racks, whose 1,359 kW need 1,631 L/min)."""
        per_kw = default_thresholds().values.cdu_flow_lpm_per_kw
        if not per_kw or cdu.flow_lpm <= 0:
            return cdu.liquid_capacity_kw
        return min(cdu.liquid_capacity_kw, cdu.flow_lpm / per_kw)

    def _air_kw(self, network_racks: int) -> float:
        racks = [r for p in self.entities if isinstance(p, Placement) for r in [p]]
        air = math.fsum(
            max(0.0, self.catalog.racks[p.type_id].air_kw - (p.rear_door_kw or 0.0)) for p in racks
        )
        if self.network is not None:
            air += network_racks * self.network.air_kw
        return air

    # --- rows ---------------------------------------------------------------------------

    def _pair_top(self, pair: int) -> int:
        return self.oy + MARGIN_Y + pair * PAIR_PITCH

    def _segment_x(self, index: int, widths: Sequence[int]) -> int:
        return self.ox + MARGIN_X + sum(widths[:index]) + index * CROSS_AISLE

    def _segment_end(self, segment: _Segment) -> int:
        ends = [p.x + self._width(p) for line in segment.racks for p in line]
        ends += [u.x + u.width_mm for u in segment.units]
        return max(ends, default=segment.x) - self.ox

    def _width(self, rack: Placement) -> int:
        return self.catalog.racks[rack.type_id].width_mm

    def _unit_pair(self, pair: int, count: int, per_segment: int) -> None:
        """``count`` units in row pair ``pair``, ``per_segment`` slots to a segment."""
        top = self._pair_top(pair)
        head = HEAD_W if self.unit.liquid_kw else 0
        per_slot = 1 if self.unit.is_system else 2
        slots = math.ceil(count / per_slot)
        widths = [head + per_segment * self.unit.width_mm] * math.ceil(slots / per_segment)
        for index in range(len(widths)):
            segment = _Segment(self._segment_x(index, widths), top, [[], []], [False, False], True)
            x = segment.x + head
            for i in range(min(per_segment, slots - index * per_segment)):
                slot = index * per_segment + i
                racks = min(per_slot, count - slot * per_slot)
                self._place_unit(segment, x + i * self.unit.width_mm, pair, slot, racks)
            self.segments.append(segment)
            self._busways(segment, f"{pair + 1}.{index + 1}")
            if self.unit.liquid_kw:
                self._cdus(segment, f"{pair + 1}.{index + 1}")

    def _place_unit(self, segment: _Segment, x: int, pair: int, slot: int, racks: int) -> None:
        """A system, or a column of ``racks`` (1 or 2) racks, in slot number ``slot``."""
        unit = self.unit
        if unit.is_system:
            label = f"{self.prefix}R{pair + 1}S{slot + 1}"
            group_id = self.new_id("sys")
            self.entities.append(Group(id=group_id, system_id=unit.unit_id, label=label))
            counters: dict[str, int] = {}
            template = self.catalog.systems[unit.unit_id]
            for type_id, role, rx, ry, turned in system_layout_of(
                template, self.catalog.racks, x, segment.top
            ):
                counters[role] = counters.get(role, 0) + 1
                rack = Placement(
                    id=self.new_id("rk"),
                    hall_id=self.hall_id,
                    type_id=type_id,
                    x=rx,
                    y=ry,
                    rotation=turned,
                    label=member_label(label, role, counters[role]),
                    group_id=group_id,
                )
                segment.racks[0 if ry < segment.top + LINE_D else 1].append(rack)
                self.entities.append(rack)
            return
        rack_type = unit.racks[0]
        door = _rear_door_kw(rack_type)
        lines: tuple[tuple[int, Rotation, str], ...] = (
            (segment.top + LINE_D - rack_type.depth_mm, 180, "T"),
            (segment.top + BOTTOM_LINE, 0, "B"),
        )
        for line, (y, turned, tag) in enumerate(lines[:racks]):
            rack = Placement(
                id=self.new_id("rk"),
                hall_id=self.hall_id,
                type_id=unit.unit_id,
                x=x,
                y=y,
                rotation=turned,
                label=f"{self.prefix}R{pair + 1}{tag}{slot + 1:02d}",
                rear_door_kw=door,
            )
            segment.racks[line].append(rack)
            self.entities.append(rack)

    def _network_pair(self, pair: int, count: int, coolers: int) -> None:
        """The network racks (and any in-row coolers) in a row pair of their own."""
        assert self.network is not None or not count
        top = self._pair_top(pair)
        columns = math.ceil(count / 2) + math.ceil(coolers / 2)
        widths = [MAX_LINE_RACKS * 600] * math.ceil(columns / MAX_LINE_RACKS)
        items = ["net"] * count + ["cooler"] * coolers
        for index in range(len(widths)):
            segment = _Segment(self._segment_x(index, widths), top, [[], []], [False, False], False)
            chunk = items[index * 2 * MAX_LINE_RACKS : (index + 1) * 2 * MAX_LINE_RACKS]
            for position, item in enumerate(chunk):
                line, column = position % 2, position // 2
                x = segment.x + column * 600
                if item == "cooler":
                    y = top if line == 0 else top + BOTTOM_LINE
                    cooler = self._cooling_unit(
                        COOLER_TYPE,
                        x,
                        y,
                        f"{self.prefix}IRC-{self._coolers()}",
                        180 if line == 0 else 0,
                    )
                    segment.units.append(cooler)
                    self.entities.append(cooler)
                    continue
                assert self.network is not None
                y = top + LINE_D - self.network.depth_mm if line == 0 else top + BOTTOM_LINE
                rack = Placement(
                    id=self.new_id("rk"),
                    hall_id=self.hall_id,
                    type_id=self.network.id,
                    x=x,
                    y=y,
                    rotation=180 if line == 0 else 0,
                    label=f"{self.prefix}NET-{'TB'[line]}{column + 1 + index * MAX_LINE_RACKS:02d}",
                )
                segment.racks[line].append(rack)
                self.entities.append(rack)
            self.segments.append(segment)
            self._busways(segment, f"N.{index + 1}")

    # --- power --------------------------------------------------------------------------

    def _busways(self, segment: _Segment, tag: str) -> None:
        """A and B busways over each line, cut into runs each side can carry alone."""
        rating = _busway_kw(self.catalog) * CONTINUOUS
        for line, racks in enumerate(segment.racks):
            if not racks:
                continue
            y0 = segment.top + (0 if line == 0 else BOTTOM_LINE)
            ordered = sorted(racks, key=lambda r: r.x)
            loads = [self.catalog.racks[rack.type_id].max_kw for rack in ordered]
            runs = [ordered[a:b] for a, b in even_runs(loads, rating)]
            for number, run in enumerate(runs, start=1):
                x0 = run[0].x
                x1 = run[-1].x + self._width(run[-1])
                feeds = []
                sides: tuple[tuple[Side, int], ...] = (("A", 300), ("B", 900))
                for side, dy in sides:
                    feed = self._feed(
                        f"{self.prefix}Busway {side}{tag}{'tb'[line]}{number}",
                        side,
                        [(x0, y0 + dy), (x1, y0 + dy)],
                    )
                    feeds.append(feed.id)
                    self.entities.append(feed)
                for i, rack in enumerate(run):
                    run[i] = evolve(rack, feed_ids=feeds)
                self._replace(run)

    def _feed(self, name: str, side: Side, path: list[tuple[int, int]]) -> PowerFeed:
        kind = self.catalog.feeds[BUSWAY_TYPE]
        return PowerFeed(
            id=self.new_id("feed"),
            hall_id=self.hall_id,
            name=name,
            kind=kind.kind,
            type_id=kind.id,
            voltage_v=kind.voltage_v,
            amps=kind.amps,
            phases=kind.phases,
            side=side,
            path=path,
        )

    def _replace(self, racks: Sequence[Placement]) -> None:
        """Put updated racks in place of the ones with their ids (entities and segments)."""
        by_id = {r.id: r for r in racks}
        self.entities = [by_id.get(getattr(e, "id", ""), e) for e in self.entities]
        for segment in self.segments:
            for line in segment.racks:
                line[:] = [by_id.get(r.id, r) for r in line]

    # --- liquid cooling -----------------------------------------------------------------

    def _group(self) -> str:
        if not self.group_id:
            self.group_id = self.new_id("cgrp")
            self.entities.append(
                CoolingGroup(
                    id=self.group_id,
                    hall_id=self.hall_id,
                    name=f"{self.prefix}CDUs".strip(),
                    redundancy="N+1",
                )
            )
        return self.group_id

    def _coolers(self) -> int:
        """The number of the next in-row cooler of the hall: 1, 2, ..."""
        return 1 + sum(
            1 for e in self.entities if isinstance(e, CoolingUnit) and e.type_id == COOLER_TYPE
        )

    def _cooling_unit(
        self, type_id: str, x: int, y: int, name: str, rotation: Rotation, group: str | None = None
    ) -> CoolingUnit:
        kind = self.catalog.cooling[type_id]
        return CoolingUnit(
            id=self.new_id("cool"),
            hall_id=self.hall_id,
            name=name,
            kind=kind.kind,
            mount=kind.mount,
            type_id=kind.id,
            x=x,
            y=y,
            rotation=rotation,
            width_mm=kind.width_mm,
            depth_mm=kind.depth_mm,
            liquid_capacity_kw=kind.liquid_capacity_kw,
            air_capacity_kw=kind.air_capacity_kw,
            flow_lpm=kind.flow_lpm,
            group_id=group,
        )

    def _cdu(self, segment: _Segment, line: int, name: str, tail: bool = False) -> CoolingUnit:
        """A CDU in the head of ``line`` of ``segment``, or past its last rack (``tail``)."""
        y = segment.top if line == 0 else segment.top + BOTTOM_LINE
        x = self.ox + self._segment_end(segment) if tail else segment.x
        cdu = self._cooling_unit(CDU_TYPE, x, y, name, 180 if line == 0 else 0, self._group())
        segment.units.append(cdu)
        if not tail:
            segment.heads[line] = True
        self.cdus.append(cdu)
        self.entities.append(cdu)
        return cdu

    def _cdus(self, segment: _Segment, tag: str) -> None:
        """One CDU for the segment if it carries both lines within 80 %, else one a line."""
        limit = self._cdu_kw()
        loads = [
            math.fsum(self.catalog.racks[r.type_id].liquid_kw for r in line)
            for line in segment.racks
        ]
        lines = [[0, 1]] if sum(loads) <= limit else [[0], [1]]
        for line_numbers in lines:
            cdu = self._cdu(
                segment, line_numbers[0], f"{self.prefix}CDU-{tag}{'tb'[line_numbers[0]]}"
            )
            cooled = [
                evolve(r, cdu_id=cdu.id)
                for n in line_numbers
                for r in segment.racks[n]
                if self.catalog.racks[r.type_id].liquid_kw
            ]
            self._replace(cooled)

    def _spares(self) -> None:
        """CDUs in free heads until the group carries its load with its largest CDU down;
        when every head holds one already (a row of one segment whose lines each need their
        own), past the last racks of the last segment of a row, before the wall."""
        if not self.cdus:
            return
        load = math.fsum(
            self.catalog.racks[p.type_id].liquid_kw
            for p in self.entities
            if isinstance(p, Placement) and p.cdu_id
        )
        rows = [s for s in self.segments if s.has_head]
        free = [(s, line, False) for line in (1, 0) for s in rows if not s.heads[line]]
        # then past the top line of each row's last segment, one spare a row
        last = {s.top: s for s in sorted(rows, key=lambda s: s.x)}
        free += [(s, 0, True) for s in last.values()]
        while load > math.fsum(carried := [self._carried(c) for c in self.cdus]) - max(carried):
            if not free:
                raise LayoutError(
                    f"the hall's CDUs cannot carry {load:,.0f} kW with one down and no place "
                    "is free for a spare: build fewer units per row"
                )
            segment, line, tail = free.pop(0)
            self._cdu(segment, line, f"{self.prefix}CDU-spare-{len(self.cdus) + 1}", tail)

    # --- trays and air ------------------------------------------------------------------

    def _trays(self, pairs: int) -> None:
        """A tray over each line to the line's end, across each supernode's cold aisle, and
        the cross tray."""
        ox, oy = self.ox, self.oy
        for pair in range(pairs):
            top = self._pair_top(pair)
            end = ox + max(self._segment_end(s) for s in self.segments if s.top == top)
            for y, line in (
                (top + LINE_D // 2, "top"),
                (top + BOTTOM_LINE + LINE_D // 2, "bottom"),
            ):
                # one over each line of the pair, named apart as its racks are (R1T, R1B)
                self._tray([(ox + TRAY_X, y), (end, y)], f"{self.prefix}Row {pair + 1} {line} tray")
        if self.unit.is_system:
            for entity in list(self.entities):
                if isinstance(entity, Group):
                    racks = [
                        p
                        for p in self.entities
                        if isinstance(p, Placement) and p.group_id == entity.id
                    ]
                    x = min(r.x for r in racks) + self.unit.width_mm // 2
                    y = min(r.y for r in racks)
                    self._tray(
                        [(x, y + LINE_D // 2), (x, y + BOTTOM_LINE + LINE_D // 2)],
                        f"{entity.label} aisle tray",
                    )
        last = self._pair_top(pairs - 1) + BOTTOM_LINE + LINE_D // 2
        self._tray(
            [(ox, oy + ENTRY_Y), (ox + TRAY_X, oy + ENTRY_Y), (ox + TRAY_X, last)],
            f"{self.prefix}Cross tray",
        )

    def _tray(self, path: list[tuple[int, int]], name: str) -> None:
        self.entities.append(
            CableTray(id=self.new_id("tray"), hall_id=self.hall_id, name=name, path=path, **TRAY)
        )

    def _crahs(self, air_kw: float, width: int, depth: int) -> int:
        """CRAHs on the top and bottom walls, one more than the air load needs; the hall
        widens when its walls are too short for them. Returns the hall's width."""
        crah = self.catalog.cooling[CRAH_TYPE]
        count = math.ceil(air_kw / (crah.air_capacity_kw * CONTINUOUS)) + 1
        per_wall = math.ceil(count / 2)
        width = max(width, 2 * TRAY_X + per_wall * (crah.width_mm + 600))
        spacing = (width - 2 * TRAY_X) // per_wall
        for index in range(count):
            wall, slot = divmod(index, per_wall)
            y = 0 if wall == 0 else depth - crah.depth_mm
            self.entities.append(
                self._cooling_unit(
                    CRAH_TYPE,
                    self.ox + TRAY_X + slot * spacing,
                    self.oy + y,
                    f"{self.prefix}CRAH-{index + 1}",
                    180 if wall == 0 else 0,
                )
            )
        return width


def even_runs(loads: Sequence[float], rating: float) -> list[tuple[int, int]]:
    """The line's racks (their ``loads`` in order along it) cut into as few runs as one
    side's busway carries at ``rating`` each, as evenly loaded as can be: each run's
    ``(start, end)`` slice. As few runs as filling each to its rating makes, but the
    heaviest as light as those runs allow: six GB300 NVL72 of 142 kW on busways carrying
    718.8 kW went 5 + 1 (a 0.6 m busway for the sixth rack, the five at 99 % of what they
    may carry), and go 3 + 3 at 59 %. A rack heavier than the rating has a run alone,
    which the check reports. Lines are short (16 racks at most), so every cut is tried."""
    count = 0
    load = 0.0
    for kw in loads:  # the fewest runs: each filled to the rating in turn
        if not count or load + kw > rating:
            count += 1
            load = 0.0
        load += kw
    # heaviest[k][i]: the lightest heaviest run of the first i racks cut into k runs
    racks = len(loads)
    inf = math.inf
    heaviest = [[inf] * (racks + 1) for _ in range(count + 1)]
    cut = [[0] * (racks + 1) for _ in range(count + 1)]
    heaviest[0][0] = 0.0
    for k in range(1, count + 1):
        for i in range(1, racks + 1):
            for j in range(k - 1, i):
                worst = max(heaviest[k - 1][j], math.fsum(loads[j:i]))
                if worst < heaviest[k][i]:
                    heaviest[k][i], cut[k][i] = worst, j
    runs = []
    end = racks
    for k in range(count, 0, -1):
        runs.append((cut[k][end], end))
        end = cut[k][end]
    return runs[::-1]


def _busway_kw(catalog: Catalog) -> float:
    kind = catalog.feeds[BUSWAY_TYPE]
    return kind.voltage_v * kind.amps * (math.sqrt(3) if kind.phases == 3 else 1.0) / 1000


def _rear_door_kw(rack: RackType) -> float | None:
    """A rear door for a rack whose air heat is past what room air removes from one rack:
    the next 5 kW step at or above its air heat (estimate: doors are sold in such steps)."""
    limit = default_thresholds().values.rack_air_limit_kw
    assert limit is not None  # the defaults fill in every threshold
    if rack.air_kw <= limit:
        return None
    return float(math.ceil(rack.air_kw / 5) * 5)
