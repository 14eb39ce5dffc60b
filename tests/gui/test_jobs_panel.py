"""The Jobs panel: a job added, edited and undone in one step each, its racks selected and
coloured by role, its planes charted, and a refused value kept out of the project."""

import contextlib

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog, QScrollArea

from designer.gui.jobs.dialog import JobDialog
from tests.gui.conftest import wait_checked

DENSE = {
    "name": "Dense 70B",
    "model": {
        "parameters": 70_000_000_000,
        "layers": 80,
        "hidden": 8_192,
        "sequence": 8_192,
        "precision": "bf16",
        "experts": 1,
        "top_k": 1,
        "expert_parameters": 0,
    },
    "tp": 8,
    "cp": 1,
    "ep": 1,
    "pp": 2,
    "dp": 36,
    "micro_batch": 1,
    "global_batch": 288,
    "zero": 0,
    "utilisation": None,
    "where": [],
}


def _panel(window):
    return window.jobs_dock.widget()


def test_adding_a_job_is_one_undo_step_and_selects_its_racks(make_window, example, qtbot):
    window = make_window(example("gb200-nvl72-su"))
    panel = _panel(window)
    job = panel.add(DENSE)
    assert list(window.editor.project.jobs) == [job]
    wait_checked(qtbot, window)
    qtbot.waitUntil(lambda: panel.table.item(0, 2).text() != "—", timeout=15_000)
    # 6 x 70e9 x 288 x 8,192 FLOPs / (576 x 2.5e15 x 0.4 FLOP/s) = 9.91e17 / 5.76e17 = 1.72 s
    # of compute; 288 / 36 = 8 micro-batches a pipeline of 2 stages fill and drain it for
    # (2 - 1) / 8 = 12.5 % more: 1.94 s a step, as the jobs command says (a trial read the
    # compute alone as the step)
    assert panel.table.item(0, 0).text() == "Dense 70B"
    assert panel.table.item(0, 1).text() == "576"
    assert panel.table.item(0, 2).text() == "1.94 s"
    cell = panel.table.visualItemRect(panel.table.item(0, 0)).center()
    QTest.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    racks = [r.id for r in window.editor.project.placements.values() if r.type_id.endswith("nvl72")]
    assert sorted(window.editor.selection.ids) == sorted(racks)
    assert "TP 8 x PP 2 x DP 36: 8 scale-up domains in 8 racks" in panel.where.text()
    assert (
        "Step: compute 1.72 s; with the pipeline's fill and drain ((PP - 1) / micro-batches "
        "= 12.5 %) about 1.94 s a step (operations:O1)." in panel.where.text()
    )
    assert "activations not counted" in panel.where.text()
    window.editor.undo()
    assert window.editor.project.jobs == {}
    assert panel.table.rowCount() == 0


def test_racks_coloured_by_stage_and_the_planes_charted(make_window, example, qtbot):
    window = make_window(example("gb200-nvl72-su"))
    panel = _panel(window)
    panel.add(DENSE)
    wait_checked(qtbot, window)
    qtbot.waitUntil(lambda: panel.assessed is not None, timeout=15_000)
    panel.table.selectRow(0)
    panel.colour_by.setCurrentIndex(panel.colour_by.findText("Racks by PP stage"))
    layer = window.jobs_dock.widget().colouring.layer
    assert layer.isVisible()
    # 9 groups of 8 per rack: stage 1 takes racks 1-4, stage 2 racks 5-8
    colours = {code: len(rects) for code, rects in layer.geometry.groups}
    assert colours == {0: 4, 1: 4}
    key = panel.key.text().replace("&nbsp;", " ")
    assert "PP stage 1" in key and "PP stage 2" in key and "No job" in key
    assert panel.chart.names == ["scale-up", "scale-out"]
    # the step's compute, the line the planes should stay under, and longer than none of them
    (compute,) = panel.chart.marks
    assert compute.dashed and compute.x > 0
    assert panel.chart.x_range()[1] > compute.x
    panel.colour_by.setCurrentIndex(0)
    assert not layer.isVisible()


def _details_box(panel) -> QScrollArea:
    """The box under the jobs' list that holds the colours' key and the job's summary."""
    box = panel.where.parentWidget()
    while not isinstance(box, QScrollArea):
        box = box.parentWidget()
    return box


def test_a_jobs_summary_reads_whole_without_scrolling_at_1600_by_1000(make_window, example, qtbot):
    """A trial at 1600 x 1000 scrolled the details box to read a job's placement, step and
    memory: it showed four and a half of the summary's six lines, under a table of one job
    and a blank space."""
    window = make_window(example("gb200-nvl72-su"))
    assert (window.width(), window.height()) == (1600, 1000)
    panel = _panel(window)
    panel.add(DENSE)
    wait_checked(qtbot, window)
    qtbot.waitUntil(lambda: "activations not counted" in panel.where.text(), timeout=15_000)
    window.jobs_dock.raise_()
    panel.table.selectRow(0)
    # the colours' key too: one line more
    panel.colour_by.setCurrentIndex(panel.colour_by.findText("Racks by PP stage"))
    box = _details_box(panel)
    qtbot.waitUntil(box.isVisible, timeout=5_000)
    line = panel.where.fontMetrics().lineSpacing()

    def lines_needed() -> float:
        return box.widget().heightForWidth(box.viewport().width()) / line

    def whole() -> bool:
        return box.viewport().height() >= lines_needed() * line

    with contextlib.suppress(qtbot.TimeoutError):  # laid out on the next turns of the loop
        qtbot.waitUntil(whole, timeout=2_000)
    assert lines_needed() >= 6  # the key, and the summary on five lines or more
    shown = box.viewport().height() / line
    assert whole(), f"{shown:.1f} lines shown of the {lines_needed():.1f} the summary needs"
    assert box.verticalScrollBar().maximum() == 0  # nothing to scroll to
    assert not panel.table.verticalScrollBar().isVisible()  # and the one job in sight


def test_editing_a_job_is_one_undo_step(make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    panel = _panel(window)
    job = panel.add(DENSE)
    panel.change(job, {**DENSE, "dp": 72, "pp": 1})
    assert (window.editor.project.jobs[job].pp, window.editor.project.jobs[job].dp) == (1, 72)
    window.editor.undo()
    assert (window.editor.project.jobs[job].pp, window.editor.project.jobs[job].dp) == (2, 36)


def test_the_dialog_keeps_a_refused_value_out(make_window, example, qtbot):
    window = make_window(example("gb200-nvl72-su"))
    dialog = JobDialog(None, [], "Job 1", window)
    qtbot.addWidget(dialog)
    dialog.experts.setValue(8)
    dialog.top_k.setValue(9)
    dialog.expert_parameters.setValue(50)
    dialog._accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.error.text() == "top-k 9 is more than the 8 experts"
    dialog.top_k.setValue(2)
    dialog.degrees["tp"].setValue(8)
    dialog.degrees["dp"].setValue(9)
    # the global batch of 1 it starts with is no whole number of micro-batches for 9
    # data streams: said as it is typed, and refused here rather than as a finding later
    # (a trial added EP 32 x DP 72 with a global batch of 1)
    assert dialog.total.text() == (
        "= 72 accelerators; a scale-up group (TP x CP x EP) of 8; "
        "the global batch must be a multiple of 9 (micro-batch x EP x DP)"
    )
    dialog._accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.error.text().startswith("Global batch: 1 sequence is not a whole number")
    dialog.global_batch.setValue(36)
    assert dialog.total.text().endswith("; 4 micro-batches per data stream")
    assert window.editor.project.jobs == {}


def test_a_job_relayed_through_a_site_reads_its_pair_end_to_end(make_window, tmp_path, qtbot):
    """A ring's A and C joined through B: the details say the pair's 80 km and 392 µs
    (4.9 µs/km, links:S46), as the jobs command and the sheet do."""
    from designer.core.io.project_file import save
    from tests.core.jobs.helpers import across_a_and_c, ring

    doc, (a, _, c, _), _ = ring(km=40.0)
    across_a_and_c(doc, a, c)
    path = tmp_path / "ring.rackplan.json"
    save(doc.project, path)
    window = make_window(path)
    panel = _panel(window)
    wait_checked(qtbot, window)
    qtbot.waitUntil(lambda: panel.table.rowCount() == 1, timeout=15_000)
    panel.table.selectRow(0)
    qtbot.waitUntil(lambda: "via" in panel.where.text(), timeout=15_000)
    assert (
        "Site 1 to Site 3 via Site 2: 19.3 GB each way per step over 80 km of fibre, "
        "392 µs one way." in panel.where.text()
    )


def test_the_jobs_table_fits_its_dock_with_a_long_worst_finding_at_1600_by_1000(
    make_window, example, qtbot
):
    """A trial at 1600 x 1000 scrolled the jobs' table sideways to read a job's worst
    finding: its column grew to the text's width. The four columns fit the dock; a name
    or finding cut short reads whole, with the finding's message, in its tooltip."""
    window = make_window(example("gb200-nvl72-su"))
    assert (window.width(), window.height()) == (1600, 1000)
    panel = _panel(window)
    # groups of 16 leave 8 of each NVL72's 72 idle: a warning, idle_accelerators
    name = "Dense 70B on TP 16 domains"
    job = panel.add({**DENSE, "name": name, "tp": 16, "pp": 1, "dp": 16})
    wait_checked(qtbot, window)
    table = panel.table
    qtbot.waitUntil(lambda: table.item(0, 3).text() not in ("…", "none"), timeout=15_000)
    window.jobs_dock.raise_()
    qtbot.waitUntil(table.isVisible, timeout=5_000)
    worst = table.item(0, 3).text()
    assert worst.startswith("warning: ")
    header = table.horizontalHeader()

    def fits() -> bool:
        return sum(header.sectionSize(c) for c in range(table.columnCount())) <= (
            table.viewport().width()
        )

    with contextlib.suppress(qtbot.TimeoutError):  # laid out on the next turns of the loop
        qtbot.waitUntil(fits, timeout=2_000)
    widths = [header.sectionSize(c) for c in range(table.columnCount())]
    assert fits(), f"columns {widths} in a table {table.viewport().width()} wide"
    assert table.horizontalScrollBar().maximum() == 0  # nothing to scroll sideways to
    for column in range(table.columnCount()):
        cell = table.visualItemRect(table.item(0, column))
        assert table.viewport().rect().contains(cell), f"column {column} out of sight"
    # the finding longer than its cell: cut at its end, and whole in its tooltip
    assert table.fontMetrics().horizontalAdvance(worst) > header.sectionSize(3)
    code = "jobs." + worst.removeprefix("warning: ")
    (message,) = {f.message for f in window.editor.findings if f.code == code and job in f.ids}
    assert table.item(0, 3).toolTip() == f"{worst}\n{message}"
    assert table.item(0, 0).toolTip() == name
    assert table.textElideMode() == Qt.TextElideMode.ElideRight and not table.wordWrap()


def test_pipelines_together_are_chosen_in_the_dialog_said_and_coloured(make_window, example, qtbot):
    """TP 8 x PP 9 x DP 8 on the 8 NVL72 racks, laid pipelines together: replica r's 9
    stages (9 groups of 8 = 72) fill rack r, so by DP replica each rack is its own colour
    and by PP stage every rack takes its first group's, stage 1 (a rack with several groups
    takes the first group's role)."""
    window = make_window(example("gb200-nvl72-su"))
    panel = _panel(window)
    dialog = JobDialog(None, [], "Job 1", window)
    qtbot.addWidget(dialog)
    assert dialog.fields()["order"] == "stages"  # as every job was laid before
    dialog.order.setCurrentIndex(dialog.order.findData("pipelines"))
    for degree, value in (("tp", 8), ("pp", 9), ("dp", 8)):
        dialog.degrees[degree].setValue(value)
    dialog.global_batch.setValue(64)
    fields = dialog.fields()
    assert fields["order"] == "pipelines"
    job = panel.add(fields)
    assert window.editor.project.jobs[job].order == "pipelines"
    wait_checked(qtbot, window)
    qtbot.waitUntil(lambda: panel.assessed is not None, timeout=15_000)
    panel.table.selectRow(0)
    qtbot.waitUntil(lambda: "activations not counted" in panel.where.text(), timeout=15_000)
    assert "Pipelines together: each replica's stages side by side." in panel.where.text()
    layer = panel.colouring.layer
    panel.colour_by.setCurrentIndex(panel.colour_by.findText("Racks by DP replica"))
    assert {code: len(rects) for code, rects in layer.geometry.groups} == dict.fromkeys(range(8), 1)
    panel.colour_by.setCurrentIndex(panel.colour_by.findText("Racks by PP stage"))
    assert {code: len(rects) for code, rects in layer.geometry.groups} == {0: 8}
    # the dialog reopened on the job shows its order; back to stages is one undo step
    again = JobDialog(window.editor.project.jobs[job], [], "Job 1", window)
    qtbot.addWidget(again)
    assert again.order.currentData() == "pipelines"
    panel.change(job, {**fields, "order": "stages"})
    assert window.editor.project.jobs[job].order == "stages"
    window.editor.undo()
    assert window.editor.project.jobs[job].order == "pipelines"


def test_most_sets_dp_to_the_replicas_the_cluster_holds_or_says_why_none_fits(
    make_window, example, qtbot
):
    """An architect worked out DP by hand for "the rest of the cluster". The GB200 SU's 8
    NVL72 hold 9 groups of TP 8 each, 72 in all; PP 4 makes 18 replicas (576 / 32). A
    group of TP 128 fits no 72-GPU rack."""
    window = make_window(example("gb200-nvl72-su"))
    dialog = _panel(window)._dialog(None)
    qtbot.addWidget(dialog)
    dialog.degrees["tp"].setValue(8)
    dialog.degrees["pp"].setValue(4)
    dialog.most.click()
    assert dialog.degrees["dp"].value() == 18
    # the global batch of 1 no whole number of micro-batches for 18 streams: 1 x 1 x 18
    assert dialog.global_batch.value() == 18
    assert dialog.error.text() == (
        "DP 18, the most the job's scope holds: 576 of the 576 accelerators free to it"
    )
    dialog.degrees["tp"].setValue(128)
    dialog.most.click()
    assert dialog.degrees["dp"].value() == 18  # left as it was
    assert dialog.error.text() == (
        "DP: TP x CP x EP = 128 accelerators a group are more than the 72 of the largest "
        "rack in the job's scope, so no replica fits"
    )
