"""File ▸ Import Floor Plan…, File ▸ Import Racks… and the Export dialog's DXF and NetBox
kinds, in the designer: one undo step each, a refused file changes nothing."""

from __future__ import annotations

import zipfile

import ezdxf
import pytest

from designer.gui.dialogs.export import ExportDialog, ExportSpec
from tests.gui.conftest import wait_checked


def _new(window):
    """The window with File ▸ New's project: one hall, "Hall 1", on screen."""
    window.actions_by_name["new"].trigger()
    assert window.editor.hall_id is not None
    return window


def _floor(path):
    """A 30 m x 20 m hall less a 10 m x 8 m corner (520 m²), with two columns."""
    doc = ezdxf.new("R2018", units=ezdxf.units.MM)
    msp = doc.modelspace()
    outline = [
        (0, 0),
        (30_000, 0),
        (30_000, 20_000),
        (10_000, 20_000),
        (10_000, 12_000),
        (0, 12_000),
    ]
    msp.add_lwpolyline(outline, close=True, dxfattribs={"layer": "OUTLINE"})
    for x in (15_000, 25_000):
        msp.add_circle((x, 6_000), 300, dxfattribs={"layer": "OBSTACLES"})
    msp.add_line((0, 0), (1, 1), dxfattribs={"layer": "OBSTACLES"})
    doc.saveas(path)
    return path


def test_a_floor_plan_comes_into_the_hall_on_screen_as_one_undo_step(
    make_window, prompts, tmp_path
):
    window = _new(make_window())
    hall = window.editor.hall_id
    before = window.editor.doc.project
    assert window.actions_by_name["import_floor_plan"].text() == "Import &Floor Plan…"
    assert window.importer.floor_plan(_floor(tmp_path / "floor.dxf"))
    project = window.editor.doc.project
    assert project.halls[hall].area_m2 == pytest.approx(520)
    assert sorted(o.kind for o in project.obstacles.values()) == ["column", "column"]
    assert prompts.asked[-1] == "info Floor plan imported"  # the line it did not read
    window.editor.undo()
    assert window.editor.doc.project == before


def test_a_broken_drawing_is_one_message_and_changes_nothing(make_window, prompts, tmp_path):
    window = _new(make_window())
    before = window.editor.doc.project
    (tmp_path / "bad.dxf").write_bytes(b"not a drawing")
    assert not window.importer.floor_plan(tmp_path / "bad.dxf")
    [(title, text)] = prompts.errors
    assert title == "Import floor plan" and text.startswith("bad.dxf is not a DXF drawing")
    assert window.editor.doc.project is before


def test_racks_from_a_sheet_are_one_undo_step_and_a_bad_line_adds_none(
    make_window, prompts, tmp_path
):
    window = _new(make_window())
    sheet = tmp_path / "racks.csv"
    sheet.write_text(
        "label,type,hall,x,y,facing\n"
        "A-01,nvidia-gb200-nvl72,Hall 1,1200,1200,down\n"
        "A-02,nvidia-gb200-nvl72,Hall 1,1800,1200,down\n"
    )
    assert window.importer.racks(sheet)
    labels = sorted(p.label for p in window.editor.doc.project.placements.values())
    assert labels == ["A-01", "A-02"]
    window.editor.undo()
    assert window.editor.doc.project.placements == {}
    sheet.write_text("label,type,hall,x,y,facing\nA-03,nvidia-gb200-nvl72,Hall 1,1200,1200,north\n")
    assert not window.importer.racks(sheet)
    assert "line 2, column facing: 'north'" in prompts.errors[-1][1]
    assert window.editor.doc.project.placements == {}
    # a folder, and a sheet not saved as UTF-8: said as the command says them (the window
    # said "[Errno 21] Is a directory" and gave the codec's words; a trial)
    assert not window.importer.racks(tmp_path)
    assert prompts.errors[-1][1] == f"Cannot open {tmp_path}: that is a folder, not a file."
    sheet.write_bytes("label,type,hall,x,y,facing\nÄ,".encode("latin-1"))
    assert not window.importer.racks(sheet)
    assert prompts.errors[-1][1].endswith('save the sheet as "CSV UTF-8" and try again.')


def test_the_dialog_offers_dxf_of_a_hall_and_netboxs_zip(qtbot, tmp_path):
    halls = {"h1": "North hall 1", "h2": "South hall 1"}
    dialog = ExportDialog(tmp_path, "two-sites", halls, "h2")
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(dialog.kind.findData("dxf"))
    assert dialog.form.isRowVisible(dialog.hall)
    assert dialog.spec() == ExportSpec(tmp_path / "two-sites-south-hall-1.dxf", "A3", "h2")
    dialog.kind.setCurrentIndex(dialog.kind.findData("netbox"))
    assert not dialog.form.isRowVisible(dialog.hall)
    assert dialog.spec() == ExportSpec(tmp_path / "two-sites-netbox.zip", "A3", None, "netbox")


def test_the_designer_exports_a_hall_to_dxf_and_the_netbox_zip(
    qtbot, make_window, example, prompts, tmp_path
):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    hall = next(h.id for h in window.editor.doc.project.halls.values() if h.name == "South hall 1")
    for spec in (
        ExportSpec(tmp_path / "south.dxf", hall_id=hall),
        ExportSpec(tmp_path / "nb.zip", table="netbox"),
    ):
        prompts.export_answer = spec
        with qtbot.waitSignal(window.exporter.finished, timeout=60_000) as ended:
            window.actions_by_name["export"].trigger()
        assert ended.args[0] == f"Exported {spec.path}."
    assert not ezdxf.readfile(tmp_path / "south.dxf").audit().has_errors
    assert "09-cables.csv" in zipfile.ZipFile(tmp_path / "nb.zip").namelist()
