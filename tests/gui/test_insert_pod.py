"""Insert ▸ Pod: a pod preset dropped into the hall on screen, checked clean, undone whole."""

from dataclasses import replace

from PySide6.QtCore import QEvent, QRectF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from designer.core.document import operations as ops
from designer.core.geometry.footprint import Box
from designer.gui.dialogs.insert_pod import InsertPodDialog
from designer.gui.dialogs.new_project import NewProjectSpec
from tests.gui.conftest import wait_checked
from tests.gui.helpers import mouse, on_screen

#: An empty hall with room, power and cooling to spare for one scalable unit (eight NVL72 at
#: 132 kW each are about 1.1 MW) and a slab for their 1.36 t.
AMPLE = NewProjectSpec(
    hall_name="Hall 1",
    width_m=30,
    depth_m=24,
    floor_type="slab",
    floor_rating_kpa=25,
    power_capacity_kw=4_000,
    cooling_capacity_kw=4_000,
)


def empty_hall(make_window, prompts):  # type: ignore[no-untyped-def]
    window = make_window()
    prompts.new_answer = AMPLE
    window.actions_by_name["new"].trigger()  # File ▸ New, as a user starts
    return window


def racks_by_type(project, ids):  # type: ignore[no-untyped-def]
    counts: dict[str, int] = {}
    for i in ids:
        if i in project.placements:
            type_id = project.placements[i].type_id
            counts[type_id] = counts.get(type_id, 0) + 1
    return counts


def point_at(window, x_mm: float, y_mm: float) -> None:  # type: ignore[no-untyped-def]
    """Move the cursor over the canvas to the floor point ``(x_mm, y_mm)``."""
    viewport = window.view.viewport()
    pos = on_screen(window.view, x_mm, y_mm)
    mouse(viewport, QMouseEvent.Type.MouseMove, pos, buttons=Qt.MouseButton.NoButton)


def test_a_pod_goes_on_free_floor_checks_clean_and_one_undo_takes_it_out(
    qtbot, make_window, prompts
):
    window = empty_hall(make_window, prompts)
    doc = window.editor.doc
    wait_checked(qtbot, window)
    before = doc.project
    assert not before.placements and not doc.is_dirty
    prompts.pod_answer = "nvl72-su"
    [insert] = [m for m in window.menuBar().actions() if m.text() == "&Insert"]
    assert window.actions_by_name["insert_pod"] in insert.menu().actions()
    window.actions_by_name["insert_pod"].trigger()
    assert prompts.asked[-1].startswith("pod: It goes on the first free floor of Hall 1")
    added = set(doc.project.placements) - set(before.placements)
    # a SuperPOD scalable unit is eight NVL72 racks; its fabric's racks come with it
    counts = racks_by_type(doc.project, added)
    assert counts.pop("nvidia-gb200-nvl72") == 8
    [(network, count)] = counts.items()
    assert doc.catalog.racks[network].category == "network" and count >= 1
    assert set(window.selection.ids) >= added  # the pod arrives selected
    assert doc.is_dirty and window.windowTitle().startswith("Untitled*")
    assert window.actions_by_name["undo"].text().startswith("&Undo Insert pod")
    wait_checked(qtbot, window)
    assert [f.message for f in window.editor.findings] == []  # the design is clean
    assert "Edit ▸ Undo takes it out" in window.status.currentMessage()
    window.actions_by_name["undo"].trigger()  # Ctrl+Z
    assert doc.project == before  # every rack, CDU, busway and tray of the pod gone at once
    assert not doc.history.can_undo
    # the status bar no longer says how to take out what is gone
    assert window.status.currentMessage().startswith("Undid Insert pod")
    window.actions_by_name["redo"].trigger()
    assert set(doc.project.placements) - set(before.placements) == added
    assert window.status.currentMessage().startswith("Redid Insert pod")


def test_a_pod_is_centred_at_the_cursor_over_the_hall(qtbot, make_window, prompts):
    window = empty_hall(make_window, prompts)
    doc = window.editor.doc
    prompts.pod_answer = "nvl72-su"
    point_at(window, 15_000, 12_000)  # the middle of the 30 x 24 m hall
    window.actions_by_name["insert_pod"].trigger()
    assert prompts.asked[-1] == (
        "pod: It goes centred at the cursor (x 15.0 m, y 12.0 m), on the floor tiles or flush "
        "against a pod beside it."
    )
    # the pod (8 x 14.4 m, as the dialog says) centred there, snapped to the 600 mm tiles:
    # x 15,000 - 4,000 = 11,000 -> 10,800; y 12,000 - 7,200 = 4,800
    assert window.status.currentMessage().endswith(
        "from x 10.8 m, y 4.8 m; Edit ▸ Undo takes it out."
    )
    boxes = [ops.footprint_of(doc.project, i, doc.rack_types) for i in doc.project.placements]
    assert min(b.x0 for b in boxes) >= 10_800 and max(b.x1 for b in boxes) <= 10_800 + 8_000
    assert min(b.y0 for b in boxes) >= 4_800 and max(b.y1 for b in boxes) <= 4_800 + 14_400


def test_pods_at_the_cursor_beside_one_another_go_flush_as_the_dialog_says(
    qtbot, make_window, prompts
):
    """A second GB200 SU pointed at beside the first in File ▸ New's 24 x 18 m hall, at
    12.4 m (its corner at 8.4 m, on the 0.6 m tiles), went in at 8.4 m: 0.4 m of bare floor
    from the first one's 8 m edge. A third at 20 m went past the far wall and was refused.
    They land flush, at 0, 8 and 16 m, the dialog saying so before Insert; the design is
    clean, and one undo takes the last pod out whole."""
    from designer.core.findings import Severity
    from designer.gui.dialogs.insert_pod import PodTarget

    window = make_window()
    # power and cooling for three pods (3 x 1,117.2 kW, x PUE 1.3 = 4,357 kW at the site)
    prompts.new_answer = NewProjectSpec(power_capacity_kw=5_000, cooling_capacity_kw=5_000)
    window.actions_by_name["new"].trigger()
    doc, hall = window.editor.doc, window.editor.hall_id
    said = []
    for x in (4_000, 12_400, 20_000):
        point_at(window, x, 7_200)
        prompts.pod_answer = None  # the dialog opened and read, then Insert
        window.actions_by_name["insert_pod"].trigger()
        target = prompts.target
        assert isinstance(target, PodTarget) and target.hall_id == hall and target.at
        dialog = InsertPodDialog(doc, "", 1.3, chosen="nvl72-su", target=target)
        qtbot.addWidget(dialog)
        said.append(dialog.fit.text().split(". ")[0])
        before = doc.project
        prompts.pod_answer = "nvl72-su"
        window.actions_by_name["insert_pod"].trigger()
        said.append(window.status.currentMessage().split(" from ")[-1].split(";")[0])
    assert said == [
        "It fits, from x 0 m, y 0 m",
        "x 0 m, y 0 m",
        "It fits, from x 8 m, y 0 m",
        "x 8 m, y 0 m",
        "It fits, from x 16 m, y 0 m",
        "x 16 m, y 0 m",
    ]
    project = doc.project
    racks = [ops.footprint_of(project, i, doc.rack_types) for i in project.placements]
    assert max(b.x1 for b in racks) <= 24_000  # all inside the hall
    wait_checked(qtbot, window)
    assert [f.message for f in window.editor.findings if f.severity != Severity.INFO] == []
    window.actions_by_name["undo"].trigger()
    assert doc.project == before  # the third pod out whole, the other two as they were


def test_a_pod_that_does_not_fit_at_the_cursor_changes_nothing_and_says_why(
    qtbot, make_window, prompts
):
    window = empty_hall(make_window, prompts)
    doc = window.editor.doc
    before = doc.project
    prompts.pod_answer = "cm384"
    point_at(window, 1_000, 1_000)  # near the corner: half the pod would be outside
    window.actions_by_name["insert_pod"].trigger()
    assert window.status.currentMessage() == (
        "The pod (10.4 x 14.4 m) does not fit inside the hall there."
    )
    assert doc.project is before and not doc.history.can_undo


def test_once_the_cursor_has_left_the_canvas_the_pod_goes_on_free_floor(
    qtbot, make_window, prompts
):
    window = empty_hall(make_window, prompts)
    point_at(window, 1_000, 1_000)
    QApplication.sendEvent(window.view.viewport(), QEvent(QEvent.Type.Leave))  # to the menus
    prompts.pod_answer = None  # the dialog cancelled: nothing happens
    window.actions_by_name["insert_pod"].trigger()
    assert prompts.asked[-1].startswith("pod: It goes on the first free floor of Hall 1")
    assert not window.editor.doc.history.can_undo


def test_the_dialog_describes_each_pod_before_it_is_inserted(qtbot, make_window, prompts):
    window = empty_hall(make_window, prompts)
    dialog = InsertPodDialog(window.editor.doc, "It goes here.", 1.3, chosen="cm384")
    qtbot.addWidget(dialog)
    assert dialog.preset() == "cm384"
    text = dialog.details.text()
    # a CloudMatrix384 is 384 NPUs in 12 compute and 4 switch racks
    assert "Accelerators: 384" in text and "Racks: 16 of the systems" in text
    assert "Floor: 10.4 x 14.4 m" in text
    dialog.presets.setCurrentRow(0)
    assert dialog.preset() == "nvl72-su" and "Accelerators: 576" in dialog.details.text()


def test_the_dialogs_facility_power_is_at_the_pue_of_the_site_it_goes_into(make_window, prompts):
    """The dialog said "facility at PUE 1.2" (the preset's own site) for a pod going into a
    site of PUE 1.3, as the exported cover then said (a newcomer's trial)."""
    window = empty_hall(make_window, prompts)
    project = window.editor.project
    site = project.sites[project.halls[window.editor.hall_id].site_id]
    assert site.pue == 1.3
    point_at(window, 1_000, 1_000)
    QApplication.sendEvent(window.view.viewport(), QEvent(QEvent.Type.Leave))
    prompts.pod_answer = None
    window.actions_by_name["insert_pod"].trigger()
    assert prompts.pue == 1.3  # what the window gave the dialog
    dialog = InsertPodDialog(window.editor.doc, "", prompts.pue)
    power = next(line for line in dialog.details.text().splitlines() if "facility" in line)
    # eight NVL72 at 132 kW and three QM9700 racks at 20.4 kW, full as a pod brings them
    # (its fabric places 27 switches in 36 slots): 1,056 + 61.2 = 1,117.2 kW, x 1.3 =
    # 1,452.36 kW
    assert dialog.preset() == "nvl72-su"
    assert power == (
        "IT power at maximum: 1,117.2 kW (its network racks full); facility at PUE 1.3: 1,452.4 kW"
    )


def test_the_legend_strip_names_the_in_row_coolers_a_pod_brings(qtbot, make_window, prompts):
    """A trial read a pod's in-row coolers as CRAHs: the strip named only the CRAH."""
    window = empty_hall(make_window, prompts)
    texts = [e.text for e in window.view.strip_legend()]
    assert "CRAH" in texts and "In-row cooler" not in texts
    prompts.pod_answer = "nvl72-su"
    window.actions_by_name["insert_pod"].trigger()
    qtbot.waitUntil(lambda: "In-row cooler" in [e.text for e in window.view.strip_legend()])
    texts = [e.text for e in window.view.strip_legend()]
    assert texts.index("In-row cooler") == texts.index("CRAH") + 1


def test_a_pod_past_the_halls_power_says_so_as_it_goes_in(make_window, prompts):
    """A trial's third pod took a hall to 147 % of its power and the status bar only said
    it was inserted. Two GB200 SUs in a 2,000 kW hall: 16 x 132 kW and 6 QM9700 racks of
    20.4 kW, 2,234.4 kW, 112 % of it."""
    window = make_window()
    prompts.new_answer = replace(AMPLE, power_capacity_kw=2_000, cooling_capacity_kw=4_000)
    window.actions_by_name["new"].trigger()
    prompts.pod_answer = "nvl72-su"
    window.actions_by_name["insert_pod"].trigger()
    assert "power capacity" not in window.status.currentMessage()
    window.actions_by_name["insert_pod"].trigger()
    assert window.status.currentMessage().endswith(
        "Hall 1 now draws up to 2,234 kW, 112% of its 2,000 kW power capacity: see Findings."
    )


def test_undo_and_redo_show_the_hall_they_changed(make_window, prompts):
    """A trial undid a pod in Hall 2 while Hall 1 was on screen and saw nothing change."""
    window = empty_hall(make_window, prompts)
    editor = window.editor
    first = editor.hall_id
    site = editor.project.halls[first].site_id
    editor.add_hall(
        site,
        "Hall 2",
        30_000,
        24_000,
        floor_type="slab",
        floor_rating_kpa=25,
        power_capacity_kw=4_000,
        cooling_capacity_kw=4_000,
    )
    second = editor.hall_id
    assert second != first
    prompts.pod_answer = "nvl72-su"
    window.actions_by_name["insert_pod"].trigger()
    pod = set(editor.selection.ids)
    editor.set_hall(first)
    window.actions_by_name["undo"].trigger()
    assert editor.hall_id == second  # shown where the pod went out
    assert not pod & set(editor.project.placements)
    editor.set_hall(first)
    window.actions_by_name["redo"].trigger()
    racks = {i for i in pod if i in editor.project.placements}
    assert editor.hall_id == second and racks and racks <= set(editor.selection.ids)


def test_the_dialog_says_before_insert_whether_the_pod_fits_and_what_the_hall_then_draws(
    qtbot, make_window, prompts
):
    """A trial's fourth pod was offered as going "on the first free floor" of a full hall,
    refused only after Insert; its second and third took the 2 MW hall past its power and
    the dialog said nothing of it."""
    from designer.core.totals import totals_by_hall
    from designer.gui.dialogs.insert_pod import PodTarget

    window = make_window()
    prompts.new_answer = NewProjectSpec()  # 24 x 18 m, 2,000 kW
    window.actions_by_name["new"].trigger()
    doc, hall = window.editor.doc, window.editor.hall_id
    prompts.pod_answer = None
    window.actions_by_name["insert_pod"].trigger()
    assert prompts.target == PodTarget(hall, None)  # the window says where it would go
    dialog = InsertPodDialog(doc, "", 1.3, chosen="nvl72-su", target=PodTarget(hall))
    qtbot.addWidget(dialog)
    pod_kw = 1_117.2  # eight NVL72 at 132 kW and three full QM9700 racks at 20.4 kW
    assert dialog.fit.text() == (
        f"It fits, from x 0 m, y 0 m. Hall 1 then draws up to {pod_kw:,.0f} kW of its "
        f"2,000 kW ({pod_kw / 2_000:.0%})."
    )
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert ok.isEnabled()
    prompts.pod_answer = "nvl72-su"
    while True:  # pods until the hall has no floor for another
        dialog = InsertPodDialog(doc, "", 1.3, chosen="nvl72-su", target=PodTarget(hall))
        qtbot.addWidget(dialog)
        ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
        if not ok.isEnabled():
            break
        drawn = totals_by_hall(doc.project, doc.rack_types)[hall].it_max_kw
        over = drawn + pod_kw > 2_000
        assert dialog.fit.text().endswith(
            ": more than it has, see Findings after." if over else "."
        )
        window.actions_by_name["insert_pod"].trigger()
    assert dialog.fit.text().startswith("It does not fit: The hall has no free floor of ")
    inserted = len(doc.project.placements)
    dialog._insert()  # a double click on the preset does not insert either
    assert dialog.result() != dialog.DialogCode.Accepted
    assert len(doc.project.placements) == inserted


def test_a_pod_put_off_screen_is_brought_into_view(qtbot, make_window, prompts):
    window = empty_hall(make_window, prompts)
    doc = window.editor.doc
    window.view.zoom_to_box(Box(26_000, 20_000, 27_000, 21_000))  # the far corner, close up
    QApplication.sendEvent(window.view.viewport(), QEvent(QEvent.Type.Leave))
    prompts.pod_answer = "nvl72-su"
    window.actions_by_name["insert_pod"].trigger()  # on the first free floor, top left
    boxes = [ops.footprint_of(doc.project, i, doc.rack_types) for i in doc.project.placements]
    seen = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    for box in boxes:
        assert seen.contains(QRectF(box.x0, box.y0, box.width, box.height))


def test_pods_in_the_hall_of_file_new_each_go_on_the_floor_the_dialog_states(
    qtbot, make_window, prompts
):
    """A trial's pods in the 24 x 18 m hall went in at x 0, 6 and 12 m, the second and
    third inside the first one's "Floor: 8 x 14.4 m", and a fourth was refused beside
    6.4 m of bare floor. 24 / 8 = 3 pods side by side; the fourth has no floor of the
    9 m it states (with the racks it would bring for the site's core tier)."""
    from designer.gui.dialogs.insert_pod import PodTarget

    window = make_window()
    prompts.new_answer = NewProjectSpec()  # 24 x 18 m
    window.actions_by_name["new"].trigger()
    doc, hall = window.editor.doc, window.editor.hall_id
    dialog = InsertPodDialog(doc, "", 1.3, chosen="nvl72-su", target=PodTarget(hall))
    qtbot.addWidget(dialog)
    assert "Floor: 8 x 14.4 m" in dialog.details.text()
    prompts.pod_answer = "nvl72-su"
    said = []
    for _ in range(4):
        window.actions_by_name["insert_pod"].trigger()
        said.append(window.status.currentMessage())
    assert [s.split(" from ")[1].split(";")[0] for s in said[:3]] == [
        "x 0 m, y 0 m",
        "x 8 m, y 0 m",
        "x 16 m, y 0 m",
    ]
    dialog = InsertPodDialog(doc, "", 1.3, chosen="nvl72-su", target=PodTarget(hall))
    qtbot.addWidget(dialog)
    assert "Floor: 9 x 14.4 m" in dialog.details.text()
    assert said[3] == (
        "The hall has no free floor of 9 x 14.4 m for the pod: make the hall larger or "
        "clear some floor."
    )


def test_the_pod_selected_is_counted_alike_before_and_after_a_save(
    qtbot, make_window, prompts, tmp_path
):
    """A trial's pod read "33 items selected" after Insert Pod and "32 items selected" after
    Ctrl+S: its CDUs' cooling group, which no one sees on the plan, was selected and counted
    until the save dropped it. The items of a GB200 SU: 11 racks, 2 CDUs, 6 in-row coolers,
    8 busways and 5 trays."""
    window = empty_hall(make_window, prompts)
    prompts.pod_answer = "nvl72-su"
    window.actions_by_name["insert_pod"].trigger()
    title = window.properties.title
    assert title.text() == "32 items selected"
    prompts.save_as_answer = tmp_path / "pod.rackplan.json"
    window.actions_by_name["save"].trigger()
    assert prompts.save_as_answer.is_file()
    assert title.text() == "32 items selected"


def test_the_pod_that_outgrows_the_sites_switches_brings_and_states_the_racks_it_needs(
    qtbot, make_window, prompts
):
    """A trial's fourth GB200 SU in one hall left 288 ports unconnected: 2,304 ports need a
    core tier on the 64-port QM9700 (72 leaves, more than two tiers hold: 72 spines and
    72 x 32 / 64 = 36 cores, 180 switches) where four pods' 12 racks hold 144. The dialog
    says so before Insert and the fourth pod brings 36 / 12 = 3 racks more: 6 network
    racks, 3 x 20.4 kW more power (1,117.2 + 61.2 = 1,178.4 kW, x 1.3 = 1,531.9 kW), its
    network row 3 columns wider and 9 m of floor; the design is then clean."""
    from designer.core.findings import Severity
    from designer.gui.dialogs.insert_pod import PodTarget

    window = three_pods(make_window, prompts)
    doc, hall = window.editor.doc, window.editor.hall_id
    dialog = InsertPodDialog(doc, "", 1.3, chosen="nvl72-su", target=PodTarget(hall))
    qtbot.addWidget(dialog)
    assert dialog.details.text().splitlines()[1:] == [
        "Racks: 8 compute and 6 network racks (NVIDIA Quantum-2 QM9700)",
        "IT power at maximum: 1,178.4 kW (its network racks full); facility at PUE 1.3: 1,531.9 kW",
        "Floor: 9 x 14.4 m",
        "Fabric: the site's 2,304 scale-out ports then need 180 NVIDIA Quantum-2 QM9700 "
        "switches, 36 more than its network racks and the pod's own hold (144): the pod "
        "brings 3 network racks more for them.",
    ]
    drawn = 3 * 1_117.2 + 1_178.4  # 4,530 kW of the hall's 6,000
    assert dialog.fit.text() == (
        f"It fits, from x 24 m, y 0 m. Hall 1 then draws up to {drawn:,.0f} kW of its "
        f"6,000 kW ({drawn / 6_000:.0%})."
    )
    window.actions_by_name["insert_pod"].trigger()
    assert window.status.currentMessage().startswith(
        "Inserted the GB200 NVL72 SuperPOD scalable unit (14 racks) from x 24 m, y 0 m;"
    )
    wait_checked(qtbot, window)
    serious = [f.message for f in window.editor.findings if f.severity != Severity.INFO]
    assert serious == []  # every port connected: no shortage, no warning


def three_pods(make_window, prompts):  # type: ignore[no-untyped-def]
    """A window with a new 40 x 18 m hall of 6 MW holding three GB200 SUs inserted on
    InfiniBand, whose QM9700 racks they fill."""
    window = make_window()
    prompts.new_answer = replace(
        AMPLE, width_m=40, depth_m=18, power_capacity_kw=6_000, cooling_capacity_kw=6_000
    )
    window.actions_by_name["new"].trigger()
    prompts.pod_answer = "nvl72-su"
    for _ in range(3):
        window.actions_by_name["insert_pod"].trigger()
    return window
