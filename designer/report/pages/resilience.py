"""The "Resilience" sheet: the design's single points of failure, the ten components whose
failure alone takes most down, and the failures a cluster of this size should expect with
the checkpoint interval they call for. Every figure is ``designer.core.resilience``'s, as
``whatif --sweep`` prints them.
"""

from __future__ import annotations

from collections.abc import Sequence

from designer.core.findings import Finding
from designer.core.format import plural
from designer.core.resilience.expected import ExpectedFailures
from designer.core.resilience.sweep import Ranked
from designer.core.resilience.text import RANKING_HEADINGS, expected_rows, ranking_rows
from designer.report.page import Page
from designer.report.pages.tables import tables_pages
from designer.report.paper import SheetFrame
from designer.report.table import Column, Table

#: The codes of a single point of failure a Tier III design must not have (links B40).
SINGLE_POINT_CODES = ("power.single_path", "cooling.no_spare_cdu", "resilience.one_fibre_route")

#: How many components of the N-1 ranking the sheet lists.
TOP = 10

FINDING_COLUMNS = (Column("Code", 1.5), Column("Finding", 5.0, wrap=True))
RANKING_COLUMNS = tuple(
    Column(title, share, align)
    for title, share, align in zip(
        RANKING_HEADINGS,
        (0.3, 2.0, 0.8, 1.0, 0.7, 0.7, 0.9, 0.9),
        ("right", "left", "left", "right", "right", "right", "right", "right"),
        strict=True,
    )
)
FIGURE_COLUMNS = (Column("Figure", 1.0), Column("Value", 4.5, wrap=True))


def resilience_pages(
    ranked: Sequence[Ranked],
    expected: ExpectedFailures,
    findings: Sequence[Finding],
    frame: SheetFrame,
) -> list[Page]:
    """The "Resilience" sheet (or more, when its tables run over)."""
    return tables_pages("Resilience", resilience_tables(ranked, expected, findings), frame)


def resilience_tables(
    ranked: Sequence[Ranked], expected: ExpectedFailures, findings: Sequence[Finding]
) -> list[Table]:
    """The sheet's tables: the single points of failure the checks found, the N-1 top ten
    and the expected failures."""
    single = [f for f in findings if f.code in SINGLE_POINT_CODES and not f.excluded]
    points = sum(1 for r in ranked if r.single_point)
    # the checks look for three kinds only; said as what was not found, so that it never
    # reads as "nothing fails alone" above an N-1 table of components that do
    none = (
        "None of the kinds the checks look for: no rack on one power path, no liquid-cooled "
        "racks whose CDUs lack a spare, no sites joined by one fibre route."
    )
    if points:
        none += (
            f" Failed alone, {plural(points, 'component')} still "
            f"{'takes' if points == 1 else 'take'} accelerators down or cut them off (N-1, "
            "below)."
        )
    return [
        Table(
            "Single points of failure that Tier III rules out",
            FINDING_COLUMNS,
            tuple((f.code, f.message) for f in single) or (("–", none),),
        ),
        Table(
            f"N-1: the {min(TOP, len(ranked))} failures that take most down",
            RANKING_COLUMNS,
            tuple(ranking_rows(ranked[:TOP])),
            f"Each of {len(ranked):,} components failed alone; {points:,} take accelerators "
            "down or cut them off. Ranked by the accelerators hit, then by the bisection and "
            "the scale-up bandwidth lost (so components that take no accelerators follow by "
            "what they cut of the fabrics). Bisection is an estimate: half the thinnest tier "
            "of each site's fabric.",
        ),
        Table(
            "Expected failures",
            FIGURE_COLUMNS,
            tuple(expected_rows(expected)),
            "An estimate: rates per hour of published clusters' failures, from "
            "resources/catalog/failures.json, each with its source and arithmetic."
            + (
                f" Not counted: {plural(expected.counts.unrated_links, 'scale-up link')} "
                "between racks, for which no failure rate is sourced."
                if expected.counts.unrated_links
                else ""
            ),
        ),
    ]
