"""The project's description, which the drawing set's cover prints under its name, is
edited in the properties panel with the title block's fields: a trial's generated campus
kept figures in it that went stale after edits, with no field to correct them."""

import subprocess

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from designer.core.catalog import default_catalog
from designer.report.export import export


def type_lines(qtbot, box, *lines):  # type: ignore[no-untyped-def]
    """Replace the box's text as a user does: select it all and type over it, Enter
    between the lines."""
    box.setFocus()
    qtbot.waitUntil(box.hasFocus, timeout=2_000)
    QTest.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    for number, line in enumerate(lines):
        if number:
            QTest.keyClick(box, Qt.Key.Key_Return)
        QTest.keyClicks(box, line)


def test_the_description_is_typed_over_lines_and_printed_on_the_cover(
    qtbot, make_window, example, tmp_path
):
    window = make_window(example("gb200-nvl72-su"))
    doc, panel = window.editor.doc, window.properties
    before = doc.project.meta
    box = panel.fields["description"]
    assert box.text() == before.description
    # deep enough to read a few lines at 1600 x 1000, and as wide as the form (laid out)
    qtbot.waitUntil(lambda: box.isVisible() and box.geometry().left() < 20, timeout=2_000)
    assert box.height() >= 4 * box.fontMetrics().lineSpacing()
    assert box.width() > panel.fields["revision"].width()

    # Enter starts a new line; leaving the field (Tab) keeps the text, as one undo step
    type_lines(qtbot, box, "Pod A of the north campus", "Revised after the busway change")
    assert doc.project.meta == before  # nothing kept while it is being typed
    QTest.keyClick(box, Qt.Key.Key_Tab)
    described = "Pod A of the north campus\nRevised after the busway change"
    assert doc.project.meta.description == described
    assert doc.history.undo_label == "Edit project details"
    assert (doc.project.meta.name, doc.project.meta.revision) == (before.name, before.revision)

    target = tmp_path / "set.pdf"
    export(doc.project, default_catalog(), target)
    cover = subprocess.run(
        ["pdftotext", "-l", "1", str(target), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Pod A of the north campus" in cover and "Revised after the busway change" in cover
    assert "One scalable unit of 8 GB200 NVL72 racks" not in cover

    # Esc puts back what the field showed; Ctrl+Enter keeps the text without leaving it
    box = panel.fields["description"]
    type_lines(qtbot, box, "a slip")
    QTest.keyClick(box, Qt.Key.Key_Escape)
    assert box.text() == described
    type_lines(qtbot, box, "Pod A", "")
    QTest.keyClick(box, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert doc.project.meta.description == "Pod A"  # the blank last line trimmed
    doc.undo()
    assert doc.project.meta.description == described
    doc.undo()
    assert doc.project.meta == before and not doc.history.can_undo
    assert panel.fields["description"].text() == before.description
