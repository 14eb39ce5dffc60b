"""Floor load: can the floor under each rack carry it?

Two checks per rack: its weight spread over its own footprint against the hall's rating
in kPa (links B27-B31), and on a raised floor the share of its weight one tile carries
against the tile's rating (links B29: a third of the rack on one tile). A raised floor
whose tile rating is not entered is said so, once per hall, rather than passed in silence.
"""

from __future__ import annotations

from collections.abc import Iterator

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.format import plural
from designer.core.rules.check import Check, each_hall, each_rack
from designer.core.rules.context import Changes, Context
from designer.core.rules.layout import FLOOR
from designer.core.rules.links import LINKS
from designer.core.rules.text import called, first_up, num, rack_name

FAMILY = "floor"

#: Standard gravity in m/s², a defined constant (kg on the floor -> newtons).
STANDARD_GRAVITY = 9.80665

OVERLOAD = CodeInfo(
    "floor.overload",
    FAMILY,
    "Floor overloaded",
    Severity.ERROR,
    "A rack's weight over its footprint is more than the hall's floor rating.",
)
TILE_LOAD = CodeInfo(
    "floor.tile_load",
    FAMILY,
    "Tile overloaded",
    Severity.ERROR,
    "The share of a rack's weight one raised-floor tile carries is more than the tile's rating.",
)

TILE_RATING_MISSING = CodeInfo(
    "floor.tile_rating_missing",
    FAMILY,
    "Tile rating missing",
    Severity.WARNING,
    "A hall with a raised floor holds racks but has no tile rating, so no rack's load on "
    "its tiles is checked.",
)


def _run(ctx: Context, rack_id: str) -> Iterator[Finding]:
    rack = ctx.project.placements.get(rack_id)
    kind = ctx.rack_types.get(rack.type_id) if rack else None
    hall = ctx.project.halls.get(rack.hall_id) if rack else None
    box = ctx.get(FLOOR).racks.box(rack_id)
    if rack is None or kind is None or hall is None or box is None:
        return
    name = rack_name(rack)
    kpa = kind.weight_kg * STANDARD_GRAVITY / box.area_m2 / 1000
    if kpa > hall.floor_rating_kpa:
        spread_m2 = kind.weight_kg * STANDARD_GRAVITY / (hall.floor_rating_kpa * 1000)
        yield OVERLOAD.finding(
            f"{first_up(name)} ({kind.name}, {num(kind.weight_kg, 0)} kg on "
            f"{num(box.area_m2, 2)} m²) presses {num(kpa)} kPa on the floor, more than the "
            f"{num(hall.floor_rating_kpa)} kPa {called('hall', hall.name)} is rated for. Put it on a slab "
            f"rated for at least {num(kpa)} kPa, or spread its weight over at least "
            f"{num(spread_m2, 2)} m² with load-spreading plates, as a structural engineer "
            "confirms.",
            (rack.id,),
            measured=kpa,
            limit=hall.floor_rating_kpa,
            unit="kPa",
            hall_id=hall.id,
            where=box.centre,
        )
    if hall.floor_type != "raised" or hall.tile_rating_kg is None:
        return
    share = ctx.limits.tile_point_share
    on_tile = kind.weight_kg * share
    if on_tile > hall.tile_rating_kg:
        yield TILE_LOAD.finding(
            f"{first_up(name)} puts {num(on_tile, 0)} kg ({num(share * 100, 0)} % of its "
            f"{num(kind.weight_kg, 0)} kg) on one floor tile, more than the "
            f"{num(hall.tile_rating_kg, 0)} kg the tiles of {called('hall', hall.name)} are rated for. Use "
            f"tiles rated for at least {num(on_tile, 0)} kg, or stand it on a slab.",
            (rack.id,),
            measured=on_tile,
            limit=hall.tile_rating_kg,
            unit="kg",
            hall_id=hall.id,
            where=box.centre,
        )


def _touched(ctx: Context, changes: Changes) -> set[str]:
    found = {rack_id for rack_id, _, _ in changes.of("placements")}
    links = ctx.get(LINKS)
    for hall_id, _, _ in changes.of("halls"):
        found.update(links.of("racks_in_hall", hall_id))
    return found


def _hall_run(ctx: Context, hall_id: str) -> Iterator[Finding]:
    hall = ctx.project.halls.get(hall_id)
    if hall is None or hall.floor_type != "raised" or hall.tile_rating_kg is not None:
        return
    weights = [
        kind.weight_kg
        for rack_id in ctx.get(LINKS).of("racks_in_hall", hall_id)
        if (kind := ctx.rack_types.get(ctx.project.placements[rack_id].type_id)) is not None
    ]
    if not weights:
        return
    share = ctx.limits.tile_point_share
    yield TILE_RATING_MISSING.finding(
        f"{first_up(called('hall', hall.name))} has a raised floor but no tile rating, so the load of its "
        f"{plural(len(weights), 'rack')} on its tiles is not checked (the heaviest puts "
        f"{num(max(weights) * share, 0)} kg, {num(share * 100, 0)} % of its weight, on one "
        "tile). Enter the tiles' rated point load in the hall's properties.",
        (hall.id,),
        hall_id=hall.id,
    )


def _hall_touched(ctx: Context, changes: Changes) -> set[str]:
    """Changed halls, and the halls racks came to, left or changed type in."""
    found = {hall_id for hall_id, _, _ in changes.of("halls")}
    for _, before, after in changes.of("placements"):
        found.update(rack.hall_id for rack in (before, after) if rack is not None)
    return found


CHECKS = (
    Check("floor.racks", (OVERLOAD, TILE_LOAD), each_rack, _run, _touched),
    Check("floor.halls", (TILE_RATING_MISSING,), each_hall, _hall_run, _hall_touched),
)
