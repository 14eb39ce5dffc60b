"""Two designs side by side: the figures an architect decides by, and their differences.

``design_figures`` reads one design the way ``summary``, ``bom``, ``check`` and ``jobs``
do (the totals, the network plan and its bill, the rule engine's findings, each training
job's step and time per plane) and adds its capital and its year of energy; ``compare``
lines up two designs' figures, one row per figure, with B less A. A figure one design has
and the other lacks (a rack type, a medium) counts as 0 on the side without it, but a job
only one design holds is absent from the other, not a step of 0 s: its rows say so there
(``Row.missing``). Two variants of one project compare the same way as two projects.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from designer.core.catalog import Catalog
from designer.core.energy.cost import price_bom
from designer.core.energy.energy import Assumptions, project_energy
from designer.core.findings import Severity
from designer.core.jobs.summary import describe
from designer.core.model.project import Project
from designer.core.naming import fibre_route_name
from designer.core.network import bill_of_materials, link_totals
from designer.core.rules import RuleEngine
from designer.core.rules.jobs import JOBS, JobsAssessment
from designer.core.rules.network import PLAN
from designer.core.totals import facility_kw, project_totals, totals_by_hall

#: What each figure is called and its unit, in the order a comparison lists them; a
#: figure holding a mapping (racks by type) lists one row per key.
LABELS: dict[str, str] = {
    "accelerators": "Accelerators",
    "accelerators_by_kind": "Accelerators",
    "dense_pflops": "Dense PFLOPS",
    "it_power_typical_kw": "IT power, typical (kW)",
    "it_power_max_kw": "IT power, max (kW)",
    "facility_power_max_kw": "Facility power at max IT load (kW)",
    "racks": "Racks",
    "racks_by_type": "Racks",
    "sites": "Sites",
    "halls": "Halls",
    "hall_floor_area_m2": "Hall floor area (m²)",
    "rack_floor_area_m2": "Floor under racks (m²)",
    "links": "Cabled links",
    "links_by_medium": "Links",
    "nvlink_links_in_racks": "NVLink links inside racks",
    "links_without_route_or_medium": "Links without a route or medium",
    "optical_modules": "Optical modules",
    "optics_power_kw": "Optics and active cable power (kW)",
    "cable_length_m": "Cable length (m)",
    "fibre_pairs": "Fibre pairs between sites",
    "dci_route_km": "Fibre route (km)",
    "dci_latency_us": "One-way latency in the fibre (µs)",
    "dci_tbps": "Capacity between sites (Tb/s)",
    "amplifiers": "Optical amplifiers",
    "fabric_switches": "Switches",
    "leaf_uplinks": "Leaf uplinks",
    "leaf_oversubscription": "Leaf oversubscription (node links per uplink)",
    "jobs": "Job",
    "capital_priced_usd": "Capital, priced (USD)",
    "capital_unpriced_lines": "Bill lines unpriced",
    "capital_scope": "Capital, priced (USD)",
    "capital_per_accelerator_usd": "Capital priced per accelerator (USD)",
    "it_energy_mwh_per_year": "IT energy a year (MWh)",
    "facility_energy_mwh_per_year": "Facility energy a year (MWh)",
    "energy_cost_usd_per_year": "Energy cost a year (USD)",
    "carbon_t_per_year": "Carbon a year (t CO2)",
    "water_m3_per_year": "Water a year (m³)",
    "findings": "Findings",
}


def design_figures(
    project: Project, catalog: Catalog, assumptions: Assumptions | None = None
) -> dict[str, Any]:
    """One design's figures as plain data (numbers, and mappings of name to number), keyed
    as ``LABELS``; ``None`` for a figure that cannot be worked out (per accelerator with no
    accelerators)."""
    rack_types = catalog.with_custom_racks(project.custom_types)
    engine = RuleEngine(catalog)
    report = engine.run(project)
    plan = engine.derived(PLAN, project)
    bom = bill_of_materials(plan)
    links = link_totals(plan, bom)
    by_hall = totals_by_hall(project, rack_types)
    totals = project_totals(project, rack_types)
    energy = project_energy(project, rack_types, assumptions, by_hall)
    capital = price_bom(bom, rack_types, catalog.switches, totals.accelerator_count)
    categories = capital.by_category()
    names = {type_id: kind.name for type_id, kind in rack_types.items()}
    counts = report.counts()
    jobs = engine.derived(JOBS, project)
    routes = {fibre_route_name(project, r.route_id): r for r in links.dci}
    return {
        "accelerators": totals.accelerator_count,
        "accelerators_by_kind": dict(totals.accelerators),
        "dense_pflops": {k.upper(): v for k, v in totals.pflops_dense.items()},
        "it_power_typical_kw": totals.it_typical_kw,
        "it_power_max_kw": totals.it_max_kw,
        "facility_power_max_kw": facility_kw(project, rack_types, by_hall),
        "racks": totals.racks,
        "racks_by_type": {names.get(t, t): n for t, n in totals.racks_by_type.items()},
        # a trial compared 3 sites with 2 and found no row that said so
        "sites": len(project.sites),
        "halls": len(project.halls),
        "hall_floor_area_m2": math.fsum(h.area_m2 for h in project.halls.values()),
        "rack_floor_area_m2": totals.rack_area_m2,
        "links": links.links,
        "links_by_medium": dict(links.by_medium),
        "nvlink_links_in_racks": links.in_rack_nvlink,
        "links_without_route_or_medium": links.unplanned,
        "optical_modules": sum(x.quantity for x in bom.lines if x.category == "module"),
        "optics_power_kw": links.optics_power_kw,
        "cable_length_m": math.fsum(
            (x.length_m or 0.0) * x.quantity for x in bom.lines if x.category == "cable"
        ),
        "fibre_pairs": links.fibre_pairs,
        # each route by its name: two designs of one campus 40 and 80 km apart read as
        # the same in every figure (a trial)
        "dci_route_km": {route: r.distance_km for route, r in routes.items()},
        "dci_latency_us": {
            route: r.distance_km * links.fibre_us_per_km for route, r in routes.items()
        },
        # lit, in whole wavelengths: an audit read a job's 0.72 Tb/s needed as capacity
        "dci_tbps": {route: r.lit_tbps for route, r in routes.items()},
        "amplifiers": sum(x.quantity for x in bom.lines if x.category == "amplifier"),
        "fabric_switches": dict(links.switches),
        # what 2:1 and 4:1 designs differ in most, which compare had no row for (an audit)
        "leaf_uplinks": {_site(project, site): up for site, _, up in links.leaves},
        "leaf_oversubscription": {
            _site(project, site): down / up for site, down, up in links.leaves
        },
        # what the leaves' oversubscription costs a job, which compare had no row for (an
        # architect: 2:1 and 1.5:1 read alike, scale-out 468 ms against 351 ms in ``jobs``)
        "jobs": job_figures(project, jobs),
        "capital_priced_usd": capital.priced_usd,
        "capital_unpriced_lines": len(capital.unpriced),
        "capital_scope": {
            c.name: (c.priced_usd, sum(p.line.quantity for p in c.unpriced)) for c in categories
        },
        "capital_per_accelerator_usd": capital.per_accelerator_usd,
        "it_energy_mwh_per_year": energy.it_mwh,
        "facility_energy_mwh_per_year": energy.facility_mwh,
        "energy_cost_usd_per_year": energy.cost_usd,
        "carbon_t_per_year": energy.carbon_t,
        # energy prints it; compare had no row for it (an audit)
        "water_m3_per_year": energy.water_m3,
        "findings": {str(severity): counts[severity] for severity in Severity},
    }


def job_figures(project: Project, jobs: JobsAssessment) -> dict[str, dict[str, Any]]:
    """Each job by its name (with its id where another job has the name): whether it is
    placed whole, its step in seconds (compute with the pipeline's fill and drain, what
    ``jobs`` calls "about ... a step"; ``None`` without a compute figure) and the time its
    traffic takes on each plane it uses, in milliseconds (``None`` without bandwidth), as
    ``jobs`` describes them (``designer.core.jobs.summary.describe``)."""
    figures: dict[str, dict[str, Any]] = {}
    names = [job.name for job in project.jobs.values()]
    for job in project.jobs.values():
        name = f"{job.name} ({job.id})" if names.count(job.name) > 1 else job.name
        about = describe(project, job, jobs.plan.layout, jobs.traffic.get(job.id))
        if "planes" not in about:  # not placed whole: no estimate
            figures[name] = {"placed": False, "step_s": None, "planes_ms": {}}
            continue
        compute = about["compute_seconds"]
        figures[name] = {
            "placed": True,
            "step_s": None if compute is None else compute * (1 + about["bubble"]),
            "planes_ms": {
                plane["plane"]: None if plane["seconds"] is None else plane["seconds"] * 1e3
                for plane in about["planes"]
            },
        }
    return figures


def _site(project: Project, site_id: str) -> str:
    """A site's name, with its id where another site has the name (a review: two sites of
    one name made one row of their leaves)."""
    name = project.sites[site_id].name
    alike = sum(1 for site in project.sites.values() if site.name == name)
    return f"{name} ({site_id})" if alike > 1 else name


#: What a job's figure reads in a design that does not hold the job, or holds it unplaced.
NO_JOB = "no such job"
NOT_PLACED = "not placed"
#: What a route's or a site's figure reads in a design without that route or site.
NO_ROUTE = "no such route"
NO_SITE = "no such site"
#: The figures of a thing (its length, its ratio) that a design without the thing has not
#: at all, rather than at 0 (a trial compared 3 sites with 2: "latency ... Site 1 - Site
#: 3: 294 -> 0", "Leaf oversubscription Site 3: 1 -> 0"); counts keep reading 0.
ABSENT = {
    "dci_route_km": NO_ROUTE,
    "dci_latency_us": NO_ROUTE,
    "leaf_oversubscription": NO_SITE,
}
#: What a plane's time reads without bandwidth (as ``jobs`` says it).
NEVER = "never (no bandwidth)"


@dataclass(frozen=True)
class Row:
    """One figure of two designs: ``key`` is its name (``racks_by_type/NVIDIA GB200
    NVL72``), ``label`` what a reader sees; values rounded to 3 decimals (dollars to
    whole ones), ``None`` where the figure cannot be worked out, or where the design lacks
    what it measures: then ``missing`` says what that side reads instead (``NO_JOB``),
    "" where the figure is only unknown."""

    key: str
    label: str
    a: float | None
    b: float | None
    missing: tuple[str, str] = ("", "")

    @property
    def difference(self) -> float | None:
        """B less A; ``None`` when either is unknown."""
        if self.a is None or self.b is None:
            return None
        return round(self.b - self.a, 3)

    @property
    def differs(self) -> bool:
        return self.a != self.b or self.missing[0] != self.missing[1]

    @property
    def only(self) -> str:
        """The design ("A" or "B") that alone holds what the figure measures, a job the
        other lacks or has not placed, a route or a site it lacks; "" for any other row."""
        for side, value, other in (("A", self.a, self.missing[1]), ("B", self.b, self.missing[0])):
            if value is not None and other in (NO_JOB, NOT_PLACED, NO_ROUTE, NO_SITE):
                return side
        return ""


def compare(a: Mapping[str, Any], b: Mapping[str, Any]) -> list[Row]:
    """The rows of two designs' ``design_figures``, in ``LABELS`` order; within a mapping
    the keys of A first, then those only B has."""
    rows = []
    for key, label in LABELS.items():
        left, right = a.get(key), b.get(key)
        if key == "capital_scope":
            rows.extend(_unlike_scopes(left or {}, right or {}, label))
        elif key == "jobs":
            rows.extend(_job_rows(left or {}, right or {}, label))
        elif isinstance(left, Mapping) or isinstance(right, Mapping):
            left, right = left or {}, right or {}
            absent = ABSENT.get(key, "")
            for name in [*left, *(n for n in right if n not in left)]:
                held = (name in left, name in right)
                rows.append(
                    Row(
                        f"{key}/{name}",
                        f"{label}: {name}",
                        _round(left.get(name, None if absent else 0), _digits(label)),
                        _round(right.get(name, None if absent else 0), _digits(label)),
                        (
                            "" if held[0] else absent,
                            "" if held[1] else absent,
                        ),
                    )
                )
        else:
            rows.append(
                Row(key, label, _round(left, _digits(label)), _round(right, _digits(label)))
            )
    return rows


def _job_rows(
    a: Mapping[str, Mapping[str, Any]], b: Mapping[str, Mapping[str, Any]], label: str
) -> list[Row]:
    """Each job of either design, matched by name: its step, then its time on each plane
    either design's placement of it uses (0 ms on a plane its placement in one design does
    not use, such as the DCI of a job kept to one site); where a design lacks the job or
    has not placed it, its side reads so."""
    rows = []
    for name in [*a, *(n for n in b if n not in a)]:
        jobs = (a.get(name), b.get(name))
        lacks = tuple(_lacks(job) for job in jobs)
        steps = tuple(None if job is None else job["step_s"] for job in jobs)
        rows.append(
            _job_row(
                f"jobs/{name}/step",
                f"{label} {name}: step, compute with fill and drain (s)",
                steps,
                lacks,
            )
        )
        planes = [{} if job is None else job["planes_ms"] for job in jobs]
        for plane in [*planes[0], *(p for p in planes[1] if p not in planes[0])]:
            times = tuple(side.get(plane, 0.0) for side in planes)
            rows.append(
                _job_row(
                    f"jobs/{name}/{plane}",
                    f"{label} {name}: {plane} time a step (ms)",
                    times,
                    tuple(
                        lack or (NEVER if time is None else "")
                        for lack, time in zip(lacks, times, strict=True)
                    ),
                )
            )
    return rows


def _lacks(job: Mapping[str, Any] | None) -> str:
    """Why a design has no figures of a job: it lacks it, or has not placed it."""
    if job is None:
        return NO_JOB
    return "" if job["placed"] else NOT_PLACED


def _job_row(
    key: str, label: str, values: tuple[float | None, ...], missing: tuple[str, ...]
) -> Row:
    """A job's row: no figure on a side that says why it has none."""
    a, b = (None if why else value for value, why in zip(values, missing, strict=True))
    return Row(key, label, _round(a), _round(b), (missing[0], missing[1]))


def _unlike_scopes(
    a: Mapping[str, tuple[float, int]], b: Mapping[str, tuple[float, int]], label: str
) -> list[Row]:
    """For each category of the bill one design prices in full and the other leaves some
    of unpriced, or one prices some of and the other none of, what each prices of it and
    how much each leaves unpriced (``scope_notes`` says what that means); none where both
    price the same things."""
    rows = []
    for name in [*a, *(n for n in b if n not in a)]:
        (priced_a, left_a), (priced_b, left_b) = a.get(name, (0.0, 0)), b.get(name, (0.0, 0))
        if _unlike(priced_a, left_a, priced_b, left_b) or _unlike(
            priced_b, left_b, priced_a, left_a
        ):
            rows.append(
                Row(
                    f"capital_by_category/{name}",
                    f"{label}: {name}",
                    _round(priced_a, _digits(label)),
                    _round(priced_b, _digits(label)),
                )
            )
            rows.append(
                Row(f"unpriced_by_category/{name}", f"Unpriced items: {name}", left_a, left_b)
            )
    return rows


def _unlike(priced: float, left: int, other_priced: float, other_left: int) -> bool:
    """Whether one side prices what the other leaves out: all of a category against some
    left unpriced, or some of it against none priced (an audit: a GB200 pod's racks priced
    at $20 M, a GB300 pod's not at all, read as the GB300 being $18 M cheaper)."""
    if not priced or not other_left:
        return False
    return left == 0 or other_priced == 0


def scope_notes(rows: Sequence[Row]) -> list[str]:
    """Where the two capitals priced count different things: a category of the bill one
    design prices in full while the other leaves some of it unpriced, or prices some of
    while the other prices none, so B less A holds what one side's lines cost and not the
    other's. A trial's GB300 design left its 418 switches unpriced and its CloudMatrix384
    alternative priced its 795 at $159 M: half of the $331 M between their capitals was
    only what each happened to price."""
    by_key = {row.key: row for row in rows}
    notes = []
    for row in rows:
        kind, _, name = row.key.partition("/")
        priced = by_key.get(f"capital_by_category/{name}")
        if kind != "unpriced_by_category" or priced is None:
            continue
        for side, other, own_left, left, cost, other_cost in (
            ("A", "B", row.a, row.b, priced.a, priced.b),
            ("B", "A", row.b, row.a, priced.b, priced.a),
        ):
            if not _unlike(cost or 0.0, int(own_left or 0), other_cost or 0.0, int(left or 0)):
                continue
            own = f" and leaves {own_left:,.0f} unpriced" if own_left else ""
            none = " prices none of it and" if not other_cost else ""
            notes.append(
                f"{name}: {side} prices USD {cost:,.0f} of it{own}, while {other}{none} "
                f"leaves {left:,.0f} unpriced, which its capital priced leaves out."
            )
    return notes


def _round(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def _digits(label: str) -> int:
    """Decimals a figure is compared to: whole dollars (a capital of $21 M read to the half
    dollar, a trial), else thousandths."""
    return 0 if "(USD)" in label else 3
