"""Once the window is up, cycles are collected on the GUI thread, between events, and never
by a worker: a collection on the check's thread crashed the designer (two of twenty runs of
the GUI tests)."""

import gc
import threading
import weakref

from designer.gui import collection
from tests.gui.conftest import wait_checked


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_cycles_are_collected_on_the_gui_thread_after_a_check(make_window, example, qtbot):
    window = make_window(example("gb200-nvl72-su"))
    qtbot.waitUntil(lambda: collection._timer is not None, timeout=10_000)
    wait_checked(qtbot, window)
    assert not gc.isenabled()  # the check ending left automatic collection off

    collected_on: list[str] = []
    cycles = [_Cycle() for _ in range(2_000)]  # past the youngest generation's threshold
    weakref.finalize(cycles[0], lambda: collected_on.append(threading.current_thread().name))
    del cycles
    qtbot.waitUntil(lambda: bool(collected_on), timeout=10 * collection.INTERVAL_MS)
    assert collected_on == [threading.main_thread().name]
