"""Numbers as people read them in reports and terminals: thousands separators, units."""

from __future__ import annotations

import math
from collections.abc import Sequence


def number(value: float, digits: int = 1) -> str:
    """``value`` with thousands separators and at most ``digits`` decimals (no trailing zeros)."""
    text = f"{value:,.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def small(value: float, digits: int = 2) -> str:
    """``number``, except that a value too small to show at ``digits`` decimals keeps two
    significant figures: a pod's 27 switches fail 0.00045 times a day, not 0."""
    if value and abs(value) < 0.5 * 10**-digits:
        return number(value, 1 - math.floor(math.log10(abs(value))))
    return number(value, digits)


def power(kw: float, digits: int = 1) -> str:
    """A power in kW (``digits`` decimals at most) below 10 MW, in MW to two above."""
    return f"{number(kw / 1000, 2)} MW" if kw >= 10_000 else f"{number(kw, digits)} kW"


def bandwidth(tbps: float) -> str:
    """A bandwidth in Tb/s (one decimal at most), in Gb/s below 1 Tb/s: a route sized by a
    job's 90 Gb/s read "0.1 Tb/s"."""
    return f"{number(tbps * 1000, 0)} Gb/s" if 0 < tbps < 1 else f"{number(tbps, 1)} Tb/s"


def compute(pflops: float) -> str:
    """Dense compute in PFLOPS, or EFLOPS from 10,000 PFLOPS up."""
    return f"{number(pflops / 1000, 1)} EFLOPS" if pflops >= 10_000 else f"{number(pflops)} PFLOPS"


def memory(tb: float) -> str:
    """Memory in TB, or PB from 10,000 TB up."""
    return f"{number(tb / 1000, 2)} PB" if tb >= 10_000 else f"{number(tb)} TB"


def plural(count: int, noun: str) -> str:
    """``1 hall``, ``2 halls``, ``1,728 racks``."""
    return f"{number(count, 0)} {noun}{'' if count == 1 else 's'}"


def first_of(names: Sequence[str], most: int) -> str:
    """The first ``most`` of ``names`` and how many more: ``A, B and 3 more``."""
    shown = ", ".join(names[:most])
    return shown + (f" and {len(names) - most:,} more" if len(names) > most else "")


def abridged(text: str, most: int) -> str | None:
    """``text`` cut to its first ``most`` paragraphs with a line saying how many more there
    are, or None when it has no more than that: a file with 33 broken references made a
    message box taller than any screen, its OK button off it."""
    paragraphs = text.split("\n\n")
    if len(paragraphs) <= most + 1:  # cutting one would leave as many lines
        return None
    rest = len(paragraphs) - most
    return "\n\n".join([*paragraphs[:most], f"… and {rest} more (Show Details lists them all)."])
