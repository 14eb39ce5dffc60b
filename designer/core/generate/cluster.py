"""A whole cluster from a preset and a few options: sites, halls, racks and the fabric's racks.

``outline`` works out what a request builds (systems per site, halls, network racks,
megawatts) without building it, and refuses an impossible request with a
``GenerateError`` naming the option and its limit; ``generate`` builds the project.

How the numbers follow:

- A site takes as many systems as its supply carries at its PUE: facility power is the
  site's IT at maximum (systems and network racks) times the PUE (links B42). With no
  number of sites asked for, the fewest sites that carry the request are used; systems
  are spread evenly over them.
- The scale-out fabric of a site is counted by the planner's own rule
  (``network.fabric.count_tiers``: leaf, spine and core tiers of the switch's radix at
  the NIC rate), and the site gets the network racks that hold that many switches, spread
  over its halls by their systems. The planner then places the switches and wires every
  NIC, so no scale-out port is left unconnected.
- Sites are joined pairwise by fibre routes of ``site_km`` (the DCI is sized by the
  project's ``dci_share``); a distance no medium in the catalog reaches is refused. Two
  sites get two routes, so that no single cut splits them; the longer way a separate path
  may take is not known, so both are taken at ``site_km`` (an estimate), each carrying half.
- The same request always gives the same project: ids are sequential and nothing depends
  on the clock.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from designer.core.catalog import Catalog, default_catalog
from designer.core.document.document import sequential_ids
from designer.core.energy.energy import heat_mix_pue
from designer.core.energy.figures import default_economics
from designer.core.format import plural, power
from designer.core.generate.fitted import fitted_network_racks
from designer.core.generate.layout import HallLayout, LayoutError, Unit, unit_of
from designer.core.generate.leaves import with_leaf_racks
from designer.core.generate.presets import PRESETS, Fabric, Preset
from designer.core.generate.trays import sized_trays
from designer.core.model import Entity, Hall, Project
from designer.core.model.base import MAX_KW
from designer.core.model.equipment import RackType
from designer.core.model.network_settings import NetworkSettings
from designer.core.model.project import COLLECTIONS, ProjectMeta, ProjectSettings
from designer.core.model.site import FibreRoute, Site
from designer.core.network.fabric import cage_links, count_tiers, radix, switches_by_hall
from designer.core.network.media import default_media
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN

#: Limits of a request, each named by the option that sets it.
MAX_ACCELERATORS = 2_000_000
MAX_SITES = 64
MAX_HALLS_PER_SITE = 200
HALL_GAP = 10_000
HALLS_ACROSS = 4
#: A generated hall's (and site's heat rejection) capacity over its IT at maximum: loaded to
#: 80 % at most, the continuous share of links B32.
HEADROOM = 1 / 0.8
#: The most supply per site a request may ask (MW): a site's heat rejection is its IT (at
#: most its supply) with ``HEADROOM``, and that must stay within what a project holds.
MAX_SITE_POWER_MW = MAX_KW / 1000 / HEADROOM


@dataclass(frozen=True)
class Mention:
    """An option a refusal names, with the values it suggests, worded by the door it is read
    at: the command line's ``--fabric infiniband``, the dialog's "Fabric: InfiniBand" (a
    trial's dialog said "choose --fabric infiniband" beside its Fabric field). ``bare``: the
    values alone, without the option ("no ethernet switch")."""

    option: str
    values: tuple[str, ...] = ()
    bare: bool = False


def as_option(mention: Mention) -> str:
    """``mention`` as the command line words it: ``--fabric infiniband``, ``ethernet``."""
    values = " or ".join(mention.values)
    if mention.bare:
        return values
    return f"--{mention.option} {values}" if values else f"--{mention.option}"


class GenerateError(ValueError):
    """A request that cannot be built: ``option`` names what to change.

    Its text is ``parts``: words, and the ``Mention`` of each option it names besides, which
    ``worded`` gives as the door asking words them; ``message`` and ``str()`` word them as
    the command line does."""

    def __init__(self, option: str, *parts: str | Mention) -> None:
        self.option = option
        self.parts = parts
        #: What is wrong, without the option's name (a dialog names its field instead).
        self.message = self.worded(as_option)
        super().__init__(f"{option}: {self.message}")

    def worded(self, name: Callable[[Mention], str]) -> str:
        """What is wrong, each option it names besides worded by ``name``."""
        return "".join(p if isinstance(p, str) else name(p) for p in self.parts)


@dataclass(frozen=True)
class ClusterRequest:
    """What the architect asks for; ``None`` takes the preset's default."""

    preset: str
    systems: int | None = None
    accelerators: int | None = None
    sites: int | None = None
    site_power_mw: float | None = None
    site_km: float | None = None
    halls_per_site: int | None = None
    per_row: int | None = None
    oversubscription: float = 1.0
    fabric: Fabric | None = None


def oversubscription_of(text: str) -> float:
    """Leaf downlinks per uplink as typed: a number (``2``, ``1.5``) or a ratio as the tool
    prints it (``2:1``, ``1.5:1``; a trial's ``--oversubscription 2:1`` was refused as no
    number). ``GenerateError`` for text that is neither; the range is ``outline``'s."""
    typed = text.strip()
    down, colon, up = typed.partition(":")
    try:
        return float(down) / float(up) if colon else float(down)
    except ValueError:
        refusal = "is not a number such as 2 nor a ratio such as 2:1"
    except ZeroDivisionError:
        refusal = "has no uplinks: give downlinks per uplink, such as 2:1 or 2"
    raise GenerateError("oversubscription", f"{typed!r} {refusal}")


@dataclass(frozen=True)
class SitePlan:
    """One site of an outline: its systems, halls and network racks."""

    systems: int
    halls: tuple[int, ...]
    #: the network racks of each hall (none past three tiers of switches)
    hall_network: tuple[int, ...]
    #: IT power at most, its network racks holding the switches its fabric places (as
    #: ``generate`` builds them), and with its network racks full (as Insert Pod brings
    #: them, with slots for what a grown fabric adds)
    it_kw: float
    full_racks_it_kw: float

    @property
    def network_racks(self) -> int:
        """The site's network racks; -1 when its fabric needs more than three tiers."""
        return sum(self.hall_network) if self.hall_network else -1


@dataclass(frozen=True)
class Outline:
    """What a request builds, worked out before anything is built."""

    preset: Preset
    unit: Unit
    network: RackType
    switch_name: str
    systems: int
    accelerators: int
    per_row: int
    site_km: float
    site_power_kw: float
    oversubscription: float
    #: the PUE its sites state (``unit_pue``)
    pue: float
    sites: tuple[SitePlan, ...] = field(default_factory=tuple)
    #: the accelerators asked for, where the request named them rather than systems
    asked: int | None = None

    @property
    def title(self) -> str:
        return self.preset.title_of(self.systems)

    @property
    def air(self) -> str:
        """Where the halls' air heat goes: CRAHs on the walls (a campus, or a pod preset
        laid out as one), or in-row coolers in a pod's network row."""
        return "crah" if self.preset.campus or self.preset.scaled(self.systems) else "inrow"

    @property
    def noun(self) -> str:
        """What the preset repeats, as a title counts it: "system", or "compute rack" (a
        title's "278 racks" beside a title block's 418 racks, the network's counted, read
        as a contradiction; a trial)."""
        return "system" if self.unit.is_system else "compute rack"

    @property
    def racks(self) -> int:
        """Racks of the systems (compute and the systems' own switch racks)."""
        return self.systems * (len(self.unit.racks) if self.unit.is_system else 1)

    @property
    def network_racks(self) -> int:
        return sum(s.network_racks for s in self.sites)

    @property
    def halls(self) -> int:
        return sum(len(s.halls) for s in self.sites)

    @property
    def it_mw(self) -> float:
        return math.fsum(s.it_kw for s in self.sites) / 1000

    @property
    def facility_mw(self) -> float:
        return self.it_mw * self.pue

    def full_racks_it_kw(self, more_network: int = 0) -> float:
        """IT power at most with every network rack full, as Insert Pod brings them, and
        ``more_network`` full racks more (those a pod brings for its site's grown fabric)."""
        return (
            math.fsum(s.full_racks_it_kw for s in self.sites) + more_network * self.network.max_kw
        )

    def _rounded_up(self) -> str:
        """Why there are more accelerators than were asked for: whole systems or racks (a
        trial's --accelerators 7 built 32, with no word of it)."""
        if self.asked is None or self.asked == self.accelerators:
            return ""
        each = self.accelerators // self.systems
        return f" ({self.asked:,} asked for, rounded up to whole {self.noun}s of {each:,})"

    def lines(
        self, pue: float | None = None, full_racks: bool = False, more_network: int = 0
    ) -> list[str]:
        """What will be built, as the dialog and the command show it before building; its
        facility power at ``pue`` when it goes into a site that states its own (a pod), with
        its network racks ``full_racks`` where it goes in so (Insert Pod), and
        ``more_network`` racks more where the pod brings them for its site's grown fabric."""
        pue = self.pue if pue is None else pue
        it_kw = self.full_racks_it_kw(more_network) if full_racks else self.it_mw * 1000
        full = " (its network racks full)" if full_racks else ""
        mine = "of the systems" if self.unit.is_system else "compute"
        network = self.network_racks + more_network
        return [
            f"{self.title}: {plural(self.systems, self.noun)} of {self.unit.name}",
            f"Accelerators: {self.accelerators:,}{self._rounded_up()}",
            f"Racks: {self.racks:,} {mine} and {plural(network, 'network rack')}"
            f" ({self.switch_name})",
            f"Sites: {len(self.sites)}, halls: {self.halls}",
            f"IT power at maximum: {power(it_kw)}{full}; facility at PUE "
            f"{pue:g}: {power(it_kw * pue)}",
        ]

    def generated(self, powered: bool) -> str:
        """What was asked, as the project's description keeps it: what the design was made
        from, not its figures, which the cover and the check give as the design stands (a
        trial's cover read "Accelerators: 100,008" from the description above tiles of
        100,584 once a pod was added). ``powered``: its sites supply the power they were
        sized by (a campus, or a power asked), else each is sized to its design."""
        sites = len(self.sites)
        supply = f" of {self.site_power_kw / 1000:g} MW" if powered else ""
        apart = f", {self.site_km:g} km apart" if sites > 1 else ""
        return (
            f"Generated by rackplan from the preset {self.preset.name}: "
            f"{plural(self.systems, self.noun)} of {self.unit.name} over "
            f"{plural(sites, 'site')}{supply}{apart}; scale-out on {self.switch_name} at "
            f"{self.oversubscription:g}:1."
        )


def outline(request: ClusterRequest, catalog: Catalog | None = None) -> Outline:
    """Validate ``request`` and work out what it builds; ``GenerateError`` when impossible."""
    catalog = catalog or default_catalog()
    preset, unit, per_system, systems = _sized(request, catalog)
    per_row = _positive("per-row", request.per_row, preset.row_pair(systems), 10_000)
    if not 1 <= request.oversubscription <= 64:
        raise GenerateError(
            "oversubscription",
            f"must be from 1 to 64 (downlinks per uplink), not {request.oversubscription:g}",
        )
    fabric = request.fabric or preset.fabric
    network, k, cage = _network_rack(catalog, unit, fabric)
    site_power = _number(
        "site-power", request.site_power_mw, preset.site_power_mw, MAX_SITE_POWER_MW
    )
    site_km = _number("site-km", request.site_km, preset.site_km, 20_000)
    reach_km = max(o.reach_m for m in default_media().media for o in m.offers) / 1000
    if site_km > reach_km:
        raise GenerateError(
            "site-km", f"{site_km:,g} km is farther than any medium reaches ({reach_km:,g} km)"
        )
    switch = catalog.switches[network.switches.switch_id]  # type: ignore[union-attr]
    shape = _Shape(preset, unit, network, k, cage, request.oversubscription, unit_pue(unit))
    sites = _sites(request, shape, systems, site_power * 1000)
    return Outline(
        preset,
        unit,
        network,
        switch.name,
        systems,
        systems * per_system,
        per_row,
        site_km,
        site_power * 1000,
        request.oversubscription,
        shape.pue,
        sites,
        request.accelerators,
    )


def default_per_row(request: ClusterRequest, catalog: Catalog | None = None) -> int:
    """The units in one row pair ``request`` builds when it names none: its preset's, or,
    for a pod preset asked for more than its own size (laid out as a campus of its racks),
    the campus's: a GB300 SU's 8, but 32 for 9,000 GPUs (the dialog greyed 8 beside plans of
    16 racks a line; a trial). ``GenerateError`` when the preset or the size is refused."""
    preset, _, _, systems = _sized(request, catalog or default_catalog())
    return preset.row_pair(systems)


def _sized(request: ClusterRequest, catalog: Catalog) -> tuple[Preset, Unit, int, int]:
    """The preset ``request`` names, its unit on the fabric asked (``Preset.unit_on``: a
    GB300 NVL72's on Ethernet runs its NICs as 2 x 400GbE), the accelerators of one system
    and the systems asked for."""
    preset = PRESETS.get(request.preset)
    if preset is None:
        raise GenerateError(
            "preset", f"{request.preset!r} is not a preset; choose one of {', '.join(PRESETS)}"
        )
    unit = unit_of(catalog, preset.unit_on(request.fabric or preset.fabric), preset.is_system)
    per_system = sum(r.accelerators or 0 for r in unit.racks[: _racks_per_system(unit)])
    return preset, unit, per_system, _systems(request, preset, per_system)


def unit_pue(unit: Unit) -> float:
    """The PUE a generated design's sites state: its systems' heat to liquid and to air at
    max power, each at its cooling's PUE in the catalog (liquid 1.15, air 1.5: links B42),
    to two decimals. GB200 NVL72 (87 % to liquid) gives 1.2, a CloudMatrix384 with its
    air-cooled switch racks 1.25, DGX H100 racks (air) 1.5. Each preset named a figure of
    its own before, of no source (an audit: 1.4 for a hall of air-cooled DGX H100). The
    network racks' air is left out: it sizes the sites before they are known, and ``energy
    --pue cooling``, which counts it, gives a little more (a GB200 SU: 1.212)."""
    liquid = math.fsum(r.max_kw * r.liquid_share for r in unit.racks)
    air = math.fsum(r.max_kw for r in unit.racks) - liquid
    return round(heat_mix_pue(liquid, air, default_economics()), 2)


def _racks_per_system(unit: Unit) -> int:
    return len(unit.racks) if unit.is_system else 1


def _systems(request: ClusterRequest, preset: Preset, per_system: int) -> int:
    if request.systems is not None and request.accelerators is not None:
        raise GenerateError(
            "systems", "give ", Mention("systems"), " or ", Mention("accelerators"), ", not both"
        )
    if request.accelerators is not None:
        if not 1 <= request.accelerators <= MAX_ACCELERATORS:
            raise GenerateError(
                "accelerators",
                f"must be from 1 to {MAX_ACCELERATORS:,}, not {request.accelerators:,}",
            )
        return math.ceil(request.accelerators / per_system)
    most = MAX_ACCELERATORS // per_system
    return _positive("systems", request.systems, preset.systems, most)


def _positive(option: str, value: int | None, default: int, most: int) -> int:
    chosen = default if value is None else value
    if not 1 <= chosen <= most:
        raise GenerateError(option, f"must be from 1 to {most:,}, not {chosen:,}")
    return chosen


def _number(option: str, value: float | None, default: float, most: float) -> float:
    chosen = default if value is None else value
    if not 0 < chosen <= most or math.isnan(chosen):
        raise GenerateError(option, f"must be more than 0 and at most {most:,g}, not {chosen:g}")
    return chosen


def _network_rack(catalog: Catalog, unit: Unit, fabric: str) -> tuple[RackType, int, int]:
    """The network rack type of ``fabric`` whose switches take the units' NICs, its
    switch's radix at their rate and the links one of its cages carries."""
    holder = next((r for r in unit.racks if r.ports.get("scale_out")), None)
    if holder is None:
        raise GenerateError(
            "preset", f"{unit.unit_id} has no scale-out ports to build a fabric for"
        )
    nic = holder.ports["scale_out"]
    found, others = [], set()
    for rack in catalog.racks.values():
        if rack.category != "network" or rack.switches is None:
            continue
        switch = catalog.switches[rack.switches.switch_id]
        k = radix(switch, nic.rate_gbps, nic.lane_gbps)
        if k and switch.protocol == fabric:
            found.append((-k, rack.id, rack, k, cage_links(switch, nic.rate_gbps)))
        elif k:
            others.add(switch.protocol)
    if not found:
        # an audit asked for a GB300 SU on Ethernet, which --help offers for every preset
        instead = ("; choose ", Mention("fabric", tuple(sorted(others)))) if others else ()
        raise GenerateError(
            "fabric",
            "no ",
            Mention("fabric", (fabric,), bare=True),
            f" switch in the catalog takes {nic.rate_gbps}G ports on {nic.lane_gbps}G lanes, "
            f"as the {holder.name}'s NICs are",
            *instead,
        )
    _, _, rack, k, cage = min(found)
    return rack, k, cage


@dataclass(frozen=True)
class _Shape:
    preset: Preset
    unit: Unit
    network: RackType
    radix: int
    cage: int
    oversubscription: float
    pue: float

    @property
    def ports_per_system(self) -> int:
        racks = self.unit.racks[: _racks_per_system(self.unit)]
        return sum(p.count for r in racks if (p := r.ports.get("scale_out")) is not None)

    @property
    def system_kw(self) -> float:
        return math.fsum(r.max_kw for r in self.unit.racks[: _racks_per_system(self.unit)])

    def hall_network(self, halls: Sequence[int]) -> tuple[tuple[int, ...], int]:
        """The network racks of each hall of a site of ``halls`` systems in each hall, and
        the site's switches (``fabric_racks``)."""
        ports = [n * self.ports_per_system for n in halls]
        return fabric_racks(ports, self.network, self.radix, self.oversubscription, self.cage)

    def site(self, systems: int, halls: int | None) -> SitePlan:
        """A site of ``systems`` over ``halls`` (or as many as the preset fills). Its IT
        power counts the switches its fabric places, each at its network rack's power per
        switch, as the generated racks holding fewer are powered (``fitted``): counted as
        whole racks, an audit's GB300 SU said 1.5 MW of facility power where its summary
        gave 1,430.4 kW."""
        count = halls or math.ceil(systems / self.preset.per_hall)
        base, extra = divmod(systems, count)
        per_hall = tuple(n for n in (base + (1 if i < extra else 0) for i in range(count)) if n)
        network, switches = self.hall_network(per_hall)
        per_switch = self.network.max_kw / self.network.switches.count  # type: ignore[union-attr]
        it = systems * self.system_kw
        full = it + sum(network) * self.network.max_kw
        return SitePlan(systems, per_hall, network, it + switches * per_switch, full)


def fabric_racks(
    ports: Sequence[int], network: RackType, k: int, oversubscription: float, cage: int
) -> tuple[tuple[int, ...], int]:
    """The network racks of ``network`` each hall needs whose scale-out NICs are ``ports``
    (in the order the fabric meets the halls), and the site's switches: the switches the
    fabric places in each hall (``switches_by_hall``: its own leaves and pods, its turn of
    the spines and cores), in whole racks; where the fabric's deal is its own (more of the
    halls' own pods than a core's radix), the hall's share of the site's switches by its
    ports, rounded up. Racks shared by the site's whole count left a hall short of slots
    for its spines: in two halls of 5 NVL72 every spine stood in the first, whose loss cut
    the site apart (a trial). Nothing past three tiers (no racks and no switches). Insert
    Pod sizes a site's grown fabric by it too (``pod.pod_fabric``)."""
    per_rack = network.switches.count  # type: ignore[union-attr]
    held = switches_by_hall(ports, k, oversubscription, cage)
    if held is not None:
        return tuple(-(-n // per_rack) for n in held), sum(held)
    counted = count_tiers(sum(ports), k, oversubscription, ports, cage)
    if counted is None:
        return (), 0
    loads, _, spines, cores = counted
    switches = len(loads) + spines + cores
    whole = sum(ports) * per_rack
    return tuple(-(-switches * part // whole) for part in ports), switches  # rounded up


def _sites(
    request: ClusterRequest, shape: _Shape, systems: int, site_power_kw: float
) -> tuple[SitePlan, ...]:
    """Systems spread evenly over the fewest sites whose supply carries them (or the
    sites asked for, refused when they cannot). A refusal counts what the preset repeats as
    its size is given: systems, or racks for a rack preset (whose dialog field reads
    Racks; "one system needs 0.17 MW" named no field of it), and says how many the sites
    carry by the same rule (``_most_per_site``): a trial found the 117 CloudMatrix384 that
    3 sites of 30 MW take by asking one number after another."""
    noun = "system" if shape.unit.is_system else "rack"
    halls = request.halls_per_site
    if halls is not None and not 1 <= halls <= MAX_HALLS_PER_SITE:
        raise GenerateError(
            "halls-per-site", f"must be from 1 to {MAX_HALLS_PER_SITE}, not {halls:,}"
        )
    pue = shape.pue
    supply = f"{site_power_kw / 1000:,g} MW"
    counts = (
        [_positive("sites", request.sites, 1, MAX_SITES)]
        if request.sites is not None
        else range(1, MAX_SITES + 1)
    )
    for count in counts:
        if count > systems and request.sites is not None:
            raise GenerateError(
                "sites", f"{count} sites for {plural(systems, noun)} leave a site empty"
            )
        if count > systems:  # a site for each system, and one alone is too much for it
            raise _one_too_much(shape, halls, noun, supply)
        plans = _spread(shape, systems, count, halls)
        over = next((p for p in plans if p.network_racks < 0), None)
        if over is not None:
            if request.sites is not None:
                raise GenerateError(
                    "sites",
                    f"{plural(over.systems, noun)} in one site need more than three tiers of "
                    "switches for their scale-out ports: spread them over more sites",
                )
            continue
        if all(_carries(p, pue, site_power_kw) for p in plans):
            smallest = min(p.systems for p in plans)
            if halls is not None and halls > smallest:
                raise GenerateError(
                    "halls-per-site",
                    f"{halls} halls for a site of {plural(smallest, noun)} leave a hall empty",
                )
            return plans
        if request.sites is not None:
            biggest = max(plans, key=lambda p: p.it_kw)
            most = count * _most_per_site(shape, halls, site_power_kw, biggest.systems)
            if not most:
                raise _one_too_much(shape, halls, noun, supply)
            raise GenerateError(
                "site-power",
                f"{count} site{'s' if count > 1 else ''} of {supply} cannot supply "
                f"{plural(systems, noun)}: one site of {biggest.systems:,} needs "
                f"{_need_mw(biggest.it_kw * pue)} MW at PUE {pue}, and at most "
                f"{plural(most, noun)} fit them; raise the power per site or the number of "
                "sites",
            )
    # every count was refused, the first a site of them all: one site does not carry them
    most = MAX_SITES * _most_per_site(shape, halls, site_power_kw, systems)
    if not most:
        raise _one_too_much(shape, halls, noun, supply)
    raise GenerateError(
        "site-power",
        f"{plural(systems, noun)} need more than {MAX_SITES} sites of {supply}: at most "
        f"{plural(most, noun)} fit {MAX_SITES} sites; raise the power per site",
    )


def _spread(shape: _Shape, systems: int, count: int, halls: int | None) -> tuple[SitePlan, ...]:
    """``systems`` spread evenly over ``count`` sites, the first ones a system more; each
    size of site worked out once."""
    sizes = [systems // count + (1 if i < systems % count else 0) for i in range(count)]
    plans = {n: shape.site(n, halls) for n in set(sizes)}
    return tuple(plans[n] for n in sizes)


def _carries(plan: SitePlan, pue: float, site_power_kw: float) -> bool:
    """Whether a site of ``site_power_kw`` carries ``plan``: its fabric in three tiers at
    most, its IT at ``pue`` within the supply."""
    return plan.network_racks >= 0 and plan.it_kw * pue <= site_power_kw


def _most_per_site(shape: _Shape, halls: int | None, site_power_kw: float, over: int) -> int:
    """The most systems one site of ``site_power_kw`` carries, fewer than ``over`` (which it
    does not), found by halving: sites of that many each are carried, and one system more
    makes a site of one more, which is not. A site's need grows with its systems (their
    racks and their fabric's switches), so no bigger site is carried either."""
    carried = 0
    while over - carried > 1:
        middle = (carried + over) // 2
        if _carries(shape.site(middle, halls), shape.pue, site_power_kw):
            carried = middle
        else:
            over = middle
    return carried


def _one_too_much(shape: _Shape, halls: int | None, noun: str, supply: str) -> GenerateError:
    """The refusal of a site's ``supply`` that carries not one system."""
    need = _need_mw(shape.site(1, halls).it_kw * shape.pue)
    return GenerateError(
        "site-power",
        f"one {noun} needs {need} MW at PUE {shape.pue}, more than a site of {supply} "
        "supplies; raise the power per site",
    )


def _need_mw(kw: float) -> str:
    """A site's need in MW, rounded up to two decimals: it reads more than any supply it is
    refused at, and that supply carries it (a trial, refused at 31.7 MW, was told "needs
    31.7 MW" of 31.71)."""
    return f"{math.ceil(kw / 10) / 100:,.2f}"


# --- building ---------------------------------------------------------------------------

Progress = Callable[[int, int], bool]


def generate(
    request: ClusterRequest,
    catalog: Catalog | None = None,
    progress: Progress | None = None,
) -> Project:
    """The project ``request`` asks for; ``progress(done, total)`` is called after each
    hall and may return False to stop (``GenerateCancelled``)."""
    catalog = catalog or default_catalog()
    plan = outline(request, catalog)
    new_id = sequential_ids()
    preset = plan.preset
    entities: list[Entity] = []
    site_ids: list[str] = []
    done = 0
    # A campus's sites supply the power asked (it decides how many there are); a pod's
    # site, unless asked, is sized as its cooling is: a pod's 110 MW default read
    # "facility 732 kW of 110 MW (1 %)" beside cooling sized to the design.
    powered = preset.campus or request.site_power_mw is not None
    for number, site_plan in enumerate(plan.sites, start=1):
        site_id = new_id("site")
        site_ids.append(site_id)
        supply = plan.site_power_kw if powered else _rounded(site_plan.it_kw * plan.pue * HEADROOM)
        entities.append(
            Site(
                id=site_id,
                name=f"Site {number}",
                power_capacity_kw=supply,
                cooling_capacity_kw=_rounded(site_plan.it_kw * HEADROOM),
                pue=plan.pue,
            )
        )
        halls = site_plan.halls
        origins = _hall_origins(len(halls))
        contents = []
        for index, (systems, racks) in enumerate(zip(halls, site_plan.hall_network, strict=True)):
            hall_id = new_id("hall")
            layout = HallLayout(catalog, new_id, hall_id, plan.unit, plan.network)
            try:
                content = layout.build(systems, plan.per_row, racks, plan.air)
            except LayoutError as err:  # what its rows cannot hold: fewer systems a row
                raise GenerateError("per-row", str(err)) from err
            # one hall of one pod is the pod's hall; several are told apart by site and number
            several = preset.campus or plan.halls > 1
            name = f"S{number} Hall {index + 1}" if several else f"{plan.title} hall"
            contents.append((hall_id, name, content))
            done += 1
            if progress is not None and progress(done, plan.halls) is False:
                raise GenerateCancelled
        width = max(c.width_mm for _, _, c in contents)
        depth = max(c.depth_mm for _, _, c in contents)
        for (hall_id, name, content), (column, row) in zip(contents, origins, strict=True):
            capacity = _rounded(content.it_max_kw * HEADROOM)
            entities.append(
                Hall(
                    id=hall_id,
                    site_id=site_id,
                    name=name,
                    outline=[
                        (0, 0),
                        (content.width_mm, 0),
                        (content.width_mm, content.depth_mm),
                        (0, content.depth_mm),
                    ],
                    floor_rating_kpa=preset.floor_rating_kpa,
                    floor_type=preset.floor_type,
                    tile_rating_kg=preset.tile_rating_kg,
                    power_capacity_kw=capacity,
                    cooling_capacity_kw=capacity,
                    site_origin=(column * (width + HALL_GAP), row * (depth + HALL_GAP)),
                    cable_entry=(0, 1_800),
                )
            )
            entities.extend(content.entities)
    # two sites get two routes on separate paths, as three or more get two each by the
    # pairs: one cut alone must not split the cluster (resilience.one_fibre_route)
    paths = 2 if len(site_ids) == 2 else 1
    for a in range(len(site_ids)):
        for b in range(a + 1, len(site_ids)):
            entities.extend(
                FibreRoute(
                    id=new_id("fibre"),
                    site_a=site_ids[a],
                    site_b=site_ids[b],
                    distance_km=plan.site_km,
                )
                for _ in range(paths)
            )
    project = _project(plan, entities, powered)
    network = RuleEngine(catalog).derived(PLAN, project)
    fitted = with_leaf_racks(sized_trays(project, network), network)
    return fitted_network_racks(fitted, network, catalog.racks, catalog.switches)


class GenerateCancelled(Exception):
    """The build was stopped through its progress callback."""


def _rounded(kw: float) -> float:
    """Capacity in whole 100 kW above ``kw``."""
    return float(math.ceil(kw / 100) * 100)


def _hall_origins(count: int) -> list[tuple[int, int]]:
    return [(i % HALLS_ACROSS, i // HALLS_ACROSS) for i in range(count)]


def _project(plan: Outline, entities: list[Entity], powered: bool) -> Project:
    """The project holding ``entities``, named after what was asked for (``powered``: its
    sites supply the power the outline sized them by)."""
    # Any: each value goes to Project as the keyword of its collection.
    collections: dict[str, Any] = {name: {} for name in COLLECTIONS.values()}
    for entity in entities:
        collections[COLLECTIONS[type(entity)]][entity.id] = entity
    settings = ProjectSettings(network=NetworkSettings(oversubscription=plan.oversubscription))
    meta = ProjectMeta(
        name=f"{plan.title}, {plural(plan.systems, plan.noun)}",
        description=plan.generated(powered),
    )
    return Project(meta=meta, settings=settings, **collections)
