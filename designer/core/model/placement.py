"""Racks on the floor and the multi-rack systems they belong to."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from designer.core.model.base import Entity, Kw, Mm, Rotation


class Placement(Entity):
    """A rack of a catalog type standing in a hall.

    ``x`` and ``y`` are the corner of the rack's footprint nearest the hall's origin, after
    rotation, so a rack snapped to the tile grid covers whole tiles and every coordinate
    stays an integer. ``rotation`` says which way the front faces (see ``Rotation``).
    ``group_id`` ties the racks of one CloudMatrix384 together; ``feed_ids`` are the power
    feeds the rack draws from (one per side for A/B); ``cdu_id`` is the CDU carrying its
    liquid heat; ``rear_door_kw`` is the capacity of a rear-door heat exchanger, if fitted;
    ``network_rack_id`` names the network rack that holds this rack's leaf switches when
    the architect chooses one.
    """

    hall_id: str
    type_id: Annotated[str, Field(min_length=1, max_length=120)]
    x: Mm
    y: Mm
    rotation: Rotation = 0
    label: Annotated[str, Field(max_length=200)] = ""
    group_id: str | None = None
    feed_ids: Annotated[list[str], Field(max_length=8)] = Field(default_factory=list)
    cdu_id: str | None = None
    rear_door_kw: Kw | None = None
    network_rack_id: str | None = None


class Group(Entity):
    """A multi-rack system (a CloudMatrix384) made of placements that share this id."""

    system_id: str
    label: Annotated[str, Field(max_length=200)] = ""
