"""The tooltip of a thing on the floor: its figures from the catalog and the findings naming it."""

import pytest

from designer.core.examples import EXAMPLES
from designer.core.hover_text import MAX_LISTED, hover_text
from designer.core.rules import Finding, Severity


@pytest.fixture(scope="module")
def doc():
    return EXAMPLES["gb200-nvl72-su"]()


def finding(severity: Severity, message: str, excluded: bool = False) -> Finding:
    return Finding(
        code="power.feed_overload",
        severity=severity,
        message=message,
        ids=("rk",),
        measured=None,
        limit=None,
        unit="",
        hall_id=None,
        where=None,
        excluded=excluded,
    )


def test_a_rack_reads_its_catalog_figures_feeds_and_cdu(doc):
    rack = next(r for r in doc.project.placements.values() if r.label == "NVL72-01")
    text = hover_text(doc.project, doc.rack_types, rack.id, [], checked=True)
    assert "<b>NVL72-01</b> — NVIDIA GB200 NVL72" in text
    # 132 kW max, of which 87 % goes to liquid: 114.84 kW, the 17.16 kW left to air
    assert "Power 132 kW max, 120 kW typical · Busway A1 (A), Busway B1 (B)" in text
    assert "Cooling 114.8 kW to liquid → CDU-1 · 17.2 kW to air" in text
    assert "Weight 1,360 kg · 72 B200" in text
    assert text.endswith("No findings</p>")


def test_cooling_units_feeds_and_trays_are_described(doc):
    project = doc.project
    cdu = next(u for u in project.cooling_units.values() if u.kind == "cdu")
    text = hover_text(project, doc.rack_types, cdu.id, [], checked=True)
    assert "1,368 kW to liquid" in text
    assert "Serves 4 racks" in text
    tray = next(iter(project.trays.values()))
    assert "— cable tray" in hover_text(project, doc.rack_types, tray.id, [], checked=True)


def test_no_findings_is_said_only_once_a_check_has_reported(doc):
    feed = next(f for f in doc.project.feeds.values() if f.name == "Busway A1")
    text = hover_text(doc.project, doc.rack_types, feed.id, [], checked=False)
    assert "No findings" not in text
    assert "<b>Busway A1</b> — busway, side A" in text
    assert "Feeds 4 racks" in text


def test_findings_are_listed_worst_first_without_the_accepted_ones(doc):
    rack = next(iter(doc.project.placements))
    findings = [
        finding(Severity.INFO, "a note"),
        finding(Severity.ERROR, "too much <power>"),
        finding(Severity.WARNING, "accepted", excluded=True),
    ]
    text = hover_text(doc.project, doc.rack_types, rack, findings, checked=True)
    assert text.index("too much &lt;power&gt;") < text.index("a note")
    assert "accepted" not in text
    assert "No findings" not in text


def test_a_long_list_of_findings_is_cut_with_a_count(doc):
    rack = next(iter(doc.project.placements))
    findings = [finding(Severity.WARNING, f"warning {i}") for i in range(MAX_LISTED + 3)]
    text = hover_text(doc.project, doc.rack_types, rack, findings, checked=True)
    assert f"warning {MAX_LISTED - 1}" in text
    assert f"warning {MAX_LISTED}" not in text
    assert "… and 3 more" in text
