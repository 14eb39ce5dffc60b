"""What to call an entity when a person reads about it: its label or name, else its id."""

from __future__ import annotations

import re

from designer.core.model.project import COLLECTIONS, Project

#: The field that names an entity of each collection, most telling first.
_NAME_FIELDS = ("label", "name")


def display_name(project: Project, entity_id: str) -> str:
    """The label or name of ``entity_id`` in ``project``, or the id itself."""
    for collection in COLLECTIONS.values():
        entity = getattr(project, collection).get(entity_id)
        if entity is not None:
            for field in _NAME_FIELDS:
                value = getattr(entity, field, "")
                if value:
                    return str(value)
            return entity_id
    return entity_id


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that reads numbers in names as numbers: compute-2 before compute-10."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part.lower())
        for part in re.split(r"(\d+)", name)
        if part
    )
