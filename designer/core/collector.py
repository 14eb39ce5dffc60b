"""Pausing Python's cycle collector for a pass over a whole large project.

A full check or a drawing set makes hundreds of thousands of short-lived tuples, lists and
strings and no reference cycles; each collection they trigger walks the young objects
again, and now and then every live object of the project, so at campus scale collecting
cost grew faster than the racks did. Reference counting still frees everything at once.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector for the block; it resumes when the block ends, unless it
    was paused already (by a pass still running on another thread)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
