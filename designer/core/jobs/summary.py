"""A job's placement and estimates as plain data: what the ``jobs`` command prints, the
Jobs panel lists and the report's sheet draws, built once here so they say the same."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from designer.core.format import plural
from designer.core.jobs.estimate import JobTraffic, PlaneTraffic, SitePairTraffic
from designer.core.jobs.formulas import pipeline_bubble
from designer.core.jobs.placement import Layout
from designer.core.jobs.text import data
from designer.core.model.job import Job, JobOrder
from designer.core.model.project import Project
from designer.core.naming import fibre_route_name


def plane_name(project: Project, plane: PlaneTraffic) -> str:
    """``scale-up``, ``scale-out`` or ``DCI Site 1 – Site 2`` (``, path 2`` on the second
    route joining the two sites)."""
    if plane.kind == "dci":
        return f"DCI {fibre_route_name(project, plane.route_id)}"
    return plane.kind.replace("_", "-")


def _plane(project: Project, plane: PlaneTraffic) -> dict[str, Any]:
    return {
        "plane": plane_name(project, plane),
        "kind": plane.kind,
        "route": plane.route_id or None,
        "per": "each way on the route" if plane.kind == "dci" else "per accelerator",
        "bytes": plane.bytes,
        "parts": dict(plane.parts),
        "gbps": plane.gbps,
        "seconds": None if math.isinf(plane.seconds) else plane.seconds,
        "distance_km": plane.distance_km if plane.kind == "dci" else None,
        "latency_us": plane.latency_us if plane.kind == "dci" else None,
    }


def describe(
    project: Project, job: Job, layout: Layout, traffic: JobTraffic | None
) -> dict[str, Any]:
    """Everything known of ``job``: its degrees, where its groups stand per site and hall,
    the systems it uses, and (when it is placed whole) its step, memory and planes."""
    placed = layout.jobs[job.id]
    counts = np.bincount(placed.groups, minlength=len(layout.domains))
    sites: dict[str, dict[str, Any]] = {}
    systems: list[tuple[str, str, str]] = []
    for index in np.flatnonzero(counts).tolist():
        domain = layout.domains[index]
        used = int(counts[index]) * job.group
        site_name = project.sites[domain.site].name if domain.site in project.sites else ""
        systems.append((domain.label, project.halls[domain.hall].name, site_name))
        site = sites.setdefault(
            domain.site,
            {
                "id": domain.site,
                "name": project.sites[domain.site].name if domain.site in project.sites else "",
                "accelerators": 0,
                "halls": {},
            },
        )
        site["accelerators"] += used
        halls = site["halls"]
        hall = halls.setdefault(
            domain.hall,
            {"id": domain.hall, "name": project.halls[domain.hall].name, "accelerators": 0},
        )
        hall["accelerators"] += used
    model = job.model
    data: dict[str, Any] = {
        "id": job.id,
        "name": job.name,
        "degrees": {d: getattr(job, d) for d in ("tp", "cp", "ep", "pp", "dp")},
        "accelerators": job.size,
        "group": job.group,
        "model": {
            "parameters": model.parameters,
            "active_parameters": model.active_parameters,
            "layers": model.layers,
            "hidden": model.hidden,
            "sequence": model.sequence,
            "precision": model.precision,
            "experts": model.experts,
            "top_k": model.top_k,
        },
        "micro_batch": job.micro_batch,
        "global_batch": job.global_batch,
        "zero": job.zero,
        "order": job.order,
        "placed": placed.complete,
        "sites": [{**s, "halls": list(s["halls"].values())} for s in sites.values()],
        "systems": _told_apart(systems),
        "racks": len(layout.racks_of(job.id)),
    }
    if traffic is not None:
        data.update(
            {
                "micro_batches": traffic.micro_batches,
                "compute_seconds": traffic.compute_s,
                "bubble": pipeline_bubble(job.pp, traffic.micro_batches),
                "utilisation": traffic.utilisation,
                "peak_tflops": traffic.peak_tflops,
                "memory_gb": traffic.state_gb,
                "hbm_gb": traffic.hbm_gb,
                "planes": [_plane(project, p) for p in traffic.planes],
                "site_pairs": [_pair(project, p) for p in traffic.pairs],
            }
        )
    return data


def _pair(project: Project, pair: SitePairTraffic) -> dict[str, Any]:
    """What a job sends between two of its sites and the fibre it takes end to end: the
    planes give each route's own length and latency, and a pair relayed through other
    sites crosses several."""

    def name(site_id: str) -> str:
        return project.sites[site_id].name if site_id in project.sites else site_id

    least_km, most_km = pair.path.km
    return {
        "sites": [name(s) for s in pair.sites],
        "via": [name(s) for s in pair.path.via],
        "routes": list(pair.path.route_ids),
        "bytes": pair.bytes,
        "distance_km": most_km,
        "shortest_km": least_km,
        "latency_us": pair.latency_us[1],
    }


def _told_apart(systems: list[tuple[str, str, str]]) -> list[str]:
    """Each system's label, with its hall's name where labels repeat (a campus repeats them
    hall by hall), and its site's too where that still repeats (halls named alike on two
    sites)."""
    shown: list[str] = []
    for shown in (
        [label for label, _, _ in systems],
        [f"{label} ({hall})" for label, hall, _ in systems],
        [f"{label} ({site} {hall})" for label, hall, site in systems],
    ):
        if len(set(shown)) == len(shown):
            break
    return shown


def placement_text(about: dict[str, Any]) -> str:
    """Where a described job stands: ``72 scale-up domains in 576 racks``, or that it
    stands nowhere (a job refused: "0 scale-up domains in 0 racks ()" said nothing)."""
    if not about["systems"]:
        return "placed on no scale-up domain (see the findings)"
    return f"{plural(len(about['systems']), 'scale-up domain')} in {plural(about['racks'], 'rack')}"


#: How each order lays a job's groups, as the sheet notes it under the placement.
ORDER_NOTES: dict[JobOrder, str] = {
    "stages": "Stages are laid in order along the floor, each stage's replicas side by side.",
    "pipelines": (
        "Pipelines are laid together, each replica's stages side by side: a pipeline that "
        "fits a scale-up domain keeps its PP traffic on scale-up, and DP crosses domains."
    ),
}


def order_text(about: dict[str, Any]) -> str:
    """The order a described job's groups are laid in, where it is not the default:
    ``Pipelines together: each replica's stages side by side``; empty for ``stages``, which
    is how every job was laid before it could choose."""
    if about["order"] == "stages":
        return ""
    return "Pipelines together: each replica's stages side by side"


def sites_text(about: dict[str, Any]) -> str:
    """Where a described job's accelerators are, site by site: ``Site 1: 576 in Hall 1``,
    ``Site 1: 576 (Hall 1: 288, Hall 2: 288)``, a site of more than three halls as ``in 8
    halls`` (a trial read "(Hall 1 576)" as a hall named so)."""
    parts = []
    for site in about["sites"]:
        halls = site["halls"]
        if len(halls) == 1:
            inside = f"in {halls[0]['name']}"
        elif len(halls) > 3:
            inside = f"in {len(halls)} halls"
        else:
            inside = "(" + ", ".join(f"{h['name']}: {h['accelerators']:,}" for h in halls) + ")"
        parts.append(f"{site['name']}: {site['accelerators']:,} {inside}")
    return "; ".join(parts)


def relayed_texts(about: dict[str, Any]) -> list[str]:
    """A line for each pair of a described job's sites that no route joins, end to end:
    the planes give its hops one route at a time (``Site 1 to Site 3 via Site 2: 19.3 GB
    each way per step over 80 km of fibre, 392 µs one way``)."""
    return [
        f"{pair['sites'][0]} to {pair['sites'][1]} via {' and '.join(pair['via'])}: "
        f"{data(pair['bytes'])} each way per step over {pair['distance_km']:,.0f} km of "
        f"fibre, {pair['latency_us']:,.0f} µs one way"
        for pair in about.get("site_pairs", ())
        if pair["via"]
    ]
