"""Per-project settings of the design-rule checker: thresholds, severities, exclusions."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from designer.core.model.base import Record

SeverityName = Literal["error", "warning", "info", "ignore"]

#: A clearance or aisle width on the floor, in millimetres (up to 20 m).
ClearanceMm = Annotated[int, Field(ge=0, le=20_000)]
#: A share of a whole, such as the 80 % continuous-load rule.
Share = Annotated[float, Field(gt=0, le=1)]
#: The gap between rows, in millimetres: more than none, or rows would stand in one line.
RowGapMm = Annotated[int, Field(gt=0, le=20_000)]
#: A number of racks in a row or beyond a row's last exit.
RackCount = Annotated[int, Field(ge=1, le=1_000)]
#: The heat one rack may give to the room's air, in kW.
AirKw = Annotated[float, Field(gt=0, le=10_000)]
#: The longest pipe run from a CDU, in millimetres.
PipeRunMm = Annotated[int, Field(gt=0, le=1_000_000)]
#: Coolant flow per kW of heat, in litres a minute: more than 0, since a zero flow per kW
#: would switch the CDU flow check off in silence.
FlowPerKw = Annotated[float, Field(gt=0, le=100)]


class Exclusion(Record):
    """A finding the architect has accepted, keyed by its code and the ids involved.

    The key holds no coordinates, so an exclusion survives moving the racks it names.
    """

    code: Annotated[str, Field(min_length=1)]
    ids: list[str]
    comment: str = ""


class Thresholds(Record):
    """The project's own values for the checker's limits.

    A field left empty (``None``) takes its default from ``resources/catalog/rules.json``,
    where every default names its source; only the values the architect changes are
    written to the file, so a project follows a corrected default unless it overrides it.
    """

    front_service_mm: ClearanceMm | None = None
    rear_service_mm: ClearanceMm | None = None
    cold_aisle_mm: ClearanceMm | None = None
    hot_aisle_mm: ClearanceMm | None = None
    adjacent_row_mm: RowGapMm | None = None
    row_break_mm: ClearanceMm | None = None
    max_row_racks: RackCount | None = None
    row_end_clear_mm: ClearanceMm | None = None
    max_dead_end_racks: RackCount | None = None
    continuous_load_share: Share | None = None
    tile_point_share: Share | None = None
    rack_air_limit_kw: AirKw | None = None
    max_pipe_run_mm: PipeRunMm | None = None
    cdu_flow_lpm_per_kw: FlowPerKw | None = None

    @model_serializer(mode="wrap")
    def _only_overrides(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return {key: value for key, value in handler(self).items() if value is not None}


class Limits(Thresholds):
    """Every threshold filled in: the defaults, with the project's own values in place.

    What the checks read. Typed apart from ``Thresholds`` so that a check need not ask of
    each limit whether it is set: the defaults set every one (``rules.limits``).
    """

    front_service_mm: ClearanceMm
    rear_service_mm: ClearanceMm
    cold_aisle_mm: ClearanceMm
    hot_aisle_mm: ClearanceMm
    adjacent_row_mm: RowGapMm
    row_break_mm: ClearanceMm
    max_row_racks: RackCount
    row_end_clear_mm: ClearanceMm
    max_dead_end_racks: RackCount
    continuous_load_share: Share
    tile_point_share: Share
    rack_air_limit_kw: AirKw
    max_pipe_run_mm: PipeRunMm
    cdu_flow_lpm_per_kw: FlowPerKw


#: Which racks must have two power paths, A and B (``RuleSettings.tier_iii_racks``).
TierIIIRacks = Literal["liquid_cooled", "all", "none"]
TIER_III_DEFAULT: TierIIIRacks = "liquid_cooled"


class RuleSettings(Record):
    """Threshold overrides, severity overrides per rule code and the accepted findings.

    ``tier_iii_racks`` says which racks the project holds to Tier III, concurrent
    maintainability (links B40): each on a side A and a side B feed. By default the
    liquid-cooled racks, as NVIDIA asks of a GB200 SuperPOD's site (links B41, links:S59);
    ``all`` every rack, ``none`` no rack (a hall fed from A and B still asks it of all).
    """

    severities: dict[str, SeverityName] = Field(default_factory=dict)
    exclusions: list[Exclusion] = Field(default_factory=list)
    thresholds: Thresholds = Field(default_factory=Thresholds)
    tier_iii_racks: TierIIIRacks = TIER_III_DEFAULT

    @model_serializer(mode="wrap")
    def _thresholds_when_set(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Leave ``thresholds`` out of the file while the project overrides none of them,
        and the Tier III choice while it is the default."""
        data: dict[str, Any] = handler(self)
        if not data.get("thresholds"):
            data.pop("thresholds", None)
        if data.get("tier_iii_racks") == TIER_III_DEFAULT:
            data.pop("tier_iii_racks")
        return data
