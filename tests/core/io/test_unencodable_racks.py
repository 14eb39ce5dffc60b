"""An export looks for a lone surrogate in its racks' texts in the columns it has read them
into (``rack_columns``), the serializer asked of the rest of the project only: it finds one
in any text of any rack, and says where as the whole project's check says it."""

import pytest

from designer.core.examples import EXAMPLES
from designer.core.io.project_file import unencodable_text
from designer.core.model import evolve
from designer.core.model.placement import Placement
from designer.core.rack_columns import FIELDS, rack_columns
from tests.report.test_export_refuses_bad_text import with_a_lone_surrogate


def test_every_field_of_a_rack_is_one_of_the_columns_an_export_reads():
    assert set(FIELDS) == set(Placement.model_fields)


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("hall_id", "hall \ud800", "hall_id"),
        ("group_id", "\udc00", "group_id"),
        ("feed_ids", ["feed A", "feed \udfff"], "feed_ids -> 1"),
        ("cdu_id", "cdu \ud83d", "cdu_id"),
        ("network_rack_id", "\ud800 net", "network_rack_id"),
    ],
)
def test_a_lone_surrogate_in_a_racks_text_is_found_in_its_columns(field, value, where):
    project = EXAMPLES["two-sites"]().project
    rack = next(iter(project.placements.values()))
    placements = {**project.placements, rack.id: evolve(rack, **{field: value})}
    bad = evolve(project, placements=placements)
    expected = (
        f"the text of placements -> {rack.id} -> {where} is not valid Unicode "
        "(half of a surrogate pair, alone); type it again."
    )
    assert unencodable_text(bad, rack_columns(bad)) == expected
    assert unencodable_text(bad) == expected


def test_a_lone_surrogate_beside_the_racks_is_found_with_their_columns():
    bad = with_a_lone_surrogate(EXAMPLES["two-sites"]().project)
    assert unencodable_text(bad, rack_columns(bad)) == (
        "the text of obstacles -> ob-9 -> label is not valid Unicode "
        "(half of a surrogate pair, alone); type it again."
    )


def test_a_project_of_valid_text_passes_with_its_columns():
    project = EXAMPLES["two-sites"]().project
    assert unencodable_text(project, rack_columns(project)) is None
