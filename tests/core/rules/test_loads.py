"""One hall's loads, as the designer's utilisation panel asks for them, are the whole
project's loads of that hall: the same figures, even where racks lean on another hall."""

import pytest

from designer.core.catalog import default_catalog, projects_dir
from designer.core.document import operations as ops
from designer.core.io.project_file import load
from designer.core.rack_columns import alike_racks, rack_columns
from designer.core.rules.limits import default_thresholds
from designer.core.rules.loads import loads
from tests.core.rules.helpers import CATALOG, hall_doc, second_hall

LIMITS = default_thresholds().values


def of_hall(project, hall_id):
    return [
        x
        for x in loads(project, CATALOG.racks, LIMITS)
        if x.hall_id == hall_id and not x.kind.startswith("site")
    ]


@pytest.mark.parametrize(
    "path", sorted(projects_dir().glob("*.rackplan.json")), ids=lambda p: p.stem
)
def test_each_examples_halls_have_the_loads_of_the_whole_list(path):
    project = load(path, default_catalog().racks).project
    for hall_id in project.halls:
        assert loads(project, CATALOG.racks, LIMITS, hall_id) == of_hall(project, hall_id)
    # a drawing set counts the racks alike once, for its loads and its totals
    counted = alike_racks(rack_columns(project))
    assert loads(project, CATALOG.racks, LIMITS, alike=counted) == loads(
        project, CATALOG.racks, LIMITS
    )


def test_racks_fed_or_cooled_from_another_hall_count_where_their_feed_and_cdu_stand():
    doc, first = hall_doc()
    second = second_hall(doc, next(iter(doc.project.sites)))
    feed = ops.add_feed(doc, first, "pdu-415v-60a-3ph", [(0, 0)], "PDU-1", side="A")
    cdu = ops.add_cooling_unit(doc, first, "cdu-inrow-1368", 5_000, 5_000, "CDU-1")
    far_cdu = ops.add_cooling_unit(doc, second, "cdu-inrow-1368", 5_000, 5_000, "CDU-2")
    group = ops.add_cooling_group(doc, first, "Loop 1", "N+1")
    for unit in (cdu, far_cdu):  # one member stands in the other hall
        ops.update(doc, unit, group_id=group)
    near = ops.place_rack(doc, first, "nvidia-gb200-nvl72", 0, 0)
    far = ops.place_rack(doc, second, "nvidia-gb200-nvl72", 0, 0)
    ops.update(doc, near, feed_ids=[feed], cdu_id=cdu)
    ops.update(doc, far, feed_ids=[feed], cdu_id=far_cdu)
    project = doc.project
    kind = CATALOG.racks["nvidia-gb200-nvl72"]
    listed = loads(project, CATALOG.racks, LIMITS, first)
    assert listed == of_hall(project, first)
    mine = {x.id: x for x in listed if x.kind != "hall_air"}
    # the feed in hall 1 carries both racks; the group carries its far member's rack too
    assert mine[feed].load_kw == pytest.approx(2 * kind.max_kw)
    assert mine[group].load_kw == pytest.approx(2 * kind.liquid_kw)
    assert mine[cdu].load_kw == pytest.approx(kind.liquid_kw)
    assert far_cdu not in mine  # it stands in hall 2
    # the hall's own power and heat count only the rack standing in it
    assert mine[first].kind == "hall_heat"
    assert mine[first].load_kw == pytest.approx(kind.max_kw)
    assert loads(project, CATALOG.racks, LIMITS, second) == of_hall(project, second)


def test_a_cdu_short_of_flow_is_as_full_as_its_flow_says():
    """A trial's CDU warned of too little flow while its bar and table row read a calm 90 %.
    Nine NVL72 at 114.84 kW: 1,033.6 of 1,368 kW (76 %), needing 1,240.3 of the 1,200 L/min
    the CDU pumps (103 %): over, as the checker's finding says."""
    doc, hall = hall_doc()
    cdu = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 0, 8_000, "CDU-1")
    ops.place_row(doc, hall, "nvidia-gb200-nvl72", 2_000, 2_000, 9, 0, cdu_id=cdu)
    [load] = [x for x in loads(doc.project, CATALOG.racks, LIMITS) if x.kind == "cdu"]
    assert load.load_share == pytest.approx(9 * 114.84 / 1_368)
    assert load.flow_lpm == pytest.approx(9 * 114.84 * 1.2)
    assert load.share == pytest.approx(9 * 114.84 * 1.2 / 1_200)
    assert load.note == "flow 1,240 of 1,200 L/min, 103 %"


def test_each_feed_cdu_and_hall_carries_what_a_hand_sum_of_its_racks_gives():
    """Two NVL72 alike (132 kW, 114.84 to liquid, 17.16 to air) on A1, A2 and B1 and a CDU;
    one more on A1 twice and B1, behind a 50 kW rear door; a DGX H100 (40.8 kW, all air) on
    B1. With B down, A1 and A2 halve the pair's racks: A1 66 + 66 + 132 = 264 kW, A2 132 kW;
    with A down, B1 carries every rack: 3 x 132 + 40.8 = 436.8 kW. The CDU 2 x 114.84; room
    air 2 x 17.16 + 0 (the door takes more than the rack gives) + 40.8 = 75.12 kW."""
    doc, hall = hall_doc()
    a1, a2, b1 = (
        ops.add_feed(doc, hall, "pdu-415v-60a-3ph", [(0, 0)], name, side=name[0])
        for name in ("A1", "A2", "B1")
    )
    cdu = ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", 5_000, 5_000, "CDU-1")
    for x in (0, 1_000):
        rack = ops.place_rack(doc, hall, "nvidia-gb200-nvl72", x, 0)
        ops.update(doc, rack, feed_ids=[a1, a2, b1], cdu_id=cdu)
    doored = ops.place_rack(doc, hall, "nvidia-gb200-nvl72", 2_000, 0)
    ops.update(doc, doored, feed_ids=[a1, a1, b1], rear_door_kw=50.0)
    air = ops.place_rack(doc, hall, "nvidia-dgx-h100-rack", 3_000, 0)
    ops.update(doc, air, feed_ids=[b1])
    found = {(x.kind, x.id): x.load_kw for x in loads(doc.project, CATALOG.racks, LIMITS)}
    assert found[("feed", a1)] == pytest.approx(264.0)
    assert found[("feed", a2)] == pytest.approx(132.0)
    assert found[("feed", b1)] == pytest.approx(436.8)
    assert found[("cdu", cdu)] == pytest.approx(229.68)
    assert found[("hall_power", hall)] == pytest.approx(436.8)
    assert found[("hall_air", hall)] == pytest.approx(75.12)
