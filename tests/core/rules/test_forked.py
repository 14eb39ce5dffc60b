"""Work in a forked copy of the process: its result, its exception, and its death."""

import os

import pytest

from designer.core.rules.forked import Forked, forking_pays

pytestmark = pytest.mark.skipif(not forking_pays(), reason="forks only on Linux, 2+ cores")


def test_the_work_runs_in_another_process_and_its_bytes_come_back():
    here = os.getpid()
    assert Forked(lambda: b"findings").result() == b"findings"
    assert int(Forked(lambda: str(os.getpid()).encode()).result()) != here


def test_an_exception_in_the_copy_is_raised_here():
    def fails() -> bytes:
        raise ValueError("a broken design")

    with pytest.raises(ValueError, match="a broken design"):
        Forked(fails).result()


def test_work_whose_copy_dies_is_done_here():
    here = os.getpid()

    def dies_in_the_copy() -> bytes:
        if os.getpid() != here:
            os._exit(3)  # as a copy killed for its memory would end
        return b"done here"

    assert Forked(dies_in_the_copy).result() == b"done here"


def test_a_parent_stopped_while_waiting_leaves_no_copy_running():
    """A review: a pool's worker outlived a parent stopped by a signal, for good."""
    import signal
    import time

    def stop(*_):
        raise KeyboardInterrupt

    forked = Forked(lambda: time.sleep(30) or b"")
    pid = forked._pid
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            forked.result()
    finally:
        signal.signal(signal.SIGALRM, previous)
    with pytest.raises(ChildProcessError):  # killed and reaped: no such child any more
        os.waitpid(pid, os.WNOHANG)
