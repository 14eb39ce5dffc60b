"""Energy a year per site and for the project: IT, facility, cost, carbon and water.

Annual energy is IT power x 8,760 h x PUE x mean load (operations.md section 3, after
operations:O22). The IT power is each rack's typical or maximum draw (``basis``) summed by
``designer.core.totals``, times a ``load_factor``: the share of the year the racks draw it.
The facility's energy is the IT energy times the site's PUE, or, asked for, a PUE worked out
from the racks' cooling mix (liquid against air, ``economics.json``): a site's PUE is a
setting the architect may not have measured, while the mix follows from what stands there.
Cost and carbon follow from the price per MWh and the grid g CO2 per kWh of the facility's
energy: the site's own, or one given for every site (``energy --price``, ``--carbon``), which
overrides it, as an architect pricing a plan before its sites' tariffs are known does; left
unknown (``None``), never zero, for a site with neither. Water is IT energy x WUE (the
Green Grid's litres per kWh of IT energy, operations:O27): the site's own WUE, or one given
for every site (``energy --wue``), which overrides it; unknown for a site with neither.

Only racks draw power here, as in the totals and the facility power of ``summary``; the
optics are in the bill of materials.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from designer.core.energy.figures import Economics, default_economics
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.model.site import Site
from designer.core.totals import Totals, totals_by_hall

#: Hours in a year, as the reference's annual-energy formula counts them.
HOURS_PER_YEAR = 8_760

Basis = Literal["typical", "max"]
PueFrom = Literal["site", "cooling"]


@dataclass(frozen=True)
class Assumptions:
    """How a year is counted: which rack power (``basis``), the share of it drawn on average
    (``load_factor``), where the PUE comes from, and, for every site, a WUE in litres per
    kWh of IT energy, an energy price in USD per MWh and a grid carbon intensity in g CO2
    per kWh (each ``None``: each site's own, where it has one). The ranges are the site
    settings' own (``designer.core.model.site``), so a figure given here is one a site
    could hold."""

    basis: Basis = "typical"
    load_factor: float = 1.0
    pue_from: PueFrom = "site"
    wue_l_per_kwh: float | None = None
    price_usd_per_mwh: float | None = None
    carbon_g_per_kwh: float | None = None

    def __post_init__(self) -> None:
        if not 0 < self.load_factor <= 1:
            raise ValueError(
                f"the load factor is the share of the year the racks draw their power: "
                f"more than 0 and at most 1, not {self.load_factor}"
            )
        if self.wue_l_per_kwh is not None and not 0 <= self.wue_l_per_kwh <= 100:
            raise ValueError(
                f"a WUE is litres of water per kWh of IT energy, 0 to 100, not {self.wue_l_per_kwh}"
            )
        # ``not 0 <= x``, not ``x < 0``: a nan compares false both ways and must be refused
        if self.price_usd_per_mwh is not None and not 0 <= self.price_usd_per_mwh <= 100_000:
            raise ValueError(
                f"an energy price is US dollars per MWh, 0 to 100,000, not {self.price_usd_per_mwh}"
            )
        if self.carbon_g_per_kwh is not None and not 0 <= self.carbon_g_per_kwh <= 5_000:
            raise ValueError(
                f"a grid carbon intensity is grams of CO2 per kWh, 0 to 5,000, "
                f"not {self.carbon_g_per_kwh}"
            )


@dataclass(frozen=True)
class Pue:
    """A PUE and where it comes from, in words a reader can check."""

    value: float
    source: str


@dataclass(frozen=True)
class SiteEnergy:
    """One site's year. ``cost_usd``, ``carbon_t`` and ``water_m3`` are ``None`` when the
    site has no price, no carbon intensity, or no WUE (``wue_l_per_kwh``: the one used)."""

    site_id: str
    name: str
    totals: Totals
    pue: Pue
    it_mwh: float
    facility_mwh: float
    price_per_mwh: float | None
    carbon_g_per_kwh: float | None
    cost_usd: float | None
    carbon_t: float | None
    wue_l_per_kwh: float | None
    water_m3: float | None


@dataclass(frozen=True)
class ProjectEnergy:
    """Every site's year and the project's. A total of a figure some site drawing energy
    lacks (its price, its carbon) is ``None``, not a part; ``*_missing`` name those sites."""

    assumptions: Assumptions
    sites: tuple[SiteEnergy, ...]

    @property
    def accelerators(self) -> int:
        return sum(s.totals.accelerator_count for s in self.sites)

    @property
    def it_mwh(self) -> float:
        return math.fsum(s.it_mwh for s in self.sites)

    @property
    def facility_mwh(self) -> float:
        return math.fsum(s.facility_mwh for s in self.sites)

    @property
    def cost_usd(self) -> float | None:
        """The year's energy cost; ``None`` when a site drawing energy has no price."""
        if self.price_missing:
            return None
        return math.fsum(s.cost_usd or 0.0 for s in self.sites)

    @property
    def carbon_t(self) -> float | None:
        """The year's carbon; ``None`` when a site drawing energy has no carbon intensity."""
        if self.carbon_missing:
            return None
        return math.fsum(s.carbon_t or 0.0 for s in self.sites)

    @property
    def water_m3(self) -> float | None:
        """The year's water; ``None`` when a site drawing energy has no WUE."""
        if self.water_missing:
            return None
        return math.fsum(s.water_m3 or 0.0 for s in self.sites)

    @property
    def price_missing(self) -> tuple[str, ...]:
        """Sites drawing energy that have no price."""
        return tuple(s.name for s in self.sites if s.it_mwh and s.cost_usd is None)

    @property
    def carbon_missing(self) -> tuple[str, ...]:
        """Sites drawing energy that have no carbon intensity."""
        return tuple(s.name for s in self.sites if s.it_mwh and s.carbon_t is None)

    @property
    def water_missing(self) -> tuple[str, ...]:
        """Sites drawing energy that have no WUE, none being given for all."""
        return tuple(s.name for s in self.sites if s.it_mwh and s.water_m3 is None)

    def per_accelerator_year(self, value: float | None) -> float | None:
        """``value`` (a year's figure) per accelerator; ``None`` without accelerators."""
        return None if value is None or not self.accelerators else value / self.accelerators


def it_mwh(totals: Totals, assumptions: Assumptions) -> float:
    """A year's IT energy of ``totals``' racks, in MWh."""
    kw = totals.it_max_kw if assumptions.basis == "max" else totals.it_typical_kw
    return kw * assumptions.load_factor * HOURS_PER_YEAR / 1000


def heat_mix_pue(liquid_kw: float, air_kw: float, economics: Economics) -> float:
    """The PUE of heat ``liquid_kw`` to liquid and ``air_kw`` to air, each share at its
    cooling's PUE in the catalog (a heat of nothing: the air's)."""
    by_cooling = economics.pue_by_cooling
    heat = liquid_kw + air_kw
    if heat <= 0:
        return by_cooling["air"].pue
    mixed = liquid_kw * (by_cooling["liquid"].pue - 1) + air_kw * (by_cooling["air"].pue - 1)
    return 1 + mixed / heat


def cooling_mix_pue(totals: Totals, economics: Economics) -> Pue | None:
    """The PUE of ``totals``' racks from their heat to liquid and to air at max power, each
    share at its cooling's PUE; ``None`` for racks giving no heat."""
    heat = totals.liquid_kw + totals.air_kw
    if heat <= 0:
        return None
    liquid, air = economics.pue_by_cooling["liquid"], economics.pue_by_cooling["air"]
    value = heat_mix_pue(totals.liquid_kw, totals.air_kw, economics)
    share = totals.liquid_kw / heat
    return Pue(
        value,
        f"cooling mix: {share:.0%} of the heat to liquid at PUE {liquid.pue:g} "
        f"({liquid.source_of('pue')}), {1 - share:.0%} to air at PUE {air.pue:g} "
        f"({air.source_of('pue')})",
    )


def site_pue(site: Site, totals: Totals, assumptions: Assumptions, economics: Economics) -> Pue:
    """The PUE a site's year is counted at: its own setting, or its racks' cooling mix when
    asked for (the setting for a site without racks)."""
    if assumptions.pue_from == "cooling":
        mix = cooling_mix_pue(totals, economics)
        if mix is not None:
            return mix
    return Pue(site.pue, f"the site's PUE setting ({site.name})")


def site_price_per_mwh(site: Site, assumptions: Assumptions) -> float | None:
    """The USD per MWh a site's year is priced at: the one given for every site, else the
    site's own (``None``: not known)."""
    return _given_or(assumptions.price_usd_per_mwh, site.energy_price_per_mwh)


def site_carbon_g_per_kwh(site: Site, assumptions: Assumptions) -> float | None:
    """The g CO2 per kWh a site's year is counted at: the one given for every site, else
    the site's own (``None``: not known)."""
    return _given_or(assumptions.carbon_g_per_kwh, site.carbon_g_per_kwh)


def project_energy(
    project: Project,
    rack_types: Mapping[str, RackType],
    assumptions: Assumptions | None = None,
    by_hall: Mapping[str, Totals] | None = None,
    economics: Economics | None = None,
) -> ProjectEnergy:
    """Each site's year and the project's; ``by_hall`` is ``totals_by_hall`` of the
    project when the caller already has it. Halls of no known site are not counted (the
    integrity check reports them)."""
    assumptions = assumptions or Assumptions()
    economics = economics or default_economics()
    by_hall = by_hall if by_hall is not None else totals_by_hall(project, rack_types)
    return ProjectEnergy(
        assumptions,
        tuple(
            _site_energy(site, site_totals(project, site.id, by_hall), assumptions, economics)
            for site in project.sites.values()
        ),
    )


def site_totals(project: Project, site_id: str, by_hall: Mapping[str, Totals]) -> Totals:
    """The totals of a site's halls, from the totals of every hall."""
    totals = Totals()
    for hall in project.halls.values():
        if hall.site_id == site_id:
            totals.absorb(by_hall[hall.id])
    return totals


def _site_energy(
    site: Site, totals: Totals, assumptions: Assumptions, economics: Economics
) -> SiteEnergy:
    pue = site_pue(site, totals, assumptions, economics)
    it = it_mwh(totals, assumptions)
    facility = it * pue.value
    price = site_price_per_mwh(site, assumptions)
    carbon = site_carbon_g_per_kwh(site, assumptions)
    wue = _given_or(assumptions.wue_l_per_kwh, site.wue_l_per_kwh)
    return SiteEnergy(
        site_id=site.id,
        name=site.name,
        totals=totals,
        pue=pue,
        it_mwh=it,
        facility_mwh=facility,
        price_per_mwh=price,
        carbon_g_per_kwh=carbon,
        cost_usd=None if price is None else facility * price,
        # MWh x 1,000 kWh x g/kWh / 1,000,000 g a tonne
        carbon_t=None if carbon is None else facility * carbon / 1000,
        wue_l_per_kwh=wue,
        # m3 = kWh x L/kWh / 1,000 = MWh x L/kWh
        water_m3=None if wue is None else it * wue,
    )


def _given_or(given: float | None, own: float | None) -> float | None:
    """A figure given for every site in place of the site's own; the site's own (which may
    be ``None``) where none is given. A given 0 stands: free or carbon-free energy."""
    return own if given is None else given
