"""The loads of a hall after a failure, as the dashboard draws them while a what-if shows,
on the issue's small designs (hand-computed figures)."""

import math

import pytest

from designer.core.catalog import default_catalog
from designer.core.resilience import fail
from designer.core.resilience.survivors import DOWN_NOTE, loads_after
from designer.core.rules.limits import default_thresholds
from tests.core.resilience.helpers import topology


def _after(doc, failed):
    project = doc.project
    impact = fail(topology(doc), failed)
    hall = next(iter(project.halls))
    rack_types = default_catalog().with_custom_racks(project.custom_types)
    found = loads_after(project, rack_types, default_thresholds().values, impact, hall)
    return {(load.kind, load.id): load for load in found}


def test_with_busway_a_down_b_carries_the_four_racks_over_its_limit(two_n):
    doc, _racks, a, b = two_n
    after = _after(doc, [a])
    # 4 x 132 kW = 528 kW on B, over 0.8 x sqrt(3) x 415 V x 800 A = 460 kW continuous
    assert after["feed", b].load_kw == pytest.approx(528)
    assert after["feed", b].limit_kw == pytest.approx(0.8 * math.sqrt(3) * 415 * 800 / 1000)
    assert after["feed", a].load_kw == 0 and after["feed", a].note == DOWN_NOTE
    hall = next(iter(doc.project.halls))
    assert after["hall_power", hall].load_kw == pytest.approx(528)


def test_with_both_busways_down_the_hall_draws_nothing(two_n):
    doc, _racks, a, b = two_n
    after = _after(doc, [a, b])
    hall = next(iter(doc.project.halls))
    assert after["hall_power", hall].load_kw == 0
    assert after["feed", b].note == DOWN_NOTE


def test_the_surviving_cdu_carries_the_eight_racks(eight_on_cdus):
    doc, _racks, cdu_a, cdu_b, group = eight_on_cdus
    after = _after(doc, [cdu_a])
    # 8 x 132 kW x 0.87 = 918.72 kW of liquid heat, all on CDU-B's 1,368 kW, at 1.2 L/min
    # per kW: 1,102.5 of its 1,200 L/min
    survivor = after["cdu", cdu_b]
    assert survivor.load_kw == pytest.approx(918.72)
    assert survivor.flow_lpm == pytest.approx(918.72 * 1.2)
    assert after["cdu", cdu_a].load_kw == 0
    # the group against what is left of it: 918.72 of 1,368 kW (no spare held back)
    assert after["cooling_group", group].load_kw == pytest.approx(918.72)
    assert after["cooling_group", group].limit_kw == 1368
