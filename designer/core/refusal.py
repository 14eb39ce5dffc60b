"""A value a model refused, taken apart so that each caller says it in the words of the
place it was typed (a command's option, a sheet's column), never in the validator's: an
audit read "Input should be less than or equal to 100000000" where a person had typed a
rack's y.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from designer.core.format import number

#: How each bound a number may break reads after "must be".
BOUNDS = {"ge": "at least", "gt": "more than", "le": "at most", "lt": "less than"}


@dataclass(frozen=True)
class Refusal:
    """One of a ``ValidationError``'s errors: the ``field`` refused (its dotted path, ""
    for the model as a whole), the ``value`` given, the ``bound`` it broke (a key of
    ``BOUNDS``, ``max_length``, or None) with its ``limit``, and the validator's ``reason``
    as a clause (lower case, without pydantic's "Value error, ")."""

    field: str
    value: Any
    bound: str | None
    limit: Any
    reason: str

    @property
    def too_large(self) -> bool:
        return self.bound in ("le", "lt")

    @property
    def too_small(self) -> bool:
        return self.bound in ("ge", "gt")

    def must(self, shown: str) -> str | None:
        """``must be at least 1, not 0`` for a number out of its bounds, ``shown`` being the
        value as it was typed; None for any other refusal."""
        if self.bound in BOUNDS:
            return f"must be {BOUNDS[self.bound]} {_figure(self.limit)}, not {shown}"
        if self.bound == "max_length":
            return f"must be at most {_figure(self.limit)} characters long, not {shown}"
        return None


def refusal(error: Mapping[str, Any]) -> Refusal:
    """``error``, one of ``ValidationError.errors()``, taken apart."""
    limits = error.get("ctx") or {}
    bound = next((kind for kind in (*BOUNDS, "max_length") if kind in limits), None)
    message = str(error["msg"]).removeprefix("Value error, ")
    return Refusal(
        ".".join(str(part) for part in error["loc"]),
        error.get("input"),
        bound,
        limits.get(bound) if bound else None,
        message[:1].lower() + message[1:],
    )


def _figure(value: Any) -> str:
    """A limit with its thousands grouped and no trailing zeros: ``100,000,000,000,000``,
    ``1`` (pydantic gives a float field's limit of 1 as 1.0), ``0.5``."""
    if isinstance(value, int):
        return f"{value:,}"
    return number(value, 6) if isinstance(value, float) else str(value)
