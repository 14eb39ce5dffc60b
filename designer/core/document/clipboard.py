"""Copy and paste: items of one hall as a fragment that travels as JSON through the system
clipboard, and the verb that pastes copies of it into a hall in one undo step.

Copies get new ids and free names (``free_name``: "NVL72-08" pasted beside itself becomes
"NVL72-09"); references among the copied items follow the copies.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from designer.core.document.document import Document, TransactionError
from designer.core.document.layout import shifted, with_groups
from designer.core.model.base import Entity, evolve
from designer.core.model.hall import CoolingUnit
from designer.core.model.placement import Placement
from designer.core.model.project import COLLECTIONS, Project

#: What can be copied, by collection, with the prefix of the ids its copies get.
_COPYABLE = {
    "groups": "sys",
    "placements": "rk",
    "cooling_units": "cool",
    "obstacles": "obs",
    "trays": "tray",
    "feeds": "feed",
}
_FRAGMENT_MARK = "rackplan_fragment"
#: The class of the items of each collection that can be copied.
_CLASSES: dict[str, type[Entity]] = {
    name: cls for cls, name in COLLECTIONS.items() if name in _COPYABLE and issubclass(cls, Entity)
}
_TRAILING_NUMBER = re.compile(r"^(.*?)(\d+)$")


@dataclass(frozen=True)
class Fragment:
    """Items copied out of one hall, with the references among them intact.

    It travels through the system clipboard as JSON, so it can be pasted into another
    window or after the copied items were deleted.
    """

    hall_id: str
    items: tuple[tuple[str, Entity], ...]

    @property
    def ids(self) -> list[str]:
        return [entity.id for _, entity in self.items]

    def to_json(self) -> str:
        return json.dumps(
            {
                _FRAGMENT_MARK: 1,
                "hall_id": self.hall_id,
                "items": [
                    {"collection": name, "entity": entity.model_dump(mode="json")}
                    for name, entity in self.items
                ],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Fragment:
        """Read a fragment; a clipboard holding anything else raises ``TransactionError``."""
        try:
            raw = json.loads(text)
            if raw.get(_FRAGMENT_MARK) != 1:
                raise ValueError("not a fragment")
            items = tuple(
                (item["collection"], _CLASSES[item["collection"]].model_validate(item["entity"]))
                for item in raw["items"]
                if item["collection"] in _COPYABLE
            )
            return cls(str(raw["hall_id"]), items)
        except (ValueError, KeyError, TypeError, AttributeError, ValidationError) as err:
            raise TransactionError("the clipboard holds no rackplan items to paste") from err


def copy_fragment(project: Project, ids: Iterable[str]) -> Fragment:
    """The items named by ``ids`` (whole systems for any of their racks), ready to paste."""
    wanted = with_groups(project, ids)
    group_ids = list(
        dict.fromkeys(
            group_id
            for i in wanted
            if i in project.placements and (group_id := project.placements[i].group_id)
        )
    )
    items: list[tuple[str, Entity]] = [("groups", project.groups[g]) for g in group_ids]
    hall_id = ""
    for entity_id in wanted:
        for name in _COPYABLE:
            entity = getattr(project, name).get(entity_id)
            if entity is not None:
                items.append((name, entity))
                hall_id = hall_id or getattr(entity, "hall_id", "")
    return Fragment(hall_id, tuple(items))


def free_name(taken: Iterable[str], wanted: str) -> str:
    """``wanted`` if no one uses it, else the next free name counting up its last number.

    "NVL72-08" becomes "NVL72-09" (keeping the digits' width); a name without a number
    gets "-2", "-3", ... An empty name stays empty.
    """
    used = set(taken)
    if not wanted or wanted not in used:
        return wanted
    found = _TRAILING_NUMBER.match(wanted)
    stem, digits = (found.group(1), found.group(2)) if found else (f"{wanted}-", "1")
    number = int(digits) + 1
    while f"{stem}{number:0{len(digits)}d}" in used:
        number += 1
    return f"{stem}{number:0{len(digits)}d}"


def _names(project: Project, name: str) -> set[str]:
    field_name = "label" if name in ("placements", "groups", "obstacles") else "name"
    return {getattr(e, field_name) for e in getattr(project, name).values()}


def paste(doc: Document, fragment: Fragment, hall_id: str, dx: int, dy: int) -> list[str]:
    """Add copies of a fragment's items to ``hall_id``, shifted by ``(dx, dy)``; one undo step.

    Copies get new ids and free labels; references among the copied items follow the
    copies; references to feeds, CDUs or network racks outside the fragment are kept when
    those stand in the target hall, and dropped otherwise. Returns the new ids.
    """
    if hall_id not in doc.project.halls:
        raise TransactionError(f"there is no hall {hall_id!r} to paste into")
    if not fragment.items:
        return []
    project = doc.project
    taken: list[str] = []
    new_ids = {e.id: doc.new_id(_COPYABLE[n], taken) for n, e in fragment.items}
    names = {name: _names(project, name) for name in _COPYABLE}

    def in_hall(entity_id: str | None, collection: str) -> str | None:
        if entity_id is None:
            return None
        if entity_id in new_ids:
            return new_ids[entity_id]
        target = getattr(project, collection).get(entity_id)
        return entity_id if target is not None and target.hall_id == hall_id else None

    count = sum(1 for name, _ in fragment.items if name != "groups")
    with doc.transaction(f"Paste {count} item{'s' if count != 1 else ''}") as tx:
        for name, entity in fragment.items:
            changes: dict[str, Any] = {"id": new_ids[entity.id]}
            label_field = "label" if name in ("placements", "groups", "obstacles") else "name"
            label = free_name(names[name], getattr(entity, label_field))
            names[name].add(label)
            changes[label_field] = label
            if name != "groups":
                changes["hall_id"] = hall_id
            if isinstance(entity, Placement):
                changes["group_id"] = new_ids.get(entity.group_id) if entity.group_id else None
                changes["feed_ids"] = [
                    f for f in (in_hall(f, "feeds") for f in entity.feed_ids) if f
                ]
                changes["cdu_id"] = in_hall(entity.cdu_id, "cooling_units")
                changes["network_rack_id"] = in_hall(entity.network_rack_id, "placements")
            elif isinstance(entity, CoolingUnit):
                changes["group_id"] = in_hall(entity.group_id, "cooling_groups")
            copy = evolve(entity, **changes)
            tx.put(copy if name == "groups" else shifted(copy, dx, dy))
    return [new_ids[e.id] for n, e in fragment.items if n != "groups"]
