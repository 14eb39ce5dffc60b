"""Pausing Python's cycle collector for a pass over a whole large project.

A full check or a drawing set makes hundreds of thousands of short-lived tuples, lists and
strings and no reference cycles; each collection they trigger walks the young objects
again, and now and then every live object of the project, so at campus scale collecting
cost grew faster than the racks did. Reference counting still frees everything at once.

The designer runs such passes on two threads at once (the live check and an export): the
collector is paused while any of them runs and resumes when the last one ends, as it was.
A program that collects by itself (the designer, on its GUI thread) turns automatic
collection off for good with ``keep_automatic_collection_off``: passes then leave it off.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
#: How many passes are running, and whether the collector ran before the first began.
_running = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector for the block; the last of several blocks running at once
    (on other threads) to end resumes it, unless it was paused before the first began."""
    global _running, _was_enabled
    with _lock:
        if _running == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0 and _was_enabled:
                gc.enable()


def keep_automatic_collection_off() -> None:
    """Turn automatic collection off for good: a pass running now or later leaves it off
    when it ends. The caller collects when it chooses (``gc.collect``)."""
    global _was_enabled
    with _lock:
        _was_enabled = False
        gc.disable()
