"""The power and cooling tables: every feed, CDU, cooling group, hall and site with its load.

The loads are ``designer.core.rules.loads``, the same figures the checker judges and the
designer's dashboard draws, so a table never disagrees with a finding. Feeds and CDUs are
listed hall by hall, as the electrical and mechanical engineers of a hall read them; the
halls and sites close the section.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache
from operator import attrgetter

from designer.core.format import number
from designer.core.rules.loads import NEAR_LIMIT, Load
from designer.report.table import Column, Table

FIGURES = (
    Column("Load (kW)", 0.9, "right"),
    Column("May carry (kW)", 1.1, "right"),
    Column("Rating (kW)", 0.9, "right"),
    Column("Use", 0.5, "right"),
)
FEED_COLUMNS = (Column("Feed", 1.8), Column("Side", 1.0), *FIGURES)
COOLING_COLUMNS = (Column("CDU or cooling group", 1.5), Column("Basis", 2.1), *FIGURES)
TOTAL_COLUMNS = (Column("Hall or site", 1.2), Column("Basis", 2.1), *FIGURES)

FEED_NOTE = (
    "Each side of an A/B pair carries its racks alone when the other side is down; a feed may "
    "carry its continuous share of its rating, or what its switchboard supplies when that is less."
)
COOLING_NOTE = (
    "Liquid heat at max power. A CDU's use is the larger of its heat's share and its coolant "
    "flow's (the flow its heat needs, of what it delivers). An N+1 group must carry its load "
    "with its largest CDU down."
)
TOTAL_NOTE = (
    "Site power is the racks' max power times the site's PUE. Room air is the racks' air heat "
    "less what rear doors remove."
)

KEY = (
    f"Red: over what it may carry; amber: above {number(NEAR_LIMIT * 100, 0)} % of it, as the "
    "designer's utilisation bars show them."
)

BASIS = {
    "cdu": "liquid heat",
    "hall_power": "IT power",
    "hall_heat": "heat rejection",
    "hall_air": "room air",
    "site_power": "facility power",
    "site_heat": "heat rejection",
}
TOTALS = ("hall_power", "hall_heat", "hall_air", "site_power", "site_heat")

_ID, _KIND, _NOTE = attrgetter("id"), attrgetter("kind"), attrgetter("note")
_FIGURES = attrgetter("name", "load_kw", "limit_kw", "rating_kw")


class _Formatted(dict[float, str]):
    """Each figure as ``form`` writes it, worked out once: a campus's hundreds of feeds and
    CDUs share a handful of ratings, limits, loads and uses. Zero is not kept: 0.0 and -0.0
    are one key but read "0" and "-0"."""

    def __init__(self, form: Callable[[float], str]) -> None:
        super().__init__()
        self.form = form

    def __missing__(self, value: float) -> str:
        text = self.form(value)
        if value:
            self[value] = text
        return text


def _share(share: float) -> str:
    return "over" if math.isinf(share) else f"{number(share * 100, 0)} %"


@lru_cache(maxsize=256)
def _basis(kind: str, note: str) -> str:
    """What a load of ``kind`` with ``note`` is reckoned on (a campus's loads have a few)."""
    return ", ".join(p for p in (BASIS.get(kind, ""), note) if p) or "–"


@cache
def _side(side: str | None) -> str:
    if not side:
        return "–"
    other = "B" if side == "A" else "A"
    return f"{side} ({other} down)"


def load_tables(
    found: Sequence[Load], hall_names: Mapping[str, str], feed_sides: Mapping[str, str | None]
) -> list[Table]:
    """Per hall, in the order of ``hall_names``, its feeds and its CDUs and cooling groups;
    then the halls and sites. Empty tables are left out; each kind of table explains itself
    under its first appearance."""
    feeds: dict[str, list[Load]] = {hall: [] for hall in hall_names}
    cooling: dict[str, list[Load]] = {hall: [] for hall in hall_names}
    totals: list[Load] = []
    for load in found:
        if load.kind in TOTALS:
            totals.append(load)
        elif load.hall_id in hall_names:
            (feeds if load.kind == "feed" else cooling)[load.hall_id].append(load)
    tables: list[Table] = []
    notes = {"feed": FEED_NOTE, "cooling": COOLING_NOTE}
    kw, use = _Formatted(number), _Formatted(_share)

    def add(
        title: str,
        columns: tuple[Column, ...],
        loads: Sequence[Load],
        note: str,
        second: Iterable[str],
    ) -> None:
        """A table of ``loads``: each one's name, ``second`` column and figures (read a
        column at a time: a campus's thousand loads in a few passes in C)."""
        shares = [load.share for load in loads]
        names, load_kw, limit_kw, rating_kw = zip(*map(_FIGURES, loads), strict=True)
        rows = tuple(
            zip(
                names,
                second,
                map(kw.__getitem__, load_kw),
                map(kw.__getitem__, limit_kw),
                map(kw.__getitem__, rating_kw),
                map(use.__getitem__, shares),
                strict=True,
            )
        )
        if not tables:
            note = f"{note} {KEY}".strip()
        # red: over what it may carry, as the checker flags it; amber: nearly there
        over = frozenset(i for i, share in enumerate(shares) if share > 1)
        near = frozenset(i for i, share in enumerate(shares) if NEAR_LIMIT < share <= 1)
        tables.append(Table(title, columns, rows, note, alerts=over, cautions=near))

    def basis(loads: Sequence[Load]) -> Iterator[str]:
        return map(_basis, map(_KIND, loads), map(_NOTE, loads))

    for hall, name in hall_names.items():
        if on := feeds[hall]:
            sides = map(_side, map(feed_sides.get, map(_ID, on)))
            add(f"Power feeds, {name}", FEED_COLUMNS, on, notes.pop("feed", ""), sides)
        if on := cooling[hall]:
            title = f"CDUs and cooling groups, {name}"
            add(title, COOLING_COLUMNS, on, notes.pop("cooling", ""), basis(on))
    if totals:
        add("Halls and sites", TOTAL_COLUMNS, totals, TOTAL_NOTE, basis(totals))
    return tables
