"""The Utilisation panel: one figure per feed, the same as the report's and the findings',
a caption that counts right with or without a hall, and an axis one load cannot stretch."""

from PySide6.QtCore import Qt

from designer.core.document import operations as ops
from designer.core.findings import OK, WARNING
from designer.core.rules.limits import default_thresholds
from designer.core.rules.loads import loads
from designer.drawing import style
from designer.report.pages.power_cooling import load_tables
from tests.gui.conftest import wait_checked


def _open(qtbot, make_window, example):  # type: ignore[no-untyped-def]
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    # tall enough for every feed, CDU and cooling group of the hall
    window.resizeDocks([window.dashboard_dock], [700], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: window.dashboard.host.height() > 400, timeout=2_000)
    window.dashboard.refresh()
    return window


def _bar(dashboard, name):  # type: ignore[no-untyped-def]
    """The figure right of the bar called ``name``, and the bar's load."""
    row = dashboard.names.index(name)
    return dashboard.texts[row], dashboard.bars[row]


def _report_use(window) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The "Use" column of the PDF's power and cooling tables, by feed or CDU name."""
    project = window.editor.project
    found = loads(project, window.editor.doc.rack_types, default_thresholds().values)
    halls = {h.id: h.name for h in project.halls.values()}
    sides = {f.id: f.side for f in project.feeds.values()}
    return {row[0]: row[-1] for t in load_tables(found, halls, sides) for row in t.rows}


def test_each_bar_is_the_reports_use_figure_and_a_feed_is_measured_against_its_continuous_limit(
    qtbot, make_window, example
):
    window = _open(qtbot, make_window, example)
    dashboard = window.dashboard
    use = _report_use(window)
    shown = [n for n in dashboard.names if n in use]
    assert {"Busway A1", "Busway B2", "CDU-1", "CDU-2", "SU CDUs"} <= set(shown)
    for name in shown:
        assert _bar(dashboard, name)[0].startswith(use[name] + "  "), name
    # 528 kW on a 898.5 kW busway that may carry 80 % of it: 73 %, not 59 %
    assert _bar(dashboard, "Busway A1")[0] == "73 %  528 / 719 kW"
    # a CDU's figure is the fuller of its heat, four NVL72 at 114.84 kW: 459.4 of 1,368 kW
    # (34 %), and the coolant flow that heat needs at 1.2 L/min per kW: 551 of the 1,200
    # L/min it delivers (46 %); a trial's CDU short of flow had shown a calm 90 %
    text, cdu = _bar(dashboard, "CDU-1")
    assert cdu.limit_kw == cdu.rating_kw
    assert text == "46 %  551 / 1,200 L/min"
    assert dashboard.tips[dashboard.names.index("CDU-1")] == (
        "CDU-1: 459.4 kW, 34 % of its 1,368 kW capacity; flow 551 of 1,200 L/min, 46 %"
    )
    # what the percentages are of, in the axis title, the caption's tooltip and each bar's
    assert dashboard.x_label == "% of what it may carry continuously"
    assert "100 % is the limit the checker enforces" in dashboard.note.toolTip()
    tip = dashboard.tips[dashboard.names.index("Busway A1")]
    assert tip.startswith("Busway A1: 528 kW, 73 % of the 718.8 kW it may carry continuously")


def test_the_caption_counts_what_the_colours_show(qtbot, make_window, example):
    window = _open(qtbot, make_window, example)
    dashboard = window.dashboard
    fills = {name: dashboard.colours(row)[0] for row, name in enumerate(dashboard.names)}
    amber = [n for n, c in fills.items() if c == style.STATUS_FILL[WARNING]]
    # the A2/B2 busways carry 589 of 719 kW: above 80 % of their limit, within it
    assert {"Busway A2", "Busway B2"} <= set(amber)
    assert fills["Busway A1"] == style.STATUS_FILL[OK]
    # the hall's power and heat at 93 % are amber too, and counted as the busways are
    assert {"Hall power", "Hall heat"} <= set(amber)
    assert dashboard.note.text().startswith("0 over their limit, 4 above 80 %, of 10 loads")

    # overload Busway A1: 528 kW on 800 A may carry 460 kW, and the finding says so
    a1 = next(f.id for f in window.editor.project.feeds.values() if f.name == "Busway A1")
    ops.update(window.editor.doc, a1, amps=800.0)
    wait_checked(qtbot, window)
    dashboard.refresh()
    finding = next(f for f in window.editor.findings if f.code == "power.feed_overload")
    text, _ = _bar(dashboard, "Busway A1")
    assert text.startswith(f"{round(finding.measured / finding.limit * 100)} %  ")
    assert text == "115 %  528 / 460 kW"
    assert dashboard.note.text().startswith("1 over their limit, 4 above 80 %")


def test_with_no_hall_the_caption_counts_nothing_and_never_below_zero(
    qtbot, make_window, tmp_path, prompts
):
    window = make_window()
    broken = tmp_path / "broken.rackplan.json"
    broken.write_text("{ not json", encoding="utf-8")
    assert not window.open_path(broken)  # the window opens empty
    assert prompts.errors
    wait_checked(qtbot, window)
    window.dashboard.refresh()
    note = window.dashboard.note.text()
    assert "-" not in note
    assert note == "No hall to measure: open a project or add a hall."
    assert window.dashboard.names == []

    # a new hall with nothing in it: zero of everything
    assert window.files.new()
    wait_checked(qtbot, window)
    window.dashboard.refresh()
    assert window.dashboard.note.text().startswith("0 over their limit, 0 above 80 %, of 3 loads")


def test_a_load_on_no_capacity_is_cut_at_the_axis_edge_and_the_other_bars_stay_readable(
    qtbot, make_window, example, tmp_path
):
    window = _open(qtbot, make_window, example)
    dashboard = window.dashboard
    doc = window.editor.doc
    crahs = [u.id for u in window.editor.project.cooling_units.values() if u.kind == "crah"]
    ops.delete(doc, crahs)  # the hall's room air now has no capacity at all
    wait_checked(qtbot, window)
    dashboard.refresh()
    dashboard.grab().save(str(tmp_path / "no-crah.png"))
    text, air = _bar(dashboard, "Hall room air")
    assert air.limit_kw == 0 and text.startswith("no capacity  ")
    right = dashboard.x_range()[1]
    assert right < 400  # not stretched to 2,000 % by the one bar with no capacity
    row = dashboard.names.index("Hall room air")
    # cut at 120 % (the longest finite bar is 93 %), not drawn out to 999 %
    assert dashboard.ends[row] == 120.0
    assert list(dashboard.cut) == [name == "Hall room air" for name in dashboard.names]
    assert "bars cut at 120 %" in dashboard.note.text()
    busway = dashboard.ends[dashboard.names.index("Busway A1")]
    assert busway / right > 0.2  # a 73 % bar is a bar, not a sliver

    # a finite share far past the others is cut at 200 % and keeps its real figure
    a1 = next(f.id for f in window.editor.project.feeds.values() if f.name == "Busway A1")
    ops.update(doc, a1, amps=100.0)
    wait_checked(qtbot, window)
    dashboard.refresh()
    text, feed = _bar(dashboard, "Busway A1")
    row = dashboard.names.index("Busway A1")
    assert text.startswith(f"{round(feed.share * 100)} %  ") and feed.share > 2
    assert dashboard.ends[row] == 200.0 and dashboard.cut[row]
    assert dashboard.x_range()[1] < 500


def test_at_any_height_the_panel_shows_only_rows_it_can_name(qtbot, make_window, example):
    """The caption's lines shrank the chart after its rows were chosen, and every second
    name was left out at the designer's first size."""
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    dashboard = window.dashboard
    for height in (700, 260, 180):
        window.resizeDocks([window.dashboard_dock], [height], Qt.Orientation.Vertical)
        qtbot.wait(400)  # the panel's pause before it redraws
        assert dashboard.plot.named_every() == 1, height
        assert len(dashboard.names) <= dashboard.rows_named()


def test_a_short_chart_says_how_many_loads_it_leaves_out(qtbot, make_window, example):
    """The caption counts the loads, the bars and what is left out so that they add up."""
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    project = window.editor.project
    every = loads(project, window.editor.doc.rack_types, default_thresholds().values)
    bars = len(every) - 2  # the site's power and heat: no bar
    dashboard = window.dashboard

    def shrunk() -> bool:
        # asked again until it holds: a resize asked for while the window's layout is
        # still settling is dropped or lands at a height in between
        window.resizeDocks([window.dashboard_dock], [120], Qt.Orientation.Vertical)
        return dashboard.rows_named() < bars

    qtbot.waitUntil(shrunk, timeout=5_000)
    dashboard.refresh()
    hidden = bars - len(dashboard.bars)
    assert hidden > 0
    caption = dashboard.note.text()
    assert f"of {len(every) - 2} loads" in caption
    assert f"the {hidden} least loaded not shown" in caption


def test_in_a_1280_pixel_window_the_dock_tabs_show_their_whole_names(qtbot, make_window, example):
    """A trial's 1,280 x 800 window read the bottom right tabs as "U…", "Cabl…", "Me…"."""
    from PySide6.QtWidgets import QTabBar

    window = make_window(example("gb200-nvl72-su"))
    window.resize(1280, 800)  # the docks' least widths keep it a little wider
    qtbot.waitUntil(lambda: window.width() < 1400)
    bars = [b for b in window.findChildren(QTabBar) if b.isVisible() and b.count()]
    names = {b.tabText(i) for b in bars for i in range(b.count())}
    assert {"Utilisation", "Cable lengths", "Media mix", "Energy"} <= names
    for bar in bars:
        for i in range(bar.count()):
            text = bar.tabText(i)
            assert bar.tabRect(i).width() >= bar.fontMetrics().horizontalAdvance(text), text
