"""The links in the designer: the layer along the trays, the inspector, the cabling charts,
and a moved rack's bundles re-routed by the check's own plan, not planned again."""

from PySide6.QtCore import QPointF

from designer.core.document import operations as ops
from designer.core.model.base import evolve
from designer.core.network.mix import length_histogram, media_mix
from designer.core.network.schedule import cable_schedule
from designer.core.rules import network as network_rules
from designer.drawing import style
from tests.gui.conftest import wait_checked


def rack(window, label):
    return next(r for r in window.editor.project.placements.values() if r.label == label)


def colour_at(view, x_mm, y_mm):
    image = view.viewport().grab().toImage()
    point = view.mapFromScene(QPointF(x_mm, y_mm))
    return image.pixelColor(point)


def test_the_links_layer_toggles_and_draws_along_the_trays(qtbot, make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    view, scene = window.view, window.view.hall_scene
    toggle = window.actions_by_name["links"]
    assert not toggle.isChecked() and not scene.links_visible
    # on the row tray (y 1,800) where racks NVL72-03 and -04 meet, clear of their labels
    aqua = style.LINK_FAMILY["multimode"]
    assert colour_at(view, 3_300, 1_800) != aqua
    toggle.trigger()
    assert scene.links_visible
    assert scene.links.families == ("multimode",)  # the NVLink spine stays in its racks
    assert colour_at(view, 3_300, 1_800) == aqua
    toggle.trigger()
    assert colour_at(view, 3_300, 1_800) != aqua


def test_the_layer_shows_the_links_of_the_hall_on_screen(qtbot, make_window, example):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    window.actions_by_name["links"].trigger()
    scene = window.view.hall_scene
    # the north hall's network rack runs single-mode DR to the other hall of its site
    assert scene.links.families == ("multimode", "single-mode")
    south = next(h.id for h in window.editor.project.halls.values() if "South" in h.name)
    window.editor.set_hall(south)
    assert scene.links is window.editor.hall_links(south)
    assert scene.links.families == ("multimode",)


def test_the_inspector_lists_the_selected_racks_bundles_with_their_media(
    qtbot, make_window, example
):
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    nvl = rack(window, "NVL72-01")
    window.selection.set([nvl.id])
    panel = window.links_panel
    qtbot.waitUntil(lambda: bool(panel.model.rows), timeout=5_000)
    expected = [x for x in cable_schedule(window.editor.network) if nvl.id in (x.from_id, x.to_id)]
    assert panel.model.rows == expected
    model = panel.model
    rows = [[model.index(r, c).data() for c in range(3)] for r in range(model.rowCount())]
    assert rows == [
        ["in rack", "1,296", "NVLink copper spine"],  # 72 GPUs x 18 links, in the rack
        ["NET-01", "72 × 10 m", "multimode SR"],
    ]
    panel.table.selectRow(1)
    text = panel.detail.text()
    assert "Multimode SR transceivers" in text and "scale_out" not in text
    assert "Scale-out" in text and "W per end" in text and "(estimate)" in text
    assert "lanes, InfiniBand" in text  # the protocol as the trade writes it
    panel.table.selectRow(
        0
    )  # the NVLink spine: its plane said once (a trial read "NVLink, nvlink")
    text = panel.detail.text()
    assert "NVLink, nvlink" not in text and "lanes, nvlink" not in text and "NVLink" in text
    # with two racks selected, each in-rack bundle says whose it is (a trial saw four rows
    # alike, "in rack")
    window.selection.set([nvl.id, rack(window, "NVL72-02").id])
    qtbot.waitUntil(lambda: len(panel.model.rows) > 2, timeout=5_000)
    ends = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert {"in rack NVL72-01", "in rack NVL72-02"} <= set(ends)
    assert "in rack" not in ends
    window.selection.clear()
    qtbot.waitUntil(lambda: not panel.model.rows, timeout=5_000)
    assert panel.summary.text() == "Select racks to see their bundles."


def test_an_end_in_another_hall_is_named_with_its_hall(qtbot, make_window, example):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    north_2 = next(h.id for h in window.editor.project.halls.values() if h.name == "North hall 2")
    window.editor.set_hall(north_2)
    window.selection.set([rack(window, "N2-NET").id])
    panel = window.links_panel
    qtbot.waitUntil(lambda: bool(panel.model.rows), timeout=5_000)
    model = panel.model
    far = [model.index(r, 0).data() for r in range(model.rowCount())]
    # the single-mode run to the other hall of the site; the racks of its own hall plain
    assert "North hall 1: N1-NET" in far
    assert all(":" not in end for end in far if end != "North hall 1: N1-NET")
    panel.table.selectRow(far.index("North hall 1: N1-NET"))
    text = panel.detail.text()
    assert "North hall 2: N2-NET" in text and "North hall 1: N1-NET" in text


def test_the_charts_hold_the_plans_numbers(qtbot, make_window, example):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    plan = window.editor.network
    mix = media_mix(plan)
    chart = window.media_chart
    qtbot.waitUntil(lambda: chart.names == [m.short for m in mix], timeout=5_000)
    assert chart.names == ["DAC", "multimode SR", "single-mode DR", "coherent ZR"]
    assert [t.split()[0] for t in chart.texts] == [f"{m.links:,}" for m in mix]
    histogram = length_histogram(plan)
    lengths = window.lengths_chart
    assert "10–40 km" in lengths.names  # the ZR links over the 40 km between the sites
    counts = {lengths.names[i]: int(t.replace(",", "")) for i, t in enumerate(lengths.texts)}
    assert sum(counts.values()) == sum(int(c.sum()) for c in histogram.links.values())
    assert counts["10–40 km"] == 16
    # only the bands links fall in: 14 from 2 m to 120 km ran into each other in the dock
    assert 0 not in counts.values() and len(counts) < 8


def test_moving_a_rack_updates_its_lengths_from_the_checks_plan_without_planning_again(
    qtbot, make_window, example, monkeypatch
):
    built, updated = [], []
    build, update = network_rules.build_plan, network_rules.update_plan

    def counted_build(*args):
        built.append(build(*args))
        return built[-1]

    def counted_update(*args):
        updated.append(update(*args))
        return updated[-1]

    monkeypatch.setattr(network_rules, "build_plan", counted_build)
    monkeypatch.setattr(network_rules, "update_plan", counted_update)
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    assert window.editor.network is built[-1]  # the opened project's plan, as the check built it
    full_plans = len(built)
    nvl = rack(window, "NVL72-01")
    window.selection.set([nvl.id])
    panel = window.links_panel
    qtbot.waitUntil(lambda: len(panel.model.rows) == 2, timeout=5_000)
    before = panel.model.rows[1].routed_m
    window.editor.move([nvl.id], 0, -600)  # a tile towards the row tray above
    wait_checked(qtbot, window)
    qtbot.waitUntil(lambda: panel.model.rows[1].routed_m != before, timeout=5_000)
    assert len(built) == full_plans  # nothing was planned again from scratch
    assert updated and window.editor.network is updated[-1]  # the engine's own plan
    [line] = [
        x
        for x in cable_schedule(updated[-1])
        if nvl.id in (x.from_id, x.to_id) and x.from_id != x.to_id
    ]
    assert panel.model.rows[1] == line


def test_racks_without_a_fabric_are_told_why_they_have_no_scale_out_links(
    qtbot, make_window, example
):
    """A trial's racks lost every scale-out link to a switch shortage elsewhere on the site,
    and the Links panel said only that no bundles ended at them."""
    window = make_window(example("cm384-supernode"))  # no network rack for its NICs yet
    wait_checked(qtbot, window)
    # the example leaves its fabric out of scope; taken into scope, its racks lack one
    settings = window.editor.project.settings.network
    in_scope = evolve(settings, fabric_in_scope=True)
    window.editor.run(lambda: ops.update_settings(window.editor.doc, "In scope", network=in_scope))
    wait_checked(qtbot, window)
    compute = next(
        r.id for r in window.editor.project.placements.values() if "compute" in r.type_id
    )
    window.selection.set([compute])
    panel = window.links_panel
    qtbot.waitUntil(lambda: not panel.summary.text().startswith("Select"), timeout=5_000)
    assert "No scale-out links: " in panel.summary.text()
    assert "no network rack in Site 1 yet" in panel.summary.text()
    # the GB200 unit has its fabric: nothing to explain
    other = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, other)
    other.selection.set([next(iter(other.editor.project.placements))])
    panel = other.links_panel
    qtbot.waitUntil(lambda: not panel.summary.text().startswith("Select"), timeout=5_000)
    assert "No scale-out links" not in panel.summary.text()
