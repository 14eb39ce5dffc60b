"""Sites (buildings or campuses with their own utility power) and the fibre between them."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from designer.core.model.base import Entity, Kw


class Site(Entity):
    """A site: where it is, how much power and heat rejection it has, what energy costs.

    ``pue`` turns IT power into facility power for the totals; the grid carbon intensity,
    the energy price and the WUE (litres of water per kWh of IT energy, the Green Grid's
    measure, operations:O27) are optional because an early plan often does not know them.
    """

    name: Annotated[str, Field(min_length=1, max_length=200)]
    location: str = ""
    power_capacity_kw: Kw
    cooling_capacity_kw: Kw
    pue: Annotated[float, Field(ge=1.0, le=5.0)] = 1.3
    carbon_g_per_kwh: Annotated[float, Field(ge=0, le=5_000)] | None = None
    energy_price_per_mwh: Annotated[float, Field(ge=0, le=100_000)] | None = None
    wue_l_per_kwh: Annotated[float, Field(ge=0, le=100)] | None = None


class FibreRoute(Entity):
    """The fibre route between two sites, as laid (not as the crow flies)."""

    site_a: str
    site_b: str
    distance_km: Annotated[float, Field(gt=0, le=20_000)]

    @model_validator(mode="after")
    def _two_sites(self) -> FibreRoute:
        if self.site_a == self.site_b:
            raise ValueError(
                f"a fibre route joins two different sites, not {self.site_a!r} to itself"
            )
        return self
