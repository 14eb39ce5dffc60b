"""The racks' fields that whole-project passes read, as columns read from the models once.

A campus holds thousands of placements. Read attribute by attribute, a pass over them costs
more in fetching the models from memory than in what it does with the values, so an export
reads them once: its integrity check, its halls' totals, its bill of materials and its floor
plans take the columns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, fields
from operator import attrgetter, itemgetter

from designer.core.model.placement import Placement
from designer.core.model.project import Project


@dataclass(frozen=True)
class RackColumns:
    """One tuple per field of ``Placement``, each in the project's placement order."""

    hall_id: tuple[str, ...]
    type_id: tuple[str, ...]
    group_id: tuple[str | None, ...]
    feed_ids: tuple[list[str], ...]
    cdu_id: tuple[str | None, ...]
    network_rack_id: tuple[str | None, ...]
    rear_door_kw: tuple[float | None, ...]
    id: tuple[str, ...]
    x: tuple[int, ...]
    y: tuple[int, ...]
    rotation: tuple[int, ...]
    label: tuple[str, ...]


FIELDS = tuple(f.name for f in fields(RackColumns))
#: A placement's fields are read from its ``__dict__``, where pydantic keeps them: looked up
#: there at once, without going through the class's attributes for each (a campus's
#: thousands of racks are read in 60 % of the time).
_DICT = attrgetter("__dict__")
_READ = itemgetter(*FIELDS)


def rack_columns(project: Project) -> RackColumns:
    """The ``RackColumns`` of ``project``, in one pass over its placements."""
    return columns_of(project.placements.values())


def columns_of(placements: Iterable[Placement]) -> RackColumns:
    """The ``RackColumns`` of ``placements``, in one pass over them."""
    columns = list(zip(*map(_READ, map(_DICT, placements)), strict=True))
    return RackColumns(*(columns or [()] * len(FIELDS)))


#: A rack as far as its loads go: type id, hall id, CDU id, rear door (kW), feed ids.
AlikeKey = tuple[str, str, str | None, float | None, tuple[str, ...]]


def alike_racks(racks: RackColumns) -> Counter[AlikeKey]:
    """How many of ``racks`` of each type stand in each hall on the same CDU, rear door and
    feeds, in the order each first appears.

    Racks alike in these load everything alike and are counted alike, and a campus has few
    such kinds (a CM384's racks share their feeds and CDUs): its loads, halls' totals and
    bill weigh each kind once, not each rack.
    """
    return Counter(
        zip(
            racks.type_id,
            racks.hall_id,
            racks.cdu_id,
            racks.rear_door_kw,
            map(tuple, racks.feed_ids),
            strict=True,
        )
    )
