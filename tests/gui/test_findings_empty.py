"""What the Findings panel says when its table is empty: never that a design with nothing in
it "passes every check"."""

from tests.gui.conftest import wait_checked


def test_an_empty_window_has_nothing_to_check_rather_than_a_passing_design(
    qtbot, make_window, tmp_path
):
    window = make_window()
    broken = tmp_path / "broken.rackplan.json"
    broken.write_text("{ not json", encoding="utf-8")
    assert not window.open_path(broken)  # the window opens empty
    wait_checked(qtbot, window)
    panel = window.findings_panel
    assert panel.model.rowCount() == 0
    assert panel.empty.isVisible()
    assert panel.empty.text() == "Nothing to check yet: open a project or add a hall"

    assert window.files.new()  # a hall, but no rack in it
    wait_checked(qtbot, window)
    assert panel.empty.text() == "Nothing to check yet: place racks in a hall"
