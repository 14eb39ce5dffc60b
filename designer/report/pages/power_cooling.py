"""The power and cooling tables: every feed, CDU, cooling group, hall and site with its load.

The loads are ``designer.core.rules.loads``, the same figures the checker judges and the
designer's dashboard draws, so a table never disagrees with a finding.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from designer.core.format import number
from designer.core.rules.loads import Load
from designer.report.table import Column, Table

COLUMNS = (
    Column("Name", 1.6),
    Column("Hall", 1.2),
    Column("Basis", 1.9),
    Column("Load (kW)", 0.9, "right"),
    Column("May carry (kW)", 1.0, "right"),
    Column("Rating (kW)", 0.9, "right"),
    Column("Use", 0.6, "right"),
)

SECTIONS = (
    (
        "Power feeds",
        ("feed",),
        "Each side of an A/B pair carries its racks alone when the other side is down; a feed may carry its continuous share of its rating.",
    ),
    (
        "CDUs and cooling groups",
        ("cdu", "cooling_group"),
        "Liquid heat at max power. An N+1 group must carry its load with its largest CDU down.",
    ),
    (
        "Halls and sites",
        ("hall_power", "hall_heat", "hall_air", "site_power", "site_heat"),
        "Site power is the racks' max power times the site's PUE. Room air is the racks' air heat less what rear doors remove.",
    ),
)

BASIS = {
    "cdu": "liquid heat",
    "hall_power": "IT power",
    "hall_heat": "heat rejection",
    "hall_air": "room air",
    "site_power": "facility power",
    "site_heat": "heat rejection",
}


def _share(load: Load) -> str:
    share = load.share
    return "over" if math.isinf(share) else f"{number(share * 100, 0)} %"


def load_tables(found: Sequence[Load], hall_names: Mapping[str, str]) -> list[Table]:
    """One table per section, leaving out sections with nothing in them."""
    tables = []
    for title, kinds, note in SECTIONS:
        rows = tuple(
            (
                load.name,
                hall_names.get(load.hall_id or "", "–")
                if load.kind not in ("site_power", "site_heat")
                else "–",
                ", ".join(p for p in (BASIS.get(load.kind, ""), load.note) if p) or "–",
                number(load.load_kw),
                number(load.limit_kw),
                number(load.rating_kw),
                _share(load),
            )
            for load in found
            if load.kind in kinds
        )
        if rows:
            tables.append(Table(title, COLUMNS, rows, note))
    return tables
