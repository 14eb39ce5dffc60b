"""The "Resilience" sheet: single points of failure, the N-1 top ten, expected failures."""

from designer.core.catalog import default_catalog
from designer.core.examples import two_sites
from designer.core.resilience import topology_of
from designer.core.resilience.expected import expected_failures
from designer.core.resilience.sweep import sweep
from designer.core.rules import RuleEngine
from designer.report.drawing_set import drawing_set
from designer.report.pages.resilience import resilience_pages, resilience_tables
from designer.report.paper import SheetFrame

CATALOG = default_catalog()


def test_two_sites_list_their_route_the_ten_worst_and_the_failures_to_expect():
    project = two_sites.build().project
    engine = RuleEngine(CATALOG)
    report = engine.run(project)
    topology = topology_of(engine, project)
    ranked = sweep(topology)
    expected = expected_failures(topology, cost_min=5)
    (page,) = resilience_pages(ranked, expected, report.findings, SheetFrame.of("A3"))
    assert page.title == "Resilience"
    single, top, failures = resilience_tables(ranked, expected, report.findings)
    ((code, message),) = single.rows
    assert code == "resilience.one_fibre_route" and "North – South" in message
    # the North site takes its 256 of 384 GPUs with it; ten rows of 24 components
    assert len(top.rows) == 10 and top.rows[0][1:5] == ("North", "site", "256", "66.7 %")
    figures = dict(failures.rows)
    assert figures["Accelerator"].startswith("384 accelerators")
    assert "operations:O3" in figures["Accelerator"]
    assert figures["MTBI"] == f"one every {expected.cluster.mtbi_hours:.1f} h"


def test_the_set_holds_the_sheet_after_the_findings():
    project = two_sites.build().project
    titles = [p.title for p in drawing_set(project, CATALOG, "A3")]
    assert titles.index("Resilience") == titles.index("Design-rule findings") + 1


def test_no_finding_of_the_checked_kinds_is_not_said_as_nothing_failing_alone():
    """A review read "None: every rack has two power paths, every CDU a spare, every site
    two fibre routes" over an N-1 table where CRAH-1 took all 320 GPUs of a one-site hall
    with no CDU down."""
    from designer.core.examples import EXAMPLES

    project = EXAMPLES["hgx-air-hall"]().project
    engine = RuleEngine(CATALOG)
    report = engine.run(project)
    topology = topology_of(engine, project)
    ranked = sweep(topology)
    single, top, _ = resilience_tables(ranked, expected_failures(topology), report.findings)
    ((code, message),) = single.rows
    points = sum(1 for r in ranked if r.single_point)
    assert code == "–" and points > 0
    assert message.startswith("None of the kinds the checks look for: no rack on one power path")
    assert message.endswith(
        f"Failed alone, {points} components still take accelerators down or cut them off "
        "(N-1, below)."
    )
    assert top.rows[0][3] == "320"  # the worst takes every GPU of the hall


def test_the_ub_optics_no_rate_covers_are_said_under_the_failures_to_expect():
    from designer.core.examples import EXAMPLES

    project = EXAMPLES["cm384-supernode"]().project
    engine = RuleEngine(CATALOG)
    topology = topology_of(engine, project)
    *_, failures = resilience_tables(
        sweep(topology), expected_failures(topology), engine.run(project).findings
    )
    assert failures.note.endswith(
        "Not counted: 2,688 scale-up links between racks, for which no failure rate is sourced."
    )
