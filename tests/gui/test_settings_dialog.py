"""Edit ▸ Project Settings: the cabling and network choices and the rule thresholds, applied
together as one undo step; the live check and the network plan follow."""

from collections import Counter

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel

from designer.core.document import operations as ops
from designer.core.model.rule_settings import Thresholds
from designer.core.network.schedule import cable_schedule
from designer.core.network.totals import link_totals
from designer.core.rules.limits import default_thresholds
from designer.gui.dialogs.project_settings import ProjectSettingsDialog
from tests.gui.conftest import wait_checked

OK = QDialogButtonBox.StandardButton.Ok
CANCEL = QDialogButtonBox.StandardButton.Cancel
LEAF, SPINE = "NVIDIA Quantum-2 QM9700 (leaf)", "NVIDIA Quantum-2 QM9700 (spine)"


def open_dialog(qtbot, window) -> ProjectSettingsDialog:  # type: ignore[no-untyped-def]
    dialog = ProjectSettingsDialog(window.editor, window)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def press(dialog: ProjectSettingsDialog, button: QDialogButtonBox.StandardButton) -> None:
    dialog.buttons.button(button).click()


def scale_out_links(plan) -> Counter:  # type: ignore[no-untyped-def]
    """Links per fabric role in the cable schedule (node-leaf, leaf-spine)."""
    links: Counter = Counter()
    for line in cable_schedule(plan):
        if line.plane == "scale_out":
            links[line.role] += line.count
    return links


def fibre_bar(window) -> str:  # type: ignore[no-untyped-def]
    """The count on the cabling panel's multimode-fibre bar (every scale-out link here)."""
    chart = window.media_chart
    return dict(zip(chart.names, (t.split()[0] for t in chart.texts), strict=True))["multimode SR"]


def aisle_findings(window, code: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.message for f in window.findings_panel.model.rows if f.code == code]


def test_the_edit_menu_opens_project_settings_with_ctrl_comma(make_window, prompts):
    window = make_window()
    action = window.actions_by_name["settings"]
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert action in edit.actions()
    assert action.text() == "Project &Settings…"
    assert action.shortcut() == QKeySequence("Ctrl+,")
    action.trigger()
    assert prompts.asked == ["project settings"]


def test_oversubscription_2_halves_the_uplinks_and_spines_in_one_undo_step(
    qtbot, make_window, example
):
    window = make_window(example("gb200-nvl72-su"))
    wait_checked(qtbot, window)
    doc = window.editor.doc
    before = doc.project.settings
    # 8 NVL72 racks x 72 NICs of 400G = 576 ports on QM9700 leaves of radix 64 (64 x 400G).
    # At 1:1 a leaf gives 32 ports down and 32 up: 18 leaves, 576 uplinks, 576 / 64 = 9 spines.
    plan = window.editor.network
    assert scale_out_links(plan) == {"node-leaf": 576, "leaf-spine": 576}
    assert dict(link_totals(plan).switches) == {LEAF: 18, SPINE: 9}
    assert fibre_bar(window) == "1,152"  # the fabric's links; NVLink stays in the racks

    dialog = open_dialog(qtbot, window)
    assert dialog.boxes["network.oversubscription"].value() == 1.0
    dialog.boxes["network.oversubscription"].setValue(2)
    press(dialog, OK)

    assert dialog.result() == QDialog.DialogCode.Accepted
    assert doc.project.settings.network.oversubscription == 2.0
    assert doc.history.undo_label == "Project settings"
    assert window.actions_by_name["undo"].text() == "&Undo Project settings"
    wait_checked(qtbot, window)
    # At 2:1 a leaf gives floor(64 x 2 / 3) = 42 ports down: 14 leaves, loaded evenly in
    # whole 800G cages of two 400G links, eight of 42 and six of 40, with 21 and 20 uplinks
    # rounded up to whole cages, 22 and 20: 8 x 22 + 6 x 20 = 296 (about half of 576),
    # ceil(296 / 64) = 5 spines.
    plan = window.editor.network
    assert scale_out_links(plan) == {"node-leaf": 576, "leaf-spine": 296}
    assert dict(link_totals(plan).switches) == {LEAF: 14, SPINE: 5}
    qtbot.waitUntil(lambda: fibre_bar(window) == "872", timeout=5_000)

    window.actions_by_name["undo"].trigger()
    assert doc.project.settings == before
    assert not doc.is_dirty
    wait_checked(qtbot, window)
    assert scale_out_links(window.editor.network)["leaf-spine"] == 576


def test_a_wider_hot_aisle_minimum_flags_the_hot_aisle_and_only_that_threshold_is_stored(
    qtbot, make_window, example
):
    window = make_window(example("hgx-air-hall"))
    doc = window.editor.doc
    # turn both rows around in place: their rears now face each other across 1.8 m
    window.editor.run(lambda: ops.rotate(doc, list(doc.project.placements), 2))
    wait_checked(qtbot, window)
    assert aisle_findings(window, "space.hot_aisle") == []
    thresholds = doc.project.settings.rules.thresholds

    dialog = open_dialog(qtbot, window)
    assert dialog.boxes["rules.thresholds.hot_aisle_mm"].value() == 900  # the default
    dialog.boxes["rules.thresholds.hot_aisle_mm"].setValue(2_000)
    press(dialog, OK)

    assert doc.project.settings.rules.thresholds == Thresholds(hot_aisle_mm=2_000)
    wait_checked(qtbot, window)
    flagged = aisle_findings(window, "space.hot_aisle")
    assert flagged
    assert all("1,800 mm wide, less than 2,000 mm" in message for message in flagged)
    window.bridge.undo()
    assert doc.project.settings.rules.thresholds == thresholds
    wait_checked(qtbot, window)
    assert aisle_findings(window, "space.hot_aisle") == []


def test_a_refused_value_keeps_the_dialog_open_names_the_field_and_applies_nothing(
    qtbot, make_window, example, prompts
):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    before = doc.project
    dialog = open_dialog(qtbot, window)
    dialog.boxes["network.oversubscription"].setValue(2)
    dialog.boxes["network.slack"].setValue(150)
    press(dialog, OK)

    assert dialog.isVisible()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.problem.isVisible()
    assert dialog.problem.text() == "Slack on routed lengths must be at most 100 %."
    assert dialog.focusWidget() is dialog.boxes["network.slack"]
    assert doc.project is before  # not even the valid oversubscription
    assert not doc.history.can_undo and not doc.is_dirty
    assert prompts.errors == []

    dialog.boxes["network.slack"].setValue(15)
    press(dialog, OK)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert doc.project.settings.network.slack == 0.15
    assert doc.project.settings.network.oversubscription == 2.0


def test_cancel_leaves_the_document_unmodified(qtbot, make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    before = doc.project
    dialog = open_dialog(qtbot, window)
    dialog.boxes["network.oversubscription"].setValue(4)
    dialog.boxes["rules.thresholds.max_row_racks"].setValue(10)
    dialog.nvidia_only.setChecked(False)
    press(dialog, CANCEL)

    assert dialog.result() == QDialog.DialogCode.Rejected
    assert doc.project is before
    assert not doc.history.can_undo and not doc.is_dirty
    assert window.windowTitle().split(" — ")[0].endswith(".json")  # no asterisk


def test_the_dialog_shows_the_projects_values_and_ok_without_changes_adds_no_step(
    qtbot, make_window, example
):
    window = make_window(example("hgx-air-hall"))  # its fabric is 2:1
    doc = window.editor.doc
    dialog = open_dialog(qtbot, window)
    assert dialog.boxes["network.oversubscription"].value() == 2.0
    assert dialog.boxes["network.slack"].value() == 10.0  # 0.10 shown in per cent
    assert dialog.boxes["rules.thresholds.tile_point_share"].value() == 33.3  # 1/3 shown
    assert dialog.nvidia_only.isChecked()
    assert dialog.wavelength.currentData() == 400
    press(dialog, OK)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert not doc.history.can_undo  # 33.3 % did not become an override of 1/3


def test_a_threshold_put_back_to_its_default_is_no_longer_stored(qtbot, make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    ops.update_settings(
        doc, "Overrides", rules={"thresholds": {"front_service_mm": 1_000, "max_row_racks": 12}}
    )
    dialog = open_dialog(qtbot, window)
    assert dialog.boxes["rules.thresholds.front_service_mm"].value() == 1_000
    dialog.boxes["rules.thresholds.front_service_mm"].setValue(915)  # the default
    press(dialog, OK)
    assert doc.project.settings.rules.thresholds == Thresholds(max_row_racks=12)
    dialog = open_dialog(qtbot, window)
    dialog.reset.click()
    assert dialog.boxes["rules.thresholds.max_row_racks"].value() == 20
    press(dialog, OK)
    assert doc.project.settings.rules.thresholds == Thresholds()
    assert "thresholds" not in doc.project.settings.rules.model_dump()


def test_values_are_stored_in_the_models_units(qtbot, make_window, example):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    dialog = open_dialog(qtbot, window)
    dialog.boxes["network.slack"].setValue(15)
    dialog.boxes["network.dci_share"].setValue(25)
    dialog.boxes["rules.thresholds.max_pipe_run_mm"].setValue(45.5)
    dialog.boxes["rules.thresholds.tile_point_share"].setValue(50)
    dialog.nvidia_only.setChecked(False)
    dialog.wavelength.setCurrentIndex(dialog.wavelength.findData(800))
    press(dialog, OK)
    network, rules = doc.project.settings.network, doc.project.settings.rules
    assert (network.slack, network.dci_share) == (0.15, 0.25)
    assert (network.nvidia_only, network.dci_wavelength_gbps) == (False, 800)
    assert rules.thresholds == Thresholds(max_pipe_run_mm=45_500, tile_point_share=0.5)
    assert doc.history.undo_label == "Project settings"
    doc.undo()
    assert not doc.history.can_undo  # all of it was one step


def test_every_threshold_of_rules_json_has_a_labelled_field_with_its_default_and_source(
    qtbot, make_window
):
    window = make_window()
    dialog = open_dialog(qtbot, window)
    defaults = default_thresholds()
    labels = {label.buddy(): label.text() for label in dialog.findChildren(QLabel)}
    for name in Thresholds.model_fields:
        box = dialog.boxes[f"rules.thresholds.{name}"]
        assert labels[box].endswith(")")  # a human name and its unit
        assert defaults.sources[name] in box.toolTip()
    hot = dialog.boxes["rules.thresholds.hot_aisle_mm"]
    assert labels[hot] == "Minimum hot aisle (mm)"
    assert hot.toolTip() == (
        "Default 900 mm. Source: links:S149 (links B20: hot aisle at least 900 mm)"
    )
    pipe = dialog.boxes["rules.thresholds.max_pipe_run_mm"]
    assert (labels[pipe], pipe.value()) == ("Longest pipe run from a CDU (m)", 30.0)
