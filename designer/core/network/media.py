"""Link media and the ladder that picks one for each bundle (links-and-rules section 3).

``resources/catalog/media.json`` lists the media in ladder order, cheapest first (DAC,
ACC, AEC, AOC, multimode SR, single-mode DR, FR, LR, ER, ZR, ZR+, long-haul coherent).
Each medium offers reaches per lane rate; a bundle takes the first offer up the ladder
whose lane rate, port rate, protocol and plane fit and whose reach covers its length.
Every figure names its source under the catalog's rules (``source_problems``), or the
file does not load.

Selection runs on arrays: bundles sharing lane rate, port rate, protocol, plane and the
NVIDIA filter share one ladder, and a binary search over the ladder's running maximum
reach finds each bundle's rung without a Python loop per bundle.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

import numpy as np
from pydantic import Field, ValidationError

from designer.core.catalog import CatalogError, default_catalog, resources_dir, source_problems
from designer.core.catalog.loader import SourceRef
from designer.core.model.base import Record
from designer.core.model.equipment import Sourced
from designer.core.model.link import LinkPlane
from designer.core.model.network_settings import MediumOverride

#: Planes in a fixed order, so arrays can hold a plane as a small integer.
PLANES: tuple[LinkPlane, ...] = ("nvlink", "ub", "scale_out", "storage", "management", "dci")
PLANE_INDEX = {name: i for i, name in enumerate(PLANES)}
#: What a reader calls each plane (the schedule, the drawing set, the links panel).
PLANE_NAMES = {
    "nvlink": "NVLink",
    "ub": "UB (scale-up)",
    "scale_out": "Scale-out",
    "storage": "Storage",
    "management": "Management",
    "dci": "DCI",
}

Protocol = Literal["infiniband", "ethernet", "ub", "nvlink"]
#: Protocols as small integers; 0 stands for "not known", which every medium accepts.
PROTOCOLS: tuple[str, ...] = ("any", "infiniband", "ethernet", "ub", "nvlink")
PROTOCOL_INDEX = {name: i for i, name in enumerate(PROTOCOLS)}

#: Lengths are compared with this tolerance (a micrometre), so a run computed as
#: 2.0000000001 m from millimetre coordinates still fits a 2 m cable.
EPS_M = 1e-6

Figure = Annotated[float, Field(ge=0, le=10_000_000)]


class Offer(Record):
    """One reach a medium offers: at ``lane_gbps`` lanes (any when ``None``), for ports up
    to ``max_rate_gbps`` (any when ``None``); ``nvidia`` when NVIDIA sells or supports it."""

    lane_gbps: Annotated[int, Field(gt=0)] | None = None
    max_rate_gbps: Annotated[int, Field(gt=0)] | None = None
    reach_m: Annotated[float, Field(gt=0, le=10_000_000)]
    nvidia: bool = False

    def fits(self, lane_gbps: int, rate_gbps: int, nvidia_only: bool) -> bool:
        """True when this offer can carry a port of ``rate_gbps`` on ``lane_gbps`` lanes."""
        return (
            (self.lane_gbps is None or self.lane_gbps == lane_gbps)
            and (self.max_rate_gbps is None or rate_gbps <= self.max_rate_gbps)
            and (self.nvidia or not nvidia_only)
        )


class TwinPort(Record):
    """The module of a medium's class that fills a cage and carries several of its ports:
    NVIDIA's twin-port OSFP, an 800G 2xSR4 carrying two 400G links of a QM9700; for a
    cable with fixed ends, the cable (a twin-port 800G DAC, straight or split to two 400G
    ends).

    ``gbps`` lists the cage rates it is sold at; ``module_class`` names the part.
    """

    module_class: Annotated[str, Field(min_length=1)]
    gbps: list[Annotated[int, Field(gt=0)]]


class Medium(Sourced):
    """A link medium: what it reaches, what it costs in power, latency and money.

    Power and module prices are per module and per module rate (keys are Gb/s); a rate
    that is not listed scales the nearest listed one. ``integrated`` media (DAC, ACC, AEC,
    AOC) are cables with their ends built in, so they count as cables, not modules.
    ``twin_port`` names the module that carries several links at a twin-port switch cage.
    ``inline_amplifiers`` media (ZR+, long haul) need an amplifier hut every
    ``amplifier_spacing_km``.
    """

    short: Annotated[str, Field(min_length=1)]
    kind: Literal["copper", "fibre", "coherent", "nvlink"]
    module_class: str
    cable: str
    integrated: bool
    protocols: list[Protocol]
    cable_od_mm: Figure
    lengths_m: list[Annotated[float, Field(gt=0)]] = Field(default_factory=list)
    length_step_m: Annotated[float, Field(gt=0)] | None = None
    offers: list[Offer]
    power_w_per_end: dict[str, Figure] = Field(default_factory=dict)
    module_ns_per_end: Figure
    fec: bool
    module_usd: dict[str, Figure] = Field(default_factory=dict)
    cable_usd: Figure = 0.0
    cable_usd_per_m: Figure = 0.0
    twin_port: TwinPort | None = None
    inline_amplifiers: bool = False


class MediaConstants(Sourced):
    """Figures every medium shares, and the media each plane is limited to."""

    fibre_ns_per_m: Figure
    copper_ns_per_m: Figure
    fec_ns: Figure
    area_factor: Annotated[float, Field(gt=0, le=1)]
    tray_fill_warning: Annotated[float, Field(gt=0, le=1)]
    tray_fill_error: Annotated[float, Field(gt=0, le=1)]
    terminal_amplifiers_per_pair: Annotated[int, Field(ge=0, le=100)]
    nvlink_links_per_gpu: Annotated[int, Field(gt=0, le=1_000)]
    plane_media: dict[LinkPlane, list[str]]


def _scaled(table: Mapping[str, float], rate_gbps: int) -> float:
    """The value for ``rate_gbps``: listed, or the nearest listed rate's scaled by rate."""
    if not table:
        return 0.0
    exact = table.get(str(rate_gbps))
    if exact is not None:
        return exact
    nearest = min(table, key=lambda key: (abs(int(key) - rate_gbps), int(key)))
    return table[nearest] * rate_gbps / int(nearest)


@dataclass(frozen=True)
class Rung:
    """A medium's offer on one ladder, with the sold lengths within its reach."""

    medium: int
    offer: Offer
    lengths_m: np.ndarray


#: What names a ladder: lane and port rate (Gb/s), protocol and plane (as indices), the
#: NVIDIA-only filter, and the cage the links share at an end (Gb/s, 0 for none; with
#: ``ODD_BETWEEN_CAGES`` set for an odd bundle between two shared cages).
LadderKind = tuple[int, int, int, int, bool, int]


#: Set in a bundle's shared cage figure (``cages.shared_cage_gbps``) where its links share
#: cages at both ends and are odd in count: a cable with fixed ends would carry its last
#: link alone, in a cage of its own at each end.
ODD_BETWEEN_CAGES = 0x8000


@dataclass(frozen=True)
class Ladder:
    """The media that fit one kind of bundle, cheapest first.

    ``filtered`` holds the ladder positions of media left out only because they are not
    NVIDIA parts, so a reason can say so when one of them was cheaper than the choice;
    ``unsplit`` those left out because the links share a cage of ``shared_cage_gbps`` (two
    400G links in an 800G switch cage) and their cable is sold for one link only (an AOC);
    ``capped`` those held to the reach of their twin-port module for that cage, NVIDIA's
    part, where a single-port module of the class reaches further (IEEE's 400G SR4: 100 m
    on OM4, NVIDIA's 2xSR4: 50 m; links 1.1 row 7 and rule 1), each with the reach it was
    held from; ``odd``: the links share cages at both ends and are odd in count, so the
    cables with fixed ends in ``unsplit`` are out because the last would carry one alone.
    """

    rungs: tuple[Rung, ...]
    running_reach: np.ndarray
    filtered: tuple[int, ...]
    unsplit: tuple[int, ...] = ()
    shared_cage_gbps: int = 0
    capped: tuple[tuple[int, float], ...] = ()
    odd: bool = False


@dataclass(frozen=True, eq=False)
class MediaCatalog:
    """The media in ladder order, their shared constants and the bibliography."""

    media: tuple[Medium, ...]
    constants: MediaConstants
    _ladders: dict[LadderKind, Ladder] = field(default_factory=dict)

    def index(self, medium_id: str) -> int:
        """The position of ``medium_id`` on the ladder."""
        for position, medium in enumerate(self.media):
            if medium.id == medium_id:
                return position
        raise KeyError(medium_id)

    def ladder(
        self,
        lane_gbps: int,
        rate_gbps: int,
        protocol: int,
        plane: int,
        nvidia_only: bool,
        shared_cage_gbps: int = 0,
    ) -> Ladder:
        """The rungs a bundle of this kind may climb (cached per kind); ``shared_cage_gbps``
        as ``cages.shared_cage_gbps`` gives it for the bundle."""
        key = (lane_gbps, rate_gbps, protocol, plane, nvidia_only, shared_cage_gbps)
        found = self._ladders.get(key)
        if found is None:
            found = self._build_ladder(key)
            self._ladders[key] = found
        return found

    def _build_ladder(self, kind: LadderKind) -> Ladder:
        lane_gbps, rate_gbps, protocol, plane, nvidia_only, flagged = kind
        odd = bool(flagged & ODD_BETWEEN_CAGES)
        shared_cage_gbps = flagged & ~ODD_BETWEEN_CAGES
        allowed = self.constants.plane_media.get(PLANES[plane])
        rungs: list[Rung] = []
        filtered: list[int] = []
        unsplit: list[int] = []
        capped: dict[int, float] = {}
        for position, medium in enumerate(self.media):
            if (medium.id not in allowed) if allowed is not None else medium.kind == "nvlink":
                continue
            if protocol and PROTOCOLS[protocol] not in medium.protocols:
                continue
            # a cable with fixed ends sold for one link cannot take two of a switch's
            # ports in one cage: 400G AOCs into an SN5600's 800G cages left half its
            # ports without a cage (a trial); modules are chosen for the cage
            if (
                shared_cage_gbps
                and medium.integrated
                and (odd or links_per_module(medium, shared_cage_gbps, rate_gbps) == 1)
            ):
                if any(o.fits(lane_gbps, rate_gbps, nvidia_only) for o in medium.offers):
                    unsplit.append(position)
                elif any(o.fits(lane_gbps, rate_gbps, False) for o in medium.offers):
                    filtered.append(position)
                continue
            # at a shared cage the link ends in the class's twin-port module, and the
            # twin-port modules the catalog sells are NVIDIA's (links:S1, S5, S13, S19):
            # NVIDIA's reach holds at that end whatever the other end is, as NVIDIA's 50 m
            # for its 2xSR4 against IEEE's 100 m for a 400G SR4 (links rule 1)
            # (where NVIDIA offers the class at this lane rate: no twin-port part is
            # sourced otherwise, and the class keeps the reaches it is offered at)
            twin = (
                bool(shared_cage_gbps)
                and links_per_module(medium, shared_cage_gbps, rate_gbps) > 1
                and any(o.fits(lane_gbps, rate_gbps, True) for o in medium.offers)
            )
            for offer in medium.offers:
                if offer.fits(lane_gbps, rate_gbps, nvidia_only or twin):
                    lengths = [x for x in medium.lengths_m if x <= offer.reach_m + EPS_M]
                    rungs.append(Rung(position, offer, np.array(lengths, dtype=float)))
                elif offer.fits(lane_gbps, rate_gbps, False):
                    if nvidia_only:
                        filtered.append(position)
                    else:
                        capped[position] = max(capped.get(position, 0.0), offer.reach_m)
        reach = np.maximum.accumulate([r.offer.reach_m for r in rungs]) if rungs else np.empty(0)
        return Ladder(
            tuple(rungs),
            reach,
            tuple(dict.fromkeys(filtered)),
            tuple(unsplit),
            shared_cage_gbps,
            tuple(capped.items()),
            odd,
        )


@dataclass(frozen=True)
class Choice:
    """Per bundle: the chosen medium (-1 when none reaches) and its order length.

    ``rung`` indexes the bundle's ladder (see ``ladder_keys``); ``order_m`` is the sold
    length the cable is ordered at, ``nan`` for coherent DCI (fibre pairs, not cables) and
    for bundles without a medium.
    """

    medium: np.ndarray
    rung: np.ndarray
    order_m: np.ndarray


def choose(
    catalog: MediaCatalog,
    length_m: np.ndarray,
    lane: np.ndarray,
    rate: np.ndarray,
    protocol: np.ndarray,
    plane: np.ndarray,
    nvidia_only: np.ndarray,
    shared_cage: np.ndarray,
) -> Choice:
    """The first medium up the ladder that reaches ``length_m``, for every bundle;
    ``shared_cage``, per bundle, the Gb/s of a cage its links share at an end (0: none).

    Bundles with a ``nan`` length (not routable) get no medium.
    """
    n = len(length_m)
    medium = np.full(n, -1, dtype=np.int16)
    rung = np.full(n, -1, dtype=np.int16)
    order = np.full(n, np.nan)
    keys = ladder_keys(lane, rate, protocol, plane, nvidia_only, shared_cage)
    unique, inverse = np.unique(keys, return_inverse=True)
    for k, key in enumerate(unique):
        rows = np.flatnonzero(inverse == k)
        ladder = catalog.ladder(*_unpack(int(key)))
        if not ladder.rungs:
            continue
        wanted = length_m[rows]
        found = np.searchsorted(ladder.running_reach, wanted - EPS_M, side="left")
        ok = (found < len(ladder.rungs)) & ~np.isnan(wanted)
        rows, found, wanted = rows[ok], found[ok], wanted[ok]
        rung[rows] = found
        for step in np.unique(found):
            picked = ladder.rungs[int(step)]
            these = found == step
            medium[rows[these]] = picked.medium
            order[rows[these]] = sold_length(catalog.media[picked.medium], picked, wanted[these])
    return Choice(medium, rung, order)


def sold_length(medium: Medium, rung: Rung, length_m: np.ndarray) -> np.ndarray:
    """The shortest sold length at or above each length; cut to ``length_step_m`` beyond
    the list; ``nan`` for media ordered by the route, not the cable (coherent DCI)."""
    out = np.full(len(length_m), np.nan)
    if len(rung.lengths_m):
        at = np.searchsorted(rung.lengths_m, length_m - EPS_M, side="left")
        listed = at < len(rung.lengths_m)
        out[listed] = rung.lengths_m[at[listed]]
    if medium.length_step_m:
        beyond = np.isnan(out)
        step = medium.length_step_m
        out[beyond] = np.ceil((length_m[beyond] - EPS_M) / step) * step
    return out


def ladder_keys(
    lane: np.ndarray,
    rate: np.ndarray,
    protocol: np.ndarray,
    plane: np.ndarray,
    nvidia_only: np.ndarray,
    shared_cage: np.ndarray,
) -> np.ndarray:
    """One integer per bundle naming its ladder (lane, rate, protocol, plane, filter and
    shared cage, which takes the low 16 bits)."""
    return (
        (
            ((lane.astype(np.int64) << 20 | rate.astype(np.int64)) << 3 | protocol.astype(np.int64))
            << 3
            | plane.astype(np.int64)
        )
        << 1
        | nvidia_only.astype(np.int64)
    ) << 16 | shared_cage.astype(np.int64)


def _unpack(key: int) -> LadderKind:
    shared_cage = key & 0xFFFF
    key >>= 16
    nvidia = bool(key & 1)
    key >>= 1
    plane = key & 7
    key >>= 3
    protocol = key & 7
    key >>= 3
    return key >> 20, key & ((1 << 20) - 1), protocol, plane, nvidia, shared_cage


def links_per_module(medium: Medium, cage_gbps: int, rate_gbps: int) -> int:
    """How many links of ``rate_gbps`` one module of ``medium`` carries in a switch cage of
    ``cage_gbps`` (0: no switch cage, a NIC or a site): as many as fit where the medium's
    class has a twin-port module at the cage's rate, else one per link end."""
    if medium.twin_port is None or cage_gbps not in medium.twin_port.gbps:
        return 1
    return max(1, cage_gbps // rate_gbps)


def power_w_per_end(medium: Medium, rate_gbps: int, override: MediumOverride | None) -> float:
    """Power of one module (or cable end) of ``medium`` at ``rate_gbps``: one link's end,
    or a twin-port module at its cage's rate; the project's figure for the medium if set."""
    if override is not None and override.power_w_per_end is not None:
        return override.power_w_per_end
    return _scaled(medium.power_w_per_end, rate_gbps)


def module_usd(medium: Medium, rate_gbps: int, override: MediumOverride | None) -> float:
    """Price of one module at ``rate_gbps`` (zero for cables with built-in ends)."""
    if override is not None and override.module_usd is not None:
        return override.module_usd
    return _scaled(medium.module_usd, rate_gbps)


def cable_usd(medium: Medium, order_m: float, override: MediumOverride | None) -> float:
    """Price of one cable ordered at ``order_m`` (fixed part plus fibre by the metre)."""
    fixed = override.cable_usd if override and override.cable_usd is not None else medium.cable_usd
    return fixed + (medium.cable_usd_per_m * order_m if not math.isnan(order_m) else 0.0)


def latency_ns(catalog: MediaCatalog, medium: Medium, length_m: float) -> float:
    """One link's latency: propagation plus both modules plus FEC (links 1.3 formula)."""
    c = catalog.constants
    per_m = c.copper_ns_per_m if medium.kind == "copper" else c.fibre_ns_per_m
    if medium.kind == "nvlink":
        per_m = 0.0
    return length_m * per_m + 2 * medium.module_ns_per_end + (c.fec_ns if medium.fec else 0.0)


def cable_area_mm2(catalog: MediaCatalog, medium: Medium) -> float:
    """Cross-section one cable of ``medium`` takes in a tray (links B46)."""
    return medium.cable_od_mm**2 * catalog.constants.area_factor


def format_length(metres: float) -> str:
    """A length as a person reads it: metres to the decimetre, kilometres beyond 1 km."""
    if metres >= 1000:
        return f"{metres / 1000:,.1f} km"
    return f"{metres:.1f} m"


def format_reach(metres: float) -> str:
    """A reach as the data sheets state it: ``2 m``, ``50 m``, ``2 km``, ``120 km``."""
    if metres >= 1000:
        return f"{metres / 1000:g} km"
    return f"{metres:g} m"


def reason(
    catalog: MediaCatalog,
    ladder: Ladder,
    rung: int,
    length_m: float,
    order_m: float,
    lane_gbps: int,
    rate_gbps: int,
    plane: int,
    routed_m: float | None = None,
    chosen: int = -1,
) -> str:
    """Why this medium: the cheaper ones it is too long for, and what it reaches; or, where
    the bundle was moved from its ``chosen`` medium to even out a rack's (``evening``), so.

    For example ``7.4 m at 100G/lane: over DAC 2 m and ACC 5 m, multimode SR reaches 50 m;
    10 m MPO multimode fibre``. ``routed_m``, when given and shorter, is the length before
    slack, shown in brackets.
    """
    length = format_length(length_m)
    if routed_m is not None and routed_m < length_m - EPS_M:
        length += f" ({format_length(routed_m)} routed + slack)"
    if PLANES[plane] == "dci":
        head = f"{length} DCI at {rate_gbps}G"
    else:
        head = f"{length} at {lane_gbps}G/lane"
    chosen_at = ladder.rungs[rung].medium if rung >= 0 else len(catalog.media)
    cheaper_filtered = any(position < chosen_at for position in ladder.filtered)
    left_out = " (NVIDIA-supported parts only)" if cheaper_filtered else ""
    cage = f"{ladder.shared_cage_gbps}G"
    unsplit = [catalog.media[p].short for p in ladder.unsplit if p < chosen_at]
    if unsplit and ladder.odd:  # twin-port cables whose last would carry one link alone
        left_out += (
            f"; {' and '.join(unsplit)} left out: an odd count of links between two split "
            f"{cage} cages leaves the last cable one link, in a cage of its own at each end"
        )
    elif unsplit:  # cheaper cables that cannot take two links of the switch's cage
        left_out += (
            f"; {' and '.join(unsplit)} left out: none splits {_article(cage)} {cage} cage "
            f"into {rate_gbps}G links"
        )
    # cheaper media whose single-port modules would have reached: held to the twin-port's
    capped = [
        catalog.media[p].short
        for p, reach in ladder.capped
        if p < chosen_at and reach >= length_m - EPS_M
    ]
    if capped:  # cheaper media whose single-port modules reach further than the twin-port
        left_out += (
            f"; {' and '.join(capped)} held to the reach of NVIDIA's twin-port module for "
            f"{_article(cage)} {cage} cage"
        )
    if not ladder.rungs:
        return f"{head}: no medium carries this plane and protocol at this lane rate{left_out}"
    if rung < 0:
        longest = ladder.rungs[int(np.argmax(ladder.running_reach))]
        return (
            f"{head}: beyond every medium{left_out}; the longest, "
            f"{catalog.media[longest.medium].short}, reaches {format_reach(longest.offer.reach_m)}"
        )
    skipped: dict[str, float] = {}
    for below in ladder.rungs[:rung]:
        short = catalog.media[below.medium].short
        skipped[short] = max(skipped.get(short, 0.0), below.offer.reach_m)
    picked = ladder.rungs[rung]
    medium = catalog.media[picked.medium]
    if 0 <= chosen != picked.medium:
        first = catalog.media[chosen].short
        text = (
            f"{head}: {first} reaches it, but an odd count of its links at a switch rack "
            f"with an odd count of {medium.short} would leave a module of each carrying one "
            f"link; {medium.short}, reaching {format_reach(picked.offer.reach_m)}, evens both"
        )
        if not math.isnan(order_m):
            text += f"; {order_m:g} m {medium.cable}"
        return text + left_out
    over = ""
    if skipped:
        names = [f"{name} {format_reach(reach)}" for name, reach in skipped.items()]
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        over = f"over {joined}, "
    text = f"{head}: {over}{medium.short} reaches {format_reach(picked.offer.reach_m)}"
    if not math.isnan(order_m):
        text += f"; {order_m:g} m {medium.cable}"
    return text + left_out


def _article(figure: str) -> str:
    """The article before a figure: "an" where it is read with a vowel sound ("an 800G
    cage", "an 11 m run"), else "a"."""
    return "an" if figure.startswith(("8", "11", "18")) else "a"


def _validate(kind: Sourced, sources: Mapping[str, SourceRef], path: Path) -> None:
    problems = source_problems(kind, sources)
    if problems:
        raise CatalogError(f"The media file {path} is inconsistent: " + "; ".join(problems))


def load_media(path: Path | None = None) -> MediaCatalog:
    """Read and validate ``media.json`` (default: the bundled one)."""
    path = path or resources_dir() / "catalog" / "media.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        constants = MediaConstants.model_validate(raw["constants"])
        media = tuple(Medium.model_validate(item) for item in raw["media"])
    except (OSError, ValueError, KeyError, TypeError) as err:
        detail = err.errors()[0]["msg"] if isinstance(err, ValidationError) else str(err)
        raise CatalogError(f"The media file {path} cannot be read: {detail}") from err
    sources = default_catalog().sources
    for kind in (constants, *media):
        _validate(kind, sources, path)
    ids = [m.id for m in media]
    unknown = [m for ids_ in constants.plane_media.values() for m in ids_ if m not in ids]
    if len(set(ids)) != len(ids) or unknown:
        raise CatalogError(f"The media file {path} repeats a medium id or names unknown ones.")
    return MediaCatalog(media, constants)


@lru_cache(maxsize=1)
def default_media() -> MediaCatalog:
    """The bundled media, loaded once per process."""
    return load_media()
