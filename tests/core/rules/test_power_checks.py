"""Power checks at their boundaries.

Three-phase rating = sqrt(3) x V x I x power factor; continuous limit = 80 % of it.
800 A at 415 V: 575.04 kW, limit 460.03 kW. GB200 NVL72: 132 kW max.
"""

import pytest

from designer.core.document import operations as ops
from designer.core.rules import RuleEngine
from tests.core.rules.helpers import CATALOG, found, hall_doc, one

FEED_OVERLOAD = "power.feed_overload"

NVL72 = "nvidia-gb200-nvl72"
H100 = "nvidia-dgx-h100-rack"


def _busway(doc, hall, name, side=None, amps=800, **fields):
    return ops.add_feed(
        doc, hall, f"busway-{amps}a-415v", [(0, 1_000), (18_000, 1_000)], name, side=side, **fields
    )


@pytest.mark.parametrize(("racks", "over"), [(3, False), (4, True)])
def test_an_800_amp_busway_carries_three_nvl72_not_four(racks, over):
    doc, hall = hall_doc()
    feed = _busway(doc, hall, "Busway A1", side="A")
    ops.place_row(doc, hall, NVL72, 2_000, 2_000, racks, 180, feed_ids=[feed])
    findings = found(doc, "power.feed_overload")
    assert len(findings) == over
    if over:
        f = findings[0]
        # 4 x 132 = 528 kW against 0.8 x 575.04 = 460.03 kW
        assert f.measured == pytest.approx(528)
        assert f.limit == pytest.approx(460.03, abs=0.01)
        assert f.ids[0] == feed
        assert f.message.startswith("Busway A1 carries 528 kW")
        for text in ("460 kW", "80 % of 575 kW at 415 V, 800 A", "1,250 A"):
            assert text in f.message
        # its marker stands on the busway's first end, off the row (in the busway's middle a
        # trial's markers hid a rack's label): at the wall there, 0.3 m beyond it with room
        assert f.where == (0, 1_000)
        ops.update(doc, feed, path=[(1_000, 1_000), (18_000, 1_000)])
        assert one(doc, "power.feed_overload").where == (700, 1_000)


def test_a_marker_beyond_the_first_end_stays_out_of_a_notch_in_the_walls():
    # an L-shaped hall: the corner x < 2 m, y < 2 m is outside it
    doc, hall = hall_doc()
    ops.update(
        doc,
        hall,
        outline=[
            (2_000, 0),
            (20_000, 0),
            (20_000, 12_000),
            (0, 12_000),
            (0, 2_000),
            (2_000, 2_000),
        ],
    )
    feed = ops.add_feed(
        doc, hall, "busway-800a-415v", [(2_100, 1_500), (18_000, 1_500)], "Busway A1"
    )
    ops.place_row(doc, hall, NVL72, 3_000, 2_500, 4, 180, feed_ids=[feed])
    # 0.3 m beyond the first end is (1,800, 1,500), in the notch: the marker stays on the end
    assert one(doc, "power.feed_overload").where == (2_100, 1_500)


def test_an_overloaded_feed_of_a_hall_that_is_gone_is_still_reported():
    doc, hall = hall_doc()
    feed = _busway(doc, hall, "Busway A1", side="A")
    ops.place_row(doc, hall, NVL72, 2_000, 2_000, 4, 180, feed_ids=[feed])
    project = doc.project
    orphan = project.feeds[feed].model_copy(update={"hall_id": "hall-gone"})
    project = project.model_copy(update={"feeds": {**project.feeds, feed: orphan}})
    findings = [f for f in RuleEngine(CATALOG).run(project).findings if f.code == FEED_OVERLOAD]
    assert [(f.ids[0], f.where) for f in findings] == [(feed, (0, 1_000))]


def test_each_side_of_an_ab_pair_carries_the_full_load():
    doc, hall = hall_doc()
    a, b = _busway(doc, hall, "Busway A1", "A"), _busway(doc, hall, "Busway B1", "B")
    ops.place_row(doc, hall, NVL72, 2_000, 2_000, 4, 180, feed_ids=[a, b])
    # Not 264 kW each: with B down, A carries all 528 kW.
    assert {f.ids[0]: f.measured for f in found(doc, "power.feed_overload")} == {
        a: pytest.approx(528),
        b: pytest.approx(528),
    }


def test_two_feeds_on_one_side_share_the_load():
    doc, hall = hall_doc()
    a1, a2 = _busway(doc, hall, "Busway A1", "A"), _busway(doc, hall, "Busway A2", "A")
    ops.place_row(doc, hall, NVL72, 2_000, 2_000, 4, 180, feed_ids=[a1, a2])
    # 528 / 2 = 264 kW on each, within 460 kW
    assert found(doc, "power.feed_overload") == []


def test_the_switchboard_behind_a_feed_caps_it():
    doc, hall = hall_doc()
    feed = _busway(doc, hall, "Busway 1", upstream_capacity_kw=100)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 180, feed_ids=[feed])
    f = one(doc, "power.feed_overload")
    assert f.limit == 100
    assert "its switchboard supplies 100 kW" in f.message


@pytest.mark.parametrize(("amps", "short"), [(71, False), (70.9, True)])
def test_a_rack_against_its_feeds(amps, short):
    # 0.8 x sqrt(3) x 415 V x 71 A = 40.83 kW >= 40.8 kW; at 70.9 A: 40.77 kW < 40.8 kW
    doc, hall = hall_doc()
    pdu = ops.add_feed(doc, hall, "pdu-415v-60a-3ph", [(2_000, 2_000)], "PDU-1", amps=amps)
    rack = ops.place_rack(doc, hall, H100, 2_000, 2_000, 0, feed_ids=[pdu])
    findings = found(doc, "power.rack_over_feeds")
    assert [f.ids for f in findings] == ([(rack, pdu)] if short else [])
    if short:
        assert findings[0].limit == pytest.approx(40.77, abs=0.01)


def test_the_weaker_side_of_a_rack_is_named():
    doc, hall = hall_doc()
    a1, a2, b1 = (
        ops.add_feed(doc, hall, "pdu-415v-60a-3ph", [(0, 0)], name, side=side)
        for name, side in (("PDU-A1", "A"), ("PDU-A2", "A"), ("PDU-B1", "B"))
    )
    rack = ops.place_rack(doc, hall, H100, 2_000, 2_000, 0, "H100-01", feed_ids=[a1, a2, b1])
    f = one(doc, "power.rack_over_feeds")
    # side A: 2 x 34.5 = 69.0 kW; side B: 34.5 kW < 40.8 kW
    assert f.ids == (rack, b1)
    assert "side B" in f.message


def test_a_rack_without_a_feed():
    doc, hall = hall_doc()
    rack = ops.place_rack(doc, hall, H100, 2_000, 2_000, 0, "H100-01")
    f = one(doc, "power.no_feed")
    assert f.ids == (rack,)
    assert "up to 40.8 kW" in f.message


@pytest.mark.parametrize(("capacity", "over"), [(132, False), (131.9, True)])
def test_hall_power_capacity(capacity, over):
    doc, hall = hall_doc(power_capacity_kw=capacity)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0)
    findings = found(doc, "power.hall_capacity")
    assert [f.ids for f in findings] == ([(hall,)] if over else [])
    # marked on the hall's top right corner (20 x 12 m), clear of its racks: in its middle
    # a trial saw the marker float over bare floor or a rack's label
    assert [f.where for f in findings] == ([(20_000, 0)] if over else [])


def one_rack_site(supply_kw):
    """A site of ``supply_kw`` at PUE 1.2 holding one NVL72 (132 kW)."""
    doc, hall = hall_doc()
    site = doc.project.halls[hall].site_id
    ops.update(doc, site, power_capacity_kw=supply_kw, pue=1.2)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0)
    return doc


@pytest.mark.parametrize(("capacity", "over"), [(158.4, False), (158.3, True)])
def test_site_power_is_checked_at_facility_power(capacity, over):
    doc = one_rack_site(capacity)
    findings = found(doc, "power.site_capacity")
    # 132 kW x PUE 1.2 = 158.4 kW
    assert len(findings) == over
    if over:
        assert "132 kW of IT × PUE 1.2" in findings[0].message


def test_a_rack_on_one_side_of_an_ab_hall_is_flagged():
    doc, hall = hall_doc()
    a, b = _busway(doc, hall, "Busway A1", "A"), _busway(doc, hall, "Busway B1", "B")
    [both] = ops.place_row(doc, hall, NVL72, 2_000, 2_000, 1, 180, feed_ids=[a, b])
    [only_a] = ops.place_row(doc, hall, NVL72, 2_600, 2_000, 1, 180, feed_ids=[a])
    [only_b] = ops.place_row(doc, hall, NVL72, 3_200, 2_000, 1, 180, feed_ids=[b])
    findings = {f.ids[0]: f for f in found(doc, "power.single_path")}
    assert set(findings) == {only_a, only_b}
    assert findings[only_a].severity == "warning"
    assert "fed from side A only" in findings[only_a].message
    assert "Connect it to a side B feed as well." in findings[only_a].message
    assert "Connect it to a side A feed as well." in findings[only_b].message
    assert both not in findings


def test_a_design_with_one_side_has_no_single_path_warning_for_air_cooled_racks():
    doc, hall = hall_doc()
    a = _busway(doc, hall, "Busway A1", "A")
    ops.place_row(doc, hall, H100, 2_000, 2_000, 2, 180, feed_ids=[a])
    assert found(doc, "power.single_path") == []
    # Once the hall gets a B busway, both racks on A alone are one path short.
    b = _busway(doc, hall, "Busway B1", "B")
    assert len(found(doc, "power.single_path")) == 2
    # and so they are while the design has side B anywhere, in another hall too
    site = doc.project.halls[hall].site_id
    other = ops.add_hall(
        doc,
        site,
        "Hall 2",
        20_000,
        12_000,
        floor_rating_kpa=50,
        floor_type="slab",
        power_capacity_kw=1e5,
        cooling_capacity_kw=1e5,
    )
    ops.update(doc, b, hall_id=other)
    warnings = found(doc, "power.single_path")
    assert len(warnings) == 2
    assert "though the design has side A and side B feeds in other halls" in warnings[0].message


def test_an_edit_that_gives_the_design_its_second_side_rechecks_every_rack():
    from designer.core.rules import RuleEngine
    from tests.core.rules.helpers import CATALOG

    doc, hall = hall_doc()
    a = _busway(doc, hall, "Busway A1", "A")
    ops.place_row(doc, hall, H100, 2_000, 2_000, 2, 180, feed_ids=[a])
    engine = RuleEngine(CATALOG)
    engine.run(doc.project)
    b = _busway(doc, hall, "Busway 2")  # no side yet: nothing to warn of
    assert engine.update(doc.project, [b]).findings == RuleEngine(CATALOG).run(doc.project).findings
    for side in ("B", None):
        ops.update(doc, b, side=side)
        updated = engine.update(doc.project, [b])
        assert updated.findings == RuleEngine(CATALOG).run(doc.project).findings
        warned = [f for f in updated.findings if f.code == "power.single_path"]
        assert len(warned) == (2 if side else 0)


@pytest.mark.parametrize(
    ("asked", "warned"),
    [("liquid_cooled", {"nvl72"}), ("all", {"nvl72", "h100"}), ("none", set())],
)
def test_the_project_holds_its_racks_to_tier_iii_liquid_cooled_ones_by_default(asked, warned):
    # one busway of no side, as a first sketch draws it: one path for every rack
    doc, hall = hall_doc()
    feed = _busway(doc, hall, "Busway 1")
    [nvl72] = ops.place_row(doc, hall, NVL72, 2_000, 2_000, 1, 180, feed_ids=[feed])
    [h100] = ops.place_row(doc, hall, H100, 2_600, 2_000, 1, 180, feed_ids=[feed])
    if asked != "liquid_cooled":
        rules = doc.project.settings.rules.model_copy(update={"tier_iii_racks": asked})
        ops.update_settings(doc, "Tier III", rules=rules)
    names = {nvl72: "nvl72", h100: "h100"}
    findings = found(doc, "power.single_path")
    assert {names[f.ids[0]] for f in findings} == warned
    for f in findings:
        assert f.severity == "warning"
        assert "is fed from feeds with no A or B side set, though the project holds" in f.message
        assert "to Tier III, two power paths (links B40-B41" in f.message
        assert f.message.endswith("Connect it to one feed of each side as well.")
    # a side A and a side B feed each is what it asks
    b = _busway(doc, hall, "Busway B1", "B")
    ops.update(doc, feed, side="A")
    ops.assign_feeds(doc, [nvl72, h100], [feed, b])
    assert found(doc, "power.single_path") == []


def test_renaming_a_hall_renames_it_in_the_single_path_warning_after_an_edit():
    from designer.core.rules import RuleEngine
    from tests.core.rules.helpers import CATALOG

    doc, hall = hall_doc()
    a = _busway(doc, hall, "Busway A1", "A")
    _busway(doc, hall, "Busway B1", "B")
    ops.place_row(doc, hall, NVL72, 2_000, 2_000, 1, 180, feed_ids=[a])
    engine = RuleEngine(CATALOG)
    engine.run(doc.project)
    ops.update(doc, hall, name="North hall")
    updated = engine.update(doc.project, [hall])
    assert updated.findings == RuleEngine(CATALOG).run(doc.project).findings
    [warning] = [f for f in updated.findings if f.code == "power.single_path"]
    assert "though North hall has side A and side B feeds" in warning.message


@pytest.mark.parametrize(("x", "short_m"), [(17_400, None), (18_000, None), (18_600, 0.6)])
def test_a_rack_beyond_the_end_of_its_busway_is_out_of_its_reach(x, short_m):
    # the busway runs from x 0 to 18,000; a rack from x to x + 600 stands along it while
    # its left edge is at or before the busway's end
    doc, hall = hall_doc(width=24_000)
    feed = _busway(doc, hall, "Busway A1")
    [rack] = ops.place_row(doc, hall, NVL72, x, 2_000, 1, 180, feed_ids=[feed])
    findings = found(doc, "power.feed_out_of_reach")
    assert len(findings) == (short_m is not None)
    if short_m is not None:
        f = findings[0]
        assert f.ids == (rack, feed) and f.measured == pytest.approx(short_m)
        assert "Busway A1, but the busway ends 0.6 m short of it" in f.message
        # extending the busway (an edit of the feed, not the rack) clears it
        ops.update(doc, feed, path=[(0, 1_000), (19_200, 1_000)])
        assert found(doc, "power.feed_out_of_reach") == []


def test_a_busway_in_another_hall_is_out_of_reach():
    from tests.core.rules.helpers import second_hall

    doc, hall = hall_doc()
    other = second_hall(doc, doc.project.halls[hall].site_id)
    feed = _busway(doc, other, "Busway A1")
    ops.place_row(doc, hall, NVL72, 2_000, 2_000, 1, 180, feed_ids=[feed])
    assert "the busway runs in another hall" in one(doc, "power.feed_out_of_reach").message


@pytest.mark.parametrize("path", [[(3_000, 1_000), (3_000, 1_000)], [(3_000, 1_000)]])
def test_a_busway_of_no_length_is_said_to_feed_nothing(path):
    """Not "infinite metres" short of the rack, and not silence either (a trial's busway
    of one point fed a rack 6 m away without a word)."""
    doc, hall = hall_doc()
    feed = ops.add_feed(doc, hall, "busway-800a-415v", path, "B0")
    ops.place_row(doc, hall, NVL72, 9_000, 2_000, 1, 180, feed_ids=[feed])
    (finding,) = found(doc, "power.feed_out_of_reach")
    assert "B0, but the busway has no length (its path is one point)" in finding.message
    assert finding.measured == 0


@pytest.mark.parametrize(("capacity", "noted"), [(165, False), (164.9, True), (131.9, False)])
def test_a_hall_above_80_percent_of_its_power_capacity_is_noted(capacity, noted):
    # 132 kW is 80 % of 165 kW; past 100 % it is the capacity error instead
    doc, hall = hall_doc(power_capacity_kw=capacity)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0)
    findings = found(doc, "power.hall_near_capacity")
    assert len(findings) == noted
    if noted:
        f = findings[0]
        assert (f.severity, f.measured, f.limit) == ("info", 132, 164.9)
    assert len(found(doc, "power.hall_capacity")) == (capacity < 132)


@pytest.mark.parametrize(("supply", "noted"), [(198, False), (197.9, True), (158.3, False)])
def test_a_site_above_80_percent_of_its_supply_is_noted(supply, noted):
    """A trial: a campus's sites at 99 % of their supply went unmentioned. 132 kW x PUE 1.2
    is 158.4 kW, 80 % of 198 kW; past the supply it is the capacity error instead."""
    doc = one_rack_site(supply)
    findings = found(doc, "power.site_near_capacity")
    assert len(findings) == noted
    if noted:
        f = findings[0]
        assert (f.severity, f.measured, f.limit) == ("info", pytest.approx(158.4), 197.9)
        assert f.message.endswith("80 % of its 197.9 kW supply: little is left for more racks.")
    assert len(found(doc, "power.site_capacity")) == (supply < 158.4)
