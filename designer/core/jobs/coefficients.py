"""The figures the job estimates use, read from ``resources/catalog/jobs.json``.

Every figure is a ``{"value": ..., "source": ...}`` pair whose source cites the shared
reference (``operations:O5``, ``links:S46``, ``systems:S23``) or says ``estimate: <how>``;
a figure without one, or citing a source ``sources.json`` does not list, does not load.
``scale_up`` gives, per rack type, the scale-up bandwidth of one accelerator in GB/s each
way and, for racks of 8-GPU servers, the size of a server's NVLink domain.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from designer.core.catalog import CatalogError, SourceRef, default_catalog, resources_dir
from designer.core.catalog.loader import SOURCE_ID

_MARKER = "estimate:"


@dataclass(frozen=True)
class ScaleUpFigure:
    """One rack type's scale-up: GB/s per accelerator each way, and its server's domain
    size when the rack holds several servers (``None``: the catalog's scale-up domain)."""

    gbytes_per_s: float
    domain: int | None
    source: str


@dataclass(frozen=True)
class Coefficients:
    """Every figure of ``jobs.json``, and where each comes from (``sources`` by name)."""

    flops_per_param_token: float
    utilisation: float
    weight_bytes: float
    gradient_bytes: float
    optimizer_bytes: float
    tp_bytes_factor: float
    ep_all_to_alls: float
    ring_factor: float
    zero3_factor: float
    fibre_us_per_km: float
    element_bytes: Mapping[str, float]
    scale_up: Mapping[str, ScaleUpFigure]
    sources: Mapping[str, str]


#: The named coefficients the file must give, each a positive number.
NAMES = tuple(f.name for f in fields(Coefficients) if f.type == "float")


def checked_source(path: Path, name: str, entry: Any, sources: Mapping[str, SourceRef]) -> str:
    """The source of one figure, checked: it cites a listed source or says estimate (the
    failure rates of ``designer.core.resilience.rates`` are checked the same way)."""
    source = str(entry.get("source", "")).strip() if isinstance(entry, dict) else ""
    if not (source.startswith(_MARKER) or SOURCE_ID.match(source)):
        raise CatalogError(
            f"The figure {name} in {path} must cite its source (operations:O.., links:S.., "
            f"systems:S..) or say 'estimate: <how>', not {source!r}."
        )
    unknown = [ref for ref in SOURCE_ID.findall(source) if ref not in sources]
    if unknown:
        raise CatalogError(
            f"The figure {name} in {path} cites {unknown[0]!r}, which sources.json does not list."
        )
    return source


def checked_number(path: Path, name: str, value: Any) -> float:
    """One figure, checked: a positive number."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise CatalogError(f"The figure {name} in {path} must be a positive number.")
    return float(value)


def load_coefficients(path: Path, sources: Mapping[str, SourceRef]) -> Coefficients:
    """Read and check ``path``; ``sources`` is the catalog's bibliography."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        coefficients, widths, scale_up = (
            raw["coefficients"],
            raw["element_bytes"],
            raw["scale_up"],
        )
        if not all(isinstance(part, dict) for part in (coefficients, widths, scale_up)):
            raise TypeError("a section is not an object")
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise CatalogError(
            f"The job figures in {path} cannot be read: expected a JSON object with "
            f'"coefficients", "element_bytes" and "scale_up" objects ({err}).'
        ) from err
    cited: dict[str, str] = {}
    values: dict[str, float] = {}
    for name in NAMES:
        entry = coefficients.get(name)
        cited[name] = checked_source(path, name, entry, sources)
        values[name] = checked_number(path, name, entry.get("value"))
    extra = sorted(set(coefficients) - set(NAMES))
    if extra:
        raise CatalogError(f"{path} holds the unknown job figure {extra[0]}.")
    element_bytes: dict[str, float] = {}
    for precision, entry in widths.items():
        cited[f"element_bytes.{precision}"] = checked_source(path, precision, entry, sources)
        element_bytes[precision] = checked_number(path, precision, entry.get("value"))
    figures: dict[str, ScaleUpFigure] = {}
    for type_id, entry in scale_up.items():
        source = checked_source(path, f"scale_up.{type_id}", entry, sources)
        domain = entry.get("domain")
        figures[type_id] = ScaleUpFigure(
            checked_number(path, f"scale_up.{type_id}.gbytes_per_s", entry.get("gbytes_per_s")),
            None
            if domain is None
            else int(checked_number(path, f"scale_up.{type_id}.domain", domain)),
            source,
        )
        cited[f"scale_up.{type_id}"] = source
    return Coefficients(**values, element_bytes=element_bytes, scale_up=figures, sources=cited)


@lru_cache(maxsize=1)
def default_coefficients() -> Coefficients:
    """The bundled figures, loaded once per process."""
    return load_coefficients(
        resources_dir() / "catalog" / "jobs.json", dict(default_catalog().sources)
    )
