"""The cycle collector runs on the GUI thread only, between events.

Python collects cycles on whichever thread happens to allocate when a threshold is passed.
The designer's workers (the live check, what-if, exports, autosave) allocate the most, so
a collection would often run on one of them and free the wrappers of Qt objects there, or
run on the GUI thread in the middle of Qt delivering an event; either can crash the
process (two of twenty runs of the GUI tests died in the collector while a check ran).
pyqtgraph's ``GarbageCollector`` is the known remedy: automatic collection off, a timer on
the GUI thread collecting what is due. It is installed once the window is up, when the
charts import pyqtgraph anyway, so the first paint does not wait for that import; the first
check before it is a full one, which pauses the collector itself.
"""

from __future__ import annotations

from typing import Any

from designer.core.collector import keep_automatic_collection_off

#: How often the GUI thread looks whether a collection is due.
INTERVAL_S = 0.5

_collector: Any = None


def collect_on_gui_thread() -> None:
    """Collect cycles from a timer on the calling (GUI) thread from now on; once a process."""
    global _collector
    if _collector is not None:
        return
    from pyqtgraph.util.garbage_collector import GarbageCollector

    _collector = GarbageCollector(interval=INTERVAL_S)
    keep_automatic_collection_off()  # a check or export ending must not turn it back on
