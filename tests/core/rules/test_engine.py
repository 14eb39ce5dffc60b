"""The engine: severity overrides, exclusions, report order, codes, derived data, and how
little it re-checks after a move."""

import dataclasses
from pathlib import Path

import pytest

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.examples import campus
from designer.core.model.rule_settings import Exclusion, RuleSettings
from designer.core.rules import CODES, RuleEngine, Severity
from designer.core.rules import engine as engine_module
from designer.core.rules.context import Changes, Context, Derived
from designer.core.rules.limits import default_thresholds
from tests.core.rules.helpers import CATALOG, hall_doc

H100 = "nvidia-dgx-h100-rack"


def _overlapping_pair():
    doc, hall = hall_doc()
    a = ops.place_rack(doc, hall, H100, 1_000, 2_000, 0, "A", rear_door_kw=45)
    b = ops.place_rack(doc, hall, H100, 1_400, 2_000, 0, "B", rear_door_kw=45)
    return doc, a, b


def _codes(report):
    return [(f.code, f.severity, f.excluded) for f in report.findings]


def test_a_severity_override_and_ignore():
    doc, _a, _b = _overlapping_pair()
    ops.update_settings(
        doc, "Severities", rules=RuleSettings(severities={"space.overlap": "warning"})
    )
    report = RuleEngine(CATALOG).run(doc.project)
    assert ("space.overlap", Severity.WARNING, False) in _codes(report)
    ops.update_settings(
        doc, "Severities", rules=RuleSettings(severities={"space.overlap": "ignore"})
    )
    assert "space.overlap" not in {f.code for f in RuleEngine(CATALOG).run(doc.project).findings}


def test_an_exclusion_survives_a_move_and_is_not_counted():
    doc, a, b = _overlapping_pair()
    engine = RuleEngine(CATALOG)
    before = engine.run(doc.project).counts()
    accepted = Exclusion(code="space.overlap", ids=[b, a], comment="temporary, moved next week")
    ops.update_settings(doc, "Accept", rules=RuleSettings(exclusions=[accepted]))
    ops.move(doc, [a, b], 600, 600)
    for report in (
        engine.update(doc.project, {a, b, "settings"}),
        RuleEngine(CATALOG).run(doc.project),
    ):
        [overlap] = [f for f in report.findings if f.code == "space.overlap"]
        assert overlap.excluded
        assert overlap.comment == "temporary, moved next week"
        assert report.counts()[Severity.ERROR] == before[Severity.ERROR] - 1
        assert not any(f.code == "rules.unused_exclusion" for f in report.findings)


def test_an_exclusion_that_matches_nothing_is_reported():
    doc, a, _b = _overlapping_pair()
    ops.update_settings(
        doc, "Accept", rules=RuleSettings(exclusions=[Exclusion(code="floor.overload", ids=[a])])
    )
    [stale] = [
        f
        for f in RuleEngine(CATALOG).run(doc.project).findings
        if f.code == "rules.unused_exclusion"
    ]
    assert stale.severity is Severity.INFO
    assert stale.ids == (a,)


def test_findings_come_errors_first_then_by_code_and_ids():
    doc, hall = hall_doc()
    ops.update_settings(doc, "Severities", rules=RuleSettings(severities={"power.no_feed": "info"}))
    ops.place_rack(doc, hall, H100, 1_000, 2_000, 0)
    ops.place_rack(doc, hall, H100, 1_400, 2_000, 0)
    findings = RuleEngine(CATALOG).run(doc.project).findings
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    keys = [(order[f.severity], f.code, f.ids) for f in findings]
    assert keys == sorted(keys)
    assert findings[-1].severity is Severity.INFO


def test_every_code_names_its_family_and_has_a_title():
    assert {c.split(".")[0] for c in CODES} >= {"space", "floor", "power", "cooling", "file"}
    for code, info in CODES.items():
        assert info.code == code
        assert code.startswith(info.family + ".")
        assert info.title and info.description


def test_a_check_emitting_an_undeclared_code_is_refused(monkeypatch):
    doc, a, _b = _overlapping_pair()
    rogue = dataclasses.replace(engine_module.CHECKS[0], codes=())
    monkeypatch.setattr(engine_module, "CHECKS", (rogue,))
    ops.update(doc, a, type_id="no-such-rack")  # makes the file check report
    with pytest.raises(ValueError, match="does not declare"):
        RuleEngine(CATALOG).run(doc.project)


def test_derived_data_is_built_once_per_revision_then_carried_forward():
    doc, _a, b = _overlapping_pair()
    calls = []
    counted = Derived(
        "counted",
        lambda ctx: calls.append("build") or len(ctx.project.placements),
        lambda value, ctx, changes: calls.append("update") or len(ctx.project.placements),
    )
    limits = default_thresholds().values
    first = Context(doc.project, CATALOG, limits)
    assert first.get(counted) == first.get(counted) == 2
    old = doc.project
    ops.delete(doc, [b])
    second = Context(doc.project, CATALOG, limits, previous=(first, Changes(old, doc.project, {b})))
    second.settle()
    assert second.get(counted) == 1
    assert calls == ["build", "update"]


def test_moving_one_rack_rechecks_only_its_neighbourhood(monkeypatch):
    project = campus.build(27).project
    runs: dict[str, int] = {}

    def counting(check):
        def run(ctx, subject):
            runs[check.name] = runs.get(check.name, 0) + 1
            return check.run(ctx, subject)

        return dataclasses.replace(check, run=run)

    monkeypatch.setattr(engine_module, "CHECKS", tuple(counting(c) for c in engine_module.CHECKS))
    engine = RuleEngine(default_catalog())
    engine.run(project)
    runs.clear()
    rack = next(iter(project.placements.values()))
    moved = project.model_copy(
        update={
            "placements": {
                **project.placements,
                rack.id: rack.model_copy(update={"y": rack.y + 100}),
            }
        }
    )
    engine.update(moved, {rack.id})
    # The hall, site, feed, CDU and integrity checks do not run for a move.
    whole = {"file.integrity", "power.feeds", "power.halls", "power.sites", "cooling.cdus"}
    whole |= {"cooling.groups", "cooling.halls", "cooling.sites"}
    assert not whole & set(runs)
    # The space check looks at racks within 3 m of the old and new places, not the hall's 288.
    assert runs["space.racks"] < 60


def test_the_engine_hands_out_the_network_plan_its_checks_read():
    from designer.core.catalog import default_catalog
    from designer.core.examples import EXAMPLES
    from designer.core.network import link_totals
    from designer.core.rules import RuleEngine
    from designer.core.rules.network import PLAN

    project = EXAMPLES["two-sites"]().project
    engine = RuleEngine(default_catalog())
    assert engine.derived(PLAN) is None
    engine.run(project)
    plan = engine.derived(PLAN)
    assert engine.derived(PLAN, project) is plan  # the project checked: its own plan
    fresh = RuleEngine(default_catalog()).derived(PLAN, project)  # asked, not checked
    assert fresh is not plan
    assert link_totals(plan).by_medium == link_totals(fresh).by_medium
    assert engine.derived(PLAN) is plan


def test_a_plan_asked_for_before_the_check_is_the_one_the_check_reads(monkeypatch):
    """The CLI's export asks for the plan of a project and checks it: one plan for both."""
    from designer.core.catalog import default_catalog
    from designer.core.examples import EXAMPLES
    from designer.core.rules import RuleEngine
    from designer.core.rules import network as network_rules
    from designer.core.rules.network import PLAN

    built = []
    build = network_rules.build_plan
    monkeypatch.setattr(
        network_rules, "build_plan", lambda *a: built.append(build(*a)) or built[-1]
    )
    project = EXAMPLES["two-sites"]().project
    engine = RuleEngine(default_catalog())
    plan = engine.derived(PLAN, project)
    engine.run(project)
    assert built == [plan] and engine.derived(PLAN) is plan
    other = EXAMPLES["gb200-nvl72-su"]().project
    engine.derived(PLAN, other)  # another project is planned on its own
    assert len(built) == 2 and engine.derived(PLAN) is plan


def test_findings_of_one_code_come_in_the_order_their_racks_labels_read():
    """A trial's racks placed in the designer (random ids) had their findings listed
    B200-01, 07, 09, 03, ...: here ids and labels run opposite ways."""
    from tests.core.rules.helpers import hall_doc

    doc, hall = hall_doc(width=6_000)
    racks = ops.place_row(doc, hall, "nvidia-dgx-h100-rack", 0, 2_000, 10, 0)  # 8 m of 6
    for n, rack in enumerate(reversed(racks), start=1):
        ops.update(doc, rack, label=f"B200-{n}")
    report = RuleEngine(CATALOG).run(doc.project)
    outside = [f for f in report.findings if f.code == "space.outside_hall"]
    labels = [doc.project.placements[f.ids[0]].label for f in outside]
    assert labels == ["B200-1", "B200-2", "B200-3"]  # the last three stand past x = 6 m


def test_a_one_shot_check_forked_reports_what_a_check_in_one_process_does(monkeypatch):
    """The CLI's check of a large project runs the network check in a forked copy: the
    same findings (the two-site example has network ones), the plan built elsewhere."""
    from designer.core.io.project_file import load
    from designer.core.rules import network
    from designer.core.rules.forked import forking_pays

    if not forking_pays():
        pytest.skip("forks only on Linux, 2+ cores")
    root = Path(__file__).resolve().parents[3]
    project = load(root / "projects" / "two-sites.rackplan.json", CATALOG.racks).project
    serial = RuleEngine(CATALOG).run(project)
    assert any(f.code.startswith(("network.", "cabling.")) for f in serial.findings)
    planned_here = []
    build = network.build_plan
    monkeypatch.setattr(network, "build_plan", lambda *a: planned_here.append(1) or build(*a))
    monkeypatch.setattr(engine_module, "FORK_FROM_RACKS", 0)
    assert RuleEngine(CATALOG).run(project, once=True) == serial
    assert planned_here == []
    # below the threshold, or not once, it plans here
    monkeypatch.setattr(engine_module, "FORK_FROM_RACKS", len(project.placements) + 1)
    assert RuleEngine(CATALOG).run(project, once=True) == serial
    assert planned_here == [1]
