"""After File ▸ New Cluster the status bar says the check has ended, and what it found: a
trial's campus kept "... as a new untitled project; checking it…" long after its check."""

from designer.core.generate import ClusterRequest
from tests.gui.conftest import wait_checked


def test_the_status_bar_says_what_the_check_of_a_built_cluster_found(qtbot, make_window, prompts):
    window = make_window()
    # 16 GB200 NVL72 racks over two sites 40 km apart: the fibre's coherent links end at no
    # DCI router at either site, one note each (as ``check`` of the same build prints)
    prompts.cluster_answer = ClusterRequest("campus-nvl72", systems=16, sites=2)
    with qtbot.waitSignal(window.builder.finished, timeout=60_000):
        window.actions_by_name["new_cluster"].trigger()
    name = "GB200 NVL72 campus, 16 compute racks"
    assert window.editor.doc.project.meta.name == name
    # said while the check runs (the check answers through the event loop, not yet)
    assert window.status.currentMessage() == (
        f"Built ‘{name}’ as a new untitled project; checking it…"
    )
    wait_checked(qtbot, window)
    assert sorted(f.code for f in window.editor.findings) == ["network.dci_unterminated"] * 2
    assert window.status.currentMessage() == f"Checked ‘{name}’: 0 errors, 0 warnings, 2 notes."


def test_a_message_said_during_the_check_is_not_written_over(qtbot, make_window, prompts):
    window = make_window()
    prompts.cluster_answer = ClusterRequest("nvl72-su")
    with qtbot.waitSignal(window.builder.finished, timeout=60_000):
        window.actions_by_name["new_cluster"].trigger()
    window.editor.message.emit("Copied 2 items.")  # the user went on while it was checked
    wait_checked(qtbot, window)
    assert window.status.currentMessage() == "Copied 2 items."
