"""Equipment types: the schema of the catalog and of a project's custom types.

A type carries its figures as plain numbers so that checks read ``t.max_kw`` directly, and
a ``sources`` map from each figure's path (``"max_kw"``, ``"ports.scale_out.count"``) to
where the number comes from: a source id of the shared reference (``"systems:S11"``), a
named external source (``"ext:nvidia-h100-datasheet"``), ``"estimate: <how>"`` or, for a
user's own type, ``"user: <note>"``. ``missing_sources`` lists the figures without one;
the catalog refuses to load such a type. A key also covers the figures below it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from designer.core.model.base import Kw, Record, Volts

Share = Annotated[float, Field(ge=0.0, le=1.0)]
Count = Annotated[int, Field(ge=0, le=1_000_000)]
Gbps = Annotated[int, Field(gt=0, le=100_000)]
SizeMm = Annotated[int, Field(ge=0, le=20_000)]
Kg = Annotated[float, Field(ge=0, le=100_000)]

Plane = Literal["scale_out", "ub", "storage", "management", "dci"]
"""A network plane a port group belongs to.

``ub`` is the CloudMatrix384 Unified Bus scale-up plane, which leaves the rack on optics;
NVLink never leaves an NVL72 and so has no port group.
"""

Precision = Literal["fp4", "fp8", "bf16", "int8"]


class PortGroup(Record):
    """``count`` ports of ``rate_gbps`` each, built from lanes of ``lane_gbps``;
    ``cage_ports`` of them share one module cage (a DGX H100's 8 x 400G ConnectX-7 ports sit
    in 4 twin-port OSFP cages: one 800G module serves two links, and the bill counts it once).
    """

    count: Count
    rate_gbps: Gbps
    lane_gbps: Gbps
    cage_ports: Annotated[int, Field(gt=0, le=16)] = 1


class SwitchFit(Record):
    """The switches a network rack holds: ``count`` units of switch type ``switch_id``."""

    switch_id: str
    count: Count


class ServerFit(Record):
    """The servers a compute rack holds, each a device of its own in a DCIM: ``count`` of
    ``model``, each ``height_u`` high and ``weight_kg`` heavy where a source gives it (a rack
    of four DGX H100 went to NetBox as one device of no height, an audit). The rack's ports
    are theirs, shared evenly."""

    model: Annotated[str, Field(min_length=1, max_length=100)]
    count: Annotated[int, Field(gt=0, le=64)]
    height_u: Annotated[int, Field(gt=0, le=60)]
    weight_kg: Annotated[float, Field(gt=0, le=5_000)] | None = None


class ScaleUp(Record):
    """How a rack's accelerators join their scale-up domain.

    ``in_rack`` domains (NVL72) must never cable outside the rack; otherwise the domain
    spans the racks of a system group (CloudMatrix384) over the ``ub`` plane.
    """

    fabric: Literal["nvlink", "ub"]
    domain_size: Count
    in_rack: bool


class Sourced(Record):
    """Common part of every catalog type: identity and the source of each figure."""

    id: Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[a-z0-9][a-z0-9_.\-]*$")]
    name: Annotated[str, Field(min_length=1, max_length=120)]
    vendor: str = ""
    description: str = ""
    sources: dict[str, str] = Field(default_factory=dict)

    def figure_paths(self) -> Iterator[str]:
        """Yield the dotted path of every number this type states.

        Fields left at their default (no accelerators on a switch rack) state nothing and
        need no source.
        """
        yield from _numeric_paths(self.model_dump(exclude={"sources"}, exclude_defaults=True), "")

    def source_of(self, path: str) -> str:
        """The source of the figure at ``path``, or ``""`` when none is given.

        A key also covers the figures below it, so ``"members"`` can source a whole
        arrangement and ``"pflops_dense"`` every precision at once.
        """
        while path:
            found = self.sources.get(path, "").strip()
            if found:
                return found
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return ""

    def missing_sources(self) -> list[str]:
        """Figures that have no source, named estimate or user note."""
        return [p for p in self.figure_paths() if not self.source_of(p)]


class RackType(Sourced):
    """A rack as it stands on the floor: compute, network or storage.

    ``height_u`` is how many rack units it holds where a source gives it (a DGX H100
    SuperPOD asks at least 48U); None where none does (an NVL72, a CloudMatrix384 cabinet),
    which a DCIM export fills with its own default. At most 100: NetBox refuses a taller rack
    (``RACK_U_HEIGHT_MAX``), and a rack written there must import."""

    category: Literal["compute", "network", "storage"]
    width_mm: Annotated[int, Field(gt=0, le=5_000)]
    depth_mm: Annotated[int, Field(gt=0, le=5_000)]
    height_mm: Annotated[int, Field(gt=0, le=5_000)]
    height_u: Annotated[int, Field(gt=0, le=100)] | None = None
    weight_kg: Annotated[float, Field(gt=0, le=10_000)]
    typical_kw: Kw
    max_kw: Kw
    liquid_share: Share = 0.0
    accelerator_kind: str = ""
    accelerators: Count = 0
    pflops_dense: dict[Precision, Annotated[float, Field(ge=0, le=1_000_000)]] = Field(
        default_factory=dict
    )
    hbm_tb: Annotated[float, Field(ge=0, le=100_000)] = 0.0
    ports: dict[Plane, PortGroup] = Field(default_factory=dict)
    switches: SwitchFit | None = None
    servers: ServerFit | None = None
    scale_up: ScaleUp | None = None

    @model_serializer(mode="wrap")
    def _left_out_when_unknown(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Leave ``servers`` out where a rack holds none, and ``height_u`` where no source
        gives it: a project's own rack types are written as before they were known, so files
        stay as they were."""
        data = handler(self)
        if self.servers is None:
            data.pop("servers", None)
        if self.height_u is None:
            data.pop("height_u", None)
        return data

    @model_validator(mode="after")
    def _typical_within_max(self) -> RackType:
        if self.typical_kw > self.max_kw:
            raise ValueError(
                f"typical power {self.typical_kw} kW is above the max power {self.max_kw} kW"
            )
        return self

    @property
    def liquid_kw(self) -> float:
        """Heat to liquid at max power, in kW."""
        return self.max_kw * self.liquid_share

    @property
    def air_kw(self) -> float:
        """Heat to air at max power, in kW."""
        return self.max_kw - self.liquid_kw


class SwitchType(Sourced):
    """A network switch that network racks hold.

    ``cage_ports`` is how many ports one module cage carries: 2 on NVIDIA's twin-port OSFP
    switches (the QM9700's 32 cages carry its 64 x 400G), so one module at the switch end
    serves that many links and the bill counts modules, not link ends.
    """

    ports: Count
    port_gbps: Gbps
    cage_ports: Annotated[int, Field(gt=0, le=16)] = 1
    lane_gbps: Gbps
    height_u: Annotated[int, Field(gt=0, le=60)]
    weight_kg: Kg
    max_kw: Kw
    protocol: Literal["infiniband", "ethernet"]


class CoolingType(Sourced):
    """A cooling unit: a CDU (liquid), a CRAH or an in-row cooler (air)."""

    kind: Literal["cdu", "crah", "inrow_cooler"]
    mount: Literal["in_rack", "in_row", "perimeter"]
    width_mm: SizeMm
    depth_mm: SizeMm
    liquid_capacity_kw: Kw = 0.0
    air_capacity_kw: Kw = 0.0
    flow_lpm: Annotated[float, Field(ge=0, le=1_000_000)] = 0.0


class FeedType(Sourced):
    """A power feed product: an overhead busway run or a rack PDU."""

    kind: Literal["busway", "pdu"]
    voltage_v: Volts
    amps: Annotated[float, Field(gt=0, le=10_000)]
    phases: Literal[1, 3]


class StructureType(Sourced):
    """A default size for a structural element drawn in a hall (a column, a keep-out)."""

    kind: Literal["column", "keepout", "wall"]
    width_mm: SizeMm
    depth_mm: SizeMm


class TrayType(Sourced):
    """A cable tray product: its cross-section and the height it is hung at by default,
    what the Cable Tray tool draws when the entry is highlighted in the palette."""

    width_mm: Annotated[int, Field(gt=0, le=3_000)]
    depth_mm: Annotated[int, Field(gt=0, le=1_000)]
    height_mm: Annotated[int, Field(ge=-2_000, le=20_000)]


class SystemMember(Record):
    """One rack of a multi-rack system, placed relative to the system's origin."""

    type_id: str
    role: str
    dx_mm: Annotated[int, Field(ge=0, le=200_000)]
    dy_mm: Annotated[int, Field(ge=0, le=200_000)]
    rotation: Literal[0, 90, 180, 270]


class SystemTemplate(Sourced):
    """A multi-rack system (CloudMatrix384) placed, moved and deleted as one group."""

    members: list[SystemMember]
    max_kw: Kw
    accelerators: Count
    max_span_m: Annotated[float, Field(gt=0, le=10_000)]


def _numeric_paths(value: object, prefix: str) -> Iterator[str]:
    """Yield dotted paths of the int and float leaves of a dumped model."""
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield prefix
    elif isinstance(value, dict):
        for key, sub in value.items():
            yield from _numeric_paths(sub, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield from _numeric_paths(sub, f"{prefix}[{index}]")
