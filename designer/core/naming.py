"""What to call an entity when a person reads about it: its label or name, else its id."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from designer.core.format import number
from designer.core.model.equipment import RackType
from designer.core.model.hall import Obstacle
from designer.core.model.project import COLLECTIONS, Project, routes_between

#: The field that names an entity of each collection, most telling first.
_NAME_FIELDS = ("label", "name")


#: What a message calls each kind of obstacle: the words of its properties form.
OBSTACLE_KINDS = {"column": "column", "keepout": "keep-out zone", "wall": "wall"}


def display_name(project: Project, entity_id: str) -> str:
    """The label or name of ``entity_id`` in ``project``; else, for an obstacle, where it
    stands (``obstacle_name``); else the id itself."""
    for collection in COLLECTIONS.values():
        entity = getattr(project, collection).get(entity_id)
        if entity is not None:
            for field in _NAME_FIELDS:
                value = getattr(entity, field, "")
                if value:
                    return str(value)
            if isinstance(entity, Obstacle):
                return obstacle_name(entity)
            return entity_id
    return entity_id


def obstacle_name(obstacle: Obstacle, *, quoted: bool = False) -> str:
    """An obstacle as a sentence names it: its kind and label ("column C1", the label
    ``quoted`` where the message quotes names), else its kind and centre in metres as the
    status bar reads the cursor ("column centred at x 10 m, y 10.25 m"): the columns of an
    imported DXF floor have no label, and their ids ("obs-f2b67287") are shown nowhere a
    user could find them."""
    kind = OBSTACLE_KINDS[obstacle.kind]
    if obstacle.label:
        return f"{kind} {obstacle.label!r}" if quoted else f"{kind} {obstacle.label}"
    xs = [x for x, _ in obstacle.outline]
    ys = [y for _, y in obstacle.outline]
    x, y = ((min(v) + max(v)) / 2000 for v in (xs, ys))  # the middle of its extent, in m
    return f"{kind} centred at x {number(x, 2)} m, y {number(y, 2)} m"


def fibre_route_name(project: Project, route_id: str) -> str:
    """A fibre route by the sites it joins, ``North – South``; routes joining the same two
    sites on separate paths are ``North – South, path 1``, ``..., path 2`` and so on."""
    route = project.fibre_routes[route_id]
    same = routes_between(project, route.site_a, route.site_b)
    sites = project.sites
    # every path of a pair named from the ends of its first, whichever end it was laid from
    a, b = (sites[s].name if s in sites else s for s in (same[0].site_a, same[0].site_b))
    path = [r.id for r in same].index(route_id) + 1
    return f"{a} – {b}" + (f", path {path}" if len(same) > 1 else "")


def next_hall_name(project: Project, site_id: str | None) -> str:
    """The name a hall added to ``site_id`` is offered: the number after the site's last
    hall's, in that hall's pattern ("S1 Hall 9" after "S1 Hall 8"; a campus's halls are
    "S1 Hall n" and the offer read "Hall 25"), else "Hall n" counting the project's halls;
    in either case one no hall has."""
    taken = {hall.name for hall in project.halls.values()}
    in_site = [hall.name for hall in project.halls.values() if hall.site_id == site_id]
    found = re.fullmatch(r"(.*?)(\d+)", in_site[-1]) if in_site else None
    stem, number = (found[1], int(found[2]) + 1) if found else ("Hall ", len(taken) + 1)
    while f"{stem}{number}" in taken:
        number += 1
    return f"{stem}{number}"


def short_name(kind: RackType) -> str:
    """A rack type's name without its vendor and its parenthesis: "GB200 NVL72"."""
    name = kind.name.split(" (")[0]
    if kind.vendor and name.startswith(kind.vendor + " "):
        name = name[len(kind.vendor) + 1 :]
    return name


def member_label(system_label: str, role: str, number: int) -> str:
    """The label of the ``number``-th rack of ``role`` in a system labelled
    ``system_label``: "CM384-ub-switch-02". The catalog's role is an identifier
    (``ub_switch``); a label is read on the floor plan and in findings, where an underscore
    read as a code."""
    return f"{system_label}-{role.replace('_', '-')}-{number:02d}"


def file_stem(name: str, fallback: str = "project") -> str:
    """A file name from a project's (or hall's) name: letters, digits and dashes."""
    cleaned = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    while "--" in cleaned:
        cleaned = cleaned.replace("--", "-")
    return cleaned or fallback


#: What each way a rack or unit can face is called in a form.
FACINGS = ((0, "Up (0°)"), (90, "Right (90°)"), (180, "Down (180°)"), (270, "Left (270°)"))


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that reads numbers in names as numbers: compute-2 before compute-10."""
    return tuple(
        (0, int(part)) if part.isdecimal() else (1, part.lower())
        for part in re.split(r"(\d+)", name)
        if part
    )


class Named(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...


class NotFound(ValueError):
    """No one thing of the kind asked for has the name or id given; the message says which
    there are, or how to tell apart those that share the name."""


def find_named(
    things: Sequence[Named],
    wanted: str,
    kind: str,
    option: str,
    where: Callable[[Named], str] | None = None,
) -> str:
    """The id of the one of ``things`` (halls, sites) with the id or name ``wanted``: exactly,
    else in any case, after trimming what was typed around it. Never a guess: a name two
    share is refused with their ids (each with ``where`` it is), for ``option`` to take."""
    wanted = wanted.strip()
    for spelled in (lambda text: text, str.casefold):
        by_id = [t for t in things if spelled(t.id) == spelled(wanted)]
        if len(by_id) == 1:
            return by_id[0].id
        named = [t for t in things if spelled(t.name) == spelled(wanted)]
        if len(named) == 1:
            return named[0].id
        if named:
            ids = ", ".join(f"{t.id} ({where(t)})" if where else t.id for t in named)
            raise NotFound(
                f"{len(named)} {kind}s are named {named[0].name!r}; give the one you mean by "
                f"its id with {option}: {ids}."
            )
    there = f"the {kind}s are: {names_of(things)}" if things else f"the project has no {kind}s"
    raise NotFound(f"There is no {kind} named {wanted!r}; {there}.")


def names_of(things: Sequence[Named]) -> str:
    """The names of ``things``, each with its id where another has the same name."""
    return ", ".join(told_apart(things))


def told_apart(things: Sequence[Named]) -> list[str]:
    """Each of ``things``' names, with its id where another has the same name."""
    names = [t.name.casefold() for t in things]
    return [f"{t.name} ({t.id})" if names.count(t.name.casefold()) > 1 else t.name for t in things]
