"""The planner's index: who belongs to which hall, system and site fabric."""

import pytest

from designer.core.catalog import default_catalog
from designer.core.examples import EXAMPLES, campus
from designer.core.network.index import ProjectIndex, build_index, facts

FIELDS = ("facts", "hall_racks", "group_members", "site_nvlink", "site_fabric", "site_network")


@pytest.mark.parametrize("name", ["campus", *EXAMPLES])
def test_an_index_built_at_once_is_the_index_built_rack_by_rack(name):
    project = campus.build(2).project if name == "campus" else EXAMPLES[name]().project
    rack_types = default_catalog().with_custom_racks(project.custom_types)
    one_by_one = ProjectIndex()
    for placement in project.placements.values():
        found = facts(placement, project, rack_types)
        if found is not None:
            one_by_one.add(placement, found)
    at_once = build_index(project, rack_types)
    for field in (*FIELDS, "site_gbps"):
        assert getattr(at_once, field) == getattr(one_by_one, field), field
    assert at_once.site_fabric  # every example has racks in a fabric


def test_a_copy_of_a_built_index_changes_apart_from_it():
    project = campus.build(2).project
    rack_types = default_catalog().with_custom_racks(project.custom_types)
    index = build_index(project, rack_types)
    rack = next(iter(project.placements.values()))
    before = {field: {k: set(v) for k, v in getattr(index, field).items()} for field in FIELDS[1:]}
    copy = index.copy()
    copy.remove(rack, copy.facts[rack.id])
    assert rack.id not in copy.hall_racks[rack.hall_id]
    assert {field: getattr(index, field) for field in FIELDS[1:]} == before
