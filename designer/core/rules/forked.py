"""Work handed to a forked copy of this process, so that a one-shot check uses two cores.

The CLI's ``check`` of the 100k campus spends about as long on the network check (the plan
of 80,000 bundles, routed and given media) as on every other check together, and the two
share nothing they derive. A copy of the process made by ``fork`` after the project is
loaded has the project, the catalog and the imports already: it works out the network
check while this process runs the others, and only its findings come back through a pipe,
as the bytes the work makes of them (JSON: project data never goes through pickle). On a
2-core machine the check then takes about as long as its slower half, not the sum of both.

Only where it pays and is safe: on Linux, where ``fork`` is the usual way to start a
process (macOS's system libraries are not fork-safe, Windows has no fork), with more than
one core, and for a one-shot check of a large project (a fork and its findings' JSON cost
tens of milliseconds, which a small project's whole check does not take). The designer does
not fork: it keeps the network plan for the next edit and its panels, and a process
running Qt's threads is not one to copy.

The copy does its one piece of work, writes the result and ends: nothing waits in it for
more (a pool's worker outlived a parent stopped by a signal, a review found, blocked for
good on a queue). A parent that stops waiting (an exception, Ctrl+C) kills the copy and
reaps it; a copy whose parent died ends when its result finds no reader. Where the copy
fails in any way (an exception, killed for its memory), the parent does the work itself,
so that an error is raised here with its own traceback.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable


def forking_pays() -> bool:
    """True where a forked copy can run beside this process: on Linux, with two cores or
    more that this process may run on (a container's share, not the host's count)."""
    return sys.platform.startswith("linux") and len(os.sched_getaffinity(0)) > 1


class Forked:
    """``work`` started in a forked copy of this process; ``result`` waits for the bytes it
    makes. Where the copy fails, ``result`` runs ``work`` here.
    """

    def __init__(self, work: Callable[[], bytes]) -> None:
        self._work = work
        self._pid = 0
        self._read = -1
        try:
            read, write = os.pipe()
        except OSError:
            return
        try:
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            return
        if pid == 0:  # the copy: the work, its result down the pipe, and the end
            os.close(read)
            _run_and_exit(work, write)
        os.close(write)
        self._pid, self._read = pid, read

    def result(self) -> bytes:
        """The work's result, from the copy or, where it failed there, from here."""
        if not self._pid:
            return self._work()
        data = b""
        try:
            with os.fdopen(self._read, "rb") as pipe:
                data = pipe.read()
            _, status = os.waitpid(self._pid, 0)
            self._pid = 0
        finally:
            if self._pid:  # stopped while waiting: the copy is not left running
                os.kill(self._pid, signal.SIGKILL)
                os.waitpid(self._pid, 0)
                self._pid = 0
        if os.waitstatus_to_exitcode(status) == 0:
            return data
        return self._work()


def _run_and_exit(work: Callable[[], bytes], write: int) -> None:
    """In the copy: run ``work``, write its bytes to ``write`` and end at once, with
    status 1 if anything failed (the parent then works it out itself)."""
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl+C ends the copy, no traceback
        data = work()
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
        code = 0
    except BaseException:  # the copy never unwinds into the parent's code
        pass
    finally:
        os._exit(code)
