"""The racks and feeds the power checks set aside in bulk are ones they find nothing about."""

from designer.core.examples import campus
from designer.core.rules import RuleEngine, power
from designer.core.rules.context import Derived
from designer.core.rules.fed import Fed
from tests.core.rules.helpers import CATALOG


def _power_findings(project):
    report = RuleEngine(CATALOG).run(project)
    return sorted(
        (f.code, f.ids, f.message) for f in report.findings if f.code.startswith("power.")
    )


def test_no_rack_or_feed_with_a_power_finding_is_set_aside(monkeypatch):
    project = campus.build(2).project
    feeds, racks = dict(project.feeds), dict(project.placements)
    # a busway cut short, a switchboard too small behind another, a rack fed from one side
    # and a rack fed from none
    short = feeds["feed-001"]
    feeds["feed-001"] = short.model_copy(update={"path": [short.path[0], (6_000, 3_300)]})
    feeds["feed-004"] = feeds["feed-004"].model_copy(update={"upstream_capacity_kw": 1.0})
    racks["rk-001"] = racks["rk-001"].model_copy(update={"feed_ids": ["feed-001"]})
    racks["rk-002"] = racks["rk-002"].model_copy(update={"feed_ids": []})
    project = project.model_copy(update={"feeds": feeds, "placements": racks})

    in_bulk = _power_findings(project)
    nothing = Fed(frozenset(), frozenset())
    monkeypatch.setattr(power, "FED", Derived("nothing set aside", lambda ctx: nothing))
    one_by_one = _power_findings(project)

    assert in_bulk == one_by_one
    codes = {code for code, _, _ in in_bulk}
    assert {
        "power.feed_out_of_reach",
        "power.feed_overload",
        "power.rack_over_feeds",
        "power.single_path",
        "power.no_feed",
    } <= codes
