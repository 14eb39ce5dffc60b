"""A row as Place Row extends it and Renumber Row labels it."""

import pytest

from designer.core.document import operations as ops
from designer.core.document.document import Document, sequential_ids
from designer.core.model.project import Project, ProjectMeta
from designer.core.placement.rows import row_extension, row_labels, selected_row

NVL72 = "nvidia-gb200-nvl72"  # 600 x 1,068 mm
NET = "nvidia-qm9700-rack"  # 600 x 1,200 mm


@pytest.fixture
def doc():
    doc = Document(Project(meta=ProjectMeta(name="Rows")), ids=sequential_ids())
    site = ops.add_site(doc, "Site 1", power_capacity_kw=5_000, cooling_capacity_kw=5_000)
    ops.add_hall(
        doc,
        site,
        "Hall 1",
        30_000,
        20_000,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=5_000,
        cooling_capacity_kw=5_000,
    )
    return doc


def test_the_selected_row_is_every_rack_on_its_line_up_to_a_break(doc):
    # four racks, a 600 mm gap (less than the 1,200 mm row break), two more; then a 1,200
    # mm gap: a new row. A rack of the same line facing the other way is not in it.
    first = ops.place_row(doc, "hall-001", NVL72, 1_200, 2_400, 4, 180)
    second = ops.place_row(doc, "hall-001", NVL72, 4_200, 2_400, 2, 180)
    ops.place_row(doc, "hall-001", NVL72, 6_600, 2_400, 2, 180)
    ops.place_rack(doc, "hall-001", NVL72, 1_200, 6_000, 0)
    assert selected_row(doc.project, doc.rack_types, [second[1]]) == first + second
    assert selected_row(doc.project, doc.rack_types, ["hall-001"]) == []


def test_a_row_goes_on_from_its_far_end_with_its_facing_and_front_line(doc):
    row = ops.place_row(doc, "hall-001", NVL72, 1_200, 2_400, 4, 180)  # fronts y = 3,468
    # network racks are 1,200 deep: their corner is 132 mm higher so the fronts line up
    assert row_extension(doc.project, doc.rack_types, row, NET, 0) == (3_600, 2_268, 180)
    assert row_extension(doc.project, doc.rack_types, row, NVL72, 100) == (3_700, 2_400, 180)


def test_renumbering_counts_along_the_row_from_its_lowest_number(doc):
    row = ops.place_row(doc, "hall-001", NVL72, 1_200, 2_400, 3, 180, label_prefix="R1-")
    ops.update(doc, row[1], label="NVL72-09")  # a rack dropped in later
    net = ops.place_rack(doc, "hall-001", NET, 3_000, 2_268, 180, "NET-04")
    more = ops.place_rack(doc, "hall-001", NVL72, 3_600, 2_400, 180, "")
    labels = row_labels(doc.project, doc.rack_types, [*row, net, more])
    assert labels == {
        row[0]: "R1-01",
        row[1]: "R1-02",
        row[2]: "R1-03",
        more: "R1-04",
        net: "NET-04",
    }
    assert ops.relabel(doc, labels, "Renumber row") == [row[1], more]
    assert doc.history.undo_label == "Renumber row"
    doc.undo()
    assert doc.project.placements[row[1]].label == "NVL72-09"


def test_a_row_goes_on_past_the_in_row_cdu_at_its_end(doc):
    row = ops.place_row(doc, "hall-001", NVL72, 1_200, 2_400, 4, 180)  # x 1,200..3,600
    # the SU's 800 mm CDU against the last rack, fronts lined up
    ops.add_cooling_unit(doc, "hall-001", "cdu-inrow-1368", 3_600, 2_268, "CDU-1", 180)
    assert row_extension(doc.project, doc.rack_types, row, NVL72, 0) == (4_400, 2_400, 180)
