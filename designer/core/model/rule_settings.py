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
    adjacent_row_mm: Annotated[int, Field(gt=0, le=20_000)] | None = None
    row_break_mm: ClearanceMm | None = None
    max_row_racks: Annotated[int, Field(ge=1, le=1_000)] | None = None
    row_end_clear_mm: ClearanceMm | None = None
    max_dead_end_racks: Annotated[int, Field(ge=1, le=1_000)] | None = None
    continuous_load_share: Share | None = None
    tile_point_share: Share | None = None
    rack_air_limit_kw: Annotated[float, Field(gt=0, le=10_000)] | None = None
    max_pipe_run_mm: Annotated[int, Field(gt=0, le=1_000_000)] | None = None
    # more than 0: a zero flow per kW would switch the CDU flow check off in silence
    cdu_flow_lpm_per_kw: Annotated[float, Field(gt=0, le=100)] | None = None

    @model_serializer(mode="wrap")
    def _only_overrides(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return {key: value for key, value in handler(self).items() if value is not None}


class RuleSettings(Record):
    """Threshold overrides, severity overrides per rule code and the accepted findings."""

    severities: dict[str, SeverityName] = Field(default_factory=dict)
    exclusions: list[Exclusion] = Field(default_factory=list)
    thresholds: Thresholds = Field(default_factory=Thresholds)

    @model_serializer(mode="wrap")
    def _thresholds_when_set(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Leave ``thresholds`` out of the file while the project overrides none of them."""
        data: dict[str, Any] = handler(self)
        if not data.get("thresholds"):
            data.pop("thresholds", None)
        return data
