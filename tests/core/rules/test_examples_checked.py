"""The example projects as the checker sees them: the clean ones are clean, the one with
mistakes reports exactly its mistakes, and the campus holds no error."""

import pytest

from designer.core.examples import EXAMPLES, campus
from designer.core.rules import RuleEngine, Severity
from tests.core.rules.helpers import CATALOG

#: The notes of the clean examples: halls sized close to their racks (the SU hall to the
#: 1.2 MW NVIDIA gives an SU, systems:S59): 1,117.2 of 1,200 kW and 494 of 600 kW; and the
#: air-cooled hall's site, whose 800 kW carries its 494 kW at PUE 1.4: 691.6 kW, 86 %.
NOTES = {
    "gb200-nvl72-su": ["93 % of its cooling capacity", "93 % of its power capacity"],
    "cm384-supernode": [],
    "hgx-air-hall": [
        "82 % of its cooling capacity",
        "82 % of its power capacity",
        "691.6 kW at its racks' max power (494 kW of IT × PUE 1.4), 86 % of its 800 kW",
    ],
}


@pytest.mark.parametrize("name", sorted(NOTES))
def test_a_clean_example_reports_no_error_or_warning_only_its_notes(name):
    report = RuleEngine(CATALOG).run(EXAMPLES[name]().project)
    assert [f.message for f in report.findings if f.severity != Severity.INFO] == []
    notes = [f for f in report.findings if f.severity == Severity.INFO]
    assert {f.code.split(".")[1] for f in notes} <= {"hall_near_capacity", "site_near_capacity"}
    assert [next(n for n in NOTES[name] if n in f.message) for f in notes] == NOTES[name]


def test_the_mistakes_example_reports_each_mistake_and_nothing_else():
    project = EXAMPLES["mistakes"]().project
    by_label = {r.label: r.id for r in project.placements.values()}
    busway = next(iter(project.feeds))
    column = next(iter(project.obstacles))
    on_busway = tuple(
        by_label[n] for n in ("H100-01", "H100-02", "NVL72-01", "B200-01", "H100-03", "H100-04")
    )
    expected = {
        ("space.overlap", (by_label["H100-01"], by_label["H100-02"])),  # (1)
        ("space.on_obstacle", (by_label["H100-03"], column)),  # (2)
        ("space.outside_hall", (by_label["H100-04"],)),  # (3)
        ("floor.overload", (by_label["NVL72-01"],)),  # (4)
        ("cooling.no_cdu", (by_label["NVL72-01"],)),  # (5)
        ("cooling.rack_air_limit", (by_label["B200-01"],)),  # (6)
        ("power.no_feed", (by_label["NET-01"],)),  # (7)
        ("power.feed_overload", (busway, *sorted(on_busway))),  # (8)
        ("space.cold_aisle", (by_label["NVL72-01"], by_label["NET-01"])),  # (9)
        ("power.single_path", (by_label["NVL72-01"],)),  # (10)
    }
    report = RuleEngine(CATALOG).run(project)
    assert {(f.code, f.ids) for f in report.findings} == expected
    assert report.counts() == {Severity.ERROR: 9, Severity.WARNING: 1, Severity.INFO: 0}
    overload = next(f for f in report.findings if f.code == "power.feed_overload")
    # 4 x 40.8 + 132 + 57.2 = 352.4 kW; 0.8 x sqrt(3) x 415 V x 400 A = 230.0 kW
    assert "352.4 kW" in overload.message and "230 kW" in overload.message
    assert "352.4 kW" in project.meta.description


@pytest.mark.parametrize("systems", [27, 432])
def test_the_campus_holds_no_error(systems):
    report = RuleEngine(CATALOG).run(campus.build(systems).project)
    assert [f.message for f in report.findings if f.severity is Severity.ERROR] == []
