"""The cycle collector is paused while any pass over the project runs, on any thread, and
runs again once the last has ended, as it did before."""

import gc
import threading

import pytest

from designer.core.collector import collector_paused, keep_automatic_collection_off


@pytest.fixture(autouse=True)
def collector_on():
    gc.enable()
    yield
    gc.enable()


def test_a_pass_pauses_the_collector_and_resumes_it():
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


@pytest.mark.parametrize("first_to_end", ["first", "second"])
def test_two_passes_on_two_threads_leave_it_running_whichever_ends_first(first_to_end):
    """The live check and an export overlap: the one ending first must not resume the
    collector under the other, and the last to end must resume it (a pass that read "off"
    while the other ran left it off for good)."""
    started = {name: threading.Event() for name in ("first", "second")}
    end = {name: threading.Event() for name in ("first", "second")}
    during: dict[str, bool] = {}

    def run(name: str) -> None:
        with collector_paused():
            started[name].set()
            end[name].wait(5)
            during[name] = gc.isenabled()

    threads = {name: threading.Thread(target=run, args=(name,)) for name in started}
    threads["first"].start()
    started["first"].wait(5)
    threads["second"].start()
    started["second"].wait(5)
    last = "second" if first_to_end == "first" else "first"
    end[first_to_end].set()
    threads[first_to_end].join(5)
    assert not gc.isenabled()  # the other pass still runs
    end[last].set()
    threads[last].join(5)
    assert during == {"first": False, "second": False}
    assert gc.isenabled()


def test_a_collector_paused_before_stays_paused():
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_a_program_that_collects_by_itself_keeps_automatic_collection_off():
    """The designer collects on its GUI thread: a check that was running when it turned
    automatic collection off, or one that runs later, must not turn it back on as it ends."""
    with collector_paused():
        keep_automatic_collection_off()
    assert not gc.isenabled()
    with collector_paused():
        pass
    assert not gc.isenabled()
