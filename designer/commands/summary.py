"""``summary FILE``: sites, halls, racks by type, the project's totals and its cabling."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Mapping
from typing import Any

from designer.commands._common import CommandError, fail, open_project
from designer.core.catalog import default_catalog
from designer.core.format import bandwidth, number, plural
from designer.core.model.equipment import RackType
from designer.core.model.project import Project
from designer.core.naming import fibre_route_name
from designer.core.network import LinkTotals, link_totals
from designer.core.network.dci import carried_text
from designer.core.rules import RuleEngine
from designer.core.rules.loads import room_air_kw
from designer.core.rules.network import PLAN
from designer.core.totals import Totals, facility_kw, project_totals, totals_by_hall

#: Precisions from the lowest to the highest, the order spec sheets list them.
PRECISIONS = ("fp4", "fp8", "int8", "bf16")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a rackplan project file (.rackplan.json)")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace) -> int:
    try:
        result = open_project(args.file, "summarise the project")
    except CommandError as err:
        return fail(err)
    data = summarize(result.project)
    print(json.dumps(data, indent=2) if args.format == "json" else as_text(data))
    return 0


def _totals_dict(totals: Totals) -> dict[str, Any]:
    return {
        "racks": totals.racks,
        "accelerators": totals.accelerator_count,
        "accelerators_by_kind": dict(sorted(totals.accelerators.items())),
        "dense_pflops": {
            k: round(totals.pflops_dense[k], 3) for k in PRECISIONS if k in totals.pflops_dense
        },
        "hbm_tb": round(totals.hbm_tb, 3),
        "it_power_typical_kw": round(totals.it_typical_kw, 2),
        "it_power_max_kw": round(totals.it_max_kw, 2),
        "heat_to_liquid_kw": round(totals.liquid_kw, 2),
        "heat_to_air_kw": round(totals.air_kw, 2),
        "weight_kg": round(totals.weight_kg, 1),
        "rack_floor_area_m2": round(totals.rack_area_m2, 2),
    }


def summarize(project: Project) -> dict[str, Any]:
    """The summary as plain data, the same for text and JSON output."""
    catalog = default_catalog()
    rack_types = catalog.with_custom_racks(project.custom_types)
    totals = project_totals(project, rack_types)
    by_hall = totals_by_hall(project, rack_types)
    sites = []
    for site in project.sites.values():
        halls = []
        for hall in project.halls.values():
            if hall.site_id != site.id:
                continue
            halls.append(
                {
                    "id": hall.id,
                    "name": hall.name,
                    "floor_area_m2": round(hall.area_m2, 2),
                    "floor_rating_kpa": hall.floor_rating_kpa,
                    "floor_type": hall.floor_type,
                    "power_capacity_kw": hall.power_capacity_kw,
                    **_totals_dict(by_hall[hall.id]),
                }
            )
        sites.append(
            {
                "id": site.id,
                "name": site.name,
                "location": site.location,
                "power_capacity_kw": site.power_capacity_kw,
                "cooling_capacity_kw": site.cooling_capacity_kw,
                "pue": site.pue,
                "halls": halls,
            }
        )
    by_type = [
        {"type_id": type_id, "name": rack_types[type_id].name, "count": count}
        for type_id, count in sorted(totals.racks_by_type.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    return {
        "project": project.meta.name,
        "revision": project.meta.revision,
        "sites": sites,
        "racks_by_type": by_type,
        "unknown_type_racks": totals.unknown_racks,
        "hall_floor_area_m2": round(sum(h.area_m2 for h in project.halls.values()), 2),
        "facility_power_max_kw": round(facility_kw(project, rack_types), 2),
        **_totals_dict(totals),
        "heat_to_room_air_kw": round(_room_air_kw(project, rack_types), 2),
        "links": _links_dict(link_totals(RuleEngine(catalog).derived(PLAN, project)), project),
    }


def _room_air_kw(project: Project, rack_types: Mapping[str, RackType]) -> float:
    """What of the air heat reaches the room: less what rear-door exchangers take."""
    return math.fsum(
        room_air_kw(rack, kind)
        for rack in project.placements.values()
        if (kind := rack_types.get(rack.type_id)) is not None
    )


def _links_dict(links: LinkTotals, project: Project) -> dict[str, Any]:
    return {
        "bundles": links.bundles,
        "links": links.links,
        "by_medium": dict(links.by_medium),
        "nvlink_links_in_racks": links.in_rack_nvlink,
        "links_without_route_or_medium": links.unplanned,
        "scale_out_ports_not_connected": links.unconnected_ports,
        "optics_power_kw": round(links.optics_power_kw, 3),
        "cost_usd": round(links.cost_usd, 2),
        "cost_confidence": "low",
        "switches": dict(links.switches),
        "fibre_pairs": links.fibre_pairs,
        "oversubscription_asked": project.settings.network.oversubscription,
        "site_count": len(project.sites),
        "leaves": [
            {
                "site": project.sites[site].name,
                "node_links": down,
                "uplinks": up,
                "oversubscription": round(down / up, 3),
            }
            for site, down, up in links.leaves
        ],
        "dci": [
            {
                "route": fibre_route_name(project, r.route_id),
                "from": project.sites[r.site_a].name,
                "to": project.sites[r.site_b].name,
                "distance_km": r.distance_km,
                "tbps": round(r.tbps, 3),
                "lit_tbps": round(r.lit_tbps, 3),
                "carries": carried_text(r, medium) if medium else None,
                "links": r.links,
                "fibre_pairs": r.pairs,
                "latency_us": round(r.distance_km * links.fibre_us_per_km, 1),
                "medium": medium or None,
            }
            for r, medium in zip(links.dci, links.dci_media, strict=True)
        ],
        "dci_sized_by": _dci_basis(project),
        "findings": {"errors": links.errors, "warnings": links.warnings},
    }


def _dci_basis(project: Project) -> str:
    """What the routes between sites are sized by, as ``network.dci`` sizes them: a trial
    added a job and saw 36 wavelengths a route become one, with nothing saying why."""
    network = project.settings.network
    share = f"{number(network.dci_share * 100, 1)} % of each site's scale-out"
    basis = share
    if project.jobs:
        basis = (
            f"the jobs' traffic between sites, or {share} where that is more"
            if network.dci_share
            else "the jobs' traffic between sites"
        )
    if network.dci_tbps:
        basis += "; a site given a figure of its own keeps it"
    return basis


def as_text(data: dict[str, Any]) -> str:
    """The summary as a page a person reads in a terminal."""
    lines = [f"Project: {data['project']} (revision {data['revision']})"]
    hall_count = sum(len(s["halls"]) for s in data["sites"])
    lines.append(f"Sites: {len(data['sites'])}   Halls: {hall_count}")
    for site in data["sites"]:
        where = f" ({site['location']})" if site["location"] else ""
        lines.append(
            f"  {site['name']}{where}: {number(site['power_capacity_kw'])} kW power, "
            f"{number(site['cooling_capacity_kw'])} kW cooling, PUE {site['pue']}"
        )
        for hall in site["halls"]:
            lines.append(
                f"    {hall['name']}: {number(hall['floor_area_m2'])} m², "
                f"{number(hall['floor_rating_kpa'])} kPa {hall['floor_type']} floor, "
                f"{hall['racks']} racks, {number(hall['it_power_max_kw'])} kW max of "
                f"{number(hall['power_capacity_kw'])} kW"
            )
    lines.append("Racks by type:")
    width = max((len(f"{r['count']:,}") for r in data["racks_by_type"]), default=1)
    for rack in data["racks_by_type"]:
        lines.append(f"  {rack['count']:>{width},}  {rack['name']} ({rack['type_id']})")
    if data["unknown_type_racks"]:
        lines.append(
            f"  {data['unknown_type_racks']:>{width},}  of unknown type (not counted below)"
        )
    kinds = ", ".join(f"{number(n, 0)} {k}" for k, n in data["accelerators_by_kind"].items())
    lines.append(
        f"Accelerators: {number(data['accelerators'], 0)}" + (f" ({kinds})" if kinds else "")
    )
    if data["dense_pflops"]:
        flops = "  ".join(f"{k.upper()} {number(v)}" for k, v in data["dense_pflops"].items())
        lines.append(f"Dense PFLOPS: {flops}")
    lines.append(f"HBM: {number(data['hbm_tb'])} TB")
    lines.append(
        f"IT power: {number(data['it_power_typical_kw'])} kW typical, "
        f"{number(data['it_power_max_kw'])} kW max"
    )
    lines.append(
        f"Facility power at max IT load and each site's PUE: {number(data['facility_power_max_kw'])} kW"
    )
    doors = data["heat_to_air_kw"] - data["heat_to_room_air_kw"]
    lines.append(
        f"Heat at max power: {number(data['heat_to_liquid_kw'])} kW to liquid, "
        f"{number(data['heat_to_air_kw'])} kW to air"
        + (
            f" ({number(doors)} kW of it taken by rear doors, "
            f"{number(data['heat_to_room_air_kw'])} kW to the room)"
            if doors > 0.005
            else ""
        )
    )
    lines.append(f"Weight: {number(data['weight_kg'], 0)} kg")
    lines.append(
        f"Floor area: {number(data['hall_floor_area_m2'])} m² of halls, "
        f"{number(data['rack_floor_area_m2'])} m² under racks"
    )
    lines.extend(_links_text(data["links"]))
    return "\n".join(lines)


def _leaves_text(leaves: list[dict[str, Any]], asked: float, sites: int) -> list[str]:
    """What the leaves take and send up, and the ratio that makes (an audit could not tell
    4:1 asked from 3.8:1 built): once where every one of the ``sites`` has leaves alike,
    else site by site."""
    if not leaves:
        return []
    said = [
        f"{number(s['node_links'], 0)} node links over {number(s['uplinks'], 0)} uplinks, "
        f"{number(s['oversubscription'], 2)}:1"
        for s in leaves
    ]
    off = any(abs(s["oversubscription"] - asked) > 0.005 for s in leaves)
    note = (
        f" ({number(asked, 2)}:1 asked; a leaf's uplinks are whole links and cages)" if off else ""
    )
    if len(set(said)) == 1 and len(leaves) == sites:
        each = " at each site" if sites > 1 else ""
        return [f"Leaves: {said[0]}{each}{note}"]
    return [f"Leaves{note}:"] + [
        f"  {s['site']}: {text}" for s, text in zip(leaves, said, strict=True)
    ]


def _links_text(links: dict[str, Any]) -> list[str]:
    """The cabling part of the summary page."""
    media = ", ".join(f"{number(n, 0)} {name}" for name, n in links["by_medium"].items())
    every = links["links"] + links["nvlink_links_in_racks"] + links["links_without_route_or_medium"]
    lines = [
        f"Links: {number(every, 0)} in {number(links['bundles'], 0)} bundles",
        f"  Cabled: {number(links['links'], 0)}" + (f" ({media})" if media else ""),
    ]
    if links["nvlink_links_in_racks"]:
        lines.append(
            f"  NVLink inside NVL72 racks: {number(links['nvlink_links_in_racks'], 0)} links"
        )
    if links["links_without_route_or_medium"]:
        lines.append(
            f"  Without a route or medium: {number(links['links_without_route_or_medium'], 0)} links"
        )
    if links["scale_out_ports_not_connected"]:
        lines.append(
            f"  Scale-out ports in no fabric yet: {number(links['scale_out_ports_not_connected'], 0)}"
        )
    lines.append(
        f"Optics and active cables: {number(links['optics_power_kw'], 2)} kW; "
        f"cost ${number(links['cost_usd'], 0)} (low-confidence prices)"
    )
    if links["switches"]:
        fabric = ", ".join(f"{number(n, 0)} {item}" for item, n in links["switches"].items())
        lines.append(f"Fabric switches: {fabric}")
    lines.extend(
        _leaves_text(links["leaves"], links["oversubscription_asked"], links["site_count"])
    )
    if links["dci"]:
        lines.append(f"DCI sized by {links['dci_sized_by']}:")
    for route in links["dci"]:
        head = f"DCI {route['route']}: {number(route['distance_km'])} km, "
        if route["medium"] is None:
            lines.append(
                f"{head}needs {bandwidth(route['tbps'])} but no medium reaches that far: "
                "nothing is lit (see the findings)"
            )
            continue
        lines.append(
            f"{head}{route['carries']}, {plural(route['fibre_pairs'], 'fibre pair')}, "
            f"{number(route['latency_us'])} µs one way in the fibre"
        )
    found = links["findings"]
    if found["errors"] or found["warnings"]:
        lines.append(
            f"Link findings: {plural(found['errors'], 'error')}, "
            f"{plural(found['warnings'], 'warning')}"
        )
    return lines
