"""Insert ▸ Pod's Fabric: a GB300 SU goes in on Ethernet on its Spectrum-X racks and SN5600
switches; the field starts on the site's fabric, says whether the pod joins it, and the
floor and power it states follow the fabric chosen."""

from collections import Counter
from dataclasses import replace

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from designer.core.catalog import default_catalog
from designer.core.document.document import Document
from designer.core.findings import Severity
from designer.core.network.totals import link_totals
from designer.core.rules import RuleEngine
from designer.core.rules.network import PLAN
from designer.gui.dialogs.insert_pod import InsertPodDialog, PodChoice, PodTarget
from designer.gui.prompts import DialogPrompts
from tests.core.generate.test_pod import empty_hall as core_hall
from tests.gui.conftest import wait_checked
from tests.gui.test_insert_pod import empty_hall, three_pods

SPECTRUM_X = "nvidia-gb300-nvl72-spectrum-x"
SN5600_RACK = "nvidia-sn5600-rack"


def ok_button(dialog: InsertPodDialog):  # type: ignore[no-untyped-def]
    assert dialog.buttons is not None
    return dialog.buttons.button(dialog.buttons.StandardButton.Ok)


def pick(dialog: InsertPodDialog, preset: str, fabric: str | None) -> None:
    """Choose ``preset`` and ``fabric`` (None: the default offered first) as a user does."""
    row = next(
        i
        for i in range(dialog.presets.count())
        if dialog.presets.item(i).data(Qt.ItemDataRole.UserRole) == preset
    )
    dialog.presets.setCurrentRow(row)
    dialog.fabric.setCurrentIndex(dialog.fabric.findData(fabric))


def test_a_gb300_su_goes_in_on_ethernet_through_the_dialog_clean_and_one_undo_takes_it_out(
    qtbot, make_window, prompts
):
    """The real dialog, asked by the real window: GB300 SU, Fabric: Ethernet, Insert. Its 8
    racks are the Spectrum-X GB300 (2 x 400GbE a ConnectX-8): 8 x 144 = 1,152 ports of
    400G, which the SN5600 takes 64 down and 64 up at 1:1: 18 leaves and 1,152 / 128 = 9
    spines, 27 switches in 8-switch racks: 4 racks. Ctrl+Z takes the whole pod out."""
    window = empty_hall(make_window, prompts)
    doc = window.editor.doc
    wait_checked(qtbot, window)
    before = doc.project
    window.prompts = DialogPrompts(window)
    seen: list[str] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, InsertPodDialog):  # not open yet
            QTimer.singleShot(20, answer)
            return
        assert dialog.fabric.currentText() == "Preset's: InfiniBand"  # an empty site
        pick(dialog, "gb300-su", "ethernet")
        seen.extend([dialog.fabric_note.text(), dialog.details.text()])
        ok_button(dialog).click()

    QTimer.singleShot(0, answer)
    window.actions_by_name["insert_pod"].trigger()
    assert seen[0] == (
        "The site has no scale-out fabric yet: the pod's NVIDIA Spectrum-4 SN5600 switches "
        "(Ethernet) start it."
    )
    assert "Racks: 8 compute and 4 network racks (NVIDIA Spectrum-4 SN5600)" in seen[1]
    project = doc.project
    assert Counter(p.type_id for p in project.placements.values()) == {
        SPECTRUM_X: 8,
        SN5600_RACK: 4,
    }
    assert doc.rack_types[SN5600_RACK].switches.switch_id == "nvidia-sn5600"
    assert window.status.currentMessage().startswith(
        "Inserted the GB300 NVL72 SuperPOD scalable unit (12 racks) from x 0 m, y 0 m;"
    )
    wait_checked(qtbot, window)
    serious = [f for f in window.editor.findings if f.severity != Severity.INFO]
    assert [f.message for f in serious] == []  # 0 errors, 0 warnings
    plan = RuleEngine(doc.catalog).derived(PLAN, project)
    totals = link_totals(plan)
    assert totals.unconnected_ports == 0
    assert dict(totals.switches) == {
        "NVIDIA Spectrum-4 SN5600 (leaf)": 18,
        "NVIDIA Spectrum-4 SN5600 (spine)": 9,
    }
    assert window.actions_by_name["undo"].text().startswith("&Undo Insert pod")
    window.activateWindow()  # back from the dialog
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keySequence(window.view.viewport(), QKeySequence(QKeySequence.StandardKey.Undo))
    assert doc.project == before  # every rack, CDU, busway and tray of it gone at once
    assert not doc.history.can_undo


def test_the_field_starts_on_the_sites_fabric_and_says_whether_the_pod_joins_it(
    qtbot, make_window, prompts
):
    """After an Ethernet GB300 SU, the next GB300 SU is offered on the site's Ethernet and
    joins its SN5600; on InfiniBand it would build its own fabric of Q3400, which the
    dialog says before Insert (the core builds both, each clean)."""
    window = empty_hall(make_window, prompts)
    doc, hall = window.editor.doc, window.editor.hall_id
    prompts.pod_answer = PodChoice("gb300-su", "ethernet")
    window.actions_by_name["insert_pod"].trigger()
    dialog = InsertPodDialog(doc, "", 1.3, chosen="gb300-su", target=PodTarget(hall))
    qtbot.addWidget(dialog)
    assert dialog.fabric.currentText() == "Site's: Ethernet"
    assert [dialog.fabric.itemText(i) for i in range(dialog.fabric.count())] == [
        "Site's: Ethernet",
        "InfiniBand",
        "Ethernet",
    ]
    assert dialog.choice() == PodChoice("gb300-su", "ethernet")
    assert dialog.fabric_note.text() == (
        "It joins the site's fabric of NVIDIA Spectrum-4 SN5600 switches (Ethernet)."
    )
    pick(dialog, "nvl72-su", None)  # another preset: still the site's
    assert dialog.choice() == PodChoice("nvl72-su", "ethernet")
    pick(dialog, "gb300-su", "infiniband")
    assert dialog.choice() == PodChoice("gb300-su", "infiniband")
    assert dialog.fabric_note.text() == (
        "The site's fabric is of NVIDIA Spectrum-4 SN5600 switches (Ethernet): the pod "
        "builds its own of NVIDIA Quantum-X800 Q3400-RA switches (InfiniBand), and no "
        "scale-out link joins them."
    )
    assert "(NVIDIA Quantum-X800 Q3400-RA)" in dialog.details.text()
    assert ok_button(dialog).isEnabled()
    prompts.pod_answer = dialog.choice()
    window.actions_by_name["insert_pod"].trigger()
    types = Counter(p.type_id for p in doc.project.placements.values())
    assert types == {SPECTRUM_X: 8, SN5600_RACK: 4, "nvidia-gb300-nvl72": 8, "nvidia-q3400-rack": 4}
    wait_checked(qtbot, window)
    assert [f.message for f in window.editor.findings if f.severity != Severity.INFO] == []


def test_the_floor_and_power_it_states_follow_the_fabric_chosen(qtbot, make_window, prompts):
    """Three GB200 SUs on InfiniBand fill their QM9700 racks: a fourth on InfiniBand brings
    3 racks more for the site's core tier (9 x 14.4 m of floor, 1,178.4 kW; the
    walkthrough in test_insert_pod). On Ethernet it builds a fabric of its own instead:
    8 x 72 = 576 ports of 400G, 9 SN5600 leaves and 576 / 128 = 4.5 -> 5 spines, 14
    switches in 2 racks of 8 (8 x 3 kW, full): 8 x 132 + 2 x 24 = 1,104 kW, x 1.3 =
    1,435.2 kW, on 8 x 14.4 m of floor."""
    window = three_pods(make_window, prompts)
    doc, hall = window.editor.doc, window.editor.hall_id
    dialog = InsertPodDialog(doc, "", 1.3, chosen="nvl72-su", target=PodTarget(hall))
    qtbot.addWidget(dialog)
    assert dialog.fabric.currentText() == "Site's: InfiniBand"
    assert "Floor: 9 x 14.4 m" in dialog.details.text()
    dialog.fabric.setCurrentIndex(dialog.fabric.findData("ethernet"))
    lines = dialog.details.text().splitlines()
    assert lines[1:] == [
        "Racks: 8 compute and 2 network racks (NVIDIA Spectrum-4 SN5600)",
        "IT power at maximum: 1,104 kW (its network racks full); facility at PUE 1.3: 1,435.2 kW",
        "Floor: 8 x 14.4 m",
    ]
    assert dialog.fit.text().startswith("It fits, from x 24 m, y 0 m.")
    prompts.pod_answer = dialog.choice()
    window.actions_by_name["insert_pod"].trigger()
    assert window.status.currentMessage().startswith(
        "Inserted the GB200 NVL72 SuperPOD scalable unit (10 racks) from x 24 m, y 0 m;"
    )


def test_a_fabric_no_switch_takes_the_pods_nics_on_is_refused_in_words_before_insert(qtbot):
    """As New Cluster refuses it: a catalog without Ethernet network racks has no switch for
    a GB200's 400G NICs on Ethernet; Insert is offered again on InfiniBand."""
    catalog = default_catalog()
    racks = {k: r for k, r in catalog.racks.items() if k != SN5600_RACK}
    built, hall = core_hall()
    doc = Document(built.project, catalog=replace(catalog, racks=racks))
    dialog = InsertPodDialog(doc, "", 1.3, chosen="nvl72-su", target=PodTarget(hall))
    qtbot.addWidget(dialog)
    dialog.fabric.setCurrentIndex(dialog.fabric.findData("ethernet"))
    assert dialog.details.text() == (
        "Fabric: no Ethernet switch in the catalog takes 400G ports on 100G lanes, as the "
        "NVIDIA GB200 NVL72's NICs are; choose Fabric: InfiniBand"
    )
    assert not ok_button(dialog).isEnabled() and dialog.fit.isHidden()
    dialog._insert()  # a double click on the preset inserts nothing either
    assert dialog.result() != dialog.DialogCode.Accepted
    dialog.fabric.setCurrentIndex(dialog.fabric.findData("infiniband"))
    assert ok_button(dialog).isEnabled() and "Floor: 8 x 14.4 m" in dialog.details.text()
