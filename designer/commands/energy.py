"""``energy FILE``: a design's year of energy, its cost and carbon per site, its capital,
and what moving a hall to another site would change.

Its own command rather than a part of ``summary``: these figures rest on assumptions the
summary does not make (which rack power, the load factor, where the PUE comes from, a WUE),
given here as options, and a multi-site design adds a table of moves.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from designer.commands._common import (
    CommandError,
    fail,
    no_stdout,
    not_the_input,
    open_project,
    project_output,
)
from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.energy.cost import Capital, price_bom
from designer.core.energy.energy import (
    HOURS_PER_YEAR,
    Assumptions,
    ProjectEnergy,
    project_energy,
)
from designer.core.energy.siting import HallMove, hall_moves
from designer.core.energy.text import latency, signed, usd
from designer.core.format import number
from designer.core.io.atomic import OutputError, write_output
from designer.core.io.project_file import to_bytes
from designer.core.jobs import plan_jobs
from designer.core.model.project import Project
from designer.core.network import bill_of_materials
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN
from designer.core.rules.text import called, first_up
from designer.core.totals import totals_by_hall


def add_assumption_arguments(parser: argparse.ArgumentParser) -> None:
    """The options a year of energy is counted with (``energy`` and ``compare``)."""
    parser.add_argument(
        "--basis",
        choices=("typical", "max"),
        default="typical",
        help="each rack's typical or maximum power (default: typical)",
    )
    parser.add_argument(
        "--load-factor",
        type=_share,
        default=1.0,
        metavar="F",
        help="the share of the year the racks draw that power, more than 0 and at most 1 "
        "(default: 1)",
    )
    parser.add_argument(
        "--pue",
        choices=("site", "cooling"),
        default="site",
        help="each site's PUE setting, or a PUE worked out from its racks' liquid and air "
        "cooling (default: site)",
    )
    parser.add_argument(
        "--wue",
        type=float,
        metavar="L_PER_KWH",
        help="litres of water per kWh of IT energy (the Green Grid's WUE) for every site, in "
        "place of each site's own WUE (default: each site's, where it has one)",
    )
    # named and in the units of the site's settings ("Energy price ($/MWh)", "Grid carbon
    # (g/kWh)"), so a figure moves between the designer and the command line unchanged
    parser.add_argument(
        "--price",
        type=float,
        metavar="USD_PER_MWH",
        help="US dollars per MWh of facility energy for every site, in place of each site's "
        "energy price (default: each site's, where it has one)",
    )
    parser.add_argument(
        "--carbon",
        type=float,
        metavar="G_PER_KWH",
        help="grams of CO2 per kWh of the grid for every site, in place of each site's grid "
        "carbon intensity (default: each site's, where it has one)",
    )


def assumptions_of(args: argparse.Namespace) -> Assumptions:
    """The assumptions the options give; ``CommandError`` for a WUE, a price or a carbon
    intensity out of range (negative, nan, inf, or more than a site's setting may hold)."""
    try:
        return Assumptions(
            basis=args.basis,
            load_factor=args.load_factor,
            pue_from=args.pue,
            wue_l_per_kwh=args.wue,
            price_usd_per_mwh=args.price,
            carbon_g_per_kwh=args.carbon,
        )
    except ValueError as err:
        raise CommandError(str(err)) from err


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a load factor: give a share of the year, more than 0 and at most 1"
        )
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a rackplan project file (.rackplan.json)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    add_assumption_arguments(parser)
    # a trial: the price and carbon given here reached no export, whose energy sheet read
    # "unknown", as nothing on the command line could store them in the project
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="write the project to OUT with --price, --carbon and --wue set on every site, "
        "so that the designer and the PDF's energy sheet read them",
    )


#: The options ``-o`` stores, by the site setting each goes to.
STORED = {
    "price": "energy_price_per_mwh",
    "carbon": "carbon_g_per_kwh",
    "wue": "wue_l_per_kwh",
}


def run(args: argparse.Namespace) -> int:
    try:
        project = open_project(args.file, "work out its energy").project
        assumptions = assumptions_of(args)
        if args.output is not None:
            project = _stored(project, args)
            write_output(Path(args.output), to_bytes(project))
    except (CommandError, OutputError) as err:
        return fail(err)
    data = energy_data(project, assumptions)
    print(json.dumps(data, indent=2) if args.format == "json" else as_text(data))
    if args.output is not None:
        print(f"wrote {args.output}")
    return 0


def _stored(project: Project, args: argparse.Namespace) -> Project:
    """``project`` with the figures of ``--price``, ``--carbon`` and ``--wue`` that were
    given set on every site (one edit, as the designer makes it)."""
    changes = {field: getattr(args, option) for option, field in STORED.items()}
    changes = {field: value for field, value in changes.items() if value is not None}
    if not changes:
        raise CommandError(
            f"-o {args.output}: give --price, --carbon or --wue to store on every site; "
            "without them there is nothing to write"
        )
    no_stdout(args.output, "a project file")
    not_the_input(args.output, args.file)
    project_output(args.output)
    doc = Document(project, catalog=default_catalog())
    ops.update_many(doc, list(project.sites), **changes)
    return doc.project


def energy_data(project: Project, assumptions: Assumptions) -> dict[str, Any]:
    """The energy, capital and siting figures as plain data, the same for text and JSON."""
    catalog = default_catalog()
    rack_types = catalog.with_custom_racks(project.custom_types)
    by_hall = totals_by_hall(project, rack_types)
    energy = project_energy(project, rack_types, assumptions, by_hall)
    bom = bill_of_materials(RuleEngine(catalog).derived(PLAN, project))
    capital = price_bom(bom, rack_types, catalog.switches, energy.accelerators)
    jobs = plan_jobs(project, rack_types) if project.jobs and len(project.sites) > 1 else None
    moves = hall_moves(project, by_hall, assumptions, jobs)
    return {
        "project": project.meta.name,
        "revision": project.meta.revision,
        "assumptions": {
            "basis": assumptions.basis,
            "load_factor": assumptions.load_factor,
            "pue_from": assumptions.pue_from,
            "wue_l_per_kwh": assumptions.wue_l_per_kwh,
            "price_usd_per_mwh": assumptions.price_usd_per_mwh,
            "carbon_g_per_kwh": assumptions.carbon_g_per_kwh,
            "hours_per_year": HOURS_PER_YEAR,
        },
        **_energy_dict(energy),
        "capital": _capital_dict(capital, energy),
        "siting": [_move_dict(m) for m in moves],
    }


def _r(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def _energy_dict(energy: ProjectEnergy) -> dict[str, Any]:
    per = energy.per_accelerator_year
    return {
        "sites": [
            {
                "id": s.site_id,
                "name": s.name,
                "racks": s.totals.racks,
                "accelerators": s.totals.accelerator_count,
                "it_power_typical_kw": _r(s.totals.it_typical_kw),
                "it_power_max_kw": _r(s.totals.it_max_kw),
                "pue": _r(s.pue.value, 4),
                "pue_source": s.pue.source,
                "it_mwh_per_year": _r(s.it_mwh),
                "facility_mwh_per_year": _r(s.facility_mwh),
                "price_usd_per_mwh": s.price_per_mwh,
                "carbon_g_per_kwh": s.carbon_g_per_kwh,
                "cost_usd_per_year": _r(s.cost_usd, 2),
                "carbon_t_per_year": _r(s.carbon_t),
                "wue_l_per_kwh": s.wue_l_per_kwh,
                "water_m3_per_year": _r(s.water_m3),
            }
            for s in energy.sites
        ],
        "total": {
            "accelerators": energy.accelerators,
            "it_mwh_per_year": _r(energy.it_mwh),
            "facility_mwh_per_year": _r(energy.facility_mwh),
            "cost_usd_per_year": _r(energy.cost_usd, 2),
            "carbon_t_per_year": _r(energy.carbon_t),
            "water_m3_per_year": _r(energy.water_m3),
            "sites_without_price": list(energy.price_missing),
            "sites_without_carbon": list(energy.carbon_missing),
            "sites_without_wue": list(energy.water_missing),
        },
        "per_accelerator_year": {
            "facility_mwh": _r(per(energy.facility_mwh), 4),
            "cost_usd": _r(per(energy.cost_usd), 2),
            "carbon_t": _r(per(energy.carbon_t), 4),
        },
    }


def _capital_dict(capital: Capital, energy: ProjectEnergy) -> dict[str, Any]:
    return {
        "priced_usd": _r(capital.priced_usd, 2),
        "low_usd": _r(capital.low_usd, 2),
        "high_usd": _r(capital.high_usd, 2),
        "per_accelerator_usd": _r(capital.per_accelerator_usd, 2),
        "energy_cost_usd_per_year": _r(energy.cost_usd, 2),
        "confidence": "low",
        "priced": [
            {
                "category": p.line.category,
                "item": p.line.item,
                "quantity": p.line.quantity,
                "unit_usd": p.unit_usd,
                "cost_usd": _r(p.cost_usd, 2),
                "source": p.source,
            }
            for p in capital.lines
            if p.cost_usd is not None and p.line.category not in ("module", "cable")
        ],
        "network_usd": _r(
            sum(p.cost_usd or 0 for p in capital.lines if p.line.category in ("module", "cable")),
            2,
        ),
        "unpriced": [
            {
                "category": p.line.category,
                "item": p.line.item,
                "length_m": p.line.length_m,
                "quantity": p.line.quantity,
            }
            for p in capital.unpriced
        ],
    }


def _move_dict(move: HallMove) -> dict[str, Any]:
    return {
        "hall": move.hall,
        "from": move.from_site,
        "to": move.to_site,
        "it_mwh_per_year": _r(move.it_mwh),
        "facility_mwh_per_year_before": _r(move.facility_mwh_before),
        "facility_mwh_per_year_after": _r(move.facility_mwh_after),
        "cost_change_usd_per_year": _r(move.cost_delta_usd, 2),
        "carbon_change_t_per_year": _r(move.carbon_delta_t),
        "power_needed_kw": _r(move.power_needed_kw),
        "power_spare_kw": _r(move.power_spare_kw),
        "heat_kw": _r(move.heat_kw),
        "cooling_spare_kw": _r(move.cooling_spare_kw),
        "fits": move.fits,
        "jobs": [
            {
                "job": j.name,
                "accelerators_in_hall": j.accelerators_in_hall,
                "dci_latency_us_before": _r(j.before_us, 1),
                "dci_latency_us_after": _r(j.after_us, 1),
            }
            for j in move.jobs
        ],
    }


def as_text(data: dict[str, Any]) -> str:
    """The figures as a page a person reads in a terminal."""
    a = data["assumptions"]
    pue = "each site's PUE setting" if a["pue_from"] == "site" else "each site's cooling mix"
    lines = [
        f"Project: {data['project']} (revision {data['revision']})",
        f"A year counted at each rack's {a['basis']} power x load factor "
        f"{number(a['load_factor'], 2)}, 8,760 h, and {pue}",
    ]
    given = _given_text(a)
    if given:
        lines.append(f"Given for every site, in place of its own: {given}")
    for s in data["sites"]:
        lines.append(
            f"{first_up(called('site', s['name']))}: {number(s['racks'], 0)} racks, "
            f"{number(s['accelerators'], 0)} accelerators, "
            f"{number(s['it_power_typical_kw'])} kW typical, {number(s['it_power_max_kw'])} kW max"
        )
        lines.append(f"  PUE {number(s['pue'], 3)}: {s['pue_source']}")
        lines.append(
            f"  IT {number(s['it_mwh_per_year'], 0)} MWh, facility "
            f"{number(s['facility_mwh_per_year'], 0)} MWh a year"
        )
        price = (
            f"at ${number(s['price_usd_per_mwh'], 2)}/MWh {usd(s['cost_usd_per_year'])} a year"
            if s["price_usd_per_mwh"] is not None
            else "no energy price set: cost unknown"
        )
        carbon = (
            f"at {number(s['carbon_g_per_kwh'], 0)} g CO2/kWh "
            f"{number(s['carbon_t_per_year'], 0)} t CO2 a year"
            if s["carbon_g_per_kwh"] is not None
            else "no grid carbon intensity set: carbon unknown"
        )
        lines.append(f"  {price}; {carbon}")
        if s["water_m3_per_year"] is not None:
            lines.append(
                f"  water {number(s['water_m3_per_year'], 0)} m³ a year at WUE "
                f"{number(s['wue_l_per_kwh'], 2)} L/kWh"
            )
    t, per = data["total"], data["per_accelerator_year"]
    lines.append(
        f"Project a year: IT {number(t['it_mwh_per_year'], 0)} MWh, facility "
        f"{number(t['facility_mwh_per_year'], 0)} MWh, cost {usd(t['cost_usd_per_year'])}, "
        + (
            "carbon unknown"
            if t["carbon_t_per_year"] is None
            else f"carbon {number(t['carbon_t_per_year'], 0)} t CO2"
        )
        + (
            ""
            if t["water_m3_per_year"] is None
            else f", water {number(t['water_m3_per_year'], 0)} m³"
        )
    )
    # a site without a WUE is news only where another has one: most plans estimate no water
    some_water = any(s["water_m3_per_year"] is not None for s in data["sites"])
    for key, what in (
        ("sites_without_price", "price"),
        ("sites_without_carbon", "carbon"),
        ("sites_without_wue", "WUE"),
    ):
        if t[key] and (key != "sites_without_wue" or some_water):
            lines.append(f"  no {what} for: {', '.join(t[key])}")
    if t["accelerators"]:
        lines.append(
            f"Per accelerator-year: {number(per['facility_mwh'], 2)} MWh of facility energy, "
            f"energy cost {usd(per['cost_usd'])}"
            + ("" if per["carbon_t"] is None else f", {number(per['carbon_t'], 2)} t CO2")
        )
    lines.extend(_capital_text(data["capital"]))
    lines.extend(_siting_text(data["siting"]))
    return "\n".join(lines)


def _given_text(a: dict[str, Any]) -> str:
    """The figures the options gave every site (``--price``, ``--carbon``, ``--wue``), so a
    reader sees a site's cost or water was not worked out from its own settings."""
    given = []
    if a["price_usd_per_mwh"] is not None:
        given.append(f"energy price ${number(a['price_usd_per_mwh'], 2)}/MWh")
    if a["carbon_g_per_kwh"] is not None:
        given.append(f"grid carbon {number(a['carbon_g_per_kwh'], 3)} g CO2/kWh")
    if a["wue_l_per_kwh"] is not None:
        given.append(f"WUE {number(a['wue_l_per_kwh'], 3)} L/kWh")
    return ", ".join(given)


def _capital_text(c: dict[str, Any]) -> list[str]:
    spread = (
        f" (sources' ranges {usd(c['low_usd'])} to {usd(c['high_usd'])})"
        if c["low_usd"] != c["high_usd"]
        else ""
    )
    lines = [
        f"Capital where a source prices it (low confidence): {usd(c['priced_usd'])}{spread}, "
        f"{usd(c['per_accelerator_usd'])} per accelerator; energy cost a year: "
        f"{usd(c['energy_cost_usd_per_year'])}",
        f"  optics and cables: {usd(c['network_usd'])} (media prices)",
    ]
    for p in c["priced"]:
        lines.append(
            f"  {number(p['quantity'], 0)} x {p['item']} at {usd(p['unit_usd'])}: "
            f"{usd(p['cost_usd'])} ({p['source']})"
        )
    if c["unpriced"]:
        lines.append("  not priced (no sourced price):")
        for p in c["unpriced"]:
            run = f" ({number(p['length_m'])} m)" if p["length_m"] else ""
            lines.append(f"    {number(p['quantity'], 0)} x {p['item']}{run}")
    return lines


#: Moves that do not fit listed one by one up to this many; more are said in one line.
LISTED_MISFITS = 6


def _siting_text(moves: list[dict[str, Any]]) -> list[str]:
    """Each move of a hall to another site; where more than ``LISTED_MISFITS`` do not fit
    (a campus's 48, every one "does not fit"; a trial), the ones that do, and the others
    in one line."""
    if not moves:
        return []
    lines = ["Moving one hall to another site (its racks, fabric and DCI not rebuilt):"]
    misfits = [m for m in moves if not m["fits"]]
    summed = len(misfits) > LISTED_MISFITS
    for m in moves:
        if summed and not m["fits"]:
            continue
        fits = "fits" if m["fits"] else "does not fit"
        lines.append(
            f"  {m['hall']}, {m['from']} to {m['to']}: energy cost "
            f"{signed(m['cost_change_usd_per_year'])}, carbon "
            f"{signed(m['carbon_change_t_per_year'], 't CO2')} a year; needs "
            f"{number(m['power_needed_kw'])} kW of {number(m['power_spare_kw'])} kW power "
            f"spare and rejects {number(m['heat_kw'])} kW of heat of "
            f"{number(m['cooling_spare_kw'])} kW spare: {fits}"
        )
        for j in m["jobs"]:
            lines.append(
                f"    job {j['job']} ({number(j['accelerators_in_hall'], 0)} accelerators "
                f"here): DCI latency {latency(j['dci_latency_us_before'])} to "
                f"{latency(j['dci_latency_us_after'])} one way"
            )
    if summed:
        # short of power, of heat rejection, or both: a review read "each hall needs 9,445
        # kW or more, and no site has more than 33,233.6 kW spare" of moves short of heat
        why = []
        for what, need, spare in (
            ("power", "power_needed_kw", "power_spare_kw"),
            ("heat rejection", "heat_kw", "cooling_spare_kw"),
        ):
            short = [m for m in misfits if m[need] > m[spare]]
            if short:
                why.append(
                    f"{len(short)} need {number(min(m[need] for m in short))} kW of {what} "
                    f"or more, where no site has more than "
                    f"{number(max(m[spare] for m in short))} kW spare"
                )
        lines.append(
            f"  {len(misfits)} {'other ' if len(misfits) < len(moves) else ''}moves do not "
            f"fit: {'; '.join(why)} (--format json lists each)"
        )
    return lines
