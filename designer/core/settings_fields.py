"""How a project's settings read to a person: each number's name, unit and scale.

The model stores shares as fractions and lengths in millimetres; an architect thinks of
slack in per cent and of a pipe run in metres. A ``Setting`` converts both ways and names
the field in the words of the Project settings dialog, also when the core refuses a value
(the core's message names the model's field, ``network.slack``, and its bounds in stored
units). It sits in the core so that any other front end (the CLI, a script) says a refused
setting in the same words.

The dialog's boxes have wide ranges on purpose: which values are allowed is the core's to
say (``ops.update_settings``), so the dialog and the file never disagree about a limit.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import ValidationError

from designer.core.format import number
from designer.core.refusal import BOUNDS
from designer.core.refusal import refusal as value_refused

#: Where each group's fields live in the settings, as the core's messages name them.
NETWORK = "network."
THRESHOLDS = "rules.thresholds."
#: The largest number any box holds, in the unit it shows (the core sets the real limits).
BOX_HIGH = 100_000


@dataclass(frozen=True)
class Setting:
    """One number as the dialog shows it: the stored value times ``scale``, in ``unit``."""

    key: str
    name: str
    unit: str = ""
    scale: float = 1.0
    decimals: int = 0
    tip: str = ""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.unit})" if self.unit else self.name

    def shown(self, stored: float) -> float:
        return stored * self.scale

    def stored(self, shown: float, whole: bool) -> float:
        """The value to store for ``shown``; ``whole`` for a field the model keeps as int."""
        value = shown / self.scale
        return round(value) if whole else value

    def same(self, shown: float, stored: float) -> bool:
        """Whether the box showing ``shown`` still shows ``stored`` (to its decimals)."""
        return abs(shown - self.shown(stored)) < 0.5 * 10.0**-self.decimals

    def text(self, stored: float) -> str:
        """``stored`` as a sentence writes it: separators, no trailing zeros, its unit."""
        value = number(self.shown(stored), self.decimals)
        unit = self.unit[:-1] if value == "1" and self.unit in ("racks", "rails") else self.unit
        return f"{value} {unit}" if unit else value


#: The network settings an architect tunes (``NetworkSettings``), in the dialog's order.
NETWORK_FIELDS = (
    Setting(
        "slack",
        "Slack on routed lengths",
        "%",
        scale=100,
        decimals=1,
        tip="Added to every length routed inside a building before it is rounded up to a "
        "sold length (links:S135 adds 10 %; 10-20 % in dense AI rows, links 1.5).",
    ),
    Setting(
        "in_rack_allowance_mm",
        "In-rack cable per end",
        "mm",
        tip="Cable inside each end's rack, from the port to the top (0.3-0.6 m, links 1.5).",
    ),
    Setting(
        "tray_reach_mm",
        "Tray reach",
        "mm",
        tip="A rack whose top is farther than this from every tray is not reached "
        "(two 600 mm tiles, links B18).",
    ),
    Setting(
        "oversubscription",
        "Leaf oversubscription (downlinks per uplink)",
        decimals=2,
        tip="1 is NVIDIA's SuperPOD (links 1.2); 2 gives each leaf more servers and half "
        "as many uplinks, so fewer spines.",
    ),
    Setting(
        "rails",
        "Rails per server",
        tip="NICs of the same index in each server share a leaf (an 8-GPU server has 8 "
        "rails, systems:S70).",
    ),
    Setting(
        "dci_share",
        "DCI share of scale-out bandwidth",
        "%",
        scale=100,
        decimals=1,
        tip="Share of a site's scale-out bandwidth that must reach the other sites (an "
        "estimate: no published ratio); jobs whose traffic needs more size a route for it. "
        "0 sizes the routes by the jobs alone.",
    ),
    Setting(
        "dci_protection",
        "DCI protection",
        "%",
        scale=100,
        decimals=0,
        tip="Links and fibre pairs lit on each route between sites beyond what it needs, "
        "as a share of it (links 1.6: pairs x (1 + protection)): 100 % lets either of two "
        "routes carry all after a cut of the other.",
    ),
    Setting(
        "fibre_pair_tbps",
        "Capacity of one fibre pair",
        "Tb/s",
        decimals=1,
        tip="C-band capacity of one fibre pair between sites (links:S83: 64 x 400G).",
    ),
    Setting(
        "amplifier_spacing_km",
        "Amplifier spacing",
        "km",
        decimals=1,
        tip="Inline amplifier huts on ZR+ spans between sites (links:S85: about 80 km).",
    ),
)

#: Every threshold of ``resources/catalog/rules.json`` (``Thresholds``), in its order.
THRESHOLD_FIELDS = (
    Setting("front_service_mm", "Front service clearance", "mm"),
    Setting("rear_service_mm", "Rear service clearance", "mm"),
    Setting("cold_aisle_mm", "Minimum cold aisle", "mm"),
    Setting("hot_aisle_mm", "Minimum hot aisle", "mm"),
    Setting("adjacent_row_mm", "Rows count as adjacent within", "mm"),
    Setting("row_break_mm", "Narrowest gap that ends a row", "mm"),
    Setting("max_row_racks", "Longest row", "racks"),
    Setting("row_end_clear_mm", "Clear floor at an open row end", "mm"),
    Setting("max_dead_end_racks", "Longest row closed at one end", "racks"),
    Setting("continuous_load_share", "Continuous load limit", "% of rating", 100, 1),
    Setting("tile_point_share", "Rack weight on one tile", "%", 100, 1),
    Setting("rack_air_limit_kw", "Air-cooling ceiling per rack", "kW", decimals=1),
    Setting("max_pipe_run_mm", "Longest pipe run from a CDU", "m", 0.001, 1),
    Setting("cdu_flow_lpm_per_kw", "CDU coolant flow", "L/min per kW", decimals=2),
)

#: The two choices that are not numbers.
NVIDIA_ONLY = "Only NVIDIA-supported parts between NVIDIA racks"
FABRIC_IN_SCOPE = "Scale-out fabric designed in this project"
WAVELENGTH = "DCI wavelength"
OTHER_NAMES = {
    f"{NETWORK}nvidia_only": NVIDIA_ONLY,
    f"{NETWORK}fabric_in_scope": FABRIC_IN_SCOPE,
    f"{NETWORK}dci_wavelength_gbps": WAVELENGTH,
}


def by_path() -> dict[str, Setting]:
    """Every number keyed by where the core's messages say it lives."""
    return {
        **{NETWORK + s.key: s for s in NETWORK_FIELDS},
        **{THRESHOLDS + s.key: s for s in THRESHOLD_FIELDS},
    }


def broken_bound(err: Exception) -> tuple[str, float] | None:
    """The limit a refused value broke, such as ``("le", 1.0)``, in the model's units: the
    model's objection chained under the core's ``TransactionError``."""
    cause = err.__cause__
    if not isinstance(cause, ValidationError):
        return None
    refused = value_refused(cause.errors(include_url=False)[0])
    return (refused.bound, float(refused.limit)) if refused.bound in BOUNDS else None


def refusal(message: str, bound: tuple[str, float] | None = None) -> tuple[str, str]:
    """The field a refusal is about and the sentence to show for it.

    ``message`` is the core's (``"network.slack: Input should be ..."``); ``bound`` the
    constraint it broke, such as ``("le", 1.0)``, to say the limit in the dialog's unit.
    """
    path, _, why = message.partition(": ")
    setting = by_path().get(path)
    if setting is not None and bound is not None and bound[0] in BOUNDS:
        return path, f"{setting.name} must be {BOUNDS[bound[0]]} {setting.text(bound[1])}."
    name = setting.name if setting else OTHER_NAMES.get(path)
    if name is None:
        return path, message[:1].upper() + message[1:]
    return path, f"{name}: {why[:1].lower()}{why[1:]}".rstrip(".") + "."
