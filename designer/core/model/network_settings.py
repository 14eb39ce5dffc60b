"""Per-project settings of the fabric generator, the cable router and the media chooser.

Every default below is a planning figure with its source (``links:`` and ``systems:`` are
the shared reference's source ids). The file stores only what the architect changed, so a
project says what was decided and keeps following better defaults for the rest.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from designer.core.model.base import Record

Usd = Annotated[float, Field(ge=0, le=10_000_000)]


class MediumOverride(Record):
    """The architect's own figures for one medium, replacing the catalog's estimates.

    Prices in the catalog are low-confidence defaults (no primary price list exists,
    links section 4); a project that has quotes puts them here. ``None`` keeps the default.
    """

    power_w_per_end: Annotated[float, Field(ge=0, le=1_000)] | None = None
    module_usd: Usd | None = None
    cable_usd: Usd | None = None


class NetworkSettings(Record):
    """Choices the architect makes for the whole project's cabling.

    - ``slack``: added to every routed length inside buildings before rounding up to a
      sold length (links:S135 adds 10 %; links 1.5 gives 10-20 % for dense AI rows).
    - ``in_rack_allowance_mm``: cable inside each end's rack, from the port to the top
      (links 1.5: 0.3-0.6 m each end, an estimate).
    - ``port_height_share``: where the ports sit, as a share of the rack's height; the rise
      to an overhead tray starts there (estimate: ports spread over the rack's height).
    - ``tray_reach_mm``: a rack whose top, at its nearest edge, is farther than this from
      every tray centre line is not reached (estimate: two 600 mm tiles, links B18).
    - ``oversubscription``: leaf downlinks per uplink (1:1 in NVIDIA's SuperPOD, links 1.2).
    - ``rails``: NICs of the same index in each server share a leaf (rail-optimised; an
      8-GPU server has 8 rails, systems:S70).
    - ``nvidia_only``: between two NVIDIA racks, choose only parts NVIDIA supports.
    - ``dci_share``: share of a site's scale-out bandwidth that must reach other sites
      (estimate: no published ratio; set ``dci_tbps`` per site when known).
    - ``dci_protection``: links and fibre pairs lit again on each route, as a share of what
      it needs, for protection (links 1.6: pairs = ceil(Tb/s / per pair) x (1 +
      protection), an estimate): 0 lights what is needed, 1 twice it, so that either of
      two routes between two sites carries all their traffic after a cut of the other.
    - ``dci_wavelength_gbps``: 400ZR or 800ZR (links:S82, links:S31).
    - ``fibre_pair_tbps``: C-band capacity of one fibre pair (links:S83: 64 x 400G).
    - ``amplifier_spacing_km``: inline amplifier huts on ZR+ spans (links:S85: ~80 km).
    - ``media``: the architect's prices and power per medium id (see ``media.json``).
    - ``fabric_in_scope``: the scale-out fabric is part of this design. A design that
      leaves scale-out ports unconnected is then warned; one that says the fabric is
      designed elsewhere (a hall plan before the network team's work) is not, and its
      summary still counts the ports left unconnected.
    """

    slack: Annotated[float, Field(ge=0, le=1)] = 0.10
    in_rack_allowance_mm: Annotated[int, Field(ge=0, le=10_000)] = 500
    port_height_share: Annotated[float, Field(ge=0, le=1)] = 0.5
    tray_reach_mm: Annotated[int, Field(gt=0, le=100_000)] = 1_200
    oversubscription: Annotated[float, Field(ge=1, le=64)] = 1.0
    rails: Annotated[int, Field(ge=1, le=64)] = 8
    nvidia_only: bool = True
    dci_share: Annotated[float, Field(ge=0, le=1)] = 0.125
    dci_tbps: dict[str, Annotated[float, Field(ge=0, le=1_000_000)]] = Field(default_factory=dict)
    dci_protection: Annotated[float, Field(ge=0, le=1)] = 0.0
    dci_wavelength_gbps: Literal[400, 800] = 400
    fibre_pair_tbps: Annotated[float, Field(gt=0, le=1_000)] = 25.6
    amplifier_spacing_km: Annotated[float, Field(gt=0, le=1_000)] = 80.0
    media: dict[str, MediumOverride] = Field(default_factory=dict)
    fabric_in_scope: bool = True

    @model_serializer(mode="wrap")
    def _only_what_changed(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Leave out the fields still at their defaults (see the module docstring)."""
        data = handler(self)
        for name, field in type(self).model_fields.items():
            if getattr(self, name) == field.get_default(call_default_factory=True):
                data.pop(name, None)
        return data
