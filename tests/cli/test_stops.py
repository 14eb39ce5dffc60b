"""Ctrl+C, kills and hang-ups while a command runs: at once, or at the end of a block."""

import os
import signal

import pytest

from designer.commands._common import Stops


def _deferred_block(stops: Stops, finished: list[str]) -> None:
    with stops.deferred():
        os.kill(os.getpid(), signal.SIGTERM)  # as Qt's import runs, or a sheet is drawn
        assert not stops.keep_going(1, 2)
        finished.append("the block")


def test_a_stop_inside_a_deferred_block_waits_for_its_end():
    stops = Stops()
    finished: list[str] = []
    with stops.handled(), pytest.raises(KeyboardInterrupt):
        _deferred_block(stops, finished)
    assert finished == ["the block"]


def _killed(finished: list[str]) -> None:
    os.kill(os.getpid(), signal.SIGTERM)
    finished.append("went on")


def test_a_stop_outside_a_deferred_block_stops_at_once():
    stops = Stops()
    finished: list[str] = []
    with stops.handled(), pytest.raises(KeyboardInterrupt):
        _killed(finished)
    assert finished == []


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no hang-up signal on this system")
def test_a_hang_up_ignored_by_nohup_stays_ignored():
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        stops = Stops()
        with stops.handled():
            os.kill(os.getpid(), signal.SIGHUP)
        assert not stops.asked
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, previous)
