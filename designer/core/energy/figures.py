"""The figures energy and cost are worked out with: equipment prices and PUE by cooling.

They live in ``resources/catalog/economics.json`` as catalog data, each with its source
(``links:S66``, ...) or an ``estimate:`` marker, checked as the catalog's own figures are:
a price without a source does not load. Only what a source prices is listed; everything
else the bill counts stays unpriced rather than zero.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError

from designer.core.catalog import CatalogError, default_catalog, resources_dir, source_problems
from designer.core.model.equipment import Sourced

Usd = Annotated[float, Field(ge=0, le=1e10)]


class Price(Sourced):
    """What one catalog type costs (``id`` is its rack or switch type id), with the range
    the source gives; all figures in US dollars, each sourced."""

    kind: Literal["rack", "switch"]
    usd: Usd
    low_usd: Usd
    high_usd: Usd


class CoolingPue(Sourced):
    """The PUE of a hall cooled one way (``id``: ``liquid`` or ``air``)."""

    pue: Annotated[float, Field(ge=1.0, le=5.0)]


@dataclass(frozen=True)
class Economics:
    """Prices by (kind, type id) and PUE by cooling (``liquid``, ``air``)."""

    prices: Mapping[tuple[str, str], Price]
    pue_by_cooling: Mapping[str, CoolingPue]

    def price(self, kind: str, type_id: str) -> Price | None:
        return self.prices.get((kind, type_id))


def load_economics(path: Path | None = None) -> Economics:
    """Read and check ``economics.json`` (default: the bundled one); ``CatalogError`` names
    the entry and field when it is wrong."""
    path = path or resources_dir() / "catalog" / "economics.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        prices = [Price.model_validate(item) for item in raw["prices"]]
        pues = [CoolingPue.model_validate(item) for item in raw["pue_by_cooling"]]
    except FileNotFoundError as err:
        raise CatalogError(f"The catalog file {path} is missing.") from err
    except (json.JSONDecodeError, KeyError, TypeError) as err:
        raise CatalogError(
            f"The catalog file {path} must hold 'prices' and 'pue_by_cooling' lists: {err}"
        ) from err
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise CatalogError(f"The catalog file {path}, field {where}: {first['msg']}.") from err
    sources = default_catalog().sources
    problems = [p for entry in [*prices, *pues] for p in source_problems(entry, sources)]
    missing = {"liquid", "air"} - {p.id for p in pues}
    problems += [f"no PUE for {kind}-cooled halls" for kind in sorted(missing)]
    if problems:
        raise CatalogError(f"The catalog file {path} is inconsistent: " + "; ".join(problems))
    return Economics({(p.kind, p.id): p for p in prices}, {p.id: p for p in pues})


@lru_cache(maxsize=1)
def default_economics() -> Economics:
    """The bundled figures, loaded once per process."""
    return load_economics()
