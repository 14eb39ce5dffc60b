"""The background job: its end is told on the GUI thread's event loop, however quick."""

from concurrent.futures import Future

from PySide6.QtWidgets import QWidget

from designer.gui.background import BackgroundJob


def test_a_job_done_before_its_end_is_waited_for_is_told_after_start_returns(qtbot, monkeypatch):
    """A New Cluster build that finished before ``start`` added its callback was told at
    once, inside ``start``: the project was replaced before an edit made while it built
    (a GUI run failed so, twice in twelve, on a loaded machine)."""
    window = QWidget()
    qtbot.addWidget(window)
    job = BackgroundJob(window, "Job", lambda done, total: "", "rackplan-test")

    def done_at_once(fn, *args):  # type: ignore[no-untyped-def]
        future: Future = Future()
        future.set_result(fn(*args))
        return future

    monkeypatch.setattr(job._executor, "submit", done_at_once)
    told: list[object] = []
    job.start(lambda progress: "built", "Building…", lambda future: told.append(future.result()))
    assert told == []  # not yet: the caller's next lines run first
    qtbot.waitUntil(lambda: told == ["built"])
    assert not job.running
    job.shutdown()
