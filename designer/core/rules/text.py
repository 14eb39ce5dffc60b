"""How findings write numbers and name things, so every message reads the same way."""

from __future__ import annotations

import re

from designer.core.format import number
from designer.core.model.placement import Placement


def num(value: float, digits: int = 1) -> str:
    """``1368.0`` -> ``"1,368"``, ``57.25`` -> ``"57.2"``: as the report's tables write
    figures (a trial read "230.0 kW" in a finding and "230" in the power table)."""
    return number(value, digits)


def kw(value: float) -> str:
    return f"{num(value)} kW"


def mm(value: float) -> str:
    return f"{num(value, 0)} mm"


def rack_name(rack: Placement) -> str:
    """How a message names a rack: its label, else its id."""
    return f"rack {rack.label or rack.id}"


def called(kind: str, name: str) -> str:
    """``hall A`` for a hall named "A", but ``Small hall`` for one named "Small hall": a name
    that says what it names is not told twice (a trial read "the 12 kPa hall Small hall")."""
    return name if re.search(rf"\b{kind}\b", name, re.IGNORECASE) else f"{kind} {name}"


def first_up(text: str) -> str:
    """``text`` with its first letter in upper case, to start a sentence (labels untouched)."""
    return text[:1].upper() + text[1:]
