"""Upgrade project files written by older versions, one schema step at a time.

Each step is a pure function from the raw dict of version ``n`` to that of ``n + 1``,
registered with ``@migration(n)``. The chain is checked when this module loads: no gaps,
and it ends at the schema this version writes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from designer.core.model.project import SCHEMA_VERSION

Raw = dict[str, Any]
_STEPS: dict[int, Callable[[Raw], Raw]] = {}


def migration(from_version: int) -> Callable[[Callable[[Raw], Raw]], Callable[[Raw], Raw]]:
    """Register a step that upgrades a file of ``from_version`` to ``from_version + 1``."""

    def register(step: Callable[[Raw], Raw]) -> Callable[[Raw], Raw]:
        if from_version in _STEPS:
            raise RuntimeError(f"two migrations from schema version {from_version}")
        _STEPS[from_version] = step
        return step

    return register


@migration(1)
def _v1_racks_became_placements(raw: Raw) -> Raw:
    """Schema 1, the pre-release draft format, called racks ``racks`` and stored each
    position as an ``[x, y]`` list and a single feed as ``feed_id``. Schema 2 names them
    placements with integer ``x`` and ``y`` and a list of ``feed_ids`` for A/B feeds.
    """
    upgraded = {key: value for key, value in raw.items() if key != "racks"}
    placements = []
    for rack in raw.get("racks", []):
        rack = dict(rack)
        position = rack.pop("position", None)
        if isinstance(position, list) and len(position) == 2:
            rack["x"], rack["y"] = position
        feed = rack.pop("feed_id", None)
        if feed:
            rack["feed_ids"] = [feed]
        placements.append(rack)
    upgraded["placements"] = placements
    upgraded["schema_version"] = 2
    return upgraded


def upgrade(raw: Raw, found: int) -> Raw:
    """``raw`` migrated from schema ``found`` to the current schema."""
    for version in range(found, SCHEMA_VERSION):
        raw = _STEPS[version](raw)
    return raw


def _check_chain() -> None:
    missing = [v for v in range(1, SCHEMA_VERSION) if v not in _STEPS]
    if missing or any(v >= SCHEMA_VERSION for v in _STEPS):
        raise RuntimeError(f"the migration chain to schema {SCHEMA_VERSION} is broken: {missing}")


_check_chain()
