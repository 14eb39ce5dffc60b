"""Load and validate the equipment catalog from ``resources/catalog/*.json``.

The catalog is data: each file holds one list of types. Every number of every type must
name where it comes from (see ``designer.core.model.equipment``), and every source id it
cites must exist in ``sources.json``; a catalog that breaks either rule does not load.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from designer.core.catalog.paths import resources_dir
from designer.core.model.equipment import (
    CoolingType,
    FeedType,
    RackType,
    Sourced,
    StructureType,
    SwitchType,
    SystemTemplate,
    TrayType,
)

#: A citation of the shared reference (``systems:S11``, ``links:S46``, ``operations:O5``) or
#: a named external source listed in sources.json (``ext:nvidia-h100-datasheet``).
SOURCE_ID = re.compile(r"\b(?:systems|links):S\d+\b|\boperations:O\d+\b|\bext:[a-z0-9][a-z0-9-]*")
_MARKERS = ("estimate:", "user:")


class CatalogError(Exception):
    """The bundled catalog cannot be used; the message names the file and the problem."""


@dataclass(frozen=True)
class SourceRef:
    """One entry of the bibliography: what the source is and where to find it."""

    title: str
    url: str
    grade: str


@dataclass(frozen=True)
class Catalog:
    """Every equipment type rackplan knows, by id, and the sources they cite."""

    racks: Mapping[str, RackType]
    switches: Mapping[str, SwitchType]
    cooling: Mapping[str, CoolingType]
    feeds: Mapping[str, FeedType]
    structures: Mapping[str, StructureType]
    systems: Mapping[str, SystemTemplate]
    sources: Mapping[str, SourceRef]
    trays: Mapping[str, TrayType]

    def with_custom_racks(self, custom: Mapping[str, RackType]) -> Mapping[str, RackType]:
        """The rack types of this catalog plus a project's own, the project's first.

        One merged dict, not a ``ChainMap``: the checks look a rack's type up some 80,000
        times on the 100k campus, and a ``ChainMap`` lookup runs in Python (about 0.1 s
        of its check)."""
        if not custom:
            return self.racks
        return {**self.racks, **custom}

    def all_types(self) -> list[Sourced]:
        """Every type of every kind, for checks that look at all of them."""
        return [
            *self.racks.values(),
            *self.switches.values(),
            *self.cooling.values(),
            *self.feeds.values(),
            *self.structures.values(),
            *self.systems.values(),
            *self.trays.values(),
        ]


def source_problems(kind: Sourced, sources: Mapping[str, SourceRef]) -> list[str]:
    """Why the figures of ``kind`` are not traceable, one sentence each; empty when they are."""
    problems = [
        f"{kind.id}: the figure {path!r} has no source or estimate marker"
        for path in kind.missing_sources()
    ]
    for path, text in kind.sources.items():
        cited = SOURCE_ID.findall(text)
        if not text.startswith(_MARKERS) and not SOURCE_ID.match(text):
            problems.append(
                f"{kind.id}: the source of {path!r} must start with a source id "
                f"(systems:S.., links:S.., ext:..), 'estimate:' or 'user:', not {text!r}"
            )
        problems.extend(
            f"{kind.id}: the source of {path!r} cites {ref!r}, which sources.json does not list"
            for ref in cited
            if ref not in sources
        )
    return problems


M = TypeVar("M", bound=BaseModel)


def _read(folder: Path, name: str) -> Any:
    path = folder / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as err:
        raise CatalogError(f"The catalog file {path} is missing.") from err
    except json.JSONDecodeError as err:
        raise CatalogError(
            f"The catalog file {path} is not valid JSON: {err.msg} at line {err.lineno}, "
            f"column {err.colno}."
        ) from err


def _load_kind(folder: Path, name: str, key: str, model: type[M]) -> dict[str, M]:
    raw = _read(folder, name)
    items = raw.get(key) if isinstance(raw, dict) else None
    if not isinstance(items, list):
        raise CatalogError(f"The catalog file {folder / name} must hold a list under {key!r}.")
    loaded: dict[str, M] = {}
    for index, item in enumerate(items):
        try:
            kind = model.model_validate(item)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise CatalogError(
                f"The catalog file {folder / name}, entry {index} "
                f"({item.get('id', '?') if isinstance(item, dict) else '?'}), field {where}: "
                f"{first['msg']}."
            ) from err
        if kind.id in loaded:  # type: ignore[attr-defined]
            raise CatalogError(f"The catalog file {folder / name} lists {kind.id!r} twice.")  # type: ignore[attr-defined]
        loaded[kind.id] = kind  # type: ignore[attr-defined]
    return loaded


def load_catalog(folder: Path | None = None) -> Catalog:
    """Read and validate the catalog in ``folder`` (default: the bundled one)."""
    folder = folder or resources_dir() / "catalog"
    raw_sources = _read(folder, "sources.json").get("sources", {})
    sources = {key: SourceRef(**value) for key, value in raw_sources.items()}
    catalog = Catalog(
        racks=_load_kind(folder, "racks.json", "racks", RackType),
        switches=_load_kind(folder, "switches.json", "switches", SwitchType),
        cooling=_load_kind(folder, "cooling.json", "cooling", CoolingType),
        feeds=_load_kind(folder, "power.json", "feeds", FeedType),
        structures=_load_kind(folder, "structures.json", "structures", StructureType),
        systems=_load_kind(folder, "systems.json", "systems", SystemTemplate),
        sources=sources,
        trays=_load_kind(folder, "trays.json", "trays", TrayType),
    )
    problems = [p for kind in catalog.all_types() for p in source_problems(kind, sources)]
    problems += _reference_problems(catalog)
    if problems:
        raise CatalogError(
            "The catalog in " + str(folder) + " is inconsistent: " + "; ".join(problems)
        )
    return catalog


def _reference_problems(catalog: Catalog) -> list[str]:
    """Ids one catalog entry uses that no other entry defines."""
    problems = [
        f"{rack.id}: holds switch type {rack.switches.switch_id!r}, which is not in switches.json"
        for rack in catalog.racks.values()
        if rack.switches and rack.switches.switch_id not in catalog.switches
    ]
    problems += [
        f"{system.id}: member type {member.type_id!r} is not in racks.json"
        for system in catalog.systems.values()
        for member in system.members
        if member.type_id not in catalog.racks
    ]
    return problems


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The bundled catalog, loaded once per process."""
    return load_catalog()
