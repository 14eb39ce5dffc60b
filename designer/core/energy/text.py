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


def cells(row: Row) -> tuple[str, str, str]:
    """A comparison's row as it reads: A, B and B less A ("=" for none), each to the
    decimals the most precise of them needs, at most two, so that the row reads alike (a
    trial's "1,340.64" beside "1,464"). A side without the figure reads why (``no such
    job``), else "unknown"; B less A of a figure only one side holds reads so ("only in
    B"), not as a change from or to 0."""
    places = max((_places(v) for v in (row.a, row.b, row.difference) if v is not None), default=0)

    def shown(value: float | None, missing: str = "") -> str:
        return (missing or "unknown") if value is None else f"{value:,.{places}f}"

    if not row.differs:
        change = "="
    elif row.only:
        change = f"only in {row.only}"
    elif row.a is None or row.b is None:
        change = "unknown"
    else:
        # the difference of the figures as shown, which a reader checks (a review: 8,756.50
        # less 8,640.86 read −115.63)
        difference = round(row.b, places) - round(row.a, places)
        change = ("+" if difference > 0 else "−") + shown(abs(difference))
    return shown(row.a, row.missing[0]), shown(row.b, row.missing[1]), change


def _places(value: float) -> int:
    """The decimals ``value`` needs, at most two."""
    text = f"{abs(value):.2f}".rstrip("0")
    return len(text) - text.index(".") - 1
