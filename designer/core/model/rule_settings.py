"""Per-project settings of the design-rule checker: thresholds, severities, exclusions."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from designer.core.model.base import Record

SeverityName = Literal["error", "warning", "info", "ignore"]


class Exclusion(Record):
    """A finding the architect has accepted, keyed by its code and the ids involved.

    The key holds no coordinates, so an exclusion survives moving the racks it names.
    """

    code: Annotated[str, Field(min_length=1)]
    ids: list[str]
    comment: str = ""


class RuleSettings(Record):
    """Severity overrides per rule code and the accepted findings."""

    severities: dict[str, SeverityName] = Field(default_factory=dict)
    exclusions: list[Exclusion] = Field(default_factory=list)
