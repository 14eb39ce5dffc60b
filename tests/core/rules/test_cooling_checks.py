"""Cooling checks at their boundaries.

GB200 NVL72: 132 kW max, 87 % to liquid = 114.84 kW, 13 % to air = 17.16 kW.
DGX H100 rack: 40.8 kW, all to air. In-row CDU: 1,368 kW, 1,200 L/min, 800 x 1,200 mm.
"""

import pytest

from designer.core.document import operations as ops
from designer.core.model.rule_settings import RuleSettings, Thresholds
from tests.core.rules.helpers import found, hall_doc, one

NVL72 = "nvidia-gb200-nvl72"
H100 = "nvidia-dgx-h100-rack"


def _cdu(doc, hall, x=0, y=6_000, **fields):
    return ops.add_cooling_unit(doc, hall, "cdu-inrow-1368", x, y, "CDU-1", **fields)


def test_a_liquid_cooled_rack_needs_a_cdu():
    doc, hall = hall_doc()
    rack = ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0, "NVL72-01")
    f = one(doc, "cooling.no_cdu")
    assert f.ids == (rack,)
    assert "114.8 kW of heat to liquid" in f.message
    ops.assign_cdu(doc, [rack], _cdu(doc, hall))
    assert found(doc, "cooling.no_cdu") == []


def test_a_crah_is_not_a_cdu():
    doc, hall = hall_doc()
    crah = ops.add_cooling_unit(doc, hall, "crah-150", 0, 8_000, "CRAH-1")
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0, "NVL72-01", cdu_id=crah)
    assert one(doc, "cooling.no_cdu").message == (
        "Rack NVL72-01 (NVIDIA GB200 NVL72) sends 114.8 kW of heat to liquid, but is connected to "
        "CRAH-1, a CRAH, not a CDU. Connect it to a CDU with room for that load."
    )


@pytest.mark.parametrize(("capacity", "over"), [(229.7, False), (229.6, True)])
def test_cdu_liquid_capacity(capacity, over):
    # two NVL72: 2 x 114.84 = 229.68 kW of liquid heat
    doc, hall = hall_doc()
    cdu = _cdu(doc, hall, liquid_capacity_kw=capacity)
    ops.place_row(doc, hall, NVL72, 2_000, 2_000, 2, 0, cdu_id=cdu)
    findings = found(doc, "cooling.cdu_overload")
    assert len(findings) == over
    if over:
        assert findings[0].measured == pytest.approx(229.68)
        assert "229.7 kW of liquid heat from 2 racks" in findings[0].message


@pytest.mark.parametrize(("racks", "short"), [(8, False), (9, True)])
def test_cdu_flow(racks, short):
    # 8 x 114.84 = 918.72 kW x 1.2 L/min/kW = 1,102.5 L/min <= 1,200; 9 racks: 1,240.3 L/min
    doc, hall = hall_doc()
    cdu = _cdu(doc, hall)
    ops.place_row(doc, hall, NVL72, 2_000, 2_000, racks, 0, cdu_id=cdu)
    findings = found(doc, "cooling.cdu_flow")
    assert len(findings) == short
    if short:
        assert findings[0].measured == pytest.approx(1240.272)


@pytest.mark.parametrize(("racks", "short"), [(11, False), (12, True)])
def test_an_n_plus_1_group_with_its_largest_cdu_down(racks, short):
    # With one of two 1,368 kW CDUs down, 1,368 kW remain: 11 NVL72 = 1,263.24 kW fit,
    # 12 = 1,378.08 kW do not, though each CDU carries only half of them. (The CDUs are
    # given flow enough for 12: 1,653.7 L/min.)
    doc, hall = hall_doc()
    group = ops.add_cooling_group(doc, hall, "Row 1 CDUs", "N+1")
    cdus = [_cdu(doc, hall, x=x, group_id=group, flow_lpm=2_000) for x in (0, 10_000)]
    placed = ops.place_row(doc, hall, NVL72, 1_000, 2_000, racks, 0)
    half = len(placed) // 2
    ops.assign_cdu(doc, placed[:half], cdus[0])
    ops.assign_cdu(doc, placed[half:], cdus[1])
    findings = found(doc, "cooling.group_redundancy")
    assert found(doc, "cooling.cdu_overload") == []
    assert [f.ids for f in findings] == ([(group, *cdus)] if short else [])
    if short:
        assert "the other 1 CDU can take only 1,368 kW" in findings[0].message


@pytest.mark.parametrize(("racks", "short"), [(8, False), (9, True)])
def test_an_n_plus_1_group_short_of_flow_with_its_largest_cdu_down(racks, short):
    # The kW fit (9 NVL72 = 1,033.56 kW on 1,368 kW left), the flow does not: at 1.2 L/min
    # per kW, 8 racks need 1,102.5 L/min and 9 need 1,240.3, and the CDU left delivers
    # 1,200 (an audit: 11 GB300 passed on two CDUs needing 1,631 L/min of one).
    doc, hall = hall_doc()
    group = ops.add_cooling_group(doc, hall, "Row 1 CDUs", "N+1")
    cdus = [_cdu(doc, hall, x=x, group_id=group) for x in (0, 10_000)]
    placed = ops.place_row(doc, hall, NVL72, 1_000, 2_000, racks, 0)
    ops.assign_cdu(doc, placed[:4], cdus[0])
    ops.assign_cdu(doc, placed[4:], cdus[1])
    assert found(doc, "cooling.cdu_flow") == []  # each CDU alone is within its flow
    findings = found(doc, "cooling.group_redundancy")
    assert [f.ids for f in findings] == ([(group, *cdus)] if short else [])
    if short:
        f = findings[0]
        assert (f.measured, f.limit, f.unit) == (pytest.approx(1_240.272), 1_200, "L/min")
        assert (
            "carries 1,033.6 kW of liquid heat, which needs 1,240 L/min of coolant at 1.2 "
            "L/min per kW; with its largest CDU (1,200 L/min) down, the other 1 CDU delivers "
            "only 1,200 L/min." in f.message
        )


def test_an_n_group_is_not_held_to_n_plus_1():
    doc, hall = hall_doc()
    group = ops.add_cooling_group(doc, hall, "Row 1 CDUs", "N")
    cdus = [_cdu(doc, hall, x=x, group_id=group) for x in (0, 10_000)]
    placed = ops.place_row(doc, hall, NVL72, 1_000, 2_000, 12, 0)
    ops.assign_cdu(doc, placed[:6], cdus[0])
    ops.assign_cdu(doc, placed[6:], cdus[1])
    assert found(doc, "cooling.group_redundancy") == []


@pytest.mark.parametrize(("x", "far"), [(30_100, False), (30_101, True)])
def test_pipe_run_from_the_cdu(x, far):
    # CDU at (0, 6,000), 800 x 1,200: centre (400, 6,600). NVL72 at (x, 6,066), 600 x 1,068:
    # centre (x + 300, 6,600). Run = x + 300 - 400 = 30,000 mm at x = 30,100.
    doc, hall = hall_doc(width=40_000)
    cdu = _cdu(doc, hall)
    rack = ops.place_rack(doc, hall, NVL72, x, 6_066, 0, cdu_id=cdu)
    findings = found(doc, "cooling.cdu_distance")
    assert [f.ids for f in findings] == ([(rack, cdu)] if far else [])
    if far:
        assert findings[0].measured == pytest.approx(30.001)
        assert "our own planning choice" in findings[0].message


@pytest.mark.parametrize(("air_capacity", "short"), [(17.16, False), (17.15, True)])
def test_hall_air_counts_the_air_share_of_liquid_racks(air_capacity, short):
    doc, hall = hall_doc()
    ops.add_cooling_unit(doc, hall, "crah-150", 0, 10_000, "CRAH-1", air_capacity_kw=air_capacity)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0, cdu_id=_cdu(doc, hall))
    assert [f.ids for f in found(doc, "cooling.hall_air")] == ([(hall,)] if short else [])


def test_rear_doors_take_air_heat_to_water():
    doc, hall = hall_doc()
    ops.add_cooling_unit(doc, hall, "crah-150", 0, 10_000, "CRAH-1", air_capacity_kw=10)
    # 40.8 kW to air; a 35 kW door leaves 5.8 kW for the room, within 10 kW.
    rack = ops.place_rack(doc, hall, H100, 2_000, 2_000, 0, rear_door_kw=35)
    assert found(doc, "cooling.hall_air") == []
    ops.update(doc, rack, rear_door_kw=30)  # 10.8 kW left: more than 10 kW
    assert one(doc, "cooling.hall_air").measured == pytest.approx(10.8)


def test_an_air_cooled_rack_above_25_kw_without_a_rear_door():
    doc, hall = hall_doc()
    rack = ops.place_rack(doc, hall, H100, 2_000, 2_000, 0, "H100-01")
    f = one(doc, "cooling.rack_air_limit")
    assert (f.ids, f.measured, f.limit) == ((rack,), 40.8, 25)
    assert "40.8 kW of heat into the room air, more than the 25 kW" in f.message


@pytest.mark.parametrize(("limit", "over"), [(40.8, False), (40.7, True)])
def test_the_per_rack_air_limit_is_a_project_setting(limit, over):
    doc, hall = hall_doc()
    ops.update_settings(
        doc, "Air limit", rules=RuleSettings(thresholds=Thresholds(rack_air_limit_kw=limit))
    )
    ops.place_rack(doc, hall, H100, 2_000, 2_000, 0, "H100-01")
    assert len(found(doc, "cooling.rack_air_limit")) == over


@pytest.mark.parametrize(("door", "small"), [(40.8, False), (40.7, True)])
def test_a_rear_door_must_take_the_rack_air_heat(door, small):
    doc, hall = hall_doc()
    ops.place_rack(doc, hall, H100, 2_000, 2_000, 0, "H100-01", rear_door_kw=door)
    assert found(doc, "cooling.rack_air_limit") == []
    assert len(found(doc, "cooling.rear_door_overload")) == small


@pytest.mark.parametrize(("capacity", "over"), [(132, False), (131.9, True)])
def test_hall_cooling_capacity(capacity, over):
    doc, hall = hall_doc(cooling_capacity_kw=capacity)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0)
    assert len(found(doc, "cooling.hall_capacity")) == over


@pytest.mark.parametrize(("capacity", "over"), [(132, False), (131.9, True)])
def test_site_heat_rejection(capacity, over):
    doc, hall = hall_doc()
    ops.update(doc, doc.project.halls[hall].site_id, cooling_capacity_kw=capacity)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0)
    assert len(found(doc, "cooling.site_capacity")) == over


def test_an_air_cooled_rack_on_a_cdu_is_a_connection_that_cools_nothing():
    doc, hall = hall_doc()
    cdu = _cdu(doc, hall)
    rack = ops.place_rack(doc, hall, H100, 2_000, 2_000, 0, "H100-01", cdu_id=cdu)
    finding = one(doc, "cooling.air_rack_on_cdu")
    assert finding.ids == (rack, cdu)
    # 4 DGX H100 systems at 10.2 kW each, all to air (systems catalog)
    assert "its 40.8 kW still go to the room air" in finding.message
    ops.update(doc, rack, cdu_id=None)
    assert found(doc, "cooling.air_rack_on_cdu") == []


def test_liquid_cooled_racks_on_a_lone_cdu_have_no_spare():
    doc, hall = hall_doc()
    cdu = _cdu(doc, hall)
    placed = ops.place_row(doc, hall, NVL72, 1_000, 2_000, 4, 0, cdu_id=cdu)
    f = one(doc, "cooling.no_spare_cdu")
    # 4 x 114.84 = 459.36 kW with nothing beside it
    assert (f.ids, f.severity, f.measured, f.limit) == ((cdu,), "warning", 459.36, 0.0)
    assert f.message.startswith("CDU CDU-1 alone cools 4 liquid-cooled racks (459.4 kW)")
    assert "plan 2 CDUs per ~8-rack SU" in f.message
    # a second CDU in an N+1 group is the spare: the group's own check takes over
    group = ops.add_cooling_group(doc, hall, "Row 1 CDUs", "N+1")
    ops.update(doc, cdu, group_id=group)
    _cdu(doc, hall, x=10_000, group_id=group)
    assert found(doc, "cooling.no_spare_cdu") == []
    # air-cooled racks need no spare CDU
    ops.assign_cdu(doc, placed, None)
    ops.update(doc, cdu, group_id=None)
    assert found(doc, "cooling.no_spare_cdu") == []


@pytest.mark.parametrize(("racks", "short"), [(11, False), (12, True)])
def test_an_n_group_with_no_spare_unit_is_warned_of(racks, short):
    # as the N+1 test: 11 NVL72 (1,263.24 kW) fit on one 1,368 kW CDU, 12 (1,378.08) not
    doc, hall = hall_doc()
    group = ops.add_cooling_group(doc, hall, "Row 1 CDUs", "N")
    cdus = [_cdu(doc, hall, x=x, group_id=group, flow_lpm=2_000) for x in (0, 10_000)]
    placed = ops.place_row(doc, hall, NVL72, 1_000, 2_000, racks, 0)
    ops.assign_cdu(doc, placed[: racks // 2], cdus[0])
    ops.assign_cdu(doc, placed[racks // 2 :], cdus[1])
    findings = found(doc, "cooling.no_spare_cdu")
    assert [f.ids for f in findings] == ([(group, *cdus)] if short else [])
    if short:
        assert "the other 1 CDU can take only 1,368 kW: it has no spare unit" in findings[0].message


@pytest.mark.parametrize(("racks", "noted"), [(9, False), (10, True)])
def test_a_cdu_above_80_percent_of_its_capacity_is_noted_with_its_figure(racks, noted):
    # 80 % of 1,368 kW is 1,094.4 kW: 9 NVL72 carry 1,033.56 kW, 10 carry 1,148.4 kW (84 %)
    doc, hall = hall_doc()
    cdu = _cdu(doc, hall)
    ops.place_row(doc, hall, NVL72, 1_000, 2_000, racks, 0, cdu_id=cdu)
    findings = found(doc, "cooling.cdu_near_capacity")
    assert len(findings) == noted
    if noted:
        f = findings[0]
        assert (f.severity, f.measured, f.limit) == ("info", pytest.approx(1_148.4), 1_368)
        assert "1,148.4 kW of liquid heat from 10 racks, 84 % of its capacity" in f.message


@pytest.mark.parametrize(("capacity", "noted"), [(165, False), (164.9, True)])
def test_a_hall_above_80_percent_of_its_cooling_capacity_is_noted(capacity, noted):
    # 132 kW is 80 % of 165 kW
    doc, hall = hall_doc(cooling_capacity_kw=capacity)
    ops.place_rack(doc, hall, NVL72, 2_000, 2_000, 0)
    findings = found(doc, "cooling.hall_near_capacity")
    assert len(findings) == noted
    if noted:
        assert "132 kW, 80 % of its cooling capacity of 164.9 kW" in findings[0].message
    assert found(doc, "cooling.hall_capacity") == []
