"""How findings write numbers and name things, so every message reads the same way."""

from __future__ import annotations

from designer.core.model.placement import Placement


def num(value: float, digits: int = 1) -> str:
    """``1368.0`` -> ``"1,368.0"``: thousands separators and a fixed number of decimals."""
    return f"{value:,.{digits}f}"


def kw(value: float) -> str:
    return f"{num(value)} kW"


def mm(value: float) -> str:
    return f"{num(value, 0)} mm"


def rack_name(rack: Placement) -> str:
    """How a message names a rack: its label, else its id."""
    return f"rack {rack.label or rack.id}"


def first_up(text: str) -> str:
    """``text`` with its first letter in upper case, to start a sentence (labels untouched)."""
    return text[:1].upper() + text[1:]
