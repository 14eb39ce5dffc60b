"""Insert ▸ Pod: a pod preset dropped into a hall of the open project as one undo step.

The pod is laid out as ``generate`` lays out the preset's hall (row pairs, CDUs in N+1,
A and B busways, its network racks and in-row coolers, trays), but at an origin inside an
existing hall: the cursor (the pod centred on it, snapped to the floor's tiles, or flush
against an earlier pod's floor it would overlap or nearly touch: ``_at_cursor``), or the
first free floor, searched from the hall's top left. Its labels start with ``P<n>-``,
numbered over the project, so that no two racks of it are named alike.

Its compute racks name their leaf racks among its own network racks, as a generated design
names them (``leaves``): a pod beside another pod's switches of another kind (InfiniBand
beside Ethernet) builds its own fabric on its own switches.

The floor a pod takes (``pod_size``, what the dialog states) is its racks and cooling units
with the layout's margins around them: 2.4 m at the row ends (a walkway of at least 1.2 m
and the row-end clearance to a wall, links B22; the cross tray to the cable entry on the
left) and 3 m above and below (the rear service clearance and hot aisle behind its outer
lines, links B20; the cable entry at 1.8 m above). That floor must lie inside the outline
and stay clear of what stands and of the floor of every pod inserted before, read back from
the racks and units named with its ``P<n>-``: so pods stand side by side each on the floor
it states, its walkways and clearances kept (a trial's pods, packed by their racks alone,
went in 6 m apart inside one another's stated 8 m).

A pod's network racks hold its own fabric, but its ports join the site's: the pod whose
ports make the site's fabric outgrow the switch slots of its network racks (a core tier past
what two tiers hold) brings the racks the grown fabric needs in its network row, counted as
``generate`` counts a site's (``fabric_racks``), and its floor grows with its row (a trial's
fourth GB200 SU in one site: 2,304 ports need 180 QM9700, four pods' racks held 144, and
288 ports were left unconnected).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from shapely import STRtree, box
from shapely.geometry import Polygon

from designer.core.document.document import Document, sequential_ids
from designer.core.document.layout import footprint_of
from designer.core.format import plural
from designer.core.generate.cluster import ClusterRequest, Outline, fabric_racks, outline
from designer.core.generate.layout import ENTRY_Y, MARGIN_X, MARGIN_Y, HallLayout, IdFactory
from designer.core.generate.presets import PRESETS, Fabric
from designer.core.geometry.floor import placement_box
from designer.core.geometry.footprint import Box, around
from designer.core.model import CableTray, Placement
from designer.core.model.base import Entity
from designer.core.model.equipment import SwitchType
from designer.core.network.fabric import LeafRacks, cage_links, radix

#: The presets that fit one hall, which Insert ▸ Pod offers.
POD_PRESETS = tuple(name for name, preset in PRESETS.items() if not preset.campus)


#: The names of an inserted pod's racks and cooling units ("P2-R1T01", "P2-CDU-1.1t"), and
#: the pod's own ("P2"), which ``_next_pod`` numbers
_POD_NAME = re.compile(r"(P\d+)-")


class PodError(ValueError):
    """The pod cannot go where it was asked; the message says why."""


@dataclass(frozen=True)
class InsertedPod:
    """What an insert placed: the pod's origin and size, and the ids it added."""

    origin: tuple[int, int]
    size: tuple[int, int]
    ids: tuple[str, ...]


@dataclass(frozen=True)
class GrownFabric:
    """The scale-out fabric of a site with a pod in it, where it needs more switches than
    the site's network racks and the pod's own hold: the pod brings ``racks`` more."""

    switch: str
    ports: int
    switches: int
    slots: int
    racks: int

    def line(self) -> str:
        """What the Insert Pod dialog says of it before Insert."""
        return (
            f"Fabric: the site's {self.ports:,} scale-out ports then need {self.switches:,} "
            f"{self.switch} switches, {self.switches - self.slots:,} more than its network "
            f"racks and the pod's own hold ({self.slots:,}): the pod brings "
            f"{plural(self.racks, 'network rack')} more for them."
        )


def pod_fabric(
    doc: Document, hall_id: str, preset: str, fabric: Fabric | None = None
) -> GrownFabric | None:
    """The fabric of the site of ``hall_id`` with a pod of ``preset`` on ``fabric`` (None:
    the preset's) in it, where it outgrows the slots of the site's network racks and the
    pod's own (``_grown``)."""
    return _grown(doc, outline(ClusterRequest(preset, fabric=fabric), doc.catalog), hall_id)


def pod_size(
    doc: Document, preset: str, hall_id: str = "", fabric: Fabric | None = None
) -> tuple[int, int]:
    """The floor a pod of ``preset`` on ``fabric`` takes in ``hall_id``, margins included,
    in mm: with the racks it brings for its site's grown fabric (``pod_fabric``), none
    without a hall."""
    layout, racks = _layout(doc, preset, hall_id, sequential_ids(), (0, 0), "", fabric)
    content = layout.build(*racks)
    return content.width_mm, content.depth_mm


def pod_origin(
    doc: Document,
    hall_id: str,
    preset: str,
    at: tuple[int, int] | None = None,
    fabric: Fabric | None = None,
) -> tuple[int, int]:
    """Where a pod of ``preset`` goes in ``hall_id``: its corner, centred on ``at`` (on
    the tiles, or flush against an earlier pod's floor: ``_at_cursor``) or on the first
    free floor; ``PodError`` saying why it does not fit (the Insert Pod dialog asks before
    it offers to insert)."""
    if preset not in POD_PRESETS:
        raise PodError(f"{preset!r} is not a pod; choose one of {', '.join(POD_PRESETS)}")
    hall = doc.project.halls.get(hall_id)
    if hall is None:
        raise PodError("there is no hall to put the pod in")
    width, depth = pod_size(doc, preset, hall_id, fabric)
    tile = hall.tile_mm
    floor = Polygon(hall.outline)
    taken = _taken(doc, hall_id)
    if at is None:
        return _free_floor(floor, taken, width, depth, tile)
    return _at_cursor(floor, taken, at, width, depth, tile)


def insert_pod(
    doc: Document,
    hall_id: str,
    preset: str,
    at: tuple[int, int] | None = None,
    fabric: Fabric | None = None,
) -> InsertedPod:
    """Add a pod of ``preset`` on ``fabric`` (None: the preset's; a GB300 SU on Ethernet
    brings its Spectrum-X racks, as ``generate`` does) to ``hall_id`` centred on ``at`` (or
    on the first free floor) as one undo step; ``PodError`` when it does not fit there."""
    origin = pod_origin(doc, hall_id, preset, at, fabric)
    ids: list[str] = []
    prefix = f"P{_next_pod(doc)}-"
    layout, racks = _layout(
        doc, preset, hall_id, lambda kind: doc.new_id(kind, ids), origin, prefix, fabric
    )
    content = layout.build(*racks)
    join = _join_tray(doc, hall_id, (origin[0], origin[1] + ENTRY_Y), ids, prefix)
    with doc.transaction(f"Insert pod {PRESETS[preset].title}") as tx:
        for entity in [*_with_leaf_racks(doc, content.entities), *join]:
            tx.put(entity)
    return InsertedPod(origin, (content.width_mm, content.depth_mm), tuple(ids))


def _with_leaf_racks(doc: Document, entities: list[Entity]) -> list[Entity]:
    """``entities`` with each rack of scale-out ports naming the pod's network rack nearest
    it, where the planner would put its leaves in the pod alone."""
    racks = [e for e in entities if isinstance(e, Placement)]
    types = doc.rack_types
    network = [r for r in racks if types[r.type_id].switches is not None]
    if not network:
        return entities

    def centre(rack: Placement) -> tuple[float, float]:
        found = placement_box(rack, types)
        assert found is not None  # the pod's racks are of the catalog's types
        return found.centre

    leaf_racks = LeafRacks(tuple(r.id for r in network), tuple(map(centre, network)))
    return [
        e.model_copy(update={"network_rack_id": leaf_racks.home(centre(e), None)})
        if isinstance(e, Placement) and "scale_out" in types[e.type_id].ports
        else e
        for e in entities
    ]


def _join_tray(
    doc: Document, hall_id: str, entry: tuple[int, int], ids: list[str], prefix: str
) -> list[CableTray]:
    """A tray from the pod's cable entry to the nearest corner of the hall's trays, so the
    pod's cables reach the rest of the hall (and the hall's cable entry); none in a hall
    without trays."""
    corners = [
        (point, tray)
        for tray in doc.project.trays.values()
        if tray.hall_id == hall_id
        for point in tray.path
    ]
    if not corners:
        return []
    (x, y), tray = min(corners, key=lambda c: abs(c[0][0] - entry[0]) + abs(c[0][1] - entry[1]))
    path = (
        [entry, (x, entry[1]), (x, y)] if (x, entry[1]) not in (entry, (x, y)) else [entry, (x, y)]
    )
    if entry == (x, y):
        return []
    return [
        CableTray(
            id=doc.new_id("tray", ids),
            hall_id=hall_id,
            name=f"{prefix}join tray",
            path=path,
            height_mm=tray.height_mm,
            width_mm=tray.width_mm,
            depth_mm=tray.depth_mm,
        )
    ]


def _layout(
    doc: Document,
    preset: str,
    hall_id: str,
    new_id: IdFactory,
    origin: tuple[int, int],
    prefix: str,
    fabric: Fabric | None,
) -> tuple[HallLayout, tuple[int, int, int, str]]:
    """The pod's layout and the arguments of its ``build``: its network racks and those it
    brings for the grown fabric of the site of ``hall_id`` (``_grown``)."""
    plan = outline(ClusterRequest(preset, fabric=fabric), doc.catalog)
    grown = _grown(doc, plan, hall_id)
    layout = HallLayout(doc.catalog, new_id, hall_id, plan.unit, plan.network, origin, prefix)
    return layout, _build_args(plan, grown.racks if grown else 0)


def _build_args(plan: Outline, more_network: int = 0) -> tuple[int, int, int, str]:
    """The arguments of the ``build`` of the pod ``plan`` outlines, with ``more_network``
    network racks beside its own."""
    site = plan.sites[0]
    return site.systems, plan.per_row, site.network_racks + more_network, "inrow"


def _grown(doc: Document, plan: Outline, hall_id: str) -> GrownFabric | None:
    """The fabric of the site of ``hall_id`` with the pod ``plan`` outlines in it, where it
    needs more switches than the site's network racks of the pod's switch and the pod's own
    hold; None where they hold it, and where no count of racks helps (no hall; past three
    tiers, which the check reports). Its ports are those of the site's racks at the pod's
    NIC rate that name no network rack of another switch for their leaves (a CloudMatrix's
    fabric on its Ethernet switches is one of its own), counted by hall as the planner
    counts them. Slots that another fabric (of another NIC rate) takes are counted free."""
    hall = doc.project.halls.get(hall_id)
    if hall is None:
        return None
    layout = HallLayout(doc.catalog, sequential_ids(), hall_id, plan.unit, plan.network)
    pod = [e for e in layout.build(*_build_args(plan)).entities if isinstance(e, Placement)]
    fit = plan.network.switches
    assert fit is not None  # outline chose the rack for its switches
    switch = doc.catalog.switches[fit.switch_id]
    types = doc.rack_types
    nic = next(n for r in pod if (n := types[r.type_id].ports.get("scale_out")) is not None)
    project = doc.project
    halls = {h.id for h in project.halls.values() if h.site_id == hall.site_id}

    def leaf_switch(rack: Placement) -> str:
        """The switch of the network rack ``rack`` names for its leaves (the pod's where it
        names none)."""
        named = project.placements.get(rack.network_rack_id or "")
        kind = types.get(named.type_id) if named is not None else None
        return kind.switches.switch_id if kind is not None and kind.switches else switch.id

    ports: Counter[str] = Counter()
    slots = 0
    for rack in [*(p for p in project.placements.values() if p.hall_id in halls), *pod]:
        kind = types.get(rack.type_id)
        if kind is None:
            continue
        if kind.switches is not None and kind.switches.switch_id == switch.id:
            slots += kind.switches.count
        out = kind.ports.get("scale_out")
        same = out is not None and (out.rate_gbps, out.lane_gbps) == (nic.rate_gbps, nic.lane_gbps)
        if out is not None and same and leaf_switch(rack) == switch.id:
            ports[rack.hall_id] += out.count
    k, cage = radix(switch, nic.rate_gbps, nic.lane_gbps), cage_links(switch, nic.rate_gbps)
    ratio = project.settings.network.oversubscription
    by_hall, switches = fabric_racks(
        [ports[h] for h in sorted(ports)], plan.network, k, ratio, cage
    )
    if not by_hall or switches <= slots:
        return None
    more = -(-(switches - slots) // fit.count)
    return GrownFabric(switch.name, sum(ports.values()), switches, slots, more)


@dataclass(frozen=True)
class _Taken:
    """The floor of a hall a new pod may not overlap: what stands, and earlier pods' floors.

    ``boxes`` holds both, each with the pod whose floor it is ("" for a footprint)."""

    boxes: tuple[tuple[Box, str], ...]
    index: STRtree | None

    def hit(self, area: Box) -> str:
        """Why ``area`` is not free ("" when it is); touching edges are free, so pods stand
        side by side."""
        near = () if self.index is None else self.index.query(box(*area))
        hits = sorted(
            (pod, n) for n in near for found, pod in [self.boxes[n]] if area.overlaps(found)
        )
        if not hits:
            return ""
        pod = hits[0][0]  # a footprint ("") first: what stands is what one sees in the way
        return f"would overlap pod {pod}'s floor" if pod else "would overlap what already stands"

    def floors(self) -> list[Box]:
        """The floors of the earlier pods, a rectangle each (``_taken``)."""
        return [b for b, pod in self.boxes if pod]

    def edges(self) -> tuple[set[int], set[int]]:
        """Where earlier pods' floors end, on the right and below: the next pod's floor may
        start there, off the tiles (pods of 8 m on 0.6 m tiles went 8.4 m apart, and a hall
        of 24 m held two)."""
        floors = self.floors()
        return {b.x1 for b in floors}, {b.y1 for b in floors}

    def gap(self, area: Box, tile: int) -> bool:
        """Whether ``area`` leaves less than a tile, but some floor, between it and an
        earlier pod's floor it faces (side by side, or one above the other): a strip no rack
        of the hall's grid fits in, which only the rounding to the tiles made."""
        near = box(area.x0 - tile, area.y0 - tile, area.x1 + tile, area.y1 + tile)
        for n in () if self.index is None else self.index.query(near):
            other, pod = self.boxes[n]
            if not pod:
                continue
            beside = area.y0 < other.y1 and other.y0 < area.y1
            above = area.x0 < other.x1 and other.x0 < area.x1
            across = max(other.x0 - area.x1, area.x0 - other.x1)
            along = max(other.y0 - area.y1, area.y0 - other.y1)
            if (beside and 0 < across < tile) or (above and 0 < along < tile):
                return True
        return False


def _taken(doc: Document, hall_id: str) -> _Taken:
    """The footprints of what stands in ``hall_id`` (racks, cooling units, obstacles), and
    the floor of each earlier pod: the rectangle around its racks and units, found by their
    ``P<n>-`` names, grown by the margins ``pod_size`` counts (a pod moved since takes its
    floor with it). The rectangle, not each rack's margins: those left notches at its
    corners (0.8 x 4.9 m of a GB200 SU's floor) where another pod's floor went in unsaid,
    and the floor the dialog states is a rectangle."""
    project = doc.project
    named = [
        *((p.id, p.label) for p in project.placements.values() if p.hall_id == hall_id),
        *((u.id, u.name) for u in project.cooling_units.values() if u.hall_id == hall_id),
        *((o.id, "") for o in project.obstacles.values() if o.hall_id == hall_id),
    ]
    boxes: list[tuple[Box, str]] = []
    pods: dict[str, list[Box]] = {}
    for entity_id, name in named:
        found = footprint_of(project, entity_id, doc.rack_types)
        if found is None:
            continue
        boxes.append((found, ""))
        pod = _POD_NAME.match(name)
        if pod is not None:
            pods.setdefault(pod.group(1), []).append(found)
    for pod_name, standing in pods.items():
        found = around(standing)
        assert found is not None  # a pod is named by what of it stands
        x0, y0, x1, y1 = found
        boxes.append((Box(x0 - MARGIN_X, y0 - MARGIN_Y, x1 + MARGIN_X, y1 + MARGIN_Y), pod_name))
    index = STRtree([box(*b) for b, _ in boxes]) if boxes else None
    return _Taken(tuple(boxes), index)


def _problem(floor: Polygon, taken: _Taken, origin: tuple[int, int], width: int, depth: int) -> str:
    area = Box(origin[0], origin[1], origin[0] + width, origin[1] + depth)
    if not floor.covers(box(*area)):
        return "does not fit inside the hall"
    return taken.hit(area)


def _at_cursor(
    floor: Polygon, taken: _Taken, at: tuple[int, int], width: int, depth: int, tile: int
) -> tuple[int, int]:
    """The origin of a pod of ``width`` x ``depth`` pointed at ``at``: centred on it with
    its corner on the tiles, unless that floor would overlap an earlier pod's or stop short
    of it by less than a tile; then flush against that pod's floor (beside, above or below
    it), moved as little as it can be and on as few axes, as long as ``at`` stays on the
    new pod's floor (the cursor inside an earlier pod's floor is refused, as is any floor
    that overlaps another's or what stands).

    A cluster architect lines pods up floor to floor: each floor already holds its
    walkways and clearances (``pod_size``), so two pods flush share no aisle and waste
    none, and the 0.4 m strip that rounding to 0.6 m tiles left beside an 8 m pod (8.4 m
    apart) fits nothing and reads as a mistake; a third pod by the cursor in File ▸ New's
    24 m hall went off its far wall. The pod's racks keep their places on its floor, as
    ``_free_floor``'s pods flush at 8 and 16 m do, so beside a floor that ends off the tiles
    they stand off the tiles by as much: the pod, not the tile, is what meets its
    neighbour, and a gap is either none or a tile or more. Far from any pod the origin is
    on the tiles, as before."""
    x, y = at[0] - width // 2, at[1] - depth // 2
    tiled = (_snap(x, tile), _snap(y, tile))
    floors = taken.floors()
    xs = {tiled[0], *(b.x1 for b in floors), *(b.x0 - width for b in floors)}
    ys = {tiled[1], *(b.y1 for b in floors), *(b.y0 - depth for b in floors)}

    def rank(origin: tuple[int, int]) -> tuple[bool, int, int]:
        """No sliver first, then the fewest axes off the tiles' origin, then the nearest."""
        area = Box(*origin, origin[0] + width, origin[1] + depth)
        moved = (origin[0] != tiled[0]) + (origin[1] != tiled[1])
        return taken.gap(area, tile), moved, abs(origin[0] - x) + abs(origin[1] - y)

    free = [
        (ox, oy)
        for ox in sorted(xs)
        if ox <= at[0] <= ox + width
        for oy in sorted(ys)
        if oy <= at[1] <= oy + depth and not _problem(floor, taken, (ox, oy), width, depth)
    ]
    if free:
        return min(free, key=rank)
    problem = _problem(floor, taken, tiled, width, depth)
    raise PodError(f"The pod ({width / 1000:g} x {depth / 1000:g} m) {problem} there.")


def _free_floor(
    floor: Polygon, taken: _Taken, width: int, depth: int, tile: int
) -> tuple[int, int]:
    """The first origin, row by row from the top left, on the tiles or where an earlier
    pod's floor ends, where a floor of ``width`` x ``depth`` is free."""
    x0, y0, x1, y1 = (int(v) for v in floor.bounds)
    right, below = taken.edges()
    tiles_x = range(_snap(x0, tile), x1 - width + 1, tile)
    tiles_y = range(_snap(y0, tile), y1 - depth + 1, tile)
    for y in sorted({*tiles_y, *(v for v in below if v + depth <= y1)}):
        for x in sorted({*tiles_x, *(v for v in right if v + width <= x1)}):
            if not _problem(floor, taken, (x, y), width, depth):
                return x, y
    raise PodError(
        f"The hall has no free floor of {width / 1000:g} x {depth / 1000:g} m for the pod: "
        "make the hall larger or clear some floor."
    )


def _snap(value: int, tile: int) -> int:
    return round(value / tile) * tile


def _next_pod(doc: Document) -> int:
    """The first pod number no rack label of the project uses yet: pods in two halls
    numbered from 1 each named their racks alike (a trial's links ran "P1-NET-T01 to
    P1-NET-T01", Hall 1 to Hall 2)."""
    labels = {p.label.split("-", 1)[0] for p in doc.project.placements.values()}
    number = 1
    while f"P{number}" in labels:
        number += 1
    return number


def site_switches(doc: Document, hall_id: str) -> dict[str, SwitchType]:
    """The switches of the network racks standing on the site of ``hall_id``, by id: the
    site's scale-out fabric, which a pod on one of them joins (``pod_fabric`` counts their
    slots) and a pod on another builds its own beside."""
    project = doc.project
    hall = project.halls.get(hall_id)
    if hall is None:
        return {}
    halls = {h.id for h in project.halls.values() if h.site_id == hall.site_id}
    types, switches = doc.rack_types, doc.catalog.switches
    found: dict[str, SwitchType] = {}
    for rack in project.placements.values():
        kind = types.get(rack.type_id) if rack.hall_id in halls else None
        if kind is not None and kind.switches is not None and kind.switches.switch_id in switches:
            found[kind.switches.switch_id] = switches[kind.switches.switch_id]
    return found
