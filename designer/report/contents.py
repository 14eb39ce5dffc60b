"""What the sheets say, gathered from the core: totals, sites, halls (no drawing here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from designer.core.findings import SEVERITY_RANK
from designer.core.format import compute, memory, number, plural, power
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.naming import display_name, natural_key
from designer.core.network import LinkTotals
from designer.core.rules import Report, Severity
from designer.core.rules.loads import NEAR_LIMIT, Load
from designer.core.totals import Totals, facility_kw
from designer.report.pages.cover import CoverContent, KeyFigure
from designer.report.pages.findings import FindingEntry

PRECISIONS = ("fp4", "fp8", "int8", "bf16")


def cover_content(
    project: Project,
    rack_types: Mapping[str, RackType],
    by_hall: Mapping[str, Totals],
    links: LinkTotals,
    report: Report,
    sheets: tuple[tuple[int, str, str], ...],
    found: Sequence[Load] = (),
) -> CoverContent:
    """The cover's figures for ``project`` (``by_hall``: its ``totals_by_hall``), cabling and
    check, with the feeds, CDUs, halls and sites near their limit among the ``found`` loads."""
    totals = Totals()
    for hall_totals in by_hall.values():
        totals.absorb(hall_totals)
    pues = sorted({s.pue for s in project.sites.values()})
    pue_note = f"at PUE {number(pues[0], 2)}" if len(pues) == 1 else "at each site's PUE"
    kinds = ", ".join(f"{number(n, 0)} {k}" for k, n in sorted(totals.accelerators.items()))
    flops = [(p, totals.pflops_dense[p]) for p in PRECISIONS if p in totals.pflops_dense]
    head = flops[0] if flops else ("bf16", 0.0)
    hall_area = sum(h.area_m2 for h in project.halls.values())
    figures = [
        KeyFigure("Accelerators", number(totals.accelerator_count, 0), kinds),
        KeyFigure(
            f"Dense {head[0].upper()} compute",
            compute(head[1]),
            ", ".join(
                [
                    *(f"{p.upper()} {number(v)}" for p, v in flops[1:]),
                    f"HBM {memory(totals.hbm_tb)}",
                ]
            ),
        ),
        _check_figure(report, found),
        KeyFigure(
            "IT power, max", power(totals.it_max_kw), f"typical {power(totals.it_typical_kw)}"
        ),
        KeyFigure(
            "Facility power, max", power(facility_kw(project, rack_types, by_hall)), pue_note
        ),
        KeyFigure(
            "Racks",
            number(totals.racks, 0),
            f"{plural(len(project.halls), 'hall')}, {plural(len(project.sites), 'site')}",
        ),
        KeyFigure("Heat to liquid", power(totals.liquid_kw), "at max power"),
        KeyFigure("Heat to air", power(totals.air_kw), "at max power, before rear doors"),
        KeyFigure(
            "Floor area", f"{number(hall_area)} m²", f"{number(totals.rack_area_m2)} m² under racks"
        ),
        KeyFigure("Weight", f"{number(totals.weight_kg / 1000, 1)} t", "racks as configured"),
        KeyFigure(
            "Optics power",
            power(links.optics_power_kw, 2),  # as the bill of materials gives it
            f"{plural(links.links, 'link')}, {plural(links.fibre_pairs, 'DCI fibre pair')}",
        ),
        KeyFigure(
            "Cabling cost",
            f"{number(links.cost_usd / 1e6, 2 if links.cost_usd < 1e8 else 0)} M USD",
            "low-confidence prices",
        ),
    ]

    by_type = tuple(
        (number(count, 0), rack_types[type_id].name)
        for type_id, count in sorted(totals.racks_by_type.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    sites = []
    for site in project.sites.values():
        halls = [h for h in project.halls.values() if h.site_id == site.id]
        where = f", {site.location}" if site.location else ""
        sites.append(f"{site.name}{where}: {power(site.power_capacity_kw)} available")
        for hall in halls:
            racks = by_hall[hall.id]
            sites.append(f"    {hall.name}: {racks.racks} racks, {power(racks.it_max_kw)}")
    meta = project.meta
    byline = " · ".join(
        part
        for part in (f"Revision {meta.revision}", meta.date, meta.author and f"by {meta.author}")
        if part
    )
    return CoverContent(
        meta.name, meta.description, byline, tuple(figures), by_type, tuple(sites), sheets
    )


def _check_figure(report: Report, found: Sequence[Load]) -> KeyFigure:
    """Errors, warnings, and the loads near their limit: a trial read "No errors, 0
    warnings" on the cover of a set whose tables showed every hall in amber at 96 %."""
    counts = report.counts()
    errors, warnings = counts[Severity.ERROR], counts[Severity.WARNING]
    value = "No errors" if not errors else plural(errors, "error")
    near = sum(NEAR_LIMIT < load.share <= 1 for load in found)
    close = f"{plural(near, 'load')} above {number(NEAR_LIMIT * 100, 0)} % of limit"
    note = f"{plural(warnings, 'warning')}; " + (close if near else "see the findings")
    return KeyFigure("Design check", value, note, alert=errors > 0)


def finding_entries(project: Project, report: Report) -> tuple[list[FindingEntry], str]:
    """The findings as printed, and a one-line count of them."""
    entries = [
        FindingEntry(
            severity=str(f.severity),
            code=f.code,
            message=f.message,
            items=", ".join(display_name(project, i) for i in f.ids),
            excluded_comment=f.comment if f.excluded else None,
        )
        for f in report.findings
    ]
    # The checker orders findings by severity, code and ids; a reader looks for racks by
    # their labels, so each code's findings are listed in the labels' natural order.
    entries.sort(key=lambda e: (SEVERITY_RANK[Severity(e.severity)], e.code, natural_key(e.items)))
    counts = report.counts()
    excluded = sum(f.excluded for f in report.findings)
    summary = ", ".join(
        f"{counts[s]} {s}{'s' if counts[s] != 1 and s is not Severity.INFO else ''}"
        for s in Severity
    )

    if excluded:
        summary += f"; {excluded} accepted with a comment and not counted"
    return entries, summary.capitalize() + "."
