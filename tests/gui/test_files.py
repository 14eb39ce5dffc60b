"""Files: the title follows unsaved changes, nothing is lost without asking, bad files and
unwritable folders get the loader's and the writer's messages, autosave recovers a crash."""

import json
import os
from pathlib import Path

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication

from designer.core.catalog import projects_dir
from designer.core.document import operations as ops
from designer.core.io import autosave
from designer.core.io.project_file import load


def edit(window):
    rack = next(iter(window.editor.project.placements))
    ops.move(window.editor.doc, [rack], 600, 0)


def test_the_title_shows_the_file_name_and_an_asterisk_while_unsaved(make_window, example):
    path = example("gb200-nvl72-su")
    window = make_window(path)
    assert window.windowTitle().startswith("gb200-nvl72-su.rackplan.json —")
    edit(window)
    assert window.windowTitle().startswith("gb200-nvl72-su.rackplan.json* —")
    assert window.actions_by_name["undo"].text() == "&Undo Move NVL72-01"
    assert window.files.save()
    assert window.windowTitle().startswith("gb200-nvl72-su.rackplan.json —")
    assert load(path, window.editor.doc.catalog.racks).project == window.editor.project


def test_new_and_open_ask_before_losing_changes_and_cancel_keeps_them(
    make_window, example, prompts
):
    window = make_window(example("gb200-nvl72-su"))
    edit(window)
    changed = window.editor.project
    prompts.save_answer = "cancel"
    assert not window.files.new()
    assert not window.files.open(example("mistakes"))
    assert window.editor.project is changed
    assert prompts.asked == ["save gb200-nvl72-su.rackplan.json"] * 2
    prompts.save_answer = "discard"
    assert window.files.new()
    assert window.windowTitle().startswith("Untitled —")
    assert [h.name for h in window.editor.project.halls.values()] == ["Hall 1"]
    assert not window.editor.doc.history.can_undo


def test_a_new_project_or_one_opened_replaces_a_selection_in_a_hall_it_has_not(
    make_window, example, tmp_path
):
    """The properties of the rack selected in the old project's hall were refreshed for a
    hall the new project lacks: an internal error (a newcomer's trial)."""
    window = make_window(example("gb200-nvl72-su"))
    editor = window.editor
    editor.selection.set([next(iter(editor.project.placements))])
    assert window.files.new()  # its hall has an id of its own
    assert editor.hall_id in editor.project.halls and not editor.selection.ids
    renamed = tmp_path / "other.rackplan.json"
    renamed.write_text(example("two-sites").read_text().replace("hall-001", "hall-101"))
    assert window.files.open(example("gb200-nvl72-su"))
    editor.selection.set([next(iter(editor.project.placements))])
    assert window.files.open(renamed)
    assert editor.hall_id in editor.project.halls and not editor.selection.ids


def test_closing_with_changes_asks_and_cancel_keeps_the_window(make_window, example, prompts):
    window = make_window(example("gb200-nvl72-su"))
    edit(window)
    prompts.save_answer = "cancel"
    assert not window.close()
    assert window.isVisible()


def test_a_file_that_cannot_be_opened_shows_the_loaders_message(
    make_window, example, prompts, tmp_path
):
    window = make_window(example("gb200-nvl72-su"))
    before = window.editor.doc
    broken = tmp_path / "broken.rackplan.json"
    broken.write_text(
        '{"schema_version": 2, "format": "rackplan-project", "meta": {"name": "x"},',
        encoding="utf-8",
    )
    assert not window.files.open(broken)
    ((title, text),) = prompts.errors
    assert title == "Cannot open project"
    # it stops before its end: said so, not "look for a missing comma"
    assert text.startswith(f"{broken} is cut short: its JSON stops at line 1")
    assert "Traceback" not in text
    assert window.editor.doc is before
    # the status bar no longer says "Opened" of the example as if it were the file asked
    assert window.status.currentMessage() == (
        "Did not open broken.rackplan.json; the open project is unchanged."
    )


def test_a_save_to_an_unwritable_place_keeps_the_work_and_says_why(
    make_window, example, prompts, tmp_path
):
    window = make_window(example("gb200-nvl72-su"))
    edit(window)
    prompts.save_as_answer = tmp_path / "no-such-folder" / "plan.rackplan.json"
    assert not window.files.save_as()
    ((title, text),) = prompts.errors
    assert title == "Cannot save project"
    assert "does not exist" in text
    assert window.editor.doc.is_dirty
    assert window.windowTitle().split(" —")[0].endswith("*")
    # the status bar no longer says "Opened ..." as if nothing had been tried
    assert window.status.currentMessage().startswith("Not saved to ")


def test_a_failed_save_of_an_unchanged_project_speaks_of_no_changes(
    make_window, example, prompts, tmp_path
):
    """A trial's Save As of a project just opened, to /proc, said "Your changes are still
    open", though it had none."""
    window = make_window(example("gb200-nvl72-su"))
    prompts.save_as_answer = tmp_path / "no-such-folder" / "plan.rackplan.json"
    assert not window.files.save_as()
    ((_, text),) = prompts.errors
    assert text.endswith("The project is still open; save it somewhere else.")
    assert "changes" not in text
    assert window.status.currentMessage().endswith(": the project is still open.")


def test_a_save_of_pasted_text_no_encoder_writes_names_the_field_and_keeps_the_file(
    make_window, example, prompts
):
    """A lone surrogate pasted into a label: Save crashed in the encoder; now it names the
    field to type again (saving elsewhere would fail alike) and the file is unchanged."""
    path = example("gb200-nvl72-su")
    before = path.read_bytes()
    window = make_window(path)
    doc = window.editor.doc
    keepout = ops.add_obstacle(
        doc, window.editor.hall_id, "keepout", [(0, 0), (600, 0), (600, 600)]
    )
    ops.update(doc, keepout, label="pasted \ud800")
    assert not window.files.save()
    ((title, text),) = prompts.errors
    assert title == "Cannot save project"
    assert text == (
        f"Cannot save to {path}: the text of obstacles -> {keepout} -> label is not valid "
        "Unicode (half of a surrogate pair, alone); type it again. The file is unchanged.\n\n"
        "Your changes are still open; type that text again, then save."
    )
    assert path.read_bytes() == before and window.editor.doc.is_dirty
    ops.update(doc, keepout, label="pasted")
    assert window.files.save()


def test_save_as_adds_the_suffix_and_remembers_the_file(make_window, example, prompts, tmp_path):
    window = make_window(example("gb200-nvl72-su"))
    prompts.save_as_answer = tmp_path / "copy"
    assert window.files.save_as()
    saved = tmp_path / "copy.rackplan.json"
    assert saved.exists()
    assert window.files.recent.paths()[0] == saved.resolve()
    assert window.recent_menu.actions()[0].text() == "copy.rackplan.json"
    # a second file of that name in another folder: both entries say their folders
    (tmp_path / "other").mkdir()
    prompts.save_as_answer = tmp_path / "other" / "copy"
    assert window.files.save_as()
    texts = [a.text() for a in window.recent_menu.actions()[:2]]
    assert texts == [
        f"copy.rackplan.json — {(tmp_path / 'other').resolve()}",
        f"copy.rackplan.json — {tmp_path.resolve()}",
    ]


def test_save_as_of_a_new_project_starts_in_the_folder_of_the_last_file(
    make_window, example, prompts, tmp_path
):
    """A trial's untitled project's Save As opened in the home folder."""
    window = make_window(example("gb200-nvl72-su"))
    prompts.save_as_answer = tmp_path / "copy"
    assert window.files.save_as()
    assert window.files.new()
    prompts.save_as_answer = None  # cancelled: only where the dialog opened matters
    assert not window.files.save_as()
    assert prompts.asked[-1].startswith(f"save as {tmp_path.resolve()}/")


def test_save_as_never_starts_among_the_bundled_examples(make_window, prompts, monkeypatch):
    """The designer opens on a bundled example; a newcomer's first pod, saved after it, went
    in among the examples of the installation. Opening still starts there."""
    home = projects_dir().parent / "tests"  # any folder but the examples' own
    monkeypatch.setattr(Path, "home", lambda: home)
    window = make_window(projects_dir() / "gb200-nvl72-su.rackplan.json")
    prompts.save_as_answer = None
    assert not window.files.save_as()  # Save As of the example itself
    assert prompts.asked[-1].startswith(f"save as {home}/")
    assert window.files.new()
    assert not window.files.save_as()  # and of a new project after it
    assert prompts.asked[-1].startswith(f"save as {home}/")


def test_ctrl_s_on_a_bundled_example_asks_where_and_leaves_the_example(
    make_window, prompts, monkeypatch, tmp_path
):
    """A trial's Ctrl+S on the example the designer opens on wrote over the installation's
    own file, with no dialog. Save asks where, as Save As does; cancelled, nothing moves."""
    example = projects_dir() / "gb200-nvl72-su.rackplan.json"
    before = example.read_bytes()
    monkeypatch.setattr(Path, "home", lambda: tmp_path)
    window = make_window(example)
    edit(window)
    prompts.save_as_answer = None
    assert not window.files.save()
    assert prompts.asked[-1].startswith(f"save as {tmp_path}/")
    prompts.save_as_answer = tmp_path / "my pod"
    assert window.files.save()
    assert example.read_bytes() == before
    assert window.editor.doc.path == tmp_path / "my pod.rackplan.json"
    assert window.files.save()  # its own file now: saved without asking
    assert len([a for a in prompts.asked if a.startswith("save as")]) == 2


def test_a_first_save_names_a_project_that_still_has_the_name_new_gave_it(
    make_window, prompts, tmp_path
):
    """A trial saved a new project as my-first-pod and its drawing set was titled "New
    project". A project named already keeps its name."""
    from designer.core.document.new_project import NewProjectSpec

    window = make_window()
    prompts.new_answer = NewProjectSpec()
    assert window.files.new()
    prompts.save_as_answer = tmp_path / "my-first-pod"
    assert window.files.save()
    assert window.editor.project.meta.name == "my-first-pod"
    saved = load(tmp_path / "my-first-pod.rackplan.json", window.editor.doc.catalog.racks)
    assert saved.project.meta.name == "my-first-pod"
    prompts.save_as_answer = tmp_path / "second"
    assert window.files.save_as()
    assert window.editor.project.meta.name == "my-first-pod"
    # a first save that fails leaves the name as it was, and no step to undo
    assert window.files.new()
    prompts.save_as_answer = tmp_path / "no-such-folder" / "third"
    assert not window.files.save()
    assert window.editor.project.meta.name == NewProjectSpec.name
    assert not window.editor.doc.history.can_undo
    assert window.status.currentMessage().startswith("Not saved to ")


def test_the_autosave_appears_after_an_edit_and_restores_after_a_crash(
    qtbot, make_window, example, prompts
):
    path = example("gb200-nvl72-su")
    crashed = make_window(path, autosave_ms=20)
    snapshot = crashed.autosaver.target()
    assert snapshot == path.parent / f".~{path.name}.{crashed.autosaver.session}.autosave"
    assert not snapshot.exists()
    edit(crashed)
    edited = crashed.editor.project
    qtbot.waitUntil(snapshot.exists, timeout=5_000)
    assert path.read_bytes() != snapshot.read_bytes()  # the user's file is untouched
    crashed.autosaver.timer.stop()  # the process dies: nothing is saved or cleaned up

    restarted = make_window()
    prompts.restore_answer = True
    assert restarted.open_path(path)
    assert "restore gb200-nvl72-su.rackplan.json" in prompts.asked
    assert restarted.editor.project == edited
    assert restarted.windowTitle().startswith("gb200-nvl72-su.rackplan.json*")
    # the recovered snapshot goes only once the window has written its own, at once
    own = restarted.autosaver.target()
    qtbot.waitUntil(lambda: own.exists() and not snapshot.exists(), timeout=5_000)
    restarted.autosaver.timer.stop()  # a second crash, right after the recovery

    again = make_window()
    assert again.open_path(path)
    assert again.editor.project == edited  # nothing lost
    again.bridge.undo()  # back to the version on disk
    assert again.editor.project == load(path, again.editor.doc.catalog.racks).project


def test_an_untitled_project_is_recovered_at_start_up(qtbot, make_window, prompts):
    first = make_window(autosave_ms=20)
    assert first.files.new()
    ops.place_rack(
        first.editor.doc, next(iter(first.editor.project.halls)), "nvidia-gb200-nvl72", 1_200, 1_200
    )
    edited = first.editor.project
    qtbot.waitUntil(lambda: bool(autosave.untitled_snapshots()), timeout=5_000)
    first.autosaver.timer.stop()

    [left] = autosave.untitled_snapshots()
    second = make_window()
    assert second.files.recover_untitled()
    assert second.editor.project == edited
    assert second.editor.doc.path is None and second.editor.doc.is_dirty
    # no saved version to go back to: nothing to undo into an empty project
    assert not second.editor.doc.history.can_undo
    own = second.autosaver.target()
    qtbot.waitUntil(lambda: own.exists() and not left.path.exists(), timeout=5_000)
    assert [s.path for s in autosave.untitled_snapshots()] == [own]


def test_saving_cleanly_deletes_the_recovery_file(qtbot, make_window, example):
    path = example("gb200-nvl72-su")
    window = make_window(path, autosave_ms=20)
    edit(window)
    snapshot = window.autosaver.target()
    qtbot.waitUntil(snapshot.exists, timeout=5_000)
    assert window.files.save()
    assert not snapshot.exists()


def test_a_recovery_file_that_cannot_be_written_is_reported_and_editing_goes_on(
    qtbot, make_window, monkeypatch, tmp_path
):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the recovery folder should be")
    monkeypatch.setenv("RACKPLAN_RECOVERY_DIR", str(blocked))
    window = make_window(autosave_ms=20)
    assert window.files.new()
    with qtbot.waitSignal(window.autosaver.failed, timeout=5_000) as failed:
        ops.place_rack(window.editor.doc, window.editor.hall_id, "nvidia-gb200-nvl72", 1_200, 1_200)
    assert failed.args[0].startswith(f"Could not write the recovery file {blocked}/untitled-")
    assert window.status.currentMessage() == failed.args[0]
    ops.place_rack(window.editor.doc, window.editor.hall_id, "nvidia-gb200-nvl72", 3_000, 1_200)
    assert len(window.editor.project.placements) == 2


def test_an_untitled_window_names_itself_once(make_window):
    window = make_window()
    assert window.windowTitle() == "Untitled — rackplan"


def test_the_hall_chooser_is_as_wide_as_its_longest_hall_name(qtbot, make_window, example):
    window = make_window(example("two-sites"))  # shown empty first, then the file opened
    chooser = window.hall_chooser
    longest = max(chooser.itemText(i) for i in range(chooser.count()))
    needed = chooser.fontMetrics().horizontalAdvance(longest)
    qtbot.waitUntil(lambda: chooser.width() >= needed, timeout=2_000)


def test_a_second_close_event_finds_the_window_closed_not_an_error(make_window, example):
    # closing during an export waits for its worker; a close that arrives meanwhile must not
    # ask the stopped recovery writer for work
    window = make_window(example("gb200-nvl72-su"))
    window.bridge.document.mark_saved(window.bridge.document.path)
    first, second = QCloseEvent(), QCloseEvent()
    QApplication.sendEvent(window, first)
    QApplication.sendEvent(window, second)
    assert first.isAccepted() and second.isAccepted()


def test_a_file_asked_for_is_opened_whatever_untitled_work_waits(
    qtbot, make_window, example, prompts
):
    from designer.gui.app import open_first

    first = make_window(autosave_ms=20)
    assert first.files.new()
    ops.place_rack(first.editor.doc, first.editor.hall_id, "nvidia-gb200-nvl72", 1_200, 1_200)
    qtbot.waitUntil(lambda: bool(autosave.untitled_snapshots()), timeout=5_000)
    first.autosaver.timer.stop()

    path = example("gb200-nvl72-su")
    window = make_window()
    open_first(window, str(path))
    assert window.editor.doc.path == path
    assert not any(q.startswith("restore an untitled") for q in prompts.asked)
    assert autosave.untitled_snapshots()  # kept for a start without a file


def test_work_left_of_a_file_that_cannot_be_read_is_offered(qtbot, make_window, example, prompts):
    path = example("gb200-nvl72-su")
    crashed = make_window(path, autosave_ms=20)
    edit(crashed)
    edited = crashed.editor.project
    qtbot.waitUntil(crashed.autosaver.target().exists, timeout=5_000)
    crashed.autosaver.timer.stop()
    path.write_bytes(path.read_bytes()[:200])  # the file is damaged after the crash

    window = make_window()
    assert window.open_path(path)
    assert prompts.errors[-1][0] == "Cannot open project"
    assert any("(the file itself cannot be read)" in q for q in prompts.asked)
    assert window.editor.project == edited and window.editor.doc.path == path
    # the trial's loss: Undo emptied the project and marked it saved, and Quit asked nothing
    assert not window.editor.doc.history.can_undo and window.editor.doc.is_dirty
    assert window.files.save()  # writes the file afresh
    assert load(path, window.editor.doc.catalog.racks).project == edited


def test_saving_over_a_change_made_elsewhere_asks_first(make_window, example, prompts):
    path = example("gb200-nvl72-su")
    window = make_window(path)
    edit(window)
    elsewhere = path.read_bytes() + b"\n"
    path.write_bytes(elsewhere)  # another window saved in between
    prompts.confirm_answer = False
    assert not window.files.save()
    assert any(q.startswith("Save over it?") for q in prompts.asked)
    assert path.read_bytes() == elsewhere and window.editor.doc.is_dirty
    prompts.confirm_answer = True
    assert window.files.save()
    assert path.read_bytes() != elsewhere
    prompts.asked.clear()
    edit(window)
    assert window.files.save()  # its own save is no change made elsewhere
    assert not prompts.asked


def test_a_full_disk_beside_the_file_puts_the_recovery_file_in_the_recovery_folder(
    qtbot, make_window, example, monkeypatch
):
    path = example("gb200-nvl72-su")
    write = autosave.write_autosave

    def full_beside(project, original, target):
        if target.parent == path.parent:
            raise OSError(28, "No space left on device")
        write(project, original, target)

    monkeypatch.setattr(autosave, "write_autosave", full_beside)
    window = make_window(path, autosave_ms=20)
    edit(window)
    edited = window.editor.project
    qtbot.waitUntil(lambda: bool(autosave.left_behind(path)), timeout=5_000)
    window.autosaver.timer.stop()
    [left] = autosave.left_behind(path)
    assert left.path.parent == autosave.recovery_dir()
    assert autosave.restore(left, window.editor.doc.catalog.racks).project == edited


def test_another_open_windows_work_is_not_offered_or_deleted(make_window, example, prompts):
    import json
    import subprocess
    import sys

    path = example("gb200-nvl72-su")
    theirs = autosave.autosave_path(path, "theirs")
    other = make_window(path)
    edit(other)
    autosave.write_autosave(other.editor.project, path, theirs)
    window = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        envelope = json.loads(theirs.read_text())
        envelope["owner"].update(pid=window.pid, start=autosave._process_start(window.pid))
        theirs.write_text(json.dumps(envelope))  # as that running process wrote it
        prompts.asked.clear()
        second = make_window(path)
        assert not any(q.startswith("restore") for q in prompts.asked)
        assert "info Open in another window" in prompts.asked
        assert second.files.settle()
        assert theirs.exists()
    finally:
        window.kill()
        window.wait()


def test_every_crashed_windows_work_on_a_file_is_offered_in_turn(make_window, example, prompts):
    from designer.core.catalog import default_catalog
    from designer.core.document.document import Document

    RACKS = default_catalog().racks
    path = example("gb200-nvl72-su")
    works = []

    def crash_twice():
        """Two windows on the file crashed, each leaving its own edit, the second later."""
        works.clear()
        base = path.stat().st_mtime - 100  # the file as saved before either crash
        os.utime(path, (base, base))
        for when, dx in enumerate((600, 1_200), start=1):
            doc = Document(load(path, RACKS).project)
            ops.move(doc, [next(iter(doc.project.placements))], dx, 0)
            works.append(doc.project)
            snapshot = autosave.autosave_path(path, f"crashed{when}")
            autosave.write_autosave(doc.project, path, snapshot)
            os.utime(snapshot, (base + when, base + when))

    crash_twice()
    prompts.restore_answer = False  # the newest declined: the other is offered next
    prompts.asked.clear()
    declined = make_window(path)
    assert [q for q in prompts.asked if q.startswith("restore")] == [
        "restore gb200-nvl72-su.rackplan.json"
    ] * 2
    assert autosave.left_behind(path) == []
    assert declined.files.settle()

    crash_twice()
    prompts.restore_answer = True
    taker = make_window(path)
    assert taker.editor.project == works[1]  # the newest first
    assert taker.files.save()  # and saved: the other is older than the file now
    prompts.asked.clear()
    later = make_window(path)
    assert prompts.asked == [
        "restore gb200-nvl72-su.rackplan.json (older than the file, which was saved since)"
    ]
    assert later.editor.project == works[0]


def test_changes_the_user_chose_not_to_keep_do_not_come_back_as_recovered(
    make_window, example, prompts
):
    # the review's case: the autosave timer fires while the Open dialog is up, after
    # "Don't save"; that snapshot of the discarded changes was offered back later
    a, b = example("gb200-nvl72-su"), example("mistakes")
    window = make_window(a)
    ops.move(window.editor.doc, [next(iter(window.editor.project.placements))], 600, 0)
    prompts.save_answer = "discard"

    def browsing(folder):
        window.files.autosaver.write()  # the minute's tick, meanwhile
        return b

    prompts.open_path = browsing
    assert window.files.open()
    window.files.autosaver.discard([])  # waits for anything queued
    assert autosave.left_behind(a) == []
    prompts.asked.clear()
    assert window.files.open(a)
    assert not any(q.startswith("restore") for q in prompts.asked)


def test_a_recovery_file_that_cannot_be_read_is_reported_once_and_set_aside(
    make_window, example, prompts
):
    path = example("gb200-nvl72-su")
    # one cut short, one written by a newer rackplan (a schema this one does not read)
    cut = autosave.autosave_path(path, "0123abcd")
    cut.write_text('{"rackplan_autosave": 1, "project": {"format": "rackpl')
    newer = autosave.autosave_path(path, "4567cdef")
    from designer.core.catalog import default_catalog

    autosave.write_autosave(load(path, default_catalog().racks).project, path, newer)
    envelope = json.loads(newer.read_text())
    envelope["project"]["schema_version"] = 99
    newer.write_text(json.dumps(envelope))
    held = {cut: cut.read_bytes(), newer: newer.read_bytes()}
    prompts.errors.clear()

    make_window(path)
    said = [text for title, text in prompts.errors if title == "Cannot recover"]
    assert len(said) == 2 and not any(q.startswith("restore") for q in prompts.asked)
    for snapshot, data in held.items():
        kept = snapshot.with_name(snapshot.name + ".unreadable")
        [text] = [t for t in said if str(snapshot) in t]
        assert text.endswith(f"It is kept as {kept.name} beside it, and will not be offered again.")
        assert kept.read_bytes() == data and not snapshot.exists()
    assert "newer rackplan (schema version 99)" in " ".join(said)

    prompts.errors.clear()
    make_window(path)  # the next start: nothing more to say
    assert prompts.errors == []


def test_untitled_work_that_cannot_be_read_is_reported_once_at_start_up(make_window, prompts):
    damaged = autosave.recovery_dir() / "untitled-0123abcd.autosave"
    damaged.parent.mkdir(parents=True, exist_ok=True)
    damaged.write_text("not a snapshot")
    window = make_window()
    assert not window.files.recover_untitled()
    assert [title for title, _ in prompts.errors] == ["Cannot recover"]
    assert (damaged.parent / "untitled-0123abcd.autosave.unreadable").exists()
    assert not window.files.recover_untitled()
    assert len(prompts.errors) == 1


def test_untitled_work_declined_at_start_up_is_removed(qtbot, make_window, prompts):
    first = make_window(autosave_ms=20)
    assert first.files.new()
    hall = next(iter(first.editor.project.halls))
    ops.place_rack(first.editor.doc, hall, "nvidia-gb200-nvl72", 1_200, 1_200)
    qtbot.waitUntil(lambda: bool(autosave.untitled_snapshots()), timeout=5_000)
    first.autosaver.timer.stop()  # the process dies
    [left] = autosave.untitled_snapshots()

    prompts.restore_answer = False
    second = make_window()
    assert not second.files.recover_untitled()
    assert "restore an untitled project" in prompts.asked
    assert not left.path.exists() and autosave.untitled_snapshots() == []
    prompts.asked.clear()
    assert not make_window().files.recover_untitled()  # not offered again
    assert not any(q.startswith("restore") for q in prompts.asked)
