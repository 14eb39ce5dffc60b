"""The cycle collector runs on the GUI thread only, between events.

Python collects cycles on whichever thread happens to allocate when a threshold is passed.
The designer's workers (the live check, what-if, exports, autosave) allocate the most, so
a collection would often run on one of them and free the wrappers of Qt objects there, or
run on the GUI thread in the middle of Qt delivering an event; either can crash the
process (two of twenty runs of the GUI tests died in the collector while a check ran).
The known remedy (pyqtgraph ships one, ``GarbageCollector``) is automatic collection off
and a timer on the GUI thread collecting the generations that are due. It is done here
with a ``QTimer`` rather than pyqtgraph's: that would import the whole plotting library,
which the designer loads only when a chart is first shown. It starts once the window has
painted, before the first check (a full one, which pauses the collector itself).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QTimer

from designer.core.collector import keep_automatic_collection_off

#: How often the GUI thread looks whether a collection is due, in ms.
INTERVAL_MS = 500

_timer: QTimer | None = None


def collect_on_gui_thread() -> None:
    """Collect cycles from a timer on the calling (GUI) thread from now on; once a process."""
    global _timer
    if _timer is not None:
        return
    _timer = QTimer(QCoreApplication.instance())
    _timer.timeout.connect(collect_due)
    _timer.start(INTERVAL_MS)
    keep_automatic_collection_off()  # a check or export ending must not turn it back on


def collect_due() -> None:
    """Collect as the automatic collector would have by now: when the youngest generation
    has passed its threshold, the oldest generation that has passed its own, with the
    younger ones."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    if counts[0] > thresholds[0] > 0:
        gc.collect(
            max(g for g, (n, limit) in enumerate(zip(counts, thresholds, strict=True)) if n > limit)
        )
