"""Failure rates with their sources, read from ``resources/catalog/failures.json``.

Each rate is per hour of one thing (an accelerator, a host, a scale-out link, a switch) and
cites the shared reference (``operations:O3``, ``operations:O6``) with the arithmetic that
turns the study's counts into it, or says ``estimate: <how>``; the checks the job figures
pass (``designer.core.jobs.coefficients``) are the same, so a rate without a source does not
load. ``accelerators_per_host`` turns a rack type's accelerators into hosts.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from designer.core.catalog import CatalogError, SourceRef, default_catalog, resources_dir
from designer.core.jobs.coefficients import checked_number, checked_source

#: The things a rate is given per hour of.
CLASSES = ("accelerator", "host", "software", "link", "switch")


@dataclass(frozen=True)
class FailureRates:
    """Failures per hour of each class, accelerators per host by rack type, and sources."""

    per_hour: Mapping[str, float]
    accelerators_per_host: Mapping[str, float]
    sources: Mapping[str, str]

    def per_host(self, type_id: str) -> float:
        """Accelerators in one host of a rack type (the default where it is not listed)."""
        return self.accelerators_per_host.get(type_id, self.accelerators_per_host["default"])


def load_rates(path: Path, sources: Mapping[str, SourceRef]) -> FailureRates:
    """Read and check ``path``; ``sources`` is the catalog's bibliography."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        rates, hosts = raw["rates_per_hour"], raw["accelerators_per_host"]
        if not isinstance(rates, dict) or not isinstance(hosts, dict) or "default" not in hosts:
            raise TypeError("a section is not an object, or has no default host size")
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise CatalogError(
            f"The failure rates in {path} cannot be read: expected a JSON object with "
            f'"rates_per_hour" and "accelerators_per_host" (with a "default") ({err}).'
        ) from err
    cited: dict[str, str] = {}
    per_hour: dict[str, float] = {}
    for name in CLASSES:
        entry = rates.get(name, {})  # a missing rate is refused for its missing source
        cited[name] = checked_source(path, name, entry, sources)
        per_hour[name] = checked_number(path, name, entry.get("value"))
    extra = sorted(set(rates) - set(CLASSES))
    if extra:
        raise CatalogError(f"{path} holds the unknown failure rate {extra[0]}.")
    per_host: dict[str, float] = {}
    for type_id, entry in hosts.items():
        key = f"accelerators_per_host.{type_id}"
        cited[key] = checked_source(path, key, entry, sources)
        per_host[type_id] = checked_number(path, key, entry.get("value"))
    return FailureRates(per_hour, per_host, cited)


@lru_cache(maxsize=1)
def default_rates() -> FailureRates:
    """The bundled rates, loaded once per process."""
    return load_rates(
        resources_dir() / "catalog" / "failures.json", dict(default_catalog().sources)
    )
