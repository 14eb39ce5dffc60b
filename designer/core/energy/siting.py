"""What moving a hall's load to another site would do: "East Data, West Compute" as a table.

For each hall with racks and each other site of the project: the hall's year of facility
energy at either end (the destination's PUE, or the hall's own cooling mix, which moves
with it), the change in energy cost and carbon from the two sites' price and grid
intensity, whether the destination's power supply and heat rejection have room for it,
and, for each job with accelerators in the hall, the longest one-way fibre latency between
the sites it spans before and after (from the project's fibre routes, as the job estimates
count it). The hall's racks, fabric and DCI are not rebuilt: it is a first look, not a new
design.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from designer.core.energy.energy import (
    Assumptions,
    it_mwh,
    site_carbon_g_per_kwh,
    site_price_per_mwh,
    site_pue,
    site_totals,
)
from designer.core.energy.figures import Economics, default_economics
from designer.core.jobs import JobsPlan
from designer.core.jobs.coefficients import default_coefficients
from designer.core.jobs.formulas import latency_us
from designer.core.jobs.paths import FibreRouting
from designer.core.model.project import Project
from designer.core.model.site import Site
from designer.core.totals import Totals


@dataclass(frozen=True)
class JobLatency:
    """A job with accelerators in the moved hall: the longest one-way fibre latency among
    the sites it spans before and after, in µs (0 on one site; ``None`` where no path of
    fibre routes joins two of them)."""

    job_id: str
    name: str
    accelerators_in_hall: int
    before_us: float | None
    after_us: float | None


@dataclass(frozen=True)
class HallMove:
    """One hall moved from its site to ``to_site``: its year of IT energy, the facility
    energy at either end, what cost and carbon change by (``None`` when a site lacks its
    price or carbon intensity), the power it needs at the destination (IT max x PUE) against
    the power spare there, the heat its racks give off (their IT max, as the site's cooling
    check counts it) against the heat rejection spare there, and its jobs' DCI latency."""

    hall_id: str
    hall: str
    from_site: str
    to_site: str
    it_mwh: float
    facility_mwh_before: float
    facility_mwh_after: float
    cost_delta_usd: float | None
    carbon_delta_t: float | None
    power_needed_kw: float
    power_spare_kw: float
    jobs: tuple[JobLatency, ...]
    heat_kw: float = 0.0
    cooling_spare_kw: float = float("inf")

    @property
    def fits(self) -> bool:
        """The destination has the power and the heat rejection spare for the hall (an
        audit's move "fit" 5.4 MW of power spare at a site with 1.2 MW of cooling left)."""
        return self.power_fits and self.heat_fits

    @property
    def power_fits(self) -> bool:
        return self.power_needed_kw <= self.power_spare_kw

    @property
    def heat_fits(self) -> bool:
        return self.heat_kw <= self.cooling_spare_kw


def hall_moves(
    project: Project,
    by_hall: Mapping[str, Totals],
    assumptions: Assumptions | None = None,
    jobs: JobsPlan | None = None,
    economics: Economics | None = None,
) -> list[HallMove]:
    """Every move of a hall with racks to another site; none for a one-site design.
    ``by_hall`` is ``totals_by_hall`` of the project; ``jobs`` its ``plan_jobs`` (no jobs'
    latency without it)."""
    assumptions = assumptions or Assumptions()
    economics = economics or default_economics()
    totals_of = {site.id: site_totals(project, site.id, by_hall) for site in project.sites.values()}
    spare = {
        site.id: _spare_kw(site, totals_of[site.id], assumptions, economics)
        for site in project.sites.values()
    }
    cooling = {
        site.id: site.cooling_capacity_kw - totals_of[site.id].it_max_kw
        for site in project.sites.values()
    }
    moves = []
    for hall in project.halls.values():
        origin, totals = project.sites.get(hall.site_id), by_hall[hall.id]
        if origin is None or not totals.racks:
            continue
        for site in project.sites.values():
            if site.id == origin.id:
                continue
            moves.append(
                _move(
                    project,
                    hall.id,
                    hall.name,
                    totals,
                    origin,
                    site,
                    assumptions,
                    economics,
                    (spare[site.id], cooling[site.id]),
                    jobs,
                )
            )
    return moves


def _spare_kw(site: Site, totals: Totals, assumptions: Assumptions, economics: Economics) -> float:
    """The power a site has left, its racks' load counted at the PUE the hall moving in
    is counted at: its setting, or its racks' cooling mix when asked for (an audit found
    a hall's need at the mix of 1.5 set against a spare at the setting of 1.3)."""
    return (
        site.power_capacity_kw
        - totals.it_max_kw * site_pue(site, totals, assumptions, economics).value
    )


def _move(
    project: Project,
    hall_id: str,
    hall_name: str,
    totals: Totals,
    origin: Site,
    site: Site,
    assumptions: Assumptions,
    economics: Economics,
    spare: tuple[float, float],
    jobs: JobsPlan | None,
) -> HallMove:
    """The move of one hall to ``site``; ``spare``: the power and heat rejection (kW) the
    destination has left."""
    it = it_mwh(totals, assumptions)
    before = it * site_pue(origin, totals, assumptions, economics).value
    pue_after = site_pue(site, totals, assumptions, economics).value
    after = it * pue_after
    return HallMove(
        hall_id=hall_id,
        hall=hall_name,
        from_site=origin.name,
        to_site=site.name,
        it_mwh=it,
        facility_mwh_before=before,
        facility_mwh_after=after,
        # each site's price and carbon, or those given for every site (energy --price)
        cost_delta_usd=_delta(
            before,
            after,
            site_price_per_mwh(origin, assumptions),
            site_price_per_mwh(site, assumptions),
        ),
        # g/kWh x MWh / 1,000 = t, as in the energy of a site
        carbon_delta_t=_delta(
            before,
            after,
            site_carbon_g_per_kwh(origin, assumptions),
            site_carbon_g_per_kwh(site, assumptions),
            1000,
        ),
        power_needed_kw=totals.it_max_kw * pue_after,
        power_spare_kw=spare[0],
        jobs=tuple(_latencies(project, hall_id, origin.id, site.id, jobs)),
        heat_kw=totals.it_max_kw,
        cooling_spare_kw=spare[1],
    )


def _delta(
    before_mwh: float,
    after_mwh: float,
    rate_from: float | None,
    rate_to: float | None,
    per: float = 1.0,
) -> float | None:
    """What a year costs at the destination less at the origin, each at its own rate."""
    if rate_from is None or rate_to is None:
        return None
    return (after_mwh * rate_to - before_mwh * rate_from) / per


def _latencies(
    project: Project, hall_id: str, origin: str, destination: str, jobs: JobsPlan | None
) -> Iterable[JobLatency]:
    if jobs is None:
        return
    # the fibre the jobs' traffic takes between two sites: the routes joining them (over
    # which it spreads, so a step's exchange ends when the longest has delivered), or the
    # shortest path through other sites where none does (``jobs.paths``)
    routing = FibreRouting(
        (r.id, r.site_a, r.site_b, r.distance_km) for r in project.fibre_routes.values()
    )
    us_per_km = default_coefficients().fibre_us_per_km
    for job_id, traffic in jobs.traffic.items():
        in_hall = dict(traffic.halls).get(hall_id, 0)
        if not in_hall:
            continue
        sites = dict(traffic.sites)
        before = set(sites)
        after = {s for s, n in sites.items() if s != origin or n > in_hall} | {destination}
        yield JobLatency(
            job_id,
            project.jobs[job_id].name,
            in_hall,
            _longest(before, routing, us_per_km),
            _longest(after, routing, us_per_km),
        )


def _longest(sites: set[str], routing: FibreRouting, us_per_km: float) -> float | None:
    """The longest one-way fibre latency between two of ``sites``, over the longest route of
    each hop of their path; ``None`` when no path of routes joins a pair."""
    longest = 0.0
    ordered = sorted(sites)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            path = routing.between(a, b)
            if path is None:
                return None
            longest = max(longest, latency_us(path.km[1], us_per_km))
    return longest
