"""The project: the root of the file format and of every change.

Every collection is a dict keyed by entity id (insertion-ordered) and is written to the
file as a list in that order, so the file reads naturally and diffs stay stable.
References between entities are ids, never nested objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeVar

from pydantic import BeforeValidator, Field, PlainSerializer

from designer.core.model.base import Entity, Record
from designer.core.model.equipment import RackType
from designer.core.model.hall import CableTray, CoolingGroup, CoolingUnit, Hall, Obstacle, PowerFeed
from designer.core.model.job import Job
from designer.core.model.link import Bundle
from designer.core.model.network_settings import NetworkSettings
from designer.core.model.placement import Group, Placement
from designer.core.model.rule_settings import RuleSettings
from designer.core.model.site import FibreRoute, Site

#: The schema this version of rackplan writes. Older files are migrated on load
#: (``designer.core.io.migrations``); newer ones are refused with a clear message.
SCHEMA_VERSION: Final = 4

FORMAT: Final = "rackplan-project"

T = TypeVar("T")


def _list_to_dict(value: Any) -> Any:
    """Accept a collection as the file writes it: a list of records, each with an id."""
    if isinstance(value, dict):  # as the program holds it: keyed by each item's id
        for key, item in value.items():
            if isinstance(item, dict) and item.get("id") != key:
                # a file's object of items keyed otherwise (a trial's "halls": {"a": {"id":
                # "hall-001"}} was taken, and its racks' hall then "not among the halls")
                raise ValueError(
                    f"it should be a list of items, each with an id (an object's key {key!r} "
                    f"is not its item's id {item.get('id')!r})"
                )
        return value
    if not isinstance(value, list):  # a file's null or number: say what it should be
        raise ValueError("it should be a list of items, each with an id")
    keyed: dict[str, Any] = {}
    for index, item in enumerate(value):
        key = item.get("id") if isinstance(item, dict) else getattr(item, "id", None)
        if not isinstance(key, str):
            raise ValueError(f"item {index} has no string 'id'")
        if key in keyed:
            raise ValueError(
                f"the id {key!r} appears twice (items {list(keyed).index(key)} and {index})"
            )
        keyed[key] = item
    return keyed


def _dict_to_list(value: dict[str, Any]) -> list[Any]:
    return list(value.values())


if TYPE_CHECKING:
    #: What a type checker sees of a collection: the dict the program holds.
    Collection = dict[str, T]
else:

    class Collection:
        """A dict of entities keyed by id, stored in the file as a list: ``Collection[Site]``.

        Each field gives its empty default itself, where the pydantic plugin of mypy sees it.
        """

        def __class_getitem__(cls, item: type[T]) -> Any:
            return Annotated[
                dict[str, item],
                BeforeValidator(_list_to_dict),
                PlainSerializer(_dict_to_list, return_type=list[item]),
            ]


class ProjectMeta(Record):
    """What the title block of every drawing shows."""

    name: Annotated[str, Field(min_length=1, max_length=200)]
    description: str = ""
    revision: Annotated[str, Field(max_length=40)] = "A"
    author: Annotated[str, Field(max_length=200)] = ""
    date: Annotated[str, Field(max_length=40)] = ""


class ProjectSettings(Record):
    """Project-wide settings of the checker and the network planner."""

    rules: RuleSettings = Field(default_factory=RuleSettings)
    network: NetworkSettings = Field(default_factory=NetworkSettings)


class Project(Record):
    """A rackplan project: sites, halls and everything placed in them."""

    schema_version: Literal[4] = SCHEMA_VERSION
    format: Literal["rackplan-project"] = FORMAT
    meta: ProjectMeta
    settings: ProjectSettings = Field(default_factory=ProjectSettings)
    custom_types: Collection[RackType] = Field(default_factory=dict)
    sites: Collection[Site] = Field(default_factory=dict)
    fibre_routes: Collection[FibreRoute] = Field(default_factory=dict)
    halls: Collection[Hall] = Field(default_factory=dict)
    obstacles: Collection[Obstacle] = Field(default_factory=dict)
    trays: Collection[CableTray] = Field(default_factory=dict)
    feeds: Collection[PowerFeed] = Field(default_factory=dict)
    cooling_groups: Collection[CoolingGroup] = Field(default_factory=dict)
    cooling_units: Collection[CoolingUnit] = Field(default_factory=dict)
    groups: Collection[Group] = Field(default_factory=dict)
    placements: Collection[Placement] = Field(default_factory=dict)
    bundles: Collection[Bundle] = Field(default_factory=dict)
    jobs: Collection[Job] = Field(default_factory=dict)


#: The entity collections of a project in file order, by the class they hold.
COLLECTIONS: dict[type[Entity] | type[RackType], str] = {
    RackType: "custom_types",
    Site: "sites",
    FibreRoute: "fibre_routes",
    Hall: "halls",
    Obstacle: "obstacles",
    CableTray: "trays",
    PowerFeed: "feeds",
    CoolingGroup: "cooling_groups",
    CoolingUnit: "cooling_units",
    Group: "groups",
    Placement: "placements",
    Bundle: "bundles",
    Job: "jobs",
}


def routes_between(project: Project, site_a: str, site_b: str) -> list[FibreRoute]:
    """The fibre routes joining two sites, whichever end each was given as, in the order
    they were laid: the first path, then a second on another path (so that one cut does not
    split them), and so on."""
    pair = {site_a, site_b}
    return [r for r in project.fibre_routes.values() if {r.site_a, r.site_b} == pair]
