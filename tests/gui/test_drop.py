"""Palette drops: a rack lands where it was released, snapped; a system lands whole; a drop
that cannot stand there (outside the hall, on a column) places nothing and says why; a drop
over other racks is placed and the check reports the overlap."""

from designer.core.geometry.footprint import snap
from designer.core.placement.entry import PaletteEntry
from designer.gui.panels.palette import mime_data
from tests.gui.conftest import wait_checked
from tests.gui.helpers import drag_drop, on_screen

NVL72 = PaletteEntry("rack", "nvidia-gb200-nvl72")


def new_racks(window, before):
    return [r for i, r in window.editor.project.placements.items() if i not in before]


def test_the_palette_offers_every_group_with_key_figures(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    groups = window.palette.group_names()
    assert groups == ["COMPUTE", "NETWORK", "COOLING", "POWER", "STRUCTURE"]
    assert NVL72 in window.palette.entries()
    item = window.palette.tree.topLevelItem(0).child(0)
    assert item.data(
        0, __import__("designer.gui.panels.palette", fromlist=["x"]).FIGURES_ROLE
    ).startswith("132 kW · 1,360 kg · 72 B200")


def test_a_dropped_nvl72_lands_where_it_was_released_snapped_to_the_tiles(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    view, doc = window.view, window.editor.doc
    before = set(doc.project.placements)
    x, y = 4_130.0, 4_920.0  # open floor below the row
    assert drag_drop(view.viewport(), mime_data(NVL72), on_screen(view, x, y))
    (rack,) = new_racks(window, before)
    dropped = view.mapToScene(on_screen(view, x, y))
    assert rack.type_id == "nvidia-gb200-nvl72"
    # the rack is centred on the cursor, its corner on the 600 mm tile grid
    assert (rack.x, rack.y) == (
        snap(round(dropped.x() - 300), 600),
        snap(round(dropped.y() - 534), 600),
    )
    assert (rack.x, rack.y) == (3_600, 4_200)
    assert rack.label == "NVL72-09"
    assert doc.history.undo_label == "Place NVL72-09"
    window.bridge.undo()
    assert set(doc.project.placements) == before


def test_a_cloudmatrix384_drops_as_one_group_of_16(make_window):
    window = make_window()
    assert window.files.new()  # a 24 m x 18 m hall
    doc, view = window.editor.doc, window.view
    before = set(doc.project.placements)
    entry = PaletteEntry("system", "huawei-cm384")
    doc_revision = doc.revision
    assert drag_drop(view.viewport(), mime_data(entry), on_screen(view, 12_000, 9_000))
    racks = new_racks(window, before)
    assert len(racks) == 16
    assert (min(r.x for r in racks), min(r.y for r in racks)) == (9_600, 7_200)
    assert len({r.group_id for r in racks}) == 1 and racks[0].group_id is not None
    assert doc.revision == doc_revision + 1  # one edit, one undo step
    assert set(window.selection.ids) == {r.id for r in racks}
    window.bridge.undo()
    assert set(doc.project.placements) == before


def test_a_drop_outside_the_hall_places_nothing_and_says_why(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc, view = window.editor.doc, window.view
    before = doc.project
    assert not drag_drop(view.viewport(), mime_data(NVL72), on_screen(view, 11_500, 3_000))
    assert doc.project is before
    assert "outside the hall ‘SU hall’" in window.status.currentMessage()


def test_a_drop_onto_a_column_places_nothing_and_names_the_column(make_window, example):
    window = make_window(example("mistakes"))
    doc, view = window.editor.doc, window.view
    before = doc.project
    column = next(o for o in before.obstacles.values() if o.kind == "column")
    (cx, cy) = column.outline[0]
    assert not drag_drop(view.viewport(), mime_data(NVL72), on_screen(view, cx + 300, cy + 300))
    assert doc.project is before
    assert f"column {column.label}" in window.status.currentMessage()


def test_an_overlapping_drop_is_placed_flagged_by_the_check_and_undone(qtbot, make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc, view = window.editor.doc, window.view
    wait_checked(qtbot, window)
    assert not any(f.code == "space.overlap" for f in window.editor.findings)
    target = next(r for r in doc.project.placements.values() if r.label == "NVL72-03")
    before = set(doc.project.placements)
    # no modifier held: the drop is placed over the row
    assert drag_drop(
        view.viewport(), mime_data(NVL72), on_screen(view, target.x + 300, target.y + 534)
    )
    (rack,) = new_racks(window, before)
    # its corner (3,300 mm) snaps to the tile line at 3,600: over NVL72-03 and NVL72-04
    assert "Placed NVIDIA GB200 NVL72 over NVL72-03 and NVL72-04" in window.status.currentMessage()

    def overlaps():
        return [f for f in window.editor.findings if f.code == "space.overlap" and rack.id in f.ids]

    wait_checked(qtbot, window)
    qtbot.waitUntil(lambda: bool(overlaps()), timeout=10_000)
    assert any(target.id in f.ids for f in overlaps())
    window.bridge.undo()
    assert set(doc.project.placements) == before
    wait_checked(qtbot, window)
    qtbot.waitUntil(
        lambda: not any(f.code == "space.overlap" for f in window.editor.findings), timeout=10_000
    )
