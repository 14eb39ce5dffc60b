"""How energy, cost and comparison figures read, the same in a terminal and on a sheet."""

from __future__ import annotations

from designer.core.energy.compare import Row
from designer.core.format import number


def usd(value: float | None) -> str:
    """Dollars to the unit; "unknown" for a figure a site lacks."""
    return "unknown" if value is None else f"${number(value, 0)}"


def signed(value: float | None, unit: str = "$") -> str:
    """A change with its sign (``+$1,200``, ``−874 t CO2``); "unknown" when a site lacks
    the figure."""
    if value is None:
        return "unknown (a site has no figure)"
    sign = "+" if value > 0 else "−" if value < 0 else "±"
    text = number(abs(value), 0)
    return f"{sign}${text}" if unit == "$" else f"{sign}{text} {unit}"


def latency(value: float | None) -> str:
    """A one-way DCI latency, or why there is none."""
    return "no fibre route" if value is None else f"{number(value)} µs"


def shown(value: float | None) -> str:
    """One design's figure in a comparison."""
    return "unknown" if value is None else number(value, 2)


def shown_difference(row: Row) -> str:
    """B less A as a comparison prints it: "=" for none."""
    if not row.differs:
        return "="
    if row.difference is None:
        return "unknown"
    return ("+" if row.difference > 0 else "−") + number(abs(row.difference), 2)
