"""Site: do the halls of a site stand apart on its site plan?

A hall's ``site_origin`` places it on the site plan. The network plan joins each rack to
the switches nearest it there, and routes the cables between halls from one hall's cable
entry to the other's across it. Two halls on one spot (a hall added without a place used
to stand at the site's corner) are taken for one place: racks are joined to the other
hall's switches and the cables between them come out too short. Halls may share a wall;
they may not share ground.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from designer.core.findings import CodeInfo, Finding, Severity
from designer.core.geometry.site import site_footprint
from designer.core.naming import natural_key
from designer.core.rules.check import Check
from designer.core.rules.context import Changes, Context
from designer.core.rules.text import num

FAMILY = "site"

HALLS_OVERLAP = CodeInfo(
    "site.halls_overlap",
    FAMILY,
    "Halls overlap on the site plan",
    Severity.ERROR,
    "Two halls of one site stand on the same ground, so the network plan takes them for one "
    "place: racks may be joined to the other hall's switches, and the cables between the "
    "halls come out too short.",
)


def _sites(ctx: Context) -> Iterable[str]:
    return ctx.project.sites


def _run(ctx: Context, site_id: str) -> Iterator[Finding]:
    if site_id not in ctx.project.sites:  # gone, or a hall's dangling reference
        return
    halls = sorted(
        (h for h in ctx.project.halls.values() if h.site_id == site_id),
        key=lambda h: (natural_key(h.name), h.id),
    )
    shapes = [site_footprint(h) for h in halls]
    for i, (first, shape) in enumerate(zip(halls, shapes, strict=True)):
        for second, other in zip(halls[i + 1 :], shapes[i + 1 :], strict=True):
            shared_m2 = shape.intersection(other).area / 1e6
            if shared_m2 <= 0:
                continue
            area = f"{num(shared_m2, 0)} m²" if shared_m2 >= 1 else "less than 1 m²"
            yield HALLS_OVERLAP.finding(
                f"{first.name} and {second.name} overlap by {area} on the site plan, so the "
                "links between them are planned as if they stood together. Set each hall's "
                "Site X and Y.",
                (first.id, second.id),
                measured=shared_m2,
                limit=0.0,
                unit="m²",
                hall_id=first.id,
            )


def _touched(ctx: Context, changes: Changes) -> set[str]:
    """The sites a changed hall stands or stood in."""
    return {
        hall.site_id for _, before, after in changes.of("halls") for hall in (before, after) if hall
    }


CHECKS = (Check("site.halls", (HALLS_OVERLAP,), _sites, _run, _touched),)
