"""Work handed to a forked copy of this process, so that a one-shot check uses two cores.

The CLI's ``check`` of the 100k campus spends about as long on the network check (the plan
of 80,000 bundles, routed and given media) as on every other check together, and the two
share nothing they derive. A copy of the process made by ``fork`` after the project is
loaded has the project, the catalog and the imports already: it works out the network
check while this process runs the others, and only its findings come back, pickled (a few
hundred at most). On a 2-core machine the check then takes about as long as its slower
half, not the sum of both.

Only where it pays and is safe: on Linux, where ``fork`` is the usual way to start a
process (macOS's system libraries are not fork-safe, Windows has no fork), with more than
one core, and for a one-shot check of a large project (a fork and its pickles cost tens
of milliseconds, which a small project's whole check does not take). The designer does
not fork: it keeps the network plan for the next edit and its panels, and a process
running Qt's threads is not one to copy. Where the copy cannot run or dies, the work is
done here, as it would have been.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")

#: The work the next forked copy runs: a copy inherits it with the rest of the memory, so
#: neither the work nor the project it reads is pickled on the way out.
_work: Callable[[], Any] | None = None


def forking_pays() -> bool:
    """True where a forked copy can run beside this process: on Linux, with two cores or
    more that this process may run on (a container's share, not the host's count)."""
    return sys.platform.startswith("linux") and len(os.sched_getaffinity(0)) > 1


def _run_inherited() -> Any:
    """Run, in the copy, the work this process named before forking it."""
    if _work is None:
        raise RuntimeError("no work was named before the fork")
    return _work()


class Forked(Generic[T]):
    """``work`` started in a forked copy of this process; ``result`` waits for it.

    ``work``'s result must pickle. An exception it raises in the copy is raised again by
    ``result``, as if it had run here; if the copy cannot start or dies (killed, out of
    memory), ``result`` runs ``work`` here instead.
    """

    def __init__(self, work: Callable[[], T]) -> None:
        # imported here, where a fork is made: 25 ms that every other command would pay
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool
        from multiprocessing import get_context

        global _work
        self._work = work
        self._pool: ProcessPoolExecutor | None = None
        self._future: Future[T] | None = None
        _work = work
        try:
            self._pool = ProcessPoolExecutor(1, mp_context=get_context("fork"))
            self._future = self._pool.submit(_run_inherited)
        except (OSError, RuntimeError, BrokenProcessPool):
            self._close()
        finally:
            _work = None

    def result(self) -> T:
        """The work's result, from the copy or, where it failed to run there, from here."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            if self._future is not None:
                return self._future.result()
        except BrokenProcessPool:
            pass
        finally:
            self._close()
        return self._work()

    def _close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool = self._future = None
