"""File > Export: written on a worker with a progress dialog; a cancel or a failure leaves no
file and says so in one sentence."""

import re
import subprocess

import pytest
from PySide6.QtWidgets import QPushButton

from designer.core.rules import network as network_rules
from designer.gui.dialogs.export import ExportDialog, ExportSpec
from designer.report import drawing_set as drawing_set_module
from designer.report.drawing_set import drawing_set
from designer.report.export import export as report_export
from tests.gui.conftest import wait_checked


def pages(pdf) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))


class NoPlanning:
    """Stands in for the planner: the designer hands over the check's plan instead."""

    def __init__(self, *args):
        raise AssertionError("the export planned the network again")


def export(qtbot, window, spec, prompts):
    prompts.export_answer = spec
    with qtbot.waitSignal(window.exporter.finished, timeout=60_000) as ended:
        window.actions_by_name["export"].trigger()
    return ended.args[0]


def test_the_pdf_set_is_written_with_every_sheet_and_the_checks_plan(
    qtbot, make_window, example, prompts, tmp_path, monkeypatch
):
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    monkeypatch.setattr(network_rules, "build_plan", NoPlanning)
    seen = []
    window.exporter.progressed.connect(lambda done, total: seen.append((done, total)))
    target = tmp_path / "out" / "gb200.pdf"
    target.parent.mkdir()
    message = export(qtbot, window, ExportSpec(target, "A4"), prompts)
    assert message == f"Exported {target}."
    assert window.status.currentMessage() == message
    project, catalog = window.editor.project, window.editor.doc.catalog
    expected = len(
        drawing_set(project, catalog, "A4", window.checker.report, window.editor.network)
    )
    assert pages(target) == expected
    assert seen[-1] == (expected, expected)
    assert [p.name for p in target.parent.iterdir()] == ["gb200.pdf"]  # no temporary left
    assert prompts.errors == []
    assert window.exporter.dialog is None


def test_a_cancelled_export_leaves_no_file(qtbot, make_window, example, prompts, tmp_path):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    out = tmp_path / "out"
    out.mkdir()
    prompts.export_answer = ExportSpec(out / "set.pdf", "A3")
    with qtbot.waitSignal(window.exporter.finished, timeout=60_000) as ended:
        window.actions_by_name["export"].trigger()
        assert window.exporter.running
        window.exporter.dialog.findChild(QPushButton, "").click()  # the dialog's Cancel
    assert ended.args[0] == "Export cancelled; nothing was written."
    assert list(out.iterdir()) == []  # neither the PDF nor its temporary file
    assert prompts.errors == []


def test_an_unwritable_path_shows_one_message_and_no_file(
    qtbot, make_window, example, prompts, tmp_path
):
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    missing = tmp_path / "no-such-folder" / "set.pdf"
    message = export(qtbot, window, ExportSpec(missing), prompts)
    assert message == "Export failed; nothing was written."
    [(title, text)] = prompts.errors
    assert title == "Export failed"
    assert str(missing) in text and "Traceback" not in text
    assert not missing.parent.exists()


@pytest.mark.parametrize(("kind", "header"), [("links", "from,to,"), ("bom", "")])
def test_a_schedule_is_written_as_csv(qtbot, make_window, example, prompts, tmp_path, kind, header):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    target = tmp_path / f"{kind}.csv"
    assert export(qtbot, window, ExportSpec(target, table=kind), prompts) == f"Exported {target}."
    text = target.read_text(encoding="utf-8")
    # after UTF-8's byte-order mark, which Excel needs to read "×" as written
    assert text.startswith("\ufeff" + header) and len(text.splitlines()) > 2


def test_the_dialog_keeps_the_suffix_in_step_with_what_is_exported(qtbot, tmp_path):
    halls = {"h1": "North hall 1", "h2": "South hall 1"}
    dialog = ExportDialog(tmp_path, "two-sites", halls, "h2")
    qtbot.addWidget(dialog)
    assert dialog.spec() == ExportSpec(tmp_path / "two-sites.pdf", "A3", None, "links")
    dialog.paper.setCurrentText("Tabloid")
    dialog.kind.setCurrentIndex(dialog.kind.findData("png"))
    assert dialog.spec() == ExportSpec(tmp_path / "two-sites-south-hall-1.png", "Tabloid", "h2")
    dialog.kind.setCurrentIndex(dialog.kind.findData("bom"))
    assert dialog.spec() == ExportSpec(tmp_path / "two-sites-bom.csv", "Tabloid", None, "bom")
    assert not dialog.form.isRowVisible(dialog.paper) and not dialog.form.isRowVisible(dialog.hall)
    dialog.file.setText(str(tmp_path / "materials"))
    assert dialog.spec().path == tmp_path / "materials.csv"
    dialog.file.setText("  ")
    assert dialog.spec() is None


def test_enlarged_parts_are_a_choice_of_the_pdf_set_and_are_remembered(qtbot, tmp_path):
    dialog = ExportDialog(tmp_path, "campus", {"h1": "S1 Hall 1"}, "h1")
    qtbot.addWidget(dialog)
    assert dialog.form.isRowVisible(dialog.enlarged) and not dialog.enlarged.isChecked()
    dialog.enlarged.setChecked(True)
    asked = dialog.spec()
    assert asked == ExportSpec(tmp_path / "campus.pdf", "A3", None, "links", enlarged=True)
    dialog.kind.setCurrentIndex(dialog.kind.findData("png"))
    assert not dialog.form.isRowVisible(dialog.enlarged) and not dialog.spec().enlarged
    again = ExportDialog(tmp_path, "campus", {"h1": "S1 Hall 1"}, "h1", last=asked)
    qtbot.addWidget(again)
    assert again.spec().enlarged


def test_the_dialog_starts_from_the_last_export_and_refuses_a_missing_folder(qtbot, tmp_path):
    halls = {"h1": "North hall 1", "h2": "South hall 1"}
    last = ExportSpec(tmp_path / "old-name-bom.csv", "Letter", None, "bom")
    dialog = ExportDialog(tmp_path / "elsewhere", "two-sites", halls, "h2", last=last)
    qtbot.addWidget(dialog)
    assert dialog.spec() == ExportSpec(tmp_path / "two-sites-bom.csv", "Letter", None, "bom")
    dialog.kind.setCurrentIndex(dialog.kind.findData("pdf"))
    assert dialog.form.isRowVisible(dialog.paper) and not dialog.form.isRowVisible(dialog.hall)
    dialog.file.setText(str(tmp_path / "missing" / "set.pdf"))
    dialog._accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert dialog.problem.text() == (
        f"The folder {tmp_path / 'missing'} does not exist. Choose one that does."
    )
    # a folder typed as the file: refused, not written as a file of its name beside it
    (tmp_path / "sets").mkdir()
    dialog.file.setText(str(tmp_path / "sets"))
    dialog._accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert dialog.problem.text() == (
        f"{tmp_path / 'sets'} is a folder; give a file's name in it, such as "
        f"{tmp_path / 'sets' / 'two-sites.pdf'}."
    )
    assert not (tmp_path / "sets.pdf").exists()


def test_a_file_that_exists_is_replaced_only_when_the_user_agrees(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    dialog = ExportDialog(tmp_path, "two-sites", {"h1": "North hall 1"}, "h1")
    qtbot.addWidget(dialog)
    (tmp_path / "two-sites.pdf").write_bytes(b"%PDF- an earlier set")
    answers = []

    def answer(*args, **kwargs):
        answers.append(args[2])
        return reply

    monkeypatch.setattr(QMessageBox, "question", answer)
    reply = QMessageBox.StandardButton.No
    dialog._accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert answers == [f"two-sites.pdf already exists in {tmp_path}. Replace it?"]
    assert dialog.problem.text() == "two-sites.pdf is kept; give another name to export."
    reply = QMessageBox.StandardButton.Yes
    dialog._accept()
    assert dialog.result() == dialog.DialogCode.Accepted


def test_closing_the_window_during_an_export_cancels_it(qtbot, make_window, example, tmp_path):
    window = make_window(example("two-sites"))
    wait_checked(qtbot, window)
    target = tmp_path / "out" / "set.pdf"
    target.parent.mkdir()
    assert window.exporter.start(ExportSpec(target))
    window.bridge.document.mark_saved(window.bridge.document.path)  # nothing to ask
    window.close()  # cancels the export and waits for its worker
    assert list(target.parent.iterdir()) == []  # neither the PDF nor a temporary file
    # progress the worker sent before it stopped is still queued: it must find no dialog
    # (the window deletes it), and the dialog never ran the event loop inside setValue
    assert window.exporter.dialog is None
    qtbot.wait(50)


@pytest.mark.parametrize("name", ["set.pdf", "hall.dxf"])
def test_pasted_text_no_encoder_writes_is_named_and_nothing_written(
    qtbot, make_window, example, prompts, tmp_path, name
):
    """A lone surrogate pasted into a label: a PDF segfaulted in Qt's font fallback and a
    DXF crashed in its encoder; now the export names the field to type again, as Save
    does, and writes nothing (issue 21, item 2)."""
    from designer.core.document import operations as ops

    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    keepout = ops.add_obstacle(
        doc, window.editor.hall_id, "keepout", [(0, 0), (600, 0), (600, 600)]
    )
    ops.update(doc, keepout, label="pasted \ud800")
    wait_checked(qtbot, window)
    out = tmp_path / "out"
    out.mkdir()
    message = export(qtbot, window, ExportSpec(out / name, "A4"), prompts)
    assert message == "Export failed; nothing was written."
    assert prompts.errors == [
        (
            "Export failed",
            f"Cannot export to {name}: the text of obstacles -> {keepout} -> label is not "
            "valid Unicode (half of a surrogate pair, alone); type it again.",
        )
    ]
    assert list(out.iterdir()) == []


def test_an_export_says_which_characters_print_as_boxes(
    qtbot, make_window, example, prompts, tmp_path
):
    from designer.core.document import operations as ops

    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    doc = window.editor.doc
    ops.update(doc, window.editor.hall_id, name="Hall \u0378")  # a code point no font has
    message = export(qtbot, window, ExportSpec(tmp_path / "hall.png", "A4"), prompts)
    assert message == f"Exported {tmp_path / 'hall.png'}."
    assert "info Characters without a font" in prompts.asked


def test_an_export_says_what_a_plan_leaves_off(qtbot, make_window, example, prompts, tmp_path):
    window = make_window(example("cm384-supernode"))
    wait_checked(qtbot, window)
    unit = window.editor.project.cooling_units["cool-004"]  # CRAH-2
    window.editor.update(unit.id, y=unit.y * 1_000)  # 8.6 km down the page
    message = export(qtbot, window, ExportSpec(tmp_path / "hall.png", "A3"), prompts)
    assert message == f"Exported {tmp_path / 'hall.png'}."
    assert "info Left off the plan" in prompts.asked


def test_a_window_that_never_exports_never_loads_the_report():
    """The report (its fonts, its PDF writer) is loaded by the first export, not when the
    designer opens: a window holds only what it uses."""
    import sys

    code = (
        "import sys, designer.gui.main_window; "
        "print(sorted(m for m in sys.modules if m.startswith('designer.report.')))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "['designer.report.paper']"


def test_the_set_takes_the_ranking_the_resilience_panel_worked_out(
    qtbot, make_window, example, prompts, tmp_path, monkeypatch
):
    """The N-1 sweep takes seconds on a campus: exported from a window whose Resilience
    panel has ranked this very design, the set sweeps nothing again; after an edit it does."""
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    window.resilience.dock.show()
    window.resilience.dock.raise_()
    qtbot.waitUntil(lambda: window.resilience.service.swept is not None, timeout=60_000)
    sweeps = []
    real_sweep = drawing_set_module.sweep
    monkeypatch.setattr(
        drawing_set_module, "sweep", lambda topology: sweeps.append(1) or real_sweep(topology)
    )
    first = tmp_path / "ranked.pdf"
    assert export(qtbot, window, ExportSpec(first, "A3"), prompts) == f"Exported {first}."
    assert sweeps == []
    text = subprocess.run(["pdftotext", "-layout", str(first), "-"], capture_output=True, text=True)
    ranked = window.resilience.service.swept.ranked
    assert re.search(rf"1\s+{ranked[0].component.name}\s", text.stdout)
    # the same set as one that sweeps for itself, word for word
    fresh = tmp_path / "fresh.pdf"
    report_export(window.editor.project, window.editor.doc.catalog, fresh, "A3")
    again = subprocess.run(
        ["pdftotext", "-layout", str(fresh), "-"], capture_output=True, text=True
    )
    assert again.stdout == text.stdout
    assert sweeps == [1]

    # the panel closed, an edit: the ranking held is of the design before it
    window.resilience.dock.close()
    rack = next(iter(window.editor.project.placements.values()))
    window.editor.update(rack.id, label="Renamed")
    wait_checked(qtbot, window)
    assert window.resilience.service.swept.topology.project is not window.editor.project
    second = tmp_path / "edited.pdf"
    assert export(qtbot, window, ExportSpec(second, "A3"), prompts) == f"Exported {second}."
    assert sweeps == [1, 1]
