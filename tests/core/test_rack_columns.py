"""The racks' fields read once as columns are the placements' own, in their order."""

from designer.core.examples import EXAMPLES
from designer.core.model import Project, ProjectMeta
from designer.core.model.placement import Placement
from designer.core.rack_columns import FIELDS, columns_of, rack_columns


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


def test_a_changed_placement_is_read_with_its_new_fields_and_its_defaults():
    project = EXAMPLES["two-sites"]().project
    first = next(iter(project.placements.values()))
    moved = first.model_copy(update={"x": first.x + 600, "label": "Moved"})
    bare = Placement(id="bare", hall_id=first.hall_id, type_id=first.type_id, x=0, y=0)
    racks = columns_of([moved, bare])
    assert (racks.x, racks.label, racks.rotation) == (
        (first.x + 600, 0),
        ("Moved", ""),
        (first.rotation, 0),
    )
    assert racks.group_id[1] is None and racks.feed_ids[1] == []
