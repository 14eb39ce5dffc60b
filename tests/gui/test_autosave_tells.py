"""Autosave tells: a snapshot that cannot be written, for any reason, is said in the status
bar and tried again; the interval is a preference; a crash saves the work first and shows
one line naming its log (issue 21, items 4 and 7)."""

import sys

import pytest
from PySide6.QtCore import QSettings, QTimer

from designer.core.document import operations as ops
from designer.core.io import autosave
from designer.gui import autosave as gui_autosave
from designer.gui.autosave import INTERVAL_MS, preferred_interval_ms
from designer.gui.crash import TITLE, install_crash_hook


def edit(window):
    rack = next(iter(window.editor.project.placements))
    ops.move(window.editor.doc, [rack], 600, 0)


def test_a_snapshot_failing_on_anything_is_told_and_tried_again(
    qtbot, make_window, example, monkeypatch
):
    """A lone surrogate made the encoder fail inside the worker: the snapshots stopped and
    nobody was told."""
    real = autosave.write_autosave
    failures = []

    def once_broken(project, path, target):
        if len(failures) < 2:  # beside the file, then in the recovery folder
            failures.append(target)
            raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
        real(project, path, target)

    monkeypatch.setattr(autosave, "write_autosave", once_broken)
    path = example("gb200-nvl72-su")
    window = make_window(path, autosave_ms=20)
    with qtbot.waitSignal(window.autosaver.failed, timeout=5_000) as failed:
        edit(window)
    assert failed.args[0].startswith(f"Could not write the recovery file {failures[0]}")
    assert "UnicodeEncodeError" in failed.args[0] and "trying again" in failed.args[0]
    assert window.status.currentMessage() == failed.args[0]
    qtbot.waitUntil(window.autosaver.target().exists, timeout=5_000)  # the next tick wrote it


def test_pasted_text_no_encoder_writes_is_named_in_the_status_bar(qtbot, make_window, example):
    """A lone surrogate pasted into a label: the snapshot said "UnicodeEncodeError" and
    nothing of where; now it names the field to type again, as Save does."""
    window = make_window(example("gb200-nvl72-su"), autosave_ms=20)
    doc = window.editor.doc
    hall = next(iter(doc.project.halls))
    with qtbot.waitSignal(window.autosaver.failed, timeout=5_000) as failed:
        keepout = ops.add_obstacle(doc, hall, "keepout", [(0, 0), (600, 0), (600, 600)])
        ops.update(doc, keepout, label="pasted \ud800")
    target = window.autosaver.target()
    assert failed.args[0] == (
        f"Cannot write the recovery file {target}: the text of obstacles -> {keepout} -> label "
        "is not valid Unicode (half of a surrogate pair, alone); type it again. Trying again "
        "at the next autosave."
    )
    assert window.status.currentMessage() == failed.args[0]
    ops.update(doc, keepout, label="pasted")  # typed again: the next tick writes it
    qtbot.waitUntil(target.exists, timeout=5_000)


def _store(tmp_path, value=None):
    store = QSettings(str(tmp_path / "prefs.ini"), QSettings.Format.IniFormat)
    if value is not None:
        store.setValue(gui_autosave.PREFERENCE, value)
    return store


@pytest.mark.parametrize(
    ("value", "expected"),
    [(None, 60_000), (90, 90_000), ("12.5", 12_500), (0.001, 5_000), ("soon", 60_000)],
)
def test_the_interval_is_a_preference_of_one_minute_by_default(tmp_path, value, expected):
    assert preferred_interval_ms(_store(tmp_path, value)) == expected
    assert INTERVAL_MS == 60_000


def test_a_window_autosaves_at_the_preferred_interval(make_window, monkeypatch, tmp_path):
    monkeypatch.setattr(gui_autosave, "settings", lambda: _store(tmp_path, 30))
    window = make_window()
    assert window.autosaver.timer.interval() == 30_000


@pytest.fixture
def crash_hook(monkeypatch, tmp_path):
    """Install the window's crash hook for one test; the old hook comes back after."""
    monkeypatch.setenv("RACKPLAN_CRASH_DIR", str(tmp_path / "crashes"))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    return install_crash_hook


def _raised(error):
    try:
        raise error
    except Exception as caught:
        return caught


def test_a_crash_writes_the_autosave_first_then_shows_its_line(
    make_window, example, prompts, crash_hook, tmp_path
):
    path = example("gb200-nvl72-su")
    window = make_window(path)  # the minute's tick is far away
    crash_hook(window)
    edit(window)
    snapshot = window.autosaver.target()
    assert not snapshot.exists()
    error = _raised(RuntimeError("a tool lost its rack"))
    sys.excepthook(type(error), error, error.__traceback__)
    assert snapshot.exists()  # written before the dialog, not at the next tick
    assert autosave.read_snapshot(snapshot) is not None
    [(title, text)] = prompts.errors
    assert title == TITLE
    [log] = (tmp_path / "crashes").iterdir()
    assert "a bug in rackplan" in text and "RuntimeError: a tool lost its rack" in text
    assert str(log) in text and "Traceback" in log.read_text()


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_reaches_the_crash_dialog(qtbot, make_window, prompts, crash_hook):
    window = make_window()
    crash_hook(window)

    def slot():
        raise KeyError("rk-404")

    QTimer.singleShot(0, slot)
    qtbot.waitUntil(lambda: bool(prompts.errors), timeout=5_000)
    assert "KeyError: 'rk-404'" in prompts.errors[0][1]
