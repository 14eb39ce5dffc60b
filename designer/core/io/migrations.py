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


class MigrationError(ValueError):
    """A field an upgrade step reads is not what its schema wrote (a hand edit, a damaged
    file): ``loc`` is the field's path as the validator gives it, ``expected`` what that
    schema held there, ``found`` what the file holds."""

    def __init__(self, loc: list[str], expected: str, found: Any) -> None:
        super().__init__(f"{' -> '.join(loc)}: expected {expected}")
        self.loc = loc
        self.expected = expected
        self.found = found


#: Files of an older schema than this were read loosely (pydantic's lax mode: ``"600"`` as
#: 600, ``1200.0`` as 1200), and still are: a draft file that relied on it opens as it did
#: and is written strictly at its next save. From this schema on a value must be of its
#: field's kind: ``true`` is no length and ``"600"`` no number.
STRICT_FROM = 2


@migration(1)
def _v1_racks_became_placements(raw: Raw) -> Raw:
    """Schema 1, the pre-release draft format, called racks ``racks`` and stored each
    position as an ``[x, y]`` list and a single feed as ``feed_id``. Schema 2 names them
    placements with integer ``x`` and ``y`` and a list of ``feed_ids`` for A/B feeds.
    """
    racks = raw.get("racks", [])
    if not isinstance(racks, list):
        raise MigrationError(["racks"], "a list of racks, each an object with an id", racks)
    upgraded = {key: value for key, value in raw.items() if key != "racks"}
    placements = []
    for index, rack in enumerate(racks):
        if not isinstance(rack, dict):
            raise MigrationError(["racks", str(index)], "a rack (an object with an id)", rack)
        rack = dict(rack)
        where = ["racks", rack["id"] if isinstance(rack.get("id"), str) else str(index)]
        position = rack.pop("position", None)
        if isinstance(position, list) and len(position) == 2:
            rack["x"], rack["y"] = position
        elif position is not None:
            raise MigrationError([*where, "position"], "a position [x, y] in mm", position)
        feed = rack.pop("feed_id", None)
        if feed is not None and not isinstance(feed, str):
            raise MigrationError([*where, "feed_id"], "a feed's id (a string) or null", feed)
        if feed:
            rack["feed_ids"] = [feed]
        placements.append(rack)
    upgraded["placements"] = placements
    upgraded["schema_version"] = 2
    return upgraded


@migration(2)
def _v2_jobs(raw: Raw) -> Raw:
    """Schema 3 adds the training jobs that run on the cluster (``jobs``, a list); a file of
    schema 2 had none, so it gets none."""
    return {**raw, "schema_version": 3}


@migration(3)
def _v3_site_wue(raw: Raw) -> Raw:
    """Schema 4 gives each site an optional WUE (``wue_l_per_kwh``); a site of schema 3 had
    none, and its water stays unestimated until one is set."""
    return {**raw, "schema_version": 4}


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
