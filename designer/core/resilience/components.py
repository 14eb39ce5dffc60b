"""What can fail: every component of a design a what-if may take down, and how a person
names one.

A component is an entity of the project (a busway or PDU, a CDU, CRAH or in-row cooler, a
rack, a cable tray, a fibre route, a hall, a site) or one side of a hall's A/B power (every feed of that
side in that hall, as when its switchboard is maintained). A side has no entity of its own,
so its id is made here: ``<hall id>/<side>``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from designer.core.model.project import Project
from designer.core.naming import fibre_route_name

#: The collections whose entities can fail, and the kind each gives a component.
_KINDS = (
    ("feeds", "feed"),
    ("cooling_units", "cooling"),
    ("placements", "rack"),
    ("trays", "tray"),
    ("fibre_routes", "fibre_route"),
    ("halls", "hall"),
    ("sites", "site"),
)


@dataclass(frozen=True)
class Component:
    """One thing that can fail: its id, its kind and the name a person knows it by."""

    id: str
    kind: str
    name: str


def side_id(hall_id: str, side: str) -> str:
    """The id of one power side of a hall."""
    return f"{hall_id}/{side}"


def sides(project: Project) -> dict[str, list[str]]:
    """Each hall's power side (by ``side_id``) and the feeds on it; none of a hall that is
    not in the project (a file whose hall is gone: its sides named no component, and the
    sweep ended in an internal error)."""
    found: dict[str, list[str]] = {}
    for feed in project.feeds.values():
        if feed.side and feed.hall_id in project.halls:
            found.setdefault(side_id(feed.hall_id, feed.side), []).append(feed.id)
    return found


def name_of(project: Project, component_id: str) -> str:
    """How a message names a component: a label or name, ``hall side A``, else the id."""
    for collection, _ in _KINDS:
        entity = getattr(project, collection).get(component_id)
        if entity is not None:
            return _named(project, collection, component_id, entity)
    hall_id, _, side = component_id.rpartition("/")
    hall = project.halls.get(hall_id)
    if hall is not None and side:
        return f"{hall.name} side {side}"
    return component_id


def _named(project: Project, collection: str, entity_id: str, entity: object) -> str:
    """``name_of`` an entity of ``collection``, found already."""
    if collection == "fibre_routes":
        return f"fibre route {fibre_route_name(project, entity_id)}"
    return getattr(entity, "label", "") or getattr(entity, "name", "") or entity_id


def kind_of(project: Project, component_id: str) -> str | None:
    """The kind of component ``component_id`` names, or None when it names none."""
    for collection, kind in _KINDS:
        if component_id in getattr(project, collection):
            return kind
    hall_id, _, side = component_id.rpartition("/")
    if hall_id in project.halls and any(
        f.hall_id == hall_id and f.side == side for f in project.feeds.values()
    ):
        return "side"
    return None


class UnknownComponents(ValueError):
    """Names that match no component, or more than one; the message lists each."""


def resolve(project: Project, names: Iterable[str]) -> list[str]:
    """The component ids ``names`` give, each an id or a label or name (matched without
    regard to case), also as a sweep names it, with its hall after it (``Cross tray (S1
    Hall 3)``), and a power side as ``HALL/A`` by the hall's name as well as its id; raises
    ``UnknownComponents`` naming every one that matches none, or several."""
    by_name = _by_name(project)
    found: list[str] = []
    unknown: list[str] = []
    ambiguous: list[str] = []
    for name in names:
        if kind_of(project, name) is not None:
            found.append(name)
            continue
        matches = by_name.get(name.casefold(), set())
        if len(matches) == 1:
            found.append(next(iter(matches)))
        elif matches:
            ambiguous.append(
                f"{name!r} names {len(matches)} components: {_apart(project, matches)}"
            )
        else:
            unknown.append(repr(name))
    problems = []
    if unknown:
        problems.append(f"no component is called {', '.join(unknown)}")
        problems[-1] += (
            " (give an id or label of a feed, cooling unit, rack, tray, fibre route, hall or site, or HALL/A for a power side)"
        )
    if ambiguous:
        problems.append(f"{'; '.join(ambiguous)}: give one of these names")
    if problems:
        raise UnknownComponents("; ".join(problems))
    return list(dict.fromkeys(found))


def _apart(project: Project, ids: Iterable[str]) -> str:
    """The components ``ids`` by the names the sweep gives them (a name with its hall),
    which ``resolve`` takes back; by their ids where even those are alike (one label twice
    in a hall). A trial's "CDU-1.1t" named six ids and no hall."""
    ids = sorted(ids)
    name = namer(project)
    names = [name(i) for i in ids]
    return ", ".join(names if len(set(names)) == len(names) else ids)


def split_names(project: Project, text: str) -> list[str]:
    """The names in ``text``, a list with commas between them, as ``resolve`` takes them:
    a name that holds a comma itself (a fibre route's "North – South, path 1", as the sweep
    prints it) is kept whole where its pieces make it; else each piece is one."""
    pieces = [piece.strip() for piece in text.split(",")]
    known = _by_name(project)
    names: list[str] = []
    start = 0
    while start < len(pieces):
        end = next(
            (
                end
                for end in range(len(pieces), start + 1, -1)
                if ", ".join(pieces[start:end]).casefold() in known
            ),
            start + 1,
        )
        names.append(", ".join(pieces[start:end]))
        start = end
    return [name for name in names if name]


def _by_name(project: Project) -> dict[str, set[str]]:
    """Every name ``resolve`` takes, folded for case, with the ids it names."""
    by_name: dict[str, set[str]] = {}
    halls = project.halls
    for collection, _ in _KINDS:
        for entity_id, entity in getattr(project, collection).items():
            name = name_of(project, entity_id)
            by_name.setdefault(name.casefold(), set()).add(entity_id)
            hall = halls.get(getattr(entity, "hall_id", None) or "")
            if hall is not None:
                by_name.setdefault(f"{name} ({hall.name})".casefold(), set()).add(entity_id)
    for side in sides(project):
        by_name.setdefault(name_of(project, side).casefold(), set()).add(side)
        hall_id, _, letter = side.rpartition("/")
        if (hall := halls.get(hall_id)) is not None:  # a feed may name a hall that is gone
            by_name.setdefault(f"{hall.name}/{letter}".casefold(), set()).add(side)
    return by_name


def sweep_components(project: Project, network_racks: Iterable[str]) -> list[Component]:
    """What an N-1 sweep fails one at a time: every feed, power side, cooling unit, network
    rack, tray, fibre route, hall and site. A compute rack is left out: it takes only itself
    down; so is the only site, and the only hall, whose loss is the whole design's (a
    one-site ranking led with "Site 1, 100 %" and explained that)."""
    ids = [
        *project.feeds,
        *sides(project),
        *project.cooling_units,
        *network_racks,
        *project.trays,
        *project.fibre_routes,
        *(project.halls if len(project.halls) > 1 else ()),
        *(project.sites if len(project.sites) > 1 else ()),
    ]
    name = namer(project)
    return [Component(i, kind_of(project, i) or "", name(i)) for i in ids]


def namer(project: Project) -> Callable[[str], str]:
    """What names each component of ``project`` in a ranking, a what-if and its JSON:
    ``name_of`` it, with its hall's name after it where a component of any kind ``resolve``
    knows has that name too, so that ``resolve`` takes every name back. A generated campus
    has a "Cross tray" in each of its 24 halls: a ranking of seven rows all reading "Cross
    tray" says nothing of where to look. The names are counted once, for every call."""
    names = {
        entity_id: _named(project, collection, entity_id, entity)
        for collection, _ in _KINDS
        for entity_id, entity in getattr(project, collection).items()
    }
    names.update((side, name_of(project, side)) for side in sides(project))
    repeated = {name for name, n in Counter(names.values()).items() if n > 1}

    def name(component_id: str) -> str:
        found = names.get(component_id)
        return _told_apart(
            project, component_id, found if found is not None else component_id, repeated
        )

    return name


def _told_apart(project: Project, component_id: str, name: str, repeated: set[str]) -> str:
    """``name``, with the component's hall's name after it when it is ``repeated``."""
    if name not in repeated:
        return name
    hall_id = next(
        (
            getattr(found, "hall_id", None)
            for collection in ("feeds", "cooling_units", "placements", "trays")
            if (found := getattr(project, collection).get(component_id)) is not None
        ),
        None,
    )
    hall = project.halls.get(hall_id) if hall_id else None
    return f"{name} ({hall.name})" if hall is not None else name
