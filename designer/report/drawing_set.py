"""The whole drawing set of a project, in order, ready to be numbered and written.

Cover and summary; the design-rule findings; the jobs; the single points of failure, the
N-1 ranking and the failures to expect; the power and cooling tables; each site's
energy and cost; the cable schedule summary, DCI routes and bill of materials. The designer
passes the findings and the network plan it already keeps current; the CLI lets this module
compute them, the plan asked of the rule engine that checked the project (``checked``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from designer.core.catalog import Catalog
from designer.core.energy.cost import price_bom
from designer.core.energy.energy import project_energy
from designer.core.energy.siting import hall_moves
from designer.core.jobs.estimate import pair_demand_tbps
from designer.core.model.project import Project
from designer.core.network import NetworkPlan, link_totals
from designer.core.network.bom import bills_by_site
from designer.core.network.places import end_places
from designer.core.network.schedule import (
    links_between_halls,
    links_by_hall,
    schedule_groups,
)
from designer.core.rack_columns import RackColumns, alike_racks, rack_columns
from designer.core.resilience.expected import expected_failures
from designer.core.resilience.sweep import Swept, sweep
from designer.core.resilience.topology import build_topology
from designer.core.rules import Report, RuleEngine
from designer.core.rules.jobs import assess_jobs
from designer.core.rules.limits import default_thresholds, resolve
from designer.core.rules.loads import loads
from designer.core.rules.network import PLAN
from designer.core.totals import rack_kinds, totals_by_hall
from designer.report.contents import cover_content, finding_entries
from designer.report.page import Page
from designer.report.pages.cabling import bom_tables, dci_table, schedule_summary
from designer.report.pages.cover import cover_index_room, cover_page
from designer.report.pages.energy import energy_pages
from designer.report.pages.findings import findings_pages
from designer.report.pages.jobs import jobs_pages
from designer.report.pages.plan import plan_pages
from designer.report.pages.power_cooling import load_tables
from designer.report.pages.resilience import resilience_pages
from designer.report.pages.sheet_index import index_pages, numbered
from designer.report.pages.site_map import site_map_content, site_map_page
from designer.report.pages.tables import tables_pages
from designer.report.paper import SheetFrame


def drawing_set(
    project: Project,
    catalog: Catalog,
    paper: str,
    report: Report | None = None,
    plan: NetworkPlan | None = None,
    enlarged: bool = False,
    racks: RackColumns | None = None,
    swept: Swept | None = None,
) -> list[Page]:
    """Every sheet of the set for ``project`` on ``paper``; ``enlarged``: see ``hall_pages``;
    ``racks``: the project's ``rack_columns``, and ``swept``, its dependencies and N-1
    ranking, when the caller already has them."""
    rack_types = catalog.with_custom_racks(project.custom_types)
    frame = SheetFrame.of(paper)
    report, plan = checked(project, catalog, report, plan)
    entries, summary = finding_entries(project, report)
    limits = resolve(default_thresholds().values, project.settings.rules.thresholds)
    hall_names = {h.id: h.name for h in project.halls.values()}
    sides = {f.id: f.side for f in project.feeds.values()}
    racks = racks if racks is not None else rack_columns(project)
    alike = alike_racks(racks)
    found = loads(project, rack_types, limits, alike=alike)
    kinds = rack_kinds(alike)
    by_hall = totals_by_hall(project, rack_types, kinds)
    # every bundle end's hall and site, for the links per hall and between halls and the bills
    places = end_places(plan)
    bom, site_boms = bills_by_site(plan, places, kinds)
    totals = link_totals(plan, bom)
    cabling = [schedule_summary(schedule_groups(plan, bom))]
    dci = dci_table(totals, project)
    if dci is not None:
        cabling.append(dci)
    jobs = assess_jobs(project, catalog) if project.jobs else None
    energy = project_energy(project, rack_types, by_hall=by_hall)
    capitals = {
        site.site_id: price_bom(
            site_boms[site.site_id], rack_types, catalog.switches, site.totals.accelerator_count
        )
        for site in energy.sites
    }
    moves = hall_moves(project, by_hall, jobs=jobs.plan if jobs else None)
    if swept is None:
        job_racks = {j: jobs.plan.layout.racks_of(j) for j in project.jobs} if jobs else None
        pairs = pair_demand_tbps(jobs.traffic.values()) if jobs else None
        topology = build_topology(project, rack_types, limits, plan, job_racks, found, pairs)
        swept = Swept(topology, sweep(topology))
    site_map = []
    # several sites, or a site of several halls: where they stand decides the links between
    halls_per_site = Counter(h.site_id for h in project.halls.values())
    if len(project.sites) > 1 or any(n > 1 for n in halls_per_site.values()):
        # a site's IT (the heat it rejects), and its facility power (IT x PUE)
        it = {load.id: load.load_kw for load in found if load.kind == "site_heat"}
        site_kw = {
            load.id: (it[load.id], load.load_kw) for load in found if load.kind == "site_power"
        }
        sites, routes = site_map_content(
            project,
            site_kw,
            totals.dci,
            totals.dci_media,
            totals.fibre_us_per_km,
            links_between_halls(plan, places),
        )
        site_map.append(site_map_page(sites, routes))
    rest = [
        *site_map,
        *plan_pages(
            project,
            rack_types,
            report.findings,
            frame,
            links_by_hall(plan, places),
            by_hall,
            plan,
            enlarged,
            racks,
        ),
        *findings_pages(entries, summary, frame),
        *(jobs_pages(project, jobs, report.findings, frame) if jobs else []),
        *resilience_pages(swept.ranked, expected_failures(swept.topology), report.findings, frame),
        *tables_pages(
            "Power and cooling",
            load_tables(found, hall_names, sides),
            frame,
            narrow=True,
            empty="No loads yet: the project has no power feeds, cooling units or halls.",
        ),
        *energy_pages(energy, capitals, moves, frame),
        *tables_pages("Cabling", cabling, frame),
        *tables_pages("Bill of materials", bom_tables(plan, bom, site_boms), frame),
    ]
    cover = cover_content(project, rack_types, by_hall, totals, report, numbered(rest, 2), found)
    index = index_pages([cover_page(cover), *rest], frame, cover_index_room(cover, frame))
    if index:
        cover = replace(cover, sheets=numbered([*index, *rest], 2), index_on=2)
    return [cover_page(cover), *index, *rest]


def checked(
    project: Project,
    catalog: Catalog,
    report: Report | None = None,
    plan: NetworkPlan | None = None,
) -> tuple[Report, NetworkPlan]:
    """The findings and the network plan of ``project``: ``report`` and ``plan`` when given,
    else asked of one rule engine, which builds the network plan its link checks read once
    for both."""
    engine = RuleEngine(catalog)
    if report is None:
        report = engine.run(project)
    return report, plan or engine.derived(PLAN, project)
