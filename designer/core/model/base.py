"""Base classes and unit types shared by every entity of the project file.

Coordinates on the floor are integer millimetres so that a save/load round trip is exact.
Hall coordinates have their origin at the hall's corner, x to the right and y down the
page (the way Qt draws), so the canvas and the PDF need no flip.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

#: Largest coordinate or length we accept on a floor: 100 km in millimetres. Anything larger
#: is a unit mistake (metres typed as millimetres twice over), not a building.
MAX_FLOOR_MM = 100_000_000

Mm = Annotated[int, Field(ge=-MAX_FLOOR_MM, le=MAX_FLOOR_MM)]
"""A signed floor coordinate in integer millimetres."""


def as_pair(value: Any) -> Any:
    """A file writes a point as a JSON list; strict validation takes only tuples."""
    return tuple(value) if isinstance(value, list) else value


Point = Annotated[tuple[Mm, Mm], BeforeValidator(as_pair)]
"""A point on a hall's floor, ``(x, y)`` in millimetres from the hall's corner (a file
writes it ``[x, y]``; a file is read strictly, where only a tuple is one)."""

Rotation = Literal[0, 90, 180, 270]
"""Clockwise rotation on the page in degrees.

At 0 a rack's front faces up the page (-y); 90 turns it to face right (+x), 180 down (+y)
and 270 left (-x), matching Qt's clockwise ``rotate`` with y pointing down.
"""

Side = Literal["A", "B"]
"""The side of an A/B redundant power path."""

#: The most power (kW) a project holds in one figure: 10 GW, far beyond any campus.
MAX_KW = 10_000_000

Kw = Annotated[float, Field(ge=0, le=MAX_KW)]
"""A non-negative power in kilowatts (up to ``MAX_KW``)."""

Volts = Annotated[float, Field(ge=48, le=1_500)]
"""A feed's voltage: from the 48 V DC of an Open Rack busbar (reference links:S106, about
50 V) to 1,500 V DC, the top of low voltage. Anything under is a slip (0.001 V gave a feed
of 0 kW and a load of 37 million %)."""


class Entity(BaseModel):
    """An immutable record with a stable string id.

    Entities are frozen so that a change set is just a before/after pair and a project
    snapshot can be handed to a worker thread without copying.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    id: Annotated[str, Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9_.:\-]+$")]


class Record(BaseModel):
    """An immutable value object without an id (settings, endpoints, metadata)."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)


E = TypeVar("E", bound=BaseModel)


def evolve(entity: E, **changes: Any) -> E:
    """Return a copy of ``entity`` with ``changes`` applied and validated.

    ``model_copy(update=...)`` skips validation, so an edit could smuggle a negative width
    or an unknown rotation into the project; every change goes through here instead.
    """
    data = entity.model_dump()
    data.update(changes)
    return type(entity).model_validate(data)
