import pytest

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES, campus
from designer.core.rack_columns import alike_racks, rack_columns
from designer.core.totals import (
    Totals,
    hall_totals,
    project_totals,
    rack_kinds,
    totals_by_hall,
)


@pytest.mark.parametrize("build", [EXAMPLES["two-sites"], lambda: campus.build(20)])
def test_hall_totals_in_one_pass_add_up_to_the_project(build):
    project = build().project
    racks = default_catalog().racks
    by_hall = totals_by_hall(project, racks)
    assert set(by_hall) == set(project.halls)
    for hall_id, totals in by_hall.items():
        assert totals == hall_totals(project, hall_id, racks)
    summed = Totals()
    for totals in by_hall.values():
        summed.absorb(totals)
    whole = project_totals(project, racks)
    assert summed.racks == whole.racks
    assert summed.racks_by_type == whole.racks_by_type
    assert summed.accelerators == whole.accelerators
    assert summed.it_max_kw == pytest.approx(whole.it_max_kw)
    assert summed.weight_kg == pytest.approx(whole.weight_kg)
    assert summed.pflops_dense == pytest.approx(whole.pflops_dense)


def test_racks_are_counted_by_hall_type_and_rear_door_in_the_order_each_kind_first_stands():
    project = EXAMPLES["two-sites"]().project
    kinds = rack_kinds(alike_racks(rack_columns(project)))
    racks = list(project.placements.values())
    assert sum(kinds.values()) == len(racks)
    expected = {}
    for r in racks:
        key = (r.hall_id, r.type_id, r.rear_door_kw)
        expected[key] = expected.get(key, 0) + 1
    assert list(kinds.items()) == list(expected.items())
    catalog = default_catalog().racks
    assert totals_by_hall(project, catalog, kinds) == totals_by_hall(project, catalog)
