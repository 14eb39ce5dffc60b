"""The racks' fields read once as columns are the placements' own, in their order."""

from designer.core.examples import EXAMPLES
from designer.core.model import Project, ProjectMeta
from designer.core.rack_columns import FIELDS, rack_columns


def test_each_column_holds_the_field_of_every_placement_in_order():
    project = EXAMPLES["two-sites"]().project
    racks = rack_columns(project)
    for field in FIELDS:
        assert getattr(racks, field) == tuple(
            getattr(r, field) for r in project.placements.values()
        )


def test_a_project_without_racks_has_empty_columns():
    racks = rack_columns(Project(meta=ProjectMeta(name="Empty")))
    assert all(getattr(racks, field) == () for field in FIELDS)
