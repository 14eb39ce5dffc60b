"""Placing each kind of catalog item at a point, without a window: where it goes, and why not."""

import pytest

from designer.core.document import operations as ops
from designer.core.document.document import Document
from designer.core.examples import EXAMPLES
from designer.core.geometry.picking import Picker
from designer.core.model.project import Project, ProjectMeta
from designer.core.placement.entry import PaletteEntry
from designer.core.placement.fit import plan_placement
from designer.core.placement.labels import (
    feed_name,
    label_stem,
    name_tag,
    next_index,
    obstacle_label,
    tray_name,
)
from designer.core.placement.place import place


@pytest.fixture
def doc():
    """An empty 24 x 18 m hall with a 600 mm column at (12 m, 6 m)."""
    doc = Document(Project(meta=ProjectMeta(name="Placing")))
    site = ops.add_site(doc, "Site 1", power_capacity_kw=2_000, cooling_capacity_kw=2_000)
    hall = ops.add_hall(
        doc,
        site,
        "Hall 1",
        24_000,
        18_000,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=2_000,
        cooling_capacity_kw=2_000,
    )
    ops.add_obstacle(doc, hall, "column", ops.rectangle(12_000, 6_000, 600, 600), "C1")
    return doc


def plan(doc, entry, x, y, rotation=0):
    hall = next(iter(doc.project.halls))
    return plan_placement(
        doc, hall, entry, x, y, rotation, Picker(doc.project, hall, doc.rack_types)
    )


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (PaletteEntry("cooling", "crah-150"), {"cooling_units": ("CRAH-1", (3_000, 3_000))}),
        (PaletteEntry("cooling", "cdu-inrack-250"), {"cooling_units": ("CDU-1", (4_200, 3_600))}),
        (
            PaletteEntry("feed", "busway-800a-415v"),
            {"feeds": ("Busway 1", [(1_800, 3_600), (6_600, 3_600)])},
        ),
        (PaletteEntry("feed", "pdu-415v-60a-3ph"), {"feeds": ("PDU 1", [(4_200, 3_600)])}),
        (PaletteEntry("structure", "keepout-1200"), {"obstacles": ("KO-1", (3_600, 3_000))}),
    ],
)
def test_each_kind_lands_centred_on_the_cursor_and_snapped(doc, entry, expected):
    found = plan(doc, entry, 4_250, 3_590)
    assert found.problem is None
    (new,) = place(doc, next(iter(doc.project.halls)), found)
    ((collection, (name, where)),) = expected.items()
    entity = getattr(doc.project, collection)[new]
    assert getattr(entity, "name", getattr(entity, "label", None)) == name
    if collection == "feeds":
        assert entity.path == where
    elif collection == "obstacles":
        assert entity.outline[0] == where
    else:
        assert (entity.x, entity.y) == where


def test_a_system_is_refused_on_a_column_and_outside_the_walls(doc):
    cm384 = PaletteEntry("system", "huawei-cm384")
    assert plan(doc, cm384, 12_300, 6_300).problem is None  # the column falls in its cold aisle
    assert plan(doc, cm384, 12_300, 7_200).problem == "it would stand on the column C1"
    assert plan(doc, cm384, 23_000, 9_000).problem == "it would stick out of the hall ‘Hall 1’"
    assert plan(doc, cm384, 60_000, 9_000).problem == "it would stand outside the hall ‘Hall 1’"
    busway = PaletteEntry("feed", "busway-800a-415v")
    assert plan(doc, busway, 23_000, 9_000).problem == "it would stick out of the hall ‘Hall 1’"
    assert plan(doc, busway, 12_300, 6_300).problem is None  # overhead: over a column is fine


def test_an_overlap_is_no_refusal_and_names_what_is_under(doc):
    nvl72 = PaletteEntry("rack", "nvidia-gb200-nvl72")
    place(doc, next(iter(doc.project.halls)), plan(doc, nvl72, 3_000, 3_000))
    found = plan(doc, nvl72, 3_100, 3_000)
    assert found.problem is None
    assert found.overlaps == "NVL72-01"
    assert found.message() == (
        "NVIDIA GB200 NVL72 would overlap NVL72-01: release to place it anyway "
        "(the check reports the overlap)."
    )
    assert (
        found.placed() == "Placed NVIDIA GB200 NVL72 over NVL72-01; the check reports the overlap."
    )


def test_unknown_catalog_entries_are_refused_with_their_name(doc):
    with pytest.raises(ops.TransactionError, match="no-such-rack"):
        plan(doc, PaletteEntry("rack", "no-such-rack"), 0, 0)


@pytest.mark.parametrize(
    ("name", "tag"),
    [
        ("GB200 NVL72", "NVL72"),
        ("Huawei CloudMatrix384 supernode", "CM384"),
        ("DGX H100 rack", "H100"),
        ("Rack", ""),
    ],
)
def test_automatic_label_stems(name, tag):
    assert name_tag(name) == tag


def test_the_example_catalog_has_a_stem_for_every_rack():
    doc = EXAMPLES["gb200-nvl72-su"]()
    assert all(name_tag(k.name) or k.category == "network" for k in doc.rack_types.values())


def test_a_cdu_dropped_at_a_row_end_lands_against_it_not_on_it(doc):
    # 800 mm CDUs cannot sit on 600 mm tiles and touch a row that does: the trial's drop
    # snapped 200 mm into the first rack. It slides against the row's side instead.
    hall = next(iter(doc.project.halls))
    ops.place_row(doc, hall, "nvidia-gb200-nvl72", 4_800, 3_000, 8, 0)  # x 4,800..9,600
    cdu = PaletteEntry("cooling", "cdu-inrow-1368")
    left = plan(doc, cdu, 4_600, 3_550)  # on the tiles: x 4,200..5,000, 200 mm into the row
    assert (left.x, left.overlaps) == (4_000, None)
    right = plan(doc, cdu, 10_000, 3_550)  # on the tiles already against the row: stays
    assert (right.x, right.overlaps) == (9_600, None)
    apart = plan(doc, cdu, 3_400, 3_550)  # 800 mm off the row on the tiles: left alone
    assert apart.x == 3_000


def test_a_cdu_slides_out_of_a_row_end_even_with_a_row_right_behind(doc):
    # the review's case: a back-to-back row touching the CDU's tiles offered a slide of 0
    hall = next(iter(doc.project.halls))
    ops.place_row(doc, hall, "nvidia-gb200-nvl72", 4_800, 3_000, 8, 0)  # y 3,000..4,068
    ops.place_row(doc, hall, "nvidia-qm9700-rack", 3_600, 4_200, 3, 180)  # y 4,200.., behind
    found = plan(doc, PaletteEntry("cooling", "cdu-inrow-1368"), 4_600, 3_550)
    assert (found.x, found.overlaps) == (4_000, None)


def test_a_row_continues_a_labels_running_number_not_a_model_number():
    """A review found "NVL72" read as a stem "NVL" and a number 72."""
    assert label_stem("GB300-07") == "GB300-"
    assert label_stem("R7 12") == "R7 "
    assert label_stem("NVL72") == ""  # a model: the catalog's tag is offered instead
    assert label_stem("") == ""


def test_new_items_are_named_on_from_the_last_of_their_kind(doc):
    hall = next(iter(doc.project.halls))
    project = doc.project
    assert obstacle_label(project, "column") == "C2"  # the fixture's column is C1
    assert obstacle_label(project, "keepout") == "KO-1"
    assert (tray_name(project), feed_name(project, busway=True)) == ("Tray 1", "Busway 1")
    ops.place_row(doc, hall, "nvidia-gb200-nvl72", 1_200, 1_200, 3, 0, 0, "GB-", 7)
    assert next_index(doc.project, "GB-") == 10  # GB-07 .. GB-09 stand
    assert next_index(doc.project, "NVL72-") == 1


@pytest.mark.parametrize(
    ("entry", "width"),
    [
        (PaletteEntry("cooling", "cdu-inrow-1368"), 800),
        (PaletteEntry("rack", "nvidia-qm9700-rack"), 600),
        (PaletteEntry("cooling", "inrow-cooler-50"), 600),
    ],
)
def test_a_cdu_network_rack_or_cooler_dropped_at_a_row_end_joins_the_row(doc, entry, width):
    # eight NVL72 (600 x 1,068) facing down (180) from x = 4,800, fronts at y = 4,068; the
    # tool still faces up (0), as the trial's: the drop takes the row's facing, and its
    # 1,200 mm deep body lines its front up with the racks', not its rear
    hall = next(iter(doc.project.halls))
    ops.place_row(doc, hall, "nvidia-gb200-nvl72", 4_800, 3_000, 8, 180)  # x 4,800..9,600
    right = plan(doc, entry, 9_900, 3_500, rotation=0)
    assert (right.x, right.y, right.rotation) == (9_600, 4_068 - 1_200, 180)
    assert right.problem is None and right.overlaps is None
    left = plan(doc, entry, 4_500, 3_500, rotation=0)
    assert (left.x, left.y, left.rotation) == (4_800 - width, 2_868, 180)
    # a drop a tile away from the row's end is no part of it
    alone = plan(doc, entry, 12_000, 3_500, rotation=0)
    assert alone.rotation == 0


def test_a_drop_at_the_end_of_a_row_running_down_the_page_joins_it(doc):
    # four NVL72 facing left (270) at x = 3,000, fronts at x = 3,000, from y = 1,200 down
    hall = next(iter(doc.project.halls))
    ops.place_row(doc, hall, "nvidia-gb200-nvl72", 3_000, 1_200, 4, 270)  # y 1,200..3,600
    cdu = plan(doc, PaletteEntry("cooling", "cdu-inrow-1368"), 3_500, 4_000, rotation=0)
    assert (cdu.x, cdu.y, cdu.rotation) == (3_000, 3_600, 270)
