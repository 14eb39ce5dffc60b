"""File ▸ New Cluster: the dialog shows what a request builds or why it cannot be built; the
build runs off the GUI thread and opens as a new untitled project, checked as usual."""

from dataclasses import replace

import pytest
from PySide6.QtWidgets import QPushButton

from designer.core.catalog import default_catalog
from designer.core.document import operations as ops
from designer.core.generate import ClusterRequest, GenerateError
from designer.gui.dialogs.new_cluster import NewClusterDialog
from tests.core.generate.test_outline import REFUSED_OVERSUBSCRIPTIONS
from tests.gui.conftest import wait_checked


def dialog_for(qtbot, preset: str) -> NewClusterDialog:  # type: ignore[no-untyped-def]
    dialog = NewClusterDialog(default_catalog())
    qtbot.addWidget(dialog)
    dialog.preset.setCurrentIndex(dialog.preset.findData(preset))
    return dialog


def test_the_dialog_shows_what_a_cloudmatrix384_builds(qtbot):
    dialog = dialog_for(qtbot, "cm384")
    text = dialog.outline_text.text()
    # one supernode: 384 NPUs in 12 compute and 4 unified-bus switch racks, one site, one hall
    # the system by its catalog name, not its id (a trial read "of nvidia-gb200-nvl72")
    assert text.startswith(
        "CloudMatrix384 supernode: 1 system of Huawei CloudMatrix384 supernode\n"
    )
    assert "Accelerators: 384\n" in text and "Racks: 16 of the systems and " in text
    assert "Sites: 1, halls: 1" in text
    assert dialog.ok.isEnabled()
    assert dialog.request() == ClusterRequest("cm384")  # every field blank: the defaults
    assert dialog.systems.placeholderText() == "1" and dialog.systems.text() == ""
    # a pod's site is sized to the design unless a supply is given; a campus's is 110 MW
    assert dialog.site_power.placeholderText() == "sized to the design"
    dialog.preset.setCurrentIndex(dialog.preset.findData("campus-cm384"))
    assert dialog.site_power.placeholderText() == "110"  # the preset's MW per site


def test_the_greyed_systems_and_accelerators_follow_what_the_request_builds(qtbot):
    """24 systems typed left "165,888" (the preset's 432 supernodes) greyed under
    accelerators while the outline said 9,216 (a newcomer's trial)."""
    dialog = dialog_for(qtbot, "campus-cm384")
    assert dialog.accelerators.placeholderText() == f"{432 * 384:,}"
    dialog.systems.setText("24")
    assert dialog.accelerators.placeholderText() == f"{24 * 384:,}"  # 9,216
    dialog.systems.setText("")
    dialog.accelerators.setText("10000")  # rounded up to whole supernodes: 27 of 384
    assert dialog.systems.placeholderText() == "27"


def test_an_impossible_request_names_the_option_and_cannot_be_built(qtbot):
    dialog = dialog_for(qtbot, "campus-cm384")
    assert dialog.ok.isEnabled()
    dialog.sites.setText("2")  # 432 supernodes (326 MW at PUE 1.25) on two 110 MW sites
    text = dialog.outline_text.text()
    assert text.startswith("Power per site, MW: 2 sites of 110 MW cannot supply 432 systems")
    assert not dialog.ok.isEnabled()
    assert "b3261e" in dialog._label("site-power").styleSheet()  # the field's label marked
    dialog.site_power.setText("200")  # each site's 216 supernodes need 163.1 MW
    assert "Sites: 2, halls: 24" in dialog.outline_text.text()
    assert dialog.ok.isEnabled() and dialog._label("site-power").styleSheet() == ""


def test_a_field_that_is_not_a_number_is_named(qtbot):
    dialog = dialog_for(qtbot, "cm384")
    dialog.systems.setText("twelve")
    assert dialog.outline_text.text() == "Systems: 'twelve' is not a whole number"
    assert not dialog.ok.isEnabled()
    dialog.systems.setText("1,000")  # thousands separators are fine
    assert dialog.request().systems == 1_000


def test_building_a_cloudmatrix384_opens_it_as_a_new_checked_project(
    qtbot, make_window, example, prompts
):
    window = make_window(example("gb200-nvl72-su"))
    window.editor.doc.mark_unsaved()  # unsaved work: asked about first, as File ▸ New does
    prompts.cluster_answer = dialog_for(qtbot, "cm384").request()
    with qtbot.waitSignal(window.builder.finished, timeout=60_000) as ended:
        window.actions_by_name["new_cluster"].trigger()
    assert prompts.asked[:2] == ["save gb200-nvl72-su.rackplan.json", "new cluster"]
    doc = window.editor.doc
    assert doc.path is None and not doc.is_dirty and not doc.history.can_undo
    assert window.windowTitle().startswith("Untitled — CloudMatrix384 supernode, 1 system")
    racks = doc.project.placements.values()
    system = [r for r in racks if r.group_id]
    fabric = [doc.rack_types[r.type_id].category for r in racks if not r.group_id]
    # the supernode's 16 racks (12 compute + 4 switch) as one system, and the two racks of
    # its scale-out fabric
    assert len(system) == 16 and len({r.group_id for r in system}) == 1
    assert fabric == ["network", "network"]
    assert ended.args[0].startswith("Built ‘CloudMatrix384 supernode, 1 system’")
    wait_checked(qtbot, window)
    assert [f.message for f in window.editor.findings] == []


def test_a_build_can_be_cancelled_and_leaves_the_project_open(qtbot, make_window, example, prompts):
    window = make_window(example("gb200-nvl72-su"))
    before = window.editor.doc
    prompts.cluster_answer = ClusterRequest("campus-cm384")  # 24 halls: seconds to build
    seen: list[tuple[int, int]] = []
    window.builder.job.progressed.connect(lambda done, total: seen.append((done, total)))
    with qtbot.waitSignal(window.builder.finished, timeout=60_000) as ended:
        window.actions_by_name["new_cluster"].trigger()
        window.builder.job.dialog.findChild(QPushButton, "").click()  # the dialog's Cancel
    # 432 supernodes, 18 to a hall: 24 halls; the build stopped at the first hall laid out
    # after the click (the first, unless the machine held the click up)
    assert seen[0] == (1, 24) and seen[-1][0] < 24
    assert ended.args[0] == "New cluster cancelled; the project open is as it was."
    assert window.editor.doc is before and prompts.errors == []


def test_a_project_changed_during_the_build_is_asked_about_again(
    qtbot, make_window, example, prompts
):
    window = make_window(example("gb200-nvl72-su"))
    doc = window.editor.doc
    prompts.cluster_answer = ClusterRequest("nvl72-su")
    with qtbot.waitSignal(window.builder.finished, timeout=60_000) as ended:
        window.actions_by_name["new_cluster"].trigger()
        assert prompts.asked == ["new cluster"]  # nothing unsaved yet
        revision = doc.revision  # the window stays live: an edit while it builds
        window.editor.run(lambda: ops.update_meta(doc, name="Renamed while it builds"))
        assert doc.revision != revision
        prompts.save_answer = "cancel"
    assert prompts.asked[-1] == "save gb200-nvl72-su.rackplan.json"
    assert ended.args[0] == "New cluster not opened: the project open was kept."
    assert window.editor.doc is doc and doc.is_dirty


def test_a_refused_option_is_named_as_its_field_is(qtbot):
    """A trial read "site-km: must be more than 0 ..." beside "Fibre between sites, km"."""
    dialog = dialog_for(qtbot, "campus-cm384")
    dialog.site_km.setText("-4")
    assert dialog.outline_text.text().startswith("Fibre between sites, km: must be more than 0")
    # marked in red, not bold: bold widened the labels' column and moved the fields
    assert dialog._label("site-km").styleSheet() == "color: #b3261e;"


def test_a_refusal_names_the_dialogs_fields_not_the_command_lines_options(qtbot):
    """An architect read "choose --fabric infiniband" in the dialog, whose Fabric field offers
    InfiniBand: the command line's words in a dialog. Every preset of the bundled catalog
    takes either fabric, so the refusal is met in a catalog without Ethernet network racks."""
    catalog = default_catalog()
    racks = {k: r for k, r in catalog.racks.items() if k != "nvidia-sn5600-rack"}
    dialog = NewClusterDialog(replace(catalog, racks=racks))
    qtbot.addWidget(dialog)
    dialog.preset.setCurrentIndex(dialog.preset.findData("nvl72-su"))
    dialog.fabric.setCurrentIndex(dialog.fabric.findData("ethernet"))
    assert dialog.outline_text.text() == (
        "Fabric: no Ethernet switch in the catalog takes 400G ports on 100G lanes, as the "
        "NVIDIA GB200 NVL72's NICs are; choose Fabric: InfiniBand"
    )
    assert dialog._label("fabric").styleSheet() == "color: #b3261e;"
    assert not dialog.ok.isEnabled()
    dialog.fabric.setCurrentIndex(dialog.fabric.findData("infiniband"))
    assert dialog.ok.isEnabled()


def test_a_size_given_twice_names_both_fields_as_the_dialog_labels_them(qtbot):
    """GB300 racks typed beside accelerators were told to give "the systems", a field the
    dialog does not have (it says Racks)."""
    dialog = dialog_for(qtbot, "gb300-su")
    dialog.systems.setText("2")
    dialog.accelerators.setText("500")
    assert dialog.outline_text.text() == "Racks: give Racks or accelerators, not both"
    assert not dialog.ok.isEnabled()


def test_a_refusal_met_in_the_build_names_the_dialogs_field(
    qtbot, make_window, example, prompts, monkeypatch
):
    """A hall whose rows its CDUs cannot carry is refused only as it is laid out, after the
    dialog's OK: its box said "per-row: ...", the command line's option."""

    def refused(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise GenerateError(
            "per-row", "the hall's CDUs cannot carry 9 kW: build fewer units per row"
        )

    monkeypatch.setattr("designer.gui.generating.generate", refused)
    window = make_window(example("gb200-nvl72-su"))
    prompts.cluster_answer = ClusterRequest("gb300-su", per_row=64)
    with qtbot.waitSignal(window.builder.finished, timeout=60_000):
        window.actions_by_name["new_cluster"].trigger()
    assert prompts.errors == [
        (
            "Cannot build the cluster",
            "Racks per row pair: the hall's CDUs cannot carry 9 kW: build fewer units per row",
        )
    ]


def test_the_greyed_row_pair_is_what_the_size_typed_takes(qtbot):
    """9,000 GPUs of GB300 scale the scalable unit to a cluster of 32 racks to a row pair (its
    plans show rows of 16 a line), but the field stayed greyed at the unit's 8."""
    dialog = dialog_for(qtbot, "gb300-su")
    assert dialog.per_row.placeholderText() == "8"
    dialog.accelerators.setText("9000")
    assert dialog.per_row.placeholderText() == "32"
    assert dialog.outline().per_row == 32  # what the build takes with the field blank
    dialog.site_km.setText("-4")  # another field refused: still what the size takes
    assert dialog.per_row.placeholderText() == "32"
    dialog.site_km.setText("")
    dialog.accelerators.setText("")
    dialog.systems.setText("8")  # the unit's own size: its own row pair
    assert dialog.per_row.placeholderText() == "8"


def test_oversubscription_is_typed_as_the_tool_prints_it(qtbot):
    """The tool prints 2:1; the field refused "2:1" as not a number."""
    dialog = dialog_for(qtbot, "gb300-su")
    for typed, taken in [("2:1", 2.0), ("1.5:1", 1.5), ("2", 2.0), ("1.5", 1.5), ("", 1.0)]:
        dialog.oversubscription.setText(typed)
        assert dialog.ok.isEnabled(), typed
        assert dialog.request().oversubscription == taken
    # a request shown again reads as the tool prints it
    shown = NewClusterDialog(
        default_catalog(), start=ClusterRequest("gb300-su", oversubscription=2)
    )
    qtbot.addWidget(shown)
    assert shown.oversubscription.text() == "2:1"
    assert shown.request().oversubscription == 2.0


@pytest.mark.parametrize(
    ("typed", "said"),
    REFUSED_OVERSUBSCRIPTIONS,
)
def test_an_oversubscription_that_is_no_ratio_is_refused(qtbot, typed, said):
    dialog = dialog_for(qtbot, "gb300-su")
    dialog.oversubscription.setText(typed)
    assert dialog.outline_text.text() == f"Oversubscription: {said}"
    assert dialog._label("oversubscription").styleSheet() == "color: #b3261e;"
    assert not dialog.ok.isEnabled()
