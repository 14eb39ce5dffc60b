"""The README's "Your first pod", step by step: every dialog answered with what it offers."""

import subprocess

from designer.gui.dialogs.export import ExportDialog
from designer.gui.dialogs.insert_pod import InsertPodDialog
from designer.gui.dialogs.new_project import NewProjectDialog
from tests.gui.conftest import wait_checked


def test_the_walkthrough_ends_in_a_clean_pod_and_its_pdf(qtbot, make_window, prompts, tmp_path):
    window = make_window()
    # Ctrl+N, Enter: the New dialog's own values
    prompts.new_answer = NewProjectDialog().spec()
    window.actions_by_name["new"].trigger()
    doc = window.editor.doc
    [(hall_id, hall)] = doc.project.halls.items()
    # Ctrl+Shift+P, Enter: the pod the dialog highlights first
    prompts.pod_answer = InsertPodDialog(doc, "", 1.3).preset()
    assert prompts.pod_answer == "nvl72-su"
    window.actions_by_name["insert_pod"].trigger()
    wait_checked(qtbot, window)
    # the Findings panel says the design passes every check
    assert [f.message for f in window.editor.findings] == []
    assert window.statusBar().currentMessage().startswith("Inserted the GB200 NVL72")
    # Ctrl+S, a name, Enter
    prompts.save_as_answer = tmp_path / "my-first-pod.rackplan.json"
    window.actions_by_name["save"].trigger()
    assert prompts.save_as_answer.is_file() and not doc.is_dirty
    # Ctrl+E, Enter: the dialog offers the PDF set beside the project
    prompts.export_answer = ExportDialog(
        tmp_path, "my-first-pod", {hall_id: hall.name}, hall_id
    ).spec()
    assert prompts.export_answer is not None
    assert prompts.export_answer.path == tmp_path / "my-first-pod.pdf"
    with qtbot.waitSignal(window.exporter.finished, timeout=60_000):
        window.actions_by_name["export"].trigger()
    text = subprocess.run(
        ["pdftotext", str(prompts.export_answer.path), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Hall 1: floor plan" in text and "No errors" in text
    assert "576" in text  # the cover counts the scalable unit's accelerators
