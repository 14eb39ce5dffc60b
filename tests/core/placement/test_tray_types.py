"""Cable trays of a catalog type: dropped from the palette or drawn with the tray tool,
a tray takes its type's width, depth and height."""

import pytest

from designer.core.catalog import load_catalog
from designer.core.document import operations as ops
from designer.core.document.document import Document, TransactionError
from designer.core.geometry.picking import Picker
from designer.core.model.project import Project, ProjectMeta
from designer.core.placement.entry import PaletteEntry
from designer.core.placement.fit import plan_placement
from designer.core.placement.place import add_tray, place


@pytest.fixture
def doc():
    doc = Document(Project(meta=ProjectMeta(name="Trays")))
    site = ops.add_site(doc, "Site 1", power_capacity_kw=500, cooling_capacity_kw=500)
    ops.add_hall(
        doc,
        site,
        "Hall 1",
        24_000,
        18_000,
        floor_rating_kpa=25,
        floor_type="slab",
        power_capacity_kw=500,
        cooling_capacity_kw=500,
    )
    return doc


def test_the_catalog_offers_trays_whose_widths_cite_a_source():
    trays = load_catalog().trays
    assert {(t.width_mm, t.depth_mm, t.height_mm) for t in trays.values()} == {
        (600, 100, 2_700),
        (300, 100, 2_700),
    }
    assert all(t.source_of("width_mm").startswith("links:S162") for t in trays.values())


def test_a_dropped_tray_is_a_run_of_its_types_cross_section_centred_on_the_cursor(doc):
    hall = next(iter(doc.project.halls))
    entry = PaletteEntry("tray", "tray-300x100")
    found = plan_placement(doc, hall, entry, 4_250, 3_590, 0, Picker(doc.project, hall, {}))
    assert found.problem is None and found.name == "Cable tray 300 mm"
    (new,) = place(doc, hall, found)
    tray = doc.project.trays[new]
    # a 4.8 m piece centred on the cursor snapped to half tiles (4,200, 3,600)
    assert tray.path == [(1_800, 3_600), (6_600, 3_600)]
    assert (tray.width_mm, tray.depth_mm, tray.height_mm, tray.name) == (300, 100, 2_700, "Tray 1")
    assert doc.history.undo_label == "Add cable tray"


def test_an_unknown_tray_type_is_refused_by_name(doc):
    hall = next(iter(doc.project.halls))
    with pytest.raises(TransactionError, match="no cable tray type 'tray-9'"):
        add_tray(doc, hall, "tray-9", [(0, 600), (6_000, 600)])
