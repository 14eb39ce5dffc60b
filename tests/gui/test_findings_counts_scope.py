"""The findings panel's header counts what its list holds: a trial's header said "5 notes"
(the project's) over a "This hall" list of 3. With one hall's findings listed it says how
many of the project's they are."""

import re

from designer.core.document import operations as ops
from designer.core.findings import severity_name
from tests.gui.conftest import wait_checked


def header(panel) -> str:  # type: ignore[no-untyped-def]
    """The header as it reads, without its colours."""
    text = re.sub(r"<[^>]+>", "", panel.counts.text()).replace("&nbsp;", " ")
    return " ".join(text.split())


def listed(panel) -> dict[str, int]:  # type: ignore[no-untyped-def]
    counts = {"error": 0, "warning": 0, "info": 0}
    for finding in panel.model.rows:
        counts[severity_name(finding.severity)] += 1
    return counts


def test_the_header_counts_this_halls_findings_of_the_projects(qtbot, make_window, example):
    window = make_window(example("two-sites"))
    doc, panel = window.editor.doc, window.findings_panel
    halls = {h.name: h.id for h in doc.project.halls.values()}
    # each hall's 5 racks draw up to 249.2 kW: 83 % of 300 kW is a note in either North
    # hall (near capacity from 80 %), and over 240 kW an error in the South hall
    ops.update(doc, halls["North hall 1"], power_capacity_kw=300.0)
    ops.update(doc, halls["North hall 2"], power_capacity_kw=300.0)
    ops.update(doc, halls["South hall 1"], power_capacity_kw=240.0)
    window.open_hall(halls["North hall 1"])
    wait_checked(qtbot, window)
    codes = sorted((f.code, f.hall_id) for f in window.editor.findings)
    assert codes == sorted(
        [
            ("power.hall_capacity", halls["South hall 1"]),
            ("power.hall_near_capacity", halls["North hall 1"]),
            ("power.hall_near_capacity", halls["North hall 2"]),
            # the project's own, listed with every hall: the one fibre route between the
            # sites, each site's unterminated DCI links and each site near its supply
            ("resilience.one_fibre_route", None),
            ("network.dci_unterminated", None),
            ("network.dci_unterminated", None),
            ("power.site_near_capacity", None),
            ("power.site_near_capacity", None),
        ]
    )
    # this hall: its own note and the project's 5 findings; not the other halls' 2
    assert listed(panel) == {"error": 0, "warning": 1, "info": 5}
    assert header(panel) == "✖ 0 of 1 error ▲ 1 warning ℹ 5 of 6 notes in this hall"
    assert "All halls lists the other halls' too" in panel.counts.toolTip()

    panel.scope.setCurrentIndex(panel.scope.findData("all"))
    assert listed(panel) == {"error": 1, "warning": 1, "info": 6}
    assert header(panel) == "✖ 1 error ▲ 1 warning ℹ 6 notes"
    assert panel.counts.toolTip() == ""

    panel.scope.setCurrentIndex(panel.scope.findData("hall"))
    window.open_hall(halls["South hall 1"])
    assert listed(panel) == {"error": 1, "warning": 1, "info": 4}
    assert header(panel) == "✖ 1 error ▲ 1 warning ℹ 4 of 6 notes in this hall"
