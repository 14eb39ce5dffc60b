"""The Links panel's detail at 1600 x 1000, the docks as they open: the picked bundle's
schedule line reads whole, its reason last, above a table that keeps its rows in sight.

A trial at 1600 x 1000 read a bundle's detail down to its cost: the power, latency and
the reason the medium was chosen were under the dock's edge.
"""

import contextlib

import pytest
from PySide6.QtWidgets import QScrollArea

from designer.gui.panels.links import TABLE_LEAST_ROWS
from tests.gui.conftest import wait_checked


def _box(panel) -> QScrollArea:
    """The box under the bundles' table that holds the picked bundle's detail."""
    box = panel.detail.parentWidget()
    while not isinstance(box, QScrollArea):
        box = box.parentWidget()
    return box


@pytest.mark.parametrize(
    ("project", "hall", "rack", "far"),
    [
        # the first example, its first compute rack's run to the network rack
        ("gb200-nvl72-su", None, "NVL72-01", "NET-01"),
        # the longest detail of the examples: a medium and a reason of four lines each
        ("two-sites", "North hall 2", "N2-NET", "North hall 1: N1-NET"),
    ],
)
def test_a_bundles_detail_reads_whole_above_the_table_at_1600_by_1000(
    qtbot, make_window, example, project, hall, rack, far
):
    window = make_window(example(project))
    assert (window.width(), window.height()) == (1600, 1000)
    wait_checked(qtbot, window)
    editor = window.editor
    if hall is not None:
        editor.set_hall(next(h.id for h in editor.project.halls.values() if h.name == hall))
    window.selection.set([r.id for r in editor.project.placements.values() if r.label == rack])
    panel = window.links_panel
    model, table = panel.model, panel.table

    def ends() -> list[str]:
        return [model.index(r, 0).data() for r in range(model.rowCount())]

    qtbot.waitUntil(lambda: far in ends(), timeout=5_000)
    picked = ends().index(far)
    table.selectRow(picked)
    line = model.rows[picked]
    assert line.reason in panel.detail.text()  # the detail's last line: why this medium
    box = _box(panel)
    spacing = panel.detail.fontMetrics().lineSpacing()

    def need() -> int:
        return panel.detail.heightForWidth(box.viewport().width())

    def whole() -> bool:
        return box.viewport().height() >= need() and box.verticalScrollBar().maximum() == 0

    with contextlib.suppress(qtbot.TimeoutError):  # laid out on the next turns of the loop
        qtbot.waitUntil(whole, timeout=5_000)
    shown = box.viewport().height() / spacing
    assert need() / spacing >= 12  # the detail's twelve names, the medium and reason wrapped
    assert whole(), f"{shown:.1f} lines shown of the {need() / spacing:.1f} the detail needs"
    # and the table stays usable: its least rows whole, the picked bundle among those shown
    rows = table.viewport().height() / table.rowHeight(0)
    assert rows >= TABLE_LEAST_ROWS, f"{rows:.1f} rows of the table in sight"
    row = table.visualRect(model.index(picked, 0))
    assert table.viewport().rect().contains(row), "the picked bundle scrolled out of sight"


def test_a_dci_bundles_latency_reads_in_microseconds_as_its_route_does():
    """A trial read a 30 km route's bundle as "148,000 ns" beside "147 µs one way" on the
    site map. 40 km of fibre at 4.9 µs a km and the two coherent modules: 197 µs; a link in
    the hall stays in ns."""
    import re

    from designer.core.catalog import default_catalog
    from designer.core.examples import EXAMPLES
    from designer.core.network import cable_schedule
    from designer.core.rules import RuleEngine
    from designer.core.rules.network import PLAN
    from designer.gui.panels.links import details

    plan = RuleEngine(default_catalog()).derived(PLAN, EXAMPLES["two-sites"]().project)
    lines = cable_schedule(plan)
    (dci,) = [line for line in lines if line.plane == "dci"]
    in_hall = next(line for line in lines if line.plane != "dci" and line.latency_ns)
    assert dci.latency_ns == 197_000
    assert re.findall(r"Latency</td><td>([^<]*)", details(dci)) == ["197 µs"]
    assert re.findall(r"Latency</td><td>([^<]*)", details(in_hall)) == [
        f"{in_hall.latency_ns:,.0f} ns"
    ]
