"""The checker's default thresholds, read from ``resources/catalog/rules.json``.

Each default is a ``{"value": ..., "source": ...}`` pair. The source cites the shared
reference (``links:S115 (links B19)``) or says ``ours: <why>`` when the number is our own
choice; a default without one, of the wrong kind or out of range does not load, and the
message names the field. A project overrides any of them in
``project.settings.rules.thresholds``; ``resolve`` merges the two.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from designer.core.catalog import CatalogError, default_catalog, resources_dir
from designer.core.catalog.loader import SOURCE_ID, SourceRef
from designer.core.model.rule_settings import Limits, Thresholds

OURS = "ours:"


@dataclass(frozen=True)
class Defaults:
    """Every threshold filled in, and where each value comes from."""

    values: Limits
    sources: dict[str, str]


def load_defaults(path: Path, sources: dict[str, SourceRef]) -> Defaults:
    """Read and validate the defaults at ``path``; ``sources`` is the catalog's bibliography."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))["thresholds"]
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise CatalogError(
            f"The rule thresholds in {path} cannot be read: expected a JSON object with a "
            f'"thresholds" object ({err}).'
        ) from err
    values: dict[str, object] = {}
    cited: dict[str, str] = {}
    for name in Thresholds.model_fields:
        entry = raw.get(name)
        if not isinstance(entry, dict) or "value" not in entry:
            raise CatalogError(f'The rule threshold {name} in {path} needs a "value".')
        source = str(entry.get("source", "")).strip()
        refs = SOURCE_ID.findall(source)
        if not (source.startswith(OURS) or SOURCE_ID.match(source)):
            raise CatalogError(
                f"The rule threshold {name} in {path} must cite its source (links:S.., "
                f"systems:S..) or say 'ours: <why>', not {source!r}."
            )
        unknown = [ref for ref in refs if ref not in sources]
        if unknown:
            raise CatalogError(
                f"The rule threshold {name} in {path} cites {unknown[0]!r}, which "
                "sources.json does not list."
            )
        values[name] = entry["value"]
        cited[name] = source
    extra = sorted(set(raw) - set(Thresholds.model_fields))
    if extra:
        raise CatalogError(f"{path} holds the unknown rule threshold {extra[0]}.")
    try:
        thresholds = Limits.model_validate(values)
    except ValidationError as err:
        first = err.errors(include_url=False)[0]
        field = ".".join(str(p) for p in first["loc"])
        raise CatalogError(
            f"The rule threshold {field} in {path} is wrong: {first['msg']}."
        ) from err
    return Defaults(thresholds, cited)


@lru_cache(maxsize=1)
def default_thresholds() -> Defaults:
    """The bundled defaults, loaded once per process."""
    return load_defaults(
        resources_dir() / "catalog" / "rules.json", dict(default_catalog().sources)
    )


def resolve(defaults: Limits, overrides: Thresholds) -> Limits:
    """The defaults with every threshold the project sets put in their place."""
    changed = {k: v for k, v in overrides if v is not None}
    return defaults.model_copy(update=changed) if changed else defaults
