"""The headline figures of a plan: links by medium, optics power, cost, switches, DCI."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from designer.core.network.bom import Bom, bill_of_materials
from designer.core.network.dci import RouteDemand
from designer.core.network.index import DCI
from designer.core.network.network_plan import NetworkPlan


@dataclass(frozen=True)
class LinkTotals:
    """What a summary shows of the cabling.

    ``by_medium`` counts the links to order per medium, in ladder order; the NVLink spine
    inside NVL72 racks is counted apart (``in_rack_nvlink``), and ``unplanned`` counts the
    links no route or medium was found for. ``unconnected_ports`` are scale-out ports no
    fabric takes (the site has no network rack yet, or too few switches). ``dci_media`` names
    the medium of each route of ``dci`` ("coherent ZR+"), empty where none reaches: such a
    route carries nothing, whatever its demand. ``fibre_us_per_km`` turns a DCI route's
    length into its one-way propagation latency.
    """

    bundles: int
    links: int
    by_medium: tuple[tuple[str, int], ...]
    in_rack_nvlink: int
    unplanned: int
    unconnected_ports: int
    optics_power_kw: float
    cost_usd: float
    switches: tuple[tuple[str, int], ...]
    fibre_pairs: int
    dci: tuple[RouteDemand, ...]
    dci_media: tuple[str, ...]
    fibre_us_per_km: float
    errors: int
    warnings: int
    #: Each site's leaves: its id, the node links they take and their uplinks (sites whose
    #: leaves have uplinks), what the oversubscription built is.
    leaves: tuple[tuple[str, int, int], ...] = ()


def link_totals(plan: NetworkPlan, bom: Bom | None = None) -> LinkTotals:
    """Sum up ``plan``; pass its ``bom`` when you already have it (it is the costly part)."""
    table = plan.table()
    cols = plan.columns()
    media = plan.media
    # links per medium position (-1: none), summed in numpy: tens of thousands of bundles
    shifted = cols.medium.astype(np.intp) + 1
    summed = np.zeros(len(media.media) + 1, dtype=np.int64)
    np.add.at(summed, shifted, table.count)
    present = np.flatnonzero(np.bincount(shifted, minlength=len(summed))).tolist()
    per_medium = {m - 1: int(summed[m]) for m in present}
    nvlink = media.index("nvlink_copper")
    unplanned = per_medium.pop(-1, 0)
    in_rack = per_medium.pop(nvlink, 0)
    bom = bom or bill_of_materials(plan)
    findings = plan.findings
    dci = plan.dci()
    needed = tuple(r for r in dci.routes if r.links) if dci else ()
    on = route_media(plan, needed)
    # a route no medium reaches lights nothing (a review: compare read 3.6 Tb/s of capacity
    # on a 5,000 km route)
    routes = tuple(r if m else replace(r, lit_tbps=0.0) for r, m in zip(needed, on, strict=True))
    return LinkTotals(
        bundles=len(table),
        links=sum(per_medium.values()),
        by_medium=tuple((media.media[m].short, n) for m, n in sorted(per_medium.items())),
        in_rack_nvlink=in_rack,
        unplanned=unplanned,
        unconnected_ports=sum(f.unconnected for f in plan.fabrics().values()),
        optics_power_kw=bom.optics_power_w / 1000,
        cost_usd=bom.cost_usd,
        switches=tuple(
            (line.item, line.quantity) for line in bom.lines if line.category == "switch"
        ),
        fibre_pairs=sum(line.quantity for line in bom.lines if line.category == "fibre_pair"),
        dci=routes,
        dci_media=on,
        fibre_us_per_km=media.constants.fibre_ns_per_m,
        errors=sum(f.severity == "error" for f in findings),
        warnings=sum(f.severity == "warning" for f in findings),
        leaves=_leaves(plan),
    )


def _leaves(plan: NetworkPlan) -> tuple[tuple[str, int, int], ...]:
    """Each site's node links to its leaves and its leaves' uplinks, where it has both: an
    audit read 4:1 asked and could not tell that 3.8:1 was built."""
    found = []
    for site_id, fabric in plan.fabrics().items():
        role, count = np.asarray(fabric.table.role), fabric.table.count
        down = int(count[role == "node-leaf"].sum())
        up = int(count[role == "leaf-spine"].sum())
        if down and up:
            found.append((site_id, down, up))
    return tuple(found)


def route_media(plan: NetworkPlan, routes: tuple[RouteDemand, ...]) -> tuple[str, ...]:
    """The short name of the medium each route's DCI bundle got ("" when none reaches or
    nothing is lit on it): each route's own, as two routes joining the same sites may run
    paths long enough apart to take different media (40 km ZR beside 150 km ZR+)."""
    unit, decided = plan.units.get(DCI), plan.decisions.get(DCI)
    dci = unit.dci if unit is not None else None
    chosen = (
        dict(zip(dci.row_routes, decided.medium.tolist(), strict=True))
        if dci is not None and decided is not None
        else {}
    )
    media = plan.media.media
    found = (chosen.get(r.route_id, -1) for r in routes)
    return tuple(media[m].short if m >= 0 else "" for m in found)
